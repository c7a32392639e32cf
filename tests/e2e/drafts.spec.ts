// Nothing is lost across a reload (issue 16): typed work in a workbench form and in the projection grid is
// kept in the tab's sessionStorage, offered back after a reload (Restore / Discard), and never shown to another user.
// Run alone: npx rollup -c && E2E_PORT=4643 npx playwright test tests/e2e/drafts.spec.ts
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, watchToken } from './support/api';
import { openPortalAs } from './support/portal';
import { serverAnswer } from './support/records';
import { signIn } from './support/sign-in';
import { e2eDb } from './support/db';
import { addDays, weekOf } from '../../src/core/timecards';

/** A Draft purchase order of project 1 (its description is editable); no other spec opens it. */
const PO = 5;
const WORKBENCH = `/pfm/projects/commitments?projectId=1&budgetId=1&workbench=PurchaseOrder&recordKey=PurchaseOrder&recordId=${PO}`;
/** An unlocked budget no other spec writes (project 10). */
const BUDGET = 13;
const GRID = `/pfm/projects/projectiongrid?projectId=10&budgetId=${BUDGET}`;
const OFFER = /^Restore unsaved changes from \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M\?/;

const offer = (scope: Locator) => scope.locator('[data-draft-offer]');
const draftKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('pfm.draft:')).sort());

test('typed work survives a reload and is offered back; Restore then Save, Discard, and another user never sees it', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept()); // the projection grid's leave-page guard while edits are unsaved
  watchToken(page);
  await openPortalAs(page, 'admin', WORKBENCH);
  const wb = page.locator('wb-purchase-order');
  const description = wb.getByLabel('Description', { exact: true });
  await expect(description).toBeEditable();
  const original = await description.inputValue();

  // Typed, not saved, reloaded: the saved value shows and the typed one is offered; Restore puts it back; Save clears it.
  const typed = `Kept across a reload ${Date.now()}`;
  await description.fill(typed);
  await expect.poll(() => draftKeys(page)).toEqual([`pfm.draft:admin:commitment:PurchaseOrder:${PO}:form`]);
  await page.reload();
  await expect(offer(wb)).toHaveText(OFFER);
  await expect(offer(wb)).toHaveAttribute('role', 'status');
  await expect(description).toHaveValue(original);
  await offer(wb).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(description).toHaveValue(typed);
  await expect(offer(wb)).toHaveCount(0);
  const saved = serverAnswer(page, '/api/pfm/SaveCommitment');
  await wb.locator('[data-save]').click();
  expect((await saved).status()).toBe(200);
  await expect.poll(() => draftKeys(page)).toEqual([]);
  await page.reload();
  await expect(description).toHaveValue(typed);
  await expect(offer(wb)).toHaveCount(0); // saved: nothing differs from the record, nothing is offered

  // Typed, reloaded, Discard: the record's value stays, and the next reload offers nothing.
  await description.fill('To be discarded');
  await page.reload();
  await offer(wb).getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(offer(wb)).toHaveCount(0);
  await expect(description).toHaveValue(typed);
  expect(await draftKeys(page)).toEqual([]);
  await page.reload();
  await expect(description).toHaveValue(typed);
  await expect(offer(wb)).toHaveCount(0);

  // The projection grid: a typed projection, reloaded, restored into its cell, saved.
  await page.goto(GRID);
  const grid = page.locator('pfm-projection-grid');
  const firstCtc = grid.locator('.tabulator-row:not(.tabulator-group):not(.tabulator-calcs)').first().locator('[tabulator-field="projectedCostToComplete"]');
  await firstCtc.click();
  await page.keyboard.type('4321');
  await page.keyboard.press('Tab');
  await expect(grid.locator('[data-unsaved-count]')).toHaveText('1 unsaved change');
  await expect.poll(() => draftKeys(page)).toEqual([`pfm.draft:admin:pfm-projection-grid:Budget:${BUDGET}:cost`]);
  await page.reload();
  await expect(offer(grid)).toHaveText(OFFER);
  await expect(grid.locator('[data-unsaved-count]')).toHaveCount(0);
  await offer(grid).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(grid.locator('[data-unsaved-count]')).toHaveText('1 unsaved change');
  await expect(firstCtc).toContainText('4,321');
  const projected = serverAnswer(page, '/api/pfm/SaveProjections');
  await grid.locator('[data-action="save"]').click();
  expect((await projected).status()).toBe(200);
  await expect(grid.locator('[data-unsaved-count]')).toHaveCount(0);
  await expect.poll(() => draftKeys(page)).toEqual([]);
  const lines = (await api(page, 'GET', `/api/pfm/getcostcodetransactionsummary?recordKey=Budget&recordId=${BUDGET}`)).body.data as Array<{ projectionMethod: string; projectedCostToComplete: number }>;
  expect(lines.filter((line) => line.projectionMethod === 'manual' && line.projectedCostToComplete === 4321)).toHaveLength(1);

  // Another user on this tab (admin's session ends without a sign-out; pm signs in): admin's kept work is gone, never offered.
  await page.goto(WORKBENCH);
  await description.fill("Admin's unsaved work");
  await expect.poll(() => draftKeys(page)).toHaveLength(1);
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (!key.startsWith('pfm.draft:')) sessionStorage.removeItem(key);
    localStorage.clear();
  });
  await page.context().clearCookies(); // and the identity provider's session, so the next sign-in asks who
  await page.reload();
  await signIn(page, 'pm');
  await expect(description).toHaveValue(typed);
  await expect(offer(wb)).toHaveCount(0);
  expect(await draftKeys(page)).toEqual([]);

  // Leave the purchase order as the seed had it.
  await description.fill(original);
  const reverted = serverAnswer(page, '/api/pfm/SaveCommitment');
  await wb.locator('[data-save]').click();
  expect((await reverted).status()).toBe(200);
});

