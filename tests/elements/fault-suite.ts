/**
 * What the element fault suites share (tests/elements/load-faults.test.tsx and write-faults.test.tsx): the faults and
 * their answers, the page hooks that collect unhandled rejections and console errors, and finding things through shadow
 * roots as the e2e suite's locators do.
 */
import { APPLICATION_KEYS } from '../../src/core/access';
import { resetRoles } from '../../src/core/roles';
import { OVERLAYS_TAG } from '../../src/ui/element';
import { restoreFetch, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { FAILURE_LOG, type ElementScreen } from './screen-table';

/** The faults a write meets, in the order they are cycled: the failing ones, a 401 whose renewed retry fails too, a held write answered 500. */
export const WRITE_FAULTS = ['connection reset', '500', '503 with Retry-After', '409', '403', '401', 'held'] as const;
export type WriteFault = (typeof WRITE_FAULTS)[number];

const failureJson = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ statusCode: status, message }), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The answer of a fault (a connection reset throws, as fetch does). */
export function faultResponse(fault: Exclude<WriteFault, 'held'>): Response {
  switch (fault) {
    case 'connection reset': throw new TypeError('Failed to fetch');
    case '500': return failureJson(500, 'Internal Server Error');
    case '503 with Retry-After': return failureJson(503, 'Service Unavailable', { 'Retry-After': '30' });
    case '409': return failureJson(409, 'The record was changed by someone else.');
    case '403': return failureJson(403, 'Forbidden');
    case '401': return failureJson(401, 'Unauthorized');
  }
}

/** Every role of every application: a screen shows every write it offers (the server checks every call anyway). */
export const EVERY_ROLE = APPLICATION_KEYS.flatMap((applicationKey) => ['Admin', 'Project Manager', 'Default', 'Timecard Admin', 'RPM'].map((name) => ({ applicationKey, name })));

/**
 * The page of a fault suite: signed in as admin, roles and address reset after each test, `fetch` restored; the
 * errors it collects (each test's own): unhandled promise rejections and console errors beyond the failure's own log
 * line (FAILURE_LOG).
 */
export function useFaultSuitePage(): string[] {
  const errors: string[] = [];
  const consoleError = console.error;
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as unknown;
    errors.push(`unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  };
  useElementTestPage({ login: 'admin', after: () => { resetRoles(); history.replaceState(null, '', location.pathname); } });
  beforeEach(() => {
    errors.length = 0;
    console.error = (...args: unknown[]) => {
      const text = args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}${arg.cause instanceof Error ? ` (${arg.cause.message})` : ''}` : String(arg))).join(' ');
      if (!FAILURE_LOG.test(text)) errors.push(`console: ${text}`);
    };
    window.addEventListener('unhandledrejection', onRejection);
  });
  afterEach(() => {
    console.error = consoleError;
    window.removeEventListener('unhandledrejection', onRejection);
    restoreFetch();
  });
  return errors;
}

/** Every element under `root`, shadow roots included. */
export function* deep(root: ParentNode): Generator<Element> {
  for (const el of root.querySelectorAll('*')) {
    yield el;
    if (el.shadowRoot) yield* deep(el.shadowRoot);
  }
}

export const visible = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? true;

/** The roots to search under `host`: its shadow root (or itself) and every shadow root inside. */
function roots(host: Element | Document): ParentNode[] {
  const first: ParentNode = host instanceof Element ? host.shadowRoot ?? host : host;
  return [first, ...[...deep(first)].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))];
}

/** Every visible match of `selector` inside `host`, through shadow roots (as a Playwright locator pierces them). */
export function allVisible(host: Element | Document, selector: string): HTMLElement[] {
  return roots(host).flatMap((root) => [...root.querySelectorAll<HTMLElement>(selector)]).filter(visible);
}

/** The first visible match of `selector` inside `host`. */
export const firstVisible = (host: Element | Document, selector: string): HTMLElement | undefined => allVisible(host, selector)[0];

/** The page's overlays (message boxes, toasts). */
const overlays = (): Element | null => document.querySelector(OVERLAYS_TAG);

/** Where a screen shows that something failed: an alert or a message box inside it, or the portal's message box / toast (the e2e `failureShown`). */
export function failuresShown(element: Element): HTMLElement[] {
  const inside = allVisible(element, '[role="alert"], .alert-danger, [role="alertdialog"], .modal.show, .toast.show');
  const host = overlays();
  return [...inside, ...(host ? allVisible(host, '[role="alertdialog"], .modal.show, .toast.show') : [])];
}

/** The open message boxes (the page's and the screen's). */
export function boxesShown(element: Element): HTMLElement[] {
  const host = overlays();
  return [...(host ? allVisible(host, '.modal.show') : []), ...allVisible(element, '.modal.show')];
}

/** Close a message box a failure opened ('Request Failed', 'Signed Out'). */
export function closeBox(element: Element): void {
  for (const box of boxesShown(element)) {
    const button = [...box.querySelectorAll('button')].find((b) => /^(Ok|Cancel|Close)$/.test(b.textContent?.trim() ?? ''));
    button?.click();
  }
}

/** The progress indicator of something in flight. */
export function progressShown(element: Element, settled = false): boolean {
  return allVisible(element, settled ? '[aria-busy="true"], [data-state="loading"], .spinner-border' : '[role="status"], [aria-busy="true"], [data-state="loading"], .spinner-border').length > 0;
}

/** `read`, polled until truthy; on time-out a failure naming the screen and what was expected. */
export async function until<T>(screen: ElementScreen, what: string, read: () => T | null | undefined | false, timeout = 5_000): Promise<T> {
  try {
    return await waitFor(read, timeout);
  } catch {
    throw new Error(`${screen.name} <${screen.tag}>: ${what}`);
  }
}
