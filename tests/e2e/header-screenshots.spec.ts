// Screenshots of the header for the README/demo: admin and employee, light and dark.
// Run on purpose only: UPDATE_SCREENSHOTS=1 npx playwright test tests/e2e/header-screenshots.spec.ts
import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

const OUT = 'docs/screenshots';

test.describe('header screenshots', () => {
  test.skip(!process.env.UPDATE_SCREENSHOTS, 'set UPDATE_SCREENSHOTS=1 to write docs/screenshots/header-*.png');

  for (const login of ['admin', 'employee'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${login} ${scheme}`, async ({ page }) => {
        await page.setViewportSize({ width: 1280, height: 420 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto('/demo/header.html');
        await signIn(page, login);
        const header = page.locator('portal-header');
        await expect(header.locator('.portal-avatar-button')).toBeVisible();
        await expect(header.locator('.portal-bell-count')).toBeVisible();
        // Open the first menu so the dropdown's colours show too.
        await header.locator('[data-bar] > [data-menu] button').first().click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${OUT}/header-${login}-${scheme}.png`, clip: { x: 0, y: 0, width: 1280, height: 360 } });
      });
    }
  }
});
