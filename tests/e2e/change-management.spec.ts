// Change management end to end: real sign-in as pm on project 1, the real API and seeded database.
// Each test uses its own showcase records (SHOWCASE_CHANGE_EVENTS in demo/host/db/seed/change-management.ts) or puts back what it changed, so the tests
// do not depend on each other's order (the database is shared by the run).
// Run alone: DIST_DIR=.tmp/dist-cm npx rollup -c && DIST_DIR=.tmp/dist-cm E2E_PORT=8581 npx playwright test tests/e2e/change-management.spec.ts --output=.tmp/pw-cm
import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, hasToken, watchToken } from './support/api';
import { storedItemStates, storedState } from './support/db';
import { openPortalAs } from './support/portal';
import { advance, dialog, serverAnswer } from './support/records';

const Q = 'projectId=1&budgetId=1';
const screen = (page: Page) => page.locator('pfm-change-management');
const row = (page: Page, number: string) => screen(page).locator(`tr:has([data-open="${number}"])`);

async function open(page: Page, tab: string): Promise<void> {
  watchToken(page);
  await openPortalAs(page, 'pm', `/pfm/projects/changemanagement?${Q}&activeTab=${tab}`);
  await expect(screen(page).locator('.record-lists tbody tr[data-record-id]').first()).toBeVisible();
}

async function showClosed(page: Page): Promise<void> {
  await screen(page).locator('.record-lists [role="tab"][data-list="closed"]').click();
}

