/**
 * Per-page stores of records keyed by id, one per record kind ('ChangeEvent', 'ChangeEventItem', …).
 * A screen and the workbench open over it read the same store, so an optimistic state move, and
 * its restore on failure, shows in every list at once (§4: "the original record is restored").
 */
import { atom } from 'nanostores';
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { pageSingleton } from '../singleton';

/** A record of any kind: an object with a numeric id field. */
export type AnyRecord = object;

/** A store of records of one kind, keyed by their id field. */
export interface RecordStore<T extends AnyRecord> {
  /** The record kind (the application record key). */
  readonly kind: string;
  /** The id field of the records ('changeEventId'). */
  readonly idField: string;
  /** Every record held, by id (a new Map on every change). */
  readonly $records: ReadableAtom<ReadonlyMap<number, T>>;
  /** The id of `record`. */
  idOf(record: T): number;
  /** The record with `id`, if held. */
  get(id: number): T | undefined;
  /** Add or replace records: a write's answer (or anything the page changed itself). */
  upsert(records: T | readonly T[]): void;
  /** A mark to take just before a load asks the server, for {@link loaded}. */
  readMark(): number;
  /**
   * Add or replace the records a load brought, except each one this page changed after `mark` was taken:
   * a write answered while the load was on its way is newer than what the load read (an Approve clicked
   * while the list was still loading stays approved). One record (a workbench's load of its record) that answers the
   * copy held, unchanged, leaves the store alone: what shows it is not drawn again.
   */
  loaded(records: T | readonly T[], mark: number): void;
  /** Drop records (by id). */
  remove(ids: number | readonly number[]): void;
  /** Drop everything (tests, another project). */
  clear(): void;
  /**
   * Optimistic update: show `next` at once, then run `commit`. Its answer (a record) replaces
   * `next`; when it answers nothing, `next` stays. When `commit` fails, the record held before is
   * put back (or removed when there was none) and the error is rethrown.
   */
  optimistic(next: T, commit: () => Promise<T | void | undefined>): Promise<T>;
}

interface StoreEntry {
  idField: string;
  store: RecordStore<AnyRecord>;
}

// One registry per page: the screen and the workbench host load as separate chunks (even separate
// bundle copies on a legacy page) and must still share one store per record kind.
const registry = pageSingleton<Map<string, StoreEntry>>('ui.records.stores', () => new Map());

function idValue(record: AnyRecord, idField: string): number {
  const value = (record as Record<string, unknown>)[idField];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`Record without a numeric '${idField}'`);
  return value;
}

function createRecordStore<T extends AnyRecord>(kind: string, idField: string): RecordStore<T> {
  const $records: WritableAtom<ReadonlyMap<number, T>> = atom<ReadonlyMap<number, T>>(new Map());
  const idOf = (record: T) => idValue(record, idField);
  // Changes this page made, counted: the count at each record's last change (see `loaded`).
  let changes = 0;
  const changedAt = new Map<number, number>();
  const put = (records: T | readonly T[], keep: (id: number) => boolean) => {
    const list = (Array.isArray(records) ? records : [records]) as readonly T[];
    const kept = list.filter((record) => keep(idOf(record)));
    if (kept.length === 0) return;
    const next = new Map($records.get());
    for (const record of kept) next.set(idOf(record), record);
    $records.set(next);
  };
  const upsert = (records: T | readonly T[]) => {
    changes += 1;
    put(records, (id) => {
      changedAt.set(id, changes);
      return true;
    });
  };
  const remove = (ids: number | readonly number[]) => {
    const list = typeof ids === 'number' ? [ids] : ids;
    changes += 1;
    const next = new Map($records.get());
    for (const id of list) {
      next.delete(id);
      changedAt.set(id, changes);
    }
    $records.set(next);
  };
  return {
    kind,
    idField,
    $records,
    idOf,
    get: (id) => $records.get().get(id),
    upsert,
    readMark: () => changes,
    loaded: (records, mark) => {
      // Compared for one record only: a list's rows would cost a comparison each, and a list keeps its rows itself.
      const held = Array.isArray(records) ? undefined : $records.get().get(idOf(records as T));
      if (held && JSON.stringify(held) === JSON.stringify(records)) return;
      put(records, (id) => (changedAt.get(id) ?? 0) <= mark);
    },
    remove,
    clear: () => $records.set(new Map()),
    async optimistic(next, commit) {
      const id = idOf(next);
      const before = $records.get().get(id);
      upsert(next);
      try {
        const answer = await commit();
        const settled = answer && typeof answer === 'object' ? answer : next;
        upsert(settled);
        return settled;
      } catch (error) {
        // Put back exactly what was there before, unless something newer arrived meanwhile
        // (a reload after a 409 upserts the server's record: that one must stay).
        if ($records.get().get(id) === next) {
          if (before) upsert(before);
          else remove(id);
        }
        throw error;
      }
    },
  };
}

/**
 * The page's store for records of `kind` whose id field is `idField` (created on first use).
 * Asking again with another id field is a programming error and throws.
 */
export function recordStore<T extends AnyRecord>(kind: string, idField: string): RecordStore<T> {
  let entry = registry.get(kind);
  if (!entry) {
    entry = { idField, store: createRecordStore<AnyRecord>(kind, idField) };
    registry.set(kind, entry);
  } else if (entry.idField !== idField) {
    throw new Error(`Record store '${kind}' is keyed by '${entry.idField}', not '${idField}'`);
  }
  return entry.store as RecordStore<T>;
}

/** Empty every record store of the page (tests; sign-out). */
export function resetRecordStores(): void {
  for (const entry of registry.values()) entry.store.clear();
}
