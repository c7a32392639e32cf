/**
 * Change tracking (§4, §7): which records changed since the user last acknowledged them. Records with
 * unacknowledged changes show an orange asterisk; clicking it acknowledges the parent record's
 * changes. One store per page, so every element's asterisks agree.
 */
import { atom } from 'nanostores';
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { getJson } from '../api';
import { showToast } from '../messages';
import { pageSingleton } from '../singleton';

/** One unacknowledged change (§7 change list entry). */
export interface ChangeEntry {
  parentApplicationRecordId: number;
  applicationRecordId: number;
  recordType: string;
  /** Present when the server sends them; shown as text. */
  parentRecordType?: string;
  description?: string;
  changedAt?: string;
}

/** §7 change-tracking calls. */
export const CHANGES_PATHS = {
  refresh: '/api/changes/refresh',
  list: '/api/changes',
  remove: '/api/changes/remove',
  clear: '/api/changes/clear',
} as const;

interface ChangesState {
  changes: WritableAtom<ChangeEntry[]>;
  /** The application the list belongs to (null: none loaded). */
  applicationId: WritableAtom<number | null>;
}

// Per page: the header's list and every screen's asterisks read the same store.
const state = pageSingleton<ChangesState>('changes', () => ({
  changes: atom<ChangeEntry[]>([]),
  applicationId: atom<number | null>(null),
}));

/** The unacknowledged changes of the loaded application. */
export const $changes: ReadableAtom<ChangeEntry[]> = state.changes;
/** The application whose changes {@link $changes} holds. */
export const $changesApplicationId: ReadableAtom<number | null> = state.applicationId;

function isChangeEntry(value: unknown): value is ChangeEntry {
  const entry = value as Partial<ChangeEntry> | null;
  return typeof entry?.parentApplicationRecordId === 'number' && typeof entry.applicationRecordId === 'number' && typeof entry.recordType === 'string';
}

/**
 * Refresh the server's change list for `applicationId`, then load it into {@link $changes}
 * (GET /api/changes/refresh, then GET /api/changes, §7). Entries without numeric ids are dropped.
 * A failure is logged and leaves the store as it was (then rethrown).
 */
export async function refreshChanges(applicationId: number): Promise<ChangeEntry[]> {
  try {
    await getJson<unknown>(CHANGES_PATHS.refresh, { ApplicationId: applicationId });
    const list = await getJson<unknown>(CHANGES_PATHS.list, { ApplicationId: applicationId });
    const entries = Array.isArray(list) ? list.filter(isChangeEntry) : [];
    state.applicationId.set(applicationId);
    state.changes.set(entries);
    return entries;
  } catch (error) {
    console.error('Change list load failed', error);
    throw error;
  }
}

/** True when the parent record has unacknowledged changes. */
export function hasChanges(parentApplicationRecordId: number, changes: readonly ChangeEntry[] = state.changes.get()): boolean {
  return changes.some((change) => change.parentApplicationRecordId === parentApplicationRecordId);
}

/**
 * Acknowledge every change under a parent record (GET /api/changes/remove, §4 orange asterisk). The
 * entries leave the store at once; on failure they are put back and a danger toast says why.
 * Resolves true when acknowledged.
 */
export async function acknowledgeChanges(applicationId: number, parentApplicationRecordId: number): Promise<boolean> {
  const before = state.changes.get();
  state.changes.set(before.filter((change) => change.parentApplicationRecordId !== parentApplicationRecordId));
  try {
    await getJson<unknown>(CHANGES_PATHS.remove, { ApplicationId: applicationId, ParentApplicationRecordId: parentApplicationRecordId });
    return true;
  } catch (error) {
    restore(before.filter((change) => change.parentApplicationRecordId === parentApplicationRecordId));
    showToast(`The changes could not be acknowledged: ${messageOf(error)}`, { title: 'Changes', variant: 'danger' });
    return false;
  }
}

/**
 * Acknowledge every change of the application (GET /api/changes/clear, §7 clear-all). The list empties
 * at once; on failure it is put back and a danger toast says why. Resolves true when cleared.
 */
export async function clearChanges(applicationId: number): Promise<boolean> {
  const before = state.changes.get();
  state.changes.set([]);
  try {
    await getJson<unknown>(CHANGES_PATHS.clear, { ApplicationId: applicationId });
    return true;
  } catch (error) {
    restore(before);
    showToast(`The changes could not be cleared: ${messageOf(error)}`, { title: 'Changes', variant: 'danger' });
    return false;
  }
}

/** Put entries back, without duplicating any that a refresh meanwhile brought back. */
function restore(entries: readonly ChangeEntry[]): void {
  const current = state.changes.get();
  const key = (change: ChangeEntry) => `${change.parentApplicationRecordId}:${change.applicationRecordId}:${change.recordType}`;
  const present = new Set(current.map(key));
  state.changes.set([...current, ...entries.filter((change) => !present.has(key(change)))]);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Back to no changes loaded (tests, sign-out). */
export function resetChanges(): void {
  state.changes.set([]);
  state.applicationId.set(null);
}
