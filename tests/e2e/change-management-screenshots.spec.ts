// Screenshots of change management in light and dark (written to .tmp/cm-shots for review), with an
// axe check of the change events tab in both themes.
import { expect, test } from '@playwright/test';
import { openPortalAs } from './support/portal';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`change events and a change event workbench in ${colorScheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openPortalAs(page, 'pm', '/pfm/projects/changemanagement?projectId=1&budgetId=1&activeTab=change-events');
    const screen = page.locator('pfm-change-management');
    await expect(screen.locator('tbody tr[data-record-id]').first()).toBeVisible();
    await reviewShot(page, { path: `.tmp/cm-shots/change-events-${colorScheme}.png`, fullPage: true });
    const results = await axeOn(page).include({ fromShadowDom: ['portal-app', 'pfm-change-management'] }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await screen.locator('[data-open="CE-001"]').click();
    await expect(page.locator('wb-change-event [data-testid="change-event-items"] tbody tr')).toHaveCount(3);
    await reviewShot(page, { path: `.tmp/cm-shots/change-event-wb-${colorScheme}.png`, fullPage: true });
  });
}
