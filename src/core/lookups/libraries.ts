/**
 * The 'libraries' cache (§9): whole reference lists kept in localStorage for 180 seconds, shared by
 * every tab and bundle copy. Stored as `{ "<type>": { "savedAt": <ms>, "items": [...] } }`.
 * Anything else found under the key (another app's data, a half-written value) counts as empty
 * and is overwritten on the next save.
 */

/** The localStorage key. */
export const LIBRARIES_KEY = 'libraries';
/** How long a saved list stays fresh. */
export const LIBRARIES_TTL_MS = 180_000;

interface LibraryEntry {
  savedAt: number;
  items: unknown[];
}

let now: () => number = () => Date.now();

/** Replace the clock used for expiry (tests); null restores `Date.now`. */
export function setLookupClock(clock: (() => number) | null): void {
  now = clock ?? (() => Date.now());
}

function isEntry(value: unknown): value is LibraryEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { savedAt, items } = value as Record<string, unknown>;
  return typeof savedAt === 'number' && Number.isFinite(savedAt) && Array.isArray(items);
}

/** Fresh means saved less than the TTL ago (and not in the future, which a changed clock could cause). */
function isFresh(entry: LibraryEntry, at: number): boolean {
  const age = at - entry.savedAt;
  return age >= 0 && age < LIBRARIES_TTL_MS;
}

/** The fresh, well-formed entries under the key; {} for anything missing, unreadable or foreign. */
function readFresh(): Record<string, LibraryEntry> {
  let raw: string | null;
  try {
    raw = localStorage.getItem(LIBRARIES_KEY);
  } catch {
    return {};
  }
  if (raw === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const at = now();
  const fresh: Record<string, LibraryEntry> = {};
  for (const [type, entry] of Object.entries(parsed)) {
    if (isEntry(entry) && isFresh(entry, at)) fresh[type] = entry;
  }
  return fresh;
}

/** The saved list for `type` while fresh; undefined when missing or expired. */
export function readLibrary(type: string): unknown[] | undefined {
  const libraries = readFresh();
  return Object.hasOwn(libraries, type) ? libraries[type]?.items : undefined;
}

/** Save the list for `type`, dropping expired and malformed entries. A failed write is only logged. */
export function saveLibrary(type: string, items: unknown[]): void {
  const libraries = readFresh();
  libraries[type] = { savedAt: now(), items };
  try {
    localStorage.setItem(LIBRARIES_KEY, JSON.stringify(libraries));
  } catch (error) {
    // Quota exceeded or storage disabled: the list still answers this call, it just is not kept.
    console.warn('Could not save the libraries cache', error);
  }
}

/** Remove the whole 'libraries' key. */
export function clearLibraries(): void {
  try {
    localStorage.removeItem(LIBRARIES_KEY);
  } catch {
    // Storage disabled: nothing to clear.
  }
}
