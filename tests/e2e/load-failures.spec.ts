// A screen load that fails (§7, §8), against the real host: a 401 gets a new token and one retry, so the
// screen still loads; only when the new token is refused too is the user offered to sign in again, once
// per burst. Identical autoAlert refusals of one load show one 'Request Failed' box, not one per call.
// Run alone: npx rollup -c && E2E_PORT=8601 npx playwright test tests/e2e/load-failures.spec.ts
import { expect, test, type Request } from '@playwright/test';
import { openPortalAs } from './support/portal';
import { dialog } from './support/records';

const PATH = '/pfm/projects/commitments?projectId=1&budgetId=1';
const LOAD = '**/api/pfm/getsubcontracts?*';

test('the first load of the screen answered 401: a new token, one retry, and the screen loads without a message', async ({ page }) => {
  await openPortalAs(page, 'pm', '/');
  const sent: Request[] = [];
  let refused = 0;
  await page.route(LOAD, async (route) => {
    sent.push(route.request());
    if (refused === 0) {
      refused += 1;
      return route.fulfill({ status: 401, contentType: 'application/json', body: '{"statusCode":401,"error":"Unauthorized","message":"Unauthorized"}' });
    }
    return route.continue();
  });
  await page.goto(PATH);
  const list = page.locator('pfm-commitments [data-testid="list-Subcontract"]');
  await expect(list.locator('tbody tr[data-record-id]').first()).toBeVisible();
  expect(refused).toBe(1);
  // The refused call was sent again (with a token: MSAL's forced refresh) and the other loads went through.
  const first = sent[0]!;
  const again = sent.filter((request) => request.url() === first.url());
  expect(again.length).toBe(2);
  expect(await again[1]!.headerValue('authorization')).toMatch(/^Bearer \S+/);
  expect(await again[1]!.headerValue('authorization'), 'a new token, not the refused one').not.toBe(await first.headerValue('authorization'));
  await expect(page.locator('pfm-commitments')).not.toContainText('could not be loaded');
  await expect(dialog(page)).toHaveCount(0);
});

test('a load refused even with a new token: one "Signed Out" offer with a "Sign in" action, and the screen says it could not load', async ({ page }) => {
  await openPortalAs(page, 'pm', '/');
  let refused = 0;
  await page.route(LOAD, (route) => {
    refused += 1;
    return route.fulfill({ status: 401, contentType: 'application/json', body: '{"statusCode":401,"message":"Unauthorized"}' });
  });
  await page.goto(PATH);
  await expect(dialog(page).locator('.modal-title')).toHaveText('Signed Out');
  await expect(dialog(page)).toContainText('Your sign-in has expired and could not be renewed. Sign in again, then choose Retry.');
  await expect(dialog(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('pfm-commitments')).toContainText('could not be loaded');
  // Open and closed loads, each tried twice; one box for all of them.
  await expect.poll(() => refused).toBe(4);
  await expect(dialog(page)).toHaveCount(1);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Once the server takes the token again, Retry loads the screen.
  await page.unroute(LOAD);
  await page.locator('pfm-commitments').getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('pfm-commitments [data-testid="list-Subcontract"] tbody tr[data-record-id]').first()).toBeVisible();
});

test("one screen load whose calls all answer the same autoAlert 400 shows one 'Request Failed' box", async ({ page }) => {
  await openPortalAs(page, 'pm', '/');
  let refused = 0;
  await page.route(/\/api\/pfm\/get(subcontracts|purchaseagreements|purchaseorders)\?/, (route) => {
    refused += 1;
    return route.fulfill({ status: 400, contentType: 'application/json',
      body: JSON.stringify({ statusCode: 400, autoAlert: true, message: 'The project is being archived.', serviceName: 'PfmService', functionName: 'GetCommitments' }) });
  });
  await page.goto(PATH);
  await expect(page.locator('pfm-commitments')).toContainText('could not be loaded');
  // Open and closed lists of subcontracts, purchase agreements and purchase orders: six refusals.
  await expect.poll(() => refused).toBe(6);
  await expect(dialog(page).locator('.modal-title')).toHaveText('Request Failed');
  await page.waitForTimeout(500); // let every refusal reach the page (they were six boxes before)
  await expect(dialog(page)).toContainText('The project is being archived.');
  await expect(dialog(page)).toHaveCount(1);
  await dialog(page).getByRole('button', { name: 'Ok' }).click();
  await expect(dialog(page)).toHaveCount(0);
});
