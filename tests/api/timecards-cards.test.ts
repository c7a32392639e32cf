/**
 * One timecard on the demo host (issue 13, demo/host/api/timecards): gettimecard (who may see it, the
 * virtual week, period open), savetimecard (policy checks on the server, 409 stale version, bad input
 * 4xx, Server-Timing, a refused write changes nothing) and createDraftTimecard's holiday line.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { TIMECARD_TEXT } from '../../src/core/timecards';
import { createDraftTimecard, weeksWithoutCard } from '../../demo/host/api/timecards/cards';
import { setClock } from '../../src/core/clock';
import { checksum, type Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

/** Wednesday of the week after the seed date (2026-11-01): the current week is 11-01..11-07. */
const NOW = Date.parse('2026-11-04T17:00:00Z');
const { host, api, one, all, employeeId: id } = useTestHost({ clock: () => setClock(() => NOW) });

const TABLES = ['weekly_timecards', 'timecard_lines', 'timecard_changes'];
const DAYS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'];

/** The form of a save: the lines as [projectId, costCodeId, hours…]. */
function saveForm(card: { timecardId: number | null; version: number }, lines: Array<{ projectId?: number; costCodeId?: number; opportunityId?: number; opportunityCostCodeId?: number; timeType?: string; hours: number[] }>, extra: Form = {}): Form {
  const form: Form = { version: card.version, ...extra };
  if (card.timecardId) form.timecardId = card.timecardId;
  lines.forEach((line, i) => {
    if (line.projectId) form[`lines[${i}].projectId`] = line.projectId;
    if (line.costCodeId) form[`lines[${i}].costCodeId`] = line.costCodeId;
    if (line.opportunityId) form[`lines[${i}].opportunityId`] = line.opportunityId;
    if (line.opportunityCostCodeId) form[`lines[${i}].opportunityCostCodeId`] = line.opportunityCostCodeId;
    form[`lines[${i}].timeType`] = line.timeType ?? 'Regular';
    line.hours.forEach((h, d) => (form[`lines[${i}].${DAYS[d]}`] = h));
  });
  return form;
}

/** A labour code of an active project's budget, and a non-labour one of the same budget. */
function charges(): { projectId: number; labor: number; material: number; closedProjectId: number; closedLabor: number } {
  const row = one(`SELECT p.projectId, (SELECT costCodeId FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L' ORDER BY costCodeId LIMIT 1) AS labor,
    (SELECT costCodeId FROM cost_codes WHERE budgetId = p.budgetId AND type <> 'L' ORDER BY costCodeId LIMIT 1) AS material
    FROM projects p WHERE p.active = 1 AND EXISTS (SELECT 1 FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L') ORDER BY p.projectId LIMIT 1`);
  const closed = one(`SELECT p.projectId, (SELECT costCodeId FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L' ORDER BY costCodeId LIMIT 1) AS labor
    FROM projects p WHERE p.active = 0 AND EXISTS (SELECT 1 FROM cost_codes WHERE budgetId = p.budgetId AND type = 'L') ORDER BY p.projectId LIMIT 1`);
  return { projectId: row.projectId, labor: row.labor, material: row.material, closedProjectId: closed.projectId, closedLabor: closed.labor };
}

