/**
 * Unsaved work kept across a reload (issue 16, §4 "nothing is lost"): typed form values and grid
 * edits are written to sessionStorage while they differ from the saved record, and offered back when
 * the screen opens again. Framework-free; `src/ui/drafts.tsx` is the React side.
 *
 * Why sessionStorage: it survives a reload and Chrome's "Reopen closed tab" (the tab's session is
 * restored with it), but not the browser being closed, and it is not shared with other tabs, so two
 * tabs never offer each other's half-typed work and business data does not stay on disk for days.
 *
 * A draft is keyed by the signed-in login, the screen, the record and the form; it holds JSON only
 * (anything under a key naming a token, password or secret is dropped), at most
 * {@link DRAFT_MAX_CHARS} characters each and {@link DRAFT_MAX_COUNT} drafts in all (oldest dropped).
 * Drafts are cleared on save (the form equals the record again), on Discard, on sign-out, and when
 * another user signs in.
 */

/** Every draft's storage key starts with this. */
export const DRAFT_PREFIX = 'pfm.draft:';
/** Bumped when a draft's shape changes; drafts of another version are ignored and removed. */
export const DRAFT_VERSION = 1;
/** A draft larger than this (JSON characters) is not kept: sessionStorage is ~5 MB for the whole origin. */
export const DRAFT_MAX_CHARS = 200_000;
/** At most this many drafts are kept; writing one more drops the oldest. */
export const DRAFT_MAX_COUNT = 40;

/** What identifies a draft: who, which screen, which record, which form on it. */
export interface DraftId {
  /** The signed-in login (drafts of another login are never read). */
  login: string;
  /** The screen or workbench: its tag ('wb-subcontract', 'pfm-projection-grid'). */
  screen: string;
  /** The record kind (§7 recordKey), when the form edits a record. */
  recordKey?: string;
  /** The record id (§7 recordId); 0 or absent for a create form. */
  recordId?: number | string;
  /** Which form of the screen ('header', 'items', 'comment'); default 'form'. */
  form?: string;
}

/** A stored draft. */
export interface Draft<T = unknown> {
  v: number;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
  value: T;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled (privacy settings, sandboxed frame)
  }
}

const part = (value: string | number | undefined) => encodeURIComponent(String(value ?? ''));

/** The storage key of a draft: `pfm.draft:<login>:<screen>:<recordKey>:<recordId>:<form>`, each part encoded. */
export function draftKey(id: DraftId): string {
  return DRAFT_PREFIX + [id.login.toLowerCase(), id.screen, id.recordKey, id.recordId, id.form ?? 'form'].map(part).join(':');
}

function loginOfKey(key: string): string {
  return decodeURIComponent(key.slice(DRAFT_PREFIX.length).split(':')[0] ?? '');
}

const SECRET_FIELD = /token|password|secret/i;

/**
 * JSON with object keys sorted, so two equal values give one text; keys naming a token, password
 * or secret are left out (a draft never stores them). Undefined and functions are dropped as JSON does.
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => {
    if (key && SECRET_FIELD.test(key)) return undefined;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      return Object.fromEntries(Object.keys(inner).sort().map((name) => [name, (inner as Record<string, unknown>)[name]]));
    }
    return inner;
  }) ?? 'null';
}

/** True when `a` and `b` are the same JSON (key order ignored). */
export function sameDraftValue(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function draftKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
  }
  return keys;
}

/** The draft under `key`, or null when there is none, it is corrupt, or of another version (those are removed). */
export function readDraft<T = unknown>(key: string): Draft<T> | null {
  const store = storage();
  const text = store?.getItem(key);
  if (!store || text == null) return null;
  try {
    const draft = JSON.parse(text) as Partial<Draft<T>> | null;
    if (draft && draft.v === DRAFT_VERSION && typeof draft.savedAt === 'number' && 'value' in draft) return draft as Draft<T>;
  } catch {
    // corrupt: removed below
  }
  store.removeItem(key);
  return null;
}

/**
 * Keep `value` as the draft under `key`. Returns false when it was not kept: too large, storage
 * full or disabled. Drops the oldest drafts beyond {@link DRAFT_MAX_COUNT}.
 */
export function writeDraft(key: string, value: unknown, now: number = Date.now()): boolean {
  const store = storage();
  if (!store) return false;
  const text = `{"v":${DRAFT_VERSION},"savedAt":${now},"value":${stableJson(value)}}`;
  if (text.length > DRAFT_MAX_CHARS) {
    store.removeItem(key); // an older, smaller draft of this form would now be misleading
    return false;
  }
  const others = draftKeys(store).filter((k) => k !== key);
  if (others.length >= DRAFT_MAX_COUNT) {
    const byAge = others.map((k) => ({ k, at: readDraft(k)?.savedAt ?? 0 })).sort((a, b) => a.at - b.at);
    for (const { k } of byAge.slice(0, others.length - DRAFT_MAX_COUNT + 1)) store.removeItem(k);
  }
  try {
    store.setItem(key, text);
    return true;
  } catch {
    return false; // quota exceeded
  }
}

/** Every kept draft's storage key (any login, screen or form). */
export function storedDraftKeys(): string[] {
  const store = storage();
  return store ? draftKeys(store) : [];
}

/** Remove the draft under `key`. */
export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}

/** Remove every draft (sign-out). */
export function clearAllDrafts(): void {
  const store = storage();
  if (store) for (const key of draftKeys(store)) store.removeItem(key);
}

/** Remove the drafts of every login but `login` (another user signed in on this tab). */
export function clearOtherUsersDrafts(login: string): void {
  const store = storage();
  if (!store) return;
  const own = login.toLowerCase();
  for (const key of draftKeys(store)) if (loginOfKey(key) !== own) store.removeItem(key);
}
