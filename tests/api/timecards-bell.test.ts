/**
 * The bell's timecard items on the demo host (issue 13): `timecardNeedsSubmission` computed from
 * weekly_timecards (the oldest owed week, overdue or in its last 24 hours, with the card's id so the
 * header opens it; a week without a card is owed all the same, and nothing is written), and a
 * Timecard Admin's open corrections as workflow items linking to the corrections tab.
 * Issue 29: "Timecards to approve (N)" linking to the approval inbox; the employee's own decisions
 * (a rejected card still in Draft, time off denied or approved in the last 14 days) computed at read
 * time; and every bell item of the seeded users opens a page whose route and loads they may use.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { setClock } from '../../src/core/clock';
import { guardAllows, matchRoute } from '../../src/core/router/routes';
import { ACCESS, ruleAllows, type RoleEntry } from '../../src/core/access';
import { RISK_API } from '../../src/core/risk/contract';
import { ACCESS_REQUEST_API } from '../../src/core/toolbox/contract';
import { toOpenItems } from '../../src/elements/portal-header/data';
import { openItemGroups } from '../../src/elements/portal-header/links';
import { CORRECTIONS_LINK, INBOX_LINK } from '../../demo/host/api/timecards/bell';
import { stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

let now = Date.parse('2026-11-04T17:00:00Z');
const { host, api, one, employeeId: id } = useTestHost({ clock: () => setClock(() => now) });

const BELL = '/api/common/GetOpenItemsByEmployee';

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

  it('counts hours as the card does: work entered of the hours to work, a holiday\'s hours apart', async () => {
    const card = one("SELECT timecardId FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-10-25'", id('employee'));
    // A holiday line of 8 h on the owed card's Wednesday: the work still counts 24, now of 32 to work (not 32 of 40).
    const line = host.db.prepare(`INSERT INTO timecard_lines (timecardId, source, timeType, sunHours, monHours, tueHours, wedHours, thuHours, friHours, satHours, modifiedAt)
      VALUES (?, 'holiday', 'Holiday', 0, 0, 0, 8, 0, 0, 0, ?)`).run(card.timecardId, new Date(now).toISOString()).lastInsertRowid;
    try {
      const item = (await api.get('employee', BELL)).body.data.timecardNeedsSubmission;
      assert.deepEqual([item.enteredHours, item.expectedHours], [24, 32]);
    } finally {
      host.db.prepare('DELETE FROM timecard_lines WHERE timecardLineId = ?').run(line);
    }
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

const START = Date.parse('2026-11-04T17:00:00Z');

describe('"Timecards to approve (N)"', () => {
  it("counts the approval inbox's cards and links to it; drops after an approval; nothing for someone who approves nothing", async () => {
    const inbox = (await api.get('rpm', TIMECARD_API.getApprovalInbox)).body.data;
    const cards = inbox.rows.filter((r: Row) => r.kind === 'timecard');
    assert.ok(cards.length > 1);
    assert.deepEqual((await api.get('rpm', BELL)).body.data.timecardsToApprove, { count: cards.length, directLink: INBOX_LINK });
    assert.equal(INBOX_LINK, '/teammembertoolbox/timecards?activeTab=inbox');
    const approved = await api.post('rpm', TIMECARD_API.updateTimecardStates, {
      'items[0].ItemId': cards[0].itemId, 'items[0].OldRecordStateId': cards[0].applicationRecordStateId, RouteStateId: inbox.routes.timecardApprove,
    });
    assert.deepEqual(approved.body.data.done, [cards[0].itemId]);
    assert.equal((await api.get('rpm', BELL)).body.data.timecardsToApprove.count, cards.length - 1);
    assert.equal((await api.get('employee', BELL)).body.data.timecardsToApprove.count, 0);
    // A Timecard Admin: the cards of employees without an approver (admin's own, who has no manager).
    assert.equal((await api.get('tcadmin', BELL)).body.data.timecardsToApprove.count, 1);
  });
});

describe("the employee's own decisions (computed at read time)", () => {
  const S = (key: string, name: string) => stateId(host, key, name);
  const notices = async (login: string) => (await api.get(login, BELL)).body.data.notices as Row[];

  it('a rejected card still in Draft: "Timecard 10/25–10/31 rejected by Linda Okafor: …", until it is submitted again', async () => {
    const card = one("SELECT timecardId, applicationRecordStateId FROM weekly_timecards WHERE employeeId = ? AND weekStart = '2026-10-25'", id('employee'));
    if (card.applicationRecordStateId === S('Timecard', 'Draft')) {
      const submitted = await api.post('employee', TIMECARD_API.updateTimecardState, {
        ItemId: card.timecardId, OldRecordStateId: S('Timecard', 'Draft'), RouteStateId: S('Timecard', 'Submitted'), reason: 'Out Thursday and Friday.',
      });
      assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    }
    assert.deepEqual(await notices('employee'), []);
    const rejected = await api.post('rpm', TIMECARD_API.updateTimecardState, {
      ItemId: card.timecardId, OldRecordStateId: S('Timecard', 'Submitted'), RouteStateId: S('Timecard', 'Draft'), reason: 'Thursday and Friday need PTO lines.',
    });
    assert.equal(rejected.status, 200, JSON.stringify(rejected.body));
    const rejectedAt = one('SELECT rejectedAt FROM weekly_timecards WHERE timecardId = ?', card.timecardId).rejectedAt;
    assert.deepEqual(await notices('employee'), [{
      id: `timecardRejected-${card.timecardId}`, kind: 'timecardRejected', text: 'Timecard 10/25–10/31 rejected by Linda Okafor: Thursday and Friday need PTO lines.',
      at: rejectedAt, decidedByName: 'Linda Okafor', reason: 'Thursday and Friday need PTO lines.', directLink: `/teammembertoolbox/timecards/timecard?timecardId=${card.timecardId}`,
    }]);
    // Still there weeks later: the card waits for the employee.
    now = START + 20 * 86_400_000;
    try {
      assert.equal((await notices('employee')).length, 1);
    } finally {
      now = START;
    }
    const again = await api.post('employee', TIMECARD_API.updateTimecardState, {
      ItemId: card.timecardId, OldRecordStateId: S('Timecard', 'Draft'), RouteStateId: S('Timecard', 'Submitted'), reason: 'Out Thursday and Friday.',
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(await notices('employee'), []);
  });

  it('time off denied ("Vacation 11/23–11/25 denied by Linda Okafor: …") and approved ("Vacation 12/21–12/23 approved by Linda Okafor"), for 14 days', async () => {
    const vacation = one("SELECT requestId FROM time_off_requests WHERE title = 'Vacation' AND employeeId = ?", id('employee'));
    const visit = one("SELECT requestId FROM time_off_requests WHERE title = 'Family visit'");
    const denied = await api.post('rpm', TIME_OFF_API.updateRequestState, {
      ItemId: vacation.requestId, OldRecordStateId: S('PtoRequest', 'Pending'), RouteStateId: S('PtoRequest', 'Denied'), reason: 'Two of the crew are out that week.',
    });
    assert.equal(denied.status, 200, JSON.stringify(denied.body));
    const approved = await api.post('rpm', TIME_OFF_API.updateRequestState, {
      ItemId: visit.requestId, OldRecordStateId: S('PtoRequest', 'Pending'), RouteStateId: S('PtoRequest', 'Approved'),
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const denial = (await notices('employee')).find((n) => n.kind === 'timeOffDenied')!;
    assert.deepEqual([denial.text, denial.reason, denial.directLink], ['Vacation 11/23–11/25 denied by Linda Okafor: Two of the crew are out that week.',
      'Two of the crew are out that week.', `/teammembertoolbox/requests?recordId=${vacation.requestId}`]);
    const approval = (await notices('pm')).find((n) => n.kind === 'timeOffApproved')!;
    assert.deepEqual([approval.id, approval.text, approval.reason, approval.directLink],
      [`timeOffApproved-${visit.requestId}`, 'Vacation 12/21–12/23 approved by Linda Okafor', null, `/teammembertoolbox/requests?recordId=${visit.requestId}`]);
    // Nobody else's bell shows them.
    assert.ok(!(await notices('rpm')).some((n) => n.kind.startsWith('timeOff')));
    now = START + 13 * 86_400_000;
    try {
      assert.ok((await notices('pm')).some((n) => n.kind === 'timeOffApproved'), 'day 13');
      now = START + 15 * 86_400_000;
      assert.ok(!(await notices('pm')).some((n) => n.kind === 'timeOffApproved'), 'day 15: gone');
      assert.ok(!(await notices('employee')).some((n) => n.kind === 'timeOffDenied'));
    } finally {
      now = START;
    }
  });
});

describe('every bell item opens something the user may see', () => {
  it("rpm's seeded “PTO-1 · PTO Request · Manager Approval” row, naming a request decided long ago of another manager's report (403 to her), is not in her bell", async () => {
    const row = one("SELECT recordId FROM open_workflows WHERE documentNumber = 'PTO-1' AND open = 1");
    assert.equal((await api.get('rpm', TIME_OFF_API.getRequests, { recordId: row.recordId })).status, 403, 'the page it linked to');
    const workflows = (await api.get('rpm', BELL)).body.data.openWorkflows as Row[];
    assert.ok(!workflows.some((w) => w.documentNumber === 'PTO-1'));
    assert.ok(workflows.some((w) => w.documentNumber === 'CE-005'), 'her other workflows stay');
    assert.deepEqual(Object.keys(workflows[0]!).sort(), ['directLink', 'documentNumber', 'phaseName', 'workflowInstanceId', 'workflowTrigger']);
  });

  const rolesOf = (login: string) => host.db.prepare('SELECT applicationKey, name FROM employee_roles WHERE employeeId = ?').all(id(login)) as RoleEntry[];

  /** 200 from the loads the page at `href` makes for `login` (its route's access rule passed first); a link no probe knows fails. */
  async function opens(login: string, href: string): Promise<string | null> {
    const url = new URL(href, 'https://portal.test');
    const route = matchRoute(url.pathname);
    const q = (name: string) => url.searchParams.get(name);
    const loads: Array<[string, Record<string, string | number>]> = [];
    // The one legacy page the bell links to (issue 15's access reviews): its own access rule and load.
    if (route?.kind === 'handoff' && route.name === 'projectSecurityReviewAccess') {
      if (!ruleAllows(rolesOf(login), ACCESS.accessRequest)) return `${href}: the page's access refuses ${login}`;
      loads.push([ACCESS_REQUEST_API.getRequests, { view: 'review', projectId: q('projectId')! }]);
    } else if (!route || route.kind !== 'screen') return `${href}: not a portal screen`;
    else if (!guardAllows(route, rolesOf(login))) return `${href}: the route's access refuses ${login}`;
    else if (route.name === 'slimqueue' && q('recordKey') === 'SlimRequest') loads.push([RISK_API.getSlimRequest, { recordKey: 'SlimRequest', recordId: q('recordId')! }]);
    else if (route.name === 'requests' || route.name === 'requestsDeep') loads.push([TIME_OFF_API.getRequests, q('recordId') ? { recordId: q('recordId')! } : {}]);
    else if (route.name === 'timecard') {
      loads.push([TIMECARD_API.getTimecard, q('timecardId') ? { timecardId: q('timecardId')! } : { employeeId: q('employeeId')!, weekStart: q('weekStart')! }]);
    } else if (route.name === 'manageTimecards') {
      const tab = q('activeTab');
      if (tab === 'inbox') loads.push([TIMECARD_API.getApprovalInbox, {}]);
      else if (tab === 'corrections') loads.push([TIMECARD_API.getCorrections, {}]);
      else return `${href}: no probe for tab ${tab}`;
    } else if (route.area === 'PFM') {
      loads.push(['/api/pfm/projects/GetProjectMenuByProjectId', { ProjectId: q('projectId')! }]);
      if (q('recordKey') && q('recordId')) loads.push(['/api/pfm/getrecordhistory', { recordKey: q('recordKey')!, recordId: q('recordId')! }]);
    } else return `${href}: no probe for route ${route.name}`;
    for (const [path, query] of loads) {
      const answer = await api.get(login, path, query);
      if (answer.status !== 200) return `${href}: ${path} answers ${answer.status} to ${login}`;
      if (path === TIMECARD_API.getApprovalInbox && answer.body.data.rows.length === 0) return `${href}: the inbox is empty for ${login}`;
    }
    return null;
  }

  for (const login of ['pm', 'rpm', 'employee', 'tcadmin']) {
    it(`${login}: each item's link (as the header makes it) passes the route's access and its loads answer 200`, async () => {
      const raw = (await api.get(login, BELL)).body.data;
      const groups = openItemGroups(toOpenItems(raw), { origin: 'https://portal.test', legacyOrigin: 'https://legacy.test' });
      const links = groups.flatMap((g) => g.items);
      assert.ok(links.length > 0, `${login} has bell items`);
      const dead: string[] = [];
      for (const link of links) {
        if (!link.href) dead.push(`${link.id}: no link`);
        else {
          const refusal = await opens(login, link.href);
          if (refusal) dead.push(`${link.id} ${refusal}`);
        }
      }
      assert.deepEqual(dead, []);
    });
  }
});
