// Access requests end to end (issue 15): real sign-in, the real API, the seeded teams. The pm opens a
// Gulf Coast project he is not on: the portal shows "not on this project's team" with Request access;
// the link opens the form pre-filled with the project; the justification is required at its field;
// the request is stored Pending; the pm cannot approve it himself (403); the admin's bell shows it and
// the review page approves it in bulk with a reason; the pm's page, on Retry (no new sign-in), opens the
// project. Axe light and dark on the refusal, the form and the review page.
// Run alone: npx rollup -c && E2E_PORT=4642 npx playwright test tests/e2e/access-requests.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { PROJECT_SECURITY_TEXT } from '../../src/core/projects/team';
import { ACCESS_REQUEST_API, ACCESS_TEXT, addIsoDays } from '../../src/core/toolbox';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs, pushPath } from './support/portal';
import { expectNoSeriousAxeLightAndDark } from './support/axe';
import { today as centralToday } from '../../src/core/clock';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row | undefined;
const PM = 2;

const axe = (page: Page, include: [string, ...string[]], name: string) => expectNoSeriousAxeLightAndDark(page, include, name, { shots: 'access', settleMs: 50, fullPage: true });

test('a refused project offers Request access; the approval opens it without a new sign-in', async ({ browser, page }) => {
  test.setTimeout(120_000);
  // One hidden project of its own (other specs use the others).
  const projectId = SEED_TEAM_FACTS.pmHiddenProjectIds[7]!;
  const project = one('SELECT number, name FROM projects WHERE projectId = ?', projectId)!;
  expect(one('SELECT 1 AS x FROM project_team_members WHERE projectId = ? AND employeeId = ? AND removedAt IS NULL', projectId, PM)).toBeUndefined();
  watchToken(page);
  const screen = `/pfm/projects/commitments?projectId=${projectId}`;
  await openPortalAs(page, 'pm', screen);

  // The refusal, once for every project screen, instead of the generic failure.
  const refusal = page.locator('[data-screen="project-refusal"]');
  await expect(refusal.getByRole('alert')).toHaveText(PROJECT_SECURITY_TEXT.notOnTeam(project.number, project.name));
  await axe(page, ['portal-app', '[data-screen="project-refusal"]'], 'refusal');
  await refusal.getByRole('link', { name: PROJECT_SECURITY_TEXT.requestAccess }).click();
  await expect(page).toHaveURL(`/accessRequest?projectId=${projectId}`);

  // The form, pre-filled; the justification is required at its field; typed work is kept.
  const form = page.locator('pt-access-request [data-testid="access-request-form"]');
  await expect(form.locator(`[data-selected-project="${projectId}"]`)).toContainText(`${project.number} ${project.name}`);
  const endDate = addIsoDays(centralToday(), 30);
  await form.getByLabel('End date').fill(endDate);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.locator('[data-field-feedback="justification"]')).toContainText(ACCESS_TEXT.justificationRequired);
  await expect(form.getByLabel('End date')).toHaveValue(endDate);
  await form.getByLabel('Justification').fill('<b>Covering</b> the project engineer while on leave.');
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === ACCESS_REQUEST_API.createRequest);
  await form.getByRole('button', { name: 'Send request' }).click();
  expect((await created).status()).toBe(200);
  const stored = one(`SELECT a.accessRequestId, a.number, a.projectRole, a.endDate, a.justification, st.name AS state FROM access_requests a
    JOIN application_record_states st USING (applicationRecordStateId) WHERE a.projectId = ? AND a.requesterEmployeeId = ? ORDER BY a.accessRequestId DESC`, projectId, PM)!;
  expect(stored).toMatchObject({ state: 'Pending', projectRole: 'Project Engineer', endDate, justification: '<b>Covering</b> the project engineer while on leave.' });
  const mine = page.locator(`pt-access-request [data-testid="my-access-requests"] tr[data-record-id="${stored.accessRequestId}"]`);
  await expect(mine).toContainText(stored.number);
  await expect(mine.locator('[data-state]:not([role])')).toHaveText('Pending');
  await axe(page, ['portal-app', 'pt-access-request'], 'request');

  // Nobody approves their own request.
  const stateId = (name: string) => one("SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = 'AccessRequest' AND name = ?", name)!.id as number;
  const own = await api(page, 'POST', ACCESS_REQUEST_API.updateRequestState, { ItemId: stored.accessRequestId, OldRecordStateId: stateId('Pending'), RouteStateId: stateId('Approved'), Reason: 'me' });
  expect(own).toMatchObject({ status: 403, body: { message: ACCESS_TEXT.ownRequest } });

  // Back on the project: still refused (nothing decided yet).
  await pushPath(page, screen);
  await expect(refusal).toBeVisible();

  // The admin: the bell shows the waiting request; the review page approves it in bulk, with a reason.
  const admin = await (await browser.newContext()).newPage();
  await openPortalAs(admin, 'admin', '/');
  await admin.locator('portal-header [data-menu="bell"] button').first().click();
  await expect(admin.locator('portal-header [data-menu="bell"] [data-entry]').filter({ hasText: stored.number })).toHaveCount(1);
  await pushPath(admin, `/ProjectToolbox/ProjectSecurities/reviewaccess?projectId=${projectId}`);
  const review = admin.locator('pt-review-access');
  const row = review.locator(`tr[data-request-id="${stored.accessRequestId}"]`);
  await expect(row).toContainText('<b>Covering</b> the project engineer');
  await expect(review.locator('[data-testid="project-team"] tbody tr').first()).toBeVisible();
  await axe(admin, ['pt-review-access'], 'review');
  await row.getByRole('checkbox').check();
  await review.getByRole('button', { name: 'Approve selected (1)' }).click();
  await expect(review.getByLabel('Reason')).toHaveClass(/is-invalid/);
  await review.getByLabel('Reason').fill('Covering for the summer.');
  const decided = admin.waitForResponse((r) => new URL(r.url()).pathname === ACCESS_REQUEST_API.updateRequestStates);
  await review.getByRole('button', { name: 'Approve selected (1)' }).click();
  expect((await decided).status()).toBe(200);
  expect(one('SELECT st.name AS state, decisionReason FROM access_requests JOIN application_record_states st USING (applicationRecordStateId) WHERE accessRequestId = ?', stored.accessRequestId))
    .toMatchObject({ state: 'Approved', decisionReason: 'Covering for the summer.' });
  const member = one("SELECT projectRole, endDate, source, sourceId FROM project_team_members WHERE projectId = ? AND employeeId = ? AND removedAt IS NULL", projectId, PM)!;
  expect(member).toMatchObject({ projectRole: 'Project Engineer', endDate, source: 'request', sourceId: stored.accessRequestId });
  await expect(review.locator(`[data-testid="project-team"] tr[data-employee-id="${PM}"]`)).toContainText('request');
  await admin.context().close();

  // The pm's open page: Retry loads the project, with no new sign-in.
  const loaded = page.waitForResponse((r) => /\/api\/pfm\/get/.test(new URL(r.url()).pathname) && r.status() === 200);
  await refusal.getByRole('button', { name: 'Retry' }).click();
  await loaded;
  await expect(refusal).toHaveCount(0);
  await expect(page.locator('pfm-commitments [data-screen="commitments"]')).toBeVisible();
  await expect(page.locator('pfm-commitments [role="alert"]')).toHaveCount(0);
});

