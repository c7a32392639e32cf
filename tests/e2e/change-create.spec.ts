// A project manager takes a new change from the screen through its initiating document, change
// event, items and a nested item, then cancels one item: real sign-in as pm on project 1, the real
// API and seeded database. It uses only the records it creates (the database is shared by the run).
// Run alone: DIST_DIR=.tmp/dist-a npx rollup -c && DIST_DIR=.tmp/dist-a E2E_PORT=8651 npx playwright test tests/e2e/change-create.spec.ts --workers=1 --output=.tmp/pw-a
import { expect, test, type Locator } from '@playwright/test';
import { api, watchToken } from './support/api';
import { openPortalAs, pushPath } from './support/portal';
import { advance, dialog, serverAnswer } from './support/records';
import { reviewShot } from './support/review';
import { today } from '../../src/core/clock';


/** The value of the first real option of a select (after its placeholder), once it has one. */
async function firstOption(select: Locator): Promise<string> {
  const option = select.locator('option:not([value=""])').first();
  await expect(option).toBeAttached();
  return (await option.getAttribute('value')) ?? '';
}

async function addItem(wb: Locator, description: string, amount: string): Promise<void> {
  const form = wb.locator('[data-add-item]');
  await form.getByLabel('Item description').fill(description);
  await form.getByLabel('Item cost type').selectOption('S');
  const code = form.getByLabel('Item cost code');
  await code.selectOption(await firstOption(code));
  const vendor = form.getByLabel('Vendor');
  await vendor.selectOption(await firstOption(vendor));
  await form.getByLabel('Estimated amount').fill(amount);
  await form.getByRole('button', { name: 'Add item', exact: true }).click();
}

test('a PM creates an initiating document, its change event, an item and a nested item; a canceled item moves to Closed items', async ({ page }) => {
  watchToken(page);
  const title = `E2E canopy change ${Date.now()}`;
  await openPortalAs(page, 'pm', '/pfm/projects/changemanagement?projectId=1&budgetId=1&activeTab=initiating-documents');
  const screen = page.locator('pfm-change-management');
  await screen.getByRole('button', { name: 'New initiating document' }).click();
  await expect(page).toHaveURL(/workbench=InitiatingDocument&recordKey=Project&recordId=1/);

  // The initiating document.
  const doc = page.locator('wb-initiating-document');
  await expect(doc.getByRole('heading', { name: 'New initiating document' })).toBeVisible();
  await doc.getByLabel('Description', { exact: true }).fill(title);
  await doc.getByLabel('Details').fill('Owner asked for a canopy over the east entrance.');
  await doc.getByLabel('Type').selectOption('2');
  await doc.getByLabel('Date').fill(today());
  await doc.getByRole('button', { name: 'Create initiating document' }).click();
  await expect(page).toHaveURL(/workbench=InitiatingDocument&recordKey=ChangeRecord&recordId=\d+/);
  const number = (await doc.locator('[data-number]').textContent()) ?? '';
  expect(number).toMatch(/^ASI-\d{3}$/);
  await expect(doc.locator('[data-state]:not([role])')).toHaveText('Draft');
  await expect(screen.locator(`[data-open="${number}"]`)).toBeVisible();

  // 'Potential Costs' opens the new change event workbench for it (§4).
  await advance(doc, `Advance ${number}`, 'Potential Costs');
  await expect(page).toHaveURL(/workbench=ChangeEvent&recordKey=ChangeRecord/);
  const newEvent = page.locator('wb-change-event');
  await expect(newEvent.getByRole('heading', { name: `New change event for ${number} ${title}` })).toBeVisible();
  await newEvent.getByLabel('Title').fill(`${title}: canopy`);
  await newEvent.getByLabel('Reimbursable type').selectOption('1');
  await newEvent.getByRole('button', { name: 'Create change event' }).click();
  await expect(page).toHaveURL(/workbench=ChangeEvent&recordKey=ChangeEvent&recordId=\d+/);
  const changeEventId = Number(new URL(page.url()).searchParams.get('recordId'));

  // An item, then a nested item under it.
  const wb = page.locator('wb-change-event');
  await expect(wb.locator('[data-state]:not([role])').first()).toHaveText('Open');
  await expect(wb.locator('[data-empty="open"]')).toHaveText('No open items.');
  await addItem(wb, 'Canopy steel', '18500');
  const openList = wb.locator('[data-item-list="open"]');
  await expect(openList.locator('tr[data-item-id]')).toHaveCount(1);
  const parentId = await openList.locator('tr[data-item-id]').first().getAttribute('data-item-id');
  await wb.getByRole('button', { name: `Add nested item under item ${parentId}` }).click();
  await expect(wb.locator('[data-add-item] h3')).toHaveText(`Add nested item under Item ${parentId}: Canopy steel`);
  await addItem(wb, 'Canopy paint', '2400');
  await expect(openList.locator('tr[data-item-id]')).toHaveCount(2);
  const nested = openList.locator('tr[data-level="1"]');
  await expect(nested).toContainText('Canopy paint');
  const nestedId = await nested.getAttribute('data-item-id');

  // Canceling the nested item asks first (§4), then moves it to Closed items.
  await advance(wb, `Advance item ${nestedId}`, 'Canceled');
  await expect(dialog(page)).toContainText('This will close the change event item. Please Confirm.');
  const canceled = serverAnswer(page, '/api/pfm/UpdateChangeEventItemState');
  await dialog(page).getByRole('button', { name: 'Ok' }).click();
  expect((await canceled).status()).toBe(200); // the lists move optimistically: the server's answer first
  const closedList = wb.locator('[data-item-list="closed"]');
  await expect(closedList.locator(`tr[data-item-id="${nestedId}"] [data-state]:not([role])`)).toHaveText('Canceled');
  await expect(openList.locator('tr[data-item-id]')).toHaveCount(1);

  // The server agrees.
  const items = async (open: string) => (await api(page, 'GET', `/api/pfm/getchangeeventitems?recordKey=ChangeEvent&recordId=${changeEventId}${open}`)).body.data as
    Array<{ changeEventItemId: number; parentChangeEventItemId: number | null; recordStateName: string }>;
  expect((await items('')).map((i) => [i.changeEventItemId, i.recordStateName])).toEqual([[Number(parentId), 'Open']]);
  expect((await items('&open=false')).map((i) => [i.changeEventItemId, i.parentChangeEventItemId, i.recordStateName])).toEqual([[Number(nestedId), Number(parentId), 'Canceled']]);
});

