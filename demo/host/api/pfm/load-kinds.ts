/**
 * The two kinds of §7 data load the areas' tables declare (each area's `loads.ts`), and how each becomes a
 * declared route and runs: a record load is a select scoped by the load parameters (scope.ts), filtered by
 * its open state, ordered, with its child rows and field security, run by runRecordLoad; a special load runs
 * itself. The areas' tables and loads.ts (which joins them) import this module, so neither imports the other's side.
 */
import type Database from 'better-sqlite3';
import { route, type RouteDeclaration } from '../declare';
import type { PfmLoadName } from '../routes';
import { CODE_DISPLAY_SQL, rowsToApi } from '../rows';
import { keysOf, loadParams, loadParamSpecs, OPEN_PARAM, scopeWhere, TYPE_PARAM, type LoadParams, type ScopeColumns } from '../scope';
import type { Caller } from '../context';
import { hiddenFieldsIn, withoutHiddenFields } from '../field-reads';
import { fieldSecurityOfState } from '../field-security';

export type Row = Record<string, unknown>;

export interface RecordLoad {
  select: string;
  columns: ScopeColumns;
  /** SQL that is 1 for an open row (omit: `open` does not apply). */
  openExpr?: string;
  orderBy: string;
  /** Attach child rows (items) to the answer. */
  children?: (db: Database.Database, rows: Row[]) => void;
  /**
   * The application record key of the rows. Asked for by it (a workbench's load of its record), each row carries
   * `fieldSecurity`: the caller's field security in the row's state, so the workbench asks nothing after.
   */
  record?: string;
  /**
   * Field security on reads (field-reads.ts): `true`, the secured fields of {@link record} hidden for the caller in a
   * row's state are left out of the row; for item rows, the parent record whose pseudo-field `items` hides them (the
   * parent's id column in the row, its table).
   */
  secured?: true | { parentKey: string; parentTable: string; parentId: string };
}

export interface SpecialLoad {
  keys: string[];
  /** Accepts `open` (its run reads params.open). */
  open?: boolean;
  /** Accepts `type` (unit / hour: the summaries). */
  type?: boolean;
  run: (db: Database.Database, params: LoadParams, user: Caller) => unknown;
}

/** An area's record loads, by load name. */
export type RecordLoads = Partial<Record<PfmLoadName, RecordLoad>>;
/** An area's special loads, by load name. */
export type SpecialLoads = Partial<Record<PfmLoadName, SpecialLoad>>;

/** Attach `items` (rows of `table` by `parentId`) to each row. */
export const withItems = (table: string, parentId: string, extra = '') => (db: Database.Database, rows: Row[]) => {
  if (!rows.length) return;
  const byParent = new Map<unknown, Row[]>();
  const ids = rows.map((r) => r[parentId]);
  // Chunks keep the statement under SQLite's parameter limit.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const items = db.prepare(`SELECT i.*, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay, cc.type AS costType${extra}
      FROM ${table} i JOIN cost_codes cc ON cc.costCodeId = i.costCodeId
      WHERE i.${parentId} IN (${chunk.map(() => '?').join(',')}) ORDER BY i.rowid`).all(...chunk) as Row[];
    for (const item of items) byParent.set(item[parentId], [...(byParent.get(item[parentId]) ?? []), item]);
  }
  for (const row of rows) row.items = byParent.get(row[parentId]) ?? [];
};

/** Open: the record's state (`st`, joined by STATE_JOIN of rows.ts) is not a closed one. */
export const STATEFUL = 'st.closed = 0';

/**
 * Item rows without those of parents whose pseudo-field `items` the caller may not see in the parent's
 * state (direct cost items of a direct cost hiding `items`); parents' states read once, in chunks.
 */
function withoutHiddenItems(db: Database.Database, user: Caller, rows: Row[], parent: { parentKey: string; parentTable: string; parentId: string }): Row[] {
  if (!rows.length) return rows;
  const ids = [...new Set(rows.map((r) => r[parent.parentId]))];
  const stateOf = new Map<unknown, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const states = db.prepare(`SELECT ${parent.parentId} AS id, applicationRecordStateId AS stateId FROM ${parent.parentTable}
      WHERE ${parent.parentId} IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Array<{ id: unknown; stateId: number }>;
    for (const s of states) stateOf.set(s.id, s.stateId);
  }
  const hides = new Map<number, boolean>();
  return rows.filter((row) => {
    const stateId = stateOf.get(row[parent.parentId]);
    if (stateId === undefined) return true;
    let hidden = hides.get(stateId);
    if (hidden === undefined) hides.set(stateId, (hidden = hiddenFieldsIn(db, user, parent.parentKey, stateId).has('items')));
    return !hidden;
  });
}

/** Run a record load for `user` (field security: hidden fields left out, field-reads.ts). */
export function runRecordLoad(db: Database.Database, load: RecordLoad, params: LoadParams, user: Caller): Row[] {
  const { where, args } = scopeWhere(params, load.columns);
  if (params.lastLoad) {
    where.push('t.modifiedAt > ?');
    args.push(params.lastLoad);
  } else if (load.openExpr) {
    where.push(params.open ? `(${load.openExpr})` : `NOT (${load.openExpr})`);
  }
  const sql = `${load.select}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${load.orderBy}`;
  const rows = db.prepare(sql).all(...args) as Row[];
  load.children?.(db, rows);
  const answer = rowsToApi(rows);
  if (load.secured && load.secured !== true) return withoutHiddenItems(db, user, answer, load.secured);
  const shown = load.secured && load.record ? withoutHiddenFields(db, user, load.record, answer) : answer;
  if (!load.record || params.recordKey !== load.record) return shown;
  return shown.map((row) => ({ ...row, fieldSecurity: fieldSecurityOfState(db, user, Number(row.applicationRecordStateId)) ?? null }));
}

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

/** Every §7 load of these tables as a declared route. */
export function loadRoutes(recordLoads: RecordLoads, specialLoads: SpecialLoads): RouteDeclaration[] {
  const routes: RouteDeclaration[] = [];
  for (const [name, load] of Object.entries(recordLoads) as Array<[PfmLoadName, RecordLoad]>) {
    routes.push(loadRoute(name, keysOf(load.columns), { open: load.openExpr !== undefined, type: false }, (db, params, user) => runRecordLoad(db, load, params, user)));
  }
  for (const [name, load] of Object.entries(specialLoads) as Array<[PfmLoadName, SpecialLoad]>) {
    routes.push(loadRoute(name, load.keys, { open: load.open ?? false, type: load.type ?? false }, load.run));
  }
  return routes;
}
