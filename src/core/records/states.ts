/**
 * Record states and the advancements the server offers (§3 record state, state advancement), and
 * field-level security by state (§6). Read through the API client. A record kind's states are kept
 * per page for the page's life (a few dozen at most); advancements and field security are NOT kept
 * (issue 15: an admin edits them in app records and the next workbench opened follows at once, no
 * page reload): only a call already in flight is shared.
 */
import { getJson } from '../api';
import { LOOKUP_TYPES } from '../lookups/types';
import { pageSingleton } from '../singleton';
import type { State } from '../workflow';

/** §3 record state as the API answers it. */
export interface RecordState extends State {
  displayText?: string;
  isInitial?: boolean;
}

/** §3 state advancement: a target state offered from the current one. */
export interface StateAdvancement {
  stateAdvancementId?: number;
  quickRoute: boolean;
  displayOrder?: number;
  targetApplicationRecordState: RecordState;
}

/** GET paths of the two state calls (demo/host/api/applications.ts). */
export const STATE_PATHS = {
  states: '/api/applications/GetApplicationRecordStates',
  advancements: '/api/applications/GetRecordStateAdvancements',
  authority: '/api/applications/GetRecordMoveAuthority',
} as const;

/**
 * The caller's authority on one target of a record's state (approval authority: role, amount, who may
 * not approve), as the server decides it, so the menu says it before the click.
 */
export interface MoveAuthority {
  targetApplicationRecordStateId: number;
  allowed: boolean;
  /** Why not ('Needs RPM approval above $25,000: Dana Whitfield'). */
  reason: string | null;
  /** The move asks for a reason typed (Executed without e-sign). */
  reasonRequired: boolean;
  approval: boolean;
}

interface StateCache {
  states: Map<string, Promise<RecordState[]>>;
  authority: Map<string, Promise<MoveAuthority[]>>;
  advancements: Map<number, Promise<StateAdvancement[]>>;
  fieldSecurity: Map<number, Promise<FieldSecurity | undefined>>;
}

// One per page, shared by every bundle copy on it.
const cache = pageSingleton<StateCache>('ui.records.states', () => ({ states: new Map(), authority: new Map(), advancements: new Map(), fieldSecurity: new Map() }));

function remember<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let pending = map.get(key);
  if (!pending) {
    pending = load();
    map.set(key, pending);
    // A failed answer is not kept: the next caller asks again.
    pending.catch(() => map.delete(key));
  }
  return pending;
}

/** Share a call while it is in flight only; the next caller after it settles asks the server again. */
function shareInFlight<K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let pending = map.get(key);
  if (!pending) {
    pending = load();
    map.set(key, pending);
    const forget = () => { if (map.get(key) === pending) map.delete(key); };
    pending.then(forget, forget);
  }
  return pending;
}

/** The states of a record kind ('ChangeEvent'), by display order. */
export function loadRecordStates(recordKey: string): Promise<RecordState[]> {
  return remember(cache.states, recordKey, async () => {
    const states = await getJson<RecordState[]>(STATE_PATHS.states, { applicationRecordKey: recordKey });
    return [...states].sort((a, b) => a.displayOrder - b.displayOrder);
  });
}

/** The caller's authority on each move of record `recordKey` `recordId` from its current state (not kept: amounts and roles change). */
export function loadMoveAuthority(recordKey: string, recordId: number): Promise<MoveAuthority[]> {
  return shareInFlight(cache.authority, `${recordKey}:${recordId}`, () => getJson<MoveAuthority[]>(STATE_PATHS.authority, { recordKey, recordId }));
}

/** The advancements offered from state `stateId`, quick routes first, then by display order. */
export function loadStateAdvancements(stateId: number): Promise<StateAdvancement[]> {
  return shareInFlight(cache.advancements, stateId, async () => {
    const list = await getJson<StateAdvancement[]>(STATE_PATHS.advancements, { applicationRecordStateId: stateId });
    return [...list].sort((a, b) => Number(b.quickRoute) - Number(a.quickRoute)
      || (a.displayOrder ?? 0) - (b.displayOrder ?? 0)
      || a.targetApplicationRecordState.displayOrder - b.targetApplicationRecordState.displayOrder);
  });
}

/** Forget cached states and advancements (tests). */
export function resetStateCache(): void {
  cache.states.clear();
  cache.advancements.clear();
  cache.fieldSecurity.clear();
}

/** One field's permission in a state (the fieldSecurity lookup's `fields`). */
export interface FieldPermission {
  fieldName: string;
  editable: boolean;
  visible: boolean;
}

/** The fieldSecurity lookup object (§3: keyed by lookupApplicationRecordStateId). */
export interface FieldSecurity {
  lookupApplicationRecordStateId: number;
  closed?: boolean;
  fields: FieldPermission[];
}

/** A record as its own load sends it (asked for by its record key): with the caller's field security in its state. */
export interface WithFieldSecurity {
  fieldSecurity?: FieldSecurity | null;
}

function permissionOf(fieldSecurity: FieldSecurity | null | undefined, field: string): FieldPermission | undefined {
  const lower = field.toLowerCase();
  return fieldSecurity?.fields?.find((f) => f.fieldName.toLowerCase() === lower);
}

/**
 * Whether `field` may be edited under `fieldSecurity` (the record's state's permissions). Not
 * loaded yet, or a field the state does not list, is not editable: the server refuses those too.
 */
export function fieldEditable(fieldSecurity: FieldSecurity | null | undefined, field: string): boolean {
  return permissionOf(fieldSecurity, field)?.editable === true;
}

/** Whether `field` is shown under `fieldSecurity`; a field the state does not list is visible. */
export function fieldVisible(fieldSecurity: FieldSecurity | null | undefined, field: string): boolean {
  return permissionOf(fieldSecurity, field)?.visible !== false;
}

/**
 * The caller's field security in state `stateId` (the fieldSecurity lookup's single call), asked of
 * the server each time (never from the lookup caches); undefined when unknown or failed (logged).
 */
export function loadFieldSecurity(stateId: number): Promise<FieldSecurity | undefined> {
  if (!Number.isInteger(stateId) || stateId < 1) return Promise.resolve(undefined);
  return shareInFlight(cache.fieldSecurity, stateId, async () => {
    try {
      return (await getJson<FieldSecurity | null>(LOOKUP_TYPES.fieldSecurity.single, { applicationRecordStateId: stateId })) ?? undefined;
    } catch (error) {
      console.error(`Field security of state ${stateId} failed to load`, error);
      return undefined;
    }
  });
}