test.describe('change management', () => {
  test('Complete is blocked on CE-003 with the exact title and message, and the blocking items are listed with links', async ({ page }) => {
    await open(page, 'change-events');
    await advance(screen(page), 'Advance CE-003', 'Complete');
    await expect(dialog(page).locator('.modal-title')).toHaveText('Unable to Complete Change Event');
    await expect(dialog(page)).toContainText('Change Event can not be advanced to Completed State until all change event items are in a closed state.');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    const panel = screen(page).locator('[data-testid="blocked-advance"]');
    await expect(panel.locator('[data-item-id]')).toHaveCount(2);
    await expect(panel.locator('[data-item-id="7"] [data-item-state]')).toHaveText('Approved');
    await expect(panel.locator('[data-item-id="8"] [data-item-state]')).toHaveText('Pending Commitment');
    await panel.locator('[data-item-id="7"] a').click();
    await expect(page).toHaveURL(/workbench=ChangeEventItem&recordKey=ChangeEventItem&recordId=7/);
    await expect(page.locator('wb-change-event-item [data-state]:not([role])')).toHaveText('Approved');
    expect(storedState('ChangeEvent', 3)).toBe('Approved');
  });

  test('No Change is blocked on CE-001 (nested item open)', async ({ page }) => {
    await open(page, 'change-events');
    await advance(screen(page), 'Advance CE-001', 'No Change');
    await expect(dialog(page).locator('.modal-title')).toHaveText('Unable to set Change Event to No Change');
    await expect(dialog(page)).toContainText('Change Event can not be set to No Change until all change event items are in a closed state.');
    await expect(dialog(page)).toContainText('Item 3:');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    expect(storedState('ChangeEvent', 1)).toBe('Open');
  });

  test('Approved is blocked on CE-002 (an item is Pending Approval)', async ({ page }) => {
    await open(page, 'change-events');
    await advance(screen(page), 'Advance CE-002', 'Approved');
    await expect(dialog(page).locator('.modal-title')).toHaveText('Unable to Approve Change Event');
    await expect(dialog(page)).toContainText('Change Event can not be Approved until all change event items are approved or closed.');
    await expect(dialog(page)).toContainText('Item 4:');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    expect(storedState('ChangeEvent', 2)).toBe('Pending');
  });

  test('Approved applies on CE-005 and the event stays in the Open list', async ({ page }) => {
    await open(page, 'change-events');
    const answer = await advance(screen(page), 'Advance CE-005', 'Approved', { answerOf: '/api/pfm/UpdateChangeEventState' });
    expect(answer.status()).toBe(200);
    await expect(row(page, 'CE-005').locator('[data-state]:not([role])')).toHaveText('Approved');
    expect(storedState('ChangeEvent', 5)).toBe('Approved');
  });

  test('Confirm Cancel on CE-012: Cancel changes nothing; Ok cancels the event and every item (checked in the database)', async ({ page }) => {
    await open(page, 'change-events');
    await advance(screen(page), 'Advance CE-012', 'Canceled');
    await expect(dialog(page).locator('.modal-title')).toHaveText('Confirm Cancel');
    await expect(dialog(page)).toContainText('This will cancel the change event and change all change event items to Canceled. Please Confirm.');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    expect(storedState('ChangeEvent', 12)).toBe('Open');
    expect(Object.values(storedItemStates(12))).toEqual(['Open', 'Open']);

    await advance(screen(page), 'Advance CE-012', 'Canceled');
    const answer = serverAnswer(page, '/api/pfm/UpdateChangeEventState');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    await expect(row(page, 'CE-012')).toHaveCount(0);
    expect((await answer).status()).toBe(200); // the list moved optimistically: wait for the server before reading the database
    await showClosed(page);
    await expect(row(page, 'CE-012').locator('[data-state]:not([role])')).toHaveText('Canceled');
    expect(storedState('ChangeEvent', 12)).toBe('Canceled');
    expect(Object.values(storedItemStates(12))).toEqual(['Canceled', 'Canceled']);
  });

  test('Confirm Reject on CE-011: Cancel changes nothing; Ok rejects it and cancels every item, nested ones too (in the database)', async ({ page }) => {
    await open(page, 'change-events');
    const seeded = storedItemStates(11);
    expect(seeded).toEqual({ 21: 'Proposal Received', 22: 'Pending Approval', 23: 'Open' });
    await advance(screen(page), 'Advance CE-011', 'Rejected');
    await expect(dialog(page).locator('.modal-title')).toHaveText('Confirm Reject');
    await expect(dialog(page)).toContainText('This will cancel the change event and change all change event items to Canceled. Please Confirm.');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(row(page, 'CE-011').locator('[data-state]:not([role])')).toHaveText('Pending');
    expect(storedState('ChangeEvent', 11)).toBe('Pending');
    expect(storedItemStates(11)).toEqual(seeded);

    await advance(screen(page), 'Advance CE-011', 'Rejected');
    const answer = serverAnswer(page, '/api/pfm/UpdateChangeEventState');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    await expect(row(page, 'CE-011')).toHaveCount(0);
    expect((await answer).status()).toBe(200);
    expect(storedState('ChangeEvent', 11)).toBe('Rejected');
    expect(storedItemStates(11)).toEqual({ 21: 'Canceled', 22: 'Canceled', 23: 'Canceled' });
  });

  test('closing an item asks first: Cancel keeps it, Ok applies (then put back)', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', `/pfm/projects/changemanagement?${Q}&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=1`);
    const wb = page.locator('wb-change-event');
    await advance(wb, 'Advance item 1', 'Canceled');
    await expect(dialog(page)).toContainText('This will close the change event item. Please Confirm.');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect(storedItemStates(1)[1]).toBe('Open');
    await advance(wb, 'Advance item 1', 'Canceled');
    const answer = serverAnswer(page, '/api/pfm/UpdateChangeEventItemState');
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    await expect(wb.locator('tr[data-item-id="1"] [data-state]:not([role])')).toHaveText('Canceled');
    expect((await answer).status()).toBe(200);
    expect(storedItemStates(1)[1]).toBe('Canceled');
    // Put it back for the other tests (Canceled → Open is an offered advancement).
    expect((await api(page, 'POST', '/api/pfm/UpdateChangeEventItemState', { ItemId: 1, OldRecordStateId: 21, RouteStateId: 13 })).status).toBe(200);
  });

  test('Route for Proposal opens the RFP e-mail workbench; the state is unchanged', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', `/pfm/projects/changemanagement?${Q}&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=1`);
    const wb = page.locator('wb-change-event');
    await advance(wb, 'Advance item 3', 'Route for Proposal');
    await expect(page).toHaveURL(/workbench=Email&recordKey=ChangeEventItem&recordId=3&activeTab=rfp/);
    const email = page.locator('wb-email');
    await expect(email.locator('[data-field="subject"]')).toHaveValue(/^Request for proposal: CE-001 item 3/);
    await expect(email.locator('[data-state]:not([role])')).toHaveText('Open');
    expect(storedItemStates(1)[3]).toBe('Open');
  });

  test('Potential Costs on a Draft initiating document opens the new change event workbench; state unchanged', async ({ page }) => {
    await open(page, 'initiating-documents');
    await advance(screen(page), 'Advance OD-001', 'Potential Costs');
    await expect(page).toHaveURL(/workbench=ChangeEvent&recordKey=ChangeRecord&recordId=1/);
    await expect(page.locator('wb-change-event [data-workbench="new-change-event"]')).toBeVisible();
    await expect(row(page, 'OD-001').locator('[data-state]:not([role])')).toHaveText('Draft');
  });

  test('an injected failure (500) restores the record in the Open list and says why', async ({ page }) => {
    await open(page, 'initiating-documents');
    await page.route('**/api/pfm/UpdateChangeRecordState', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await advance(screen(page), 'Advance RFI-002', 'Void');
    await expect(page.locator('portal-overlays .toast-body').first()).toContainText("could not be moved to 'Void'");
    await expect(row(page, 'RFI-002').locator('[data-state]:not([role])')).toHaveText('Draft');
    await showClosed(page);
    await expect(row(page, 'RFI-002')).toHaveCount(0);
  });

  test('a real 409: a second browser moves CE-010 first; the record is restored, reloaded and the user told', async ({ page, browser }) => {
    await open(page, 'change-events');
    await moveToPendingInOtherBrowser(browser, 'CE-010');
    await advance(screen(page), 'Advance CE-010', 'No Change');
    await expect(page.locator('portal-overlays .toast-body').first()).toContainText('was changed by someone else');
    await expect(row(page, 'CE-010').locator('[data-state]:not([role])')).toHaveText('Pending');
    expect(storedState('ChangeEvent', 10)).toBe('Pending');
    // Put it back.
    expect((await api(page, 'POST', '/api/pfm/UpdateChangeEventState', { ItemId: 10, OldRecordStateId: 7, RouteStateId: 6 })).status).toBe(200);
  });

  test('an invalid activeTab shows the first tab', async ({ page }) => {
    await openPortalAs(page, 'pm', `/pfm/projects/changemanagement?${Q}&activeTab=nonsense`);
    await expect(screen(page).locator('[role="tablist"][aria-label="Change management"] [aria-selected="true"]')).toHaveText('Initiating Documents');
  });

  for (const login of ['employee', 'viewer']) {
    test(`${login} is refused by route (/forbidden) and by the API (403)`, async ({ page }) => {
      watchToken(page);
      await openPortalAs(page, login, `/pfm/projects/changemanagement?${Q}`);
      await expect(page).toHaveURL(/\/forbidden/);
      await expect.poll(() => hasToken(page)).toBe(true);
      expect((await api(page, 'GET', '/api/pfm/getchangeevents?recordKey=Project&recordId=1')).status).toBe(403);
      expect((await api(page, 'POST', '/api/pfm/UpdateChangeEventState', { ItemId: 10, OldRecordStateId: 6, RouteStateId: 7 })).status).toBe(403);
    });
  }
});

/** Move change event `number` from Open to Pending in a second browser context, through its own UI. */
async function moveToPendingInOtherBrowser(browser: Browser, number: string): Promise<void> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const other = await context.newPage();
  await openPortalAs(other, 'pm', `/pfm/projects/changemanagement?${Q}&activeTab=change-events`);
  await expect(row(other, number)).toBeVisible();
  await advance(screen(other), `Advance ${number}`, 'Pending');
  await expect(row(other, number).locator('[data-state]:not([role])')).toHaveText('Pending');
  await context.close();
}