// Screenshots of the change event workbench with both item lists and the add-item form (written to
// .tmp/cm-shots for review), on records made through the API.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`change event workbench with Open items, Closed items and the add-item form in ${colorScheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    watchToken(page);
    await openPortalAs(page, 'pm', '/pfm/projects/changemanagement?projectId=1&budgetId=1&activeTab=change-events');
    await expect(page.locator('pfm-change-management tbody tr[data-record-id]').first()).toBeVisible();
    const post = async (path: string, form: Record<string, string | number>) => {
      const answer = await api(page, 'POST', path, form);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const doc = await post('/api/pfm/CreateChangeRecord', { ProjectId: 1, Title: `Screenshot change ${colorScheme}`, InitiatingDocumentTypeId: 4 });
    const event = await post('/api/pfm/CreateChangeEvent', { ChangeRecordId: doc.changeRecordId, Title: 'Canopy over the east entrance', ReimbursableTypeId: 1 });
    const line = (await api(page, 'GET', '/api/pfm/getcostcodes?recordKey=Budget&recordId=1')).body.data.find((l: { type: string }) => l.type === 'S');
    const vendor = (await api(page, 'GET', '/api/pfm/getcommitmentvendors?recordKey=Project&recordId=1')).body.data[0];
    const item = (description: string, amount: number, parent?: number) => post('/api/pfm/CreateChangeEventItem', {
      ChangeEventId: event.changeEventId, Description: description, CostCodeId: line.costCodeId, VendorId: vendor.vendorId, EstimatedAmount: amount,
      ...(parent ? { ParentChangeEventItemId: parent } : {}),
    });
    const steel = await item('Canopy steel', 18500);
    await item('Canopy paint', 2400, steel.changeEventItemId);
    const old = await item('Temporary walkway (dropped)', 900);
    await post('/api/pfm/UpdateChangeEventItemState', { ItemId: old.changeEventItemId, OldRecordStateId: old.applicationRecordStateId, RouteStateId: 21 });
    await pushPath(page, `/pfm/projects/changemanagement?projectId=1&budgetId=1&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=${event.changeEventId}`);
    const wb = page.locator('wb-change-event');
    await expect(wb.locator('[data-item-list="open"] tr[data-item-id]')).toHaveCount(2);
    await expect(wb.locator('[data-item-list="closed"] tr[data-item-id]')).toHaveCount(1);
    await wb.getByRole('button', { name: `Add nested item under item ${steel.changeEventItemId}` }).click();
    await wb.locator('[data-add-item]').getByLabel('Item cost type').selectOption('S');
    await wb.locator('[data-item-list="open"]').scrollIntoViewIfNeeded();
    await reviewShot(page, { path: `.tmp/cm-shots/change-event-items-${colorScheme}.png`, fullPage: true });
    await wb.locator('[data-add-item] button[type="submit"]').scrollIntoViewIfNeeded();
    await reviewShot(page, { path: `.tmp/cm-shots/change-event-add-item-${colorScheme}.png`, fullPage: true });
  });
}
