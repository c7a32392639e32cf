// Hostile input (issue 16): every payload of tests/e2e/support/xss-payloads.ts is written through the API
// into the text fields users write (initiating document titles, change event titles, change event item
// descriptions, cost code descriptions, a document template's body, a query string), then each place that
// renders it is visited once: lists, a workbench, the Tabulator grid, header search results, the bell,
// toasts, a message box, a legacy page and the generated PDF. The suite counts payloads × places shown as
// text and requires 0 executions: no sentinel call, no dialog, no load of the payloads' /xss-hit image,
// no CSP report of a blocked payload and no payload markup in the DOM (checked through shadow roots).
// Run alone: npx rollup -c && E2E_PORT=4644 npx playwright test tests/e2e/xss.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { today as centralToday } from '../../src/core/clock';
import { periodEndOf } from '../../src/core/pay-applications/rules';
import { openPortalAs, pushPath } from './support/portal';
import { arm, inspect, type Watch } from './support/hostile';
import { arrangeAs } from './support/arrange';
import { XSS_PAYLOADS, payloadLabel } from './support/xss-payloads';

// A project no other spec writes to (region 1, active), so its lists hold this spec's records.
const PROJECT_ID = 33;
const BUDGET_ID = 36;
const QUERY = `projectId=${PROJECT_ID}&budgetId=${BUDGET_ID}`;
const N = XSS_PAYLOADS.length;

/** One place's tally, checked: nothing ran, and the payloads it holds show as text. */
async function place(page: Page, watch: Watch, name: string, expected: number, tally: Map<string, number>): Promise<void> {
  const shown = async () => {
    const { text } = await inspect(page);
    return XSS_PAYLOADS.filter((payload) => text.includes(payload)).length;
  };
  await expect.poll(shown, { message: `${name}: payloads shown as text` }).toBeGreaterThanOrEqual(expected);
  const seen = await inspect(page);
  expect(seen.runs.map(payloadLabel), `${name}: payloads that ran`).toEqual([]);
  expect(seen.injected, `${name}: payload markup in the DOM`).toEqual([]);
  expect(seen.csp, `${name}: CSP reports of payloads`).toEqual([]);
  expect(watch.hits, `${name}: payload image loads`).toEqual([]);
  expect(watch.dialogs, `${name}: dialogs`).toEqual([]);
  expect(watch.offsite, `${name}: off-site requests`).toEqual([]);
  tally.set(name, XSS_PAYLOADS.filter((payload) => seen.text.includes(payload)).length);
  const tooltips = XSS_PAYLOADS.filter((payload) => seen.titles.includes(payload)).length;
  if (tooltips) tally.set(`${name} (tooltips)`, tooltips);
}

/** A record list renders a page of rows: ask for all of them (the payloads and the seeded rows are more than a page). */
async function showAll(page: Page, tag: string): Promise<void> {
  const list = page.locator(`${tag} .record-lists`).first();
  await expect(list.locator('tr[data-record-id]').first()).toBeVisible();
  const more = list.locator('[data-more] [data-action="show-all"]');
  if (await more.count()) await more.click();
}

