/**
 * Keyboard only (issue 16, WCAG 2.1.1): each screen's main task done with Tab, Enter and Escape, never the mouse.
 * The a11y suite calls {@link keyboardTask} on every entry of the screens table once it has loaded:
 * - a list screen opens its first record (a workbench opens with focus in it; Escape gives focus back), or follows
 *   its first record's link;
 * - a workbench with a form types into its first text field and saves (the write is sent; it is answered 503 so the
 *   seed stays as other specs expect it, and the typed value is kept);
 * - a workbench with the shared Change state menu opens it (focus on its first target; Escape closes it and gives
 *   focus back);
 * - other screens name their task in the table (`keyboard` of tests/e2e/support/screens.ts).
 * Every control the Tab key passes on the way shows a focus ring and has a name.
 */
import { stripVTControlCharacters } from 'node:util';
import { expect, type ElementHandle, type Locator, type Page, type Route } from '@playwright/test';
import { screenElement, type ScreenCase } from './screens';

/** One step of a keyboard task: Tab (or Shift+Tab) to a control, then optionally type into it. */
export interface KeyStep {
  /** The control to reach (a selector inside the screen's element). */
  to: string;
  /** Typed into it once reached (a text field, or a select's first letters). */
  type?: string;
  /** Reach it with Shift+Tab (a control before the focus, e.g. a toolbar's Save above a grid). */
  back?: boolean;
  /** A key pressed on it before the next step (e.g. Enter to pick a search result). */
  press?: string;
}

/** A screen's main task by keyboard: its steps in order, then `key` on the control reached last. */
export interface KeyboardTask {
  /** What it does, for messages. */
  name: string;
  steps: KeyStep[];
  /** Key that acts on the control reached last (default Enter). */
  key?: 'Enter' | 'Space' | 'ArrowRight' | 'Escape';
  /**
   * What must follow: 'workbench' a workbench opens with focus in it (Escape closes it and gives focus back);
   * 'write' a write is sent; 'menu' a menu opens with focus in it (Escape closes it and gives focus back);
   * 'navigate' the address changes; 'download' a file is downloaded; 'shows' the `shows` selector is visible;
   * 'closes' the workbench closes.
   */
  expect: 'workbench' | 'write' | 'menu' | 'navigate' | 'download' | 'shows' | 'closes';
  shows?: string;
}

/** A screen has reached its control by Tab within this many presses, or its keyboard path is too long to use. */
const MAX_TABS = 60;

interface Stop { name: string; ring: boolean; tag: string }

/** Where keyboard focus is (through shadow roots): whether it is `target`, and how it looks. */
function focusIs(page: Page, target: ElementHandle | null): Promise<{ hit: boolean; stop: Stop | null }> {
  return page.evaluate((el) => {
    let at: Element | null = document.activeElement;
    while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
    if (!at || at === document.body) return { hit: false, stop: null };
    // Tab inside one control (a date input's month, day and year) is not a new stop.
    const seen = globalThis as unknown as { lastKeyboardStop?: Element };
    if (seen.lastKeyboardStop === at) return { hit: !!el && (at === el || el.contains(at)), stop: null };
    seen.lastKeyboardStop = at;
    const style = getComputedStyle(at);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '');
    const labelled = at.getAttribute('aria-labelledby');
    const root = at.getRootNode() as Document | ShadowRoot;
    const labels = (at as HTMLInputElement).labels;
    const name = (at.getAttribute('aria-label') ?? '').trim()
      || (labelled ? labelled.split(/\s+/).map((id) => root.getElementById?.(id)?.textContent ?? '').join(' ').trim() : '')
      || (labels?.length ? [...labels].map((l) => l.textContent ?? '').join(' ').trim() : '')
      || (at.textContent ?? '').trim() || (at.getAttribute('title') ?? '').trim() || (at.getAttribute('placeholder') ?? '').trim()
      || ((at as HTMLInputElement).type === 'submit' || (at as HTMLInputElement).type === 'button' ? (at as HTMLInputElement).value : '');
    return { hit: !!el && (at === el || el.contains(at)), stop: { name: name.slice(0, 60), ring, tag: at.localName } };
  }, target);
}

/**
 * Press Tab (Shift+Tab when `back`) until `target` has focus. Every stop on the way must show a focus ring and have a
 * name (problems are pushed to `problems`). False when `target` is not reached within {@link MAX_TABS} presses.
 */
