// SLIM end to end (issue 14): real sign-in, the real API, requests this spec raises itself; database
// checks read-only and only after the server's answer. Run alone:
//   npx rollup -c && E2E_PORT=4643 npx playwright test tests/e2e/slim.spec.ts
import { expect, test, type Browser, type Page } from '@playwright/test';
import { RISK_API, SLIM_TEXT, suggestLimits } from '../../src/core/risk';
import { SLIM_UI_TEXT as T } from '../../src/features/risk/slim/text';
import { stepValue } from '../../src/features/risk/slim/working';
import { api, hasToken, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs, pushPath } from './support/portal';
import { expectNoSeriousAxeLightAndDark } from './support/axe';
import { today as centralToday } from '../../src/core/clock';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row | undefined;
const all = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).all(...args) as Row[];
const PORT = Number(process.env.E2E_PORT ?? 8543);
const RUN = Date.now().toString(36);
const link = (requestId: number) => `/sr/slimqueue?workbench=SlimRequest&recordKey=SlimRequest&recordId=${requestId}`;
const stateOf = (requestId: number) => one('SELECT st.name FROM slim_requests r JOIN application_record_states st USING (applicationRecordStateId) WHERE r.requestId = ?', requestId)?.name as string;
const response = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');
const workbench = (page: Page) => page.locator('wb-slim-request');
const employeeOf = (login: string) => one('SELECT employeeId FROM employees WHERE login = ?', login)!.employeeId as number;

const axe = (page: Page, include: [string, ...string[]], name: string) => expectNoSeriousAxeLightAndDark(page, include, name, { shots: 'slim', settleMs: 300, fullPage: true });

/** A signed-in page of `login` in a browser context of its own. */
async function as(browser: Browser, login: string, path: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: `https://localhost:${PORT}`, locale: 'en-US', timezoneId: 'America/Chicago', reducedMotion: 'reduce' });
  const page = await context.newPage();
  watchToken(page);
  await openPortalAs(page, login, path);
  await expect.poll(() => hasToken(page)).toBe(true);
  return page;
}

