/**
 * Charges, delegations and corrections of the timecards on the demo host (issue 13): the charge
 * picker finds open projects (labour codes only) and open opportunities by number or name; only a
 * manager delegates, to another manager, for a valid range; cancel by the giver or a Timecard Admin;
 * the corrections are a Timecard Admin's.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { setClock } from '../../src/core/clock';
import { DELEGATION_TEXT } from '../../demo/host/api/timecards/admin';
import { checksum } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, all, employeeId: id } = useTestHost({ clock: () => setClock(() => Date.parse('2026-11-04T17:00:00Z')) });

describe('searchcharges', () => {
  it('finds open projects by number or name with the labour codes of their budget only', async () => {
    const project = one("SELECT projectId, number, name, budgetId FROM projects WHERE active = 1 AND EXISTS (SELECT 1 FROM cost_codes WHERE budgetId = projects.budgetId AND type = 'L') ORDER BY projectId LIMIT 1");
    for (const search of [project.number, project.name.slice(0, 6).toLowerCase()]) {
      const answer = await api.get('employee', TIMECARD_API.searchCharges, { search });
      assert.equal(answer.status, 200);
      const found = answer.body.data.find((o: Row) => o.kind === 'project' && o.id === project.projectId);
      assert.ok(found, search);
      assert.equal(found.number, project.number);
      const labour = all("SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = 'L' ORDER BY code", project.budgetId).map((r) => r.costCodeId);
      assert.deepEqual(found.costCodes.map((c: Row) => c.id), labour);
      assert.ok(found.costCodes[0].code && found.costCodes[0].name);
    }
    const closed = one("SELECT number FROM projects WHERE active = 0 ORDER BY projectId LIMIT 1");
    assert.ok(!(await api.get('employee', TIMECARD_API.searchCharges, { search: closed.number })).body.data.some((o: Row) => o.number === closed.number), 'a closed project is not offered');
    // A project whose budget has no labour code (it is pointed at a budget without codes for the check).
    const other = one("SELECT projectId, number, budgetId FROM projects WHERE active = 1 AND projectId <> ? AND EXISTS (SELECT 1 FROM cost_codes WHERE budgetId = projects.budgetId AND type = 'L') ORDER BY projectId DESC LIMIT 1", project.projectId);
    const empty = one("SELECT budgetId FROM budgets b WHERE NOT EXISTS (SELECT 1 FROM cost_codes c WHERE c.budgetId = b.budgetId AND c.type = 'L') LIMIT 1");
    host.db.prepare('UPDATE projects SET budgetId = ? WHERE projectId = ?').run(empty.budgetId, other.projectId);
    host.db.prepare("INSERT OR IGNORE INTO cost_codes (budgetId, code, type, description, displayText, modifiedAt) VALUES (?, '01990000', 'M', 'Material only', 'Material only', 't')").run(empty.budgetId);
    try {
      assert.ok(!(await api.get('employee', TIMECARD_API.searchCharges, { search: other.number })).body.data.some((o: Row) => o.number === other.number), 'a project without labour codes is not offered');
    } finally {
      host.db.prepare('UPDATE projects SET budgetId = ? WHERE projectId = ?').run(other.budgetId, other.projectId);
    }
  });

  it('finds open opportunities with their timecard codes, not lost ones', async () => {
    const open = one("SELECT o.opportunityId, o.number FROM opportunities o WHERE o.status <> 'Lost' AND EXISTS (SELECT 1 FROM opportunity_cost_codes c WHERE c.opportunityId = o.opportunityId AND c.active = 1) ORDER BY o.opportunityId LIMIT 1");
    const found = (await api.get('employee', TIMECARD_API.searchCharges, { search: open.number })).body.data.find((o: Row) => o.kind === 'opportunity');
    assert.equal(found.id, open.opportunityId);
    assert.ok(found.costCodes.length >= 1);
    const lost = one("SELECT number FROM opportunities WHERE status = 'Lost' LIMIT 1");
    if (lost) assert.ok(!(await api.get('employee', TIMECARD_API.searchCharges, { search: lost.number })).body.data.some((o: Row) => o.number === lost.number));
  });

  it('needs 2 characters; the viewer gets 403', async () => {
    const short = await api.get('employee', TIMECARD_API.searchCharges, { search: 'a' });
    assert.equal(short.status, 400);
    assert.match(short.body.message, /at least 2 characters/);
    assert.equal((await api.get('employee', TIMECARD_API.searchCharges, { search: '%%' })).body.data.length, 0, 'wildcards are literal');
    assert.equal((await api.get('viewer', TIMECARD_API.searchCharges, { search: 'Tower' })).status, 403);
  });
});

describe('delegations', () => {
  it("lists the caller's delegations given and received, and the managers to pick", async () => {
    const load = (await api.get('rpm', TIMECARD_API.getDelegations)).body.data;
    assert.deepEqual(load.received.map((d: Row) => d.delegationId).sort(), [1, 2]);
    assert.deepEqual(load.given, []);
    assert.ok(load.managers.some((m: Row) => m.employeeId === id('admin')));
    assert.ok(!load.managers.some((m: Row) => m.employeeId === id('rpm')), 'not oneself');
    assert.ok(!load.managers.some((m: Row) => m.employeeId === id('employee')), 'only managers');
  });

  it('only a manager gives one, to another active manager, with a valid range; a refusal writes nothing', async () => {
    const before = checksum(host, ['approval_delegations']);
    const employee = await api.post('employee', TIMECARD_API.saveDelegation, { delegateEmployeeId: id('rpm'), startDate: '2026-11-09', endDate: '2026-11-13' });
    assert.equal(employee.status, 403);
    assert.equal(employee.body.message, DELEGATION_TEXT.managersOnly);
    const cases: Array<[Record<string, string | number>, string, string]> = [
      [{ delegateEmployeeId: id('employee'), startDate: '2026-11-09', endDate: '2026-11-13' }, 'delegateEmployeeId', DELEGATION_TEXT.delegateNotManager('Sam Patterson')],
      [{ delegateEmployeeId: id('rpm'), startDate: '2026-11-09', endDate: '2026-11-13' }, 'delegateEmployeeId', DELEGATION_TEXT.notSelf],
      [{ delegateEmployeeId: id('admin'), startDate: '2026-11-13', endDate: '2026-11-09' }, 'endDate', DELEGATION_TEXT.endBeforeStart],
      [{ delegateEmployeeId: id('admin'), startDate: '2026-10-01', endDate: '2026-10-09' }, 'endDate', DELEGATION_TEXT.endPast],
    ];
    for (const [form, field, message] of cases) {
      const answer = await api.post('rpm', TIMECARD_API.saveDelegation, form);
      assert.equal(answer.status, 400, message);
      assert.equal(answer.body.autoAlert, true);
      assert.equal(answer.body.fieldName, field);
      assert.equal(answer.body.message, message);
    }
    assert.equal((await api.post('rpm', TIMECARD_API.saveDelegation, { delegateEmployeeId: id('admin'), startDate: '2026-11-31', endDate: '2026-12-01' })).status, 400);
    assert.equal((await api.post('rpm', TIMECARD_API.saveDelegation, { delegateEmployeeId: 99999999, startDate: '2026-11-09', endDate: '2026-11-13' })).status, 404);
    assert.equal(checksum(host, ['approval_delegations']), before);
    const saved = await api.post('rpm', TIMECARD_API.saveDelegation, { delegateEmployeeId: id('admin'), startDate: '2026-11-09', endDate: '2026-11-13' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const given = saved.body.data.given;
    assert.equal(given.length, 1);
    assert.deepEqual([given[0].delegateName, given[0].startDate, given[0].endDate, given[0].canceledAt], ['Dana Whitfield', '2026-11-09', '2026-11-13', null]);
  });

  it('is canceled by the manager who gave it or a Timecard Admin, once', async () => {
    const delegation = one('SELECT delegationId FROM approval_delegations WHERE managerEmployeeId = ? ORDER BY delegationId DESC', id('rpm'));
    assert.equal((await api.post('employee', TIMECARD_API.cancelDelegation, { delegationId: delegation.delegationId })).status, 403);
    const canceled = await api.post('rpm', TIMECARD_API.cancelDelegation, { delegationId: delegation.delegationId });
    assert.equal(canceled.status, 200);
    assert.ok(canceled.body.data.given[0].canceledAt);
    const again = await api.post('rpm', TIMECARD_API.cancelDelegation, { delegationId: delegation.delegationId });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, DELEGATION_TEXT.alreadyCanceled);
    // A Timecard Admin cancels another manager's (the Gulf Coast one's past delegation).
    assert.equal((await api.post('tcadmin', TIMECARD_API.cancelDelegation, { delegationId: 2 })).status, 200);
    assert.ok(one('SELECT canceledAt FROM approval_delegations WHERE delegationId = 2').canceledAt);
    assert.equal((await api.post('rpm', TIMECARD_API.cancelDelegation, { delegationId: 99999 })).status, 404);
    assert.equal((await api.get('viewer', TIMECARD_API.getDelegations)).status, 403);
  });
});

describe('corrections', () => {
  it("lists the open corrections to a Timecard Admin and resolves them; others get 403", async () => {
    const list = await api.get('tcadmin', TIMECARD_API.getCorrections);
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 1);
    const correction = list.body.data[0];
    assert.deepEqual([correction.kind, correction.requestTitle, correction.state, correction.hours], ['Add', 'Sick day (entered late)', 'Approved', [0, 0, 0, 8, 0, 0, 0]]);
    assert.equal((await api.get('employee', TIMECARD_API.getCorrections)).status, 403);
    assert.equal((await api.get('rpm', TIMECARD_API.getCorrections)).status, 403);
    assert.equal((await api.post('rpm', TIMECARD_API.resolveCorrection, { correctionId: correction.correctionId })).status, 403);
    assert.equal((await api.get('admin', TIMECARD_API.getCorrections)).status, 200);
    const resolved = await api.post('tcadmin', TIMECARD_API.resolveCorrection, { correctionId: correction.correctionId, note: 'Added the sick day to the approved card.' });
    assert.equal(resolved.status, 200);
    assert.deepEqual(resolved.body.data, []);
    const row = one('SELECT * FROM timecard_corrections WHERE correctionId = ?', correction.correctionId);
    assert.deepEqual([row.status, row.resolvedByEmployeeId, row.note], ['Resolved', id('tcadmin'), 'Added the sick day to the approved card.']);
    assert.equal((await api.post('tcadmin', TIMECARD_API.resolveCorrection, { correctionId: correction.correctionId })).status, 400);
    assert.equal((await api.post('tcadmin', TIMECARD_API.resolveCorrection, { correctionId: 424242 })).status, 404);
    assert.equal((await api.get('viewer', TIMECARD_API.getCorrections)).status, 403);
  });
});
