// Owner agreements end to end: real sign-in, the real API and the seeded database (shared with other
// specs of the run, so this spec makes its own change orders and works out eligibility from the data).
// Run alone: DIST_DIR=.tmp/dist-b npx rollup -c && DIST_DIR=.tmp/dist-b E2E_PORT=8652 npx playwright test tests/e2e/owner-agreements.spec.ts --workers=1 --output=.tmp/pw-b
import { expect, test } from '@playwright/test';
import { api, openAndClosedRows, watchToken } from './support/api';
import { expectCandidates } from './support/owner-links';
import { openPortalAs } from './support/portal';
import { serverAnswer } from './support/records';

const Q = 'projectId=1&budgetId=1';
const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

test.describe.configure({ mode: 'serial' });

test.describe('owner agreements', () => {
  test('a PM starts a change order on the project’s owner agreement, links an Approved change event, sees the amount, and edits its description', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', `/pfm/projects/owneragreements?${Q}`);
    const screen = page.locator('pfm-owner-agreements');
    await expect(screen.locator('[data-testid="list-OwnerAgreement"] tbody tr[data-record-id]').first()).toBeVisible();

    const [agreement] = await openAndClosedRows(page, '/api/pfm/getowneragreements?recordKey=Project&recordId=1');
    const budgets = (await openAndClosedRows(page, '/api/pfm/getbudgets?recordKey=Project&recordId=1')).sort((a, b) => a.budgetId - b.budgetId);
    const before = await openAndClosedRows(page, `/api/pfm/getowneragreementchangeorders?recordKey=OwnerAgreement&recordId=${agreement!.ownerAgreementId}`);
    const highest = Math.max(0, ...before.map((co) => Number(/^OCO-(\d+)$/.exec(co.number)?.[1] ?? 0)));
    const expectedNumber = `OCO-${String(highest + 1).padStart(3, '0')}`;

    // Open the agreement and start a new change order: the first budget of the project is offered first.
    await screen.getByRole('button', { name: `Open Owner Agreement ${agreement!.number}` }).click();
    const oa = page.locator('wb-owner-agreement');
    await expect(page.locator('pfm-workbench-host .workbench-record-name')).toHaveText(agreement!.displayText);
    await oa.getByRole('button', { name: 'New change order' }).click();
    const form = oa.getByRole('form', { name: 'New change order' });
    await expect(form.getByLabel('Budget')).toHaveValue(String(budgets[0]!.budgetId));
    const description = `E2E owner change ${Date.now()}`;
    await form.getByLabel('Description').fill(description);
    const opened = new Date().toISOString();
    await form.getByRole('button', { name: 'Create change order' }).click();

    // The new change order's workbench opens; the screen's list has it without a reload.
    await expect(page).toHaveURL(/workbench=OwnerAgreementChangeOrder/);
    const recordId = Number(new URL(page.url()).searchParams.get('recordId'));
    const co = page.locator('wb-owner-agreement-change-order');
    await expect(co.locator('[data-number]')).toHaveText(expectedNumber);
    await expect(co.locator('[data-state-name]')).toHaveText('Draft');
    await expect(co.locator('[data-amount="amount"]')).toContainText(money(0));
    await expect(screen.locator(`[data-testid="list-OwnerAgreementChangeOrder"] tr[data-record-id="${recordId}"]`)).toContainText(description);
    const created = (await api(page, 'GET', `/api/pfm/getOwnerAgreementChangeOrderById?ownerAgreementChangeOrderId=${recordId}`)).body.data as Row;
    expect([created.number, created.description, created.budgetId, created.ownerAgreementId]).toEqual([expectedNumber, description, budgets[0]!.budgetId, agreement!.ownerAgreementId]);

    // §5 from the data as it is now: Approved, this agreement and budget, not reimbursable type 5.
    // Prefer a change event no change order holds yet (other specs of the run link some).
    const states = (await api(page, 'GET', '/api/applications/GetApplicationRecordStates?applicationRecordKey=ChangeEvent')).body.data as Row[];
    const approved = states.find((s) => s.name === 'Approved')!.applicationRecordStateId;
    const events = await openAndClosedRows(page, '/api/pfm/getchangeevents?recordKey=Project&recordId=1');
    // Not on a closed (settled) change order either.
    const eligible = events.filter((e) => e.applicationRecordStateId === approved && e.ownerAgreementId === agreement!.ownerAgreementId
      && e.budgetId === created.budgetId && e.reimbursableTypeId !== 5 && !e.ownerChangeOrderClosed);
    expect(eligible.length, 'the seed has an Approved change event of project 1 that may be linked (CE-003)').toBeGreaterThan(0);
    await expectCandidates(co, eligible, opened);
    const chosen = eligible.find((e) => !e.ownerAgreementChangeOrderId) ?? eligible[0]!;
    const items = await openAndClosedRows(page, `/api/pfm/getchangeeventitems?recordKey=ChangeEvent&recordId=${chosen.changeEventId}`);
    const expectedAmount = Math.round(items.filter((i) => i.parentChangeEventItemId == null).reduce((sum, i) => sum + (i.approvedAmount ?? 0), 0) * 100) / 100;
    expect(expectedAmount, 'the change event has approved amounts, so the change order’s amount visibly changes').toBeGreaterThan(0);

    const linked = serverAnswer(page, '/api/pfm/LinkChangeEventToOwnerChangeOrder');
    await co.getByRole('button', { name: `Link ${chosen.number}` }).click();
    expect((await linked).status()).toBe(200); // before the API is asked for the amount
    await expect(co.locator(`[data-linked] [data-change-event="${chosen.changeEventId}"]`)).toBeVisible();
    await expect(co.locator('[data-amount="amount"]')).toContainText(money(expectedAmount));
    expect((await api(page, 'GET', `/api/pfm/getOwnerAgreementChangeOrderById?ownerAgreementChangeOrderId=${recordId}`)).body.data.amount).toBe(expectedAmount);

    // Edit (§2) unlocks the header; edit the description and save; a reload shows it.
    await co.locator('[data-header-form] [data-control="Edit"]').click();
    const field = co.locator('[data-header-form] [data-field="description"]');
    await field.fill(`${description} (edited)`);
    await co.locator('[data-header-form] [data-save]').click();
    await expect(page.locator('portal-overlays')).toContainText('Owner Agreement Change Order saved.');
    await page.reload();
    await expect(page.locator('wb-owner-agreement-change-order [data-header-form] [data-field="description"]')).toHaveValue(`${description} (edited)`);
  });

  test('a failed save (injected 500) keeps what was typed; a closed agreement offers no new change order', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', `/pfm/projects/owneragreements?${Q}`);
    const [agreement] = await openAndClosedRows(page, '/api/pfm/getowneragreements?recordKey=Project&recordId=1');
    await page.goto(`/pfm/projects/owneragreements?${Q}&workbench=OwnerAgreement&recordKey=OwnerAgreement&recordId=${agreement!.ownerAgreementId}`);
    const oa = page.locator('wb-owner-agreement');
    const description = oa.locator('[data-header-form] [data-field="description"]');
    await oa.locator('[data-header-form] [data-control="Edit"]').click();
    await expect(description).toBeEditable();
    await page.route('**/api/pfm/SaveCommitment', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"injected"}' }));
    await description.fill('Typed before the failure');
    await oa.locator('[data-header-form] [data-save]').click();
    await expect(oa.locator('[data-problem]')).toContainText('was not saved (HTTP error! Status: 500)');
    await expect(description).toHaveValue('Typed before the failure');

    // Project 7 is closed: its owner agreement is Closed, read-only, with no "New change order".
    const [closed] = await openAndClosedRows(page, '/api/pfm/getowneragreements?recordKey=Project&recordId=7');
    expect(closed!.recordStateName).toBe('Closed');
    await page.goto(`/pfm/projects/owneragreements?projectId=7&workbench=OwnerAgreement&recordKey=OwnerAgreement&recordId=${closed!.ownerAgreementId}`);
    const closedWb = page.locator('wb-owner-agreement');
    await expect(closedWb.locator('[data-read-only]')).toBeVisible();
    await expect(closedWb.getByRole('button', { name: 'New change order' })).toHaveCount(0);
    await expect(closedWb.locator('[data-header-form] [data-save]')).toBeDisabled();
  });

  for (const login of ['employee', 'viewer']) {
    test(`${login} can not reach owner agreements, save their headers or create change orders`, async ({ page }) => {
      watchToken(page);
      await openPortalAs(page, login, '/');
      await page.goto(`/pfm/projects/owneragreements?${Q}&workbench=OwnerAgreement&recordKey=OwnerAgreement&recordId=1`);
      await expect(page).toHaveURL(/\/forbidden$/);
      expect((await api(page, 'POST', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: 1, BudgetId: 1, Description: 'x' })).status).toBe(403);
      expect((await api(page, 'POST', '/api/pfm/SaveCommitment', { RecordKey: 'OwnerAgreementChangeOrder', RecordId: 1, description: 'x' })).status).toBe(403);
    });
  }
});