/** Click the move, type its note, confirm, and wait for the server's answer. */
async function move(page: Page, name: string, note = '', limits?: { single: string; aggregate: string }): Promise<void> {
  const wb = workbench(page);
  await wb.locator(`[data-move="${name}"]`).click();
  const form = wb.locator('[data-move-form]');
  if (note) await form.locator('[data-field="note"]').fill(note);
  if (limits) {
    await form.locator('[data-field="singleLimit"]').fill(limits.single);
    await form.locator('[data-field="aggregateLimit"]').fill(limits.aggregate);
  }
  const [answer] = await Promise.all([response(page, RISK_API.updateSlimRequestState), form.locator('[data-action="confirm-move"]').click()]);
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A prequalified vendor with statements and a region-1 project the PM sees. */
function flowData(): { vendorId: number; projectIds: number[] } {
  const vendor = one(`SELECT p.vendorId FROM vendor_prequalifications p WHERE p.status = 'Prequalified' AND p.limitExpiresOn > date('now', '+30 day')
    AND EXISTS (SELECT 1 FROM vendor_financials f WHERE f.vendorId = p.vendorId) AND EXISTS (SELECT 1 FROM vendor_safety s WHERE s.vendorId = p.vendorId)
    ORDER BY p.vendorId LIMIT 1`)!;
  return { vendorId: vendor.vendorId as number, projectIds: all('SELECT projectId FROM projects WHERE regionId = 1').map((r) => r.projectId as number) };
}

/** A request raised through the API by the page's user. */
async function raise(page: Page, over: Record<string, string | number> = {}): Promise<number> {
  const { vendorId, projectIds } = flowData();
  const created = await api(page, 'POST', RISK_API.createSlimRequest, {
    type: 'Limit Increase', vendorId, projectId: projectIds[0]!, requestedAmount: 1_000_000, priority: 'Normal', justification: `E2E ${RUN}`, ...over,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.request.requestId as number;
}

test.describe.configure({ mode: 'serial' });

test.describe('SLIM', () => {
  test('a limit increase from raise to approval: on hold for missing data, answered, regional pass that must escalate, approved with conditions; the vendor limits change; the working matches the core', async ({ browser }) => {
    test.setTimeout(120_000);
    const { vendorId, projectIds } = flowData();
    const pm = await as(browser, 'pm', '/sr/slimqueue');
    const queue = pm.locator('slim-queue');
    await expect(queue.locator('[data-open]').first()).toBeVisible();
    await queue.locator('[data-action="new-request"]').click();
    const form = queue.locator('[data-form="new-request"]');
    await expect(form.locator(`[data-field="vendorId"] option[value="${vendorId}"]`)).toBeAttached();
    // The projects load on their own, after the vendors: wait for the list, not just its first option.
    const regionOneProject = async () => {
      const options = await form.locator('[data-field="projectId"] option').evaluateAll((els) => els.map((e) => Number((e as HTMLOptionElement).value)));
      return options.find((id) => projectIds.includes(id));
    };
    await expect.poll(regionOneProject, { message: 'a region-1 project in the PM list' }).toBeTruthy();
    const projectId = (await regionOneProject())!;
    await form.locator('[data-field="vendorId"]').selectOption(String(vendorId));
    await form.locator('[data-field="projectId"]').selectOption(String(projectId));
    await form.locator('[data-field="requestedAmount"]').fill('6000000');
    await form.locator('[data-field="justification"]').fill(`Tower package ${RUN} <b>now</b>`);
    await axe(pm, ['portal-app', 'slim-queue'], 'queue-new-request');
    const [created] = await Promise.all([response(pm, RISK_API.createSlimRequest), form.locator('[data-action="submit-request"]').click()]);
    expect(created.status()).toBe(200);
    const requestId = (await created.json()).data.request.requestId as number;
    expect(one('SELECT requestedAmount, regionId, projectId FROM slim_requests WHERE requestId = ?', requestId)).toEqual({ requestedAmount: 6_000_000, regionId: 1, projectId });
    expect(stateOf(requestId)).toBe('Submitted');
    await expect(pm).toHaveURL(new RegExp(`/sr/slimqueue\\?workbench=SlimRequest&recordKey=SlimRequest&recordId=${requestId}$`));
    const wb = workbench(pm);
    await expect(wb.locator('[data-field-value="justification"]')).toHaveText(`Tower package ${RUN} <b>now</b>`);
    await expect(wb.locator('[data-field-value="escalation"]')).toContainText('exceeds $5,000,000');

    // The vendor's financial working is confidential to the risk roles: the requester (a PM) does not see it.
    await expect(wb.locator('[data-step="workingCapital"]')).toHaveCount(0);
    // The requester may only withdraw.
    await expect(wb.locator('[data-move]')).toHaveText(['Withdraw']);

    const risk = await as(browser, 'risk', link(requestId));
    // The working the risk role sees is the core function's over the stored record.
    const p = one('SELECT glPerOccurrence, glAggregate, glExpiresOn FROM vendor_prequalifications WHERE vendorId = ?', vendorId)!;
    const expected = suggestLimits({
      financials: all('SELECT year, currentAssets, currentLiabilities, totalLiabilities, netWorth, revenue, backlog FROM vendor_financials WHERE vendorId = ?', vendorId) as never,
      safety: all('SELECT year, emr, oshaRecordableRate FROM vendor_safety WHERE vendorId = ?', vendorId) as never,
      glPerOccurrence: p.glPerOccurrence, glAggregate: p.glAggregate, glExpiresOn: p.glExpiresOn, today: centralToday(),
    });
    await expect(workbench(risk).locator('[data-step]')).toHaveCount(expected.steps.length);
    for (const step of expected.steps) {
      await expect(workbench(risk).locator(`[data-step="${step.key}"] [data-value]`), step.key).toHaveText(stepValue(step));
      await expect(workbench(risk).locator(`[data-step="${step.key}"] [data-detail]`), step.key).toHaveText(step.detail);
    }
    await move(risk, 'In Review');
    expect(one('SELECT assignedToEmployeeId FROM slim_requests WHERE requestId = ?', requestId)!.assignedToEmployeeId).toBe(employeeOf('risk'));
    // Deciding before Regional Review and escalation is not offered.
    await expect(workbench(risk).locator('[data-move="Approved"]')).toHaveCount(0);
    await move(risk, 'On Hold – Missing Data', 'The 2025 audited statement');
    expect(one('SELECT missingData FROM slim_requests WHERE requestId = ?', requestId)!.missingData).toBe('The 2025 audited statement');
    expect(stateOf(requestId)).toBe('On Hold – Missing Data');

    await pm.reload();
    await expect(workbench(pm).locator('[data-field-value="missingData"]')).toHaveText('The 2025 audited statement');
    // The answer's document goes through the workbench's Files (recordKey SlimRequest).
    const frame = pm.locator('pfm-workbench-host [role="dialog"]');
    await frame.locator('button[title="Files"]').click();
    await frame.locator('input[type="file"]').setInputFiles({ name: `audit-${RUN}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e audit') });
    await frame.getByRole('button', { name: 'Upload' }).click();
    await expect(frame.getByRole('button', { name: `Download audit-${RUN}.pdf` })).toBeVisible();
    expect(one("SELECT COUNT(*) AS n FROM files WHERE applicationRecordKey = 'SlimRequest' AND recordId = ?", requestId)!.n).toBe(1);
    await move(pm, 'In Review', 'Uploaded to Files');
    expect(stateOf(requestId)).toBe('In Review');

    await risk.reload();
    await move(risk, 'Regional Review');
    expect(stateOf(requestId)).toBe('Regional Review');

    const rpm = await as(browser, 'rpm', link(requestId));
    // It must escalate: passing back to review is not offered, and the API refuses it.
    await expect(workbench(rpm).locator('[data-move="In Review"]')).toHaveCount(0);
    await move(rpm, 'Escalated');
    expect(stateOf(requestId)).toBe('Escalated');

    const reviewer = await as(browser, 'reviewer', link(requestId));
    await move(reviewer, 'Approved with Conditions', 'Raise GL aggregate to $2M', { single: '7500000', aggregate: '15000000' });
    expect(stateOf(requestId)).toBe('Approved with Conditions');
    const limits = one('SELECT status, singleLimit, aggregateLimit, conditions FROM vendor_prequalifications WHERE vendorId = ?', vendorId)!;
    expect(limits).toEqual({ status: 'Prequalified with Conditions', singleLimit: 7_500_000, aggregateLimit: 15_000_000, conditions: 'Raise GL aggregate to $2M' });
    await expect(workbench(reviewer).locator('[data-field-value="decision"]')).toContainText('Approved with Conditions by Tom Brennan');
    await axe(reviewer, ['portal-app', 'pfm-workbench-host'], 'workbench');
    for (const page of [pm, risk, rpm, reviewer]) await page.context().close();
  });

  test('roles that may not act see no action and the API refuses them; nobody reviews their own request; a stale decision is refused with the message', async ({ browser }) => {
    const admin = await as(browser, 'admin', '/sr/slimqueue');
    const own = await raise(admin);
    await pushPath(admin, link(own));
    await expect(workbench(admin).locator('[data-move]')).toHaveText(['Withdraw']);
    const stateId = one('SELECT applicationRecordStateId FROM slim_requests WHERE requestId = ?', own)!.applicationRecordStateId as number;
    const inReview = one("SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'In Review'")?.applicationRecordStateId as number;
    const refusedOwn = await api(admin, 'POST', RISK_API.updateSlimRequestState, { ItemId: own, OldRecordStateId: stateId, RouteStateId: inReview, note: '' });
    expect(refusedOwn.status).toBe(403);
    expect(refusedOwn.body.message).toBe(SLIM_TEXT.ownRequest);
    expect(stateOf(own)).toBe('Submitted');

    // The reviewer (Escalation Reviewer) may not take a Submitted request.
    const reviewer = await as(browser, 'reviewer', link(own));
    await expect(workbench(reviewer).locator('[data-no-actions]')).toHaveText(T.noActions);
    const refusedRole = await api(reviewer, 'POST', RISK_API.updateSlimRequestState, { ItemId: own, OldRecordStateId: stateId, RouteStateId: inReview, note: '' });
    expect(refusedRole.status).toBe(403);
    expect(stateOf(own)).toBe('Submitted');

    // Two tabs of the Prequal Administrator: the second decision is refused with the server's message.
    const riskA = await as(browser, 'risk', link(own));
    const riskB = await riskA.context().newPage();
    watchToken(riskB);
    await riskB.goto(link(own));
    await expect(workbench(riskB).locator('[data-move="In Review"]')).toBeVisible();
    await move(riskA, 'In Review');
    await workbench(riskB).locator('[data-move="In Review"]').click();
    const [stale] = await Promise.all([response(riskB, RISK_API.updateSlimRequestState), workbench(riskB).locator('[data-action="confirm-move"]').click()]);
    expect(stale.status()).toBe(409);
    const message = (await stale.json()).message as string;
    await expect(workbench(riskB).locator('[data-stale]')).toContainText(message);
    await expect(workbench(riskB).locator('[data-state-badge]')).toHaveText('In Review');
    expect(stateOf(own)).toBe('In Review');
    // No keySLIM role at all: the route and the API refuse.
    const viewer = await as(browser, 'viewer', '/sr/slimqueue');
    await expect(viewer.locator('slim-queue')).toHaveCount(0);
    expect((await api(viewer, 'GET', `${RISK_API.getSlimQueue}?view=mine`)).status).toBe(403);
    for (const page of [admin, reviewer, riskA, viewer]) await page.context().close();
  });

  test('comments: posted and edited within 15 minutes, the Edit control gone after; reassignment tells the old and the new assignee through the bell', async ({ browser }) => {
    const pm = await as(browser, 'pm', '/sr/slimqueue');
    const requestId = await raise(pm);
    await pm.clock.install();
    await pushPath(pm, link(requestId));
    const wb = workbench(pm);
    await wb.locator('[data-field="comment"]').fill(`First <i>note</i> ${RUN}`);
    const [posted] = await Promise.all([response(pm, RISK_API.saveSlimComment), wb.locator('[data-action="post-comment"]').click()]);
    expect(posted.status()).toBe(200);
    const comment = wb.locator('[data-comment]').last();
    await expect(comment.locator('[data-comment-body]')).toHaveText(`First <i>note</i> ${RUN}`);
    await comment.locator('[data-action="edit-comment"]').click();
    await comment.locator('[data-field="comment-edit"]').fill(`Edited ${RUN}`);
    const [edited] = await Promise.all([response(pm, RISK_API.saveSlimComment), comment.locator('[data-action="save-comment"]').click()]);
    expect(edited.status()).toBe(200);
    const stored = one('SELECT body, editedAt FROM slim_comments WHERE requestId = ? ORDER BY commentId DESC LIMIT 1', requestId)!;
    expect(stored.body).toBe(`Edited ${RUN}`);
    expect(stored.editedAt).toBeTruthy();
    await expect(comment.locator('[data-action="edit-comment"]')).toBeVisible();
    // The client's clock 16 minutes on: the Edit control goes (the server's own refusal after 15 minutes is
    // pinned by the API test tests/api/slim-collab.test.ts with the risk clock).
    await pm.clock.fastForward('16:00');
    await expect(comment.locator('[data-action="edit-comment"]')).toHaveCount(0);

    // risk takes it (assigned to her); the admin reassigns it to Maria Mitchell: both are told.
    const risk = await as(browser, 'risk', link(requestId));
    await move(risk, 'In Review');
    const admin = await as(browser, 'admin', link(requestId));
    const reassign = workbench(admin).locator('[data-reassign]');
    await reassign.locator('[data-field="reassign"]').selectOption({ label: 'Maria Mitchell' });
    const [assigned] = await Promise.all([response(admin, RISK_API.assignSlimRequests), reassign.locator('[data-action="reassign"]').click()]);
    expect(assigned.status()).toBe(200);
    const maria = one("SELECT employeeId FROM employees WHERE firstName || ' ' || lastName = 'Maria Mitchell'")?.employeeId as number;
    expect(one('SELECT assignedToEmployeeId FROM slim_requests WHERE requestId = ?', requestId)!.assignedToEmployeeId).toBe(maria);
    const told = all('SELECT employeeId FROM risk_notifications WHERE recordId = ? AND recordKey = ? AND readAt IS NULL', requestId, 'SlimRequest').map((r) => r.employeeId as number);
    expect(told).toEqual(expect.arrayContaining([employeeOf('risk'), maria]));
    // The old assignee's bell lists it.
    await risk.goto('/');
    const number = one('SELECT number FROM slim_requests WHERE requestId = ?', requestId)!.number as string;
    await expect(risk.locator('portal-header [data-menu="bell"] [data-entry]').filter({ hasText: number }).first()).toBeAttached();
    for (const page of [pm, risk, admin]) await page.context().close();
  });

  test('the overview: counts, assignees, past due and days per step for the Prequal Administrator; a Default user reads Forbidden', async ({ browser }) => {
    const risk = await as(browser, 'risk', '/sr/slimqueue/slimqueues');
    const screen = risk.locator('slim-queues');
    await expect(screen.locator('[data-table="by-state"] tbody tr').first()).toBeVisible();
    const open = one(`SELECT COUNT(*) AS n FROM slim_requests r JOIN application_record_states st USING (applicationRecordStateId) WHERE st.closed = 0`)!.n as number;
    await expect(screen.locator('[data-open-count]')).toHaveText(T.openRequests(open));
    await expect(screen.locator('[data-table="past-due"] [data-open]').first()).toBeVisible();
    await axe(risk, ['portal-app', 'slim-queues'], 'overview');
    await screen.locator('[data-table="past-due"] [data-open]').first().click();
    await expect(risk).toHaveURL(/workbench=SlimRequest&recordKey=SlimRequest&recordId=\d+$/);
    await expect(workbench(risk).locator('[data-number]')).toBeVisible();

    // The queue of the Prequal Administrator: All view, bulk assign selectable by keyboard.
    await risk.goto('/sr/slimqueue');
    const queue = risk.locator('slim-queue');
    await queue.locator('[data-view="all"]').click();
    await expect(queue.locator('[data-select]').first()).toBeVisible();
    await queue.locator('[data-select]').first().focus();
    await risk.keyboard.press('Space');
    await expect(queue.locator('[data-action="assign"]')).toHaveText(T.assignSelected(1));
    await queue.locator('[data-field="assignee"]').focus();
    await axe(risk, ['portal-app', 'slim-queue'], 'queue-all');
    await risk.context().close();

    const pm = await as(browser, 'pm', '/sr/slimqueue/slimqueues');
    await expect(pm.locator('slim-queues [data-state="forbidden"] > span')).toHaveText(T.noAccessOverview);
    await pm.context().close();
  });
});
