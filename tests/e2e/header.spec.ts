// <portal-header> end to end: real sign-in through the demo identity provider, the real API and
// seeded database. Most tests use /demo/header.html (the header embedded alone on a legacy-style
// page, which signs in by itself); the PFM tests use the portal page at a PFM route.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import { GENERIC_MENUS, visibleMenus } from '../../src/core/menus';
import { forgetSignIn, openAs, signIn } from './support/sign-in';
import { axeOn } from './support/axe';

const HEADER_PAGE = '/demo/header.html';
const AVATAR_OPEN_MS = 500;
const AVATAR_CLOSE_MS = 300;

/** Open `path`, sign in as `login`, and wait for the header to show the signed-in user. */
async function openSignedIn(page: Page, login: string, path = HEADER_PAGE): Promise<void> {
  await openAs(page, login, path);
  await expect(page.locator('portal-header .portal-avatar-button')).toBeVisible();
}

/** Menu label → entry labels of the header's generic bar, as rendered. */
async function shownMenus(page: Page): Promise<Record<string, string[]>> {
  const bar = page.locator('portal-header [data-bar="generic"]');
  await expect(bar).toBeVisible();
  const result: Record<string, string[]> = {};
  for (const menu of await bar.locator(':scope > [data-menu]').all()) {
    const label = (await menu.locator('button').first().textContent()) ?? '';
    result[label] = await menu.locator('[role="menuitem"]').evaluateAll((items) => items.map((item) => item.firstChild?.textContent ?? ''));
  }
  return result;
}

