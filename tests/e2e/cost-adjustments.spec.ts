// Cost adjustments end to end: real sign-in as pm, the real API, each step checked in the database (read-only).
// Run alone: npx rollup -c && E2E_PORT=8604 npx playwright test tests/e2e/cost-adjustments.spec.ts
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs, pushPath } from './support/portal';
import { advance, dialog } from './support/records';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const screen = (page: Page) => page.locator('pfm-cost-adjustments');
const workbench = (page: Page) => page.locator('wb-cost-adjustment');
const gridRows = (page: Page) => page.locator('pfm-projection-grid .tabulator-row:not(.tabulator-group):not(.tabulator-calcs)');
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;

/** An unlocked budget of project 1 and its first two lines of a type items may take (the grid's first rows). */
function budgetAndLines(): { budgetId: number; lines: Row[] } {
  const budgetId = one('SELECT budgetId FROM budgets WHERE projectId = 1 AND budgetLock = 0 ORDER BY budgetId LIMIT 1').budgetId as number;
  const lines = e2eDb().prepare(`SELECT costCodeId, code, type, description, substr(code, 1, 2) || '-' || substr(code, 3, 4) || '-' || substr(code, 7, 2) AS codeDisplay
    FROM cost_codes WHERE budgetId = ? AND type IN ('L', 'M', 'W', 'E', 'S') ORDER BY code, type LIMIT 2`).all(budgetId) as Row[];
  return { budgetId, lines };
}

/** A money cell's value: '$1,234.50', '-$1,234.50' or '($1,234.50)'. */
const money = (text: string) => {
  const negative = /^\(|^-/.test(text.trim());
  const value = Number(text.replace(/[^0-9.]/g, ''));
  return negative ? -value : value;
};

async function gridFigures(page: Page, line: Row): Promise<{ approvedChanges: number; currentBudget: number }> {
  const row = gridRows(page).filter({ hasText: line.codeDisplay }).filter({ hasText: line.description }).first();
  await expect(row).toBeVisible();
  const cell = (field: string) => row.locator(`[tabulator-field="${field}"]`).innerText();
  return { approvedChanges: money(await cell('approvedChanges')), currentBudget: money(await cell('currentBudget')) };
}

async function pickLine(wb: Locator, line: number, costCode: Row, amount: string): Promise<void> {
  await wb.getByLabel(`Line ${line} cost type`).selectOption(costCode.type);
  await wb.getByLabel(`Line ${line} cost code`).selectOption(String(costCode.costCodeId));
  await wb.getByLabel(`Line ${line} amount`).fill(amount);
}

async function save(page: Page): Promise<void> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/pfm/SaveCostAdjustment'));
  await workbench(page).locator('[data-save]').click();
  expect((await answer).status()).toBe(200);
}

async function postAdjustment(page: Page, number: string): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/pfm/UpdateCostAdjustmentState'));
  await advance(workbench(page), `Change state of ${number}`, 'Reconciled');
  return (await answer).status();
}

