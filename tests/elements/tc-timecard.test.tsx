import { expect } from 'chai';
import { TIMECARD_API, type TimecardLineRow, type TimecardLoad } from '../../src/core/timecards/contract';
import { TIMECARD_TEXT, addDays, deadlineText, expectedHours, lateness, weekOf } from '../../src/core/timecards';
import { TIMECARD_SCREEN_TEXT } from '../../src/features/timecards';
import { GRID_TEXT } from '../../src/features/timecards/HoursGrid';
import '../../src/elements/tc-timecard/define';
import { fetchRequests, mount, mountInWidth, setValue, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { overlaysRoot, resetPageStores, useElementTestPage } from '../support/elements';

const WEEK = '2026-10-25';
const EXPECTED = expectedHours({ weekStart: WEEK, holidays: [{ date: '2026-10-26', name: 'Founders Day' }] });

const line = (over: Partial<TimecardLineRow>): TimecardLineRow => ({
  timecardLineId: 1, source: 'manual', timeType: 'Regular', projectId: 1, projectNumber: '24-1032', projectName: 'Riverside <b>MOB</b>',
  costCodeId: 11, costCode: '01-100', costCodeName: 'Labor', opportunityId: null, opportunityNumber: null, opportunityName: null,
  opportunityCostCodeId: null, label: null, ptoRequestId: null, hours: [0, 0, 8, 8, 8, 8, 0], ...over,
});
const HOLIDAY = line({ timecardLineId: 2, source: 'holiday', timeType: 'Holiday', projectId: null, projectNumber: null, projectName: null,
  costCodeId: null, costCode: null, costCodeName: null, label: 'Founders Day', hours: [0, 8, 0, 0, 0, 0, 0] });

function card(over: Partial<TimecardLoad['timecard']> = {}, lines: TimecardLineRow[] = [line({}), HOLIDAY], extra: Partial<TimecardLoad> = {}): TimecardLoad {
  return {
    timecard: {
      timecardId: 7, employeeId: 5, employeeName: 'Sam Patterson', managerName: 'Linda Okafor', weekStart: WEEK, weekEnding: '2026-10-31',
      state: 'Draft', applicationRecordStateId: 301, version: 3, dueDate: '2026-11-01T05:00:00.000Z', expectedHours: 40, enteredHours: 32,
      expectedByDay: EXPECTED.perDay, rejectionReason: null, rejectedByName: null, shortfallReason: null, submittedAt: null, approvedAt: null,
      approvedByName: null, onBehalfOfName: null, mayEdit: true, editNeedsReason: false,
      advancements: [{ routeStateId: 302, name: 'Submit', action: 'submit', needsReason: false }], ...over,
    },
    lines,
    context: {
      projects: { 1: { number: '24-1032', closed: false }, 2: { number: '19-0001', closed: true } },
      costCodes: { 11: { code: '01-100', type: 'L', projectId: 1 }, 12: { code: '05-500', type: 'M', projectId: 1 }, 21: { code: '01-100', type: 'L', projectId: 2 } },
      opportunities: {},
      opportunityCostCodes: {},
      expected: EXPECTED,
    },
    changes: [],
    ...extra,
  };
}

function answers(load: TimecardLoad, over: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    [TIMECARD_API.getTimecard]: { body: { data: load } },
    '/api/employees/GetCurrentUser': { body: { data: { employeeId: 5 } } },
    [TIMECARD_API.searchCharges]: { body: { data: [
      { kind: 'project', id: 2, number: '19-0001', name: 'Closed Clinic', costCodes: [{ id: 21, code: '01-100', name: 'Labor' }] },
      { kind: 'project', id: 1, number: '24-1032', name: 'Riverside MOB', costCodes: [{ id: 11, code: '01-100', name: 'Labor' }, { id: 12, code: '05-500', name: 'Materials' }] },
    ] } },
    ...over,
  };
}

const cellOf = (root: ShadowRoot, row: number, day: number) => root.querySelector<HTMLInputElement>(`[data-cell="${row}-${day}"]`)!;
const key = (el: Element, k: string, init: KeyboardEventInit = {}) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
/** Type `text` into a grid cell by keyboard: the first key starts editing, then the value is typed. */
async function typeInCell(root: ShadowRoot, row: number, day: number, text: string, end = 'Enter') {
  const cell = cellOf(root, row, day);
  cell.focus();
  if (text === '') {
    key(cell, 'Delete');
    await waitFor(() => cellOf(root, row, day).value === '');
    return;
  }
  key(cell, text[0]!);
  await waitFor(() => cellOf(root, row, day).dataset.editing);
  setValue(cellOf(root, row, day), text);
  key(cellOf(root, row, day), end);
  await waitFor(() => !cellOf(root, row, day).dataset.editing);
}
/** The messages the cell points at with aria-describedby. */
function describedText(root: ShadowRoot, el: Element): string {
  return (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => root.getElementById(id)?.textContent ?? '').join(' | ');
}

