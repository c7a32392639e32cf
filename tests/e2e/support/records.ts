/** Record pieces every change-management and commitment spec uses: the state menu, the message box and the server's answer. */
import type { Locator, Page, Response } from '@playwright/test';

/** The open message box (confirmations, blocked advances, 'Request Failed'). */
export const dialog = (page: Page): Locator => page.locator('portal-overlays [role="dialog"]');

/**
 * The server's answer to the next POST to `path` (e.g. '/api/pfm/UpdateChangeEventState'). Start it
 * BEFORE the click that sends the call, and await it before reading the database: the screens move
 * records optimistically, so what they show is no sign that the server has answered.
 */
export function serverAnswer(page: Page, path: string): Promise<Response> {
  const wanted = path.toLowerCase();
  return page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.toLowerCase() === wanted);
}

/**
 * Pick `target` in the state menu named `menu` (its button's accessible name) inside `scope`. The
 * target is found by the state's name: closed targets also carry a hidden '(closed)' in their
 * accessible name. With `answerOf` (the state-update path the move posts to) it also waits for the
 * server's answer and returns it; use that whenever the test then reads the database or the API.
 */
export async function advance(scope: Locator, menu: string, target: string): Promise<void>;
export async function advance(scope: Locator, menu: string, target: string, options: { answerOf: string }): Promise<Response>;
export async function advance(scope: Locator, menu: string, target: string, options?: { answerOf: string }): Promise<Response | void> {
  const answer = options ? serverAnswer(scope.page(), options.answerOf) : undefined;
  answer?.catch(() => undefined); // a failed click is the error to report, not this wait
  await scope.getByRole('button', { name: menu, exact: true }).click();
  await scope.locator(`[role="menuitem"][data-target-state="${target}"]`).click();
  if (answer) return answer;
}
