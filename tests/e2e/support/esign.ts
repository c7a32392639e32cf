/**
 * E-sign helpers: where a spec finds a signer's link, and the outbox page.
 * - The database keeps only the sha256 of a signing link's token (migration 023): the token is in the
 *   e-mail, i.e. the outbox row's `link`, read here (read-only) from the newest e-mail to the signer.
 * - The outbox page (/esign/outbox) is for a signed-in keyAdmin Admin on the dev environment only: it is
 *   opened with admin's bearer token, taken from a portal page admin signed in on.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { bearerOf, hasToken, watchToken } from './api';
import { e2eDb } from './db';
import { openPortalAs } from './portal';

/** The link of the newest e-mail to `email` on envelope `number` that carried one (a reminder's replaces the first). */
export function signingLinkOf(number: string, email: string): string {
  const link = e2eDb().prepare(`SELECT o.link FROM esign_outbox o JOIN envelopes e USING (envelopeId)
    WHERE e.number = ? AND o.toEmail = ? AND o.link IS NOT NULL ORDER BY o.outboxId DESC LIMIT 1`).pluck().get(number, email) as string | undefined;
  if (!link) throw new Error(`No signing link was e-mailed to ${email} on envelope ${number}.`);
  return link;
}

/** A new page showing the outbox as admin (who signs in on it first, for the token the page is asked with). */
export async function openOutboxAsAdmin(browser: Browser, baseURL: string | undefined, colorScheme?: 'light' | 'dark'): Promise<Page> {
  // A context of its own (axe's Playwright runner refuses a page made by browser.newPage()); closing the page closes it.
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL, colorScheme });
  const outbox = await context.newPage();
  outbox.on('close', () => { void context.close(); });
  watchToken(outbox);
  await openPortalAs(outbox, 'admin', '/');
  await expect.poll(() => hasToken(outbox)).toBe(true);
  await outbox.setExtraHTTPHeaders({ authorization: bearerOf(outbox)! });
  const answer = await outbox.goto('/esign/outbox');
  expect(answer?.status()).toBe(200);
  return outbox;
}