/**
 * Every other form that keeps typed work (issue 16: create forms, workbenches, comments, a SLIM move, survey answers,
 * the timecard week), one line each: typed, reloaded, offered, restored; reloaded again, discarded. Nothing is saved:
 * the database is untouched.
 */
interface DraftCase {
  name: string;
  login: string;
  /** The address (read from the e2e database when it names a record). */
  path: () => string;
  /** The element the form is in. */
  scope: string;
  /** The typed field (inside `scope`). */
  field: (scope: Locator) => Locator;
  /** Before typing (a new timecard line). */
  prepare?: (scope: Locator) => Promise<void>;
  /** Typing, when not `fill` (a timecard cell takes keys, as a grid cell does). */
  type?: (field: Locator, text: string) => Promise<void>;
  typed: string;
  /** The kept draft's storage key. */
  key: RegExp;
}

const THIS_WEEK = weekOf(new Date()).weekStart;
/** A week no other spec writes (timecard.spec uses +10 and +11 weeks). */
const DRAFT_WEEK = addDays(THIS_WEEK, 7 * 13);
const lastId = (sql: string) => Number((e2eDb().prepare(sql).get() as { id: number }).id);
const byLabel = (label: string) => (scope: Locator) => scope.getByLabel(label, { exact: true });

const DRAFT_CASES: DraftCase[] = [
  {
    name: 'new direct cost', login: 'pm', path: () => '/pfm/projects/directcosts?projectId=1&budgetId=1&workbench=DirectCost&recordKey=Project&recordId=1',
    scope: 'wb-direct-cost', field: byLabel('Description'), typed: 'Crane rental, half day', key: /^pfm\.draft:pm:wb-direct-cost:DirectCost:0:new-1$/,
  },
  {
    name: 'new cost adjustment', login: 'pm', path: () => '/pfm/projects/costadjustments?projectId=1&budgetId=1&workbench=CostAdjustment&recordKey=Project&recordId=1',
    scope: 'wb-cost-adjustment', field: byLabel('Description'), typed: 'Move contingency to concrete', key: /^pfm\.draft:pm:wb-cost-adjustment:CostAdjustment:0:new-1$/,
  },
  {
    name: 'an Open cost adjustment', login: 'pm',
    path: () => {
      const id = lastId(`SELECT c.costAdjustmentId AS id FROM cost_adjustments c JOIN application_record_states s USING (applicationRecordStateId)
        WHERE c.projectId = 1 AND s.name = 'Open' ORDER BY c.costAdjustmentId DESC LIMIT 1`);
      return `/pfm/projects/costadjustments?projectId=1&budgetId=1&workbench=CostAdjustment&recordKey=CostAdjustment&recordId=${id}`;
    },
    scope: 'wb-cost-adjustment', field: byLabel('Description'), typed: 'Typed, not saved', key: /^pfm\.draft:pm:wb-cost-adjustment:CostAdjustment:\d+:form$/,
  },
  {
    name: 'the timecard week', login: 'employee', path: () => `/teammembertoolbox/timecards/timecard?weekStart=${DRAFT_WEEK}`,
    scope: 'tc-timecard', field: (scope) => scope.locator('[data-cell="0-1"]'),
    prepare: async (scope) => { if (!(await scope.locator('[data-cell="0-1"]').count())) await scope.locator('[data-action="add-line"]').click(); },
    type: async (field, text) => { await field.focus(); await field.page().keyboard.type(text); await field.page().keyboard.press('Enter'); },
    typed: '7.5', key: new RegExp(`^pfm\\.draft:employee:tc-timecard:Timecard:\\d+%3A${DRAFT_WEEK}:form$`),
  },
  {
    name: 'a SLIM request comment', login: 'admin', path: () => `/sr/slimqueue?workbench=SlimRequest&recordKey=SlimRequest&recordId=${lastId('SELECT max(requestId) AS id FROM slim_requests')}`,
    scope: 'wb-slim-request', field: byLabel('Add a comment'), typed: 'Asked the vendor for the 2025 financials', key: /^pfm\.draft:admin:wb-slim-request:SlimRequest:\d+:comment$/,
  },
  {
    // The move form is the workbench's second draft (form 'move', beside the comment's); it opens again on Restore.
    name: 'a SLIM request move note', login: 'admin',
    path: () => `/sr/slimqueue?workbench=SlimRequest&recordKey=SlimRequest&recordId=${lastId(`SELECT min(r.requestId) AS id FROM slim_requests r
      JOIN application_record_states st USING (applicationRecordStateId) JOIN employees e ON e.employeeId = r.requestedByEmployeeId WHERE st.name = 'In Review' AND e.login <> 'admin'`)}`,
    scope: 'wb-slim-request', field: byLabel('What is missing'),
    prepare: async (scope) => { if (!(await scope.locator('[data-move-form]').count())) await scope.locator('[data-move="On Hold – Missing Data"]').click(); },
    typed: 'The 2025 audited financial statement', key: /^pfm\.draft:admin:wb-slim-request:SlimRequest:\d+:move$/,
  },
  {
    name: 'a Draft SRA', login: 'admin',
    path: () => `/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=${lastId(`SELECT max(s.sraId) AS id FROM sras s JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = 'Draft'`)}`,
    scope: 'wb-risk-assessment', field: byLabel('Description'), typed: 'Scope narrowed to the east wing', key: /^pfm\.draft:admin:wb-risk-assessment:Sra:\d+:form$/,
  },
  {
    // pm's newest open survey (surveys.spec submits the oldest).
    name: 'survey answers', login: 'pm',
    path: () => {
      const survey = e2eDb().prepare(`SELECT s.surveyId, s.projectId FROM surveys s JOIN application_record_states st USING (applicationRecordStateId)
        JOIN employees e ON e.employeeId = s.respondentEmployeeId WHERE e.login = 'pm' AND st.closed = 0 ORDER BY s.surveyId DESC LIMIT 1`).get() as { surveyId: number; projectId: number };
      return `/pfm/projects/surveys?projectId=${survey.projectId}&workbench=SurveyInstance&recordKey=Survey&recordId=${survey.surveyId}`;
    },
    scope: 'wb-survey-instance', field: (scope) => scope.locator('[data-kind="text"] textarea').first(),
    typed: 'Walk the punch list with the owner weekly', key: /^pfm\.draft:pm:wb-survey-instance:Survey:\d+:form$/,
  },
  {
    // The form is not in the address: after a reload it opens by itself because it has kept work.
    name: 'a new e-sign envelope', login: 'pm', path: () => '/pfm/projects/esign?projectId=1',
    scope: 'pfm-esign', field: byLabel('Signer 1 name'),
    prepare: async (scope) => { if (!(await scope.locator('[data-form="new-envelope"]').count())) await scope.locator('[data-new="envelope"]').click(); },
    typed: 'Vera Vendor', key: /^pfm\.draft:pm:pfm-esign:Envelope:0:new-Project-1$/,
  },
  {
    name: 'a new document template', login: 'admin', path: () => '/pfm/projects/projectiongrid?projectId=1&budgetId=1&workbench=DocumentTemplateAdministration',
    scope: 'wb-document-template-administration', field: byLabel('Title'),
    prepare: async (scope) => { if (!(await scope.locator('[data-editor="new"]').count())) await scope.locator('[data-action="new-template"]').click(); },
    typed: 'Subcontract cover letter', key: /^pfm\.draft:admin:admin-document-templates:DocumentTemplate:0:form$/,
  },
];

