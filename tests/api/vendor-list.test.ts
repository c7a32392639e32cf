/** The vendor lookup's whole-list call (the client loads it once for a screen's many vendor lookups). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LOOKUP_TYPES } from '../../src/core/lookups/types';
import { useTestHost } from './support/use-host';

const { host, api } = useTestHost();

describe('GET /api/pfm/vendors/getVendors', () => {
  it('is the vendor type\u2019s list call and answers every vendor, inactive ones too, each as getVendor answers it', async () => {
    assert.equal(LOOKUP_TYPES.vendor.list, '/api/pfm/vendors/getVendors');
    const answer = await api.get('pm', '/api/pfm/vendors/getVendors');
    assert.equal(answer.status, 200);
    const list = answer.body.data as Array<{ vendorId: number; displayText: string; active: unknown }>;
    const count = (host.db.prepare('SELECT COUNT(*) AS n FROM vendors').get() as { n: number }).n;
    assert.equal(list.length, count);
    assert.ok(count > 30, 'the seed has the vendors a commitments screen shows');
    assert.ok(list.every((v) => typeof v.displayText === 'string' && v.displayText !== ''));
    const single = await api.get('pm', '/api/pfm/vendors/getVendor', { vendorId: list[3]!.vendorId });
    assert.deepEqual(single.body.data, list[3]);
  });

  it('needs PFM access (403 for employee and viewer, 401 without a token)', async () => {
    for (const login of ['employee', 'viewer']) assert.equal((await api.get(login, '/api/pfm/vendors/getVendors')).status, 403, login);
    assert.equal((await api.get(null, '/api/pfm/vendors/getVendors')).status, 401);
  });
});
