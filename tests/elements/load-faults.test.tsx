// Issue 33 (the suite under 15 minutes): every screen's and workbench's LOAD faults, moved down from the e2e fault suite
// (tests/e2e/faults.spec.ts keeps one sentinel per fault kind through real sign-in, and every screen's WRITE faults).
// Each element of tests/elements/screen-table.ts, mounted alone as a legacy page embeds it, with `fetch` stubbed:
//   every /api/ GET meets connection reset → 500 → 503 with Retry-After → 409 → 403 in turn: each shows a message (an
//   alert in the element, or the portal's message box / toast) and a Retry, whose click sends the load again;
//   then a 401 (the token provider gives a new token silently; the load is sent again with it) and a held answer: the
//   progress indicator shows; released with the screen's minimal valid answer, no failure message is left;
//   no unhandled rejection and no console error beyond the failure's own log line.
import { expect } from 'chai';
import { setTokenProvider } from '../../src/core/api';
import { CURRENT_USER_PATH } from '../../src/core/auth/current-user';
import { APPLICATION_KEYS } from '../../src/core/access';
import { resetRoles, ROLE_ACCESS_PATH, setRoles } from '../../src/core/roles';
import { elementChunks } from '../../src/elements/chunks';
import { OVERLAYS_TAG } from '../../src/ui/element';
import { restoreFetch, sleep, stubFetch, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { ELEMENT_SCREENS, FAILURE_LOG, type ElementScreen } from './screen-table';
import { HELD_ONLY, happyAnswers } from './load-faults-support';

/** The faults that fail a load (the user gets a message and a Retry), in the order they are cycled. */
const FAILING = ['connection reset', '500', '503 with Retry-After', '409', '403'] as const;
type Failing = (typeof FAILING)[number];

/**
 * 503's Retry-After: longer than core/api waits out by itself (RETRY_AFTER_LIMIT_MS), so the 503 reaches the screen at
 * once and its message says when to try again (a short one is sent again once, tested in tests/unit/api-client).
 */
const RETRY_AFTER_SECONDS = '30';

/** The portal's own loads, done before a screen opens inside it: never faulted here, as in the e2e suite. */
const PORTAL_LOADS = new Set([ROLE_ACCESS_PATH, CURRENT_USER_PATH]);

const failureJson = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ statusCode: status, message }), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function faultResponse(fault: Failing | '401'): Response {
  switch (fault) {
    case 'connection reset': throw new TypeError('Failed to fetch');
    case '500': return failureJson(500, 'Internal Server Error');
    case '503 with Retry-After': return failureJson(503, 'Service Unavailable', { 'Retry-After': RETRY_AFTER_SECONDS });
    case '409': return failureJson(409, 'The record was changed by someone else.');
    case '403': return failureJson(403, 'Forbidden');
    case '401': return failureJson(401, 'Unauthorized');
  }
}

/** Every element under `root`, shadow roots included. */
function* deep(root: ParentNode): Generator<Element> {
  for (const el of root.querySelectorAll('*')) {
    yield el;
    if (el.shadowRoot) yield* deep(el.shadowRoot);
  }
}

const visible = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? true;

/** Where a screen shows that a load failed: an alert inside it, or the portal's message box / toast (as the e2e suite's `failureShown`). */
function failuresShown(element: Element): Element[] {
  const inside = [...deep(element.shadowRoot ?? element)].filter((el) => el.matches('[role="alert"], .alert-danger') && visible(el));
  const overlays = document.querySelector(OVERLAYS_TAG);
  const boxes = overlays?.shadowRoot ? [...deep(overlays.shadowRoot)].filter((el) => el.matches('[role="alertdialog"], .modal.show, .toast.show') && visible(el)) : [];
  return [...inside, ...boxes];
}

/** The screen's own Retry (not the failed-roles notice's). */
function retryButton(element: Element): HTMLButtonElement | undefined {
  return [...deep(element.shadowRoot ?? element)].find((el): el is HTMLButtonElement => el instanceof HTMLButtonElement
    && /^(Retry|Try again)\b/.test(el.textContent?.trim() ?? '') && el.getAttribute('data-action') !== 'retry-roles' && visible(el));
}

/** The progress indicator of a load in flight (`settled`: only a loading one, not any polite status line). */
function progressShown(element: Element, settled = false): boolean {
  const selector = settled ? '[aria-busy="true"], [data-state="loading"], .spinner-border' : '[role="status"], [aria-busy="true"], [data-state="loading"], .spinner-border';
  return [...deep(element.shadowRoot ?? element)].some((el) => el.matches(selector) && visible(el));
}

/** Close a message box a failure opened ('Request Failed', 'Signed Out'). */
function closeBox(): void {
  const overlays = document.querySelector(OVERLAYS_TAG)?.shadowRoot;
  if (!overlays) return;
  for (const modal of [...deep(overlays)].filter((el) => el.matches('.modal.show'))) {
    const button = [...modal.querySelectorAll('button')].find((b) => /^(Ok|Cancel|Close)$/.test(b.textContent?.trim() ?? ''));
    button?.click();
  }
}

