/** Record pieces every change-management and commitment spec uses: the state menu and the message box. */
import type { Locator, Page } from '@playwright/test';

/** The open message box (confirmations, blocked advances, 'Request Failed'). */
export const dialog = (page: Page): Locator => page.locator('portal-overlays [role="dialog"]');

/**
 * Pick `target` in the state menu named `menu` (its button's accessible name) inside `scope`. The
 * target is found by the state's name: closed targets also carry a hidden '(closed)' in their
 * accessible name.
 */
export async function advance(scope: Locator, menu: string, target: string): Promise<void> {
  await scope.getByRole('button', { name: menu, exact: true }).click();
  await scope.locator(`[role="menuitem"][data-target-state="${target}"]`).click();
}
