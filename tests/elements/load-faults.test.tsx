// Issue 33 (the suite under 15 minutes): every screen's and workbench's LOAD faults, moved down from the e2e fault suite
// (tests/e2e/faults.spec.ts keeps one sentinel per fault kind through real sign-in; the WRITE faults are
// tests/elements/write-faults.test.tsx).
// Each element of tests/elements/screen-table.ts, mounted alone as a legacy page embeds it, with `fetch` stubbed:
//   every /api/ GET meets connection reset → 500 → 503 with Retry-After → 409 → 403 in turn: each shows a message (an
//   alert in the element, or the portal's message box / toast) and a Retry, whose click sends the load again;
//   then a 401 (the token provider gives a new token silently; the load is sent again with it) and a held answer: the
//   progress indicator shows; released with the screen's minimal valid answer, no failure message is left;
//   no unhandled rejection and no console error beyond the failure's own log line.
import { expect } from 'chai';
import { setTokenProvider } from '../../src/core/api';
import { CURRENT_USER_PATH } from '../../src/core/auth/current-user';
import { ROLE_ACCESS_PATH, setRoles } from '../../src/core/roles';
import { elementChunks } from '../../src/elements/chunks';
import { sleep, stubFetch } from '../support/browser';
import { closeBox, deep, EVERY_ROLE, failuresShown, faultResponse, progressShown, until, useFaultSuitePage, visible } from './fault-suite';
import { ELEMENT_SCREENS } from './screen-table';
import { HELD_ONLY, happyAnswers } from './load-faults-support';

/** The faults that fail a load (the user gets a message and a Retry), in the order they are cycled. */
const FAILING = ['connection reset', '500', '503 with Retry-After', '409', '403'] as const;
type Failing = (typeof FAILING)[number];

/** The portal's own loads, done before a screen opens inside it: never faulted here, as in the e2e suite. */
const PORTAL_LOADS = new Set([ROLE_ACCESS_PATH, CURRENT_USER_PATH]);

/** The screen's own Retry (not the failed-roles notice's). */
function retryButton(element: Element): HTMLButtonElement | undefined {
  return [...deep(element.shadowRoot ?? element)].find((el): el is HTMLButtonElement => el instanceof HTMLButtonElement
    && /^(Retry|Try again)\b/.test(el.textContent?.trim() ?? '') && el.getAttribute('data-action') !== 'retry-roles' && visible(el));
}

describe('load faults: every screen and workbench, alone on the page with a stubbed fetch', () => {
  const errors = useFaultSuitePage();

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
        closeBox(element);
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
