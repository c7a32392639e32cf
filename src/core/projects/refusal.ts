/**
 * The "not on this project's team" refusal (issue 15), noted ONCE for every screen: the API client
 * hands each failed GET's body to {@link noteProjectRefusal}; a 403 carrying ProjectAccessRefusal
 * `notOnTeam` is kept with the page address it happened on. The portal shows PROJECT_SECURITY_TEXT
 * and "Request access" in place of the screen while the address stays the same (src/ui/ProjectRefusal.tsx).
 */
import { atom, type WritableAtom } from 'nanostores';
import { pageSingleton } from '../singleton';
import type { ProjectAccessRefusal } from './team';

export interface NotedRefusal extends ProjectAccessRefusal {
  /** pathname + search of the page when the refusal came. */
  href: string;
}

const state = pageSingleton<{ refusal: WritableAtom<NotedRefusal | null> }>('projectRefusal', () => ({ refusal: atom<NotedRefusal | null>(null) }));

/** The last project refusal of a load, or null. */
export const $projectRefusal = state.refusal;

/** The refusal facts of a 403 body, or null when it is not one. */
export function projectRefusalOf(body: unknown): ProjectAccessRefusal | null {
  if (typeof body !== 'object' || body === null) return null;
  const { projectAccess, projectId, projectNumber, projectName } = body as Record<string, unknown>;
  if ((projectAccess !== 'notOnTeam' && projectAccess !== 'readOnly') || typeof projectId !== 'number') return null;
  return { projectAccess, projectId, projectNumber: String(projectNumber ?? projectId), projectName: String(projectName ?? '') };
}

/** The page's address as the refusal is keyed. */
export const currentHref = (): string => (typeof location === 'undefined' ? '' : `${location.pathname}${location.search}`);

/** Keep a load's `notOnTeam` refusal (a status 403 body); anything else is ignored. */
export function noteProjectRefusal(status: number, body: unknown): void {
  if (status !== 403) return;
  const refusal = projectRefusalOf(body);
  if (refusal?.projectAccess === 'notOnTeam') $projectRefusal.set({ ...refusal, href: currentHref() });
}

export function clearProjectRefusal(): void {
  $projectRefusal.set(null);
}
