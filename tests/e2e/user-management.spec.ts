/**
 * User management end to end (issue 15): admin grants a role in <admin-user-management> and the
 * signed-in user's portal and API follow on the next navigation / request; revoking it closes the
 * route again; revoking the last Admin is refused with the reason; a deactivated user's token gets
 * 401; the audit log shows each change and exports. Uses `it` (no other spec signs in as it) and
 * restores every change.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { USERS_API, USERS_TEXT } from '../../src/core/admin';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { USERS_UI_TEXT as T } from '../../src/features/admin/users/text';
import { api, hasToken, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs, pushPath, shownScreenTag } from './support/portal';
import { dialog } from './support/records';
import { expectNoSeriousAxeLightAndDark } from './support/axe';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;
const employeeOf = (login: string) => one('SELECT employeeId FROM employees WHERE login = ?', login).employeeId as number;
const posted = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');
const screen = (page: Page) => page.locator('admin-user-management');
const hasRole = (employeeId: number, key: string, name: string) =>
  one('SELECT count(*) AS n FROM employee_roles WHERE employeeId = ? AND applicationKey = ? AND name = ?', employeeId, key, name).n === 1;

const axe = (page: Page, name: string) => expectNoSeriousAxeLightAndDark(page, ['portal-app', 'admin-user-management'], name, { shots: 'users', settleMs: 300, fullPage: true });

async function signedInAs(browser: Browser, login: string, path = '/'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  watchToken(page);
  await openPortalAs(page, login, path);
  return page;
}

/** Open one user's detail by searching for their name. */
async function openUser(page: Page, search: string, employeeId: number): Promise<void> {
  const s = screen(page);
  await s.locator('input[name="search"]').fill(search);
  await s.locator('input[name="search"]').press('Enter');
  await s.locator(`button[data-open-user="${employeeId}"]`).click();
  await expect(s.locator(`[data-user-detail="${employeeId}"]`)).toBeVisible();
}

test('a role granted in the UI opens the user\'s route and API on the next navigation; revoked, it closes again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const it = employeeOf('it');
  expect(hasRole(it, 'keyPTO', 'Default')).toBe(false);
  const itPage = await signedInAs(browser, 'it');
  await pushPath(itPage, '/teammembertoolbox/requests');
  await expect(itPage).toHaveURL(/\/forbidden$/);
  await expect.poll(() => hasToken(itPage)).toBe(true);
  expect((await api(itPage, 'GET', TIME_OFF_API.getRequests)).status).toBe(403);

  await openPortalAs(page, 'admin', '/usermanagement');
  await expect(screen(page).locator('[data-user-count]')).toBeVisible();
  await openUser(page, 'Zhang', it);
  await axe(page, 'detail');

  // Grant keyPTO Default (keyboard: choose, then Enter on the form's button).
  const grant = screen(page).locator('form[data-form="grant"]');
  await grant.locator('select[name="applicationKey"]').selectOption('keyPTO');
  await grant.locator('select[name="roleName"]').selectOption('Default');
  const granted = posted(page, USERS_API.grantRole);
  await grant.locator('button[data-action="grant"]').focus();
  await page.keyboard.press('Enter');
  expect((await granted).status()).toBe(200);
  expect(hasRole(it, 'keyPTO', 'Default')).toBe(true);
  await expect(screen(page).locator('tr[data-role="keyPTO Default"]')).toBeVisible();

  // The user's portal, signed in before the grant, follows on its next navigation; so does the API.
  await pushPath(itPage, '/teammembertoolbox/requests');
  await expect.poll(() => shownScreenTag(itPage)).toBe('pto-requests');
  expect(new URL(itPage.url()).pathname).toBe('/teammembertoolbox/requests');
  expect((await api(itPage, 'GET', TIME_OFF_API.getRequests)).status).toBe(200);

  // Revoked: the next navigation is refused.
  const revoked = posted(page, USERS_API.revokeRole);
  await screen(page).locator('tr[data-role="keyPTO Default"] button[data-action="revoke"]').click();
  expect((await revoked).status()).toBe(200);
  expect(hasRole(it, 'keyPTO', 'Default')).toBe(false);
  await pushPath(itPage, '/');
  await pushPath(itPage, '/teammembertoolbox/requests');
  await expect(itPage).toHaveURL(/\/forbidden$/);
  expect((await api(itPage, 'GET', TIME_OFF_API.getRequests)).status).toBe(403);
  await itPage.context().close();
});

