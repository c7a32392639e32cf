// Issue 12's services end to end: the header search (search token) as pm and as employee, by
// keyboard, axe light and dark with the results open; the projection grid's suggested cost to
// complete (AI token) accepted with Ctrl+Enter and saved; a report through the BI service.
// Run alone: npx rollup -c && E2E_PORT=4624 npx playwright test tests/e2e/services.spec.ts
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { e2eDb } from './support/db';
import { openPortalAs, pushPath } from './support/portal';
import { openAs } from './support/sign-in';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';
import { currentPeriod } from '../../src/core/clock';

const box = (page: Page) => page.locator('portal-header input[role="combobox"]');
const results = (page: Page) => page.locator('portal-header [data-search-results]');
const options = (page: Page) => page.locator('portal-header [role="option"]');

/** Type `text` into the search box and wait for the search service's answer. */
async function search(page: Page, text: string): Promise<void> {
  const answer = page.waitForResponse((response) => response.url().includes('/search/query') && response.url().includes(`q=${encodeURIComponent(text)}`));
  await box(page).fill(text);
  expect((await answer).status()).toBe(200);
}

test.describe('header search', () => {
  test('pm: / focuses the box; results grouped by kind; arrows and Enter open the subcontract workbench', async ({ page }) => {
    await openPortalAs(page, 'pm', '/');
    await expect(box(page)).toBeAttached();
    await page.locator('portal-home h1').click();
    await page.keyboard.press('/');
    await expect(box(page)).toBeFocused();

    const project = e2eDb().prepare('SELECT number, name FROM projects WHERE projectId = 1').get() as { number: string; name: string };
    await page.keyboard.type(project.name.slice(0, 9));
    await expect(options(page).first()).toBeVisible();
    await expect(page.locator('portal-header [data-search-group="project"] .dropdown-header')).toHaveText('Projects');
    await expect(page.locator('portal-header [data-search-group="project"] [role="option"]').first()).toContainText(project.number);

    const sc = e2eDb().prepare(`SELECT subcontractId, number, projectId FROM subcontracts WHERE projectId = 1 ORDER BY subcontractId LIMIT 1`).get() as
      { subcontractId: number; number: string; projectId: number };
    await search(page, sc.number);
    const wanted = page.locator(`portal-header [data-search-result="subcontract:${sc.subcontractId}"]`);
    await expect(wanted).toBeVisible();
    const all = await options(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-search-result')));
    const position = all.indexOf(`subcontract:${sc.subcontractId}`);
    for (let i = 0; i <= position; i++) await page.keyboard.press('ArrowDown');
    await expect(wanted).toHaveAttribute('aria-selected', 'true');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', (await wanted.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/pfm/projects/commitments\\?projectId=${sc.projectId}&workbench=Subcontract&recordKey=Subcontract&recordId=${sc.subcontractId}$`));
    await expect(page.locator('pfm-workbench-host .workbench-record-name')).toContainText(sc.number);

    // Escape closes the list; the text stays until a second Escape.
    await box(page).focus();
    await search(page, project.number);
    await expect(results(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(results(page)).toBeHidden();
    await expect(box(page)).toHaveValue(project.number);
  });

  test('employee (no keyPFM) finds no PFM record where pm finds one; user text renders as text', async ({ page }) => {
    await openPortalAs(page, 'employee', '/');
    await expect(box(page)).toBeAttached();
    await box(page).click();
    const project = e2eDb().prepare('SELECT name FROM projects WHERE projectId = 1').get() as { name: string };
    await search(page, project.name.slice(0, 9));
    await expect(options(page)).toHaveCount(0);
    await expect(page.locator('portal-header [data-search-note]')).toHaveText(`No records you may open match “${project.name.slice(0, 9)}”.`);
    await search(page, '<b>x</b>');
    await expect(page.locator('portal-header [data-search-note]')).toHaveText('No records you may open match “<b>x</b>”.');
    await expect(page.locator('portal-header [data-search-note] b')).toHaveCount(0);
  });

  test('no serious or critical axe violations with the results open, light and dark (screenshots)', async ({ page }) => {
    // The header embedded alone (axe's include needs it outside <portal-app>'s shadow root).
    await openAs(page, 'pm', '/demo/header.html');
    await expect(box(page)).toBeAttached();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await box(page).click();
      await search(page, scheme === 'light' ? 'SC' : 'SC-');
      await expect(options(page).first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await reviewShot(page, { path: `.tmp/search-${scheme}.png` });
      const report = await axeOn(page).include('portal-header').analyze();
      const bad = report.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), scheme).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });
});

test.describe('projection grid: suggested cost to complete', () => {
  test('loads after the grid, explains itself, Ctrl+Enter accepts it as an unsaved edit, Save stores it', async ({ page }) => {
    // Budget 2: the projection-grid spec edits budget 1.
    const { projectId } = e2eDb().prepare('SELECT projectId FROM budgets WHERE budgetId = 2').get() as { projectId: number };
    const suggestions = page.waitForResponse((response) => response.url().includes('/ai/pfm/getchatbotcostprojections'));
    await openPortalAs(page, 'pm', `/pfm/projects/projectiongrid?projectId=${projectId}&budgetId=2`);
    const grid = page.locator('pfm-projection-grid');
    const rows = grid.locator('.tabulator-row:not(.tabulator-group):not(.tabulator-calcs)');
    await expect(rows.first()).toBeVisible();
    const answer = (await (await suggestions).json()) as { data: Array<{ costCodeId: number; suggestedCostToComplete: number | null; explanation: string }> };
    await expect(grid.locator('[data-suggestion-status]')).not.toContainText('Loading');

    // The first visible line with a non-zero suggestion.
    const texts = await rows.locator('[tabulator-field="suggestedCostToComplete"]').allTextContents();
    const index = texts.findIndex((text) => /^\$[\d,]+\.\d\d$/.test(text) && text !== '$0.00');
    expect(index).toBeGreaterThanOrEqual(0);
    const shown = texts[index]!;
    const value = Number(shown.replace(/[$,]/g, ''));
    const line = answer.data.find((s) => s.suggestedCostToComplete === value)!;
    expect(line).toBeTruthy();

    // The tooltip says how it was computed.
    await expect(rows.nth(index).locator('[tabulator-field="suggestedCostToComplete"]')).toHaveAttribute('title', `${line.explanation} Press Ctrl+Enter on the line to use it as the projected cost to complete.`);
    expect(line.explanation).toMatch(/^Spent \$[\d,.]+ in Aug 2026 – Oct 2026 \(the last 3 months\): a burn rate of \$[\d,.]+ a month\. × \d+ months? left/);

    await rows.nth(index).locator('[tabulator-field="projectedCostToComplete"]').click();
    await page.keyboard.press('Control+Enter');
    await expect(grid.locator('[data-unsaved-count]')).toHaveText('1 unsaved change');
    await expect(grid.locator('[data-suggestion-status]')).toContainText(`suggested cost to complete ${shown} used`);
    await page.keyboard.press('Escape');
    await expect(rows.nth(index).locator('[tabulator-field="projectedCostToComplete"]')).toHaveText(`${shown}✎ Manual`);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await reviewShot(page, { path: `.tmp/suggestion-${scheme}.png` });
    }

    const saved = page.waitForResponse((response) => response.url().includes('/api/pfm/SaveProjections'));
    await grid.locator('[data-action="save"]').click();
    expect((await saved).status()).toBe(200);
    const stored = e2eDb().prepare("SELECT method, projectedCostToComplete FROM projections WHERE costCodeId = ? AND month = ?").get(line.costCodeId, currentPeriod());
    expect(stored).toEqual({ method: 'manual', projectedCostToComplete: value });
  });
});

test('Reports: a report is built by the BI service with the BI token', async ({ page }) => {
  await openPortalAs(page, 'pm', '/pfm/projects/projectiongrid?projectId=1&budgetId=1');
  // Every answer of the BI service, with the audience of the token its request carried. The client asks a new token
  // and sends the call again after a 401, so the report is built from the last one; a refused first call is named.
  const runs: Array<{ status: number; aud: string[]; why: string }> = [];
  page.on('response', (response) => {
    if (!response.url().includes('/bi/reports/run')) return;
    const token = (response.request().headers().authorization ?? '').split('.')[1] ?? '';
    const payload = JSON.parse(Buffer.from(token, 'base64url').toString() || '{}') as { aud?: string | string[]; iat?: number };
    const why = response.status() === 200 ? '' : `${response.headers()['www-authenticate'] ?? ''} ${JSON.stringify(payload)} at ${Math.floor(Date.now() / 1000)}`;
    runs.push({ status: response.status(), aud: [payload.aud ?? []].flat(), why });
  });
  await pushPath(page, '/pfm/projects/projectiongrid?projectId=1&budgetId=1&workbench=Reports');
  const download = page.waitForEvent('download');
  await page.locator('pfm-workbench-host').getByRole('button', { name: 'Download Committed Cost (CSV)' }).click();
  const csv = readFileSync(await (await download).path()).toString();
  expect(csv.split('\r\n')[0]).toBe('\uFEFFKind,Number,Vendor,Description,State,Original Amount,Approved Changes,Current Amount');
  const built = runs.at(-1);
  expect(built?.status, JSON.stringify(runs)).toBe(200);
  expect(built?.aud).toEqual(['api://bizapps-bi']);
  for (const refused of runs.slice(0, -1)) test.info().annotations.push({ type: 'BI call refused before the report', description: `${refused.status} ${refused.why}` });
});
