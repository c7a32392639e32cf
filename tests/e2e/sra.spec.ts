// SRA end to end (issue 14): real sign-in, the real API, the seeded data. The pm starts an SRA from a
// buyout line; its factors and level match core scoreSra for the database's vendor record; Submit is
// refused without the mitigations the level needs, then accepted; risk approves, and for a High one
// the admin too (Approved in the database). The gate: the pm's advance of the seeded blocked
// subcontract is refused with the start link; the link opens the pre-filled SRA; once it is approved
// the advance goes through. A Default keyRISK user gets no Approve (and the API refuses it); nobody
// approves their own SRA; a stale decision is refused with the server's message. Axe light and dark.
// Run alone: npx rollup -c && E2E_PORT=4644 npx playwright test tests/e2e/sra.spec.ts
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatCostCode } from '../../src/core/format';
import { RISK_API } from '../../src/core/risk/contract';
import { scoreSra, SRA_TEXT, type SraScore } from '../../src/core/risk/sra';
import { currentLimits, openBacklog, vendorRecord } from '../../demo/host/api/risk/prequal';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { dialog } from './support/records';
import { expectNoSeriousAxeLightAndDark } from './support/axe';
import { reviewShot } from './support/review';
import { today as centralToday } from '../../src/core/clock';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;
const all = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).all(...args) as Row[];
const RATING = { green: 'Green', amber: 'Amber', red: 'Red' } as const;

const sraRow = (sraId: number) => one(`SELECT s.*, st.name AS state FROM sras s JOIN application_record_states st USING (applicationRecordStateId) WHERE sraId = ?`, sraId);
const stateId = (name: string) => one(`SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = 'Sra' AND name = ?`, name).id as number;

/** What core scoreSra says for a proposed subcontract, from the database's vendor record (as the host scores a Draft). */
function expectedScore(vendorId: number, amount: number, projectId: number, subcontractId: number | null = null): SraScore {
  const db = e2eDb();
  const today = centralToday();
  const vendor = vendorRecord(db, vendorId, today)!;
  const projectEnd = one('SELECT completionDate FROM projects WHERE projectId = ?', projectId).completionDate as string | null;
  return scoreSra({
    amount, limits: currentLimits(vendor), openBacklog: openBacklog(db, vendorId, subcontractId), revenue: vendor.financials[0]?.revenue ?? null,
    latestEmr: vendor.safety[0]?.emr ?? null, glExpiresOn: vendor.glExpiresOn, subRatingAverage: vendor.subRatingAverage, projectEnd, today,
  });
}

const axe = (page: Page, include: [string, ...string[]], name: string) => expectNoSeriousAxeLightAndDark(page, include, name, { shots: 'sra', settleMs: 50 });

const workbench = (page: Page) => page.locator('wb-risk-assessment');

/** The factors and level shown match the expected score. */
async function expectScore(page: Page, score: SraScore): Promise<void> {
  for (const factor of score.factors) {
    const row = workbench(page).locator(`tr[data-factor="${factor.key}"]`);
    await expect(row).toHaveAttribute('data-rating', factor.rating);
    await expect(row.locator('td').first()).toHaveText(RATING[factor.rating]);
    await expect(row.locator('[data-reason]')).toHaveText(factor.reason);
  }
  await expect(workbench(page).locator('[data-level-summary] [data-level]')).toHaveText(score.level);
}

/** Sign `login` in on a new page of its own context. */
async function signedIn(browser: Browser, base: string, login: string, path: string): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: base });
  const page = await context.newPage();
  watchToken(page);
  await openPortalAs(page, login, path);
  return page;
}

/** Approve SRA `sraId` in its workbench as the page's user; answers the server's response status. */
async function approveInWorkbench(page: Page, sraId: number): Promise<number> {
  await expect(workbench(page).locator('[data-move="Approved"]')).toBeVisible();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(RISK_API.updateSraState)),
    workbench(page).locator('[data-move="Approved"]').click(),
  ]);
  expect(sraRow(sraId)).toBeTruthy();
  return response.status();
}

