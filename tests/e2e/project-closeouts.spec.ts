// Project closeouts end to end (issue 15): the legacy page /ProjectToolbox/ProjectCloseouts embeds
// <pt-project-closeouts>; real sign-in, the real API, database checks read-only.
// Run alone: npx rollup -c && E2E_PORT=4644 npx playwright test tests/e2e/project-closeouts.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { CLOSEOUT_API, CLOSEOUT_ITEMS, CLOSEOUT_TEXT } from '../../src/core/toolbox';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openAs as openSignedInPage } from './support/sign-in';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';
import { today } from '../../src/core/clock';
import { addDays } from '../../src/core/timecards/days';

/** 26-1058: an inactive project (no commitments, change events or direct costs) the pm is on; brought to no blockers here. */
const READY = 20;
const screen = (page: Page) => page.locator('#legacy-widget > pt-project-closeouts');
const item = (page: Page, id: string) => screen(page).locator(`section[data-item="${id}"]`);

async function openAs(page: Page, login: string, query: string): Promise<void> {
  watchToken(page);
  await openSignedInPage(page, login, `/ProjectToolbox/ProjectCloseouts${query}`);
  await expect(page).toHaveURL((url) => url.pathname === '/ProjectToolbox/ProjectCloseouts');
}

const stored = (projectId: number) => e2eDb().prepare('SELECT closeoutState FROM projects WHERE projectId = ?').get(projectId) as { closeoutState: string };

test.describe.configure({ mode: 'serial' });