async function tabTo(page: Page, target: Locator, problems: string[], label: string, back = false): Promise<boolean> {
  // A control that shows after the step before (a search's results) may take a moment.
  await target.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  if (!await target.count()) {
    problems.push(`${label}: not on the screen`);
    return false;
  }
  const handle = await target.elementHandle();
  for (let i = 0; i < MAX_TABS; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const { hit, stop } = await focusIs(page, handle);
    if (stop && !stop.ring) problems.push(`${label}: tab stop ${i + 1} (${stop.tag} "${stop.name}") shows no focus ring`);
    if (stop && !stop.name) problems.push(`${label}: tab stop ${i + 1} (${stop.tag}) has no name`);
    if (hit) return true;
  }
  problems.push(`${label}: not reached within ${MAX_TABS} ${back ? 'Shift+Tab' : 'Tab'} presses`);
  return false;
}

/** The text fields of a workbench form that the keyboard types into. */
const TEXT_FIELD = 'textarea:enabled:not([readonly]), input[type="text"]:enabled:not([readonly])';

/** The main task of `screen` by its kind, when the table does not name one (null: nothing to do by default). */
async function defaultTask(screen: ScreenCase, element: Locator): Promise<KeyboardTask | null> {
  const visible = (selector: string) => element.locator(selector).filter({ visible: true });
  if (screen.kind === 'workbench') {
    if (await visible('[data-save]:enabled').count() && await visible(TEXT_FIELD).count()) {
      return { name: 'type and save', steps: [{ to: TEXT_FIELD, type: ' (typed by keyboard)' }, { to: '[data-save]' }], expect: 'write' };
    }
    const menu = visible('[data-state-menu]:enabled');
    if (await menu.count()) return { name: 'open the state menu', steps: [{ to: '[data-state-menu]' }], expect: 'menu' };
    // A read-only workbench: read, then closed with Escape.
    return { name: 'read it and close it', steps: [], key: 'Escape', expect: 'closes' };
  }
  const opener = visible('[data-open]');
  if (await opener.count()) {
    const link = await opener.first().evaluate((el) => el.localName === 'a');
    return { name: link ? 'follow the first record' : 'open the first record', steps: [{ to: '[data-open]' }], expect: link ? 'navigate' : 'workbench' };
  }
  return null;
}

/** Answer writes with 503 while the task runs: the keyboard sends them, the seed stays as other specs expect it. */
async function refuseWrites(page: Page, sent: { count: number }): Promise<() => Promise<void>> {
  const handler = (route: Route) => {
    if (route.request().method() === 'GET') return route.fallback();
    sent.count += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', headers: { 'Retry-After': '1' }, body: JSON.stringify({ statusCode: 503, message: 'Service Unavailable' }) });
  };
  await page.route('**/api/**', handler);
  return () => page.unroute('**/api/**', handler);
}

/** Where focus is (through shadow roots), for a failure's message: the element's tag, its data attributes and its text. */
function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    let at: Element | null = document.activeElement;
    while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
    if (!at) return 'nothing';
    const data = [...at.attributes].filter((a) => a.name.startsWith('data-') || a.name === 'aria-label').map((a) => `${a.name}="${a.value}"`).join(' ');
    return `<${at.localName}${data ? ` ${data}` : ''}> "${(at.textContent ?? '').trim().slice(0, 40)}"${at.isConnected ? '' : ' (detached)'}`;
  });
}

/** True when focus (through shadow roots) is inside `container`. */
function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((box) => {
    let at: Element | null = document.activeElement;
    while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement;
    for (; at; at = at.parentElement ?? ((at.getRootNode() as ShadowRoot).host ?? null)) if (at === box) return true;
    return false;
  });
}

/**
 * Do `screen`'s main task by keyboard only, on the loaded screen. Answers the problems found (empty when the
 * task worked), and the task's name (null when the screen has no task of its kind).
 */
