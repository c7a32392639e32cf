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

/**
 * The reference object for type + id, or undefined for a bad id, an unknown type, a missing object
 * or a failed request (logged). Answers from a fresh saved list when it holds the id; otherwise one
 * single-object call, cached and shared through the API's object cache.
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
    const value = await fetchObject(type, key, async () => {
      const result = await getJson<unknown>(config.single, { [config.idField]: key });
      // Calls that answer a list with or without the id (changeRecordType): pick the object.
      const object = Array.isArray(result) ? findById(config, result, key) : result;
      return isRecord(object) ? object : undefined;
    });
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

/** Forget list requests in flight (tests). */
export function clearListsInFlight(): void {
  listsInFlight.clear();
}
