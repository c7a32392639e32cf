// Change management end to end beyond the showcase records: state moves (the item 'Rejected' e-mail,
// Open/Closed list moves), refused and failed moves put back everywhere (a real 400 autoAlert, a dropped
// connection, a failed cancel cascade), the §5 link candidates of an item, an initiating document's
// RFI, and the header's tab menu. Each test makes its own
// initiating document, change event and items through the API as the signed-in pm (the database is
// shared by the run), then checks the outcome in the database itself.
// Run alone: DIST_DIR=.tmp/dist-mv npx rollup -c && DIST_DIR=.tmp/dist-mv E2E_PORT=8583 npx playwright test tests/e2e/change-moves.spec.ts --output=.tmp/pw-mv
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, hasToken, watchToken } from './support/api';
import { arrangeAs } from './support/arrange';
import { e2eDb, stateIdOf, storedItemStates, storedState } from './support/db';
import { openPortalAs } from './support/portal';
import { advance, dialog } from './support/records';

const Q = 'projectId=1&budgetId=1';
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const toasts = (page: Page) => page.locator('portal-overlays .toast');

/** POST as the page's user; fails the test unless the server answers 200. */
async function post(page: Page, path: string, form: Record<string, string | number>): Promise<Row> {
  const answer = await api(page, 'POST', path, form);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data as Row;
}

/** Move a record through the API from its stored state to `to` (an offered advancement). */
async function move(page: Page, kind: 'ChangeRecord' | 'ChangeEvent' | 'ChangeEventItem', id: number, to: string): Promise<void> {
  await post(page, `/api/pfm/Update${kind}State`, { ItemId: id, OldRecordStateId: stateIdOf(kind, storedState(kind, id)), RouteStateId: stateIdOf(kind, to) });
}

/**
 * An item approved the way the approval matrix has it: the PM submits it (Pending Approval) with its approved
 * amount, and his RPM approves it (the submitter may not).
 */