for (const login of [...new Set(DRAFT_CASES.map((c) => c.login))]) {
  test(`every form of the drafts table keeps typed work across a reload (Restore, then Discard) — ${login}`, async ({ page }) => {
    test.setTimeout(30_000 + DRAFT_CASES.filter((c) => c.login === login).length * 15_000);
    let signedIn = false;
    for (const c of DRAFT_CASES.filter((x) => x.login === login)) {
      await test.step(c.name, async () => {
        if (signedIn) await page.goto(c.path());
        else await openPortalAs(page, login, c.path());
        signedIn = true;
        const scope = page.locator(c.scope);
        await c.prepare?.(scope);
        const field = c.field(scope);
        await expect(field).toBeVisible();
        const before = await field.inputValue();
        if (c.type) await c.type(field, c.typed);
        else {
          await field.fill(c.typed);
          await field.press('Tab');
        }
        await expect.poll(() => draftKeys(page), c.name).toContainEqual(expect.stringMatching(c.key));
        await page.reload();
        await expect(offer(scope)).toHaveText(OFFER);
        await offer(scope).getByRole('button', { name: 'Restore', exact: true }).click();
        await expect(c.field(scope)).toHaveValue(c.typed);
        await expect(offer(scope)).toHaveCount(0);
        // Still not saved: offered again after the next reload; Discard drops it.
        await page.reload();
        await offer(scope).getByRole('button', { name: 'Discard', exact: true }).click();
        await expect(offer(scope)).toHaveCount(0);
        expect((await draftKeys(page)).filter((key) => c.key.test(key))).toEqual([]);
        if (await c.field(scope).count()) await expect(c.field(scope)).toHaveValue(before);
      });
    }
  });
}
