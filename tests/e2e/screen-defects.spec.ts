// The defects issue 11 found in the existing screens, end to end in both colour modes: readable
// menus, totals under their columns, accessible and uncut projection grid, readable workbench
// buttons, visible keyboard focus, project subtitles and the new initiating document's title.
// Read-only: nothing here changes the database.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openPortalAs } from './support/portal';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

const Q = 'projectId=1&budgetId=1';
const SCHEMES = ['light', 'dark'] as const;

/**
 * Serious and critical axe violations inside the shadow roots of `path` (outermost first). `colours`: only the rules
 * that read colours (a dark pass: the scheme changes colours, not the DOM the other rules read).
 */
async function seriousViolations(page: Page, path: [string, string, ...string[]], colours = false): Promise<string[]> {
  const results = await axeOn(page, { coloursOnly: colours }).include({ fromShadowDom: path }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`).join(' | ')}`);
}

/** WCAG contrast of an element's text against the first opaque background up its composed ancestors. */
function textContrastIn(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const parse = (text: string) => {
      const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(text);
      if (!m) throw new Error(`unknown colour ${text}`);
      return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] as const;
    };
    const parentOf = (el: Element): Element | null => el.parentElement ?? ((el.getRootNode() as ShadowRoot).host ?? null);
    let background: readonly number[] = [255, 255, 255, 1];
    for (let at: Element | null = element; at; at = parentOf(at)) {
      const colour = parse(getComputedStyle(at).backgroundColor);
      if (colour[3] >= 1) { background = colour; break; }
    }
    const [r, g, b, a] = parse(getComputedStyle(element).color);
    const text = [r * a + background[0]! * (1 - a), g * a + background[1]! * (1 - a), b * a + background[2]! * (1 - a)];
    const lum = (rgb: readonly number[]) => {
      const c = rgb.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const [hi, lo] = [lum(text), lum(background)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

test.describe('screen defects', () => {
  test('the bell and every header menu read in light and dark (pm: every item 4.5:1 or more)', async ({ page }) => {
    // Every menu in two schemes, an axe scan each: about 30 s alone, longer beside another worker.
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: 'light' });
    // A light PFM screen under the PFM bar: each axe scan also walks the page behind the header.
    await openPortalAs(page, 'pm', `/pfm/projects/owneragreements?${Q}`);
    const header = page.locator('portal-header');
    await expect(header.locator('.portal-bell-count')).not.toHaveText('0');
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      for (const menu of await header.locator('[data-menu]').all()) {
        const name = await menu.getAttribute('data-menu');
        await menu.locator('button').first().click();
        const items = menu.locator('[role="menu"] [role="menuitem"]');
        await expect(items.first()).toBeFocused();
        for (const item of await items.all()) {
          expect(await textContrastIn(item), `${colorScheme} ${name}: ${await item.textContent()}`).toBeGreaterThanOrEqual(4.5);
        }
        expect(await seriousViolations(page, ['portal-app', 'portal-header'], colorScheme === 'dark'), `${colorScheme} ${name}`).toEqual([]);
        await page.keyboard.press('Escape');
      }
      // The changes panel and the avatar popover.
      await header.getByRole('button', { name: /^Changes: / }).click();
      expect(await seriousViolations(page, ['portal-app', 'portal-header'], colorScheme === 'dark'), `${colorScheme} changes`).toEqual([]);
      await page.keyboard.press('Escape');
      await header.locator('.portal-avatar-button').click();
      expect(await seriousViolations(page, ['portal-app', 'portal-header'], colorScheme === 'dark'), `${colorScheme} avatar`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  });

  test('commitments: each total lies under its own column header, in every list; the project is named under the title', async ({ page }) => {
    await openPortalAs(page, 'pm', `/pfm/projects/commitments?${Q}`);
    const screen = page.locator('pfm-commitments');
    await expect(screen.locator('[data-screen-title] [data-subject="pfm-project"]')).toHaveText(/^24-1032 /);
    for (const kind of ['Subcontract', 'PurchaseAgreement', 'PurchaseOrder']) {
      const list = screen.locator(`[data-testid="list-${kind}"]`);
      await expect(list.locator('tfoot [data-total]')).toHaveCount(5);
      const placement = await list.evaluate((root) => {
        const headers = [...root.querySelectorAll('thead th')].map((th) => ({ text: th.textContent, box: th.getBoundingClientRect() }));
        const cells = [...root.querySelectorAll('tfoot tr > *')];
        return cells.map((cell, index) => {
          const box = cell.getBoundingClientRect();
          const header = headers[index]!;
          return { header: header.text, text: cell.textContent, inside: box.left >= header.box.left - 0.5 && box.right <= header.box.right + 0.5 };
        });
      });
      expect(placement.filter((p) => p.text).map((p) => p.header)).toEqual(['Number', 'Original', 'Approved changes', 'Current', 'Billed', 'Retainage']);
      expect(placement.filter((p) => !p.inside), kind).toEqual([]);
    }
  });

  test('owner agreements and buyout name their project under the title, as change management does', async ({ page }) => {
    await openPortalAs(page, 'pm', `/pfm/projects/owneragreements?${Q}`);
    await expect(page.locator('pfm-owner-agreements [data-screen-title] [data-subject="pfm-project"]')).toHaveText(/^24-1032 /);
    await page.goto(`/pfm/projects/buyout?${Q}`);
    await expect(page.locator('pfm-buyout [data-screen-title] [data-subject="pfm-project"]')).toHaveText(/^24-1032 /);
    await page.goto(`/pfm/projects/changemanagement?${Q}`);
    await expect(page.locator('pfm-change-management [data-screen-title] [data-subject="pfm-project"]')).toHaveText(/^24-1032 /);
  });

  for (const colorScheme of SCHEMES) {
    // Axe on the projection grid, in both schemes, is a11y.spec.ts's (every screen of the table).
    test(`projection grid in ${colorScheme}: footer totals and row buttons not cut`, async ({ page }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.emulateMedia({ colorScheme });
      await openPortalAs(page, 'pm', `/pfm/projects/projectiongrid?${Q}`);
      const grid = page.locator('pfm-projection-grid');
      await expect(grid.locator('.tabulator-row[role="row"] .pg-open').first()).toBeVisible();
      await expect(grid.locator('.tabulator-footer .tabulator-cell[tabulator-field="committed"]')).not.toBeEmpty();
      const cut = await grid.locator('.tabulator-footer .tabulator-calcs-holder .tabulator-cell[tabulator-field]').evaluateAll((cells) => cells
        .filter((cell) => cell.textContent && cell.scrollWidth > cell.clientWidth)
        .map((cell) => `${cell.getAttribute('tabulator-field')}: ${cell.textContent}`));
      expect(cut).toEqual([]);
      const clipped = await grid.locator('.tabulator-row .pg-open').evaluateAll((buttons) => buttons.filter((button) => {
        const cell = button.parentElement!.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        const style = getComputedStyle(button.parentElement!);
        const inner = { left: cell.left + parseFloat(style.borderLeftWidth), right: cell.right - parseFloat(style.borderRightWidth) };
        return box.left < inner.left - 0.5 || box.right > inner.right + 0.5 || button.scrollWidth > button.clientWidth;
      }).length);
      expect(clipped).toBe(0);
      if (colorScheme === 'light') await reviewShot(page, { path: '.tmp/screen-defects/projection-grid-light.png' });
      else await reviewShot(page, { path: '.tmp/screen-defects/projection-grid-dark.png' });
    });

    test(`change event workbench in ${colorScheme}: no serious or critical axe violations ('Add nested item' readable)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openPortalAs(page, 'pm', `/pfm/projects/changemanagement?${Q}&activeTab=change-events`);
      await page.locator('pfm-change-management [data-open="CE-001"]').click();
      const workbench = page.locator('wb-change-event');
      await expect(workbench.getByRole('button', { name: /^Add nested item under item / }).first()).toBeVisible();
      expect(await textContrastIn(workbench.getByRole('button', { name: /^Add nested item under item / }).first())).toBeGreaterThanOrEqual(4.5);
      expect(await seriousViolations(page, ['portal-app', 'pfm-workbench-host', 'wb-change-event'])).toEqual([]);
    });

    test(`the Advance button shows a visible focus ring by keyboard in ${colorScheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openPortalAs(page, 'pm', `/pfm/projects/changemanagement?${Q}&activeTab=change-events`);
      const screen = page.locator('pfm-change-management');
      const number = screen.locator('[data-open="CE-001"]');
      await number.focus();
      const advance = screen.getByRole('button', { name: 'Advance CE-001' });
      // Tab from the row's number to its Advance button, as a keyboard user does.
      for (let step = 0; step < 6 && !(await advance.evaluate((el) => el.matches(':focus'))); step++) await page.keyboard.press('Tab');
      await expect(advance).toBeFocused();
      const ring = await advance.evaluate((el) => {
        const style = getComputedStyle(el);
        return { visible: el.matches(':focus-visible'), style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
      });
      expect(ring.visible).toBe(true);
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.color).toBe(colorScheme === 'light' ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)');
    });
  }

  test("a new initiating document's workbench is titled as such, not 'Project 1'", async ({ page }) => {
    await openPortalAs(page, 'pm', `/pfm/projects/changemanagement?${Q}`);
    await page.locator('pfm-change-management').getByRole('button', { name: 'New initiating document' }).click();
    await expect(page.locator('wb-initiating-document form[data-workbench="new-initiating-document"]')).toBeVisible();
    await expect(page.locator('pfm-workbench-host .workbench-record-name')).toHaveText('New initiating document');
  });
});
