/**
 * The §7 data loads under /api/pfm/ (GET with recordKey, recordId, lastLoad, open, type; see
 * scope.ts for the parameters): the areas' tables (each area's `loads.ts`) joined at start, each load
 * a declared route (declare.ts) made and run by load-kinds.ts, so a request goes from the declared route
 * to load-kinds.ts and the area's table without passing through here:
 * `recordKey` is exactly one of the keys the load accepts, `open` is declared only on the loads with an
 * open state (and projects/getmenu), `type` only on the summaries; any other name is a 400.
 * Record loads answer rows with the §3 id fields, `displayText`, the
 * state's name and `closed`; commitments and change orders carry their `items`.
 *
 * `open` (default true) selects open records, `open=false` closed ones (by record state; projects by
 * `active`, budgets by their project). With `lastLoad`, every changed row is returned whatever its
 * state, each with `closed`, so a client can move it between its open and closed lists.
 */
import { declared } from '../declare';
import type { PfmLoadName } from '../routes';
import { keysOf } from '../scope';
import { loadRoutes, type RecordLoads, type SpecialLoads } from './load-kinds';
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

/** The §7 loads' declarations, by `GET /api/pfm/<name>` (services/bi.ts calls their handlers directly). */
export const loadHandlers = declared(loadRoutes(RECORD_LOADS, SPECIAL_LOADS));

/** The accepted record keys of every load (for documentation and tests). */
export function acceptedRecordKeys(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, load] of Object.entries(RECORD_LOADS)) out[name] = keysOf(load!.columns);
  for (const [name, load] of Object.entries(SPECIAL_LOADS)) out[name] = load!.keys;
  return out;
}
