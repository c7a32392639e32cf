// Default assignments end to end (issue 15): real sign-in, the real API, the seeded database.
// Run alone: npx rollup -c && E2E_PORT=4643 npx playwright test tests/e2e/default-assignments.spec.ts
// The admin previews a rule (the table matches the database), saves it by keyboard, applies it (the
// members are in the database), then the create-project call makes a project that gets its team from it.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_ASSIGNMENTS_API as API } from '../../src/core/toolbox/contract';
import { ASSIGNMENTS_TEXT as T } from '../../src/features/toolbox/default-assignments/data';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { dialog } from './support/records';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';
import { today } from '../../src/core/clock';
import { addDays } from '../../src/core/timecards/days';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const screen = (page: Page) => page.locator('pt-default-assignments');
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;
const all = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).all(...args) as Row[];
const answerOf = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname.toLowerCase() === path.toLowerCase() && r.request().method() === 'POST');

async function axe(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: ['portal-app', 'pt-default-assignments'] }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
    await reviewShot(page, { path: `.tmp/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a rule is previewed, saved, applied, and a new project gets its team from it', async ({ page }) => {
  test.setTimeout(60_000);
  watchToken(page);
  // A staff General Superintendent with no rule yet; scope: North Texas design-build projects.
  const person = one(`SELECT employeeId, displayText FROM employees WHERE login IS NULL AND active = 1 AND jobTitle = 'General Superintendent'
    AND employeeId NOT IN (SELECT employeeId FROM default_assignment_rules) ORDER BY employeeId LIMIT 1`);
  // The first load fails (500): said clearly, with a Retry that works.
  let failures = 1;
  await page.route((url) => url.pathname.toLowerCase() === API.getRules, (route) => (failures-- > 0
    ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.continue()));
  await openPortalAs(page, 'admin', '/defaultAssignments');
  const failed = screen(page).getByRole('alert');
  await expect(failed).toContainText(`${T.loadFailed} ${T.problems.failed}`);
  await failed.getByRole('button', { name: T.retry }).click();
  const rules = screen(page).getByTestId('rules');
  await expect(rules.locator('tbody tr[data-rule-id]')).toHaveCount(one('SELECT count(*) AS n FROM default_assignment_rules').n);

  await screen(page).getByRole('button', { name: T.newRule }).click();
  const form = screen(page).locator('[data-rule-form="new"]');
  await form.getByLabel(T.employeeFilter).fill(person.displayText);
  await form.getByLabel(T.employee, { exact: true }).selectOption(String(person.employeeId));
  await form.getByLabel(T.role, { exact: true }).selectOption('Superintendent');
  await form.getByLabel(T.region, { exact: true }).selectOption({ label: 'North Texas' });
  await form.getByLabel(T.classification, { exact: true }).selectOption('DB');

  const previewed = answerOf(page, API.previewRule);
  await form.getByRole('button', { name: T.preview }).click();
  expect((await previewed).status()).toBe(200);
  const expected = all(`SELECT projectId FROM projects WHERE active = 1 AND regionId = 1 AND classification = 'DB'
    AND projectId NOT IN (SELECT projectId FROM project_team_members WHERE employeeId = ? AND removedAt IS NULL AND (endDate IS NULL OR endDate >= date('now')))
    ORDER BY projectId`, person.employeeId).map((r) => r.projectId as number);
  expect(expected.length).toBeGreaterThan(0);
  const previewRows = form.getByTestId('preview-rows').locator('tbody tr');
  await expect(previewRows).toHaveCount(expected.length);
  await expect(form.locator('[data-preview-count]')).toHaveAttribute('data-preview-count', String(expected.length));
  expect((await previewRows.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-project-id'))))).sort((a, b) => a - b)).toEqual(expected);
  expect(one('SELECT count(*) AS n FROM default_assignment_rules WHERE employeeId = ?', person.employeeId).n).toBe(0);
  await axe(page, 'default-assignments-preview');

  // Save by keyboard: Enter in the length field submits the form.
  await form.getByLabel(T.endDays).fill('365');
  const saved = answerOf(page, API.saveRule);
  await form.getByLabel(T.endDays).press('Enter');
  const rule = (await (await saved).json()).data as Row;
  expect(one('SELECT projectRole, regionId, classification, endDays, createdByEmployeeId FROM default_assignment_rules WHERE ruleId = ?', rule.ruleId))
    .toEqual({ projectRole: 'Superintendent', regionId: 1, classification: 'DB', endDays: 365, createdByEmployeeId: 1 });
  const row = rules.locator(`tr[data-rule-id="${rule.ruleId}"]`);
  await expect(row.locator('[data-scope]')).toHaveText('North Texas · DB');

  const applied = answerOf(page, API.applyRule);
  await row.getByRole('button', { name: new RegExp(`^${T.apply}`) }).click();
  await dialog(page).getByRole('button', { name: T.apply }).click();
  expect((await applied).status()).toBe(200);
  const report = screen(page).getByTestId('apply-report');
  await expect(report.locator('[data-report-count]')).toHaveAttribute('data-report-count', String(expected.length));
  const added = all("SELECT projectId, projectRole, endDate FROM project_team_members WHERE source = 'rule' AND sourceId = ? AND removedAt IS NULL ORDER BY projectId", rule.ruleId);
  expect(added.map((m) => m.projectId)).toEqual(expected);
  expect(added.every((m) => m.projectRole === 'Superintendent' && m.endDate !== null)).toBe(true);
  await expect(row.locator('[data-members-added]')).toHaveText(String(expected.length));
  await axe(page, 'default-assignments-report');

  // A new North Texas design-build project gets its team from the rules.
  const number = `29-${String(Date.now()).slice(-4)}`;
  const pm = one("SELECT employeeId FROM employees WHERE login IS NULL AND active = 1 AND jobTitle = 'Project Manager' ORDER BY employeeId LIMIT 1");
  const created = await api(page, 'POST', API.createProject, {
    Number: number, Name: 'E2E Plano Data Center', LegalEntityId: 1, RegionId: 1, Classification: 'DB',
    ProjectManagerEmployeeId: pm.employeeId, City: 'Plano', State: 'TX', StartDate: addDays(today(), 38),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const team = all('SELECT employeeId, projectRole, source, sourceId FROM project_team_members WHERE projectId = ? AND removedAt IS NULL ORDER BY projectTeamMemberId', created.body.data.projectId);
  expect(team[0]).toEqual({ employeeId: pm.employeeId, projectRole: 'Project Manager', source: 'manual', sourceId: null });
  expect(team).toContainEqual({ employeeId: person.employeeId, projectRole: 'Superintendent', source: 'rule', sourceId: rule.ruleId });
  expect(one('SELECT budgetId FROM projects WHERE projectId = ?', created.body.data.projectId).budgetId).toBe(created.body.data.budgetId);
});
