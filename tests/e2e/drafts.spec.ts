// Nothing is lost across a reload (issue 16): typed work in a workbench form and in the projection grid is
// kept in the tab's sessionStorage, offered back after a reload (Restore / Discard), and never shown to another user.
// Run alone: npx rollup -c && E2E_PORT=4643 npx playwright test tests/e2e/drafts.spec.ts
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, watchToken } from './support/api';
import { openPortalAs } from './support/portal';
import { serverAnswer } from './support/records';
import { signIn } from './support/sign-in';

/** A Draft purchase order of project 1 (its description is editable); no other spec opens it. */
const PO = 5;
const WORKBENCH = `/pfm/projects/commitments?projectId=1&budgetId=1&workbench=PurchaseOrder&recordKey=PurchaseOrder&recordId=${PO}`;
/** An unlocked budget no other spec writes (project 10). */
const BUDGET = 13;
const GRID = `/pfm/projects/projectiongrid?projectId=10&budgetId=${BUDGET}`;
const OFFER = /^Restore unsaved changes from \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M\?/;

const offer = (scope: Locator) => scope.locator('[data-draft-offer]');
const draftKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('pfm.draft:')).sort());

test('typed work survives a reload and is offered back; Restore then Save, Discard, and another user never sees it', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept()); // the projection grid's leave-page guard while edits are unsaved
  watchToken(page);
  await openPortalAs(page, 'admin', WORKBENCH);
  const wb = page.locator('wb-purchase-order');
  const description = wb.getByLabel('Description', { exact: true });
  await expect(description).toBeEditable();
  const original = await description.inputValue();

  // Typed, not saved, reloaded: the saved value shows and the typed one is offered; Restore puts it back; Save clears it.
  const typed = `Kept across a reload ${Date.now()}`;
  await description.fill(typed);
  await expect.poll(() => draftKeys(page)).toEqual([`pfm.draft:admin:commitment:PurchaseOrder:${PO}:form`]);
  await page.reload();
  await expect(offer(wb)).toHaveText(OFFER);
  await expect(offer(wb)).toHaveAttribute('role', 'status');
  await expect(description).toHaveValue(original);
  await offer(wb).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(description).toHaveValue(typed);
  await expect(offer(wb)).toHaveCount(0);
  const saved = serverAnswer(page, '/api/pfm/SaveCommitment');
  await wb.locator('[data-save]').click();
  expect((await saved).status()).toBe(200);
  await expect.poll(() => draftKeys(page)).toEqual([]);
  await page.reload();
  await expect(description).toHaveValue(typed);
  await expect(offer(wb)).toHaveCount(0); // saved: nothing differs from the record, nothing is offered

  // Typed, reloaded, Discard: the record's value stays, and the next reload offers nothing.
  await description.fill('To be discarded');
  await page.reload();
  await offer(wb).getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(offer(wb)).toHaveCount(0);
  await expect(description).toHaveValue(typed);
  expect(await draftKeys(page)).toEqual([]);
  await page.reload();
  await expect(description).toHaveValue(typed);
  await expect(offer(wb)).toHaveCount(0);

  // The projection grid: a typed projection, reloaded, restored into its cell, saved.
  await page.goto(GRID);
  const grid = page.locator('pfm-projection-grid');
  const firstCtc = grid.locator('.tabulator-row:not(.tabulator-group):not(.tabulator-calcs)').first().locator('[tabulator-field="projectedCostToComplete"]');
  await firstCtc.click();
  await page.keyboard.type('4321');
  await page.keyboard.press('Tab');
  await expect(grid.locator('[data-unsaved-count]')).toHaveText('1 unsaved change');
  await expect.poll(() => draftKeys(page)).toEqual([`pfm.draft:admin:pfm-projection-grid:Budget:${BUDGET}:cost`]);
  await page.reload();
  await expect(offer(grid)).toHaveText(OFFER);
  await expect(grid.locator('[data-unsaved-count]')).toHaveCount(0);
  await offer(grid).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(grid.locator('[data-unsaved-count]')).toHaveText('1 unsaved change');
  await expect(firstCtc).toContainText('4,321');
  const projected = serverAnswer(page, '/api/pfm/SaveProjections');
  await grid.locator('[data-action="save"]').click();
  expect((await projected).status()).toBe(200);
  await expect(grid.locator('[data-unsaved-count]')).toHaveCount(0);
  await expect.poll(() => draftKeys(page)).toEqual([]);
  const lines = (await api(page, 'GET', `/api/pfm/getcostcodetransactionsummary?recordKey=Budget&recordId=${BUDGET}`)).body.data as Array<{ projectionMethod: string; projectedCostToComplete: number }>;
  expect(lines.filter((line) => line.projectionMethod === 'manual' && line.projectedCostToComplete === 4321)).toHaveLength(1);

  // Another user on this tab (admin's session ends without a sign-out; pm signs in): admin's kept work is gone, never offered.
  await page.goto(WORKBENCH);
  await description.fill("Admin's unsaved work");
  await expect.poll(() => draftKeys(page)).toHaveLength(1);
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (!key.startsWith('pfm.draft:')) sessionStorage.removeItem(key);
    localStorage.clear();
  });
  await page.context().clearCookies(); // and the identity provider's session, so the next sign-in asks who
  await page.reload();
  await signIn(page, 'pm');
  await expect(description).toHaveValue(typed);
  await expect(offer(wb)).toHaveCount(0);
  expect(await draftKeys(page)).toEqual([]);

  // Leave the purchase order as the seed had it.
  await description.fill(original);
  const reverted = serverAnswer(page, '/api/pfm/SaveCommitment');
  await wb.locator('[data-save]').click();
  expect((await reverted).status()).toBe(200);
});
