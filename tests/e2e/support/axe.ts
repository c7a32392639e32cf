import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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
