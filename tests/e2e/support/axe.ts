import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { reviewShot } from './review';

/**
 * The axe rules that read colours. The other rules read the DOM and ARIA, which a colour-scheme switch does not change
 * (one stylesheet; `prefers-color-scheme` changes colours only), so a second pass in the other scheme runs only these.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * An axe scan of `page` that keeps node details of violations only (axe's `resultTypes`, its documented speed-up
 * on large pages: passes and the rest keep one node per rule). Every spec that runs axe starts here.
 * `coloursOnly`: the {@link COLOUR_RULES} alone (the dark pass after a full light one).
 */
export function axeOn(page: Page, options: { coloursOnly?: boolean } = {}): AxeBuilder {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  return options.coloursOnly ? builder.withRules(COLOUR_RULES) : builder;
}

/**
 * No serious or critical axe violation inside `include` (a path through shadow roots), in light and then in dark (the
 * colour rules only), with a review screenshot `.tmp/<shots>-<name>-<scheme>.png` of each; the page is left light.
 * `settleMs`: the wait after each scheme switch, for eased colours to settle before the scan.
 */
export async function expectNoSeriousAxeLightAndDark(
  page: Page,
  include: [string, ...string[]],
  name: string,
  options: { shots: string; settleMs: number; fullPage?: boolean },
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(options.settleMs);
    const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: include as [string, string, ...string[]] }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${name} ${colorScheme}`).toEqual([]);
    const path = `.tmp/${options.shots}-${name}-${colorScheme}.png`;
    await reviewShot(page, options.fullPage === undefined ? { path } : { path, fullPage: options.fullPage });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