test('the requester withdraws a pending request: Withdraw asks first, is disabled while the move is on its way, and the request is stored Withdrawn', async ({ page }) => {
  // A hidden project of its own (the test above uses the last one).
  const projectId = SEED_TEAM_FACTS.pmHiddenProjectIds[5]!;
  watchToken(page);
  await openPortalAs(page, 'pm', '/accessRequest');
  const endDate = addIsoDays(centralToday(), 30);
  const made = await api(page, 'POST', ACCESS_REQUEST_API.createRequest, { projectId, projectRole: 'Project Engineer', justification: 'E2E withdraw', endDate });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const requestId = made.body.data.accessRequestId as number;
  await pushPath(page, '/');
  await pushPath(page, '/accessRequest');
  const row = page.locator(`pt-access-request [data-testid="my-access-requests"] tr[data-record-id="${requestId}"]`);
  const withdraw = row.locator('[data-action="withdraw"]');
  await expect(withdraw).toBeEnabled();

  // The move is held until the button has been seen disabled (no second send while it is on its way).
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route((url) => url.pathname === ACCESS_REQUEST_API.updateRequestState, async (route) => { await held; await route.continue(); });
  await withdraw.click();
  const moved = page.waitForResponse((r) => new URL(r.url()).pathname === ACCESS_REQUEST_API.updateRequestState);
  await page.locator('portal-overlays').getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw).toBeDisabled();
  release();
  expect((await moved).status()).toBe(200);
  expect(one('SELECT st.name AS state FROM access_requests JOIN application_record_states st USING (applicationRecordStateId) WHERE accessRequestId = ?', requestId))
    .toMatchObject({ state: 'Withdrawn' });
  await expect(row.locator('[data-action="withdraw"]')).toHaveCount(0);
});
