/**
 * A Timecard Admin's week counts and "Remind the N who have not submitted" (issue 29,
 * src/features/timecards/manage/Admin.tsx AdminWeekSummary), with the API stubbed: the figures, the
 * button naming N (disabled at 0), the confirm naming N and the week, the answer shown, and a failure
 * kept in the dialog with its message.
 */
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { OPEN_ITEMS_CHANGED_EVENT, TIMECARD_API, type AdminWeekCounts, type TimecardReminderAnswer } from '../../src/core/timecards/contract';
import { AdminWeekSummary } from '../../src/features/timecards/manage/Admin';
import { MANAGE_TEXT } from '../../src/features/timecards/manage/data';
import { fetchRequests, restoreFetch, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { signInForTest } from '../support/elements';

const WEEK = '2026-11-15';
const counts = (over: Partial<AdminWeekCounts> = {}): AdminWeekCounts => ({
  weekStart: WEEK, weekEnding: '2026-11-21', employees: 64, submitted: 41, approved: 11, owed: 12, remindedToday: 0, mayRemind: true, ...over,
});
const reminded: TimecardReminderAnswer = {
  weekStart: WEEK, weekEnding: '2026-11-21', reminded: 12, alreadyReminded: 0, message: 'Reminded 12 employees who had not submitted 11/15–11/21.',
  counts: counts({ remindedToday: 12 }),
};

let host: HTMLDivElement;
let root: Root;

async function render(answers: Record<string, StubFor>): Promise<HTMLDivElement> {
  stubFetch(answers);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(<AdminWeekSummary weekStart={WEEK} />);
  await waitFor(() => host.querySelector('[data-count="owed"]'));
  return host;
}

const button = (selector: string) => {
  const element = host.querySelector<HTMLButtonElement>(selector);
  if (!element) throw new Error(`no ${selector}`);
  return element;
};
const dialog = () => host.querySelector<HTMLDialogElement>('[data-dialog="remind"]')!;
const posts = () => fetchRequests.filter((r) => r.method === 'POST');

describe('the week counts and reminder of a Timecard Admin', () => {
  beforeEach(() => signInForTest('tcadmin'));
  afterEach(() => {
    root?.unmount();
    host?.remove();
    restoreFetch();
  });

  it('shows the week\'s Submitted, Approved and Not started or Draft figures, loaded for that week', async () => {
    await render({ [TIMECARD_API.getAdminWeekCounts]: { body: { data: counts() } } });
    expect(textOf(host, '[data-count="submitted"]')).to.equal('41');
    expect(textOf(host, '[data-count="approved"]')).to.equal('11');
    expect(textOf(host, '[data-count="owed"]')).to.equal('12');
    expect(host.querySelector('[data-count="owed"]')!.getAttribute('aria-labelledby')).to.equal('tc-count-owed');
    expect(textOf(host, '#tc-count-owed')).to.equal(MANAGE_TEXT.countOwed);
    expect(fetchRequests[0]!.query.get('weekStart')).to.equal(WEEK);
    expect(host.querySelector('section')!.getAttribute('aria-label')).to.equal('Timecards of 11/15–11/21');
  });

  it('names N on the button, and disables it when nobody owes the week', async () => {
    await render({ [TIMECARD_API.getAdminWeekCounts]: { body: { data: counts() } } });
    expect(button('[data-action="remind"]').textContent).to.equal('Remind the 12 who have not submitted');
    expect(button('[data-action="remind"]').disabled).to.equal(false);
    root.unmount();
    host.remove();
    await render({ [TIMECARD_API.getAdminWeekCounts]: { body: { data: counts({ submitted: 53, owed: 0 }) } } });
    expect(button('[data-action="remind"]').textContent).to.equal('Remind the 0 who have not submitted');
    expect(button('[data-action="remind"]').disabled).to.equal(true);
  });

  it('asks first, naming how many and which week; Cancel sends nothing', async () => {
    await render({ [TIMECARD_API.getAdminWeekCounts]: { body: { data: counts() } }, [TIMECARD_API.remindOwedTimecards]: { body: { data: reminded } } });
    button('[data-action="remind"]').click();
    await waitFor(() => dialog().open);
    expect(textOf(dialog(), 'h2')).to.equal('Remind 12 employees who have not submitted 11/15–11/21?');
    expect(posts()).to.have.length(0);
    button('[data-action="cancel-remind"]').click();
    await waitFor(() => !dialog().open);
    expect(posts()).to.have.length(0);
  });

  it('sends the week as a form, closes the dialog and shows the answer with the new figures', async () => {
    await render({ [TIMECARD_API.getAdminWeekCounts]: { body: { data: counts() } }, [TIMECARD_API.remindOwedTimecards]: { body: { data: reminded } } });
    button('[data-action="remind"]').click();
    await waitFor(() => dialog().open);
    button('[data-action="confirm-remind"]').click();
    const outcome = await waitFor(() => host.querySelector('[data-remind-outcome]'));
    expect(outcome.textContent).to.equal(reminded.message);
    expect(outcome.parentElement!.getAttribute('role')).to.equal('status');
    // The dialog closes and the figures follow in the same answer's renders: wait for them, then check.
    await waitFor(() => !dialog().open && textOf(host, '[data-reminded-today]') === MANAGE_TEXT.remindedToday(12));
    expect(posts()).to.have.length(1);
    expect(posts()[0]!.path).to.equal(TIMECARD_API.remindOwedTimecards);
    expect((posts()[0]!.body as Record<string, unknown>).weekStart).to.equal(WEEK);
    expect(textOf(host, '[data-reminded-today]')).to.equal(MANAGE_TEXT.remindedToday(12));
  });

  it('keeps the dialog open with the server\'s message when the reminder fails, and may be tried again', async () => {
    let fail = true;
    await render({
      [TIMECARD_API.getAdminWeekCounts]: { body: { data: counts() } },
      [TIMECARD_API.remindOwedTimecards]: () => (fail
        ? { status: 400, body: { message: 'Everyone has submitted 11/15–11/21: there is nobody to remind.', autoAlert: true } }
        : { body: { data: reminded } }),
    });
    button('[data-action="remind"]').click();
    await waitFor(() => dialog().open);
    button('[data-action="confirm-remind"]').click();
    const error = await waitFor(() => host.querySelector('[data-error="remind"]'));
    expect(error.textContent).to.equal('Everyone has submitted 11/15–11/21: there is nobody to remind.');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(dialog().open).to.equal(true);
    expect(host.querySelector('[data-remind-outcome]')).to.equal(null);
    await waitFor(() => !button('[data-action="confirm-remind"]').disabled);
    // Tried again, it goes through.
    fail = false;
    button('[data-action="confirm-remind"]').click();
    await waitFor(() => host.querySelector('[data-remind-outcome]'));
    expect(dialog().open).to.equal(false);
  });

  it('says so in the dialog when the server gives no message, and loads the figures again when an approval changes them', async () => {
    let owed = 12;
    await render({
      [TIMECARD_API.getAdminWeekCounts]: () => ({ body: { data: counts({ owed }) } }),
      [TIMECARD_API.remindOwedTimecards]: { status: 500, body: {} },
    });
    button('[data-action="remind"]').click();
    await waitFor(() => dialog().open);
    button('[data-action="confirm-remind"]').click();
    const error = await waitFor(() => host.querySelector('[data-error="remind"]'));
    expect(error.textContent).to.equal(MANAGE_TEXT.remindFailed);
    button('[data-action="cancel-remind"]').click();

    owed = 11;
    document.dispatchEvent(new CustomEvent(OPEN_ITEMS_CHANGED_EVENT));
    await waitFor(() => textOf(host, '[data-count="owed"]') === '11');
    // The figures stayed on screen while they loaded again.
    expect(host.querySelector('[data-state="loading"]')).to.equal(null);
  });
});