test('the last Admin cannot be revoked; a deactivated user\'s token gets 401; the audit log shows and exports each change', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = employeeOf('admin');
  const it = employeeOf('it');
  expect(one(`SELECT count(DISTINCT e.employeeId) AS n FROM employees e JOIN employee_roles r USING (employeeId)
    WHERE e.active = 1 AND r.applicationKey = 'keyAdmin' AND r.name = 'Admin'`).n).toBe(1);
  const itPage = await signedInAs(browser, 'it');
  await expect.poll(() => hasToken(itPage)).toBe(true);

  await openPortalAs(page, 'admin', '/usermanagement');
  await openUser(page, 'Whitfield', admin);
  const refused = posted(page, USERS_API.revokeRole);
  await screen(page).locator('tr[data-role="keyAdmin Admin"] button[data-action="revoke"]').click();
  expect((await refused).status()).toBe(400);
  await expect(screen(page).locator('[data-feedback="error"]')).toHaveText(USERS_TEXT.lastAdmin);
  // The client's §8 'Request Failed' box names the reason too; closed by keyboard.
  await expect(dialog(page)).toContainText(USERS_TEXT.lastAdmin);
  await page.keyboard.press('Escape');
  if (await dialog(page).isVisible()) await dialog(page).getByRole('button').last().click();
  await expect(dialog(page)).toHaveCount(0);
  expect(hasRole(admin, 'keyAdmin', 'Admin')).toBe(true);
  // One's own deactivation is not offered.
  await expect(screen(page).locator('button[data-action="deactivate"]')).toBeDisabled();

  // Deactivate it: its existing token stops working at the API.
  await openUser(page, 'Zhang', it);
  await screen(page).locator('input[name="reason"]').fill('=HYPERLINK("x") on leave');
  const off = posted(page, USERS_API.setActive);
  await screen(page).locator('button[data-action="deactivate"]').click();
  expect((await off).status()).toBe(200);
  expect(one('SELECT active, deactivatedByEmployeeId FROM employees WHERE employeeId = ?', it)).toEqual({ active: 0, deactivatedByEmployeeId: admin });
  const answer = await api(itPage, 'GET', '/api/applications/getApplicationRoleAccess');
  expect(answer.status).toBe(401);
  expect(answer.body.message).toBe(USERS_TEXT.deactivatedToken);

  // Activate again (restores it).
  const on = posted(page, USERS_API.setActive);
  await screen(page).locator('button[data-action="activate"]').click();
  expect((await on).status()).toBe(200);
  expect(one('SELECT active FROM employees WHERE employeeId = ?', it).active).toBe(1);
  expect((await api(itPage, 'GET', '/api/applications/getApplicationRoleAccess')).status).toBe(200);
  await itPage.context().close();

  // The audit log, filtered to it, shows each change with who made it.
  await screen(page).locator('button[data-tab="audit"]').click();
  await screen(page).locator('form[data-form="audit-filters"] select[name="subjectEmployeeId"]').selectOption(String(it));
  await screen(page).locator('button[data-action="apply-audit"]').click();
  const rows = screen(page).locator('table[data-table="audit"] tbody tr');
  for (const action of ['grantRole', 'revokeRole']) await expect(screen(page).locator(`tr[data-audit-action="${action}"]`)).toHaveCount(one('SELECT count(*) AS n FROM admin_audit_log WHERE subjectEmployeeId = ? AND action = ?', it, action).n as number);
  for (const action of ['activate', 'deactivate']) await expect(screen(page).locator(`tr[data-audit-action="${action}"]`)).toHaveCount(1);
  await expect(screen(page).locator('tr[data-audit-action="deactivate"]')).toContainText('Dana Whitfield');
  await expect(screen(page).locator('tr[data-audit-action="deactivate"]')).toContainText('=HYPERLINK("x") on leave');
  const stored = one("SELECT count(*) AS n FROM admin_audit_log WHERE subjectEmployeeId = ?", it).n as number;
  await expect(rows).toHaveCount(stored);
  await axe(page, 'audit');

  const download = page.waitForEvent('download');
  await screen(page).locator('button[data-action="export-csv"]').click();
  const file = readFileSync((await (await download).path())!, 'utf8');
  const lines = file.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe(Object.values(T.auditColumns).join(','));
  expect(lines).toHaveLength(stored + 1);
  expect(file).toContain(`"'=HYPERLINK(""x"") on leave"`);
});
