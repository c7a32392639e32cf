/**
 * Field security on reads (OWASP ASVS 8.2.3): a secured field (SECURED_FIELDS of the record key) that
 * is not visible for the caller in a record's current state is left out of every answer carrying the
 * record — the §7 loads, the lookups, the record history, the answers of writes and state moves, the
 * search and BI services. Visibility is THE resolver's (field-security.ts fieldPermissionsFor: per-user row,
 * then role rows, then the default row), so the screens and the server agree.
 *
 * Cheap on purpose (a load can answer 10,000 rows): permissions are resolved once per state per
 * request (cached on the request's caller object), and only rows of a state that hides something are
 * touched (copied without the hidden keys; rows of other states are answered as they are).
 */
import type Database from 'better-sqlite3';
import { SECURED_FIELDS } from '../db/states';
import type { Caller } from './context';
import { fieldPermissionsFor } from './field-security';

type Row = Record<string, unknown>;

/** Whose reads are filtered: the request's caller (one object per request: the cache lives on it). */
export type FieldReader = Pick<Caller, 'employeeId' | 'roles'>;

const NOTHING: ReadonlySet<string> = new Set();

/** The secured field names of each record key, lower-cased. */
const SECURED_LOWER: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(SECURED_FIELDS).map(([key, fields]) => [key, new Set(fields.map((f) => f.toLowerCase()))]),
);

/** Per caller (= per request), per state: the lower-cased names of the fields it may not see there. */
const hiddenByCaller = new WeakMap<FieldReader, Map<number, ReadonlySet<string>>>();

/** The lower-cased names of the fields `user` may not see in state `stateId` (any field with rows). */
function hiddenInState(db: Database.Database, user: FieldReader, stateId: number): ReadonlySet<string> {
  let perState = hiddenByCaller.get(user);
  if (!perState) hiddenByCaller.set(user, (perState = new Map()));
  let hidden = perState.get(stateId);
  if (!hidden) {
    const names = fieldPermissionsFor(db, { employeeId: user.employeeId, roles: user.roles }, stateId)
      .filter((p) => !p.visible).map((p) => p.fieldName.toLowerCase());
    hidden = names.length ? new Set(names) : NOTHING;
    perState.set(stateId, hidden);
  }
  return hidden;
}

/**
 * The secured fields of `recordKey` that `user` may not see in state `stateId`, lower-cased (empty for
 * a key without secured fields or a state that hides none of them).
 */
export function hiddenFieldsIn(db: Database.Database, user: FieldReader, recordKey: string, stateId: number): ReadonlySet<string> {
  const secured = SECURED_LOWER.get(recordKey);
  if (!secured) return NOTHING;
  const hidden = hiddenInState(db, user, stateId);
  if (hidden.size === 0) return NOTHING;
  const out = [...hidden].filter((name) => secured.has(name));
  return out.length ? new Set(out) : NOTHING;
}

/** True when `user` may not see secured field `field` of `recordKey` in state `stateId` (any case). */
export function isFieldHidden(db: Database.Database, user: FieldReader, recordKey: string, stateId: number, field: string): boolean {
  return hiddenFieldsIn(db, user, recordKey, stateId).has(field.toLowerCase());
}

/** The states of `recordKey` in which `user` may not see `field` (for filters that run in SQL: search). */
export function statesHiding(db: Database.Database, user: FieldReader, recordKey: string, field: string): number[] {
  if (!SECURED_LOWER.get(recordKey)?.has(field.toLowerCase())) return [];
  const states = db.prepare('SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = ?').pluck().all(recordKey) as number[];
  return states.filter((stateId) => isFieldHidden(db, user, recordKey, stateId, field));
}

/** `row` without the keys whose lower-cased name is in `hidden` (the same row when none is there). */
function withoutKeys(row: Row, hidden: ReadonlySet<string>, lower: Map<string, string>): Row {
  const keys = Object.keys(row);
  const names = keys.map((key) => {
    let name = lower.get(key);
    if (name === undefined) lower.set(key, (name = key.toLowerCase()));
    return name;
  });
  if (!names.some((name) => hidden.has(name))) return row;
  // A copy built without the keys (no `delete`: the answer's objects keep their fast shape for JSON).
  const out: Row = {};
  keys.forEach((key, i) => {
    if (!hidden.has(names[i]!)) out[key] = row[key];
  });
  return out;
}

/**
 * THE read filter: `rows` of record key `recordKey` (each with its state in `stateKey`, default
 * `applicationRecordStateId`) without the secured fields `user` may not see in the row's state, keys
 * matched case-insensitively. Rows are grouped by state, each state resolved once (and cached for the
 * request); a row of a state that hides nothing is answered as it is, one that hides something is
 * copied without those keys. A row without a numeric state is answered as it is.
 */
export function withoutHiddenFields<T extends Row>(db: Database.Database, user: FieldReader, recordKey: string, rows: readonly T[], stateKey = 'applicationRecordStateId'): T[] {
  if (!SECURED_LOWER.has(recordKey) || rows.length === 0) return [...rows];
  const byState = new Map<number, ReadonlySet<string>>();
  const lower = new Map<string, string>();
  return rows.map((row) => {
    const stateId = row[stateKey];
    if (typeof stateId !== 'number') return row;
    let hidden = byState.get(stateId);
    if (!hidden) byState.set(stateId, (hidden = hiddenFieldsIn(db, user, recordKey, stateId)));
    return hidden.size ? (withoutKeys(row, hidden, lower) as T) : row;
  });
}

/** {@link withoutHiddenFields} for one row. */
export function withoutHiddenFieldsOne<T extends Row>(db: Database.Database, user: FieldReader, recordKey: string, row: T, stateKey = 'applicationRecordStateId'): T {
  return withoutHiddenFields(db, user, recordKey, [row], stateKey)[0]!;
}