/** Check the mitigations a level needs (bond and SDI for High, bond for Medium), then Submit; waits for the move. */
async function mitigateAndSubmit(page: Page, sraId: number, level: string): Promise<void> {
  if (level === 'Low') return;
  // Refused without enough mitigations: the rule's message at the mitigations, nothing moved.
  await workbench(page).locator('[data-move="Submitted"]').click();
  await expect(workbench(page).locator('[data-mitigation-error]')).toHaveText(level === 'High' ? SRA_TEXT.mitigationHigh : SRA_TEXT.mitigationMedium);
  expect(sraRow(sraId).state).toBe('Draft');
  await workbench(page).locator('[data-mitigation="bond"]').check();
  if (level === 'High') await workbench(page).locator('[data-mitigation="sdi"]').check();
  await workbench(page).locator('[data-field="mitigationNote"]').fill('Bonded through the surety; =cmd stays text');
  const [moved] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(RISK_API.updateSraState)),
    workbench(page).locator('[data-move="Submitted"]').click(),
  ]);
  expect(moved.status()).toBe(200);
  expect(sraRow(sraId).state).toBe('Submitted');
  const stored = all('SELECT mitigation FROM sra_mitigations WHERE sraId = ? ORDER BY mitigation', sraId).map((r) => r.mitigation);
  expect(stored).toEqual(level === 'High' ? ['bond', 'sdi'] : ['bond']);
}

test.describe.configure({ mode: 'serial' });

