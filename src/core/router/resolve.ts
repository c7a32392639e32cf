/**
 * From a URL to what the portal shows: a screen (with its element's attributes and title),
 * Not Found, a redirect to Can Not Proceed, or a full-page hand-off. Pure; the guard is separate.
 */
import { createRouter } from '@nanostores/router';
import { ACCESS, ruleAllows, type RoleEntry } from '../access';
import { MISSING_ID, QUERY_SCHEMAS, getParam, hasParam, parseIntParam, parseQuery } from './query';
import { ROUTES, type HandoffRoute, type RouteDef, type ScreenRoute } from './routes';

export const NOT_FOUND_TITLE = 'Not Found';
export const NOT_FOUND_TAG = 'portal-not-found';
export const FORBIDDEN_PATH = '/forbidden';
export const UNPROCESSABLE_PATH = '/UnprocessableEntity';

export type Resolution =
  | { kind: 'screen'; route: ScreenRoute; tag: string; attributes: Record<string, string>; title: string }
  | { kind: 'notFound'; tag: typeof NOT_FOUND_TAG; attributes: Record<string, string>; title: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'handoff'; route: HandoffRoute; url: string };

/** camelCase query name → kebab-case attribute name (projectId → project-id). */
export const toAttributeName = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** §2 titles: '{site} | {area} | {screen}'; Home is '{host}'; the outcome screens are their own name. */
export function pageTitle(route: ScreenRoute, host: string): string {
  if (route.name === 'home') return host;
  return route.area ? `${host} | ${route.area} | ${route.screen}` : route.screen;
}

/** The route patterns compiled by @nanostores/router, in table order (it matches case-insensitively). */
const compiled = createRouter(
  Object.fromEntries(ROUTES.map((route) => [route.name, typeof route.path === 'string' ? route.path : [route.path, () => ({})]])),
  { links: false },
).routes;

/** The route a path matches, tried in table order (case-insensitive, trailing slash ignored). */
export function matchRoute(pathname: string): RouteDef | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const hit = compiled.find(([, pattern]) => pattern.test(path));
  return hit ? ROUTES.find((route) => route.name === hit[0]) : undefined;
}

/** §5: entry is refused when projectId or budgetId parses below -1, or when both are missing. */
export function hasInvalidProjectOrBudget(search: URLSearchParams): boolean {
  const projectId = parseIntParam(getParam(search, 'projectId'));
  const budgetId = parseIntParam(getParam(search, 'budgetId'));
  if ((projectId !== undefined && projectId < MISSING_ID) || (budgetId !== undefined && budgetId < MISSING_ID)) return true;
  const missing = (name: string, value: number | undefined) => !hasParam(search, name) || value === undefined;
  return missing('projectId', projectId) && missing('budgetId', budgetId);
}

/** The legacy URL for a hand-off: the legacy host, the path, the query passed along, plus noRedirect=1 where §2 says so. */
export function handoffUrl(route: HandoffRoute, pathname: string, search: URLSearchParams, legacyOrigin: string): string {
  const query = new URLSearchParams(search);
  if (route.noRedirect) query.set('noRedirect', '1');
  const text = query.toString();
  return `${legacyOrigin.replace(/\/$/, '')}${pathname}${text ? `?${text}` : ''}`;
}

/**
 * Where an invalid entry goes: Can Not Proceed, keeping the path segments and the query (§5),
 * so the screen can say what was asked for. Pass the raw query to keep its encoding as typed.
 */
export function unprocessablePath(pathname: string, rawSearch: string): string {
  const query = rawSearch.replace(/^\?/, '');
  return `${UNPROCESSABLE_PATH}${pathname}${query ? `?${query}` : ''}`;
}

/** Resolve a URL (path and query) to what the portal shows. */
export function resolveLocation(pathname: string, search: URLSearchParams, context: { host: string; legacyOrigin: string }): Resolution {
  const route = matchRoute(pathname);
  if (!route) {
    return { kind: 'notFound', tag: NOT_FOUND_TAG, attributes: { path: pathname }, title: NOT_FOUND_TITLE };
  }
  if (route.kind === 'handoff') {
    return { kind: 'handoff', route, url: handoffUrl(route, pathname, search, context.legacyOrigin) };
  }
  if (route.requiresProjectOrBudget && hasInvalidProjectOrBudget(search)) {
    return { kind: 'redirect', to: unprocessablePath(pathname, search.toString()) };
  }
  const query = parseQuery(QUERY_SCHEMAS[route.query], search);
  for (const name of route.stripQuery ?? []) delete query[name];
  if (route.tabs && typeof query.activeTab === 'string' && !route.tabs.includes(query.activeTab)) {
    query.activeTab = route.tabs[0] ?? '';
  }
  const attributes: Record<string, string> = { ...route.attributes };
  for (const [name, value] of Object.entries(query)) attributes[toAttributeName(name)] = String(value);
  if (route.name === 'unprocessableEntity') {
    // Shown to the user as text, so decoded: 'recordKey=a b', not 'recordKey=a+b'.
    const rest = pathname.replace(/^\/UnprocessableEntity/i, '');
    const text = [...search].map(([name, value]) => `${name}=${value}`).join('&');
    attributes.path = `${rest || '/'}${text ? `?${text}` : ''}`;
  }
  return { kind: 'screen', route, tag: route.tag, attributes, title: pageTitle(route, context.host) };
}

/** Query-string names a screen's schema knows but the route strips (§5 admin-level screens). */
export function stripQuery(route: ScreenRoute, search: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(search);
  for (const name of route.stripQuery ?? []) for (const key of [...kept.keys()]) if (key.toLowerCase() === name.toLowerCase()) kept.delete(key);
  return kept;
}

/** §5 guard: routes without a role list are open; otherwise the user needs an allowed role of the route's key. */
export function guardAllows(route: ScreenRoute, roles: readonly RoleEntry[]): boolean {
  return !route.access || ruleAllows(roles, ACCESS[route.access]);
}
