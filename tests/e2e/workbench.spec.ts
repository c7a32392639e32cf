// The workbench frame end to end (issue 5): real sign-in, real API, seeded data.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openPortalAs, pushPath } from './support/portal';

const GRID = '/pfm/projects/projectiongrid?projectId=1&budgetId=1';
const TRANSACTIONS = `${GRID}&workbench=CostCodeTransactions&recordKey=Budget&recordId=1`;
const host = (page: Page) => page.locator('pfm-workbench-host');
const panel = (page: Page) => host(page).locator('[role="dialog"]');
const control = (page: Page, title: string) => panel(page).locator(`button[title="${title}"]`);
const rows = (page: Page) => page.locator('wb-cost-code-transactions .tabulator-row');

test.describe('workbench frame', () => {
  test('transactions workbench: rows, minimise, restore, copy link, Back closes', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openPortalAs(page, 'pm', GRID);
    await pushPath(page, TRANSACTIONS);
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).locator('h2')).toContainText('Cost Code Transactions');
    await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('wb-cost-code-transactions .transactions-total')).toHaveText(/^\$[\d,]+\.\d\d$/);
    for (const title of ['Files', 'Copy Link', 'Collapse', 'Minimize Workbench', 'Close Workbench']) {
      await expect(control(page, title)).toHaveAttribute('aria-label', title);
    }

    await control(page, 'Minimize Workbench').click();
    await expect(panel(page)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('workbench')).toBeNull();
    const restore = host(page).locator('nav button[title="Restore Workbench"]');
    await expect(restore).toContainText('Cost Code Transactions');
    await restore.click();
    await expect(panel(page)).toBeVisible();
    await expect(host(page).locator('nav')).toHaveCount(0);
    await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });

    await control(page, 'Copy Link').click();
    await expect(page.locator('portal-overlays').getByText('Link copied')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).searchParams.get('workbench')).toBe('CostCodeTransactions');
    const second = await context.newPage();
    await second.goto(copied);
    await expect(panel(second).locator('h2')).toContainText('Cost Code Transactions', { timeout: 20_000 });
    await expect(rows(second).first()).toBeVisible({ timeout: 20_000 });
    await second.close();

    await page.goBack();
    await expect(panel(page)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('projectId')).toBe('1');
  });

  test('a source document link opens its workbench, by mouse and by Enter; its address opens it in a new tab too', async ({ page }) => {
    await openPortalAs(page, 'pm', GRID);
    await pushPath(page, TRANSACTIONS);
    const link = page.locator('wb-cost-code-transactions a.source-link[data-key="DirectCost"]').first();
    await expect(link).toBeVisible({ timeout: 20_000 });
    const id = await link.getAttribute('data-id');
    const number = (await link.textContent())?.replace(/^Direct Cost /, '') ?? '';
    expect(number).toMatch(/^DC-/);
    // A real address (middle-click, Open in new tab), not '#'.
    const href = new URL((await link.getAttribute('href')) ?? '', page.url());
    expect(Object.fromEntries(['workbench', 'recordKey', 'recordId', 'projectId'].map((k) => [k, href.searchParams.get(k)])))
      .toEqual({ workbench: 'DirectCost', recordKey: 'DirectCost', recordId: id, projectId: '1' });

    await link.click();
    await expect(panel(page).locator('h2')).toContainText(new RegExp(`^Direct Cost\\s*${number}`), { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('recordId')).toBe(id);
    await page.goBack();
    await expect(panel(page).locator('h2')).toContainText('Cost Code Transactions');

    const again = page.locator(`wb-cost-code-transactions a.source-link[data-key="DirectCost"][data-id="${id}"]`).first();
    await again.focus();
    await page.keyboard.press('Enter');
    await expect(panel(page).locator('h2')).toContainText(new RegExp(`^Direct Cost\\s*${number}`), { timeout: 20_000 });
  });

  test('Escape closes; an unknown workbench says Workbench Not Found', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await openPortalAs(page, 'pm', GRID);
    await pushPath(page, `${GRID}&workbench=Reports`);
    await expect(panel(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toHaveCount(0);
    await pushPath(page, `${GRID}&workbench=Nope`);
    await expect(panel(page)).toContainText('Workbench Not Found');
    await expect(panel(page)).toContainText('Nope');
    expect(errors).toContain('Workbench Not Found');
  });

  test('Files: count, upload and download with the server filename', async ({ page }) => {
    await openPortalAs(page, 'pm', GRID);
    await pushPath(page, `${GRID}&workbench=ProjectConfiguration&recordKey=Project&recordId=1`);
    await expect(panel(page)).toContainText('24-1032');
    const files = control(page, 'Files');
    await expect(files.locator('.workbench-file-count')).toHaveText(/^\d+$/);
    const before = Number(await files.locator('.workbench-file-count').textContent());
    await files.click();
    const name = `wb-e2e-${Date.now()}.txt`;
    await panel(page).locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('workbench file') });
    await panel(page).getByRole('button', { name: 'Upload' }).click();
    await expect(files.locator('.workbench-file-count')).toHaveText(String(before + 1));
    const download = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: `Download ${name}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(name);
    expect(readFileSync(await file.path()).toString()).toBe('workbench file');
  });

  test('Reports downloads a Cost Code Transactions CSV with a total', async ({ page }) => {
    await openPortalAs(page, 'pm', GRID);
    await pushPath(page, `${GRID}&workbench=Reports`);
    const download = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: 'Download Cost Code Transactions (CSV)' }).click();
    const csv = readFileSync(await (await download).path()).toString();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Date,Source Document,Cost Code');
    expect(lines.at(-1)).toMatch(/^Total,/);
    expect(lines.length).toBeGreaterThan(10);
  });
});
