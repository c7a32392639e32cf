// Opportunity timecard cost codes end to end: real sign-in, the real API, the seeded opportunities.
// Run alone: npx rollup -c && E2E_PORT=8607 npx playwright test tests/e2e/opportunities.spec.ts
import { expect, test, type Page } from '@playwright/test';
import { watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { dialog } from './support/records';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

const PATH = '/pfm/opportunitytimecardcostcode';
const screen = (page: Page) => page.locator('pfm-opportunity-timecard-cost-code');
const row = (page: Page, number: string) => screen(page).locator(`tr[data-opportunity="${number}"]`);
const stored = (number: string, code: string) => e2eDb().prepare(`SELECT c.active, c.description, c.type FROM opportunity_cost_codes c
  JOIN opportunities o USING (opportunityId) WHERE o.number = ? AND c.code = ?`).get(number, code) as { active: number; description: string; type: string } | undefined;

test.describe.configure({ mode: 'serial' });

test.describe('opportunity timecard cost codes', () => {
  test('rpm adds a code by keyboard (a bad one is refused at the field, typed values kept) and removes it with a confirmation', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'rpm', `${PATH}?oppId=${(e2eDb().prepare("SELECT opportunityId FROM opportunities WHERE number = 'OPP-26-014'").get() as { opportunityId: number }).opportunityId}`);
    await expect(screen(page).locator('h1')).toHaveText('Opportunity Timecard Cost Codes');
    await expect(screen(page).locator('tbody tr')).toHaveCount(12);
    const opp = row(page, 'OPP-26-014');
    await expect(opp).toHaveAttribute('aria-current', 'true');
    await expect(opp.locator('[data-status]')).toHaveText('Pursuit');
    await expect(opp.locator('li[data-code]')).toHaveText([/01-0100-00/, /01-0200-00/, /01-0300-00/, /01-0400-00/]);
    // Lost: no Add form, closed to new time.
    await expect(row(page, 'OPP-26-003').locator('form')).toHaveCount(0);
    await expect(row(page, 'OPP-26-003').locator('[data-closed]')).toHaveText('Lost: closed to new time');

    const digits = `0199${String(Date.now() % 10000).padStart(4, '0')}`;
    const shown = `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6)}`;
    const code = opp.getByLabel('Cost code', { exact: true });
    await code.focus();
    await page.keyboard.type('0199');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Proposal interviews');
    await page.keyboard.press('Enter');
    await expect(opp.locator('.invalid-feedback')).toHaveText('The cost code must have 8 digits, shown 2-4-2 (for example 01-0100-00).');
    await expect(opp.getByLabel('Description', { exact: true })).toHaveValue('Proposal interviews');
    await code.fill(shown);
    const [added] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/pfm/AddOpportunityCostCode')),
      code.press('Enter'),
    ]);
    expect(added.status()).toBe(200);
    await expect(opp.locator(`li[data-code="${shown}"]`)).toContainText('Proposal interviews');
    await expect(opp.getByLabel('Cost code', { exact: true })).toHaveValue('');
    expect(stored('OPP-26-014', digits)).toEqual({ active: 1, description: 'Proposal interviews', type: 'L' });

    await opp.getByRole('button', { name: `Remove ${shown} from OPP-26-014` }).click();
    await expect(dialog(page)).toContainText(`Remove cost code ${shown} from opportunity OPP-26-014?`);
    const [removed] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/pfm/RemoveOpportunityCostCode')),
      dialog(page).getByRole('button', { name: 'Remove' }).click(),
    ]);
    expect(removed.status()).toBe(200);
    await expect(opp.locator(`li[data-code="${shown}"]`)).toHaveCount(0);
    expect(stored('OPP-26-014', digits)?.active).toBe(0);
  });

  test('pm reads only: no Add, no Remove; search narrows; axe light and dark', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'pm', PATH);
    await expect(screen(page).locator('tbody tr')).toHaveCount(12);
    await expect(screen(page).locator('form')).toHaveCount(0);
    await expect(screen(page).getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(row(page, 'OPP-26-002').locator('li[data-code]').first()).toHaveText(/01-0100-00/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: ['portal-app', 'pfm-opportunity-timecard-cost-code'] }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
      await reviewShot(page, { path: `.tmp/opportunities-pm-${colorScheme}.png`, fullPage: true });
    }
    await screen(page).getByLabel('Search opportunities').fill('clinic');
    await expect(screen(page).locator('tbody tr')).toHaveCount(1);
    await expect(row(page, 'OPP-26-014')).toBeVisible();
  });

  test('axe light and dark with the editing controls (admin)', async ({ page }) => {
    watchToken(page);
    await openPortalAs(page, 'admin', PATH);
    await expect(screen(page).locator('form').first()).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: ['portal-app', 'pfm-opportunity-timecard-cost-code'] }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
      await reviewShot(page, { path: `.tmp/opportunities-admin-${colorScheme}.png`, fullPage: true });
    }
  });
});
