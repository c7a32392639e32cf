/**
 * The signed-in employee (GetCurrentUser), loaded once per signed-in account and shared by every screen of the page:
 * the header's avatar and the screens that ask "is this me?" (the timecard, a survey) read the one answer. A failed
 * load is not kept (the next caller asks again); another account signing in starts over.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getJson } from '../api';
import { pageSingleton } from '../singleton';
import { $session } from './session';

export const CURRENT_USER_PATH = '/api/employees/GetCurrentUser';

interface CurrentUserCache {
  /** The login the answer is for. */
  login: string | null;
  pending: Promise<unknown> | null;
  $answer: ReturnType<typeof atom<unknown>>;
}

const cache = (): CurrentUserCache => pageSingleton('current-user', () => {
  const state: CurrentUserCache = { login: null, pending: null, $answer: atom<unknown>(null) };
  // Another account (or none): what was loaded is someone else's.
  $session.subscribe((session) => {
    const login = session.account?.login ?? null;
    if (login !== state.login) {
      state.login = login;
      state.pending = null;
      state.$answer.set(null);
    }
  });
  return state;
});

/** GetCurrentUser's answer for the signed-in account, null until it has loaded. */
export const $currentUser: ReadableAtom<unknown> = cache().$answer;

/**
 * The signed-in account's GetCurrentUser answer: loaded at most once per account (callers share one request); a
 * caller's `signal` stops only its own wait, never the shared load.
 */
export function loadCurrentUser(signal?: AbortSignal): Promise<unknown> {
  const state = cache();
  if (!state.pending) {
    const load = getJson<unknown>(CURRENT_USER_PATH).then((answer) => {
      if (state.pending === load) state.$answer.set(answer);
      return answer;
    }, (error: unknown) => {
      if (state.pending === load) state.pending = null;
      throw error;
    });
    state.pending = load;
  }
  const shared = state.pending;
  if (!signal) return shared;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    shared.then(resolve, reject);
  });
}

/** The signed-in employee's id (null when the answer has none). */
export async function currentEmployeeId(signal?: AbortSignal): Promise<number | null> {
  const answer = (await loadCurrentUser(signal)) as { employeeId?: unknown } | null;
  return typeof answer?.employeeId === 'number' ? answer.employeeId : null;
}

/** Forget the loaded answer (tests: a new page's state). */
export function resetCurrentUser(): void {
  const state = cache();
  state.pending = null;
  state.$answer.set(null);
}
