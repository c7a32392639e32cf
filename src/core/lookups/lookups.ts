/**
 * Reference-data lookups (§3, §7, §8): an id → its object or `displayText`, and whole lists through
 * the 'libraries' cache. A lookup never breaks a screen: bad ids, unknown types and failed requests
 * all answer empty.
 */
import { fetchObject, getJson } from '../api';
import { pageSingleton } from '../singleton';
import { lookupConfig, type LookupTypeConfig } from './types';
import { readLibrary, saveLibrary } from './libraries';

/** Logged when a list is asked for a type that has no whole-list call (§8). */
export const MISSING_LIBRARY_MESSAGE = 'Library Config not found or missing library ajax call';

// One per page, so bundle copies share a list request already in flight.
const listsInFlight = pageSingleton('lookups.listsInFlight', () => new Map<string, Promise<unknown[]>>());

/**
 * From this many different ids of one list type asked for in one tick, the lookups load the type's
 * whole list once (kept in the 'libraries' cache) instead of one single-object call each.
 */
export const LOOKUP_BATCH_MIN = 2;

type Settle = { resolve: (value: Record<string, unknown> | undefined) => void; reject: (error: unknown) => void };

// The ids of each list type asked for in the current tick, waiting for the batch to run.
const batches = pageSingleton('lookups.batches', () => new Map<string, Map<number | string, Settle>>());

/** A usable id for the type (an integer ≥ 1, or a non-empty key), else undefined. */
function normalizeId(config: LookupTypeConfig, id: number | string | null | undefined): number | string | undefined {
  if (id === null || id === undefined) return undefined;
  if (config.idKind === 'string') {
    const key = String(id).trim();
    return key === '' ? undefined : key;
  }
  const value = typeof id === 'number' ? id : /^\s*\d+\s*$/.test(id) ? Number(id) : NaN;
  return Number.isInteger(value) && value >= 1 ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The item of `items` whose id field equals `id`. */
function findById(config: LookupTypeConfig, items: readonly unknown[], id: number | string): Record<string, unknown> | undefined {
  const field = config.keyField ?? config.idField;
  return items.filter(isRecord).find((item) => String(item[field] ?? item[config.idField]) === String(id));
}

/**
 * The whole list for a type: from the 'libraries' cache while fresh (180 s), else fetched and saved.
 * A type without a list call logs {@link MISSING_LIBRARY_MESSAGE} and answers []; so does a failed request.
 */
export async function lookupList<T>(type: string): Promise<T[]> {
  const config = lookupConfig(type);
  const listPath = config?.list;
  if (listPath === undefined) {
    console.warn(MISSING_LIBRARY_MESSAGE);
    return [];
  }
  const saved = readLibrary(type);
  if (saved) return saved as T[];
  let pending = listsInFlight.get(type);
  if (!pending) {
    pending = (async () => {
      try {
        const result = await getJson<unknown>(listPath);
        if (!Array.isArray(result)) throw new Error(`Expected a list from ${listPath}`);
        saveLibrary(type, result);
        return result;
      } catch (error) {
        console.error(`Lookup list '${type}' failed`, error);
        return [];
      } finally {
        listsInFlight.delete(type);
      }
    })();
    listsInFlight.set(type, pending);
  }
  return (await pending) as T[];
}

/** One single-object call: the object, or undefined when the answer holds none. */
async function loadSingle(config: LookupTypeConfig, key: number | string): Promise<Record<string, unknown> | undefined> {
  const result = await getJson<unknown>(config.single, { [config.idField]: key });
  // Calls that answer a list with or without the id (changeRecordType): pick the object.
  const object = Array.isArray(result) ? findById(config, result, key) : result;
  return isRecord(object) ? object : undefined;
}

/**
 * The object of a list type, batched with the other ids of that type asked for in this tick: with
 * {@link LOOKUP_BATCH_MIN} or more, the whole list is loaded once (and saved in 'libraries') and each
 * id read from it; an id the list lacks, or a lone id, gets its single-object call.
 */
function loadBatched(type: string, config: LookupTypeConfig, key: number | string): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve, reject) => {
    let batch = batches.get(type);
    if (!batch) {
      const waiting = new Map<number | string, Settle>();
      batch = waiting;
      batches.set(type, waiting);
      setTimeout(() => void runBatch(type, config, waiting), 0);
    }
    batch.set(key, { resolve, reject });
  });
}

async function runBatch(type: string, config: LookupTypeConfig, batch: Map<number | string, Settle>): Promise<void> {
  if (batches.get(type) === batch) batches.delete(type);
  const list = batch.size >= LOOKUP_BATCH_MIN ? await lookupList(type) : [];
  for (const [key, settle] of batch) {
    const hit = findById(config, list, key);
    if (hit) settle.resolve(hit);
    else loadSingle(config, key).then(settle.resolve, settle.reject);
  }
}

/**
 * The reference object for type + id, or undefined for a bad id, an unknown type, a missing object
 * or a failed request (logged). Answers from a fresh saved list when it holds the id; otherwise
 * (cached and shared through the API's object cache) from the type's whole list when several ids of
 * a list type are asked for in one tick, else one single-object call.
 */
export async function lookupObject<T>(type: string, id: number | string | null | undefined): Promise<T | undefined> {
  const config = lookupConfig(type);
  if (!config) return undefined;
  const key = normalizeId(config, id);
  if (key === undefined) return undefined;
  if (config.list !== undefined) {
    const saved = readLibrary(type);
    const hit = saved && findById(config, saved, key);
    if (hit) return hit as T;
  }
  try {
    const value = await fetchObject(type, key, () => (config.list !== undefined ? loadBatched(type, config, key) : loadSingle(config, key)));
    return (value ?? undefined) as T | undefined;
  } catch (error) {
    console.error(`Lookup '${type}' ${String(key)} failed`, error);
    return undefined;
  }
}

/** The `displayText` of the reference object for type + id; '' when there is none (§8). */
export async function lookup(type: string, id: number | string | null | undefined): Promise<string> {
  const object = await lookupObject<{ displayText?: unknown }>(type, id);
  const text = object?.displayText;
  return text === undefined || text === null ? '' : String(text);
}

/** Forget list requests in flight and lookups waiting for their batch (tests). */
export function clearListsInFlight(): void {
  listsInFlight.clear();
  batches.clear();
}
