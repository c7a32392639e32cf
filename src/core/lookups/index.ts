/** Reference-data lookups and the 'libraries' cache (§3, §7, §8, §9). */
import { clearLibraries, setLookupClock } from './libraries';
import { clearListsInFlight } from './lookups';

export { LOOKUP_TYPES, lookupConfig } from './types';
export type { LookupType, LookupTypeConfig } from './types';
export { LIBRARIES_KEY, LIBRARIES_TTL_MS, clearLibraries, setLookupClock } from './libraries';
export { lookup, lookupObject, lookupList, MISSING_LIBRARY_MESSAGE, LOOKUP_BATCH_MIN } from './lookups';

/** Fresh lookups for tests: real clock, nothing in flight, no 'libraries' key. Objects are cached by the API (`resetApi`). */
export function resetLookups(): void {
  setLookupClock(null);
  clearListsInFlight();
  clearLibraries();
}
