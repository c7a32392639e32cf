// Project security end to end (issue 15): the demo pm is on no Gulf Coast team (seed/teams.ts). His
// projects list leaves those projects out, the API answers 403 / 404 for them, and the header search
// does not find them; admin still sees them. (The refusal screen with "Request access": the access part.)
// Run alone: npx rollup -c && E2E_PORT=4641 npx playwright test tests/e2e/project-security.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { e2eDb } from './support/db';
import { api, watchToken } from './support/api';
import { openPortalAs } from './support/portal';

const HIDDEN = SEED_TEAM_FACTS.pmHiddenProjectIds as readonly number[];
const HIDDEN_PROJECT = HIDDEN[0]!;
const rows = (page: Page) => page.locator('pfm-projects tbody tr');
const box = (page: Page) => page.locator('portal-header input[role="combobox"]');

test('pm: the projects list, the API and the search leave out the projects he is not on', async ({ page }) => {
  watchToken(page);
  const db = e2eDb();
  const pmId = (db.prepare("SELECT employeeId FROM employees WHERE login = 'pm'").get() as { employeeId: number }).employeeId;
  const onTeam = (db.prepare(`SELECT count(DISTINCT projectId) AS n FROM project_team_members
    WHERE employeeId = ? AND removedAt IS NULL AND (endDate IS NULL OR endDate >= date('now'))`).get(pmId) as { n: number }).n;
  // The seed's hidden projects the pm has not joined since (the access-request spec approves him onto one).
  const hidden = HIDDEN.filter((id) => !db.prepare(`SELECT 1 FROM project_team_members
    WHERE employeeId = ? AND projectId = ? AND removedAt IS NULL AND (endDate IS NULL OR endDate >= date('now'))`).get(pmId, id));
  expect(hidden).toContain(HIDDEN_PROJECT);

  await openPortalAs(page, 'pm', '/pfm/projects');
  await expect(rows(page).first()).toBeVisible();
  // Every project the pm is on (open and closed), and none of the hidden ones.
  await expect(rows(page)).toHaveCount(onTeam);
  for (const id of hidden) await expect(page.locator(`pfm-projects tbody tr[data-project-id="${id}"]`)).toHaveCount(0);

  // By link: the API refuses the project's data (403 with the Request-access facts) and its records (404).
  const project = db.prepare('SELECT number, name FROM projects WHERE projectId = ?').get(HIDDEN_PROJECT) as { number: string; name: string };
  const refused = await api(page, 'GET', `/api/pfm/getcostcodes?recordKey=Project&recordId=${HIDDEN_PROJECT}`);
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ projectAccess: 'notOnTeam', projectId: HIDDEN_PROJECT, projectNumber: project.number });
  const budgetId = (db.prepare('SELECT min(budgetId) AS id FROM budgets WHERE projectId = ?').get(HIDDEN_PROJECT) as { id: number }).id;
  expect((await api(page, 'GET', `/api/pfm/getBudget?budgetId=${budgetId}`)).status).toBe(404);
  // The screen's first project call (a load by recordId or the menu by ProjectId, whichever comes first).
  const namesProject = (url: URL) => [...url.searchParams].some(([key, value]) => /^(recordid|projectid)$/i.test(key) && value === String(HIDDEN_PROJECT));
  const menu = page.waitForResponse((response) => new URL(response.url()).pathname.toLowerCase().startsWith('/api/pfm/') &&
    namesProject(new URL(response.url())));
  await page.goto(`/pfm/projects/projectiongrid?projectId=${HIDDEN_PROJECT}`);
  expect((await menu).status()).toBe(403);

  // The header search finds the project by number for nobody but those who reach it.
  await box(page).click();
  const answer = page.waitForResponse((response) => response.url().includes('/search/query'));
  await box(page).fill(project.number);
  const searched = await answer;
  expect(searched.status()).toBe(200);
  const found = ((await searched.json()) as { data: { results: Array<{ projectId: number | null }> } }).data.results;
  expect(found.filter((result) => result.projectId !== null && hidden.includes(result.projectId))).toEqual([]);
  await expect(page.locator(`portal-header [data-search-result="project:${HIDDEN_PROJECT}"]`)).toHaveCount(0);
});

test('admin: the hidden project is in the list and the search', async ({ page }) => {
  await openPortalAs(page, 'admin', '/pfm/projects');
  await expect(page.locator(`pfm-projects tbody tr[data-project-id="${HIDDEN_PROJECT}"]`)).toHaveCount(1);
  const project = e2eDb().prepare('SELECT number FROM projects WHERE projectId = ?').get(HIDDEN_PROJECT) as { number: string };
  await box(page).click();
  await box(page).fill(project.number);
  await expect(page.locator(`portal-header [data-search-result="project:${HIDDEN_PROJECT}"]`)).toBeVisible();
});
