/**
 * The guard's decision (§5) as a store: what the portal's main area shows for the current URL, given
 * the session and the roles. `<portal-app>` only renders it; `startGuard` performs what the decision
 * implies (reload the roles on every guarded navigation, leave for a redirect, a hand-off or a refusal).
 * Its own module, not re-exported by the router's index: it needs the session and the roles, which the
 * header's use of the router does not.
 */
import { atom, computed } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import { $session } from '../auth';
import { getPageLoader } from '../define';
import { $roles, $rolesLoaded, $rolesStatus, refreshRoles } from '../roles';
import { $resolution, navigate } from './index';
import { FORBIDDEN_PATH, guardAllows, unprocessablePath, type Resolution } from './resolve';

/** What the main area shows, after the guard. */
export type GuardView =
  | { kind: 'element'; tag: string; attributes: Record<string, string>; title: string; key: string }
  | { kind: 'waiting'; message: string }
  | { kind: 'signIn' }
  | { kind: 'rolesFailed' }
  | { kind: 'leaving' };

/** Tag for screens whose own issue has not delivered their element yet. */
export const NOT_AVAILABLE_TAG = 'portal-not-available';
export const CHECKING_ACCESS_TEXT = 'Checking your access…';

/** The facts the decision is made from. */
export interface GuardFacts {
  signedIn: boolean;
  signedOut: boolean;
  rolesLoaded: boolean;
  rolesFailed: boolean;
  allowed: boolean;
  /** The roles were reloaded for this navigation (a refusal waits for it). */
  fresh: boolean;
  /** The screen's element can be loaded on this page. */
  known: (tag: string) => boolean;
}

/** The decision: pure, so the table of cases is a unit test. */
export function guardView(resolution: Resolution, facts: GuardFacts): GuardView {
  if (resolution.kind === 'redirect' || resolution.kind === 'handoff') return { kind: 'leaving' };
  if (resolution.kind === 'notFound') return { kind: 'element', tag: resolution.tag, attributes: resolution.attributes, title: resolution.title, key: 'notFound' };
  const { route } = resolution;
  if (route.access) {
    // §5: the guard waits until roles have loaded.
    if (facts.signedOut) return { kind: 'signIn' };
    if (!facts.signedIn || !facts.rolesLoaded) return { kind: 'waiting', message: CHECKING_ACCESS_TEXT };
    // The load failed (§8: logged): the roles are unknown, so the guard neither opens nor refuses; Retry asks again.
    if (facts.rolesFailed && !facts.allowed) return { kind: 'rolesFailed' };
    // A refusal waits for this navigation's role reload: a role granted since sign-in opens the screen.
    if (!facts.allowed) return facts.fresh ? { kind: 'leaving' } : { kind: 'waiting', message: CHECKING_ACCESS_TEXT };
  }
  if (!facts.known(resolution.tag)) {
    // It gets the screen's attributes too, so what the screen would be opened with stays visible and testable.
    return { kind: 'element', tag: NOT_AVAILABLE_TAG, attributes: { ...resolution.attributes, screen: route.screen, tag: resolution.tag }, title: resolution.title, key: `na-${route.name}` };
  }
  return { kind: 'element', tag: resolution.tag, attributes: resolution.attributes, title: resolution.title, key: route.name };
}

const knownTag = (tag: string): boolean => getPageLoader()?.tags.includes(tag) ?? Boolean(customElements.get(tag));

/** The resolution whose roles were reloaded (issue 15: the guard refuses only with this navigation's roles). */
const $rolesCheckedFor = atom<Resolution | null>(null);

const isGuarded = (resolution: Resolution): boolean => resolution.kind === 'screen' && Boolean(resolution.route.access);

/** The facts and the decision, recomputed whenever the URL, the session or the roles change. */
export const $guard: ReadableAtom<{ resolution: Resolution; facts: GuardFacts; view: GuardView }> = computed(
  [$resolution, $session, $roles, $rolesLoaded, $rolesStatus, $rolesCheckedFor],
  (resolution, session, roles, rolesLoaded, rolesStatus, checkedFor) => {
    const facts: GuardFacts = {
      signedIn: session.status === 'signedIn',
      signedOut: session.status === 'signedOut' || session.status === 'error',
      rolesLoaded,
      rolesFailed: rolesStatus === 'failed',
      allowed: resolution.kind === 'screen' ? guardAllows(resolution.route, roles) : true,
      fresh: checkedFor === resolution,
      known: knownTag,
    };
    return { resolution, facts, view: guardView(resolution, facts) };
  },
);

/**
 * Act on the guard while the portal is mounted: every navigation to a guarded screen reloads the roles
 * (coalesced), so a role granted or revoked since sign-in counts now; redirects, hand-offs and refusals
 * leave the screen. Returns the stop function.
 */
export function startGuard(): () => void {
  let reloadedFor: Resolution | null = null;
  let leftFrom: Resolution | null = null;
  return $guard.subscribe(({ resolution, facts }) => {
    if (!facts.signedIn) reloadedFor = null;
    else if (isGuarded(resolution) && reloadedFor !== resolution) {
      reloadedFor = resolution;
      void refreshRoles().then(() => { if ($resolution.get() === resolution) $rolesCheckedFor.set(resolution); });
    }
    if (leftFrom === resolution) return;
    // By the time this runs the address bar holds the URL as typed: keep its query verbatim.
    if (resolution.kind === 'redirect' || resolution.kind === 'handoff') leftFrom = resolution;
    if (resolution.kind === 'redirect') navigate(unprocessablePath(location.pathname, location.search), { replace: true });
    else if (resolution.kind === 'handoff') location.assign(resolution.url);
    else if (isGuarded(resolution) && facts.signedIn && facts.rolesLoaded && !facts.rolesFailed && !facts.allowed && facts.fresh) {
      leftFrom = resolution;
      navigate(FORBIDDEN_PATH, { replace: true });
    }
  });
}