describe('gettimecard', () => {
  it('opens the current week of the caller by default, computed (not created) while it has no card', async () => {
    const before = all("SELECT weekStart FROM weekly_timecards WHERE employeeId = ? AND weekStart >= '2026-11-01'", id('employee'));
    assert.equal(before.length, 0);
    const answer = await api.get('employee', TIMECARD_API.getTimecard);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const load = answer.body.data;
    assert.equal(load.timecard.weekStart, '2026-11-01');
    assert.equal(load.timecard.weekEnding, '2026-11-07');
    assert.equal(load.timecard.state, 'Draft');
    assert.equal(load.timecard.timecardId, null, 'a week without a card is answered computed ("Not started")');
    assert.equal(load.timecard.version, 0);
    assert.equal(load.timecard.employeeName, 'Sam Patterson');
    assert.equal(load.timecard.managerName, 'Linda Okafor');
    assert.equal(load.timecard.expectedHours, 40);
    assert.deepEqual(load.timecard.expectedByDay, [0, 8, 8, 8, 8, 8, 0]);
    assert.equal(load.timecard.dueDate, '2026-11-08T06:00:00.000Z', 'midnight Central at the end of Saturday (CST)');
    assert.equal(load.timecard.mayEdit, true);
    assert.deepEqual(load.timecard.advancements.map((a: Row) => a.action), ['submit']);
    assert.deepEqual(load.lines, []);
    assert.ok(load.context.expected && load.context.projects, 'the policy context travels as JSON records');
    // A load writes nothing: the week still has no card.
    await api.get('employee', TIMECARD_API.getTimecard);
    assert.equal(all("SELECT 1 FROM weekly_timecards WHERE employeeId = ? AND weekStart >= '2026-11-01'", id('employee')).length, 0);
  });

  it('loads a card by id with its lines, the context of its charges, and who may act', async () => {
    const card = one("SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-10-25'", id('employee'));
    const answer = await api.get('employee', TIMECARD_API.getTimecard, { timecardId: card.timecardId });
    assert.equal(answer.status, 200);
    const load = answer.body.data;
    assert.equal(load.timecard.timecardId, card.timecardId);
    assert.equal(load.timecard.state, 'Draft');
    assert.equal(load.timecard.enteredHours, 24);
    const manual = load.lines.filter((l: Row) => l.source === 'manual');
    assert.deepEqual(manual.map((l: Row) => l.hours), [[0, 8, 5, 8, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0]]);
    assert.ok(manual[0].projectNumber && manual[0].costCode, 'lines carry the project number and cost code');
    assert.equal(load.context.projects[String(manual[0].projectId)].closed, false);
    assert.equal(load.context.costCodes[String(manual[0].costCodeId)].type, 'L');
    // The manager sees it but may not edit it; nothing to approve on a Draft.
    const manager = await api.get('rpm', TIMECARD_API.getTimecard, { timecardId: card.timecardId });
    assert.equal(manager.status, 200);
    assert.equal(manager.body.data.timecard.mayEdit, false);
    assert.deepEqual(manager.body.data.timecard.advancements, []);
    // A Timecard Admin sees anyone's.
    assert.equal((await api.get('tcadmin', TIMECARD_API.getTimecard, { timecardId: card.timecardId })).status, 200);
  });

  it('a week without a card answers timecardId null with its holiday and approved time-off lines', async () => {
    // Thanksgiving week (11-22): two holidays in North Texas; the card is not created (a future week).
    const answer = await api.get('employee', TIMECARD_API.getTimecard, { employeeId: id('employee'), weekStart: '2026-11-25' });
    assert.equal(answer.status, 200);
    const load = answer.body.data;
    assert.equal(load.timecard.timecardId, null);
    assert.equal(load.timecard.version, 0);
    assert.equal(load.timecard.weekStart, '2026-11-22', 'any day names its week');
    const holiday = load.lines.find((l: Row) => l.source === 'holiday');
    assert.deepEqual(holiday.hours, [0, 0, 0, 0, 8, 8, 0]);
    assert.match(holiday.label, /Thanksgiving Day/);
    assert.deepEqual(load.timecard.expectedByDay, [0, 8, 8, 8, 0, 0, 0]);
    assert.equal(one("SELECT count(*) AS n FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-11-22'", id('employee')).n, 0);
    // The approved dentist appointment (Thursday 11-12, 4 h) shows on its week.
    const dentist = (await api.get('employee', TIMECARD_API.getTimecard, { weekStart: '2026-11-08' })).body.data;
    const pto = dentist.lines.find((l: Row) => l.source === 'pto');
    assert.deepEqual(pto.hours, [0, 0, 0, 0, 4, 0, 0]);
    assert.match(pto.label, /Sick: Dentist appointment/);
    assert.equal(dentist.timecard.expectedByDay[4], 4);
  });

  it('refuses a card the caller may not see (403), the viewer everything, and bad input with 4xx', async () => {
    const rpmCard = one("SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-10-25'", id('rpm'));
    const refused = await api.get('employee', TIMECARD_API.getTimecard, { timecardId: rpmCard.timecardId });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /only your own timecards/);
    assert.equal((await api.get('employee', TIMECARD_API.getTimecard, { employeeId: id('pm') })).status, 403, 'a colleague');
    assert.equal((await api.get('viewer', TIMECARD_API.getTimecard)).status, 403);
    assert.equal((await api.get('employee', TIMECARD_API.getTimecard, { timecardId: 999999 })).status, 404);
    const bad = await api.get('employee', TIMECARD_API.getTimecard, { weekStart: '2026-13-01' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /weekStart.*YYYY-MM-DD/);
    assert.equal((await api.get('employee', TIMECARD_API.getTimecard, { timecardId: 'abc' })).status, 400);
  });
});

