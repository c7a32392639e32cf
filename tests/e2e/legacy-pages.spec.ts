// The legacy host's hand-off pages (§2) embed the real widgets, one script tag each: every widget
// signs in by itself (real login page), shows its data, opens a workbench over the legacy page, and
// shows toasts and message boxes; a Bootstrap 3 page (html { font-size: 10px }) changes no size.
// Run alone: npx rollup -c && E2E_PORT=8603 npx playwright test tests/e2e/legacy-pages.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { advance, dialog } from './support/records';
import { openAs } from './support/sign-in';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

/** Open `path` signed out: the embedded widget sends the visitor to the login page, and back. */
async function openLegacyAs(page: Page, login: string, path: string): Promise<void> {
  // The first time in a worker through the real login page; later as a new tab of the signed-in user.
  await openAs(page, login, path);
  const wanted = new URL(path, 'https://x');
  expect(new URL(page.url()).pathname).toBe(wanted.pathname);
}

/** The workbench host the screen added to the legacy page, and its open panel. */
const host = (page: Page) => page.locator('body > pfm-workbench-host');
const panel = (page: Page) => host(page).locator('[role="dialog"]');
const control = (page: Page, title: string) => panel(page).locator(`button[title="${title}"]`);
const toasts = (page: Page) => page.locator('portal-overlays');

/** Copy Link in the open workbench: the toast shows, the link names the workbench on the legacy path. */
async function copyLinkShowsToast(page: Page, workbench: string): Promise<void> {
  await control(page, 'Copy Link').click();
  await expect(toasts(page).getByText('Link copied')).toBeVisible();
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.pathname).toBe(new URL(page.url()).pathname);
  expect(copied.searchParams.get('workbench')).toBe(workbench);
}

