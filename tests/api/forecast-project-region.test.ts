/**
 * The forecast periods screen closes a region's periods with the project's region (`RegionId`), read from the
 * project as the lookup and getprojects answer it: both carry `regionId`, the project's own.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

describe('a project answers its region', () => {
  it('GetProjectByProjectId and getprojects give regionId, as the database holds it', async () => {
    const regionId = host.db.prepare('SELECT regionId FROM projects WHERE projectId = 1').pluck().get() as number | null;
    assert.equal(typeof regionId, 'number');
    const one = await api.get('pm', '/api/pfm/projects/GetProjectByProjectId', { projectId: 1 });
    assert.equal(one.status, 200, JSON.stringify(one.body).slice(0, 200));
    assert.equal(one.body.data.regionId, regionId);
    const list = await api.get('pm', '/api/pfm/getprojects', { recordKey: 'Project', recordId: 1 });
    assert.equal(list.status, 200);
    assert.equal(list.body.data.find((p: { projectId: number }) => p.projectId === 1)?.regionId, regionId);
  });
});
