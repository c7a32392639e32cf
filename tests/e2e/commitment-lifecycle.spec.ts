// Commitments from award to payment, end to end: real sign-in as pm, the real API and database.
// Run alone: npx rollup -c && E2E_PORT=8606 npx playwright test tests/e2e/commitment-lifecycle.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;

const project = () => one("SELECT p.projectId, b.budgetId FROM projects p JOIN budgets b ON b.projectId = p.projectId WHERE p.number = '24-1032' ORDER BY b.budgetId LIMIT 1");
const commitments = () => `/pfm/projects/commitments?projectId=${project().projectId}&budgetId=${project().budgetId}`;
const payApplications = () => `/pfm/projects/payapplications?projectId=${project().projectId}&budgetId=${project().budgetId}`;
const newForm = (page: Page) => page.locator('wb-subcontract').locator('[data-workbench="new-commitment"]');

test.describe.configure({ mode: 'serial' });

test('pm creates a subcontract with its schedule of values at 10% retainage; it opens in Draft with its number', async ({ page }) => {
  test.setTimeout(120_000);
  watchToken(page);
  await openPortalAs(page, 'pm', commitments());
  await page.locator('pfm-commitments [data-new="Subcontract"]').click();
  const form = newForm(page);
  await expect(form).toBeVisible();
  const tag = `E2E-${Date.now()}`;
  // The first active vendor the picker offers, and the first subcontract (S) line of the budget.
  const vendor = form.locator('[data-field="vendorId"]');
  await expect(vendor.locator('option').nth(1)).toBeAttached();
  const vendorId = await vendor.locator('option').nth(1).getAttribute('value');
  await vendor.selectOption(vendorId!);
  await form.getByLabel('Title', { exact: true }).fill(`Drywall ${tag}`);
  await form.getByLabel('Scope', { exact: true }).fill('Level 2 partitions, taped and finished');
  const code = form.getByLabel('Line 1 cost code');
  const costCodeId = await code.locator('option').nth(1).getAttribute('value');
  await code.selectOption(costCodeId!);
  await form.getByLabel('Line 1 description').fill('Partitions');
  await form.getByLabel('Line 1 amount').fill('48,250');
  await expect(form.locator('[data-items-total]')).toContainText('$48,250.00');
  const created = page.waitForResponse((r) => r.url().includes('/api/pfm/CreateCommitment'));
  await form.locator('[data-create]').click();
  const answer = await created;
  expect(answer.status()).toBe(200);
  const record = (await answer.json()).data as Row;
  const stored = one(`SELECT t.*, s.name AS state, (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = t.subcontractId) AS total
    FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId) WHERE t.subcontractId = ?`, record.subcontractId);
  expect(stored).toMatchObject({ state: 'Draft', retainagePercent: 10, vendorId: Number(vendorId), description: `Drywall ${tag}`, total: 48_250 });
  expect(stored.number).toMatch(/^SC-/);
  // Its workbench opens on the new record.
  await expect(page).toHaveURL(new RegExp(`recordId=${record.subcontractId}`));
  await expect(page.locator('wb-subcontract [data-number]')).toHaveText(stored.number);
});

test('the pay applications screen lists the project\'s applications with their totals and the waivers still missing', async ({ page }) => {
  test.setTimeout(90_000);
  watchToken(page);
  await openPortalAs(page, 'pm', payApplications());
  const screen = page.locator('pfm-pay-applications');
  const open = one(`SELECT count(*) AS n FROM pay_applications a JOIN application_record_states s USING (applicationRecordStateId)
    WHERE a.projectId = ? AND s.closed = 0`, project().projectId).n as number;
  await expect(screen.getByRole('tab', { name: new RegExp(`^Open ${open}`) })).toBeVisible();
  // A certified or paid application shows on the Closed tab with its payment.
  const closed = one(`SELECT a.number FROM pay_applications a JOIN application_record_states s USING (applicationRecordStateId)
    WHERE a.projectId = ? AND s.closed = 1 ORDER BY a.payApplicationId LIMIT 1`, project().projectId);
  if (closed) {
    await screen.getByRole('tab', { name: /^Closed/ }).click();
    await expect(screen.getByText(closed.number as string, { exact: false }).first()).toBeVisible();
  }
});