test.describe('legacy hand-off pages embed the real widgets', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('cost management (cm): the projection grid; a line opens Cost Code Transactions over the page; a toast', async ({ page }) => {
    await openLegacyAs(page, 'pm', '/costmanagement/costmanagement/cm?projectId=1&budgetId=1');
    const grid = page.locator('#legacy-widget > pfm-projection-grid');
    await expect(grid.locator('.tabulator-row').first()).toBeVisible({ timeout: 20_000 });
    await expect(grid.locator('h1')).toHaveText('Projection Grid');

    await grid.locator('.tabulator-row .pg-open').first().click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).locator('h2').first()).toContainText('Cost Code Transactions');
    await expect(page.locator('wb-cost-code-transactions .tabulator-row').first()).toBeVisible({ timeout: 20_000 });
    // Still the legacy page: the workbench is in its query, over the page.
    const url = new URL(page.url());
    expect(url.pathname).toBe('/costmanagement/costmanagement/cm');
    expect(url.searchParams.get('workbench')).toBe('CostCodeTransactions');
    expect(url.searchParams.get('projectId')).toBe('1');
    // Over the page: fixed to the viewport's top right, whatever the page's table layout.
    expect(await panel(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const box = await panel(page).boundingBox();
    expect([box?.y, Math.round((box?.x ?? 0) + (box?.width ?? 0))]).toEqual([0, page.viewportSize()?.width]);
    await copyLinkShowsToast(page, 'CostCodeTransactions');

    await control(page, 'Close Workbench').click();
    await expect(panel(page)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('workbench')).toBeNull();
    await page.goBack();
    await expect(panel(page).locator('h2').first()).toContainText('Cost Code Transactions');
    await expect(host(page)).toHaveCount(1);
  });

  test('change management: the lists; a refused advance shows its message box; a row opens its workbench', async ({ page }) => {
    await openLegacyAs(page, 'pm', '/costmanagement/costmanagement/changemanagement?projectId=1&budgetId=1&activeTab=change-events');
    const screen = page.locator('#legacy-widget > pfm-change-management');
    await expect(screen.locator('.record-lists tbody tr[data-record-id]').first()).toBeVisible({ timeout: 20_000 });

    await advance(screen, 'Advance CE-003', 'Complete');
    await expect(dialog(page).locator('.modal-title')).toHaveText('Unable to Complete Change Event');
    await expect(dialog(page)).toContainText('Change Event can not be advanced to Completed State until all change event items are in a closed state.');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    await expect(dialog(page)).toHaveCount(0);

    await screen.locator('[data-open="CE-003"]').click();
    await expect(panel(page).locator('h2').first()).toContainText('Change Event');
    await expect(page.locator('wb-change-event [data-testid="change-event-items"] tbody tr').first()).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/costmanagement/costmanagement/changemanagement');
    expect([url.searchParams.get('workbench'), url.searchParams.get('recordKey'), url.searchParams.get('recordId')]).toEqual(['ChangeEvent', 'ChangeEvent', '3']);
  });

  test('change management: a workbench named in the legacy link opens at once', async ({ page }) => {
    await openLegacyAs(page, 'pm', '/costmanagement/costmanagement/changemanagement?projectId=1&budgetId=1&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=1');
    await expect(panel(page).locator('h2').first()).toContainText('Change Event');
    await expect(page.locator('wb-change-event [data-testid="change-event-items"] tbody tr').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('#legacy-widget > pfm-change-management [role="tab"][aria-selected="true"]').first()).toBeVisible();
  });

  test('projects: the list; Project Configuration opens from the query over the page; a toast; rem does not shrink it', async ({ page }) => {
    await openLegacyAs(page, 'pm', '/CostManagement/Projects?workbench=ProjectConfiguration&recordKey=Project&recordId=1');
    const projects = page.locator('#legacy-widget > pfm-projects');
    await expect(projects.locator('tbody tr[data-project-id]').first()).toBeVisible({ timeout: 20_000 });
    await expect(panel(page).locator('h2').first()).toContainText('Project Configuration');
    await expect(panel(page)).toContainText('24-1032');
    await copyLinkShowsToast(page, 'ProjectConfiguration');
    // This page loads Bootstrap 3 (root 10px) and a 12px Verdana body: the widget keeps its 16px system font.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
    const cell = projects.locator('tbody tr[data-project-id] td').nth(1);
    expect(await cell.evaluate((td) => getComputedStyle(td).fontSize)).toBe('16px');
    expect(await cell.evaluate((td) => getComputedStyle(td).fontFamily)).not.toContain('Verdana');
  });

  test('BRATs: the buyout of the project; a subcontract opens from the query over the page; a toast', async ({ page }) => {
    await openLegacyAs(page, 'pm', '/SR/Brats?projectId=1&budgetId=1&workbench=Subcontract&recordKey=Subcontract&recordId=2');
    const buyout = page.locator('#legacy-widget > pfm-buyout');
    await expect(buyout.locator('[data-buyout] tbody tr[data-cost-code-id]').first()).toBeVisible({ timeout: 20_000 });
    await expect(buyout.locator('[data-totals]')).toContainText('Total');
    await expect(panel(page).locator('h2').first()).toContainText('Subcontract');
    await expect(page.locator('wb-subcontract [data-items] tbody tr[data-item]').first()).toBeVisible({ timeout: 20_000 });
    await copyLinkShowsToast(page, 'Subcontract');
  });

  test('Buyout Project: the buyout of the project’s budget from the project id alone', async ({ page }) => {
    await openLegacyAs(page, 'pm', '/sr/Brats/BuyoutProject?projectId=1');
    const buyout = page.locator('#legacy-widget > pfm-buyout');
    await expect(buyout.locator('[data-buyout] tbody tr[data-cost-code-id]').first()).toBeVisible({ timeout: 20_000 });
    await expect(host(page)).toHaveCount(1);
    await expect(panel(page)).toHaveCount(0);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe: the embedded buyout and projects on their legacy pages, ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openLegacyAs(page, 'pm', '/SR/Brats?projectId=1&budgetId=1');
      await expect(page.locator('pfm-buyout [data-buyout] tbody tr').first()).toBeVisible({ timeout: 20_000 });
      const serious = async (tag: string) => {
        const results = await axeOn(page).include({ fromShadowDom: [tag, 'main'] }).analyze();
        // It looked inside the shadow root (a node there has a selector chain as target: host, then inside).
        expect(results.passes.some((rule) => rule.nodes.some((node) => Array.isArray(node.target[0]) && node.target[0][0] === tag))).toBe(true);
        return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      expect(await serious('pfm-buyout')).toEqual([]);
      await page.goto('/CostManagement/Projects');
      await expect(page.locator('pfm-projects tbody tr[data-project-id]').first()).toBeVisible({ timeout: 20_000 });
      expect(await serious('pfm-projects')).toEqual([]);
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`screenshots of the cm page, then with a workbench open, ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 1400, height: 900 });
      await openLegacyAs(page, 'pm', '/costmanagement/costmanagement/cm?projectId=1&budgetId=1');
      const grid = page.locator('#legacy-widget > pfm-projection-grid');
      await expect(grid.locator('.tabulator-row').first()).toBeVisible({ timeout: 20_000 });
      await reviewShot(page, { path: test.info().outputPath(`legacy-cm-${colorScheme}.png`) });
      await grid.locator('.tabulator-row .pg-open').first().click();
      await expect(page.locator('wb-cost-code-transactions .tabulator-row').first()).toBeVisible({ timeout: 20_000 });
      await reviewShot(page, { path: test.info().outputPath(`legacy-cm-workbench-${colorScheme}.png`) });
    });
  }
});

/** Computed sizes inside `<pfm-projects>`: what a page's root font size or CSS could change. */
async function projectSizes(page: Page): Promise<Record<string, string>> {
  const projects = page.locator('pfm-projects');
  await expect(projects.locator('tbody tr[data-project-id]').first()).toBeVisible({ timeout: 20_000 });
  return projects.evaluate((el) => {
    const root = el.shadowRoot!;
    const sizes: Record<string, string> = {};
    const take = (name: string, selector: string, properties: string[], box = false) => {
      const node = root.querySelector<HTMLElement>(selector);
      if (!node) throw new Error(`no ${selector}`);
      const style = getComputedStyle(node);
      for (const property of properties) sizes[`${name} ${property}`] = style.getPropertyValue(property);
      if (box) sizes[`${name} height`] = `${node.getBoundingClientRect().height}px`;
    };
    sizes['host font-size'] = getComputedStyle(el).fontSize;
    sizes['host line-height'] = getComputedStyle(el).lineHeight;
    take('heading', 'h1', ['font-size', 'line-height', 'margin-bottom', 'font-family']);
    take('cell', 'tbody tr[data-project-id] td:nth-child(2)', ['font-size', 'line-height', 'padding-top', 'padding-left', 'font-family', 'color', 'border-bottom-width']);
    take('header cell', 'thead th', ['font-size', 'padding-top', 'padding-left', 'font-weight']);
    take('pin button', 'button[data-pin]', ['font-size', 'padding-top', 'padding-left', 'border-radius', 'line-height'], true);
    take('search field', 'input[data-search]', ['font-size', 'padding-top', 'padding-left', 'border-radius'], true);
    take('count', '[data-count]', ['font-size']);
    take('main', 'main', ['padding-top', 'padding-left']);
    return sizes;
  });
}

test('a Bootstrap 3 page (html { font-size: 10px }) changes no size inside an element', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openAs(page, 'pm', '/demo/plain.html');
  const plain = await projectSizes(page);

  await page.goto('/demo/bootstrap3.html'); // signed in already (the session lives in this tab)
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
  // The page's own Bootstrap 3 table and button are styled (the rules are live on this page).
  expect(await page.locator('table.table td').first().evaluate((td) => getComputedStyle(td).paddingTop)).toBe('8px');
  expect(await page.locator('button.btn-primary').evaluate((b) => getComputedStyle(b).fontSize)).toBe('14px');
  const bootstrap3 = await projectSizes(page);

  expect(plain['cell font-size']).toBe('16px');
  expect(plain['host font-size']).toBe('16px');
  expect(bootstrap3).toEqual(plain);
});