test.describe('project closeouts', () => {
  test('24-1032 (pm): every item red, blockers listed and linked to their workbenches; the list of his projects; axe light and dark', async ({ page }) => {
    await openAs(page, 'pm', '?projectId=1');
    await expect(screen(page).locator('h1')).toHaveText(/^Project Closeouts: 24-1032 /);
    await expect(screen(page).locator('section[data-item]')).toHaveCount(CLOSEOUT_ITEMS.length);
    await expect(screen(page).locator('section[data-item][data-passed="false"]')).toHaveCount(CLOSEOUT_ITEMS.length);

    const openEvents = e2eDb().prepare(`SELECT c.changeEventId, c.number FROM change_events c JOIN application_record_states s USING (applicationRecordStateId)
      WHERE c.projectId = 1 AND s.closed = 0 ORDER BY c.number`).all() as Array<{ changeEventId: number; number: string }>;
    const events = item(page, 'change-events');
    await expect(events.locator('[data-item-status]')).toHaveText(`✗ ${CLOSEOUT_TEXT.failed} (${openEvents.length})`);
    await expect(events.locator('tbody tr a')).toHaveText(openEvents.map((e) => e.number));
    await expect(events.getByRole('link', { name: `Open ${openEvents[0]!.number}` })).toHaveAttribute('href',
      `/pfm/projects/changemanagement?projectId=1&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=${openEvents[0]!.changeEventId}`);
    const missingDocs = (e2eDb().prepare('SELECT count(*) AS n FROM contract_document_tracking WHERE projectId = 1 AND required = 1 AND received = 0').get() as { n: number }).n;
    await expect(item(page, 'contract-documents').locator('tbody tr')).toHaveCount(missingDocs);
    await expect(screen(page).locator('button[data-action="softClose"]')).toBeDisabled();
    await expect(screen(page).locator('button[data-action="finalClose"]')).toBeDisabled();

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: ['pt-project-closeouts', 'main'] }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
      await reviewShot(page, { path: `.tmp/project-closeouts-${colorScheme}.png`, fullPage: true });
    }

    // Following a blocker's link opens the record's workbench in the portal.
    await events.getByRole('link', { name: `Open ${openEvents[0]!.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/pfm/projects/changemanagement\\?.*recordId=${openEvents[0]!.changeEventId}`));
    await expect(page.locator('pfm-workbench-host .workbench-record-name')).toContainText(openEvents[0]!.number);

    // Without a project: his projects with state and blocker counts (none of the Gulf Coast ones).
    await page.goto('/ProjectToolbox/ProjectCloseouts');
    const rows = screen(page).locator('tr[data-project]');
    await expect(rows.first()).toBeVisible();
    const list = (await api(page, 'GET', CLOSEOUT_API.list)).body.data as Array<{ projectId: number; blockerCount: number }>;
    await expect(rows).toHaveCount(list.length);
    expect(list.map((p) => p.projectId)).not.toContain(6);
    await expect(screen(page).locator('tr[data-project="1"] [data-blockers]')).toHaveText(String(list.find((p) => p.projectId === 1)!.blockerCount));
  });

  test('a project brought to no blockers is soft closed by keyboard; a new direct cost on it is refused and nothing is written', async ({ page }) => {
    await openAs(page, 'pm', `?projectId=${READY}`);
    await expect(item(page, 'contract-documents')).toBeVisible();
    // Clear the blockers through the API as the pm (only documents and the projection block this project).
    const checklist = (await api(page, 'GET', `${CLOSEOUT_API.checklist}?recordKey=Project&recordId=${READY}`)).body.data as
      { items: Array<{ id: string; blockers: Array<{ recordId: number; contractDocumentTrackingId?: number }> }> };
    for (const blocked of checklist.items) {
      for (const b of blocked.blockers) {
        if (blocked.id === 'contract-documents') expect((await api(page, 'POST', CLOSEOUT_API.receiveDocument, { ContractDocumentTrackingId: b.contractDocumentTrackingId! })).status).toBe(200);
        else if (blocked.id === 'projection') expect((await api(page, 'POST', '/api/pfm/SubmitProjections', { BudgetId: b.recordId })).status).toBe(200);
        else throw new Error(`unexpected blocker of ${blocked.id}`);
      }
    }
    await page.reload();
    await expect(screen(page).locator('[data-ready]')).toHaveText(CLOSEOUT_TEXT.noBlockers);
    await expect(screen(page).locator('section[data-item][data-passed="true"]')).toHaveCount(CLOSEOUT_ITEMS.length);

    // By keyboard: the reason, then Tab to Soft close and Enter.
    await screen(page).getByLabel('Reason').focus();
    await page.keyboard.type('All billed, documents in.');
    await page.keyboard.press('Tab');
    await expect(screen(page).locator('button[data-action="softClose"]')).toBeFocused();
    const answered = page.waitForResponse((r) => r.url().includes(CLOSEOUT_API.softClose));
    await page.keyboard.press('Enter');
    expect((await answered).status()).toBe(200);
    await expect(screen(page).locator('[data-section="state"] [data-closeout-state]')).toHaveText('Soft Closed');
    await expect(screen(page).locator('[data-done]')).toHaveText(/is now Soft Closed\.$/);
    expect(stored(READY).closeoutState).toBe('Soft Closed');
    await expect(screen(page).locator('button[data-action="finalClose"]')).toBeDisabled();

    // A new direct cost: 400 with the message, the database unchanged.
    const project = e2eDb().prepare('SELECT number, name, budgetId FROM projects WHERE projectId = ?').get(READY) as { number: string; name: string; budgetId: number };
    const line = e2eDb().prepare('SELECT costCodeId FROM cost_codes WHERE budgetId = ? ORDER BY costCodeId LIMIT 1').get(project.budgetId) as { costCodeId: number };
    const count = () => (e2eDb().prepare('SELECT count(*) AS n FROM direct_costs WHERE projectId = ?').get(READY) as { n: number }).n;
    const before = count();
    const refused = await api(page, 'POST', '/api/pfm/CreateDirectCost', {
      ProjectId: READY, directCostDate: addDays(today(), -17), directCostTypeId: 3, description: 'Late permit', amount: '100',
      'items[0].costCodeId': line.costCodeId, 'items[0].description': 'Permit', 'items[0].amount': '100',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CLOSEOUT_TEXT.takesNoCosts(project.number, project.name, 'Soft Closed'));
    expect(count()).toBe(before);
    // Final close is the Admin's.
    const pmFinal = await api(page, 'POST', CLOSEOUT_API.finalClose, { ProjectId: READY, OldCloseoutState: 'Soft Closed', Reason: 'x' });
    expect(pmFinal.status).toBe(403);
    expect(stored(READY).closeoutState).toBe('Soft Closed');
  });

  test('final close needs an Admin: the admin final closes, then reopens', async ({ page }) => {
    await openAs(page, 'admin', `?projectId=${READY}`);
    await expect(screen(page).locator('[data-section="state"] [data-closeout-state]')).toHaveText('Soft Closed');
    await screen(page).getByLabel('Reason').fill('Audited and archived.');
    const answered = page.waitForResponse((r) => r.url().includes(CLOSEOUT_API.finalClose));
    await screen(page).getByRole('button', { name: 'Final close' }).click();
    expect((await answered).status()).toBe(200);
    await expect(screen(page).locator('[data-section="state"] [data-closeout-state]')).toHaveText('Final Closed');
    expect(stored(READY).closeoutState).toBe('Final Closed');
    await expect(screen(page).locator('li[data-event]')).toHaveCount(2);

    await screen(page).getByLabel('Reason').fill('Back to work for the e2e run.');
    const reopened = page.waitForResponse((r) => r.url().includes(CLOSEOUT_API.reopen));
    await screen(page).getByRole('button', { name: 'Reopen' }).click();
    expect((await reopened).status()).toBe(200);
    await expect(screen(page).locator('[data-section="state"] [data-closeout-state]')).toHaveText('Open');
    expect(stored(READY).closeoutState).toBe('Open');
  });
});