async function approveItem(page: Page, item: Row): Promise<void> {
  await move(page, 'ChangeEventItem', item.changeEventItemId, 'Pending Approval');
  await post(page, '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: item.changeEventItemId, approvedAmount: item.estimatedAmount });
  await arrangeAs('rpm', (rpm) => move(rpm, 'ChangeEventItem', item.changeEventItemId, 'Approved'))(page);
}

/** A subcontract line of budget 1 and a vendor with an executed subcontract on project 1 (so its items can be committed). */
function itemBasics(): { costCodeId: number; vendorId: number } {
  const db = e2eDb();
  const { costCodeId } = db.prepare("SELECT costCodeId FROM cost_codes WHERE budgetId = 1 AND type = 'S' ORDER BY costCodeId LIMIT 1").get() as { costCodeId: number };
  const { vendorId } = db.prepare(`SELECT s.vendorId FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId)
    WHERE s.projectId = 1 AND st.name = 'Executed' AND s.vendorId IS NOT NULL ORDER BY s.subcontractId LIMIT 1`).get() as { vendorId: number };
  return { costCodeId, vendorId };
}

/** A new initiating document of project 1 (Draft). */
async function newDocument(page: Page, title: string): Promise<Row> {
  return post(page, '/api/pfm/CreateChangeRecord', { ProjectId: 1, Title: title, InitiatingDocumentTypeId: 4 });
}

/** A new change event (Open) with `count` Open items of one vendor. */
async function newEvent(page: Page, title: string, count: number): Promise<{ event: Row; items: Row[] }> {
  const doc = await newDocument(page, title);
  const event = await post(page, '/api/pfm/CreateChangeEvent', { ChangeRecordId: doc.changeRecordId, Title: title, ReimbursableTypeId: 1 });
  const { costCodeId, vendorId } = itemBasics();
  const items: Row[] = [];
  for (let i = 1; i <= count; i++) {
    items.push(await post(page, '/api/pfm/CreateChangeEventItem', {
      ChangeEventId: event.changeEventId, Description: `${title}: item ${i}`, CostCodeId: costCodeId, VendorId: vendorId, EstimatedAmount: 1000 * i,
    }));
  }
  return { event, items };
}

/** Sign in as pm on a change management tab; resolves once the page has sent a token {@link api} can reuse. */
async function openAsPm(page: Page, tab = 'change-events'): Promise<void> {
  watchToken(page);
  await openPortalAs(page, 'pm', `/pfm/projects/changemanagement?${Q}&activeTab=${tab}`);
  await expect.poll(() => hasToken(page)).toBe(true);
}

/** Open the change event workbench of `changeEventId` over the screen. */
async function openEventWorkbench(page: Page, changeEventId: number): Promise<Locator> {
  await page.goto(`/pfm/projects/changemanagement?${Q}&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=${changeEventId}`);
  const wb = page.locator('wb-change-event');
  await expect(wb.locator('[data-item-list="open"]')).toBeVisible();
  return wb;
}

test.describe('change management moves', () => {
  test("an item's 'Rejected' opens the revise-RFP e-mail workbench; the state is unchanged", async ({ page }) => {
    await openAsPm(page);
    const { event, items } = await newEvent(page, `E2E reject ${Date.now()}`, 1);
    const item = items[0]!;
    await move(page, 'ChangeEventItem', item.changeEventItemId, 'Pending Approval');
    const wb = await openEventWorkbench(page, event.changeEventId);
    await advance(wb, `Advance item ${item.changeEventItemId}`, 'Rejected');
    await expect(page).toHaveURL(new RegExp(`workbench=Email&recordKey=ChangeEventItem&recordId=${item.changeEventItemId}&activeTab=revise-rfp`));
    const email = page.locator('wb-email');
    await expect(email.locator('[data-field="subject"]')).toHaveValue(`Revised request for proposal: ${event.number} item ${item.changeEventItemId}: ${item.description}`);
    await expect(email.locator('[data-state]:not([role])')).toHaveText('Pending Approval');
    expect(storedState('ChangeEventItem', item.changeEventItemId)).toBe('Pending Approval');
  });

  test('a real 400 autoAlert (the event was completed elsewhere): Request Failed with the server\u2019s reason, the item restored', async ({ page }) => {
    await openAsPm(page);
    const { event, items } = await newEvent(page, `E2E refused ${Date.now()}`, 1);
    const item = items[0]!;
    await move(page, 'ChangeEventItem', item.changeEventItemId, 'Canceled');
    await move(page, 'ChangeEvent', event.changeEventId, 'Pending');
    await move(page, 'ChangeEvent', event.changeEventId, 'Approved');
    const wb = await openEventWorkbench(page, event.changeEventId);
    const row = wb.locator(`[data-item-list="closed"] tr[data-item-id="${item.changeEventItemId}"]`);
    await expect(row.locator('[data-state]:not([role])')).toHaveText('Canceled');

    // Someone else completes the event; this page still shows it Approved and offers Canceled → Open.
    await move(page, 'ChangeEvent', event.changeEventId, 'Complete');
    await advance(wb, `Advance item ${item.changeEventItemId}`, 'Open');
    await expect(dialog(page).locator('.modal-title')).toHaveText('Request Failed');
    await expect(dialog(page)).toContainText('Error Message');
    await expect(dialog(page)).toContainText("The change event is 'Complete' (closed): its items can not change state.");
    await expect(dialog(page)).toContainText('Service Name');
    await expect(dialog(page)).toContainText('PfmService');
    await expect(dialog(page)).toContainText('Function Name');
    await expect(dialog(page)).toContainText('UpdateChangeEventItemState');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    await expect(toasts(page).filter({ hasText: `Change event item ${item.changeEventItemId} stays 'Canceled': the server refused the move to 'Open'.` })).toBeVisible();
    await expect(row.locator('[data-state]:not([role])')).toHaveText('Canceled');
    await expect(wb.locator(`[data-item-list="open"] tr[data-item-id="${item.changeEventItemId}"]`)).toHaveCount(0);
    expect(storedState('ChangeEventItem', item.changeEventItemId)).toBe('Canceled');
  });

  test('a dropped connection restores the item and says so; the retry applies the move directly (no question asked)', async ({ page }) => {
    await openAsPm(page);
    const { event, items } = await newEvent(page, `E2E offline ${Date.now()}`, 1);
    const item = items[0]!;
    const wb = await openEventWorkbench(page, event.changeEventId);
    const state = wb.locator(`tr[data-item-id="${item.changeEventItemId}"] [data-state]:not([role])`);
    await expect(state).toHaveText('Open');

    await page.route('**/api/pfm/UpdateChangeEventItemState', (route) => route.abort('internetdisconnected'));
    await advance(wb, `Advance item ${item.changeEventItemId}`, 'Pending Approval');
    const toast = toasts(page).filter({ hasText: `Change event item ${item.changeEventItemId} could not be moved to 'Pending Approval'` });
    await expect(toast).toContainText('Network error');
    await expect(toast).toContainText("it stays 'Open'");
    await expect(state).toHaveText('Open');
    expect(storedState('ChangeEventItem', item.changeEventItemId)).toBe('Open');

    await page.unroute('**/api/pfm/UpdateChangeEventItemState');
    // The item shows 'Pending Approval' at once (optimistic): wait for the server's answer before reading the database.
    const answer = await advance(wb, `Advance item ${item.changeEventItemId}`, 'Pending Approval', { answerOf: '/api/pfm/UpdateChangeEventItemState' });
    expect(answer.status()).toBe(200);
    await expect(state).toHaveText('Pending Approval');
    await expect(dialog(page)).toHaveCount(0);
    expect(storedState('ChangeEventItem', item.changeEventItemId)).toBe('Pending Approval');
  });

  test('a confirmed Cancel that fails puts back the event and every cascaded item, in the screen and the workbench', async ({ page }) => {
    await openAsPm(page);
    const { event, items } = await newEvent(page, `E2E cancel fails ${Date.now()}`, 2);
    await move(page, 'ChangeEventItem', items[1]!.changeEventItemId, 'Pending Approval');
    const wb = await openEventWorkbench(page, event.changeEventId);
    const itemState = (item: Row) => wb.locator(`tr[data-item-id="${item.changeEventItemId}"] [data-state]:not([role])`);
    await expect(itemState(items[0]!)).toHaveText('Open');
    await expect(itemState(items[1]!)).toHaveText('Pending Approval');

    // Hold the answer until the optimistic cascade has shown, then fail it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/pfm/UpdateChangeEventState', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"injected"}' });
    });
    await advance(wb, `Advance ${event.number}`, 'Canceled');
    await expect(dialog(page).locator('.modal-title')).toHaveText('Confirm Cancel');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    await expect(itemState(items[0]!)).toHaveText('Canceled');
    await expect(itemState(items[1]!)).toHaveText('Canceled');
    release();

    await expect(toasts(page).filter({ hasText: `Change event ${event.number} could not be moved to 'Canceled'` })).toBeVisible();
    await expect(itemState(items[0]!)).toHaveText('Open');
    await expect(itemState(items[1]!)).toHaveText('Pending Approval');
    await expect(wb.locator('[data-item-list="closed"] tr[data-item-id]')).toHaveCount(0);
    await expect(wb.locator('[data-state]:not([role])').first()).toHaveText('Open');
    await expect(page.locator(`pfm-change-management tr:has([data-open="${event.number}"]) [data-state]:not([role])`)).toHaveText('Open');
    expect(storedState('ChangeEvent', event.changeEventId)).toBe('Open');
    expect(storedItemStates(event.changeEventId)).toEqual({ [items[0]!.changeEventItemId]: 'Open', [items[1]!.changeEventItemId]: 'Pending Approval' });
  });

  test('an initiating document moves to the Closed list on Void and back to the Open list on Draft', async ({ page }) => {
    await openAsPm(page, 'initiating-documents');
    const doc = await newDocument(page, `E2E void ${Date.now()}`);
    await page.reload();
    const screen = page.locator('pfm-change-management');
    const row = screen.locator(`tr:has([data-open="${doc.number}"])`);
    await expect(row.locator('[data-state]:not([role])')).toHaveText('Draft');

    expect((await advance(screen, `Advance ${doc.number}`, 'Void', { answerOf: '/api/pfm/UpdateChangeRecordState' })).status()).toBe(200);
    await expect(row).toHaveCount(0);
    expect(storedState('ChangeRecord', doc.changeRecordId)).toBe('Void');
    await screen.locator('.record-lists [role="tab"][data-list="closed"]').click();
    await expect(row.locator('[data-state]:not([role])')).toHaveText('Void');

    expect((await advance(screen, `Advance ${doc.number}`, 'Draft', { answerOf: '/api/pfm/UpdateChangeRecordState' })).status()).toBe(200);
    await expect(row).toHaveCount(0);
    expect(storedState('ChangeRecord', doc.changeRecordId)).toBe('Draft');
    await screen.locator('.record-lists [role="tab"][data-list="open"]').click();
    await expect(row.locator('[data-state]:not([role])')).toHaveText('Draft');
  });

  test('link candidates (§5): none before Approved, with the rule; then exactly the commitments of the item\u2019s vendor; the API refuses the rest', async ({ page }) => {
    await openAsPm(page);
    const { items } = await newEvent(page, `E2E link ${Date.now()}`, 1);
    const item = items[0]!;
    const itemPath = `/pfm/projects/changemanagement?${Q}&activeTab=change-events&workbench=ChangeEventItem&recordKey=ChangeEventItem&recordId=${item.changeEventItemId}`;
    const link = (commitment: { key: string; id: number }) => api(page, 'POST', '/api/pfm/LinkChangeEventItemToCommitment', {
      ChangeEventItemId: item.changeEventItemId, CommitmentKey: commitment.key, CommitmentId: commitment.id,
    });
    const [subs, pas] = await Promise.all([
      api(page, 'GET', '/api/pfm/getsubcontracts?recordKey=Project&recordId=1'),
      api(page, 'GET', '/api/pfm/getpurchaseagreements?recordKey=Project&recordId=1'),
    ]);
    const commitments = [
      ...(subs.body.data as Row[]).map((c) => ({ key: 'Subcontract', id: c.subcontractId as number, vendorId: c.vendorId, state: c.recordStateName })),
      ...(pas.body.data as Row[]).map((c) => ({ key: 'PurchaseAgreement', id: c.purchaseAgreementId as number, vendorId: c.vendorId, state: c.recordStateName })),
    ].filter((c) => c.state === 'Executed'); // only an executed commitment takes change orders
    const value = (c: { key: string; id: number }) => `${c.key}:${c.id}`; // the option value the workbench uses
    const sameVendor = commitments.filter((c) => c.vendorId === item.vendorId);
    const otherVendor = commitments.find((c) => c.vendorId !== item.vendorId)!;
    expect(sameVendor.length, 'project 1 has a commitment of the item\u2019s vendor').toBeGreaterThan(0);

    // Open: nothing offered, the rule said, and the server refuses.
    await page.goto(itemPath);
    const wb = page.locator('wb-change-event-item');
    await expect(wb.locator('[data-link-rule]')).toHaveText('Only change event items that are Approved or Pending Commitment can be linked to a commitment.');
    await expect(wb.locator('[data-candidates]')).toHaveCount(0);
    const early = await link(sameVendor[0]!);
    expect([early.status, early.body.autoAlert, early.body.message])
      .toEqual([400, true, 'Only change event items that are Approved or Pending Commitment can be linked to a commitment.']);

    // Approved: exactly the same-vendor commitments are offered; another vendor's is refused.
    await approveItem(page, item);
    await page.goto(itemPath);
    await expect(wb.locator('[data-state]:not([role])')).toHaveText('Approved');
    const options = wb.locator('[data-candidates] option:not([value=""])');
    await expect(options).toHaveCount(sameVendor.length);
    expect((await options.evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value))).sort()).toEqual(sameVendor.map(value).sort());
    const wrong = await link(otherVendor);
    expect([wrong.status, wrong.body.message]).toEqual([400, 'The change event item and the commitment must have the same vendor.']);
    expect(e2eDb().prepare('SELECT coItemRecordId FROM change_event_items WHERE changeEventItemId = ?').get(item.changeEventItemId)).toEqual({ coItemRecordId: null });
  });

  test('an initiating document links an RFI of its project: official ones first, all on request; saved in the database', async ({ page }) => {
    await openAsPm(page, 'initiating-documents');
    const doc = await newDocument(page, `E2E RFI ${Date.now()}`);
    const rfis = e2eDb().prepare('SELECT rfiId, displayText, status, isOfficial FROM rfis WHERE projectId = 1 ORDER BY rfiId').all() as Row[];
    const labels = (list: Row[]) => ['(none)', ...list.map((r) => `${r.displayText} (${r.status})`)];
    expect(rfis.some((r) => r.isOfficial === 0), 'project 1 has unofficial RFIs').toBe(true);

    await page.goto(`/pfm/projects/changemanagement?${Q}&activeTab=initiating-documents&workbench=InitiatingDocument&recordKey=ChangeRecord&recordId=${doc.changeRecordId}`);
    const wb = page.locator('wb-initiating-document');
    const select = wb.getByLabel('Linked RFI');
    const options = select.locator('option');
    await expect(wb.getByLabel('Official RFIs only')).toBeChecked();
    await expect.poll(() => options.allTextContents()).toEqual(labels(rfis.filter((r) => r.isOfficial === 1)));
    await wb.getByLabel('Official RFIs only').uncheck();
    await expect.poll(() => options.allTextContents()).toEqual(labels(rfis));

    const unofficial = rfis.find((r) => r.isOfficial === 0)!;
    await select.selectOption(String(unofficial.rfiId));
    await wb.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => (e2eDb().prepare('SELECT rfiId FROM change_records WHERE changeRecordId = ?').get(doc.changeRecordId) as Row).rfiId).toBe(unofficial.rfiId);
  });

  test("the header's change-management menu switches the screen's tab in the page", async ({ page }) => {
    await openAsPm(page);
    const screen = page.locator('pfm-change-management');
    const selected = screen.locator('[role="tablist"][aria-label="Change management"] [aria-selected="true"]');
    await expect(selected).toHaveText('Change Events');
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    const menu = page.locator('portal-header [data-menu="change-management"]');
    await menu.getByRole('button', { name: 'Change Management' }).click();
    await menu.getByRole('menuitem', { name: 'Change Requests' }).click();
    await expect(page).toHaveURL(/activeTab=change-requests/);
    await expect(selected).toHaveText('Change Requests');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 'no page load').toBe(1);
  });
});