describe('savetimecard', () => {
  it('saves the manual lines, bumps the version and answers the reloaded card with Server-Timing', async () => {
    const c = charges();
    const load = (await api.get('employee', TIMECARD_API.getTimecard)).body.data;
    const answer = await api.post('employee', TIMECARD_API.saveTimecard, saveForm(load.timecard, [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 8, 8, 7.5, 0, 0, 0] }]));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.match(answer.headers.get('server-timing') ?? '', /^save;dur=\d+(\.\d+)?$/);
    const saved = answer.body.data;
    // The current week had no card (loads create none): the save created it (version 1) and bumped it.
    assert.equal(load.timecard.timecardId, null);
    assert.equal(saved.timecard.version, 2);
    assert.equal(saved.timecard.enteredHours, 23.5);
    const row = one('SELECT * FROM timecard_lines WHERE timecardId = ? AND source = ?', saved.timecard.timecardId, 'manual');
    assert.deepEqual(DAYS.map((d) => row[d]), [0, 8, 8, 7.5, 0, 0, 0]);
    // Change the hours of the same line: the row is updated in place.
    const again = await api.post('employee', TIMECARD_API.saveTimecard, saveForm(saved.timecard, [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 8, 8, 8, 0, 0, 0] }]));
    assert.equal(again.status, 200);
    assert.equal(again.body.data.timecard.version, saved.timecard.version + 1);
    assert.equal(one('SELECT timecardLineId FROM timecard_lines WHERE timecardId = ? AND source = ?', saved.timecard.timecardId, 'manual').timecardLineId, row.timecardLineId);
  });

  it('answers 409 on a stale version and writes nothing', async () => {
    const c = charges();
    const load = (await api.get('employee', TIMECARD_API.getTimecard)).body.data;
    const before = checksum(host, TABLES);
    const stale = await api.post('employee', TIMECARD_API.saveTimecard, saveForm({ ...load.timecard, version: load.timecard.version - 1 }, [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 1, 0, 0, 0, 0, 0] }]));
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /changed since you loaded it.*reload/);
    assert.equal(checksum(host, TABLES), before);
  });

  it('refuses each policy problem with a 400 autoAlert at its field, and writes nothing', async () => {
    const c = charges();
    const load = (await api.get('employee', TIMECARD_API.getTimecard)).body.data;
    const before = checksum(host, TABLES);
    const cases: Array<[string, Parameters<typeof saveForm>[1], string, string]> = [
      ['quarter hours', [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 7.3, 0, 0, 0, 0, 0] }], 'lines[0].hours[1]', TIMECARD_TEXT.quarterHours],
      ['range', [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 25, 0, 0, 0, 0, 0] }], 'lines[0].hours[1]', TIMECARD_TEXT.hoursRange],
      ['duplicate', [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 1, 0, 0, 0, 0, 0] }, { projectId: c.projectId, costCodeId: c.labor, hours: [0, 0, 1, 0, 0, 0, 0] }], 'lines[1]', TIMECARD_TEXT.duplicateLine],
      ['not labour', [{ projectId: c.projectId, costCodeId: c.material, hours: [0, 1, 0, 0, 0, 0, 0] }], 'lines[0].costCodeId', 'is not a labor cost code'],
      ['closed project', [{ projectId: c.closedProjectId, costCodeId: c.closedLabor, hours: [0, 1, 0, 0, 0, 0, 0] }], 'lines[0].projectId', 'is closed'],
      ['code of another project', [{ projectId: c.closedProjectId, costCodeId: c.labor, hours: [0, 0, 0, 0, 0, 0, 0] }], 'lines[0].costCodeId', 'is not on the budget'],
      ['overtime early', [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 8, 0, 0, 0, 0, 0] }, { projectId: c.projectId, costCodeId: c.labor, timeType: 'Overtime', hours: [0, 2, 0, 0, 0, 0, 0] }], 'lines[1].hours[1]', TIMECARD_TEXT.overtimeEarly],
      ['no cost code', [{ projectId: c.projectId, hours: [0, 1, 0, 0, 0, 0, 0] }], 'lines[0].costCodeId', TIMECARD_TEXT.costCodeRequired],
    ];
    for (const [name, lines, field, message] of cases) {
      const answer = await api.post('employee', TIMECARD_API.saveTimecard, saveForm(load.timecard, lines));
      assert.equal(answer.status, 400, name);
      assert.equal(answer.body.autoAlert, true, name);
      assert.equal(answer.body.fieldName, field, name);
      assert.ok(answer.body.feedback.some((f: Row) => f.stringValue === field && f.integerValue === 1 && f.message.includes(message)), `${name}: ${JSON.stringify(answer.body.feedback)}`);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('answers bad input with a 400 naming the field, never 500', async () => {
    const c = charges();
    const load = (await api.get('employee', TIMECARD_API.getTimecard)).body.data;
    const before = checksum(host, TABLES);
    const bad: Array<[Form, RegExp]> = [
      [{ ...saveForm(load.timecard, []), 'lines[0].timeType': 'PTO', 'lines[0].projectId': c.projectId }, /lines\[0\]\.timeType must be Regular or Overtime/],
      [{ ...saveForm(load.timecard, []), 'lines[0].timeType': 'Regular', 'lines[0].projectId': 99999999 }, /lines\[0\]\.projectId: there is no project/],
      [{ ...saveForm(load.timecard, []), 'lines[0].timeType': 'Regular', 'lines[0].projectId': 'x' }, /'lines\[0\]\.projectId' must be a positive integer/],
      [{ ...saveForm(load.timecard, []), 'lines[0].timeType': 'Regular', 'lines[0].monHours': 'eight' }, /'lines\[0\]\.monHours' must be a number/],
      [{ ...saveForm(load.timecard, []), 'lines[x].monHours': '1' }, /Unknown parameter 'lines\[x\]\.monHours'/],
      [{ timecardId: load.timecard.timecardId }, /'version' is required/],
      [{ weekStart: '2026-12-20' }, /'version' is required \(0 for a new card\)/],
      [{ timecardId: load.timecard.timecardId, version: '1.5' }, /whole number/],
    ];
    for (const [form, message] of bad) {
      const answer = await api.post('employee', TIMECARD_API.saveTimecard, form);
      assert.equal(answer.status, 400, JSON.stringify(form));
      assert.match(answer.body.message, message);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('a first save of a week without a card creates it with its system lines (version 0)', async () => {
    const c = charges();
    const answer = await api.post('employee', TIMECARD_API.saveTimecard, {
      ...saveForm({ timecardId: null, version: 0 }, [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 8, 8, 8, 4, 8, 0] }]), weekStart: '2026-11-08',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const load = answer.body.data;
    assert.ok(load.timecard.timecardId > 0);
    assert.equal(load.timecard.version, 2);
    assert.deepEqual(load.lines.map((l: Row) => l.source), ['manual', 'pto']);
    assert.equal(load.timecard.enteredHours, 40);
    // Saving "new" again with version 0 is stale now.
    const again = await api.post('employee', TIMECARD_API.saveTimecard, { ...saveForm({ timecardId: null, version: 0 }, []), weekStart: '2026-11-08' });
    assert.equal(again.status, 409);
  });

  it("refuses another employee's card (403), a manager's edit, and the viewer", async () => {
    const c = charges();
    const card = (await api.get('employee', TIMECARD_API.getTimecard)).body.data.timecard;
    const pm = await api.post('pm', TIMECARD_API.saveTimecard, saveForm(card, [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 1, 0, 0, 0, 0, 0] }]));
    assert.equal(pm.status, 403);
    const manager = await api.post('rpm', TIMECARD_API.saveTimecard, saveForm(card, [{ projectId: c.projectId, costCodeId: c.labor, hours: [0, 1, 0, 0, 0, 0, 0] }]));
    assert.equal(manager.status, 403);
    assert.match(manager.body.message, /Only the employee/);
    assert.equal((await api.post('viewer', TIMECARD_API.saveTimecard, saveForm(card, []))).status, 403);
  });
});