test.describe('<portal-header>', () => {
  for (const account of DEMO_ACCOUNTS) {
    test(`${account.login} sees exactly the menus and entries of its roles`, async ({ page }) => {
      await openSignedIn(page, account.login);
      const expected = Object.fromEntries(visibleMenus(GENERIC_MENUS, account.roles).map((menu) => [menu.label, menu.entries.map((entry) => entry.label)]));
      expect(await shownMenus(page)).toEqual(expected);
      if (account.login === 'admin') expect(Object.keys(expected)).toEqual(['Project Toolbox', 'Subcontractor Risk Tools', 'Employee Tools', 'Administration']);
      if (account.login === 'employee') expect(expected).toEqual({ 'Employee Tools': ['My Timecard', 'PTO Requests'] });
      if (account.login === 'viewer') expect(expected).toEqual({ Administration: ['User Management', 'IT Billing'] });
    });
  }

  test("shows 'Please login' with skipautosignon and signs in from the button", async ({ page }) => {
    await page.goto(`${HEADER_PAGE}?skipautosignon=1`);
    await expect(page.locator('portal-header [data-please-login]')).toHaveText('Please login');
    await page.locator('portal-header').getByRole('button', { name: 'Sign in' }).click();
    await signIn(page, 'employee');
    await expect(page.locator('portal-header .portal-avatar-button')).toBeVisible();
  });

  test('shows the environment: DEV on localhost, in its colour', async ({ page }) => {
    await openSignedIn(page, 'employee');
    await expect(page.locator('portal-header [data-environment-label]')).toHaveText('DEV');
    await expect(page.locator('portal-header .portal-header-env')).toHaveCSS('background-color', 'rgb(46, 107, 48)');
  });

  test('counts the open items of the seeded data in the bell', async ({ page }) => {
    for (const login of ['pm', 'rpm', 'admin', 'employee']) {
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/common/GetOpenItemsByEmployee');
      await openSignedIn(page, login);
      const body = (await (await answer).json()) as { data: {
        openWorkflows: unknown[]; budgetsPendingProjections: unknown[]; pendingPtoRequests: unknown[]; timecardNeedsSubmission: { flag?: boolean } | null;
        timecardsToApprove?: { count: number } | null; notices?: unknown[];
      } };
      const items = body.data;
      // One entry per item; "Timecards to approve (N)" is one entry that counts its N cards in the badge.
      const entries = items.openWorkflows.length + items.budgetsPendingProjections.length + items.pendingPtoRequests.length + (items.timecardNeedsSubmission?.flag ? 1 : 0)
        + (items.notices?.length ?? 0) + (items.timecardsToApprove?.count ? 1 : 0);
      const expected = entries - (items.timecardsToApprove?.count ? 1 : 0) + (items.timecardsToApprove?.count ?? 0);
      await expect(page.locator('portal-header .portal-bell-count'), login).toHaveText(String(expected));
      const menuItems = page.locator('portal-header [data-menu="bell"] [data-entry]');
      await expect(menuItems, login).toHaveCount(entries);
      if (login === 'pm') expect(expected).toBeGreaterThan(0);
      await forgetSignIn(page);
    }
  });

  test('opens the avatar popover after 500 ms of hover and closes it 300 ms after leaving', async ({ page }) => {
    await openSignedIn(page, 'admin');
    const popover = page.locator('portal-header .portal-avatar-popover');
    const button = page.locator('portal-header .portal-avatar-button');
    await page.mouse.move(0, 500);
    const box = await button.boundingBox();
    if (!box) throw new Error('no avatar button box');
    // One mouse move (no actionability waits), so the clock starts when the pointer arrives.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hoveredAt = Date.now();
    await page.waitForTimeout(AVATAR_OPEN_MS - 200 - (Date.now() - hoveredAt));
    await expect(popover).toBeHidden({ timeout: 1 });
    await page.waitForTimeout(Math.max(0, AVATAR_OPEN_MS + 250 - (Date.now() - hoveredAt)));
    await expect(popover).toBeVisible({ timeout: 1 });
    expect((await popover.boundingBox())?.width).toBe(300);
    await expect(popover).toContainText('Dana Whitfield');
    await expect(popover).toContainText('Director of Business Applications');
    await expect(popover).toContainText('dana.whitfield@summitbuilders.example');
    await expect(popover.getByRole('link', { name: /Chat/ })).toHaveAttribute('rel', /noopener/);
    await expect(popover.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await page.mouse.move(0, 500);
    const leftAt = Date.now();
    await page.waitForTimeout(AVATAR_CLOSE_MS - 200 - (Date.now() - leftAt));
    await expect(popover).toBeVisible({ timeout: 1 });
    await page.waitForTimeout(Math.max(0, AVATAR_CLOSE_MS + 250 - (Date.now() - leftAt)));
    await expect(popover).toBeHidden({ timeout: 1 });
  });

  test('follows prefers-color-scheme live: the bar colours differ between light and dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openSignedIn(page, 'employee');
    const bar = page.locator('portal-header .portal-header-bar');
    const colours = () => bar.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, text: getComputedStyle(el).color }));
    const light = await colours();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await colours()).background).not.toBe(light.background);
    const dark = await colours();
    expect(dark.text).not.toBe(light.text);
    // The environment strip keeps its colour in both themes.
    await expect(page.locator('portal-header .portal-header-env')).toHaveCSS('background-color', 'rgb(46, 107, 48)');
  });

  test('has no serious or critical axe violations with its menus open', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      if (scheme === 'light') await openSignedIn(page, 'admin');
      for (const menu of await page.locator('portal-header [data-bar] > [data-menu], portal-header [data-menu="bell"]').all()) {
        await menu.locator('button').first().click();
        await expect(menu.locator('[role="menu"]')).toBeVisible();
        const results = await axeOn(page, { coloursOnly: scheme === 'dark' }).include('portal-header').analyze();
        const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
        expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `${scheme}, menu open`).toEqual([]);
        await page.keyboard.press('Escape');
      }
      await page.locator('portal-header .portal-avatar-button').click();
      const results = await axeOn(page, { coloursOnly: scheme === 'dark' }).include('portal-header').analyze();
      const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), `${scheme}, avatar open`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });

  test('a menu works by keyboard on the real page', async ({ page }) => {
    await openSignedIn(page, 'tcadmin');
    const menu = page.locator('portal-header [data-menu="employee-tools"]');
    await menu.locator('button').focus();
    await page.keyboard.press('Enter');
    await expect(menu.locator('[role="menuitem"]').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.locator('[role="menuitem"]').last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu.locator('button')).toBeFocused();
    await expect(menu.locator('button')).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('<portal-header> on PFM screens (portal page)', () => {
  test('acknowledges changes with the orange asterisk (pm, seeded changes)', async ({ page }) => {
    const list = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/changes');
    await openSignedIn(page, 'pm', '/pfm/projects');
    const changes = (await (await list).json()) as { data: Array<{ parentApplicationRecordId: number }> };
    const parents = [...new Set(changes.data.map((change) => change.parentApplicationRecordId))];
    expect(parents.length).toBeGreaterThan(0);
    const header = page.locator('portal-header');
    await header.locator('.portal-changes > button').click();
    await expect(header.locator('.change-indicator')).toHaveCount(parents.length);
    const parent = parents[0] as number;
    const asterisk = header.locator(`.change-indicator[data-parent-record-id="${parent}"]`);
    await expect(asterisk).toHaveText('*');
    const remove = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/changes/remove');
    await asterisk.click();
    const sent = new URL((await remove).url());
    expect(sent.searchParams.get('ParentApplicationRecordId')).toBe(String(parent));
    await expect(asterisk).toHaveCount(0);
    // The server kept the acknowledgement: after a reload the asterisk stays gone.
    await page.reload();
    await expect(page.locator('portal-header .portal-avatar-button')).toBeVisible();
    await header.locator('.portal-changes > button').click();
    await expect(header.locator('.change-indicator')).toHaveCount(parents.length - 1);
  });

  test('shows the PFM bar with pinned projects and the project menu', async ({ page }) => {
    const pins = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/pfm/projects/GetProjectPins');
    const openItems = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/common/GetOpenItemsByEmployee');
    await openSignedIn(page, 'pm', '/pfm/projects');
    const pinned = (await (await pins).json()) as { data: unknown[] };
    const header = page.locator('portal-header');
    await expect(header.locator('[data-bar="pfm"]')).toBeVisible();
    await expect(header.locator('[data-menu="pins"] [data-entry]')).toHaveCount(pinned.data.length);
    // A project of the pm's from the seeded workflows' direct links.
    const items = (await (await openItems).json()) as { data: { openWorkflows: Array<{ directLink: string }> } };
    const projectId = new URL(items.data.openWorkflows[0]?.directLink ?? '/', 'https://x').searchParams.get('projectId');
    expect(projectId).toBeTruthy();
    const menuAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/pfm/projects/GetProjectMenuByProjectId');
    await page.goto(`/pfm/projects/commitments?projectId=${projectId}`);
    const project = ((await (await menuAnswer).json()) as { data: { number: string; name: string; isCM: boolean } }).data;
    await header.locator('[data-menu="project"] button').click();
    if (project.isCM) {
      await expect(header.locator('[data-menu="project"] [role="menuitem"]')).toHaveCount(1);
    } else {
      await expect(header.locator('[data-menu="project"] [data-project-name]')).toHaveAttribute('title', `${project.number} ${project.name}`);
      await expect(header.locator('[data-menu="project"] [role="menuitem"]').first()).toHaveText('Buyout & SRA');
    }
    await expect(header.locator('[data-menu="change-management"] button')).toHaveText('Change Management');
  });
});