test.describe('cost adjustments', () => {
  test('create, add items, upload and download a document; the RPM posts: refused posts with their reasons, then the post moves the projection grid', async ({ page, browser }) => {
    test.setTimeout(150_000);
    watchToken(page);
    const { budgetId, lines } = budgetAndLines();
    const [lineA, lineB] = lines as [Row, Row];
    const listPath = `/pfm/projects/costadjustments?projectId=1&budgetId=${budgetId}`;

    // The projection grid first, to read both lines' figures as they are.
    await openPortalAs(page, 'pm', `/pfm/projects/projectiongrid?projectId=1&budgetId=${budgetId}`);
    const beforeA = await gridFigures(page, lineA);
    const beforeB = await gridFigures(page, lineB);

    // The list: open and closed counts as stored.
    await pushPath(page, listPath);
    const list = screen(page).locator('[data-testid="list-CostAdjustment"]');
    const stored = one(`SELECT sum(s.closed = 0) AS open, sum(s.closed = 1) AS closed FROM cost_adjustments c JOIN application_record_states s USING (applicationRecordStateId)
      WHERE c.projectId = 1`);
    await expect(list.locator('[data-count="open"]')).toHaveText(String(stored.open));
    await expect(list.locator('[data-count="closed"]')).toHaveText(String(stored.closed));

    // New cost adjustment: a transfer of $1,500 between the two lines.
    await screen(page).getByRole('button', { name: 'New cost adjustment' }).click();
    const form = workbench(page).locator('[data-workbench="new-cost-adjustment"]');
    await form.getByLabel('Budget', { exact: true }).selectOption(String(budgetId));
    await form.getByLabel('Reason', { exact: true }).selectOption({ label: 'Cost Code Reclass' });
    await form.getByLabel('Description', { exact: true }).fill('E2E move framing budget to drywall');
    await form.getByLabel('Amount', { exact: true }).fill('1500');
    await form.getByLabel(/Moves budget between lines/).check();
    const created = page.waitForResponse((r) => r.url().includes('/api/pfm/CreateCostAdjustment'));
    await form.getByRole('button', { name: 'Create cost adjustment' }).click();
    const record = (await (await created).json()).data as Row;
    const id = record.costAdjustmentId as number;
    const number = record.number as string;
    expect(one('SELECT transfer, amount, description FROM cost_adjustments WHERE costAdjustmentId = ?', id))
      .toEqual({ transfer: 1, amount: 1500, description: 'E2E move framing budget to drywall' });
    await expect(page).toHaveURL(new RegExp(`workbench=CostAdjustment.*recordId=${id}|recordId=${id}.*workbench=CostAdjustment`));
    const wb = workbench(page);
    await expect(wb.locator('[data-number]')).toHaveText(number);
    await expect(wb.locator('[data-unreconciled]')).toHaveText('Unreconciled');
    await expect(list.locator(`tr[data-record-id="${id}"] [data-unreconciled]`)).toBeVisible();

    // Posting is an approval (RPM or Admin, never the one who made it): the PM's menu says so before the click.
    await wb.getByRole('button', { name: `Change state of ${number}`, exact: true }).click();
    await expect(wb.locator('[role="menuitem"][data-target-state="Reconciled"] [data-move-refusal]'))
      .toHaveText('You submitted this cost adjustment: another person with approval authority must approve it.');
    await page.keyboard.press('Escape');
    // The RPM posts, in a window of her own on the same workbench.
    const rpmContext = await browser.newContext();
    const rpm = await rpmContext.newPage();
    await openPortalAs(rpm, 'rpm', new URL(page.url()).pathname + new URL(page.url()).search);
    await expect(workbench(rpm).locator('[data-number]')).toHaveText(number);

    // Posting it unreconciled is refused, and says why; it stays Open.
    expect(await postAdjustment(rpm, number)).toBe(400);
    await expect(dialog(rpm)).toContainText('Request Failed');
    await expect(dialog(rpm)).toContainText(`${number} is unreconciled: its amount of $1,500.00 is not on any budget line yet.`);
    await dialog(rpm).getByRole('button', { name: 'Ok' }).click();
    await expect(workbench(rpm).locator('[data-state-name]')).toHaveText('Open');
    expect(one('SELECT s.name FROM cost_adjustments c JOIN application_record_states s USING (applicationRecordStateId) WHERE costAdjustmentId = ?', id).name).toBe('Open');

    // Two items that do not net to zero: saved with a warning, and the post is refused with the net.
    await wb.locator('[data-add-item]').click();
    await pickLine(wb, 1, lineA, '-1500');
    await wb.locator('[data-add-item]').click();
    await pickLine(wb, 2, lineB, '1000');
    await save(page);
    expect(e2eDb().prepare('SELECT costCodeId, amount FROM cost_adjustment_items WHERE costAdjustmentId = ? ORDER BY costAdjustmentItemId').all(id))
      .toEqual([{ costCodeId: lineA.costCodeId, amount: -1500 }, { costCodeId: lineB.costCodeId, amount: 1000 }]);
    await expect(wb.locator('[data-unreconciled]')).toHaveCount(0);
    await expect(wb.locator('[data-items-net]')).toHaveText('-$500.00');
    await expect(wb).toContainText('must net to zero before it is posted. They net to -$500.00.');
    await rpm.reload();
    expect(await postAdjustment(rpm, number)).toBe(400);
    await expect(dialog(rpm)).toContainText(`${number} moves budget between lines, so its items must net to zero before it is posted. They net to -$500.00.`);
    await dialog(rpm).getByRole('button', { name: 'Ok' }).click();
    expect(one('SELECT count(*) AS n FROM cost_code_transactions WHERE sourceRecordKey = ? AND sourceRecordId = ?', 'CostAdjustment', id).n).toBe(0);

    // Fixed: line 2 takes $1,500.
    await wb.getByLabel('Line 2 amount').fill('1500');
    await save(page);
    expect(one('SELECT sum(amount) AS net FROM cost_adjustment_items WHERE costAdjustmentId = ?', id).net).toBe(0);

    // A reference document with its file: uploaded, then downloaded under its name.
    const fileName = 'JE 2041 – framing reclass.txt';
    const docs = wb.locator('[data-reference-documents]');
    await docs.getByLabel('Document type').selectOption('Journal Entry');
    await docs.getByLabel('Document number').fill('JE-2041');
    await docs.getByLabel('File').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('journal entry 2041') });
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/pfm/UploadCostAdjustmentReferenceDocument'));
    await docs.getByRole('button', { name: 'Upload document' }).click();
    expect((await uploaded).status()).toBe(200);
    expect(one(`SELECT d.documentType, d.documentNumber, f.name FROM cost_adjustment_reference_documents d JOIN files f ON f.fileId = d.fileId
      WHERE d.costAdjustmentId = ?`, id)).toEqual({ documentType: 'Journal Entry', documentNumber: 'JE-2041', name: fileName });
    await reviewShot(page, { path: '.tmp/ca-shots/workbench-items-light.png', fullPage: true });
    const downloading = page.waitForEvent('download');
    await docs.getByRole('button', { name: `Download ${fileName}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    expect(await readFile((await download.path())!, 'utf8')).toBe('journal entry 2041');

    // The post: Reconciled, two transactions, and the projection grid after a Refresh.
    await rpm.reload();
    expect(await postAdjustment(rpm, number)).toBe(200);
    await expect(workbench(rpm).locator('[data-state-name]')).toHaveText('Reconciled');
    await rpmContext.close();
    await page.reload();
    await expect(wb.locator('[data-state-name]')).toHaveText('Reconciled');
    expect(one('SELECT s.name FROM cost_adjustments c JOIN application_record_states s USING (applicationRecordStateId) WHERE costAdjustmentId = ?', id).name).toBe('Reconciled');
    expect(e2eDb().prepare('SELECT costCodeId, amount, sourceType FROM cost_code_transactions WHERE sourceRecordKey = ? AND sourceRecordId = ? ORDER BY costCodeTransactionId')
      .all('CostAdjustment', id)).toEqual([
      { costCodeId: lineA.costCodeId, amount: -1500, sourceType: 'Cost Adjustment' },
      { costCodeId: lineB.costCodeId, amount: 1500, sourceType: 'Cost Adjustment' },
    ]);
    await expect(list.locator(`tr[data-record-id="${id}"]`)).toHaveCount(0); // moved to Closed

    await pushPath(page, `/pfm/projects/projectiongrid?projectId=1&budgetId=${budgetId}`);
    await expect(gridRows(page).first()).toBeVisible();
    await page.locator('pfm-projection-grid [data-action="refresh"]').click();
    await expect.poll(async () => (await gridFigures(page, lineA)).approvedChanges).toBeCloseTo(beforeA.approvedChanges - 1500, 2);
    expect((await gridFigures(page, lineA)).currentBudget).toBeCloseTo(beforeA.currentBudget - 1500, 2);
    expect((await gridFigures(page, lineB)).approvedChanges).toBeCloseTo(beforeB.approvedChanges + 1500, 2);
    expect((await gridFigures(page, lineB)).currentBudget).toBeCloseTo(beforeB.currentBudget + 1500, 2);
  });

  test('the Unreconciled filter shows only unreconciled adjustments; totals follow the list shown', async ({ page }) => {
    await openPortalAs(page, 'pm', '/pfm/projects/costadjustments?projectId=1');
    const list = screen(page).locator('[data-testid="list-CostAdjustment"]');
    await expect(list.locator('tbody tr[data-record-id]').first()).toBeVisible();
    const rows = e2eDb().prepare(`SELECT c.costAdjustmentId AS id, c.amount, s.closed,
        (abs(c.amount) >= 1e-6 AND NOT EXISTS (SELECT 1 FROM cost_adjustment_items i WHERE i.costAdjustmentId = c.costAdjustmentId)) AS unreconciled
      FROM cost_adjustments c JOIN application_record_states s USING (applicationRecordStateId) WHERE c.projectId = 1`).all() as Row[];
    const open = rows.filter((r) => r.closed === 0);
    const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
    await expect(screen(page).locator('[data-total="amount"]')).toContainText(usd(open.reduce((s, r) => s + r.amount, 0)));
    await screen(page).getByLabel('Only unreconciled').check();
    const unreconciled = open.filter((r) => r.unreconciled === 1);
    await expect(list.locator('tbody tr[data-record-id]')).toHaveCount(unreconciled.length);
    await expect(list.locator('tbody tr[data-record-id] [data-unreconciled]')).toHaveCount(unreconciled.length);
    await expect(screen(page).locator('[data-total="amount"]')).toContainText(usd(unreconciled.reduce((s, r) => s + r.amount, 0)));
  });

  test('keyboard: open a row and move through the state menu without a mouse', async ({ page }) => {
    await openPortalAs(page, 'pm', '/pfm/projects/costadjustments?projectId=1');
    const first = screen(page).locator('tbody tr[data-record-id] button[data-open]').first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/workbench=CostAdjustment/);
    const menu = workbench(page).getByRole('button', { name: /^Change state of / });
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(workbench(page).getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    // Items are added by keyboard too (the first open row is an open adjustment).
    const add = workbench(page).locator('[data-add-item]');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(workbench(page).getByLabel('Line 1 cost type')).toBeVisible();
    await workbench(page).getByLabel('Line 1 cost type').focus();
    await page.keyboard.press('Tab');
    await expect(workbench(page).getByLabel('Line 1 cost code')).toBeDisabled();
  });

  test('a failed load says so with a working Retry; the list shows a loading status first', async ({ page }) => {
    let fail = true;
    await page.route('**/api/pfm/getcostadjustments**', async (route) => {
      if (fail) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"injected"}' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      return route.continue();
    });
    await openPortalAs(page, 'pm', '/pfm/projects/costadjustments?projectId=1');
    await expect(screen(page).locator('[data-state="failed"]')).toContainText('The cost adjustments could not be loaded.');
    fail = false;
    await screen(page).getByRole('button', { name: 'Retry' }).click();
    await expect(screen(page).locator('[role="status"][data-state="loading"]')).toBeVisible();
    await expect(screen(page).locator('tbody tr[data-record-id]').first()).toBeVisible();
  });

  for (const login of ['employee', 'viewer']) {
    test(`${login} is refused the screen by route and the API by role`, async ({ page }) => {
      watchToken(page);
      await openPortalAs(page, login, '/pfm/projects/costadjustments?projectId=1');
      await expect(page).toHaveURL(/\/forbidden/);
      expect((await api(page, 'POST', '/api/pfm/CreateCostAdjustment', { ProjectId: 1, BudgetId: 1, CostAdjustmentReasonId: 1, Description: 'x', Amount: '1' })).status).toBe(403);
      expect((await api(page, 'GET', '/api/pfm/getcostadjustments?recordKey=Project&recordId=1')).status).toBe(403);
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe: the list and the workbench in ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openPortalAs(page, 'pm', '/pfm/projects/costadjustments?projectId=1');
      await expect(screen(page).locator('tbody tr[data-record-id]').first()).toBeVisible();
      await reviewShot(page, { path: `.tmp/ca-shots/list-${colorScheme}.png`, fullPage: true });
      const list = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: ['portal-app', 'pfm-cost-adjustments'] }).analyze();
      expect(list.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await screen(page).locator('tbody tr[data-record-id] button[data-open]').first().click();
      await expect(workbench(page).locator('[data-reference-documents] table, [data-reference-documents] [role="status"]').first()).toBeVisible();
      await expect(workbench(page).locator('[data-documents]')).toBeVisible();
      await reviewShot(page, { path: `.tmp/ca-shots/workbench-${colorScheme}.png`, fullPage: true });
      const wb = await axeOn(page).include({ fromShadowDom: ['portal-app', 'pfm-workbench-host', 'wb-cost-adjustment'] }).analyze();
      expect(wb.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
