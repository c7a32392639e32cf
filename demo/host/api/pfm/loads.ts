/**
 * The §7 data loads under /api/pfm/ (GET with recordKey, recordId, lastLoad, open, type; see
 * scope.ts for the parameters), each a declared route (declare.ts) built from the areas' tables
 * (each area's `loads.ts`, their kinds in load-kinds.ts):
 * `recordKey` is exactly one of the keys the load accepts, `open` is declared only on the loads with an
 * open state (and projects/getmenu), `type` only on the summaries; any other name is a 400.
 * Record loads answer rows with the §3 id fields, `displayText`, the
 * state's name and `closed`; commitments and change orders carry their `items`.
 *
 * `open` (default true) selects open records, `open=false` closed ones (by record state; projects by
 * `active`, budgets by their project). With `lastLoad`, every changed row is returned whatever its
 * state, each with `closed`, so a client can move it between its open and closed lists.
 */
import type Database from 'better-sqlite3';
import { declared, route, type RouteDeclaration } from '../declare';
import type { PfmLoadName } from '../routes';
import { keysOf, loadParams, loadParamSpecs, OPEN_PARAM, TYPE_PARAM, type LoadParams } from '../scope';
import type { Caller } from '../context';
import { runRecordLoad, type RecordLoad, type RecordLoads, type SpecialLoad, type SpecialLoads } from './load-kinds';
import { PROJECTION_RECORD_LOADS, PROJECTION_SPECIAL_LOADS } from './projections/loads';
import { BUDGET_LINE_RECORD_LOADS, BUDGET_LINE_SPECIAL_LOADS } from './budget-lines/loads';
import { COMMITMENT_RECORD_LOADS, COMMITMENT_SPECIAL_LOADS } from './commitments/loads';
import { OWNER_AGREEMENT_RECORD_LOADS } from './owner-agreements/loads';
import { CHANGE_RECORD_LOADS } from './change-management/loads';
import { COST_ADJUSTMENT_RECORD_LOADS } from './cost-adjustments/loads';
import { DIRECT_COST_RECORD_LOADS } from './direct-costs/loads';
import { FILE_COUNT_LOADS } from './file-counts';

/** The areas' tables as one; a load in two tables stops the host (a spread would keep the last silently). */
function joined<T>(tables: ReadonlyArray<Partial<Record<PfmLoadName, T>>>): Partial<Record<PfmLoadName, T>> {
  const all: Partial<Record<PfmLoadName, T>> = {};
  for (const table of tables) {
    for (const [name, load] of Object.entries(table) as Array<[PfmLoadName, T]>) {
      if (all[name]) throw new Error(`pfm/loads: ${name} is in two areas' tables`);
      all[name] = load;
    }
  }
  return all;
}

const RECORD_LOADS: RecordLoads = joined([
  PROJECTION_RECORD_LOADS, BUDGET_LINE_RECORD_LOADS, COMMITMENT_RECORD_LOADS, OWNER_AGREEMENT_RECORD_LOADS, CHANGE_RECORD_LOADS,
  COST_ADJUSTMENT_RECORD_LOADS, DIRECT_COST_RECORD_LOADS,
]);

const SPECIAL_LOADS: SpecialLoads = joined([PROJECTION_SPECIAL_LOADS, BUDGET_LINE_SPECIAL_LOADS, COMMITMENT_SPECIAL_LOADS, FILE_COUNT_LOADS]);

/** One §7 load's declaration: GET /api/pfm/<name>, ACCESS.pfm, its record keys and the flags it reads. */
function loadRoute(name: PfmLoadName, keys: readonly string[], flags: { open: boolean; type: boolean }, run: (db: Database.Database, params: LoadParams, user: Caller) => unknown): RouteDeclaration {
  return route({
    method: 'GET', path: `/api/pfm/${name}`, access: 'pfm', note: 'data load',
    params: { ...loadParamSpecs(keys), ...(flags.open ? OPEN_PARAM : {}), ...(flags.type ? TYPE_PARAM : {}) },
    // The project check is loadParams' (no `scope` on recordId), so a direct call (services/bi.ts) is checked alike.
    // The caller is passed on: record loads leave out the fields hidden for them (field-reads.ts), so BI's direct call is filtered alike.
    handler: ({ db, params, user }) => run(db, loadParams(db, params), user),
  });
}

/** Every §7 load as a declared route, from the tables above. */
function build(): RouteDeclaration[] {
  const routes: RouteDeclaration[] = [];
  for (const [name, load] of Object.entries(RECORD_LOADS) as Array<[PfmLoadName, RecordLoad]>) {
    routes.push(loadRoute(name, keysOf(load.columns), { open: load.openExpr !== undefined, type: false }, (db, params, user) => runRecordLoad(db, load, params, user)));
  }
  for (const [name, load] of Object.entries(SPECIAL_LOADS) as Array<[PfmLoadName, SpecialLoad]>) {
    routes.push(loadRoute(name, load.keys, { open: load.open ?? false, type: load.type ?? false }, load.run));
  }
  return routes;
}

/** The §7 loads' declarations, by `GET /api/pfm/<name>` (services/bi.ts calls their handlers directly). */
export const loadHandlers = declared(build());

/** The accepted record keys of every load (for documentation and tests). */
export function acceptedRecordKeys(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, load] of Object.entries(RECORD_LOADS)) out[name] = keysOf(load!.columns);
  for (const [name, load] of Object.entries(SPECIAL_LOADS)) out[name] = load!.keys;
  return out;
}