export async function keyboardTask(page: Page, screen: ScreenCase): Promise<{ task: string | null; problems: string[] }> {
  const element = screenElement(page, screen);
  const task = screen.keyboard ?? await defaultTask(screen, element);
  if (!task) return { task: null, problems: [] };
  const label = `${screen.name} (${task.name})`;
  const problems: string[] = [];
  const at = (selector: string) => element.locator(selector).filter({ visible: true }).first();

  // Start where a keyboard user starts: in a workbench, its panel (it takes focus when it opens); on a portal screen,
  // the main region the skip link goes to; on a legacy page, the top of the page.
  const panel = page.locator('.workbench-panel').filter({ visible: true });
  if (screen.kind === 'workbench' && await panel.count()) await panel.first().focus();
  else if (await page.locator('#portal-main').count()) await page.locator('#portal-main').focus();
  else await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  // Each task judges its own tab stops: forget the last one of the task before.
  await page.evaluate(() => { delete (globalThis as unknown as { lastKeyboardStop?: Element }).lastKeyboardStop; });
  const sent = { count: 0 };
  const release = await refuseWrites(page, sent);
  const before = page.url();
  const typed: Array<{ field: ElementHandle; original: string; value: string }> = [];
  try {
    let last: Locator | null = null;
    for (const step of task.steps) {
      last = at(step.to);
      if (!await tabTo(page, last, problems, `${label}, to ${step.to}`, step.back)) return { task: task.name, problems };
      if (step.type === undefined) {
        if (step.press) await page.keyboard.press(step.press);
        continue;
      }
      // A text field's typed value is checked after a refusal and put back after the task (not a select, a date or a grid cell).
      const text = await last.evaluate((el) => el.localName === 'textarea' || (el.localName === 'input' && (el as HTMLInputElement).type !== 'date'));
      const original = text ? await last.inputValue() : '';
      if (text) await page.keyboard.press('End');
      await page.keyboard.type(step.type);
      // Held by element: a roving tab stop (a timecard cell) moves on, and the locator with it.
      if (text) typed.push({ field: (await last.elementHandle())!, original, value: `${original}${step.type}` });
      if (step.press) await page.keyboard.press(step.press);
    }
    const download = task.expect === 'download' ? page.waitForEvent('download', { timeout: 5_000 }) : null;
    await page.keyboard.press(task.key ?? 'Enter');
    switch (task.expect) {
      case 'workbench':
        await expect(panel, `${label}: a workbench opens`).toHaveCount(1);
        await expect(panel, `${label}: the workbench has focus`).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(panel, `${label}: Escape closes the workbench`).toHaveCount(0);
        await expect(last!, `${label}: focus is given back to the opener`).toBeFocused();
        break;
      case 'write': {
        await expect.poll(() => sent.count, { message: `${label}: the keyboard sends the write` }).toBeGreaterThan(0);
        // The refusal is said (in the screen, or in a message box that closes with the keyboard); what was typed is kept.
        const box = page.locator('.modal.show').filter({ visible: true });
        const said = element.locator('[role="alert"], .alert-danger, .alert-warning').filter({ visible: true }).or(box).or(page.locator('.toast.show'));
        await expect(said.first(), `${label}: the refusal is said`).toBeVisible();
        if (await box.count()) {
          await page.keyboard.press('Escape');
          await expect(box, `${label}: Escape closes the message`).toHaveCount(0);
        }
        // Fields still shown keep what was typed (a search box gives way to its pick).
        for (const { field, value } of typed) {
          if (await field.evaluate((el) => el.isConnected)) {
            await expect.poll(() => field.evaluate((el) => (el as HTMLInputElement).value), { message: `${label}: the typed value is kept after the refusal` }).toBe(value);
          }
        }
        break;
      }
      case 'menu': {
        const menu = element.getByRole('menu').filter({ visible: true });
        await expect(menu, `${label}: the menu opens`).toHaveCount(1);
        await expect.poll(() => focusInside(menu), { message: `${label}: focus moves into the menu` }).toBe(true);
        await page.keyboard.press('Escape');
        await expect(menu, `${label}: Escape closes the menu`).toHaveCount(0);
        await expect(last!, `${label}: focus is given back to the menu button`).toBeFocused()
          .catch(async (error: Error) => { throw new Error(`${error.message} | focus is on ${await focusedDescription(page)}`); });
        break;
      }
      case 'navigate':
        await expect.poll(() => page.url(), { message: `${label}: Enter follows the link` }).not.toBe(before);
        break;
      case 'download':
        await download;
        break;
      case 'closes':
        await expect(panel, `${label}: the workbench closes`).toHaveCount(0);
        break;
      case 'shows':
        await expect(at(task.shows!), `${label}: ${task.shows} shows`).toBeVisible();
        break;
    }
  } catch (error) {
    problems.push(`${label}: ${stripVTControlCharacters((error as Error).message).split('\n').filter((line) => /^\s*(Expected|Received)|\w/.test(line)).slice(0, 6).join(' | ')}`);
  } finally {
    await release();
    for (const { field, original } of typed) await field.fill(original, { timeout: 2_000 }).catch(() => undefined);
    for (const { field } of typed) await field.dispose();
  }
  return { task: task.name, problems };
}