describe('a save of 30 lines', () => {
  it('takes at most 150 ms of server time (Server-Timing save), new and changed', async () => {
    const codes = all(`SELECT b.projectId, c.costCodeId FROM cost_codes c JOIN budgets b USING (budgetId) JOIN projects p ON p.projectId = b.projectId
      WHERE c.type = 'L' AND p.active = 1 AND p.budgetId = b.budgetId ORDER BY c.costCodeId LIMIT 30`);
    assert.equal(codes.length, 30);
    const lines = codes.map((c) => ({ projectId: c.projectId, costCodeId: c.costCodeId, hours: [0, 0.5, 0.25, 0.25, 0.25, 0.25, 0] }));
    const first = await api.post('employee', TIMECARD_API.saveTimecard, { ...saveForm({ timecardId: null, version: 0 }, lines), weekStart: '2026-12-13' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data.lines.filter((l: Row) => l.source === 'manual').length, 30);
    const changed = lines.map((l) => ({ ...l, hours: [0, 0.5, 0.5, 0.25, 0.25, 0.25, 0] }));
    const second = await api.post('employee', TIMECARD_API.saveTimecard, saveForm(first.body.data.timecard, changed));
    assert.equal(second.status, 200);
    for (const answer of [first, second]) {
      const dur = Number(/^save;dur=([\d.]+)$/.exec(answer.headers.get('server-timing') ?? '')?.[1]);
      // The 150 ms goal is measured by `npm run bench` (timecards); here only a pathological save fails (10×),
      // since API test files run side by side on a busy machine.
      assert.ok(dur <= 1500, `save took ${dur} ms`);
    }
  });
});

describe('weeks without a card', () => {
  it('are the weeks from the first card through the current one, at most 52 weeks back; someone without cards owes the current week; none is created', () => {
    const make = (key: string) => {
      const employeeId = Number(host.db.prepare(`INSERT INTO employees (employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, legalEntityId, regionId, displayText, modifiedAt)
        VALUES (?, 'Pat', 'Open', 'Pat Open', 'PO', 'Clerk', ?, 1, 1, 'Pat Open', 't')`).run(key, `${key}@example.com`).lastInsertRowid);
      host.db.prepare("INSERT INTO employee_roles (employeeId, applicationId, applicationKey, name, displayText, modifiedAt) SELECT ?, applicationId, 'keyTC', 'Default', 'x', 't' FROM applications WHERE applicationKey = 'keyTC'").run(employeeId);
      return employeeId;
    };
    const fresh = make('PO1');
    assert.deepEqual(weeksWithoutCard(host.db, fresh), ['2026-11-01']);
    assert.equal(all('SELECT weekStart FROM weekly_timecards WHERE employeeId = ?', fresh).length, 0);
    const away = make('PO2');
    createDraftTimecard(host.db, away, '2025-06-01');
    const weeks = weeksWithoutCard(host.db, away);
    assert.equal(weeks.length, 53);
    assert.deepEqual([weeks[0], weeks[weeks.length - 1]], ['2025-11-02', '2026-11-01']);
    // A saved week in between is no longer owed; the weeks around it still are.
    createDraftTimecard(host.db, away, '2026-06-07');
    assert.equal(weeksWithoutCard(host.db, away).length, 52);
    assert.ok(!weeksWithoutCard(host.db, away).includes('2026-06-07'));
    assert.deepEqual(weeksWithoutCard(host.db, id('viewer')), [], 'no keyTC role: owes no cards');
  });
});

describe('createDraftTimecard', () => {
  it('creates the Draft with the region holiday line (half days halved), once', () => {
    // A Central Texas employee: Christmas Eve and New Year's Eve are half days there.
    const ctx = one("SELECT e.employeeId FROM employees e JOIN regions r USING (regionId) WHERE r.code = 'CTX' AND e.login IS NULL AND NOT EXISTS (SELECT 1 FROM employee_schedules s WHERE s.employeeId = e.employeeId) ORDER BY e.employeeId LIMIT 1");
    const first = createDraftTimecard(host.db, ctx.employeeId, '2026-12-23');
    const second = createDraftTimecard(host.db, ctx.employeeId, '2026-12-20');
    assert.equal(first, second);
    const card = one('SELECT * FROM weekly_timecards WHERE timecardId = ?', first);
    assert.equal(card.weekStart, '2026-12-20');
    assert.equal(card.weekEnding, '2026-12-26');
    const lines = all('SELECT * FROM timecard_lines WHERE timecardId = ?', first);
    assert.equal(lines.length, 1);
    assert.deepEqual(DAYS.map((d) => lines[0]![d]), [0, 0, 0, 0, 4, 8, 0]);
  });
});
