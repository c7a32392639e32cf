/**
 * Project security, the data foundations (issue 15, migrations 014 and 015, seed/teams.ts): an older
 * database upgrades with its data kept and every project stays open to its project manager; the
 * AccessRequest and ItBillingRun states are those of a fresh database; the tables refuse what they
 * must; the seeded teams have the facts the security tests rely on.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openDatabase } from '../../demo/host/db/index';
import { RECORD_STATES } from '../../demo/host/db/states';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { databaseBefore } from './support/migrations';
import { membershipCurrent } from '../../src/core/projects/team';
import type { Row } from './support/use-host';
import { useSeededDatabase } from './support/use-seeded-database';

const { dir, db, all } = useSeededDatabase('bizapps-teams-data-');

describe('migrations 014 and 015', () => {
  it('upgrade a version-13 database with its data kept: each project manager becomes a Project Manager member', () => {
    const file = path.join(dir, 'old.sqlite');
    const old = databaseBefore(file, 14);
    old.exec(`INSERT INTO legal_entities VALUES (2, 'SBT', 'Summit Texas', 'Summit Texas', '2026-01-01');
      INSERT INTO applications (applicationId, applicationKey, name, displayText, modifiedAt) VALUES (1, 'keyProjectSecurity', 'Project Security', 'PS', 't'), (2, 'keyIT', 'IT', 'IT', 't');
      INSERT INTO employees (employeeId, login, employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, displayText, modifiedAt)
        VALUES (4, NULL, 'E4', 'Ann', 'Lee', 'Ann Lee', 'AL', 'Project Manager', 'ann@x', 'Ann Lee', 't');
      INSERT INTO projects (projectId, legalEntityId, number, name, classification, projectDescription, city, state, displayText, modifiedAt, projectManagerEmployeeId)
        VALUES (5, 2, '25-0005', 'Old Project', 'GC', 'd', 'Houston', 'TX', 'Old Project', 't', 4),
               (6, 2, '25-0006', 'No PM', 'GC', 'd', 'Houston', 'TX', 'No PM', 't', NULL);`);
    old.close();
    const up = openDatabase({ file });
    try {
      const versions = (up.prepare('SELECT version FROM schema_migrations').all() as Row[]).map((m) => m.version);
      assert.ok(versions.includes(14) && versions.includes(15));
      assert.deepEqual(up.prepare('SELECT projectId, name FROM projects ORDER BY projectId').all(), [{ projectId: 5, name: 'Old Project' }, { projectId: 6, name: 'No PM' }]);
      assert.deepEqual(up.prepare('SELECT projectId, employeeId, projectRole, source, endDate, removedAt FROM project_team_members').all(),
        [{ projectId: 5, employeeId: 4, projectRole: 'Project Manager', source: 'upgrade', endDate: null, removedAt: null }]);
      for (const key of ['AccessRequest', 'ItBillingRun']) {
        assert.deepEqual((up.prepare('SELECT name, closed FROM application_record_states WHERE applicationRecordKey = ? ORDER BY displayOrder').all(key) as Row[])
          .map((r) => [r.name, r.closed === 1]), RECORD_STATES[key]!.map(([name, closed]) => [name, closed]), key);
      }
    } finally {
      up.close();
    }
  });

  it('the tables refuse what they must', () => {
    const bad = (sql: string) => assert.throws(() => db().prepare(sql).run(), /CHECK|constraint/i, sql);
    bad("INSERT INTO project_team_members (projectId, employeeId, projectRole, source, addedAt, modifiedAt) VALUES (1, 20, 'Owner', 'manual', 't', 't')");
    bad("INSERT INTO project_team_members (projectId, employeeId, projectRole, endDate, source, addedAt, modifiedAt) VALUES (1, 20, 'Viewer', '2026-02-30x', 'manual', 't', 't')");
    bad("INSERT INTO project_team_members (projectId, employeeId, projectRole, source, addedAt, modifiedAt) VALUES (1, 20, 'Viewer', 'magic', 't', 't')");
    // One current membership per project and employee (the pm is on project 1 already).
    bad("INSERT INTO project_team_members (projectId, employeeId, projectRole, source, addedAt, modifiedAt) VALUES (1, 2, 'Viewer', 'manual', 't', 't')");
    const state = (all("SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = 'AccessRequest' AND name = 'Pending'")[0]!).id;
    bad(`INSERT INTO access_requests (number, projectId, requesterEmployeeId, projectRole, justification, applicationRecordStateId, requestedAt, expiresOn, modifiedAt)
      VALUES ('AR-1', 6, 2, 'Viewer', '   ', ${state}, 't', '2026-12-01', 't')`);
    bad(`INSERT INTO access_requests (number, projectId, requesterEmployeeId, projectRole, justification, applicationRecordStateId, requestedAt, expiresOn, modifiedAt)
      VALUES ('AR-2', 6, 2, 'Viewer', 'why', ${state}, 't', '2026-12-1', 't')`);
  });
});

describe('the seeded teams', () => {
  it('every project has its project manager as Project Manager and at least three more members', () => {
    for (const project of all('SELECT projectId, projectManagerEmployeeId FROM projects')) {
      const team = all('SELECT employeeId, projectRole FROM project_team_members WHERE projectId = ? AND removedAt IS NULL', project.projectId);
      assert.ok(team.some((m) => m.employeeId === project.projectManagerEmployeeId && m.projectRole === 'Project Manager'), `project ${project.projectId}`);
      assert.ok(team.length >= 4, `project ${project.projectId} has ${team.length}`);
    }
  });

  it('the pm is on no Gulf Coast team and on every other project; some memberships have ended', () => {
    const gulf = all('SELECT projectId FROM projects WHERE regionId = ? ORDER BY projectId', SEED_TEAM_FACTS.pmHiddenRegionId).map((p) => p.projectId);
    assert.deepEqual(gulf, [...SEED_TEAM_FACTS.pmHiddenProjectIds]);
    const pmProjects = new Set(all('SELECT projectId FROM project_team_members WHERE employeeId = 2 AND removedAt IS NULL').map((m) => m.projectId));
    for (const id of gulf) assert.ok(!pmProjects.has(id), `pm on ${id}`);
    for (const p of all('SELECT projectId FROM projects WHERE regionId != ?', SEED_TEAM_FACTS.pmHiddenRegionId)) assert.ok(pmProjects.has(p.projectId), `pm off ${p.projectId}`);
    const ended = all('SELECT endDate, removedAt FROM project_team_members WHERE endDate IS NOT NULL');
    assert.ok(ended.some((m) => !membershipCurrent(m as { endDate: string; removedAt: null }, '2026-11-01')), 'an ended membership');
    assert.ok(ended.some((m) => membershipCurrent(m as { endDate: string; removedAt: null }, '2026-11-01')), 'a membership with an end date ahead');
  });
});
