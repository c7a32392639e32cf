// Data quality end to end: real sign-in as pm, the real API and the seeded defects of project 1.
// Run alone: npx rollup -c && E2E_PORT=8606 npx playwright test tests/e2e/data-quality.spec.ts
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs, pushPath } from './support/portal';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

const PATH = '/pfm/projects/dataquality?projectId=1&budgetId=1';
const screen = (page: Page) => page.locator('pfm-data-quality');
const issueRows = (page: Page) => screen(page).locator('tbody tr[data-issue]');

/** The seeded itemless subcontract of project 1 (seed/data-quality.ts). */
const itemless = () => e2eDb().prepare("SELECT subcontractId, applicationRecordStateId FROM subcontracts WHERE number = 'SC-24-1032-028'").get() as
  { subcontractId: number; applicationRecordStateId: number };

test.describe.configure({ mode: 'serial' });

test.describe('data quality', () => {
  test('shows the seeded defects with counts per rule; the severity filter narrows; axe light and dark', async ({ page }) => {
    watchToken(page);
    // The screen's own answer, not a second call: specs running beside this one add records to project 1 meanwhile.
    const own = page.waitForResponse((r) => r.url().includes('/api/pfm/getdataqualityissues') && r.request().method() === 'GET' && r.ok());
    await openPortalAs(page, 'pm', PATH);
    await expect(screen(page).locator('h1')).toHaveText('Data Quality');
    await expect(issueRows(page).first()).toBeVisible();
    const answer = ((await (await own).json()) as { data: Array<{ ruleId: string; severity: string }> }).data;
    await expect(issueRows(page)).toHaveCount(answer.length);
    const unreconciled = answer.filter((r) => r.ruleId === 'unreconciled-cost-adjustment').length;
    await expect(screen(page).locator('[data-count="unreconciled-cost-adjustment"]')).toHaveText(String(unreconciled));
    const row = screen(page).locator('tr[data-issue="commitment-without-items"]');
    await expect(row).toContainText('SC-24-1032-028 has no items: add at least one item with its cost code and amount, or void it.');
    await expect(row.locator('[data-severity]')).toHaveText('Error');

    await screen(page).getByLabel('Severity').selectOption('info');
    await expect(issueRows(page)).toHaveCount(answer.filter((r) => r.severity === 'info').length);
    await expect(screen(page).locator('[data-table="issues"] tbody [data-severity]').filter({ hasNotText: 'Info' })).toHaveCount(0);
    await screen(page).getByLabel('Severity').selectOption('');

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: ['portal-app', 'pfm-data-quality'] }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
      await reviewShot(page, { path: `.tmp/data-quality-${colorScheme}.png`, fullPage: true });
    }
  });

  test('CSV export: the shown rows, formulas neutralised by the grid export', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', PATH);
    await expect(issueRows(page).first()).toBeVisible();
    const count = await issueRows(page).count();
    const [download] = await Promise.all([page.waitForEvent('download'), screen(page).getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('data-quality-project-1.csv');
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Severity,Rule,Record type,Record,Message');
    expect(lines).toHaveLength(count + 1);
    expect(lines).toContain('Error,Commitment without items,Subcontract,SC-24-1032-028,"SC-24-1032-028 has no items: add at least one item with its cost code and amount, or void it."');
    const [excel] = await Promise.all([page.waitForEvent('download'), screen(page).getByRole('button', { name: 'Export Excel' }).click()]);
    expect(excel.suggestedFilename()).toBe('data-quality-project-1.xlsx');
  });

  test('by keyboard, the link opens the workbench; the fix through the API and Refresh drop the row', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', PATH);
    const sc = itemless();
    const link = screen(page).getByRole('link', { name: 'Open Subcontract SC-24-1032-028' });
    await expect(link).toBeVisible();
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`workbench=Subcontract.*recordId=${sc.subcontractId}|recordId=${sc.subcontractId}.*workbench=Subcontract`));
    await expect(page.locator('pfm-workbench-host .workbench-record-name')).toContainText('SC-24-1032-028');
    await expect(page.locator('wb-subcontract [data-state-name]')).toHaveText('Draft');

    // The fix: one item, through the API as the signed-in pm.
    const line = e2eDb().prepare("SELECT costCodeId FROM cost_codes WHERE budgetId = 1 AND type = 'S' ORDER BY costCodeId LIMIT 1").get() as { costCodeId: number };
    const saved = await api(page, 'POST', '/api/pfm/SaveCommitment', {
      RecordKey: 'Subcontract', RecordId: sc.subcontractId, OldRecordStateId: sc.applicationRecordStateId,
      'items[0].costCodeId': line.costCodeId, 'items[0].description': 'Winter enclosures', 'items[0].amount': '18500',
    });
    expect(saved.status).toBe(200);
    expect((e2eDb().prepare('SELECT count(*) AS n FROM subcontract_items WHERE subcontractId = ?').get(sc.subcontractId) as { n: number }).n).toBe(1);

    await page.goBack();
    await expect(page).not.toHaveURL(/workbench=/);
    const row = screen(page).locator('tr[data-issue="commitment-without-items"]');
    await expect(row).toHaveCount(1);
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/pfm/getdataqualityissues'));
    await screen(page).getByRole('button', { name: 'Refresh' }).click();
    await refreshed;
    await expect(row).toHaveCount(0);
    await expect(screen(page).locator('[data-count="commitment-without-items"]')).toHaveCount(0);
    await expect(issueRows(page).first()).toBeVisible();
  });

  test('loading shows a status; a failed load (500) says so and Retry loads; 403 names the missing access', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', '/');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let mode: 'hold-500' | '403' | 'pass' = 'hold-500';
    await page.route('**/api/pfm/getdataqualityissues*', async (route) => {
      if (mode === 'hold-500') {
        await held;
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) });
      }
      if (mode === '403') return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'no' }) });
      return route.continue();
    });
    await pushPath(page, PATH);
    await expect(screen(page).getByRole('status')).toHaveText('Checking the project’s data…');
    release();
    const alert = screen(page).getByRole('alert');
    await expect(alert).toContainText('The data-quality check could not be loaded.');
    mode = '403';
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(screen(page).getByRole('alert')).toContainText('You do not have access to data quality on this project.');
    mode = 'pass';
    await screen(page).getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(issueRows(page).first()).toBeVisible();
    await expect(screen(page).getByRole('alert')).toHaveCount(0);
  });

  test('employee and viewer: the route is forbidden and the API refuses', async ({ browser }) => {
    for (const login of ['employee', 'viewer']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      watchToken(page);
      await openPortalAs(page, login, PATH);
      await expect(page).toHaveURL(/\/forbidden/);
      expect((await api(page, 'GET', '/api/pfm/getdataqualityissues?recordKey=Project&recordId=1')).status, login).toBe(403);
      await context.close();
    }
  });
});
