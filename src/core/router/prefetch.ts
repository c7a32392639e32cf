/**
 * A screen's first loads asked for as soon as its URL is known (issue 33, "fewer round trips"): the route's data goes
 * out beside the guard's role reload, before the screen's code and first render, and the screen's identical call takes
 * the answer (core/api `prefetchJson`). Only loads the server refuses anyway for a user who may not see them are asked
 * before the roles are known; once they are, a route the roles refuse is not prefetched. The tables name each screen's
 * load through its area's load shapes (src/core/<area>/loads.ts, which the screen asks with too), so the screen and its
 * prefetch cannot ask differently. Today: the projects list, SRA, User Management, App Records, the pay
 * applications list and a pay application's workbench.
 */
import { prefetchJson, type Query } from '../api';
import { attributeId } from '../attributes';
import { APP_RECORD_TYPES_PATH, NO_FILTERS, USERS_PATH, usersQuery } from '../admin/loads';
import { PAY_APPLICATION_LOAD_PATHS, PAY_APPLICATION_RECORD_KEY, payApplicationListQueries, payApplicationQuery } from '../pay-applications/loads';
import { screenScope } from '../scope';
import { PROJECTS_LIST_QUERIES, PROJECTS_PATH } from '../projects/loads';
import { SRAS_PATH } from '../risk/loads';
import { workbenchFromSearch } from '../workbench/search';
import { $guard, $router } from './index';
import type { Resolution } from './routes';

/** One GET a screen makes as it opens. */
export type ScreenLoad = readonly [path: string, query: Query];

/** An id attribute of the resolution (text, as the URL carried it) → a positive id or -1. */
const idOf = (text: string | undefined): number => attributeId(text === undefined || !/^\d{1,16}$/.test(text) ? undefined : Number(text));

/** A screen's loads by route name, from the attributes its element is opened with. */
const SCREEN_LOADS: Partial<Record<string, (attributes: Record<string, string>) => readonly ScreenLoad[]>> = {
  projects: () => PROJECTS_LIST_QUERIES.map((query) => [PROJECTS_PATH, query] as const),
  sra: () => [[SRAS_PATH, {}]],
  userManagement: () => [[USERS_PATH, usersQuery(NO_FILTERS)]],
  appRecords: () => [[APP_RECORD_TYPES_PATH, {}]],
  payapplications: (attributes) => {
    const scope = screenScope(idOf(attributes['project-id']), idOf(attributes['budget-id']));
    return scope ? payApplicationListQueries(scope).map((query) => [PAY_APPLICATION_LOAD_PATHS.list, query] as const) : [];
  },
};

/** A workbench's loads by kind, from the URL's record (an existing record only: a new one has nothing to load). */
const WORKBENCH_LOADS: Partial<Record<string, (recordKey: string, recordId: number) => readonly ScreenLoad[]>> = {
  [PAY_APPLICATION_RECORD_KEY]: (recordKey, recordId) =>
    recordKey.toLowerCase() === PAY_APPLICATION_RECORD_KEY.toLowerCase() && recordId > 0 ? [[PAY_APPLICATION_LOAD_PATHS.one, payApplicationQuery(recordId)]] : [],
};

/** The loads the URL's screen and workbench make as they open. */
export function screenLoads(resolution: Resolution, search: string | URLSearchParams): readonly ScreenLoad[] {
  if (resolution.kind !== 'screen') return [];
  const { workbench, recordKey, recordId } = workbenchFromSearch(search);
  return [...(SCREEN_LOADS[resolution.route.name]?.(resolution.attributes) ?? []), ...(WORKBENCH_LOADS[workbench]?.(recordKey, recordId) ?? [])];
}

/**
 * Prefetch each signed-in navigation's loads while the portal is mounted: at once when the roles are not known yet (the
 * server checks every call), else only where the roles allow the route. A load the previous navigation had too is not
 * asked again: its screen stays open (a workbench opened over a list, a tab changed) and does not load it again.
 * Returns the stop function.
 */
export function startPrefetch(): () => void {
  let askedFor: Resolution | null = null;
  let previous = new Set<string>();
  return $guard.subscribe(({ resolution, facts }) => {
    if (!facts.signedIn || askedFor === resolution || (facts.rolesLoaded && !facts.allowed)) return;
    askedFor = resolution;
    // The router's query, not the address bar's: the router is told first, the history entry follows.
    const search = new URLSearchParams($router.get()?.search ?? {});
    const loads = new Map(screenLoads(resolution, search).map((load) => [JSON.stringify(load), load]));
    for (const [key, [path, query]] of loads) if (!previous.has(key)) prefetchJson(path, query);
    previous = new Set(loads.keys());
  });
}
