// Screenshots for review (E2E_SCREENSHOTS=1, written to .tmp/pay-shots) of the commitments' new screens in light and
// dark at 1366×768, menus open: the pay applications list, a pay application with its state menu open, the new
// subcontract form, and the commitment workbench's change orders and pay applications. Without the variable the
// test is skipped: nothing here asserts more than that each screen loaded (axe, keyboard and faults: the tables).
import { expect, test } from '@playwright/test';
import { e2eDb } from './support/db';
import { openPortalAs, pushPath } from './support/portal';
import { REVIEW_SCREENSHOTS, reviewShot } from './support/review';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;

test.use({ viewport: { width: 1366, height: 768 } });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`pay applications and new commitments in ${colorScheme}`, async ({ page }) => {
    test.skip(!REVIEW_SCREENSHOTS, 'review screenshots only (E2E_SCREENSHOTS=1)');
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    const project = one("SELECT p.projectId, b.budgetId FROM projects p JOIN budgets b ON b.projectId = p.projectId WHERE p.number = '24-1032' ORDER BY b.budgetId LIMIT 1");
    const q = `projectId=${project.projectId}&budgetId=${project.budgetId}`;
    const shot = (name: string) => reviewShot(page, { path: `.tmp/pay-shots/${name}-${colorScheme}.png` });

    await openPortalAs(page, 'pm', `/pfm/projects/payapplications?${q}`);
    await expect(page.locator('pfm-pay-applications [data-open]').first()).toBeVisible();
    await shot('list');

    const waiting = one(`SELECT a.payApplicationId, a.number FROM pay_applications a JOIN application_record_states s USING (applicationRecordStateId)
      WHERE a.projectId = ? AND s.name = 'Approved' ORDER BY a.payApplicationId LIMIT 1`, project.projectId);
    await pushPath(page, `/pfm/projects/payapplications?${q}&workbench=PayApplication&recordKey=PayApplication&recordId=${waiting.payApplicationId}`);
    const pay = page.locator('wb-pay-application');
    await expect(pay.locator('[data-sheet]')).toBeVisible();
    await shot('workbench');
    await pay.getByRole('button', { name: `Change state of ${waiting.number}` }).click();
    await expect(pay.getByRole('menu')).toBeVisible();
    await shot('workbench-menu');

    const executed = one(`SELECT t.subcontractId FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId)
      WHERE t.projectId = ? AND s.name = 'Executed' AND EXISTS (SELECT 1 FROM subcontract_change_orders c WHERE c.subcontractId = t.subcontractId)
      ORDER BY t.subcontractId LIMIT 1`, project.projectId);
    await pushPath(page, `/pfm/projects/commitments?${q}&workbench=Subcontract&recordKey=Subcontract&recordId=${executed.subcontractId}`);
    await expect(page.locator('wb-subcontract [data-change-orders]')).toBeVisible();
    await reviewShot(page.locator('wb-subcontract'), { path: `.tmp/pay-shots/subcontract-${colorScheme}.png` });

    await page.locator('wb-subcontract [data-new-change-order-open]').click();
    await page.locator('wb-subcontract [data-new-change-order] [data-mode="events"]').click();
    await expect(page.locator('wb-subcontract [data-change-event-items], wb-subcontract [data-no-items]').first()).toBeVisible();
    await reviewShot(page.locator('wb-subcontract [data-new-change-order]'), { path: `.tmp/pay-shots/new-change-order-${colorScheme}.png` });

    await pushPath(page, `/pfm/projects/commitments?${q}`);
    await page.locator('pfm-commitments [data-new="Subcontract"]').click();
    await expect(page.locator('wb-subcontract [data-workbench="new-commitment"]')).toBeVisible();
    await shot('new-subcontract');

    await pushPath(page, `/pfm/projects/buyout?${q}`);
    await expect(page.locator('pfm-buyout [data-award]').first()).toBeVisible();
    await shot('buyout');
  });

  test(`a vendor's record kept current in ${colorScheme}`, async ({ page }) => {
    test.skip(!REVIEW_SCREENSHOTS, 'review screenshots only (E2E_SCREENSHOTS=1)');
    await page.emulateMedia({ colorScheme });
    const request = one(`SELECT requestId FROM slim_requests r JOIN application_record_states s USING (applicationRecordStateId)
      WHERE s.name = 'In Review' ORDER BY requestId LIMIT 1`);
    await openPortalAs(page, 'admin', `/sr/slimqueue?workbench=SlimRequest&recordKey=SlimRequest&recordId=${request.requestId}`);
    const update = page.locator('wb-slim-request [data-action="update-record"]');
    await expect(update).toBeVisible();
    await update.click();
    await expect(page.locator('wb-slim-request [data-entry-form]').first()).toBeVisible();
    await reviewShot(page, { path: `.tmp/pay-shots/vendor-record-${colorScheme}.png`, fullPage: true });
  });
}
