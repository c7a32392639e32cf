// Reference lookups against the real host: the vendors of the commitments screen come from one vendor
// list call (lookups of one type in one tick are read from the type's list), not one getVendor each.
// Run alone: npx rollup -c && E2E_PORT=8601 npx playwright test tests/e2e/lookups.spec.ts
import { expect, test } from '@playwright/test';
import { openPortalAs } from './support/portal';

test('commitments asks for its vendors once (the list), not once per vendor', async ({ page }) => {
  await openPortalAs(page, 'pm', '/');
  await page.evaluate(() => localStorage.removeItem('libraries'));
  const vendorCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/pfm/vendors/')) vendorCalls.push(path);
  });
  await page.goto('/pfm/projects/commitments?projectId=1&budgetId=1');
  const vendors = page.locator('pfm-commitments [data-testid="list-Subcontract"] tbody [data-vendor-id]');
  await expect(vendors.first()).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  const shown = new Set(await page.locator('pfm-commitments [data-vendor-id]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-vendor-id'))));
  expect(shown.size, 'the screen shows several vendors').toBeGreaterThan(2);
  expect(vendorCalls).toEqual(['/api/pfm/vendors/getVendors']);
  // Saved for 180 s under 'libraries' (§9): the next visit asks nothing.
  expect(await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('libraries') ?? '{}') as object))).toContain('vendor');
  vendorCalls.length = 0;
  await page.reload();
  await expect(vendors.first()).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  expect(vendorCalls).toEqual([]);
});
