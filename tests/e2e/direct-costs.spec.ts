// Direct costs end to end: real sign-in as pm (submitter) and rpm (approver), the real API and database.
// Run alone: npx rollup -c && E2E_PORT=8605 npx playwright test tests/e2e/direct-costs.spec.ts
import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs, pushPath } from './support/portal';
import { dialog } from './support/records';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

const LIST = '/pfm/projects/directcosts?projectId=1&budgetId=1';
const screen = (page: Page) => page.locator('pfm-direct-costs');
const workbench = (page: Page) => page.locator('wb-direct-cost');
const wbPath = (id: number) => `${LIST}&workbench=DirectCost&recordKey=DirectCost&recordId=${id}`;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const stored = (id: number) => e2eDb().prepare(`SELECT d.*, s.name AS state FROM direct_costs d JOIN application_record_states s USING (applicationRecordStateId)
  WHERE d.directCostId = ?`).get(id) as Row;
const postings = (id: number) => e2eDb().prepare("SELECT costCodeId, amount FROM cost_code_transactions WHERE sourceRecordKey = 'DirectCost' AND sourceRecordId = ? ORDER BY rowid").all(id) as Row[];

/** Choose a target in the workbench's Change state menu and wait for the server's answer. */
async function moveTo(page: Page, number: string, item: string | RegExp): Promise<void> {
  const wb = workbench(page);
  await wb.getByRole('button', { name: `Change state of ${number}` }).click();
  const answer = page.waitForResponse((r) => r.url().includes('/api/pfm/UpdateDirectCostState'));
  await wb.getByRole('menuitem', { name: item }).click();
  expect((await answer).status()).toBe(200);
}

async function signedInPage(browser: Browser, login: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  watchToken(page);
  await openPortalAs(page, login, path);
  return page;
}

test.describe.configure({ mode: 'serial' });

