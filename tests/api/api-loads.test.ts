/** §7 data loads (recordKey, recordId, lastLoad, open, type), summaries and the lookups convention. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LOOKUP_TYPES } from '../../src/core/lookups/types';
import { PFM_LOADS } from '../../demo/host/api/routes';
import { API_ROUTES } from '../../demo/host/api/route-table';
import { stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api } = useTestHost();

const rows = async (path: string, query: Record<string, string | number> = {}, login = 'pm'): Promise<Row[]> => {
  const answer = await api.get(login, path, query);
  assert.equal(answer.status, 200, `${path} ${JSON.stringify(query)}: ${JSON.stringify(answer.body).slice(0, 200)}`);
  assert.ok(Array.isArray(answer.body.data), path);
  return answer.body.data;
};

describe('data loads', () => {
  it('every load of §7 answers { data: [...] } scoped to the pm project', async () => {
    for (const name of PFM_LOADS) {
      const data = await rows(`/api/pfm/${name}`, { recordKey: 'Project', recordId: 1 });
      for (const row of data) if ('projectId' in row) assert.equal(row.projectId, 1, name);
    }
  });

  it('getprojects: 40 projects (admin: every project; a pm only his teams, tests/api/project-security.test.ts), open by default, closed ones with open=false; CM ones flagged', async () => {
    const open = await rows('/api/pfm/getprojects', {}, 'admin');
    const closed = await rows('/api/pfm/getprojects', { open: 'false' }, 'admin');
    assert.equal(open.length + closed.length, 40);
    assert.deepEqual(closed.map((p) => p.projectId).sort((a, b) => a - b), [7, 20, 32]);
    assert.ok(closed.every((p) => p.active === false));
    assert.deepEqual(open.concat(closed).filter((p) => p.classification === 'CM').map((p) => p.projectId).sort((a, b) => a - b), [4, 12, 19, 27, 34, 38]);
    const riverside = open.find((p) => p.projectId === 1)!;
    assert.equal(riverside.number, '24-1032');
    assert.equal(riverside.name, 'Riverside Medical Office Building');
    assert.equal(typeof riverside.displayText, 'string');
  });

  it('open/closed split by record state: change events of project 1', async () => {
    const open = await rows('/api/pfm/getchangeevents', { recordKey: 'Project', recordId: 1 });
    const closed = await rows('/api/pfm/getchangeevents', { recordKey: 'Project', recordId: 1, open: 'false' });
    assert.equal(open.length + closed.length, 12);
    assert.ok(open.every((ce) => ce.closed === false));
    assert.ok(closed.every((ce) => ce.closed === true));
    assert.deepEqual([...new Set(closed.map((ce) => ce.recordStateName))].sort(), ['Canceled', 'Complete', 'No Change', 'Rejected']);
  });

  it('change event items of one change event, nested ones carry parentChangeEventItemId; every item state is seeded', async () => {
    const ce1 = await rows('/api/pfm/getchangeeventitems', { recordKey: 'ChangeEvent', recordId: 1 });
    assert.equal(ce1.length, 3);
    assert.equal(ce1.filter((i) => i.parentChangeEventItemId !== null).length, 1);
    const all = (await rows('/api/pfm/getchangeeventitems', { recordKey: 'Project', recordId: 1 }))
      .concat(await rows('/api/pfm/getchangeeventitems', { recordKey: 'Project', recordId: 1, open: 'false' }));
    assert.deepEqual([...new Set(all.map((i) => i.recordStateName))].sort(), [
      'Approved', 'Canceled', 'Committed', 'Open', 'Pending Approval', 'Pending Commitment', 'Proposal Received', 'Rejected', 'Route for Proposal', 'Void',
    ]);
  });

  it('commitments carry items; a Budget scope of a roll-up budget includes its children', async () => {
    const subcontracts = await rows('/api/pfm/getsubcontracts', { recordKey: 'Budget', recordId: 1 });
    assert.ok(subcontracts.length > 5);
    assert.ok(subcontracts.every((s) => Array.isArray(s.items) && s.budgetId === 1));
    // All carry items but the data-quality seed's deliberate 'commitment without items' (seed/data-quality.ts).
    assert.deepEqual(subcontracts.filter((s) => s.items.length === 0).map((s) => s.number), ['SC-24-1032-028']);
    const rollUp = (host.db.prepare('SELECT budgetId FROM budgets WHERE projectId = 5 AND rollUpBudgetId IS NULL').get() as { budgetId: number }).budgetId;
    const children = await rows('/api/pfm/getcostcodes', { recordKey: 'Budget', recordId: rollUp });
    assert.ok(children.length > 0);
    assert.ok(children.every((c) => c.budgetId !== rollUp));
  });

  it('lastLoad returns only what changed since (ISO or epoch ms)', async () => {
    const mark = new Date().toISOString();
    assert.deepEqual(await rows('/api/pfm/getchangeevents', { recordKey: 'Project', recordId: 1, lastLoad: mark }), []);
    assert.deepEqual(await rows('/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: 1, lastLoad: Date.now() }), []);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const moved = await api.post('pm', '/api/pfm/UpdateChangeEventState', {
      ItemId: 2, OldRecordStateId: stateId(host, 'ChangeEvent', 'Pending'), RouteStateId: stateId(host, 'ChangeEvent', 'Canceled'),
    });
    assert.equal(moved.status, 200);
    const changed = await rows('/api/pfm/getchangeevents', { recordKey: 'Project', recordId: 1, lastLoad: mark });
    assert.deepEqual(changed.map((ce) => ce.changeEventId), [2]);
    assert.equal(changed[0]!.closed, true, 'a changed row comes whatever its state, with closed');
    const items = await rows('/api/pfm/getchangeeventitems', { recordKey: 'Project', recordId: 1, lastLoad: Date.parse(mark) });
    assert.deepEqual(items.map((i) => i.changeEventId).filter((v, i, a) => a.indexOf(v) === i), [2]);
    const lines = await rows('/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: 1, lastLoad: mark });
    assert.ok(lines.length >= 1 && lines.length < 20, 'only the lines of the moved items');
    assert.deepEqual(await rows('/api/pfm/getprojects', { lastLoad: mark }), []);
  });

  it('the summary gives every projection-grid figure per line, and they add up', async () => {
    const lines = await rows('/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: 1 });
    const count = (host.db.prepare('SELECT count(*) AS n FROM cost_codes WHERE budgetId = 1').get() as { n: number }).n;
    assert.equal(lines.length, count);
    for (const line of lines) {
      for (const field of ['costCodeId', 'code', 'codeDisplay', 'description', 'type', 'originalBudget', 'approvedChanges', 'currentBudget', 'committed',
        'actualToDate', 'remainingCommitment', 'projectedCostToComplete', 'projectedFinalCost', 'priorMonthProjection', 'overUnder']) {
        assert.ok(field in line, field);
      }
      assert.match(line.codeDisplay, /^\d{2}-\d{4}-\d{2}$/);
      assert.ok(Math.abs(line.currentBudget - (line.originalBudget + line.approvedChanges)) < 0.01);
      assert.ok(Math.abs(line.projectedFinalCost - (line.actualToDate + line.projectedCostToComplete)) < 0.01);
      assert.ok(line.projectedCostToComplete >= 0);
    }
    // Actual cost only: a posted cost adjustment's transactions are budget transfers (migration 030).
    const actual = (host.db.prepare("SELECT sum(amount) AS s FROM cost_code_transactions WHERE budgetId = 1 AND kind = 'actual'").get() as { s: number }).s;
    const summed = lines.reduce((s, l) => s + l.actualToDate, 0);
    assert.ok(Math.abs(actual - summed) < 1);
    const [budget] = await rows('/api/pfm/getcostcodetransactionsummarybudget', { recordKey: 'Budget', recordId: 1 });
    assert.ok(Math.abs(budget!.actualToDate - actual) < 1);
    assert.equal(budget!.lineCount, count);
    const [project] = await rows('/api/pfm/getcostcodetransactionsummaryproject', { recordKey: 'Project', recordId: 1 });
    assert.ok(Math.abs(project!.currentBudget - budget!.currentBudget) < 1);
  });

  it('type=unit adds units; type=hour keeps labor lines and adds hours', async () => {
    const units = await rows('/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: 1, type: 'unit' });
    assert.ok(units.every((l) => 'budgetUnits' in l && 'actualUnits' in l && 'projectedUnits' in l));
    const hours = await rows('/api/pfm/getcostcodetransactionsummary', { recordKey: 'Budget', recordId: 1, type: 'hour' });
    assert.ok(hours.length > 0 && hours.length < units.length);
    assert.ok(hours.every((l) => l.type === 'L' && 'budgetHours' in l && 'actualHours' in l && 'projectedHours' in l));
    const budgetHours = await rows('/api/pfm/getcostcodetransactionsummarybudget', { recordKey: 'Budget', recordId: 1, type: 'hour' });
    assert.ok(budgetHours[0]!.budgetHours > 0);
  });

  it('transactions of one cost code, their count and their record references agree', async () => {
    const line = host.db.prepare("SELECT costCodeId FROM cost_codes WHERE budgetId = 1 AND type = 'S' LIMIT 1").get() as { costCodeId: number };
    const transactions = await rows('/api/pfm/getcostcodetransaction', { recordKey: 'CostCode', recordId: line.costCodeId });
    const [count] = await rows('/api/pfm/getcostcodetransactioncount', { recordKey: 'CostCode', recordId: line.costCodeId });
    assert.equal(count!.transactionCount, transactions.length);
    const refs = await rows('/api/pfm/getcostcodetransactionrecordreference', { recordKey: 'CostCode', recordId: line.costCodeId });
    assert.ok(refs.every((r) => typeof r.displayText === 'string' && r.sourceRecordKey));
  });

  it('18 months of transactions before the seed date', async () => {
    const span = host.db.prepare('SELECT min(transactionDate) AS a, max(transactionDate) AS b FROM cost_code_transactions').get() as { a: string; b: string };
    assert.equal(span.a.slice(0, 7), '2025-05');
    assert.equal(span.b.slice(0, 7), '2026-10');
  });
});

describe('lookups convention', () => {
  const ids: Record<string, string | number> = {
    employee: 2, employeeRole: 1, project: 1, 'pfm-project': 1, 'pfm-budget': 1, 'pfm-owner-agreement': 1, 'pfm-owner-agreement-change-order': 1,
    vendor: 1, subcontract: 1, 'pfm-subcontract': 1, 'pfm-purchase-agreement': 1, 'pfm-subcontract-change-order': 1,
    'pfm-purchase-agreement-change-order': 1, 'pfm-purchase-order': 1, application: 'keyPFM', legalEntity: 1, applicationRecord: 1,
    applicationRecordState: 1, changeRecordType: 1, initiatingDocumentType: 1, changeReason: 1, reimbursableType: 5, costAdjustmentReason: 1,
    directCostType: 1, subcontractType: 1, fieldSecurity: 13, costCode: 1,
  };

  it('single-object calls take the id field and answer { data: object } with the id and displayText', async () => {
    for (const [type, config] of Object.entries(LOOKUP_TYPES)) {
      const id = ids[type]!;
      const answer = await api.get('admin', config.single, { [config.idField]: id });
      assert.equal(answer.status, 200, `${type}: ${JSON.stringify(answer.body)}`);
      const data = answer.body.data;
      assert.ok(data && !Array.isArray(data), type);
      assert.equal(typeof data.displayText, 'string', type);
      assert.ok(data.displayText.length > 0, type);
      const keyField = 'keyField' in config ? config.keyField : config.idField;
      assert.equal(data[keyField], id, type);
    }
  });

  it('whole-list calls take no parameters and answer { data: [...] } with displayText on every object', async () => {
    for (const [type, config] of Object.entries(LOOKUP_TYPES)) {
      if (!config.list) continue;
      // Any signed-in employee may read the reference lists, except those of PFM data (vendors): pm.
      const pfmOnly = API_ROUTES.find((route) => route.path === config.list)?.access === 'pfm';
      const data = await rows(config.list, {}, pfmOnly ? 'pm' : 'employee');
      assert.ok(data.length > 0, type);
      assert.ok(data.every((o) => typeof o.displayText === 'string'), type);
    }
  });

  it('an unknown id is 404, a malformed id 400', async () => {
    assert.equal((await api.get('pm', '/api/pfm/GetChangeReason', { changeReasonId: 999 })).status, 404);
    assert.equal((await api.get('pm', '/api/pfm/GetChangeReason', { changeReasonId: 'x' })).status, 400);
    assert.equal((await api.get('pm', '/api/pfm/GetChangeReason')).status, 400);
    assert.equal((await api.get('pm', '/api/applications/data/ajaxGetApplicationData', { applicationKey: '<script>' })).status, 400);
  });

  it('cost types A and F exist hidden (F disabled); a record state lists its advancements', async () => {
    const types = host.db.prepare('SELECT costType, hidden, disabled FROM cost_types ORDER BY displayOrder').all();
    assert.deepEqual(types.map((t: any) => t.costType).join(''), 'LMWESRAF'); // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.deepEqual(host.db.prepare("SELECT hidden, disabled FROM cost_types WHERE costType = 'F'").get(), { hidden: 1, disabled: 1 });
    const state = await api.get('pm', '/api/applications/GetApplicationRecordState', { applicationRecordStateId: stateId(host, 'ChangeEvent', 'Pending') });
    const targets = state.body.data.advancements.map((a: Row) => a.targetApplicationRecordState.name);
    assert.deepEqual(targets, ['Approved', 'Open', 'Rejected', 'No Change', 'Canceled']);
    assert.equal(state.body.data.advancements[0].quickRoute, true);
  });

  it('field security: per state, per role and per user', async () => {
    const approved = stateId(host, 'ChangeEventItem', 'Approved');
    const asPm = (await api.get('pm', '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId', { applicationRecordStateId: approved })).body.data;
    const asRpm = (await api.get('rpm', '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId', { applicationRecordStateId: approved })).body.data;
    assert.equal(asPm.lookupApplicationRecordStateId, approved);
    const field = (data: Row, name: string) => data.fields.find((f: Row) => f.fieldName === name);
    assert.equal(field(asPm, 'approvedAmount').editable, false);
    assert.equal(field(asRpm, 'approvedAmount').editable, true, 'the RPM role may');
    const pendingApproval = stateId(host, 'ChangeEventItem', 'Pending Approval');
    const rpmOwn = (await api.get('rpm', '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId', { applicationRecordStateId: pendingApproval })).body.data;
    assert.equal(field(rpmOwn, 'approvedAmount').editable, true, 'a per-user row');
    const open = (await api.get('pm', '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId', { applicationRecordStateId: stateId(host, 'ChangeEventItem', 'Open') })).body.data;
    assert.equal(field(open, 'proposedAmount').visible, false);
    const all = await rows('/api/applications/GetUserRecordFieldPermissionAll');
    assert.ok(all.some((s) => s.lookupApplicationRecordStateId === approved));
  });
});

describe('session calls', () => {
  it('the bell: workflows with same-origin links, pending budgets, PTO for rpm, timecards for pm and employee', async () => {
    const pm = (await api.get('pm', '/api/common/GetOpenItemsByEmployee', { employeeId: 2 })).body.data;
    assert.ok(pm.openWorkflows.length >= 3);
    assert.ok(pm.openWorkflows.every((w: Row) => w.directLink.startsWith('/') && !w.directLink.startsWith('//')));
    assert.ok(pm.budgetsPendingProjections.some((b: Row) => b.budgetId === 1 && b.jobNumber === '24-1032'));
    // Issue 13: computed from weekly_timecards: the oldest owed week, overdue on any later date. pm is three weeks behind
    // in the seed: the oldest is not started (no card, 0 h).
    assert.equal(pm.timecardNeedsSubmission.flag, true);
    assert.deepEqual([pm.timecardNeedsSubmission.weekStart, pm.timecardNeedsSubmission.enteredHours, pm.timecardNeedsSubmission.expectedHours], ['2026-10-11', 0, 40]);
    const employee = (await api.get('employee', '/api/common/GetOpenItemsByEmployee')).body.data;
    assert.equal(employee.timecardNeedsSubmission.flag, true);
    assert.equal(employee.timecardNeedsSubmission.enteredHours, 24);
    assert.equal(employee.timecardNeedsSubmission.weekEnding, '2026-10-31');
    const rpm = (await api.get('rpm', '/api/common/GetOpenItemsByEmployee')).body.data;
    assert.ok(rpm.pendingPtoRequests.length >= 3);
    assert.equal((await api.get('viewer', '/api/common/GetOpenItemsByEmployee')).body.data.timecardNeedsSubmission.flag, false, 'no timecards kept');
  });

  it('roles, current user, procore domain, RFIs, menus', async () => {
    const roles = (await api.get('rpm', '/api/applications/getApplicationRoleAccess')).body.data;
    assert.deepEqual(roles.find((r: Row) => r.applicationKey === 'keyPTO'), { applicationKey: 'keyPTO', name: 'Manager' });
    const me = (await api.get('admin', '/api/employees/GetCurrentUser')).body.data;
    assert.deepEqual(Object.keys(me).sort(), ['active', 'betaUser', 'email', 'employeeId', 'employeeKey', 'initials', 'jobTitle', 'preferredName']);
    assert.equal(me.betaUser, true);
    assert.equal((await api.get('pm', '/api/procore/getprocoredomain')).body.data.stringValue, 'https://app.procore.com');
    const official = await rows('/api/procorelocal/getrequestforinformations', { isOfficial: 'true', ProjectId: 1 });
    assert.ok(official.length > 0 && official.every((r) => r.isOfficial === true && r.projectId === 1));
    // isOfficial=false does not filter: official and unofficial RFIs of the project, in number order.
    const all = await rows('/api/procorelocal/getrequestforinformations', { isOfficial: 'false', ProjectId: 1 });
    const stored = host.db.prepare('SELECT rfiId FROM rfis WHERE projectId = 1 ORDER BY number').all() as Row[];
    assert.deepEqual(all.map((r) => r.rfiId), stored.map((r) => r.rfiId));
    assert.ok(all.some((r) => r.isOfficial === false) && all.some((r) => r.isOfficial === true));
    const menu = (await api.get('pm', '/api/pfm/budgets/GetProjectMenu', { BudgetId: 1 })).body.data;
    assert.equal(menu.projectId, 1);
    assert.equal(menu.budgetId, 1);
    assert.ok(menu.budgets.length >= 1 && typeof menu.procoreProjectId === 'number');
    const cm = (await api.get('pm', '/api/pfm/projects/GetProjectMenuByProjectId', { ProjectId: 4 })).body.data;
    assert.equal(cm.isCM, true);
  });

  it('change tracking: refresh, list, remove (acknowledge one parent), clear', async () => {
    const app = (host.db.prepare("SELECT applicationId FROM applications WHERE applicationKey = 'keyPFM'").get() as { applicationId: number }).applicationId;
    const refreshed = (await api.get('pm', '/api/changes/refresh', { ApplicationId: app })).body.data;
    const list = await rows('/api/changes', { ApplicationId: app });
    assert.equal(refreshed.count, list.length);
    assert.ok(list.some((c) => c.parentApplicationRecordId === 3));
    const removed = (await api.get('pm', '/api/changes/remove', { ApplicationId: app, ParentApplicationRecordId: 3 })).body.data;
    assert.ok(removed.acknowledged >= 1);
    assert.ok(!(await rows('/api/changes', { ApplicationId: app })).some((c) => c.parentApplicationRecordId === 3));
    await api.get('pm', '/api/changes/clear', { ApplicationId: app });
    assert.deepEqual(await rows('/api/changes', { ApplicationId: app }), []);
    assert.equal((await api.get('pm', '/api/changes', { ApplicationId: 'x' })).status, 400);
    assert.equal((await api.get('pm', '/api/changes', { ApplicationId: '1.5' })).status, 400);
    assert.equal((await api.get('pm', '/api/changes', { ApplicationId: 'keyNope' })).status, 404);
    assert.deepEqual((await api.get('pm', '/api/changes/refresh', { ApplicationId: 'keyPFM' })).body.data.count, 0);
  });
});
