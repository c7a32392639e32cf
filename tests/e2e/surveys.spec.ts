// Surveys end to end: real sign-in, the real API, the seeded surveys. The pm takes and submits a
// survey by keyboard (checked in the database after the server's answer), then the admin sees the
// averages move; §5 stripping in the address bar; a non-PFM user refused; axe light and dark.
// Run alone: npx rollup -c && E2E_PORT=4621 npx playwright test tests/e2e/surveys.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const PM = 2;
const screen = (page: Page) => page.locator('pfm-surveys');
const workbench = (page: Page) => page.locator('wb-survey-instance');
const all = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).all(...args) as Row[];
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;

/** The average of a question over submitted surveys, as the database holds them (rounded like the server). */
function storedAverage(questionId: number, kind: string): number | null {
  const values = all(`SELECT a.value FROM survey_answers a JOIN surveys s USING (surveyId) JOIN application_record_states st USING (applicationRecordStateId)
    WHERE st.name = 'Submitted' AND a.surveyQuestionId = ?`, questionId).map((r) => r.value as string);
  if (values.length === 0) return null;
  const scores = values.map((v) => (kind === 'yesNo' ? (v === 'Yes' ? 1 : 0) : Number(v)));
  return Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100;
}

async function axe(page: Page, include: [string, string, ...string[]], name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: include }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${name} ${colorScheme}`).toEqual([]);
    await reviewShot(page, { path: `.tmp/surveys-${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe.configure({ mode: 'serial' });

test.describe('surveys', () => {
  test('pm takes an open survey by keyboard, saves a draft, submits it; it is read-only after; then the admin sees the averages move', async ({ page, browser }) => {
    const survey = one(`SELECT s.* FROM surveys s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.name = 'Open' AND s.respondentEmployeeId = ? AND s.surveyTemplateId = 1 ORDER BY s.surveyId LIMIT 1`, PM);
    const questions = all('SELECT * FROM survey_questions WHERE surveyTemplateId = ? ORDER BY displayOrder', survey.surveyTemplateId);
    const rating = questions.find((q) => q.kind === 'rating')!;
    const before = storedAverage(rating.surveyQuestionId, 'rating');

    watchToken(page);
    await openPortalAs(page, 'pm', `/pfm/projects/surveys?projectId=${survey.projectId}`);
    await expect(screen(page).locator('h1')).toHaveText('Surveys');
    const link = screen(page).locator(`[data-open="${survey.surveyId}"]`);
    await expect(link).toHaveText(survey.number);
    const listRow = screen(page).locator(`tr[data-record-id="${survey.surveyId}"]`);
    await expect(listRow).toContainText('Project Pulse: Client Experience');
    await expect(listRow).toContainText(survey.milestone);
    await expect(listRow).toContainText('Marcus Reyes');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(workbench(page).locator('[data-action="submit"]')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`workbench=SurveyInstance.*recordId=${survey.surveyId}`));
    await axe(page, ['portal-app', 'pfm-workbench-host', 'wb-survey-instance'], 'workbench');

    // Keyboard: the first rating is a radio group: focus it, arrow to 5; draft-save.
    const firstRadio = workbench(page).locator(`#q-${rating.surveyQuestionId}-1`);
    await firstRadio.focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(workbench(page).locator(`#q-${rating.surveyQuestionId}-5`)).toBeChecked();
    const [draft] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/pfm/SaveSurveyAnswers')),
      workbench(page).locator('[data-action="save-draft"]').click(),
    ]);
    expect(draft.status()).toBe(200);
    await expect(workbench(page).locator('[data-state-name]')).toHaveText('In Progress');
    expect(one('SELECT value FROM survey_answers WHERE surveyId = ? AND surveyQuestionId = ?', survey.surveyId, rating.surveyQuestionId)).toEqual({ value: '5' });

    // Submit with a required one unanswered: refused before the call, naming it.
    await workbench(page).locator('[data-action="submit"]').click();
    await expect(workbench(page).locator('[data-problem]')).toContainText('required question');
    for (const q of questions.filter((x) => x.required === 1 && x.surveyQuestionId !== rating.surveyQuestionId)) {
      if (q.kind === 'rating') await workbench(page).locator(`#q-${q.surveyQuestionId}-4`).check();
      else if (q.kind === 'yesNo') await workbench(page).locator(`#q-${q.surveyQuestionId}-Yes`).check();
      else await workbench(page).locator(`[data-question="${q.surveyQuestionId}"] input, [data-question="${q.surveyQuestionId}"] textarea`).fill('2');
    }
    const text = questions.find((q) => q.kind === 'text');
    if (text) await workbench(page).locator(`[data-question="${text.surveyQuestionId}"] textarea`).fill('=HYPERLINK("x") <b>bold</b>');
    const [submitted] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/pfm/SaveSurveyAnswers')),
      workbench(page).locator('[data-action="submit"]').click(),
    ]);
    expect(submitted.status()).toBe(200);
    const stored = one(`SELECT st.name, s.submittedByEmployeeId FROM surveys s JOIN application_record_states st USING (applicationRecordStateId) WHERE surveyId = ?`, survey.surveyId);
    expect(stored).toEqual({ name: 'Submitted', submittedByEmployeeId: PM });
    if (text) expect(one('SELECT value FROM survey_answers WHERE surveyId = ? AND surveyQuestionId = ?', survey.surveyId, text.surveyQuestionId).value).toBe('=HYPERLINK("x") <b>bold</b>');
    await expect(workbench(page).locator('[data-read-only]')).toHaveText(`${survey.number} is Submitted: it is read-only.`);
    await expect(workbench(page).locator('[data-action="submit"]')).toHaveCount(0);
    await expect(workbench(page).locator(`#q-${rating.surveyQuestionId}-5`)).toBeDisabled();
    // The list moved it to Closed at once.
    await expect(listRow).toHaveCount(0);
    await page.locator('pfm-workbench-host').getByRole('button', { name: 'Close Workbench' }).click();
    await screen(page).getByRole('tab', { name: /Closed/ }).click();
    await expect(listRow.locator('[data-state]:not([role])')).toHaveText('Submitted');

    // The admin's averages: what the database now says, and changed from before.
    const after = storedAverage(rating.surveyQuestionId, 'rating');
    expect(after).not.toBe(before);
    const adminContext = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: new URL(page.url()).origin });
    const admin = await adminContext.newPage();
    await openPortalAs(admin, 'admin', '/pfm/surveys');
    const cell = screen(admin).locator(`[data-testid="survey-averages"] tr[data-question="${rating.surveyQuestionId}"] [data-average]`);
    await expect(cell).toHaveText(after!.toFixed(2));
    await expect(screen(admin).locator(`[data-testid="survey-averages"] tr[data-question="${rating.surveyQuestionId}"] [data-responses]`))
      .toHaveText(String(all(`SELECT 1 FROM survey_answers a JOIN surveys s USING (surveyId) JOIN application_record_states st USING (applicationRecordStateId)
        WHERE st.name = 'Submitted' AND a.surveyQuestionId = ?`, rating.surveyQuestionId).length));
    await adminContext.close();
  });

  test('admin screen: §5 strips projectId, budgetId and programId from the address bar (recordId kept); lists, templates, exports; axe light and dark', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'admin', '/pfm/surveys?projectId=5&budgetId=3&programId=2&recordId=7');
    await expect(screen(page).locator('h1')).toHaveText('Surveys');
    await expect(page).toHaveURL(/\/pfm\/surveys\?recordId=7$/);
    expect(await page.evaluate(() => location.search)).toBe('?recordId=7');
    await expect(screen(page)).not.toHaveAttribute('project-id');
    await expect(screen(page)).not.toHaveAttribute('budget-id');
    const open = one("SELECT count(*) AS n FROM surveys s JOIN application_record_states st USING (applicationRecordStateId) WHERE st.closed = 0").n as number;
    await expect(screen(page).locator('[data-list-kind="Survey"] tbody tr[data-record-id]')).toHaveCount(open);
    await expect(screen(page).locator('[data-template="1"] [data-threshold]')).toHaveText('$25,000,000.00');
    await expect(screen(page).locator('[data-template="1"] [data-milestones]')).toHaveText('Acceptance, Midpoint, Substantial Completion');
    const [csv] = await Promise.all([page.waitForEvent('download'), screen(page).locator('[data-export="csv"]').click()]);
    expect(csv.suggestedFilename()).toBe('survey-averages.csv');
    const [xlsx] = await Promise.all([page.waitForEvent('download'), screen(page).locator('[data-export="excel"]').click()]);
    expect(xlsx.suggestedFilename()).toBe('survey-averages.xlsx');
    await axe(page, ['portal-app', 'pfm-surveys'], 'admin');

    // The same generic rule for the other admin-level route (whatever its element shows).
    await page.goto('/pfm/esign?programId=2&recordId=7&projectId=5&budgetId=3');
    await expect(page).toHaveURL(/\/pfm\/esign\?recordId=7$/);

    // The project-level route keeps projectId in the address bar.
    const projectId = one(`SELECT s.projectId FROM surveys s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.closed = 0 ORDER BY s.surveyId LIMIT 1`).projectId as number;
    await page.goto(`/pfm/projects/surveys?projectId=${projectId}&budgetId=1`);
    await expect(screen(page).locator('h1')).toHaveText('Surveys');
    await expect(page).toHaveURL(new RegExp(`/pfm/projects/surveys\\?projectId=${projectId}&budgetId=1$`));
    await expect(screen(page).locator('tbody tr[data-record-id]').first()).toBeVisible();
    await axe(page, ['portal-app', 'pfm-surveys'], 'project');
  });

  test('a pm sees only the surveys they answer at /pfm/surveys (templates and averages refused by the server); a non-PFM user is refused both routes', async ({ page, browser }) => {
    watchToken(page);
    const [templates] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/pfm/getsurveytemplates')),
      openPortalAs(page, 'pm', '/pfm/surveys'),
    ]);
    expect(templates.status()).toBe(403);
    await expect(screen(page).locator('#surveys-all')).toHaveText('Your surveys across projects');
    const own = all(`SELECT s.surveyId FROM surveys s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.closed = 0 AND s.respondentEmployeeId = ?`, PM);
    await expect(screen(page).locator('[data-list-kind="Survey"] tbody tr[data-record-id]')).toHaveCount(own.length);
    await expect(screen(page).locator('[data-section="averages"]')).toHaveCount(0);
    await expect(screen(page).locator('[data-admins-only]')).toHaveText('The templates and the averages per question are for PFM Admin and RPM roles.');
    const other = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: new URL(page.url()).origin });
    const employee = await other.newPage();
    await openPortalAs(employee, 'employee', '/pfm/projects/surveys?projectId=1');
    await expect(employee).toHaveURL(/\/forbidden$/);
    await employee.goto('/pfm/surveys');
    await expect(employee).toHaveURL(/\/forbidden$/);
    await expect(employee.locator('portal-forbidden h1')).toHaveText('No Access');
    await other.close();
  });
});
