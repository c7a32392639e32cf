/**
 * The role × endpoint matrix's table (issue 15, tests/api/route-matrix.test.ts): ONE sample per route
 * of demo/host/api/routes.ts. The matrix fails when a route has no sample, when a caller without the
 * route's access is not refused (403), and when a project-scoped route lets the pm into a project
 * outside his team (SEED_TEAM_FACTS.pmHiddenProjectIds in demo/host/db/seed/teams.ts).
 *
 * Each area keeps its samples in its own file of this folder (pfm.ts, toolbox.ts, admin.ts, billing.ts,
 * …), listed in index.ts.
 */
import type Database from 'better-sqlite3';

export type SampleParams = Record<string, string | number>;

export interface RouteSample {
  method: 'GET' | 'POST' | 'DELETE';
  /** Exactly as in API_ROUTES. */
  path: string;
  /**
   * 'project': the call reads or changes one project's data (or a record of one): the pm calling it
   *   with `params` (naming a hidden project or a record of one) gets `expect`.
   * 'none': not project data (session, lookups of reference data, admin, billing, …); `why` says so.
   */
  team: 'project' | 'none';
  /** For 'project': the query (GET) or form (POST / DELETE), read from the seeded database. */
  params?: (db: Database.Database) => SampleParams;
  /** For 'project': 403 (a load or write naming the project) or 404 (a single object of it). Default 403. */
  expect?: 403 | 404;
  /** For 'none': why the route needs no team check. */
  why?: string;
}

/** The sample of a route that serves no one project's data (team 'none'), and why. */
export const none = (method: RouteSample['method'], path: string, why: string): RouteSample => ({ method, path, team: 'none', why });

/** Samples of routes that serve no one project's data, each for `why` unless its row gives its own reason. */
export const notProjectData = (why: string, routes: ReadonlyArray<readonly [RouteSample['method'], string, string?]>): RouteSample[] =>
  routes.map(([method, path, reason = why]) => none(method, path, reason));
