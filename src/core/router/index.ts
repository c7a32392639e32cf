/**
 * The portal's router is a store (STYLE.md): `$router` follows the URL (pushState, Back/Forward),
 * `$resolution` turns it into what to show. Links inside shadow roots are routed here too, because
 * @nanostores/router's own link listener cannot see through shadow roots (ARCHITECTURE.md pitfalls).
 */
import { computed, onMount, onNotify } from 'nanostores';
import { createRouter } from '@nanostores/router';
import { $environment, legacyHost } from '../env';
import { matchRoute, resolveLocation, type Resolution } from './resolve';
import { ROUTES, routeByName } from './routes';

export * from './query';
export * from './routes';
export * from './resolve';
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
