// Screenshots for review (E2E_SCREENSHOTS=1, written to .tmp/forecast-shots) of the forecasting screens in light and
// dark at 1366×768: <pfm-forecast> (periods, comparison, why it moved, a source opened), the projection grid with the
// pending columns and a pending panel open, the units grid, and the Excel import dialog. Without the variable the test
// is skipped: nothing here asserts more than that each screen loaded (axe, keyboard and faults: the tables).
import { expect, test } from '@playwright/test';
import { openPortalAs, pushPath } from './support/portal';
import { REVIEW_SCREENSHOTS, reviewShot } from './support/review';

test.use({ viewport: { width: 1366, height: 768 } });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`forecasting screens in ${colorScheme}`, async ({ page }) => {
    test.skip(!REVIEW_SCREENSHOTS, 'review screenshots only (E2E_SCREENSHOTS=1)');
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    const q = 'projectId=1&budgetId=1';
    const shot = (name: string) => reviewShot(page, { path: `.tmp/forecast-shots/${name}-${colorScheme}.png`, fullPage: true });

    await openPortalAs(page, 'rpm', `/pfm/projects/forecast?${q}`);
    await expect(page.locator('pfm-forecast [data-comparison]')).toBeVisible();
    await shot('forecast');
    await page.locator('pfm-forecast [data-movement] summary').first().click();
    await shot('forecast-source-open');

    await pushPath(page, `/pfm/projects/projectiongrid?${q}`);
    const grid = page.locator('pfm-projection-grid');
    await expect(grid.locator('.tabulator-row').first()).toBeVisible();
    await grid.locator('[data-total="pendingCostChanges"] button').click();
    await expect(grid.locator('[data-pending-panel]')).toBeVisible();
    await shot('grid-pending');
    await grid.locator('[data-action="import-excel"]').click();
    await expect(grid.locator('[data-dialog="import-excel"]')).toBeVisible();
    await shot('grid-import');
    await grid.locator('[data-action="cancel-import"]').click();

    await pushPath(page, `/pfm/projects/projectiongridunit?${q}`);
    await expect(grid.locator('.tabulator-row').first()).toBeVisible();
    await shot('units-grid');
  });
}
