// <wb-add-cost-code> end to end: real sign-in as pm, the real API and seeded database.
// Budget 2 (project 2 '24-1004', pm's, unlocked) is written by no other spec; codes are unique per run.
// Run alone: DIST_DIR=.tmp/dist-c npx rollup -c && DIST_DIR=.tmp/dist-c E2E_PORT=8653 npx playwright test tests/e2e/add-cost-code.spec.ts --workers=1 --output=.tmp/pw-c
import { expect, test, type Page } from '@playwright/test';
import { api, watchToken } from './support/api';
import { openPortalAs } from './support/portal';

const GRID = '/pfm/projects/projectiongrid?projectId=2&budgetId=2';
const ADD_COST_CODE = 'workbench=AddCostCode&recordKey=Budget';
const LOCKED_GRID = '/pfm/projects/projectiongrid?projectId=13&budgetId=16';

const panel = (page: Page) => page.locator('pfm-workbench-host [role="dialog"]');
const form = (page: Page) => page.locator('wb-add-cost-code form');
const input = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const addButton = (page: Page) => form(page).getByRole('button', { name: 'Add cost code' });
const lineRows = (page: Page) => page.locator('pfm-projection-grid .tabulator-row:not(.tabulator-group):not(.tabulator-calcs)');

let sequence = 0;
/** A code no seeded budget line has (division 00) and no earlier run wrote: '00-dddd-dd'. */
function uniqueCode(): { digits: string; shown: string } {
  const digits = `00${String((Date.now() + sequence++) % 1_000_000).padStart(6, '0')}`;
  return { digits, shown: `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6)}` };
}

/** The AddCostCode POSTs the page sends from now on. */
function watchSaves(page: Page): string[] {
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pfm/AddCostCode') saves.push(request.url());
  });
  return saves;
}

async function fill(page: Page, values: { code: string; description: string; costType: string; originalBudget: string }): Promise<void> {
  await input(page, 'Cost code').fill(values.code);
  await input(page, 'Description').fill(values.description);
  await input(page, 'Cost type').selectOption(values.costType);
  await input(page, 'Original budget').fill(values.originalBudget);
}

async function expectValues(page: Page, values: { code: string; description: string; costType: string; originalBudget: string }): Promise<void> {
  await expect(input(page, 'Cost code')).toHaveValue(values.code);
  await expect(input(page, 'Description')).toHaveValue(values.description);
  await expect(input(page, 'Cost type')).toHaveValue(values.costType);
  await expect(input(page, 'Original budget')).toHaveValue(values.originalBudget);
}

test.describe.configure({ mode: 'serial' });

test.describe('<wb-add-cost-code>', () => {
  test('a PM adds a line to budget 2 from the projection grid: success toast, saved as typed, and the line is in the grid', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', GRID);
    await expect(lineRows(page).first()).toBeVisible();
    await page.locator('pfm-projection-grid [data-action="add-cost-code"]').click();
    await expect(page).toHaveURL(new RegExp(`${ADD_COST_CODE}&recordId=2`));
    await expect(panel(page).locator('h2')).toContainText('Add Cost Code');

    // §3 cost types: A (Agency, hidden) and F (Fee, disabled and hidden) are never offered.
    const types = input(page, 'Cost type').locator('option');
    await expect(types).toHaveText(['Choose…', 'L – Labor', 'M – Material', 'W – Warehouse', 'E – Equipment', 'S – Subcontract', 'R – Rollup']);
    expect(await types.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['', 'L', 'M', 'W', 'E', 'S', 'R']);

    const code = uniqueCode();
    const description = `E2E added line ${code.digits}`;
    await fill(page, { code: code.shown, description, costType: 'S', originalBudget: '$1,2a34.50' });
    await expect(input(page, 'Original budget')).toHaveValue('1234.50'); // §5 number rule as typed
    await addButton(page).click();
    await expect(page.locator('portal-overlays')).toContainText(`Cost code ${code.shown} added`);
    await expectValues(page, { code: '', description: '', costType: '', originalBudget: '' });

    const saved = await api(page, 'GET', '/api/pfm/getcostcodes?recordKey=Budget&recordId=2');
    expect(saved.status).toBe(200);
    expect((saved.body.data as Array<Record<string, unknown>>).find((line) => line.code === code.digits)).toMatchObject({ type: 'S', description, budgetId: 2 });

    // The grid shows the new line without a Refresh.
    await panel(page).locator('button[title="Close Workbench"]').click();
    await expect(panel(page)).toHaveCount(0);
    await page.locator('pfm-projection-grid .tabulator-col[tabulator-field="description"] input').fill(code.digits);
    const row = lineRows(page).filter({ hasText: description });
    await expect(row).toHaveCount(1);
    await expect(row.locator('[tabulator-field="code"]')).toHaveText(code.shown);
    await expect(row.locator('[tabulator-field="originalBudget"]')).toHaveText('$1,234.50');
  });

  test('a bad code shape is refused in the form without a call; a duplicate gets the server’s message; typed values stay', async ({ page }) => {
    const saves = watchSaves(page);
    await openPortalAs(page, 'pm', `${GRID}&${ADD_COST_CODE}&recordId=2`);
    await expect(form(page)).toBeVisible();

    const short = { code: '03-300', description: 'Short code', costType: 'M', originalBudget: '100' };
    await fill(page, short);
    await addButton(page).click();
    await expect(form(page).locator('[data-level="1"]')).toHaveText(['A cost code has 8 digits, shown as 00-0000-00.']);
    await expect(input(page, 'Cost code')).toHaveClass(/is-invalid/);
    await expectValues(page, short);
    expect(saves).toHaveLength(0);

    // The form knows the budget's lines as they were when it opened: a code added since is refused by the server.
    const code = uniqueCode();
    const first = { code: code.shown, description: 'Added once', costType: 'E', originalBudget: '250' };
    await fill(page, first);
    await addButton(page).click();
    await expect(page.locator('portal-overlays')).toContainText(`Cost code ${code.shown} added`);
    const again = { ...first, description: 'Added twice' };
    await fill(page, again);
    await addButton(page).click();
    await expect(form(page).locator('[data-level="1"]')).toHaveText([`${code.shown} (E) is already a line of budget 24-1004.`]);
    await expect(form(page).getByRole('alert')).toContainText('Your entries are kept.');
    await expectValues(page, again);
    expect(saves).toHaveLength(2);
  });

  test('locked budget 16 refuses an original budget (a line added there starts at $0.00) and says why; typed values stay', async ({ page }) => {
    await openPortalAs(page, 'pm', `${LOCKED_GRID}&${ADD_COST_CODE}&recordId=16`);
    await expect(form(page)).toBeVisible();
    const values = { code: uniqueCode().shown, description: 'Not on a locked budget', costType: 'L', originalBudget: '75' };
    await fill(page, values);
    await addButton(page).click();
    await expect(form(page).locator('[data-level="1"]')).toHaveText(['Budget 23-1036 is locked (Budget locked for month-end close): a line added to it starts at $0.00 and changes by cost adjustment.']);
    await expect(form(page).getByRole('alert')).toContainText('Your entries are kept.');
    await expectValues(page, values);
    // The locked grid does not offer the workbench at all.
    await expect(page.locator('pfm-projection-grid [data-read-only="locked"]')).toBeVisible();
    await expect(page.locator('pfm-projection-grid [data-action="add-cost-code"]')).toHaveCount(0);
  });
});
