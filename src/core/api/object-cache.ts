/**
 * The in-memory cache of fetched objects (§7 "fetched objects are added to an in-memory cache").
 * Bounded and least-recently-used: the portal and legacy pages stay open all day while grids look up
 * thousands of ids, so an unbounded map would only grow.
 */
import { pageSingleton } from '../singleton';

/** Most objects kept; the least recently used one goes first. */
export const OBJECT_CACHE_LIMIT = 1000;

interface ObjectCacheState {
  entries: Map<string, unknown>;
  inFlight: Map<string, Promise<unknown>>;
}

// One cache per page, so every bundle copy on a legacy page shares what was fetched.
const state = pageSingleton<ObjectCacheState>('api.objectCache', () => ({ entries: new Map(), inFlight: new Map() }));

function keyOf(type: string, id: string | number): string {
  return `${type}\u0000${String(id)}`;
}

/** The cached object for type + id, or undefined. Reading counts as a use. */
export function getCachedObject<T>(type: string, id: string | number): T | undefined {
  const key = keyOf(type, id);
  if (!state.entries.has(key)) return undefined;
  const value = state.entries.get(key);
  // Map keeps insertion order: re-inserting moves the entry to the most recent end.
  state.entries.delete(key);
  state.entries.set(key, value);
  return value as T;
}

/** Put an object in the cache, evicting the least recently used beyond {@link OBJECT_CACHE_LIMIT}. */
export function cacheObject<T>(type: string, id: string | number, value: T): void {
  const key = keyOf(type, id);
  state.entries.delete(key);
  state.entries.set(key, value);
  while (state.entries.size > OBJECT_CACHE_LIMIT) {
    const oldest = state.entries.keys().next().value;
    if (oldest === undefined) break;
    state.entries.delete(oldest);
  }
}

/**
 * The object for type + id: from the cache, from a load already in flight, or by calling `load`.
 * Loaded values other than null/undefined are cached (a "not found" is asked again next time).
 */
export function fetchObject<T>(type: string, id: string | number, load: () => Promise<T>): Promise<T> {
  const cached = getCachedObject<T>(type, id);
  if (cached !== undefined) return Promise.resolve(cached);
  const key = keyOf(type, id);
  const pending = state.inFlight.get(key);
  if (pending) return pending as Promise<T>;
  const promise = (async () => {
    try {
      const value = await load();
      if (value !== undefined && value !== null) cacheObject(type, id, value);
      return value;
    } finally {
      state.inFlight.delete(key);
    }
  })();
  state.inFlight.set(key, promise);
  return promise;
}

/** Empty the cache and forget loads in flight (tests, sign-out). */
export function clearObjectCache(): void {
  state.entries.clear();
  state.inFlight.clear();
}