test.describe('direct costs', () => {
  test('pm creates one with items and an invoice, submits; rpm sends it back (reason shown to pm), pm resubmits, rpm approves, pm posts; actual to date and the transactions show it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    watchToken(page);
    await openPortalAs(page, 'pm', LIST);
    await expect(screen(page).locator('[data-testid="list-DirectCost"] tbody tr[data-record-id]').first()).toBeVisible();
    await screen(page).getByRole('button', { name: 'New direct cost' }).click();
    const wb = workbench(page);
    await expect(wb.getByRole('heading', { name: 'New direct cost' })).toBeVisible();
    const tag = `E2E-${Date.now()}`;
    await wb.getByLabel('Type', { exact: true }).selectOption({ label: 'Permit Fee' });
    await wb.getByLabel('Invoice number').fill(`INV-${tag}`);
    await wb.getByLabel('Description', { exact: true }).fill(`Freight invoice ${tag}`);
    await wb.getByLabel('Amount', { exact: true }).fill('1,234.56');
    await wb.getByLabel('Line 1 cost type').selectOption('M');
    const code = wb.getByLabel('Line 1 cost code');
    const firstCode = await code.locator('option').nth(1).getAttribute('value');
    await code.selectOption(firstCode!);
    await wb.getByLabel('Line 1 description').fill('Material');
    await wb.getByLabel('Line 1 amount').fill('1000');
    await wb.getByRole('button', { name: 'Add item' }).click();
    await wb.getByLabel('Line 2 cost type').selectOption('M');
    await wb.getByLabel('Line 2 cost code').selectOption(firstCode!);
    await wb.getByLabel('Line 2 description').fill('Freight');
    await wb.getByLabel('Line 2 amount').fill('234.5');
    // The items do not add up yet: the browser says so before sending.
    await wb.locator('[data-create]').click();
    await expect(wb).toContainText('The items total $1,234.50, not the amount of $1,234.56: they must add up to it.');
    await wb.getByLabel('Line 2 amount').fill('234.56');
    const created = page.waitForResponse((r) => r.url().includes('/api/pfm/CreateDirectCost'));
    await wb.locator('[data-create]').click();
    const record = (await (await created).json()).data as Row;
    const id = record.directCostId as number;
    const number = record.number as string;
    expect(stored(id)).toMatchObject({ state: 'Draft', amount: 1234.56, invoiceNumber: `INV-${tag}` });
    expect(e2eDb().prepare('SELECT amount FROM direct_cost_items WHERE directCostId = ? ORDER BY rowid').all(id)).toEqual([{ amount: 1000 }, { amount: 234.56 }]);
    await expect(page).toHaveURL(new RegExp(`workbench=DirectCost.*recordId=${id}`));
    await expect(wb.locator('[data-state-name]')).toHaveText('Draft');

    // The invoice file, through Files.
    await wb.locator('input[type="file"]').setInputFiles({ name: `invoice-${tag}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e invoice') });
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/pfm/files/upload'));
    await wb.getByRole('button', { name: 'Upload' }).click();
    expect((await uploaded).status()).toBe(200);
    await expect(wb.getByRole('button', { name: `Download invoice-${tag}.pdf` })).toBeVisible();
    expect(e2eDb().prepare("SELECT name FROM files WHERE applicationRecordKey = 'DirectCost' AND recordId = ?").all(id)).toEqual([{ name: `invoice-${tag}.pdf` }]);

    // Submit.
    await moveTo(page, number, 'Pending Approval');
    await expect(wb.locator('[data-state-name]')).toHaveText('Pending Approval');
    expect(stored(id)).toMatchObject({ state: 'Pending Approval', submittedByEmployeeId: 2 });
    expect(postings(id)).toEqual([]);

    // The approver sends it back with a reason.
    const rpm = await signedInPage(browser, 'rpm', wbPath(id));
    await expect(workbench(rpm).locator('[data-state-name]')).toHaveText('Pending Approval');
    await workbench(rpm).getByRole('button', { name: `Change state of ${number}` }).click();
    await expect(workbench(rpm).getByRole('menuitem')).toHaveText(['Approved', 'Revise and Resubmit', /^Void/]);
    await workbench(rpm).getByRole('menuitem', { name: 'Revise and Resubmit' }).click();
    const reason = `Split the freight <b>onto</b> its own invoice line (${tag})`;
    await dialog(rpm).getByLabel('Reason').fill(reason);
    const sentBack = rpm.waitForResponse((r) => r.url().includes('/api/pfm/UpdateDirectCostState'));
    await dialog(rpm).getByRole('button', { name: 'Send back' }).click();
    expect((await sentBack).status()).toBe(200);
    expect(stored(id)).toMatchObject({ state: 'Draft', reviseReason: reason, revisedByEmployeeId: 3 });

    // The submitter sees the reason, as text, and resubmits.
    await page.reload();
    await expect(wb.locator('[data-revise-reason]')).toContainText('Sent back for revision by Linda Okafor');
    await expect(wb.locator('[data-reason-text]')).toHaveText(reason);
    await moveTo(page, number, 'Pending Approval');
    expect(stored(id).state).toBe('Pending Approval');

    // The approver approves: the cost goes on the job.
    await rpm.reload();
    await moveTo(rpm, number, 'Approved');
    expect(stored(id).state).toBe('Approved');
    expect(postings(id)).toEqual([{ costCodeId: Number(firstCode), amount: 1000 }, { costCodeId: Number(firstCode), amount: 234.56 }]);
    await rpm.context().close();

    // The pm posts it.
    await page.reload();
    await expect(wb.locator('[data-state-name]')).toHaveText('Approved');
    await moveTo(page, number, 'Posted');
    expect(stored(id).state).toBe('Posted');
    expect(postings(id)).toHaveLength(2);

    // Cost-code transactions of that line list it.
    await page.goto(`/pfm/projects/projectiongrid?projectId=1&budgetId=1&workbench=CostCodeTransactions&recordKey=CostCode&recordId=${firstCode}`);
    await expect(page.locator('wb-cost-code-transactions .tabulator-row').filter({ hasText: number })).toHaveCount(2);

    // Actual to date of the line in the projection grid is the database's sum, which holds the direct cost.
    await page.goto('/pfm/projects/projectiongrid?projectId=1&budgetId=1');
    const grid = page.locator('pfm-projection-grid');
    const line = e2eDb().prepare('SELECT code, description FROM cost_codes WHERE costCodeId = ?').get(Number(firstCode)) as Row;
    await grid.locator('.tabulator-col[tabulator-field="code"] input').fill(line.code);
    await grid.locator('.tabulator-col[tabulator-field="description"] input').fill(line.description);
    const row = grid.locator('.tabulator-row:not(.tabulator-group):not(.tabulator-calcs)').filter({ has: page.locator('[tabulator-field="costTypeName"]', { hasText: 'Material' }) });
    const sum = (e2eDb().prepare('SELECT sum(amount) AS s FROM cost_code_transactions WHERE costCodeId = ?').get(Number(firstCode)) as { s: number }).s;
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(sum);
    await expect(row.locator('[tabulator-field="actualToDate"]')).toHaveText(money);
  });

  test('the list: columns, totals, the §5 date rule; keyboard opens a row and its state menu', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', LIST);
    const list = screen(page).locator('[data-testid="list-DirectCost"]');
    await expect(list.locator('tbody tr[data-record-id]').first()).toBeVisible();
    await expect(list.locator('thead th')).toHaveText(['Number', 'Date', 'Type', 'Vendor', 'Invoice', 'Description', 'Amount', 'State', 'Changes', 'Actions']);
    const open = e2eDb().prepare(`SELECT d.amount FROM direct_costs d JOIN application_record_states s USING (applicationRecordStateId) WHERE d.projectId = 1 AND s.closed = 0`).all() as Row[];
    const total = open.reduce((n, r) => n + Math.round(r.amount * 100), 0) / 100;
    await expect(list.locator('[data-count="open"]')).toHaveText(String(open.length));
    await expect(list.locator('tfoot [data-totals="open"] th')).toHaveText(`Total of ${open.length} open direct cost${open.length === 1 ? '' : 's'}`);
    await expect(list.locator('tfoot [data-total="amount"]')).toHaveText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(total));
    // The seeded pending one (DC-24-1032-002) shows its date as MM/DD/YYYY.
    const seeded = stored(2);
    const [y, m, d] = String(seeded.directCostDate).split('-');
    await expect(list.locator('tr[data-record-id="2"] [data-column="directCostDate"]')).toHaveText(`${m}/${d}/${y}`);
    await expect(list.locator('tr[data-record-id="2"] [data-column="state"]')).toHaveText('Pending Approval');

    // Keyboard: focus the row's number, Enter opens the workbench; Enter opens the state menu, Escape closes it.
    await list.locator('[data-open="2"]').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/workbench=DirectCost.*recordId=2/);
    const menuButton = workbench(page).getByRole('button', { name: 'Change state of DC-24-1032-002' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(workbench(page).getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();
  });

  test('loading shows a status; a failed load offers Retry that works; viewer is refused the route', async ({ page, browser }) => {
    watchToken(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let fail = false;
    await page.route('**/api/pfm/getdirectcosts*', async (route) => {
      if (fail) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"injected"}' });
      await held;
      return route.continue();
    });
    await openPortalAs(page, 'pm');
    await pushPath(page, LIST);
    await expect(screen(page).getByRole('status')).toHaveText('Loading direct costs…');
    release();
    await expect(screen(page).locator('[data-testid="list-DirectCost"] tbody tr[data-record-id]').first()).toBeVisible();
    fail = true;
    await page.reload();
    await expect(screen(page).locator('[data-state="failed"]')).toContainText('The direct costs could not be loaded.');
    fail = false;
    await page.unroute('**/api/pfm/getdirectcosts*');
    await screen(page).getByRole('button', { name: 'Retry' }).click();
    await expect(screen(page).locator('[data-testid="list-DirectCost"] tbody tr[data-record-id]').first()).toBeVisible();

    const viewer = await signedInPage(browser, 'viewer', LIST);
    await expect(viewer).toHaveURL(/\/forbidden/);
    await viewer.context().close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no serious or critical axe violations on the list and the workbench (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      watchToken(page);
      await openPortalAs(page, 'pm', LIST);
      await expect(screen(page).locator('[data-testid="list-DirectCost"] tbody tr[data-record-id]').first()).toBeVisible();
      const serious = async (tags: [string, string, ...string[]]) => (await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: tags }).analyze())
        .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(await serious(['portal-app', 'pfm-direct-costs'])).toEqual([]);
      await reviewShot(page, { path: `.tmp/direct-costs-list-${colorScheme}.png`, fullPage: true });
      // The seeded Draft sent back (DC-24-1032-001) shows its reason; the workbench with the state menu open.
      await page.goto(wbPath(1));
      await expect(workbench(page).locator('[data-revise-reason]')).toBeVisible();
      await workbench(page).getByRole('button', { name: /^Change state of/ }).click();
      await expect(workbench(page).getByRole('menuitem').first()).toBeVisible();
      expect(await serious(['portal-app', 'pfm-workbench-host'])).toEqual([]);
      await reviewShot(page, { path: `.tmp/direct-costs-workbench-${colorScheme}.png`, fullPage: true });
    });
  }
});
