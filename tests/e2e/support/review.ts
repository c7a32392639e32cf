import type { Locator, Page, PageScreenshotOptions } from '@playwright/test';

/**
 * Screenshots for people to look at (light and dark, menus open: `.tmp/*.png` and the README's `docs/screenshots`)
 * are taken only with `E2E_SCREENSHOTS=1`: about 130 PNGs (20 MB) per run cost every `npm test` CPU time for
 * pictures nobody opens there, and rewrote the README's images. No assertion reads them.
 */
export const REVIEW_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** `target.screenshot(options)` when review screenshots are on. */
export async function reviewShot(target: Page | Locator, options: Pick<PageScreenshotOptions, 'fullPage'> & { path: string }): Promise<void> {
  if (REVIEW_SCREENSHOTS) await target.screenshot(options);
}
