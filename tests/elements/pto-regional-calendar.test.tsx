/**
 * `<pto-regional-calendar>`: a holiday on a date the region already has (issue 29) is said once, at the
 * date field (aria-invalid, aria-describedby, focus), with no 'Request Failed' box and the typed values kept.
 * The stub answers as the host does (demo/host/api/time-off/holidays.ts: `invalid(...)`, 400 with feedback,
 * no autoAlert; tests/api/time-off-holidays-duplicate.test.ts checks that answer).
 */
import { expect } from 'chai';
import { resetRoles, setRoles } from '../../src/core/roles';
import type { HolidayRow } from '../../src/core/time-off/contract';
import { REGIONAL_TEXT } from '../../src/features/time-off';
import { OVERLAYS_TAG } from '../../src/ui/element';
import '../../src/elements/pto-regional-calendar/define';
import { fetchRequests, mount, setValue, sleep, stubFetch, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const REGIONS = [{ regionId: 1, code: 'NTX', name: 'North Texas' }];
const THERE: HolidayRow = { holidayId: 4, regionId: 1, regionName: 'North Texas', holidayDate: '2031-11-27', name: 'Thanksgiving', hours: 8 };
const DUPLICATE = 'North Texas already has a holiday on 11/27/2031 (Thanksgiving): change that one instead.';
/** The host's answer to a duplicate: http.ts `invalid([item])` as sendError writes it. */
const DUPLICATE_ANSWER = (() => {
  const item = { integerValue: 1, stringValue: 'holidayDate', message: DUPLICATE };
  return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: DUPLICATE, data: [item], feedback: [item] } };
})();

/** The titles of the message boxes open (strings: a failure message that holds DOM nodes is slow to report). */
const dialogTitles = () => [...(document.querySelector(OVERLAYS_TAG)?.shadowRoot?.querySelectorAll('[role="dialog"]') ?? [])].map((d) => d.querySelector('.modal-title')?.textContent ?? '');
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('<pto-regional-calendar> duplicate holiday', () => {
  useElementTestPage({ login: 'tcadmin', after: resetRoles });
  beforeEach(() => setRoles([{ applicationKey: 'keyTC', name: 'Timecard Admin' }]));

  it('says the refusal once, at the date field, with no Request Failed box; the typed values stay', async () => {
    stubFetch({
      '/api/timeoff/getregions': { body: { data: REGIONS } },
      '/api/timeoff/getholidays': { body: { data: [THERE] } },
      '/api/timeoff/saveholiday': DUPLICATE_ANSWER,
    });
    const root = await mount('pto-regional-calendar', { 'region-id': '1', year: '2031' });
    await waitFor(() => root.querySelector('[data-holiday-id="4"]'));
    const form = root.querySelector('[data-holiday-form="new"]')!;
    const date = form.querySelector<HTMLInputElement>('[data-field="holidayDate"]')!;
    const name = form.querySelector<HTMLInputElement>('[data-field="name"]')!;
    setValue(date, '2031-11-27');
    setValue(name, 'Harvest Day');
    setValue(form.querySelector<HTMLSelectElement>('select[data-field="hours"]')!, '4');
    form.querySelector<HTMLButtonElement>('[data-action="save-holiday"]')!.click();

    const at = await waitFor(() => form.querySelector('[data-field-feedback="holidayDate"]'));
    await sleep(50); // a 'Request Failed' box opens before the error reaches the form: give it time to show
    expect(at.textContent).to.contain(DUPLICATE);
    expect(date.getAttribute('aria-invalid')).to.equal('true');
    expect(date.getAttribute('aria-describedby')).to.equal(at.id);
    expect(root.activeElement === date, 'the focus is on the date, which reads the message').to.equal(true);
    expect(occurrences(root.textContent ?? '', DUPLICATE), 'said once').to.equal(1);
    expect(dialogTitles(), 'no Request Failed box').to.deep.equal([]);
    expect([date.value, name.value, form.querySelector<HTMLSelectElement>('select[data-field="hours"]')!.value]).to.deep.equal(['2031-11-27', 'Harvest Day', '4']);
    expect(fetchRequests.filter((r) => r.path === '/api/timeoff/saveholiday')).to.have.length(1);
  });

  it("the client's own checks are said once at their fields too, and the focus goes to the first", async () => {
    stubFetch({ '/api/timeoff/getregions': { body: { data: REGIONS } }, '/api/timeoff/getholidays': { body: { data: [THERE] } } });
    const root = await mount('pto-regional-calendar', { 'region-id': '1', year: '2031' });
    await waitFor(() => root.querySelector('[data-holiday-id="4"]'));
    const form = root.querySelector('[data-holiday-form="new"]')!;
    form.querySelector<HTMLButtonElement>('[data-action="save-holiday"]')!.click();
    await waitFor(() => form.querySelector('[data-field-feedback="name"]'));
    expect(occurrences(root.textContent ?? '', REGIONAL_TEXT.dateRequired)).to.equal(1);
    expect(occurrences(root.textContent ?? '', REGIONAL_TEXT.nameRequired)).to.equal(1);
    await waitFor(() => root.activeElement === form.querySelector('[data-field="holidayDate"]'));
    expect(fetchRequests.some((r) => r.path === '/api/timeoff/saveholiday')).to.equal(false);
  });
});