/** `read`, polled until truthy; on time-out a failure naming the screen and what was expected. */
async function until<T>(screen: ElementScreen, what: string, read: () => T | null | undefined | false, timeout = 5_000): Promise<T> {
  try {
    return await waitFor(read, timeout);
  } catch {
    throw new Error(`${screen.name} <${screen.tag}>: ${what}`);
  }
}

/** Every role of every application: a screen shows all it offers (the server checks every call anyway). */
const EVERY_ROLE = APPLICATION_KEYS.flatMap((applicationKey) => ['Admin', 'Project Manager', 'Default', 'Timecard Admin'].map((name) => ({ applicationKey, name })));

describe('load faults: every screen and workbench, alone on the page with a stubbed fetch', () => {
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

  for (const screen of ELEMENT_SCREENS) {
    it(`${screen.name} <${screen.tag}>: every load fault is shown with a Retry that loads again; 401 renewed silently; a slow load shows progress`, async () => {
      setRoles(EVERY_ROLE);
      // The token the page holds: a 401 makes the client ask for a new one (forceRefresh), silently.
      let token = 'stale';
      setTokenProvider(async (_resource, options) => {
        if (options?.forceRefresh) token = 'fresh';
        return token;
      });
      let armed: { kind: 'fail'; fault: Failing } | { kind: 'slow' } | null = null;
      let faulted = 0;
      const refused401: string[] = [];
      const held: Array<() => void> = [];
      // The happy answers (recorded as stubFetch records them; any other path answers `{ data: [] }`), under the faults.
      stubFetch(new Proxy(happyAnswers(screen), { get: (answers, path: string) => answers[path] ?? { body: { data: [] } } }));
      const answer = window.fetch;
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input instanceof Request ? input.url : input), location.origin);
        const method = (init?.method ?? 'GET').toUpperCase();
        if (method !== 'GET' || !armed || !url.pathname.startsWith('/api/') || PORTAL_LOADS.has(url.pathname)) return answer(input, init);
        faulted += 1;
        if (armed.kind === 'fail') return faultResponse(armed.fault);
        // First a 401 on the page's old token (the client must renew it and send the call again), then a held answer.
        if (new Headers(init?.headers).get('Authorization') !== 'Bearer fresh') {
          refused401.push(url.pathname);
          return faultResponse('401');
        }
        await new Promise<void>((resolve) => held.push(resolve));
        return answer(input, init);
      };

      await elementChunks[screen.tag]!();
      const element = document.createElement(screen.tag);
      for (const [name, value] of Object.entries(screen.attributes ?? {})) element.setAttribute(name, value);

      if (screen.noOwnLoad) {
        armed = { kind: 'fail', fault: '500' };
        document.body.append(element);
        await until(screen, 'renders', () => (element.shadowRoot?.textContent ?? '').trim());
        await sleep(50);
        expect(errors, 'no unhandled rejections or console errors beyond the failure log').to.deep.equal([]);
        return;
      }

      for (const [index, fault] of FAILING.entries()) {
        const before = faulted;
        armed = { kind: 'fail', fault };
        if (index === 0) document.body.append(element);
        else (await until(screen, `${FAILING[index - 1]}: the message offers a Retry`, () => retryButton(element))).click();
        await until(screen, `${fault}: the screen's load is sent${index ? ' again' : ''}`, () => faulted > before, index === 0 ? 10_000 : 5_000);
        await until(screen, `${fault}: a message says what failed`, () => failuresShown(element).length > 0);
        await until(screen, `${fault}: the message offers a Retry`, () => retryButton(element));
        closeBox();
      }

      // Retry with the fault removed: 401 first (renewed silently), then a held answer: progress shows, then the data.
      armed = { kind: 'slow' };
      retryButton(element)!.click();
      await until(screen, 'the retried load is sent again with a new token after the 401', () => held.length > 0);
      expect(refused401.length, 'the 401 was met').to.be.greaterThan(0);
      await until(screen, 'a progress indicator while the load is held', () => progressShown(element));
      armed = null;
      // A screen whose answer is not faked here: its own element test renders it (tests/elements/load-faults-support.ts).
      if (HELD_ONLY.has(screen.tag)) {
        expect(errors, 'no unhandled rejections or console errors beyond the failure log').to.deep.equal([]);
        return;
      }
      for (const release of held.splice(0)) release();
      await until(screen, 'released: no failure message left, no progress indicator', () => failuresShown(element).length === 0 && !progressShown(element, true))
        .catch((error: Error) => {
          throw new Error(`${error.message} (showing: ${failuresShown(element).map((el) => `"${el.textContent}"`).join(', ') || 'no failure'}; progress: ${[...deep(element.shadowRoot ?? element)].filter((el) => el.matches('[aria-busy="true"], [data-state="loading"], .spinner-border') && visible(el)).map((el) => el.outerHTML.slice(0, 120)).join(' | ')}; held: ${held.length})`);
        });
      // A load the answer starts (a second panel) settles too.
      await sleep(50);
      expect(failuresShown(element).map((el) => el.textContent), 'no failure message after the recovery').to.deep.equal([]);
      expect(errors, 'no unhandled rejections or console errors beyond the failure log').to.deep.equal([]);
    });
  }
});
