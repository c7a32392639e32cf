/**
 * Project security (issue 15, demo/host/api/project-access.ts): PFM data belongs to the project team.
 * Admin reaches every project; an RPM their region, the projects they are regional PM of and their
 * teams; anyone else their current memberships. A Viewer member reads but does not write. Every
 * expectation is computed from the seeded database (seed/teams.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { PROJECT_SECURITY_TEXT } from '../../src/core/projects/team';
import { withProjectCaller } from '../../demo/host/api/project-access';
import { loadCaller } from '../../demo/host/api/context';
import { loadParams, scopeWhere, type LoadInput } from '../../demo/host/api/scope';
import { checksum } from './api-client';
import { useTestHost } from './support/use-host';

const { host, api, one, employeeId: employeeOf } = useTestHost();

const HIDDEN = SEED_TEAM_FACTS.pmHiddenProjectIds as readonly number[];
const HIDDEN_PROJECT = HIDDEN[0]!;
const today = () => new Date().toISOString().slice(0, 10);
const ids = (rows: Array<{ projectId: number }>) => [...new Set(rows.map((r) => r.projectId))].sort((a, b) => a - b);
const budgetOf = (projectId: number) => one<{ budgetId: number }>('SELECT min(budgetId) AS budgetId FROM budgets WHERE projectId = ?', projectId).budgetId;
const projectIds = (sql: string, ...args: unknown[]) => (host.db.prepare(sql).all(...args) as Array<{ projectId: number }>).map((r) => r.projectId).sort((a, b) => a - b);
const memberProjects = (employeeId: number) => projectIds(
  'SELECT DISTINCT projectId FROM project_team_members WHERE employeeId = ? AND removedAt IS NULL AND (endDate IS NULL OR endDate >= ?)', employeeId, today());

describe('project security: who reaches which project', () => {
  it('admin lists every project; pm only his teams (no Gulf Coast project); rpm his region, his regional-PM projects and his teams', async () => {
    const every = projectIds('SELECT projectId FROM projects WHERE active = 1');
    assert.deepEqual(ids((await api.get('admin', '/api/pfm/getprojects')).body.data), every);

    const pm = ids((await api.get('pm', '/api/pfm/getprojects')).body.data);
    assert.deepEqual(pm, memberProjects(employeeOf('pm')).filter((id) => every.includes(id)));
    assert.ok(pm.length > 10, 'the pm keeps the projects of his walk-throughs');
    for (const hidden of HIDDEN) assert.ok(!pm.includes(hidden), `pm lists hidden project ${hidden}`);

    const rpmId = employeeOf('rpm');
    const rpmExpected = [...new Set([
      ...projectIds('SELECT projectId FROM projects WHERE regionId = (SELECT regionId FROM employees WHERE employeeId = ?) OR regionalProjectManagerEmployeeId = ?', rpmId, rpmId),
      ...memberProjects(rpmId),
    ])].filter((id) => every.includes(id)).sort((a, b) => a - b);
    const rpm = ids((await api.get('rpm', '/api/pfm/getprojects')).body.data);
    assert.deepEqual(rpm, rpmExpected);
    assert.ok(rpm.length < every.length, 'the rpm does not see every region');
    const outside = every.find((id) => !rpm.includes(id))!;
    assert.equal((await api.get('rpm', '/api/pfm/getsubcontracts', { recordKey: 'Project', recordId: outside })).status, 403);
    assert.equal((await api.get('rpm', '/api/pfm/getsubcontracts', { recordKey: 'Project', recordId: rpm[0]! })).status, 200);
  });

  it('a load naming a hidden project (Project, Budget, a record of it) answers 403 with the Request-access facts', async () => {
    const project = one<{ number: string; name: string }>('SELECT number, name FROM projects WHERE projectId = ?', HIDDEN_PROJECT);
    const refused = await api.get('pm', '/api/pfm/getcostcodes', { recordKey: 'Project', recordId: HIDDEN_PROJECT });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.projectAccess, 'notOnTeam');
    assert.equal(refused.body.projectId, HIDDEN_PROJECT);
    assert.equal(refused.body.projectNumber, project.number);
    assert.equal(refused.body.projectName, project.name);
    assert.equal(refused.body.message, PROJECT_SECURITY_TEXT.notOnTeam(project.number, project.name));
    assert.equal((await api.get('pm', '/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: budgetOf(HIDDEN_PROJECT) })).status, 403);
    const event = one<{ changeEventId: number }>('SELECT min(changeEventId) AS changeEventId FROM change_events WHERE projectId = ?', HIDDEN_PROJECT);
    assert.equal((await api.get('pm', '/api/pfm/getchangeeventitems', { recordKey: 'ChangeEvent', recordId: event.changeEventId })).status, 403);
    assert.equal((await api.get('pm', '/api/pfm/getdataqualityissues', { recordKey: 'Project', recordId: HIDDEN_PROJECT })).status, 403);
    // A change order's own load: its project is its commitment's (or owner agreement's).
    const ownLoads = [
      ['/api/pfm/getsubcontractchangeorders', 'SubcontractChangeOrder', 'SELECT min(co.subcontractChangeOrderId) AS id FROM subcontract_change_orders co JOIN subcontracts s USING (subcontractId) WHERE s.projectId = ?'],
      ['/api/pfm/getowneragreementchangeorders', 'OwnerAgreementChangeOrder', 'SELECT min(co.ownerAgreementChangeOrderId) AS id FROM owner_agreement_change_orders co JOIN owner_agreements oa USING (ownerAgreementId) WHERE oa.projectId = ?'],
      ['/api/pfm/getowneragreements', 'OwnerAgreement', 'SELECT min(ownerAgreementId) AS id FROM owner_agreements WHERE projectId = ?'],
    ] as const;
    for (const [path, recordKey, sql] of ownLoads) {
      const record = one<{ id: number | null }>(sql, HIDDEN_PROJECT);
      assert.ok(record.id, `the seed has a ${recordKey} on the hidden project`);
      assert.equal((await api.get('pm', path, { recordKey, recordId: record.id })).status, 403, recordKey);
      assert.equal((await api.get('admin', path, { recordKey, recordId: record.id })).status, 200, recordKey);
    }
    assert.equal((await api.get('pm', '/api/pfm/projects/GetProjectMenuByProjectId', { ProjectId: HIDDEN_PROJECT })).status, 403);
    assert.equal((await api.get('admin', '/api/pfm/getcostcodes', { recordKey: 'Project', recordId: HIDDEN_PROJECT })).status, 200);
  });

  it('single-object GETs of a hidden record answer 404 with the words of an unknown one; the token project lookup too', async () => {
    const budgetId = budgetOf(HIDDEN_PROJECT);
    const hidden = await api.get('pm', '/api/pfm/getBudget', { budgetId });
    assert.equal(hidden.status, 404);
    assert.equal(hidden.body.message, `No pfm-budget with budgetId ${budgetId}.`);
    const unknown = await api.get('pm', '/api/pfm/getBudget', { budgetId: 999999 });
    assert.equal(unknown.body.message, 'No pfm-budget with budgetId 999999.');
    const sub = one<{ subcontractId: number }>('SELECT min(subcontractId) AS subcontractId FROM subcontracts WHERE projectId = ?', HIDDEN_PROJECT);
    assert.equal((await api.get('pm', '/api/pfm/GetSubcontractById', { subcontractId: sub.subcontractId })).status, 404);
    assert.equal((await api.get('pm', '/costmanagement/costmanagement/GetSubcontract', { subcontractId: sub.subcontractId })).status, 404);
    assert.equal((await api.get('pm', '/api/pfm/projects/GetProjectByProjectId', { projectId: HIDDEN_PROJECT })).status, 404);
    assert.equal((await api.get('admin', '/api/pfm/GetSubcontractById', { subcontractId: sub.subcontractId })).status, 200);
    // The token lookup answers the whole project row (contract amount, team, budget): scoped like the others
    // (tests/api/authority-reads.test.ts); the Request access screen finds projects through its own call.
    const token = await api.get('pm', '/api/projects/GetProjectByProjectId', { projectId: HIDDEN_PROJECT });
    assert.equal(token.status, 404);
    assert.equal(token.body.message, `No project with projectId ${HIDDEN_PROJECT}.`);
  });

  it('lists, pins, file counts and search leave hidden projects out', async () => {
    const pmId = employeeOf('pm');
    for (const load of ['getsubcontracts', 'getbudgets', 'getchangeevents', 'getdirectcosts', 'getcostadjustments', 'getowneragreements']) {
      const rows = (await api.get('pm', `/api/pfm/${load}`)).body.data as Array<{ projectId: number }>;
      assert.ok(rows.length > 0, load);
      for (const row of rows) assert.ok(!HIDDEN.includes(row.projectId), `${load} shows project ${row.projectId}`);
    }
    const all = (await api.get('admin', '/api/pfm/getsubcontracts')).body.data as Array<{ projectId: number }>;
    assert.ok(all.some((row) => HIDDEN.includes(row.projectId)), 'admin sees the Gulf Coast subcontracts');

    // A pin kept from before (the pm was on the team then) is not listed, and a hidden project cannot be pinned.
    host.db.prepare("INSERT OR IGNORE INTO project_pins (employeeId, projectId, pinnedAt) VALUES (?, ?, '2026-01-01T00:00:00.000Z')").run(pmId, HIDDEN_PROJECT);
    const pins = (await api.get('pm', '/api/pfm/projects/GetProjectPins')).body.data as Array<{ projectId: number }>;
    assert.ok(!pins.some((p) => p.projectId === HIDDEN_PROJECT));
    host.db.prepare('DELETE FROM project_pins WHERE employeeId = ? AND projectId = ?').run(pmId, HIDDEN_PROJECT);
    assert.equal((await api.post('pm', '/api/pfm/projects/PinProject', { ProjectId: HIDDEN_PROJECT })).status, 403);

    const counts = (await api.get('pm', '/api/pfm/getapplicationrecordfilecounts')).body.data as Array<{ applicationRecordKey: string; recordId: number }>;
    for (const c of counts) if (c.applicationRecordKey === 'Project') assert.ok(!HIDDEN.includes(c.recordId));

    const project = one<{ number: string }>('SELECT number FROM projects WHERE projectId = ?', HIDDEN_PROJECT);
    const search = async (login: string) => {
      const response = await fetch(`${host.url}/search/query?q=${encodeURIComponent(project.number)}`, {
        headers: { authorization: `Bearer ${await host.tokenFor(login, 'search')}` },
      });
      assert.equal(response.status, 200);
      return ((await response.json()) as { data: { results: Array<{ projectId: number | null }> } }).data.results;
    };
    assert.ok((await search('admin')).some((r) => r.projectId === HIDDEN_PROJECT));
    // The AI service's suggestions read the same scope machinery.
    const ai = async (login: string) => (await fetch(`${host.url}/ai/pfm/getchatbotcostprojections?recordKey=Project&recordId=${HIDDEN_PROJECT}`, {
      headers: { authorization: `Bearer ${await host.tokenFor(login, 'ai')}` },
    })).status;
    assert.equal(await ai('pm'), 403);
    assert.equal(await ai('admin'), 200);
    assert.deepEqual((await search('pm')).filter((r) => r.projectId !== null && HIDDEN.includes(r.projectId)), []);
  });

  it('risk calls: a risk role keeps every project, a caller there by PFM access or a Default role only is scoped', async () => {
    assert.equal((await api.get('risk', '/api/risk/getBuyoutSras', { projectId: HIDDEN_PROJECT })).status, 200);
    // The demo pm is a keyRISK / keySLIM Default user too: Default is no risk role, so he is scoped…
    assert.equal((await api.get('pm', '/api/risk/getBuyoutSras', { projectId: HIDDEN_PROJECT })).status, 403);
    // … until those roles go (roles are read on every request): then PFM access alone is scoped.
    const pmId = employeeOf('pm');
    const riskRoles = host.db.prepare("SELECT * FROM employee_roles WHERE employeeId = ? AND applicationKey IN ('keyRISK', 'keySLIM')").all(pmId) as Array<Record<string, unknown>>;
    assert.ok(riskRoles.length > 0);
    host.db.prepare("DELETE FROM employee_roles WHERE employeeId = ? AND applicationKey IN ('keyRISK', 'keySLIM')").run(pmId);
    try {
      const refused = await api.get('pm', '/api/risk/getBuyoutSras', { projectId: HIDDEN_PROJECT });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.projectAccess, 'notOnTeam');
      const sub = one<{ subcontractId: number }>('SELECT min(subcontractId) AS subcontractId FROM subcontracts WHERE projectId = ?', HIDDEN_PROJECT);
      assert.equal((await api.get('pm', '/api/risk/getSraStatus', { recordKey: 'Subcontract', recordId: sub.subcontractId })).status, 403);
    } finally {
      for (const role of riskRoles) {
        const columns = Object.keys(role);
        host.db.prepare(`INSERT INTO employee_roles (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...columns.map((c) => role[c]));
      }
    }
  });
});

describe('project security: memberships count on the next request', () => {
  it('a Viewer member reads but cannot write (403 readOnly); an ended and a removed membership stop access', async () => {
    const pmId = employeeOf('pm');
    const budgetId = budgetOf(HIDDEN_PROJECT);
    const written = ['projections', 'cost_codes', 'project_team_members'];
    const insert = host.db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, source, addedAt, modifiedAt)
      VALUES (?, ?, 'Viewer', 'manual', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run(HIDDEN_PROJECT, pmId);
    const memberId = Number(insert.lastInsertRowid);
    try {
      assert.equal((await api.get('pm', '/api/pfm/getcostcodes', { recordKey: 'Project', recordId: HIDDEN_PROJECT })).status, 200);
      assert.equal((await api.get('pm', '/api/pfm/getBudget', { budgetId })).status, 200);
      const before = checksum(host, written);
      const refused = await api.post('pm', '/api/pfm/AddCostCode', { BudgetId: budgetId, Code: '99-999', Description: 'Viewer try', CostType: 'L', OriginalBudget: 1 });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.projectAccess, 'readOnly');
      assert.match(refused.body.message, /Viewer/);
      assert.equal(checksum(host, written), before);
      // Files: a Viewer lists them but does not delete one.
      const fileId = Number(host.db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedAt, modifiedAt)
        VALUES ('Project', ?, 'viewer.txt', 'text/plain', 1, x'41', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run(HIDDEN_PROJECT).lastInsertRowid);
      assert.equal((await api.get('pm', '/api/pfm/files', { recordKey: 'Project', recordId: HIDDEN_PROJECT })).status, 200);
      const keep = await api.post('pm', '/api/pfm/files', { FileId: fileId }, 'multipart', 'DELETE');
      assert.equal(keep.status, 403);
      assert.equal(keep.body.projectAccess, 'readOnly');
      assert.ok(host.db.prepare('SELECT 1 FROM files WHERE fileId = ?').get(fileId));

      host.db.prepare("UPDATE project_team_members SET endDate = '2020-01-01' WHERE projectTeamMemberId = ?").run(memberId);
      const ended = await api.get('pm', '/api/pfm/getcostcodes', { recordKey: 'Project', recordId: HIDDEN_PROJECT });
      assert.equal(ended.status, 403);
      assert.equal(ended.body.projectAccess, 'notOnTeam');

      host.db.prepare('UPDATE project_team_members SET endDate = NULL WHERE projectTeamMemberId = ?').run(memberId);
      assert.equal((await api.get('pm', '/api/pfm/getcostcodes', { recordKey: 'Project', recordId: HIDDEN_PROJECT })).status, 200);
      host.db.prepare("UPDATE project_team_members SET removedAt = '2026-01-02T00:00:00.000Z', removedReason = 'test' WHERE projectTeamMemberId = ?").run(memberId);
      assert.equal((await api.get('pm', '/api/pfm/getcostcodes', { recordKey: 'Project', recordId: HIDDEN_PROJECT })).status, 403);
      assert.equal((await api.get('pm', '/api/pfm/getBudget', { budgetId })).status, 404);
    } finally {
      host.db.prepare('DELETE FROM project_team_members WHERE projectTeamMemberId = ?').run(memberId);
    }
  });
});

describe('project security: the loads stay on their indexes', () => {
  it('a Budget load of a reachable project adds no filter (cct_budget); an unscoped pm load filters by an IN list on cct_project', () => {
    const plan = (login: string, query: LoadInput) => withProjectCaller(host.db, loadCaller(host.db, login)!, () => {
      const params = loadParams(host.db, query, ['Project', 'Budget', 'LegalEntity', 'CostCode']);
      const { where, args } = scopeWhere(params, { project: 't.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } });
      const sql = `SELECT t.* FROM cost_code_transactions t ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY t.costCodeTransactionId`;
      return { where, plan: (host.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>).map((r) => r.detail).join(' | ') };
    });
    const budget = plan('pm', { recordKey: 'Budget', recordId: 1 });
    assert.deepEqual(budget.where, ['t.budgetId = ?']);
    assert.match(budget.plan, /USING INDEX cct_budget/);
    const all = plan('pm', {});
    assert.match(all.where[0]!, /^t\.projectId IN \(/);
    assert.match(all.plan, /USING INDEX cct_project/);
    assert.deepEqual(plan('admin', {}).where, []);
  });
});
