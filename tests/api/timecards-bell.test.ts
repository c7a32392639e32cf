/**
 * The bell's timecard items on the demo host (issue 13): `timecardNeedsSubmission` computed from
 * weekly_timecards (the oldest owed week, overdue or in its last 24 hours, with the card's id so the
 * header opens it; a week without a card is owed all the same, and nothing is written), and a
 * Timecard Admin's open corrections as workflow items linking to the corrections tab.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIMECARD_API } from '../../src/core/timecards/api';
import { setClock } from '../../src/core/clock';
import { CORRECTIONS_LINK } from '../../demo/host/api/timecards/bell';
import { startTestHost, type TestHost } from './support/host';
import { apiClient, stateId } from './api-client';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let host: TestHost;
let api: ReturnType<typeof apiClient>;
let now = Date.parse('2026-11-04T17:00:00Z');
before(async () => {
  setClock(() => now);
  host = await startTestHost();
  api = apiClient(host);
});
after(async () => {
  setClock(null);
  await host?.close();
});

const BELL = '/api/common/GetOpenItemsByEmployee';
const one = (sql: string, ...args: unknown[]) => host.db.prepare(sql).get(...args) as Row;
const id = (login: string) => one('SELECT employeeId FROM employees WHERE login = ?', login).employeeId as number;

describe('timecardNeedsSubmission', () => {
  it("names the oldest owed week (overdue) with its card, so the header's link opens it", async () => {
    const card = one("SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-10-25'", id('employee'));
    const item = (await api.get('employee', BELL)).body.data.timecardNeedsSubmission;
    assert.deepEqual(item, {
      flag: true, dueDate: '2026-11-01T05:00:00.000Z', enteredHours: 24, expectedHours: 40, timecardId: card.timecardId, employeeId: id('employee'),
      weekStart: '2026-10-25', weekEnding: '2026-10-31',
    });
    // Loading the bell wrote nothing: the current week still has no card.
    assert.equal(one("SELECT count(*) AS n FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-11-01'", id('employee')).n, 0);
  });

  it('is off when nothing is owed or due within 24 hours, and on in the last 24 hours of the current week', async () => {
    const card = one("SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-10-25'", id('employee'));
    const submitted = await api.post('employee', TIMECARD_API.updateTimecardState, {
      ItemId: card.timecardId, OldRecordStateId: stateId(host, 'Timecard', 'Draft'), RouteStateId: stateId(host, 'Timecard', 'Submitted'), reason: 'Out Thursday and Friday.',
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    assert.deepEqual((await api.get('employee', BELL)).body.data.timecardNeedsSubmission,
      { flag: false, dueDate: null, enteredHours: 0, expectedHours: 0, timecardId: null, employeeId: id('employee'), weekStart: null, weekEnding: null });
    now = Date.parse('2026-11-07T12:00:00Z'); // Saturday: 18 hours before the week of 11-01 is due
    try {
      // The week of 11-01 has no card: owed all the same ("Not started"), with no id for the link.
      const item = (await api.get('employee', BELL)).body.data.timecardNeedsSubmission;
      assert.deepEqual([item.flag, item.timecardId, item.dueDate, item.weekStart, item.weekEnding], [true, null, '2026-11-08T06:00:00.000Z', '2026-11-01', '2026-11-07']);
    } finally {
      now = Date.parse('2026-11-04T17:00:00Z');
    }
  });

  it('is off for someone who keeps no timecards, and no card is made for them', async () => {
    const item = (await api.get('viewer', BELL)).body.data.timecardNeedsSubmission;
    assert.equal(item.flag, false);
    assert.equal(one('SELECT count(*) AS n FROM weekly_timecards WHERE employeeId = ?', id('viewer')).n, 0);
  });
});

describe("a Timecard Admin's corrections", () => {
  it('are open workflow items linking to the corrections tab, gone once resolved; others do not get them', async () => {
    const workflows = (await api.get('tcadmin', BELL)).body.data.openWorkflows as Row[];
    const corrections = workflows.filter((w) => w.directLink === CORRECTIONS_LINK);
    assert.equal(corrections.length, 1);
    assert.equal(CORRECTIONS_LINK, '/teammembertoolbox/timecards?activeTab=corrections');
    const correction = one("SELECT correctionId FROM timecard_corrections WHERE status = 'Open'");
    assert.equal(corrections[0]!.workflowInstanceId, -correction.correctionId);
    assert.match(corrections[0]!.documentNumber, /· week of 2026-10-11$/);
    assert.match(corrections[0]!.workflowTrigger, /Sick day \(entered late\)/);
    assert.ok((await api.get('admin', BELL)).body.data.openWorkflows.some((w: Row) => w.directLink === CORRECTIONS_LINK), 'keyTC Admin too');
    assert.ok(!(await api.get('rpm', BELL)).body.data.openWorkflows.some((w: Row) => w.directLink === CORRECTIONS_LINK));
    assert.equal((await api.post('tcadmin', TIMECARD_API.resolveCorrection, { correctionId: correction.correctionId })).status, 200);
    assert.ok(!(await api.get('tcadmin', BELL)).body.data.openWorkflows.some((w: Row) => w.directLink === CORRECTIONS_LINK));
  });
});
