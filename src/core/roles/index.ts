/**
 * The signed-in user's roles (§6) and the access check the route guard and menus use (§5, §6).
 * Roles come per application key from GET /api/applications/getApplicationRoleAccess (§7).
 */
import { atom, computed } from 'nanostores';
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { roleAllows } from '../access';
import type { RoleEntry } from '../access';
import { getJson } from '../api';
import { pageSingleton } from '../singleton';

export type { RoleEntry } from '../access';

/** Where the role load stands. 'failed' still counts as loaded: roles are empty and guards deny. */
export type RolesStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface RolesState {
  roles: WritableAtom<RoleEntry[]>;
  status: WritableAtom<RolesStatus>;
  inFlight: Promise<void> | null;
  /** Bumped by setRoles/resetRoles so a load started earlier cannot overwrite newer roles. */
  generation: number;
}

// One set of role stores per page, so the guard and the header agree even when a legacy page loads
// the bundle twice.
const state = pageSingleton<RolesState>('roles', () => ({
  roles: atom<RoleEntry[]>([]),
  status: atom<RolesStatus>('idle'),
  inFlight: null,
  generation: 0,
}));

/** The user's role entries, one per application key and role name. */
export const $roles: ReadableAtom<RoleEntry[]> = state.roles;
/** The load status of {@link $roles}. */
export const $rolesStatus: ReadableAtom<RolesStatus> = state.status;
/** True once roles have loaded or failed to load (then empty), i.e. when guards may decide. */
export const $rolesLoaded: ReadableAtom<boolean> = computed(state.status, isSettled);

function isSettled(status: RolesStatus): boolean {
  return status === 'loaded' || status === 'failed';
}

/** The role-access call of §7. */
export const ROLE_ACCESS_PATH = '/api/applications/getApplicationRoleAccess';

const fetchRoleAccess = () => getJson<RoleEntry[]>(ROLE_ACCESS_PATH);

/**
 * Loads the user's roles into {@link $roles}. Concurrent calls share one request. A failure (or a
 * response that is not a list) is logged only (§8) and leaves the roles empty but settled, so guards
 * stop waiting and deny. Entries without a string applicationKey and name are dropped.
 */
export function loadRoles(fetchRoles: () => Promise<RoleEntry[]> = fetchRoleAccess): Promise<void> {
  return startLoad(fetchRoles, false);
}

/**
 * Reloads the roles without unsettling them: the portal calls it on every navigation, so a role
 * granted or revoked since sign-in counts on the next screen (issue 15). While it runs the status
 * stays settled (the screen is not swapped for a wait); concurrent calls, and a first load still in
 * flight, share one request; the roles store changes only when the roles did. A failure is logged
 * and keeps the roles as they were (the server still checks every call).
 */
export function refreshRoles(fetchRoles: () => Promise<RoleEntry[]> = fetchRoleAccess): Promise<void> {
  return startLoad(fetchRoles, isSettled(state.status.get()));
}

function startLoad(fetchRoles: () => Promise<RoleEntry[]>, refresh: boolean): Promise<void> {
  if (state.inFlight) return state.inFlight;
  const generation = state.generation;
  if (!refresh) state.status.set('loading');
  const load = fetchInto(fetchRoles, generation, refresh).finally(() => {
    if (state.inFlight === load) state.inFlight = null;
  });
  state.inFlight = load;
  return load;
}

const roleKey = (entries: readonly RoleEntry[]): string => JSON.stringify(entries.map((entry) => [entry.applicationKey, entry.name]));

async function fetchInto(fetchRoles: () => Promise<RoleEntry[]>, generation: number, refresh: boolean): Promise<void> {
  try {
    // Awaited in a microtask so a fetcher that throws at once is handled like a rejected one.
    const entries: unknown = await Promise.resolve().then(fetchRoles);
    if (!Array.isArray(entries)) throw new TypeError('Role access response is not a list');
    if (generation !== state.generation) return;
    const next = entries.filter(isRoleEntry);
    if (!refresh || roleKey(next) !== roleKey(state.roles.get())) state.roles.set(next);
    state.status.set('loaded');
  } catch (error) {
    console.error(refresh ? 'Role refresh failed' : 'Role load failed', error);
    if (refresh || generation !== state.generation) return;
    state.roles.set([]);
    state.status.set('failed');
  }
}

function isRoleEntry(entry: unknown): entry is RoleEntry {
  const candidate = entry as Partial<RoleEntry> | null;
  return typeof candidate?.applicationKey === 'string' && typeof candidate.name === 'string';
}

/**
 * True when the user has a role of application `key` that is in `allowedRoles` (case-insensitive:
 * 'project manager' matches 'Project Manager'). Without `allowedRoles`, any role of the key will do
 * (menus, §6). Reads the current {@link $roles} unless `roles` is given.
 */
export function hasAccess(key: string, allowedRoles?: readonly string[], roles: readonly RoleEntry[] = state.roles.get()): boolean {
  return roleAllows(roles, key, allowedRoles);
}

/**
 * Resolves with the roles once they have loaded or failed to load; at once when they already have.
 * The route guard waits on this (§5).
 */
export function whenRolesLoaded(): Promise<RoleEntry[]> {
  if (isSettled(state.status.get())) return Promise.resolve(state.roles.get());
  return new Promise((resolve) => {
    const stop = state.status.listen((status) => {
      if (!isSettled(status)) return;
      stop();
      resolve(state.roles.get());
    });
  });
}

/** Sets the roles directly and marks them loaded (tests, or roles that arrive another way). */
export function setRoles(entries: readonly RoleEntry[]): void {
  state.generation += 1;
  state.inFlight = null;
  state.roles.set([...entries]);
  state.status.set('loaded');
}

/** Clears the roles back to not loaded (sign-out, tests). A load still in flight is ignored. */
export function resetRoles(): void {
  state.generation += 1;
  state.inFlight = null;
  state.roles.set([]);
  state.status.set('idle');
}