/** Every page's text of a PDF. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const doc = await getDocument({ data: bytes, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) pages.push((await (await doc.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(''));
  return pages.join('\n');
}

async function post(page: Page, path: string, form: Record<string, string | number>): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const answer = await api(page, 'POST', path, form);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

test('XSS: 0 of the payloads × places run; each place shows them as text', async ({ page }) => {
  test.setTimeout(180_000);
  const watch = await arm(page);
  watchToken(page);
  keepBearer(page);
  await openPortalAs(page, 'admin', '/');
  const tally = new Map<string, number>();

  // --- writes: each payload as an initiating document's title, a change event's title, an item's description, a cost code's description
  const stamp = Date.now() % 99_999;
  const records = [];
  for (let n = 0; n < N; n++) {
    records.push(await post(page, '/api/pfm/CreateChangeRecord', { ProjectId: PROJECT_ID, BudgetId: BUDGET_ID, Title: XSS_PAYLOADS[n]!, InitiatingDocumentTypeId: 2 }));
  }
  const changeRecordId = Number(records[0].changeRecordId ?? records[0].changeRecord?.changeRecordId);
  expect(changeRecordId).toBeGreaterThan(0);
  const events = await Promise.all(XSS_PAYLOADS.map((payload) => post(page, '/api/pfm/CreateChangeEvent', { ChangeRecordId: changeRecordId, Title: payload, ReimbursableTypeId: 1 })));
  const changeEventId = Number(events[0].changeEventId ?? events[0].changeEvent?.changeEventId);
  expect(changeEventId).toBeGreaterThan(0);
  const codes = await Promise.all(XSS_PAYLOADS.map((payload, n) => post(page, '/api/pfm/AddCostCode', {
    BudgetId: BUDGET_ID, Code: String(90_000_000 + stamp * 100 + n), Description: payload, CostType: 'M', OriginalBudget: 0,
  })));
  const vendor = (await api(page, 'GET', `/api/pfm/getcommitmentvendors?recordKey=Project&recordId=${PROJECT_ID}`)).body.data[0];
  for (const [n, payload] of XSS_PAYLOADS.entries()) {
    await post(page, '/api/pfm/CreateChangeEventItem', { ChangeEventId: changeEventId, Description: payload, CostCodeId: codes[n].costCode.costCodeId, VendorId: vendor.vendorId, EstimatedAmount: 100 });
  }

  // --- lists
  await pushPath(page, `/pfm/projects/changemanagement?${QUERY}&activeTab=initiating-documents`);
  await showAll(page, 'pfm-change-management');
  await place(page, watch, 'list: initiating documents', N, tally);
  await pushPath(page, `/pfm/projects/changemanagement?${QUERY}&activeTab=change-events`);
  await showAll(page, 'pfm-change-management');
  await place(page, watch, 'list: change events', N, tally);

  // --- a workbench: the change event with its items
  await pushPath(page, `/pfm/projects/changemanagement?${QUERY}&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=${changeEventId}`);
  await expect(page.locator('wb-change-event [data-item-list="open"] tr[data-item-id]')).toHaveCount(N);
  await place(page, watch, 'workbench: change event items', N, tally);

  // --- the Tabulator grid (cells written with innerHTML)
  // Tabulator draws only the rows in view: filtered to the payload rows, the grid is scrolled through, each view checked.
  await pushPath(page, `/pfm/projects/projectiongrid?${QUERY}`);
  await page.locator('pfm-projection-grid').getByLabel('Filter Description').fill('xss');
  const holder = page.locator('pfm-projection-grid .tabulator-tableholder');
  await expect(holder.locator('.tabulator-row').first()).toBeVisible();
  const inGrid = new Set<number>();
  for (let step = 0; step < 60 && inGrid.size < N; step++) {
    const seen = await inspect(page);
    expect(seen.injected, 'grid: payload markup in the DOM').toEqual([]);
    XSS_PAYLOADS.forEach((payload, n) => { if (seen.text.includes(payload)) inGrid.add(n); });
    const moved = await holder.evaluate(async (el) => {
      const before = el.scrollTop;
      el.scrollTop += Math.max(100, el.clientHeight * 0.8);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return el.scrollTop > before;
    });
    if (!moved && step > 0) break;
  }
  expect(inGrid.size, 'grid: payloads shown as text').toBe(N);
  await place(page, watch, 'grid: projection grid', 0, tally);
  tally.set('grid: projection grid', inGrid.size);

  // --- the forecast comparison: each payload typed as a projection's reason, compared with last month's snapshot
  const reasons = Object.fromEntries(XSS_PAYLOADS.flatMap((payload, n) => [
    [`projections[${n}].costCodeId`, codes[n].costCode.costCodeId], [`projections[${n}].value`, 1000 + n], [`projections[${n}].reason`, payload],
  ]));
  await post(page, '/api/pfm/SaveProjections', { BudgetId: BUDGET_ID, ...reasons });
  await pushPath(page, `/pfm/projects/forecast?${QUERY}`);
  const compare = page.locator('pfm-forecast [data-section="compare"]');
  await compare.locator('[data-field="to"]').selectOption('current');
  await expect(compare.locator('[data-comparison] tbody tr[data-cost-code-id]').first()).toBeVisible();
  await place(page, watch, 'screen: forecast comparison (reasons typed)', N, tally);

  // --- a commitment change order whose lines are the payloads, approved, then billed on a pay application
  const billable = e2eDb().prepare(`SELECT s.subcontractId FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId)
    WHERE s.projectId = ? AND st.name = 'Executed' AND NOT EXISTS (SELECT 1 FROM pay_applications p JOIN application_record_states ps ON ps.applicationRecordStateId = p.applicationRecordStateId
      WHERE p.commitmentKey = 'Subcontract' AND p.commitmentId = s.subcontractId AND (ps.closed = 0 OR p.periodEnd >= ? OR p.final = 1))
    ORDER BY s.subcontractId LIMIT 1`).get(PROJECT_ID, periodEndOf(centralToday()).slice(0, 8)) as { subcontractId: number };
  const sLine = (e2eDb().prepare("SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = 'S' ORDER BY costCodeId LIMIT 1").get(BUDGET_ID) as { costCodeId: number }).costCodeId;
  const lines = Object.fromEntries(XSS_PAYLOADS.flatMap((payload, n) => [[`items[${n}].costCodeId`, sLine], [`items[${n}].description`, payload], [`items[${n}].amount`, 1]]));
  const co = await post(page, '/api/pfm/CreateCommitmentChangeOrder', { RecordKey: 'Subcontract', CommitmentId: billable.subcontractId, Description: XSS_PAYLOADS[0]!, ...lines });
  const coState = (name: string) => (e2eDb().prepare("SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = 'SubcontractChangeOrder' AND name = ?").get(name) as { id: number }).id;
  const move = (on: Page, from: string, to: string) =>
    post(on, '/api/pfm/UpdateCommitmentState', { RecordKey: 'SubcontractChangeOrder', ItemId: co.subcontractChangeOrderId, OldRecordStateId: coState(from), RouteStateId: coState(to) });
  // The PM of the project submits it; the admin approves (segregation of duties: not the submitter).
  await arrangeAs('pm', async (pm) => { await move(pm, 'Draft', 'Pending Approval'); })(page);
  await move(page, 'Pending Approval', 'Approved');
  const payApplication = await post(page, '/api/pfm/CreatePayApplication', { RecordKey: 'Subcontract', CommitmentId: billable.subcontractId, PeriodEnd: periodEndOf(centralToday()) });
  await pushPath(page, `/pfm/projects/commitments?${QUERY}&workbench=SubcontractChangeOrder&recordKey=SubcontractChangeOrder&recordId=${co.subcontractChangeOrderId}`);
  await expect(page.locator('wb-subcontract-change-order [data-items] tbody tr[data-item]')).toHaveCount(N);
  await place(page, watch, 'workbench: commitment change order lines', N, tally);
  await pushPath(page, `/pfm/projects/payapplications?${QUERY}&workbench=PayApplication&recordKey=PayApplication&recordId=${payApplication.payApplicationId}`);
  await expect(page.locator('wb-pay-application [data-sheet] tbody tr').first()).toBeVisible();
  await place(page, watch, 'workbench: pay application continuation sheet', N, tally);
  await pushPath(page, `/pfm/projects/projectiongrid?${QUERY}`); // the workbench closed: the header is the next place

  // --- header search results: the real search ('xss' finds this spec's change events), widened to every payload
  await page.route('**/search/query**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const answer = body.data ?? body;
    const model = answer.results.find((r: { kind: string }) => r.kind === 'changeEvent') ?? answer.results[0];
    answer.results = [...answer.results, ...XSS_PAYLOADS.map((payload, n) => ({ ...model, id: 900_000 + n, number: payload, name: payload, detail: payload }))];
    await route.fulfill({ response, json: body });
  });
  const search = page.locator('portal-header').getByRole('combobox');
  await search.click();
  await search.fill('xss');
  await expect(page.locator('portal-header [data-search-result]').first()).toBeVisible();
  await place(page, watch, 'header: search results', N, tally);
  await search.press('Escape');
  await page.unroute('**/search/query**');

  // --- the bell: the open items answer carries the payloads as workflow names, phases, links and PTO titles
  await page.route('**/api/common/GetOpenItemsByEmployee**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const items = body.data;
    items.openWorkflows = XSS_PAYLOADS.map((payload, n) => ({ workflowInstanceId: 800_000 + n, documentNumber: payload, workflowTrigger: payload, phaseName: payload, directLink: payload }));
    items.pendingPtoRequests = XSS_PAYLOADS.map((payload, n) => ({ requestId: 800_000 + n, title: payload, employeeName: payload, startDate: '2026-12-01', endDate: '2026-12-02' }));
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.locator('pfm-projection-grid')).toBeAttached();
  const bell = page.locator('portal-header [data-menu="bell"] button').first();
  await expect.poll(async () => Number(await page.locator('portal-header .portal-bell-count').getAttribute('data-count'))).toBeGreaterThanOrEqual(2 * N);
  await bell.click();
  await place(page, watch, 'header: bell', N, tally);
  await bell.press('Escape');
  await page.unroute('**/api/common/GetOpenItemsByEmployee**');

  // --- toasts and a message box, fed through the page's shared message stores
  await page.evaluate((payloads) => {
    type Store<T> = { get(): T; set(value: T): void };
    const state = (globalThis as unknown as Record<symbol, { toasts: Store<unknown[]>; boxes: Store<unknown[]> }>)[Symbol.for('bizapps.messages')]!;
    state.toasts.set(payloads.map((payload, n) => ({ id: 700_000 + n, title: payload, message: payload, variant: 'danger' })));
    state.boxes.set([{
      id: 700_100, title: payloads[0], message: payloads.join('\n'), width: '400px', buttons: ['ok'], variant: 'danger',
      details: payloads.map((payload) => ({ label: payload, value: payload })), resolve: () => state.boxes.set([]),
    }]);
  }, XSS_PAYLOADS);
  await place(page, watch, 'toasts and message box', N, tally);

  // --- a legacy page: the query string as received, and the embedded list of the initiating documents
  const legacyQuery = new URLSearchParams({ projectId: String(PROJECT_ID), budgetId: String(BUDGET_ID), activeTab: 'initiating-documents' });
  XSS_PAYLOADS.forEach((payload, n) => legacyQuery.set(`x${n}`, payload));
  await page.goto(`/costmanagement/costmanagement/changemanagement?${legacyQuery.toString()}`);
  await showAll(page, 'pfm-change-management');
  await place(page, watch, 'legacy page: query echo', N, tally);
  await page.goto(`/costmanagement/costmanagement/changemanagement?${QUERY}&activeTab=initiating-documents`);
  await expect(page.locator('pfm-change-management [data-open]').first()).toBeVisible({ timeout: 20_000 });
  await showAll(page, 'pfm-change-management');
  await place(page, watch, 'legacy page: embedded list', N, tally);

  // --- the generated PDF: a template body of every payload, merged for a subcontract of the project, is text
  const subcontract = e2eDb().prepare('SELECT subcontractId FROM subcontracts ORDER BY subcontractId LIMIT 1').get() as { subcontractId: number };
  const mergeable = XSS_PAYLOADS.filter((payload) => !payload.includes('{{'));
  const preview = await page.request.post('/api/pfm/documents/PreviewDocumentTemplate', {
    headers: { Authorization: bearers.get(page) ?? '' },
    multipart: { RecordKey: 'Subcontract', RecordId: String(subcontract.subcontractId), Body: mergeable.join('\n') },
  });
  expect(preview.status()).toBe(200);
  const bytes = new Uint8Array(await preview.body());
  const raw = new TextDecoder('latin1').decode(bytes);
  expect(raw, 'PDF actions').not.toMatch(/\/(JavaScript|JS|Launch|URI|OpenAction|AA|SubmitForm|ImportData)\b/);
  const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
  const inPdf = mergeable.filter((payload) => text.includes(payload.replace(/\s+/g, ' '))).length;
  expect(inPdf, 'payloads written as text in the PDF').toBe(mergeable.length);
  tally.set('generated PDF', inPdf);

  const total = [...tally.values()].reduce((sum, count) => sum + count, 0);
  console.log(`XSS: ${N} payloads; payloads × places shown as text = ${total}, executions 0`);
  for (const [name, count] of tally) console.log(`  ${name}: ${count}`);
  // Every place shows every payload, except the PDF: a payload with a merge field ({{…}}) is not merge text.
  expect(total).toBe(N * (tally.size - 1) + mergeable.length);
});

const bearers = new WeakMap<Page, string>();
/** Keep the product API's bearer the page sends (for a call whose answer is a PDF, not JSON). */
function keepBearer(page: Page): void {
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header?.startsWith('Bearer ') && new URL(request.url()).pathname.startsWith('/api/')) bearers.set(page, header);
  });
}
