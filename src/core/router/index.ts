/**
 * The portal's router is a store (STYLE.md): `$router` follows the URL (pushState, Back/Forward),
 * `$resolution` turns it into what to show, and `$guard` into what the main area shows after the guard (§5),
 * given the session and the roles. Links inside shadow roots are routed here too, because
 * @nanostores/router's own link listener cannot see through shadow roots (ARCHITECTURE.md pitfalls).
 * `<portal-app>` only renders the guard's view; `startGuard` performs what it implies (reload the roles on
 * every guarded navigation, leave for a redirect, a hand-off or a refusal).
 */
import { atom, computed, onMount, onNotify, type ReadableAtom } from 'nanostores';
import { createRouter } from '@nanostores/router';
import { $session } from '../auth';
import { getPageLoader } from '../define';
import { $environment, legacyHost } from '../env';
import { $roles, $rolesLoaded, $rolesStatus, refreshRoles } from '../roles';
import { FORBIDDEN_PATH, guardAllows, matchRoute, resolveLocation, ROUTES, routeByName, unprocessablePath, type Resolution } from './routes';

export * from './query';
export * from './routes';
export * from './same-origin';

/** Every route of the table plus a catch-all, so an unknown path still reaches the store (as Not Found). */
const ROUTER_CONFIG = {
  ...Object.fromEntries(ROUTES.map((route) => [route.name, typeof route.path === 'string' ? route.path : [route.path, () => ({})]])),
  notFound: [/^.*$/, () => ({})],
} as Parameters<typeof createRouter>[0];

export const $router = createRouter(ROUTER_CONFIG, { links: false });

/** What the current URL shows. */
// Also follows the page's settings: a hand-off goes to the legacy host the configuration document names, once read.
export const $resolution = computed([$router, $environment], (page): Resolution => {
  const path = page?.path ?? location.pathname;
  const search = new URLSearchParams(page?.search ?? {});
  return resolveLocation(path, search, { host: location.hostname, legacyOrigin: legacyHost() });
});

/** Paths the portal never routes in-page: the host's own resources. */
const NOT_PORTAL = /^\/(api|dist|demo|idp)(\/|$)/i;

/**
 * Go to a portal path (with query). Hand-off paths load the legacy page in full; others change the
 * screen without a page load. `replace` replaces the history entry (redirects).
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, location.origin);
  if (url.origin !== location.origin || NOT_PORTAL.test(url.pathname)) {
    location.assign(url.href);
    return;
  }
  const route = matchRoute(url.pathname);
  if (route?.kind === 'handoff') {
    const resolution = resolveLocation(url.pathname, url.searchParams, { host: location.hostname, legacyOrigin: legacyHost() });
    if (resolution.kind === 'handoff') location.assign(resolution.url);
    return;
  }
  $router.open(url.pathname + url.search + url.hash, options.replace);
}

/** The path of a named route (aliases resolved), with an optional query. */
export function routePath(name: string, query?: Record<string, string | number>): string {
  const route = routeByName(name);
  if (!route || typeof route.path !== 'string') throw new Error(`No route named '${name}' with a fixed path`);
  const search = query ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString() : '';
  return search ? `${route.path}?${search}` : route.path;
}

/** The anchor a click came from, looking through shadow roots (composedPath) rather than event.target. */
function clickedAnchor(event: MouseEvent): HTMLAnchorElement | undefined {
  for (const node of event.composedPath()) {
    if (node instanceof HTMLAnchorElement && node.hasAttribute('href')) return node;
  }
  return undefined;
}

/** Route same-origin link clicks (in the page or any shadow root) through {@link navigate}. */
export function handleLinkClick(event: MouseEvent): void {
  const link = clickedAnchor(event);
  if (
    !link ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.altKey || event.ctrlKey || event.metaKey || event.shiftKey ||
    (link.target && link.target !== '_self') ||
    link.hasAttribute('download') ||
    link.rel.split(/\s+/).includes('external') ||
    link.origin !== location.origin ||
    NOT_PORTAL.test(link.pathname)
  ) {
    return;
  }
  event.preventDefault();
  navigate(link.pathname + link.search + link.hash);
}

/**
 * §5: an admin-level screen drops projectId, budgetId and programId from the address bar too (its
 * element never gets them: resolveLocation strips them). Replaces the history entry, rest of the query kept.
 */
function stripAddressBar(): void {
  const route = matchRoute(location.pathname);
  if (route?.kind !== 'screen' || !route.stripQuery) return;
  void import('./strip').then(({ strippedAddress }) => {
    const to = strippedAddress(location.pathname, location.search, location.hash);
    if (to !== null) $router.open(to, true);
  });
}

onMount($router, () => {
  document.addEventListener('click', handleLinkClick);
  // After the store has taken the new page in (queued: not from inside its own notification).
  const unbind = onNotify($router, () => queueMicrotask(stripAddressBar));
  queueMicrotask(stripAddressBar);
  return () => {
    unbind();
    document.removeEventListener('click', handleLinkClick);
  };
});

// The guard (§5).

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
