import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe scan of `page` that keeps node details of violations only (axe's `resultTypes`, its documented speed-up
 * on large pages: passes and the rest keep one node per rule). Every spec that runs axe starts here.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}