test.describe('SRA', () => {
  test('pm starts an SRA from a buyout line: scored as core scoreSra says, refused without mitigations then submitted; risk and admin approve; Approved in the database', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const project = one("SELECT projectId, budgetId, number FROM projects WHERE number = '24-1032'");
    const vendor = one(`SELECT v.vendorId, v.name FROM vendors v JOIN vendor_prequalifications p USING (vendorId) WHERE p.status = 'Not Prequalified'
      AND v.vendorId NOT IN (SELECT vendorId FROM subcontracts WHERE projectId = ?) ORDER BY v.vendorId LIMIT 1`, project.projectId);
    watchToken(page);
    // From the legacy BRAT page (it embeds <pfm-buyout>): the created SRA opens in the portal, in the same tab.
    await openPortalAs(page, 'pm', '/');
    await page.goto(`/sr/Brats/BuyoutProject?projectId=${project.projectId}`);
    const buyout = page.locator('pfm-buyout');
    const line = buyout.locator('tr[data-cost-code-id]').first();
    const start = line.locator('button[data-start-sra]');
    await expect(start).toBeVisible();
    const costCodeId = Number(await line.getAttribute('data-cost-code-id'));
    const code = one('SELECT code FROM cost_codes WHERE costCodeId = ?', costCodeId).code as string;
    await expect(start).toHaveAccessibleName(`Start SRA for cost code ${formatCostCode(code)}`);
    // The totals row keeps its cells under their columns: one cell more for the SRA column.
    await expect(buyout.locator('tfoot tr td')).toHaveCount(5);
    await axe(page, ['pfm-buyout'], 'buyout');
    await start.focus();
    await page.keyboard.press('Enter');
    const form = buyout.locator('form[data-sra-form]');
    await expect(form.locator('[data-field="projectId"]')).toHaveValue(String(project.projectId));
    await expect(form.locator(`input[data-cost-code-id="${costCodeId}"]`)).toBeChecked();
    await form.locator('[data-field="vendorId"]').selectOption(String(vendor.vendorId));
    await expect(form.locator('[data-vendor-status]')).toContainText('Not Prequalified');
    await form.locator('[data-field="amount"]').fill('450000');
    await axe(page, ['pfm-buyout'], 'buyout-form');
    // By keyboard: Enter in the amount field sends the form.
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(RISK_API.createSra)),
      form.locator('[data-field="amount"]').press('Enter'),
    ]);
    expect(created.status()).toBe(200);
    // The legacy page hands over to the portal in the same tab (the answer's body goes with the page: read the id from the address).
    await page.waitForURL(/\/sr\/sra\?workbench=RiskAssessment&recordKey=Sra&recordId=\d+$/);
    const sraId = Number(new URL(page.url()).searchParams.get('recordId'));
    expect(sraId).toBe(one('SELECT max(sraId) AS id FROM sras').id);
    const stored = sraRow(sraId);
    expect({ state: stored.state, projectId: stored.projectId, vendorId: stored.vendorId, amount: stored.amount }).toEqual({ state: 'Draft', projectId: project.projectId, vendorId: vendor.vendorId, amount: 450000 });
    expect(all('SELECT costCodeId FROM sra_cost_codes WHERE sraId = ?', sraId).map((r) => r.costCodeId)).toEqual([costCodeId]);

    const score = expectedScore(vendor.vendorId, 450000, project.projectId);
    expect(score.level).toBe('High');
    await expectScore(page, score);
    await expect(workbench(page).locator('[data-mitigation-rule]')).toHaveText(SRA_TEXT.mitigationHigh);
    await axe(page, ['portal-app', 'pfm-workbench-host', 'wb-risk-assessment'], 'workbench');
    await reviewShot(workbench(page).locator('[data-mitigations]'), { path: '.tmp/sra-mitigations.png' });
    await mitigateAndSubmit(page, sraId, score.level);

    // The list shows it under Open with its level as text.
    await page.locator('pfm-workbench-host').getByRole('button', { name: 'Close Workbench' }).click();
    const listRow = page.locator('sr-sra').locator(`tr[data-record-id="${sraId}"]`);
    await expect(listRow.locator('[data-state]:not([role])')).toHaveText('Submitted');
    await expect(listRow.locator('[data-level]')).toHaveText('High');
    await axe(page, ['portal-app', 'sr-sra'], 'list');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('sr-sra [data-export="csv"]').click()]);
    expect(download.suggestedFilename()).toBe('sra.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFSRA,Project,Vendor,Scope,Amount,Level,State,Created by,Created,Submitted,Decided');
    expect(csv).toContain(`${stored.number},${project.number} `);
    // Phone width: the list scrolls inside its box, the actions stay on screen.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.locator('sr-sra [data-new-sra]')).toBeInViewport();
    await reviewShot(page, { path: '.tmp/sra-list-phone.png' });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The pm may not approve their own SRA: no Approve offered, and the API refuses it.
    const own = await api(page, 'POST', RISK_API.updateSraState, { ItemId: sraId, OldRecordStateId: stateId('Submitted'), RouteStateId: stateId('Approved') });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(SRA_TEXT.approverRole);

    // Risk approves: a High SRA stays Submitted and says it also needs an Admin.
    const base = new URL(page.url()).origin;
    const risk = await signedIn(browser, base, 'risk', `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${sraId}`);
    expect(await approveInWorkbench(risk, sraId)).toBe(200);
    await expect(workbench(risk).locator('[data-needs-admin]')).toHaveText('This High-risk SRA also needs an Admin’s approval.');
    await expect(workbench(risk).locator('[data-approval]')).toContainText(['Priya Natarajan']);
    expect(sraRow(sraId).state).toBe('Submitted');
    expect(all('SELECT employeeId FROM sra_approvals WHERE sraId = ?', sraId)).toHaveLength(1);
    await risk.context().close();

    const admin = await signedIn(browser, base, 'admin', `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${sraId}`);
    expect(await approveInWorkbench(admin, sraId)).toBe(200);
    await expect(workbench(admin).locator('[data-state-name]')).toHaveText('Approved');
    expect(sraRow(sraId).state).toBe('Approved');
    expect(all('SELECT employeeId FROM sra_approvals WHERE sraId = ?', sraId)).toHaveLength(2);
    await admin.context().close();

    // The portal's Buyout & SRA: the line names the SRA with its state and level, linking to it in the portal.
    await page.goto(`/pfm/projects/buyout?projectId=${project.projectId}`);
    const link = page.locator('pfm-buyout').locator(`[data-sra-id="${sraId}"] a`);
    await expect(link).toHaveAttribute('href', `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${sraId}`);
    await expect(page.locator('pfm-buyout').locator(`[data-sra-id="${sraId}"]`)).toContainText('Approved');
  });

  test('the gate: the pm’s advance is refused with the start link; the link opens the pre-filled SRA; once approved the advance goes through', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const project = one("SELECT projectId FROM projects WHERE number = '24-1032'");
    const blocked = one(`SELECT s.subcontractId, s.number, s.vendorId FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE s.projectId = ? AND st.name = 'Draft' AND (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) = 240000`, project.projectId);
    const codes = all('SELECT DISTINCT costCodeId FROM subcontract_items WHERE subcontractId = ? ORDER BY costCodeId', blocked.subcontractId).map((r) => r.costCodeId as number);
    watchToken(page);
    const path = `/pfm/projects/commitments?projectId=${project.projectId}&workbench=Subcontract&recordKey=Subcontract&recordId=${blocked.subcontractId}`;
    await openPortalAs(page, 'pm', path);
    const wb = page.locator('wb-subcontract');
    await expect(wb.locator('[data-gate="needed"]')).toContainText('Needs an approved SRA: the vendor is not prequalified');
    await expect(wb.locator('[data-sra-gate] [data-gate-start]')).toHaveAttribute('href', `/sr/sra?recordKey=Subcontract&recordId=${blocked.subcontractId}`);
    await wb.getByRole('button', { name: `Change state of ${blocked.number}` }).click();
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/pfm/UpdateCommitmentState')),
      wb.locator('[data-target-state="Pending Signature"]').click(),
    ]);
    expect(refused.status()).toBe(400);
    await dialog(page).getByRole('button', { name: 'Ok' }).click();
    const refusal = wb.locator('[data-gate-refusal]');
    await expect(refusal).toContainText(`Subcontract ${blocked.number} needs an approved SRA`);
    await axe(page, ['portal-app', 'pfm-workbench-host', 'wb-subcontract'], 'gate');
    expect(one('SELECT st.name FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId) WHERE subcontractId = ?', blocked.subcontractId).name).toBe('Draft');

    // The link opens the New SRA form pre-filled from the subcontract, naming the gate's reasons.
    await refusal.locator('[data-gate-start]').click();
    await expect(page).toHaveURL(new RegExp(`/sr/sra\\?recordKey=Subcontract&recordId=${blocked.subcontractId}$`));
    const form = page.locator('sr-sra form[data-sra-form]');
    await expect(form.locator('[data-field="projectId"]')).toHaveValue(String(project.projectId));
    await expect(form.locator('[data-field="vendorId"]')).toHaveValue(String(blocked.vendorId));
    await expect(form.locator('[data-field="amount"]')).toHaveValue('240000');
    for (const id of codes) await expect(form.locator(`input[data-cost-code-id="${id}"]`)).toBeChecked();
    await expect(form.locator('[data-gate-reasons]')).toContainText('the vendor is not prequalified');
    await axe(page, ['portal-app', 'sr-sra'], 'gate-form');
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(RISK_API.createSra)),
      form.locator('[data-create]').click(),
    ]);
    const sraId = (await created.json()).data.sra.sraId as number;
    expect(sraRow(sraId).subcontractId).toBe(blocked.subcontractId);
    const score = expectedScore(blocked.vendorId, 240000, project.projectId, blocked.subcontractId);
    await expectScore(page, score);
    await mitigateAndSubmit(page, sraId, score.level);

    // A Default keyRISK user (reviewer) sees no Approve, and the API refuses it.
    const base = new URL(page.url()).origin;
    const reviewer = await signedIn(browser, base, 'reviewer', `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${sraId}`);
    await expect(workbench(reviewer).locator('[data-state-name]')).toHaveText('Submitted');
    await expect(workbench(reviewer).locator('[data-move="Approved"]')).toHaveCount(0);
    const refusedApproval = await api(reviewer, 'POST', RISK_API.updateSraState, { ItemId: sraId, OldRecordStateId: stateId('Submitted'), RouteStateId: stateId('Approved') });
    expect(refusedApproval.status).toBe(403);
    await reviewer.context().close();

    // Risk approves (and the admin, for a High one); a stale second decision is refused with the server's message.
    const risk = await signedIn(browser, base, 'risk', `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${sraId}`);
    // Nobody approves an SRA they submitted: risk's own SRA (made and submitted through the API) offers no Approve, and the API refuses it.
    const code = one('SELECT costCodeId FROM cost_codes WHERE budgetId = (SELECT budgetId FROM projects WHERE projectId = ?) ORDER BY costCodeId LIMIT 1', project.projectId).costCodeId;
    const mine = await api(risk, 'POST', RISK_API.createSra, { projectId: project.projectId, vendorId: blocked.vendorId, amount: 1000, 'costCodeIds[0]': code, description: 'Own' });
    expect(mine.status).toBe(200);
    const mineId = mine.body.data.sra.sraId as number;
    expect((await api(risk, 'POST', RISK_API.saveSra, { sraId: mineId, version: mine.body.data.sra.version, 'mitigations[0]': 'bond', 'mitigations[1]': 'sdi' })).status).toBe(200);
    expect((await api(risk, 'POST', RISK_API.updateSraState, { ItemId: mineId, OldRecordStateId: stateId('Draft'), RouteStateId: stateId('Submitted') })).status).toBe(200);
    const ownApproval = await api(risk, 'POST', RISK_API.updateSraState, { ItemId: mineId, OldRecordStateId: stateId('Submitted'), RouteStateId: stateId('Approved') });
    expect([ownApproval.status, ownApproval.body.message]).toEqual([403, SRA_TEXT.ownApproval]);
    expect(sraRow(mineId).state).toBe('Submitted');
    expect(await approveInWorkbench(risk, sraId)).toBe(200);
    if (score.level === 'High') {
      const admin = await signedIn(browser, base, 'admin', `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${sraId}`);
      expect(await approveInWorkbench(admin, sraId)).toBe(200);
      await admin.context().close();
    }
    expect(sraRow(sraId).state).toBe('Approved');
    // Risk's page still holds Submitted: rejecting now is stale (409) and the server's message shows.
    if (score.level === 'High') {
      await workbench(risk).locator('[data-move="Rejected"]').click();
      await workbench(risk).locator('[data-reject] textarea').fill('Too late');
      const [stale] = await Promise.all([
        risk.waitForResponse((r) => r.url().includes(RISK_API.updateSraState)),
        workbench(risk).locator('[data-reject-confirm]').click(),
      ]);
      expect(stale.status()).toBe(409);
      await expect(workbench(risk).locator('[data-problem]')).toContainText(`is now Approved: it was approved by`);
      expect(sraRow(sraId).state).toBe('Approved');
    }
    await risk.goto(`/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${mineId}`);
    await expect(workbench(risk).locator('[data-state-name]')).toHaveText('Submitted');
    await expect(workbench(risk).locator('[data-move="Draft"]')).toBeVisible();
    await expect(workbench(risk).locator('[data-move="Approved"]')).toHaveCount(0);
    await risk.context().close();

    // The pm's advance now goes through.
    await page.goto(path);
    await expect(wb.locator('[data-gate="covered"]')).toContainText(`covers this subcontract`);
    await wb.getByRole('button', { name: `Change state of ${blocked.number}` }).click();
    const [advanced] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/pfm/UpdateCommitmentState')),
      wb.locator('[data-target-state="Pending Signature"]').click(),
    ]);
    expect(advanced.status()).toBe(200);
    expect(one('SELECT st.name FROM subcontracts s JOIN application_record_states st USING (applicationRecordStateId) WHERE subcontractId = ?', blocked.subcontractId).name).toBe('Pending Signature');
  });
});