/** The card of this week, shown, its previous week (2026-10-18) having two lines to copy (a Depot one and a default one). */
async function mountWithLastWeek(): Promise<ShadowRoot> {
  const previous = card({ weekStart: '2026-10-18', weekEnding: '2026-10-24', timecardId: 6 }, [
    line({ projectId: 3, projectNumber: '25-0007', projectName: 'Depot', costCodeId: 31, costCode: '01-100', hours: [0, 8, 8, 8, 8, 8, 0] }), line({}),
  ]);
  stubFetch(answers(card(), {
    [TIMECARD_API.getTimecard]: ({ query }) => ({ body: { data: query.get('weekStart') === '2026-10-18' ? previous : card() } }),
  }));
  const root = await mount('tc-timecard');
  await waitFor(() => root.querySelector('[data-grid]'));
  return root;
}

describe('<tc-timecard>', () => {
  const startUrl = location.pathname + location.search;
  useElementTestPage({ login: 'employee', after: () => history.replaceState(null, '', startUrl) });

  it('shows a progress state, then the week with totals per day (under their columns), per line and for the week', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    stubFetch(answers(card(), { [TIMECARD_API.getTimecard]: async () => { await held; return { body: { data: card() } }; } }));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[role="status"][data-state="loading"]'));
    expect(textOf(root, '[data-state="loading"]')).to.equal(TIMECARD_SCREEN_TEXT.loading);
    release();
    await waitFor(() => root.querySelector('[data-grid]'));
    expect(fetchRequests.find((r) => r.path === TIMECARD_API.getTimecard)!.query.toString()).to.equal('');
    const totals = [...root.querySelectorAll('[data-day-total]')].map((el) => el.textContent);
    expect(totals).to.deep.equal(['0', '8', '8', '8', '8', '8', '0']);
    expect(textOf(root, '[data-line-total="0"]')).to.equal('32');
    expect(textOf(root, '[data-line-total="1"]')).to.equal('8');
    expect(textOf(root, 'tfoot [data-week-total]')).to.equal('40');
    expect(textOf(root, '[data-expected]')).to.equal('40');
    // Holidays and time off are figures of their own, never counted as entered (issue 29).
    expect(textOf(root, '[data-holidays]')).to.equal('8');
    expect(textOf(root, '[data-time-off]')).to.equal('0');
    expect(textOf(root, '[data-summary] [data-entered]')).to.equal('32');
    expect(textOf(root, '[data-left]')).to.equal('0');
    // Each day total sits exactly under its column's header.
    for (let d = 0; d < 7; d += 1) {
      const head = root.querySelector(`[data-day-head="${d}"]`)!.getBoundingClientRect();
      const foot = root.querySelector(`[data-day-total="${d}"]`)!.getBoundingClientRect();
      expect(Math.abs(head.left - foot.left), `day ${d}`).to.be.below(1);
      expect(Math.abs(head.right - foot.right), `day ${d}`).to.be.below(1);
    }
    expect(textOf(root, '[data-day-head="1"]')).to.equal('Mon 10/26');
    // The holiday is read-only and says so; user text renders as text.
    expect(textOf(root, '[data-line="1"] [data-read-only-line]')).to.contain('read-only');
    expect(cellOf(root, 1, 1).getAttribute('aria-readonly')).to.equal('true');
    expect(root.querySelector('b') === null, 'absent').to.equal(true);
    expect(root.querySelector<HTMLInputElement>('[data-line="0"] [role="combobox"]')!.value).to.equal('24-1032 Riverside <b>MOB</b>');
  });

  it('keyboard entry: arrows move, typing edits, Enter and Tab commit and move, Escape cancels; totals follow', async () => {
    stubFetch(answers(card()));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-grid]'));
    const first = cellOf(root, 0, 1);
    first.focus();
    key(first, 'ArrowRight');
    expect(root.activeElement === cellOf(root, 0, 2), 'focus').to.equal(true);
    key(cellOf(root, 0, 2), 'ArrowDown');
    expect(root.activeElement === cellOf(root, 1, 2), 'focus').to.equal(true);
    key(cellOf(root, 1, 2), 'ArrowLeft');
    key(cellOf(root, 1, 1), 'ArrowUp');
    expect(root.activeElement === cellOf(root, 0, 1), 'focus').to.equal(true);
    // Typing starts editing with that key.
    key(cellOf(root, 0, 1), '4');
    await waitFor(() => cellOf(root, 0, 1).dataset.editing);
    expect(cellOf(root, 0, 1).value).to.equal('4');
    setValue(cellOf(root, 0, 1), '4.5');
    key(cellOf(root, 0, 1), 'Tab');
    await waitFor(() => root.activeElement === cellOf(root, 0, 2));
    expect(cellOf(root, 0, 1).value).to.equal('4.5');
    expect(textOf(root, '[data-day-total="1"]')).to.equal('12.5');
    expect(textOf(root, '[data-line-total="0"]')).to.equal('36.5');
    // Escape puts the cell back.
    key(cellOf(root, 0, 2), '9');
    await waitFor(() => cellOf(root, 0, 2).value === '9');
    key(cellOf(root, 0, 2), 'Escape');
    await waitFor(() => cellOf(root, 0, 2).value === '8');
    expect(cellOf(root, 0, 2).dataset.editing).to.equal(undefined);
    // Enter commits; the row below is the read-only holiday, so focus stays (issue 29). Read-only cells do not start editing.
    await typeInCell(root, 0, 3, '6');
    expect(root.activeElement === cellOf(root, 0, 3), 'focus').to.equal(true);
    key(cellOf(root, 0, 3), 'ArrowDown');
    expect(root.activeElement === cellOf(root, 1, 3), 'focus').to.equal(true);
    key(cellOf(root, 1, 3), '5');
    await new Promise((r) => setTimeout(r, 30));
    expect(cellOf(root, 1, 3).value).to.equal('');
    expect(textOf(root, 'tfoot [data-week-total]')).to.equal('42.5');
  });

  it('each policy message shows at its field, in the core’s words', async () => {
    stubFetch(answers(card()));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-grid]'));
    await typeInCell(root, 0, 0, '25');
    expect(describedText(root, cellOf(root, 0, 0))).to.contain(TIMECARD_TEXT.hoursRange);
    expect(textOf(root, `[data-message-for="lines[0].hours[0]"]`)).to.equal(`Sunday: ${TIMECARD_TEXT.hoursRange}`);
    expect(cellOf(root, 0, 0).getAttribute('aria-invalid')).to.equal('true');
    await typeInCell(root, 0, 0, '1.3');
    expect(describedText(root, cellOf(root, 0, 0))).to.contain(TIMECARD_TEXT.quarterHours);
    await typeInCell(root, 0, 0, '');
    expect(cellOf(root, 0, 0).hasAttribute('aria-describedby')).to.equal(false);
    // Hours differ from expected: an info at the reason.
    await typeInCell(root, 0, 6, '2');
    expect(textOf(root, '[data-message-for="reason"]')).to.equal(TIMECARD_TEXT.hoursDiffer(34, 32));
    expect(root.querySelector('#tc-reason')!.getAttribute('aria-describedby')).to.equal(root.querySelector('[data-message-for="reason"]')!.id);
    await typeInCell(root, 0, 6, '');

    // A second line: Overtime before 40 Regular hours.
    root.querySelector<HTMLButtonElement>('[data-action="add-line"]')!.click();
    await waitFor(() => cellOf(root, 1, 0) && root.querySelectorAll('[data-source="manual"]').length === 2);
    const picker = root.querySelector<HTMLInputElement>('[data-line="1"] [role="combobox"]')!;
    expect(describedText(root, picker)).to.contain(TIMECARD_TEXT.projectRequired);
    const code = root.querySelector<HTMLSelectElement>('[data-line="1"] [data-field="costCodeId"]')!;
    expect(describedText(root, code)).to.contain(TIMECARD_TEXT.costCodeRequired);
    // The picker finds the closed project by number; its only code is chosen with it.
    picker.focus();
    setValue(picker, '19');
    const option = await waitFor(() => root.querySelector<HTMLElement>('[data-option="project:2"]'));
    expect(fetchRequests.find((r) => r.path === TIMECARD_API.searchCharges)!.query.get('search')).to.equal('19');
    key(picker, 'Enter');
    await waitFor(() => !root.querySelector('[role="listbox"]'));
    expect(option.isConnected, 'option gone').to.equal(false);
    await typeInCell(root, 1, 2, '1');
    expect(describedText(root, root.querySelector('[data-line="1"] [role="combobox"]')!)).to.contain(TIMECARD_TEXT.closedProject('19-0001'));

    // The same project, code and type as line 1: duplicate; a non-labour code: not labour.
    const picker2 = root.querySelector<HTMLInputElement>('[data-line="1"] [role="combobox"]')!;
    picker2.focus();
    setValue(picker2, '24-10');
    await waitFor(() => root.querySelector('[data-option="project:1"]'));
    (root.querySelector('[data-option="project:1"]') as HTMLElement).dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await waitFor(() => root.querySelector<HTMLSelectElement>('[data-line="1"] [data-field="costCodeId"]')!.options.length === 3);
    setValue(root.querySelector<HTMLSelectElement>('[data-line="1"] [data-field="costCodeId"]')!, '11');
    await waitFor(() => textOf(root, '[data-messages-of="1"]').includes(TIMECARD_TEXT.duplicateLine));
    setValue(root.querySelector<HTMLSelectElement>('[data-line="1"] [data-field="costCodeId"]')!, '12');
    await waitFor(() => describedText(root, root.querySelector('[data-line="1"] [data-field="costCodeId"]')!).includes(TIMECARD_TEXT.notLabor('05-500')));
    setValue(root.querySelector<HTMLSelectElement>('[data-line="1"] [data-field="costCodeId"]')!, '11');
    setValue(root.querySelector<HTMLSelectElement>('[data-line="1"] [data-field="timeType"]')!, 'Overtime');
    await waitFor(() => describedText(root, cellOf(root, 1, 2)).includes(TIMECARD_TEXT.overtimeEarly));
    expect(textOf(root, '[data-message-for="lines[1].hours[2]"]')).to.equal(`Tuesday: ${TIMECARD_TEXT.overtimeEarly}`);
    // Save is refused on the client while an entry is invalid.
    root.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    await waitFor(() => root.querySelector('[data-banner="refused"]'));
    expect(fetchRequests.some((r) => r.path === TIMECARD_API.saveTimecard)).to.equal(false);
  });

  it('a day over 24 hours in total shows under its day total', async () => {
    stubFetch(answers(card({}, [line({}), line({ timecardLineId: 3, costCodeId: 12, costCode: '05-500', hours: [0, 0, 0, 0, 0, 0, 0] }), HOLIDAY])));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-grid]'));
    await typeInCell(root, 0, 1, '20');
    expect(describedText(root, root.querySelector('[data-day-total="1"]')!)).to.equal(TIMECARD_TEXT.dayTotal('Monday'));
  });

  it('save keeps the typed work on 409 (Reload keeps it too) and on 500 (Retry), and shows a 400’s items at their fields', async () => {
    let saves = 0;
    let loads = 0;
    const saved = card({ version: 5 }, [line({ hours: [0, 0, 8, 8, 8, 8, 2] }), HOLIDAY]);
    stubFetch(answers(card(), {
      [TIMECARD_API.getTimecard]: () => ({ body: { data: ++loads === 1 ? card() : card({ version: 4 }) } }),
      [TIMECARD_API.saveTimecard]: () => {
        saves += 1;
        if (saves === 1) return { status: 409, body: { message: 'Angela Ruiz changed it.' } };
        if (saves === 2) return { status: 500, body: {} };
        if (saves === 3) return { status: 400, body: { autoAlert: true, message: 'Refused', items: [{ integerValue: 1, stringValue: 'lines[0].hours[6]', message: 'Server says no.' }] } };
        return { body: { data: saved } };
      },
    }));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-grid]'));
    await typeInCell(root, 0, 6, '2');
    const save = () => root.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    save();
    await waitFor(() => root.querySelector('[data-banner="stale"]'));
    expect(textOf(root, '[data-banner="stale"]')).to.contain(TIMECARD_SCREEN_TEXT.stale);
    expect(cellOf(root, 0, 6).value).to.equal('2');
    root.querySelector<HTMLButtonElement>('[data-reload]')!.click();
    await waitFor(() => loads === 2 && root.querySelector('[data-grid]'));
    expect(cellOf(root, 0, 6).value).to.equal('2');
    save();
    await waitFor(() => root.querySelector('[data-banner="error"]'));
    expect(textOf(root, '[data-banner="error"]')).to.contain(TIMECARD_SCREEN_TEXT.failed('saved', 'HTTP 500'));
    expect(cellOf(root, 0, 6).value).to.equal('2');
    const body = fetchRequests.filter((r) => r.path === TIMECARD_API.saveTimecard).at(-1)!.body as Record<string, string>;
    expect(body.version).to.equal('4');
    expect(body['lines[0].satHours']).to.equal('2');
    expect(body['lines[0].projectId']).to.equal('1');
    expect(body['lines[1].timeType'], 'only manual lines are sent').to.equal(undefined);
    root.querySelector<HTMLButtonElement>('[data-retry]')!.click();
    await waitFor(() => root.querySelector('[data-banner="refused"]'));
    expect(describedText(root, cellOf(root, 0, 6))).to.contain('Server says no.');
    // The 400 autoAlert also opens the §8 box.
    await waitFor(() => overlaysRoot().textContent?.includes('Refused'));
    save();
    await waitFor(() => saves === 4 && !root.querySelector('[data-banner]') && overlaysRoot().textContent?.includes(TIMECARD_SCREEN_TEXT.saved));
    expect(cellOf(root, 0, 6).value).to.equal('2');
  });

  it('submit asks for a reason when the hours differ from expected, then submits; Recall while Submitted', async () => {
    const submitted = card({ state: 'Submitted', applicationRecordStateId: 302, mayEdit: false,
      advancements: [{ routeStateId: 301, name: 'Recall', action: 'recall', needsReason: false }] }, [line({ hours: [0, 0, 8, 8, 8, 8, 2] }), HOLIDAY]);
    stubFetch(answers(card(), {
      [TIMECARD_API.saveTimecard]: { body: { data: card({ version: 4 }, [line({ hours: [0, 0, 8, 8, 8, 8, 2] }), HOLIDAY]) } },
      [TIMECARD_API.updateTimecardState]: ({ body }) => ({ body: { data: (body as Record<string, string>).RouteStateId === '302' ? submitted : card({ version: 6 }) } }),
    }));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-grid]'));
    await typeInCell(root, 0, 6, '2');
    root.querySelector<HTMLButtonElement>('[data-action="submit"]')!.click();
    await waitFor(() => root.querySelector('#tc-reason[aria-invalid], #tc-reason.is-invalid'));
    expect(textOf(root, '[data-message-for="reason"]')).to.equal(TIMECARD_TEXT.hoursDiffer(34, 32));
    expect(root.activeElement?.id).to.equal('tc-reason');
    expect(fetchRequests.some((r) => r.path === TIMECARD_API.saveTimecard)).to.equal(false);
    setValue(root.querySelector<HTMLTextAreaElement>('#tc-reason')!, 'Stayed late for the pour');
    await waitFor(() => textOf(root, '[data-message-for="reason"]') === TIMECARD_TEXT.hoursDiffer(34, 32));
    root.querySelector<HTMLButtonElement>('[data-action="submit"]')!.click();
    await waitFor(() => root.querySelector('[data-screen="timecard"][data-state-name="Submitted"]'));
    const state = fetchRequests.find((r) => r.path === TIMECARD_API.updateTimecardState)!.body as Record<string, string>;
    expect(state).to.deep.include({ ItemId: '7', OldRecordStateId: '301', RouteStateId: '302', reason: 'Stayed late for the pour' });
    expect(root.querySelector('[data-action="save"]') === null, 'absent').to.equal(true);
    root.querySelector<HTMLButtonElement>('[data-action="recall"]')!.click();
    await waitFor(() => root.querySelector('[data-state-name="Draft"]'));
    const recall = fetchRequests.filter((r) => r.path === TIMECARD_API.updateTimecardState).at(-1)!.body as Record<string, string>;
    expect(recall).to.deep.include({ OldRecordStateId: '302', RouteStateId: '301' });
  });

  it('shows the rejection reason on a rejected Draft, approved-by on behalf of, and the recorded changes', async () => {
    stubFetch(answers(card({ rejectionReason: 'Tuesday <i>is</i> wrong', rejectedByName: 'Linda Okafor' })));
    let root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-rejection]'));
    expect(textOf(root, '[data-rejection-reason]')).to.equal('Tuesday <i>is</i> wrong');
    expect(textOf(root, '[data-rejection]')).to.contain('Rejected by Linda Okafor');
    document.body.innerHTML = '';
    resetPageStores();
    stubFetch(answers(card({ state: 'Approved', mayEdit: true, editNeedsReason: true, approvedByName: 'Linda Okafor', onBehalfOfName: 'Ray Ortiz',
      approvedAt: '2026-11-02T15:00:00Z', advancements: [] }), {
      '/api/employees/GetCurrentUser': { body: { data: { employeeId: 9 } } },
    }));
    root = await mount('tc-timecard', { 'timecard-id': '7' });
    await waitFor(() => root.querySelector('[data-approved-by]'));
    expect(fetchRequests.find((r) => r.path === TIMECARD_API.getTimecard)!.query.get('timecardId')).to.equal('7');
    expect(textOf(root, '[data-approved-by]')).to.match(/^Approved by Linda Okafor on .+ on behalf of Ray Ortiz$/);
    // A Timecard Admin changes the approved card only with a reason.
    expect(cellOf(root, 0, 1).getAttribute('aria-readonly')).to.equal('true');
    root.querySelector<HTMLButtonElement>('[data-action="change-approved"]')!.click();
    await waitFor(() => root.querySelector('#tc-change-reason'));
    expect(textOf(root, '[data-message-for="changeReason"]')).to.equal('A reason is required to change an Approved timecard.');
  });

  it('a Timecard Admin’s approved-card change sends the reason and lists the recorded change', async () => {
    const changed = card({ state: 'Approved', mayEdit: true, editNeedsReason: true, version: 9, advancements: [] }, [line({ hours: [0, 0, 8, 8, 8, 6, 0] }), HOLIDAY], {
      changes: [{ timecardChangeId: 1, changedByName: 'Angela Ruiz', changedAt: '2026-11-03T15:00:00Z', reason: 'Left early <Friday>', description: 'Friday 8 → 6', hoursBefore: 32, hoursAfter: 30 }],
    });
    stubFetch(answers(card({ state: 'Approved', mayEdit: true, editNeedsReason: true, advancements: [] }), {
      '/api/employees/GetCurrentUser': { body: { data: { employeeId: 9 } } },
      [TIMECARD_API.saveTimecard]: { body: { data: changed } },
    }));
    const root = await mount('tc-timecard', { 'timecard-id': '7' });
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="change-approved"]'))).click();
    await waitFor(() => root.querySelector('#tc-change-reason'));
    await typeInCell(root, 0, 5, '6');
    setValue(root.querySelector<HTMLTextAreaElement>('#tc-change-reason')!, 'Left early <Friday>');
    await waitFor(() => !root.querySelector('[data-message-for="changeReason"]'));
    root.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    await waitFor(() => root.querySelector('[data-change="1"]'));
    expect((fetchRequests.find((r) => r.path === TIMECARD_API.saveTimecard)!.body as Record<string, string>).reason).to.equal('Left early <Friday>');
    expect(textOf(root, '[data-change-reason-text]')).to.equal('Left early <Friday>');
  });

  it('a manager rejects a submitted card from the screen with a reason (asked for first); 401 on save says to sign in again, with Retry', async () => {
    const submitted = card({ state: 'Submitted', applicationRecordStateId: 302, mayEdit: false, advancements: [
      { routeStateId: 303, name: 'Approve', action: 'approve', needsReason: false },
      { routeStateId: 301, name: 'Reject', action: 'reject', needsReason: true },
    ] });
    stubFetch(answers(submitted, {
      '/api/employees/GetCurrentUser': { body: { data: { employeeId: 3 } } },
      [TIMECARD_API.updateTimecardState]: { body: { data: card({ mayEdit: false, advancements: [], rejectionReason: 'Split Tuesday', rejectedByName: 'Linda Okafor' }) } },
    }));
    const root = await mount('tc-timecard', { 'timecard-id': '7' });
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="reject"]'))).click();
    const box = await waitFor(() => overlaysRoot().querySelector<HTMLTextAreaElement>('textarea'));
    overlaysRoot().querySelector<HTMLButtonElement>('[data-button="ok"]')!.click();
    await waitFor(() => overlaysRoot().textContent?.includes('A reason is required to reject a timecard.'));
    expect(fetchRequests.some((r) => r.path === TIMECARD_API.updateTimecardState), 'nothing sent').to.equal(false);
    overlaysRoot().querySelector<HTMLButtonElement>('[data-button="ok"]')!.click();
    root.querySelector<HTMLButtonElement>('[data-action="reject"]')!.click();
    await waitFor(() => overlaysRoot().querySelector('textarea') && overlaysRoot().querySelector('textarea') !== box);
    setValue(overlaysRoot().querySelector<HTMLTextAreaElement>('textarea')!, 'Split Tuesday');
    overlaysRoot().querySelector<HTMLButtonElement>('[data-button="ok"]')!.click();
    await waitFor(() => root.querySelector('[data-rejection]'));
    expect(fetchRequests.find((r) => r.path === TIMECARD_API.updateTimecardState)!.body).to.deep.include({ ItemId: '7', OldRecordStateId: '302', RouteStateId: '301', reason: 'Split Tuesday' });
    expect(textOf(root, '[data-rejection-reason]')).to.equal('Split Tuesday');

    document.body.innerHTML = '';
    resetPageStores();
    let saves = 0;
    stubFetch(answers(card(), { [TIMECARD_API.saveTimecard]: () => (++saves === 1 ? { status: 401, body: {} } : { body: { data: card({ version: 4 }) } }) }));
    const again = await mount('tc-timecard');
    await waitFor(() => again.querySelector('[data-grid]'));
    await typeInCell(again, 0, 0, '1');
    again.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    await waitFor(() => again.querySelector('[data-banner="error"]'));
    expect(textOf(again, '[data-banner="error"] span')).to.equal(TIMECARD_SCREEN_TEXT.signedOut);
    expect(cellOf(again, 0, 0).value).to.equal('1');
    again.querySelector<HTMLButtonElement>('[data-retry]')!.click();
    await waitFor(() => saves === 2 && !again.querySelector('[data-banner]'));
  });

  it('another employee’s card is the read-only Timecard Preview, even for a Timecard Admin the server lets edit a Draft', async () => {
    stubFetch(answers(card({ mayEdit: true, advancements: [] }), { '/api/employees/GetCurrentUser': { body: { data: { employeeId: 1 } } } }));
    const root = await mount('tc-timecard', { 'employee-id': '5' });
    await waitFor(() => root.querySelector('[data-preview]'));
    expect(textOf(root, 'h1')).to.equal(TIMECARD_SCREEN_TEXT.preview);
    expect(fetchRequests.find((r) => r.path === TIMECARD_API.getTimecard)!.query.get('employeeId')).to.equal('5');
    expect(root.querySelector('[data-action="save"]') === null, 'absent').to.equal(true);
    expect(root.querySelector('[role="combobox"]') === null, 'absent').to.equal(true);
  });

  it('week-start (with or without employee-id) opens the week holding that day when there is no card id', async () => {
    stubFetch(answers(card()));
    const root = await mount('tc-timecard', { 'employee-id': '5', 'week-start': '2026-10-28' });
    await waitFor(() => root.querySelector('[data-grid]'));
    const asked = fetchRequests.find((r) => r.path === TIMECARD_API.getTimecard)!;
    expect([asked.query.get('employeeId'), asked.query.get('weekStart')]).to.deep.equal(['5', '2026-10-28']);
  });

  it("a week without a card (timecardId null: the load created none) shows 'Not started' until its first save", async () => {
    stubFetch(answers(card({ timecardId: null, version: 0 }, [HOLIDAY])));
    const root = await mount('tc-timecard', { 'employee-id': '5', 'week-start': '2026-10-28' });
    await waitFor(() => root.querySelector('[data-grid]'));
    expect(textOf(root, '[data-state="Draft"]')).to.equal(TIMECARD_SCREEN_TEXT.notStarted);
    expect(root.querySelector('[data-screen="timecard"]')!.getAttribute('data-state-name')).to.equal('Draft', 'the rules still act on a Draft');
  });

  it('says so clearly on 403 and retries after a failure', async () => {
    stubFetch(answers(card(), { [TIMECARD_API.getTimecard]: { status: 403, body: {} } }));
    let root = await mount('tc-timecard', { 'employee-id': '99' });
    await waitFor(() => root.querySelector('[data-state="forbidden"]'));
    expect(textOf(root, '[data-state="forbidden"] > span')).to.equal(TIMECARD_SCREEN_TEXT.forbidden);
    document.body.innerHTML = '';
    resetPageStores();
    let calls = 0;
    stubFetch(answers(card(), { [TIMECARD_API.getTimecard]: () => (++calls === 1 ? { status: 500, body: {} } : { body: { data: card() } }) }));
    root = await mount('tc-timecard');
    const retry = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-state="failed"] button'));
    retry.click();
    await waitFor(() => root.querySelector('[data-grid]'));
  });

  it('the deadline reads in Central and in the user’s zone; the countdown shows only in the last 24 hours', async () => {
    const soon = new Date(Date.now() + 5 * 3600_000 + 30 * 60_000);
    stubFetch(answers(card({ dueDate: soon.toISOString() })));
    let root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-due]'));
    const text = deadlineText(soon);
    expect(textOf(root, '[data-due]')).to.equal(lateness(soon, new Date()).due);
    expect(textOf(root, '[data-due]')).to.match(/^Due end of \w+day \d\d\/\d\d$/);
    expect(textOf(root, '[data-due-at]')).to.equal(text.local === text.central ? `(${text.central})` : `(${text.central}; ${text.local} your time)`);
    expect(root.querySelector('[data-overdue]')).to.equal(null);
    expect(textOf(root, '[data-countdown]')).to.match(/^Due in 5 h (30|31) min$/);
    document.body.innerHTML = '';
    resetPageStores();
    stubFetch(answers(card({ dueDate: new Date(Date.now() + 25 * 3600_000).toISOString() })));
    root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-due]'));
    expect(root.querySelector('[data-countdown]') === null, 'absent').to.equal(true);
    // Not for a card already submitted.
    document.body.innerHTML = '';
    resetPageStores();
    stubFetch(answers(card({ state: 'Submitted', dueDate: soon.toISOString(), mayEdit: false, advancements: [] })));
    root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-due]'));
    expect(root.querySelector('[data-countdown]') === null, 'absent').to.equal(true);
    // A Draft past its deadline: overdue is a state the user sees, with since when and how many days.
    document.body.innerHTML = '';
    resetPageStores();
    const passed = new Date(Date.now() - 3 * 86_400_000 - 3600_000);
    stubFetch(answers(card({ dueDate: passed.toISOString() })));
    root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-overdue]'));
    expect(textOf(root, '[data-overdue-badge]')).to.equal('Overdue');
    expect(textOf(root, '[data-due]')).to.equal(lateness(passed, new Date()).text);
    expect(textOf(root, '[data-due]')).to.match(/^Overdue since \w{3} \d\d\/\d\d, \d+:\d\d [AP]M C[DS]T \(3 days\)$/);
  });

  it('week navigation loads the previous, next and this week of the same employee; Copy last week copies lines without hours', async () => {
    const root = await mountWithLastWeek();
    root.querySelector<HTMLButtonElement>('[data-action="copy-last-week"]')!.click();
    await waitFor(() => root.querySelectorAll('tbody [data-source="manual"]').length === 2);
    const copy = fetchRequests.filter((r) => r.path === TIMECARD_API.getTimecard).at(-1)!;
    expect(copy.query.get('employeeId')).to.equal('5');
    expect(copy.query.get('weekStart')).to.equal('2026-10-18');
    expect(root.querySelector<HTMLInputElement>('[data-line="1"] [role="combobox"]')!.value).to.equal('25-0007 Depot');
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => cellOf(root, 1, d).value).join('')).to.equal('');
    // Navigation asks before dropping typed lines.
    root.querySelector<HTMLButtonElement>('[data-week="next"]')!.click();
    await waitFor(() => overlaysRoot().textContent?.includes(TIMECARD_SCREEN_TEXT.unsavedLeave));
  });

  it('Enter never moves into a read-only holiday or time-off row; typing there says why, in a polite live message', async () => {
    const pto = line({ timecardLineId: 3, source: 'pto', timeType: 'PTO', projectId: null, projectNumber: null, projectName: null,
      costCodeId: null, costCode: null, costCodeName: null, label: 'Vacation: Trip', ptoRequestId: 9, hours: [0, 0, 0, 0, 0, 8, 0] });
    stubFetch(answers(card({}, [line({}), HOLIDAY, pto])));
    const root = await mount('tc-timecard');
    await waitFor(() => root.querySelector('[data-grid]'));
    const refusal = root.querySelector('[data-refusal]')!;
    expect([refusal.getAttribute('role'), refusal.getAttribute('aria-live'), refusal.textContent]).to.deep.equal(['status', 'polite', '']);
    // Enter on the last editable row, editing or not: focus stays; the value typed is kept.
    cellOf(root, 0, 2).focus();
    key(cellOf(root, 0, 2), 'Enter');
    expect(root.activeElement === cellOf(root, 0, 2), 'focus').to.equal(true);
    await typeInCell(root, 0, 4, '7');
    expect(root.activeElement === cellOf(root, 0, 4), 'focus').to.equal(true);
    expect(cellOf(root, 0, 4).value).to.equal('7');
    // From a read-only row Enter does not go on into the next read-only row either.
    key(cellOf(root, 0, 1), 'ArrowDown');
    cellOf(root, 1, 1).focus();
    key(cellOf(root, 1, 1), 'Enter');
    expect(root.activeElement === cellOf(root, 1, 1), 'focus').to.equal(true);
    // Typing into the holiday or the time off is refused, and says why.
    key(cellOf(root, 1, 1), '4');
    await waitFor(() => textOf(root, '[data-refusal]') === GRID_TEXT.holidayRefused);
    expect(cellOf(root, 1, 1).value).to.equal('8');
    expect(cellOf(root, 1, 1).dataset.editing).to.equal(undefined);
    cellOf(root, 2, 5).focus();
    key(cellOf(root, 2, 5), 'Delete');
    await waitFor(() => textOf(root, '[data-refusal]') === GRID_TEXT.timeOffRefused);
    expect(cellOf(root, 2, 5).value).to.equal('8');
    // Typing into a line of one's own clears it.
    cellOf(root, 0, 3).focus();
    key(cellOf(root, 0, 3), '5');
    await waitFor(() => textOf(root, '[data-refusal]') === '');
  });

  it('a second Copy last week says the lines are already here and copies none again', async () => {
    const root = await mountWithLastWeek();
    const copyButton = () => root.querySelector<HTMLButtonElement>('[data-action="copy-last-week"]')!;
    copyButton().click();
    await waitFor(() => overlaysRoot().textContent?.includes(TIMECARD_SCREEN_TEXT.copied(1)));
    await waitFor(() => root.querySelectorAll('tbody [data-source="manual"]').length === 2);
    await waitFor(() => !copyButton().disabled);
    copyButton().click();
    await waitFor(() => overlaysRoot().textContent?.includes(TIMECARD_SCREEN_TEXT.alreadyCopied));
    expect(root.querySelectorAll('tbody [data-source="manual"]').length).to.equal(2);
    expect(overlaysRoot().textContent).to.not.contain(TIMECARD_SCREEN_TEXT.nothingToCopy);
  });

  it('changing week puts it on the address: Back returns to the week before, and the address reopens the week (Reload)', async () => {
    const weekCard = (weekStart: string) => card({ weekStart, weekEnding: addDays(weekStart, 6), timecardId: null, version: 0 }, [HOLIDAY]);
    stubFetch(answers(card(), {
      [TIMECARD_API.getTimecard]: ({ query }) => ({ body: { data: weekCard(query.get('weekStart') ? weekOf(query.get('weekStart')!).weekStart : WEEK) } }),
    }));
    const root = await mount('tc-timecard');
    const screen = () => root.querySelector('[data-screen="timecard"]');
    await waitFor(() => screen()?.getAttribute('data-week-start') === WEEK);
    const entries = history.length;
    root.querySelector<HTMLButtonElement>('[data-week="next"]')!.click();
    await waitFor(() => screen()?.getAttribute('data-week-start') === '2026-11-01');
    const address = new URLSearchParams(location.search);
    expect([address.get('employeeId'), address.get('weekStart')]).to.deep.equal(['5', '2026-11-01']);
    expect(history.length).to.equal(entries + 1, 'a new history entry, not a replaced one');
    root.querySelector<HTMLButtonElement>('[data-week="next"]')!.click();
    await waitFor(() => screen()?.getAttribute('data-week-start') === '2026-11-08');
    expect(new URLSearchParams(location.search).get('weekStart')).to.equal('2026-11-08');
    // Back: the week before, from the address.
    history.back();
    await waitFor(() => new URLSearchParams(location.search).get('weekStart') === '2026-11-01' && screen()?.getAttribute('data-week-start') === '2026-11-01');
    // Back to where it started: the element's own week again.
    history.back();
    await waitFor(() => !new URLSearchParams(location.search).has('weekStart') && screen()?.getAttribute('data-week-start') === WEEK);
    // Reload: the page gives the element the address's query (legacy pages and the portal do), and the same week opens.
    history.forward();
    await waitFor(() => new URLSearchParams(location.search).get('weekStart') === '2026-11-01');
    document.body.innerHTML = '';
    const query = new URLSearchParams(location.search);
    const again = await mount('tc-timecard', { 'employee-id': query.get('employeeId')!, 'week-start': query.get('weekStart')! });
    await waitFor(() => again.querySelector('[data-screen="timecard"]')?.getAttribute('data-week-start') === '2026-11-01');
  });

  it('on a phone the week is a day-by-day list with the week’s totals; entry and submit work there', async () => {
    stubFetch(answers(card(), {
      [TIMECARD_API.saveTimecard]: { body: { data: card({ version: 4 }) } },
      [TIMECARD_API.updateTimecardState]: { body: { data: card({ state: 'Submitted', mayEdit: false, advancements: [] }) } },
    }));
    const root = await mountInWidth('tc-timecard');
    await waitFor(() => root.querySelector('[data-day-list]'));
    expect(root.querySelector('[data-grid]') === null, 'absent').to.equal(true);
    expect(root.querySelectorAll('[data-phone-day]').length).to.equal(7);
    expect(textOf(root, '[data-phone-day="2"] [data-day-total="2"]')).to.equal('8 h');
    const input = root.querySelector<HTMLInputElement>('[data-phone-day="2"] [data-cell="0-2"]')!;
    expect(root.querySelector(`label[for="${input.id}"]`)!.textContent).to.contain('24-1032');
    setValue(input, '7.3');
    await waitFor(() => textOf(root, '[data-phone-day="2"] [data-message-for="lines[0].hours[2]"]').includes(TIMECARD_TEXT.quarterHours));
    setValue(input, '9');
    await waitFor(() => textOf(root, '[data-phone-day="2"] [data-day-total="2"]') === '9 h');
    expect(textOf(root, '[data-phone-week-total] [data-week-total]')).to.equal('41');
    setValue(input, '8');
    await waitFor(() => textOf(root, '[data-phone-week-total] [data-week-total]') === '40');
    root.querySelector<HTMLButtonElement>('[data-action="submit"]')!.click();
    await waitFor(() => root.querySelector('[data-state-name="Submitted"]'));
  });
});
