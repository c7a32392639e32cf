/**
 * May the signed-in user change a project's PFM data? (issue 15) The server's answer, read once per
 * project: the project menu (GetProjectMenuByProjectId / GetProjectMenu) carries `canWrite` for the
 * caller, false for a Viewer membership. Screens and workbenches read it through useProjectWrite
 * (src/ui/ProjectWrite.tsx) to hide their New, Save and Change state controls; every write is still
 * refused by the server (403 readOnly) whatever the screen shows.
 *
 * Unknown (not asked yet, no project at hand, the menu failed or said nothing) counts as may-write: the
 * controls show and the server decides.
 */
import { map, type MapStore } from 'nanostores';
import { getJson } from '../api';
import { pageSingleton } from '../singleton';

/** The project menu's paths (the header's project menu reads the same answers). */
export const PROJECT_MENU_PATHS = {
  byProject: '/api/pfm/projects/GetProjectMenuByProjectId',
  byBudget: '/api/pfm/budgets/GetProjectMenu',
} as const;

/** A project screen's scope: its project, else its budget (ids < 1: none). */
export interface ProjectWriteScope {
  projectId?: number | null;
  budgetId?: number | null;
}

type Access = Record<string, boolean | undefined>;
const state = pageSingleton<{ access: MapStore<Access> }>('projectWrite', () => ({ access: map<Access>({}) }));

/** `Project:<id>` / `Budget:<id>` → the menu's canWrite; absent while unknown. */
export const $projectWrite = state.access;

const valid = (id: number | null | undefined): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

/** The store key of a scope (its project, else its budget), or null when it names neither. */
export function projectWriteKey(scope: ProjectWriteScope): string | null {
  if (valid(scope.projectId)) return `Project:${scope.projectId}`;
  if (valid(scope.budgetId)) return `Budget:${scope.budgetId}`;
  return null;
}

/** True unless the project menu of the scope answered canWrite false. */
export function mayWrite(access: Readonly<Access>, scope: ProjectWriteScope): boolean {
  const key = projectWriteKey(scope);
  return key === null || access[key] !== false;
}

/** The `canWrite` of a project menu answer, or undefined when it has none. */
export function canWriteOf(answer: unknown): boolean | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const value = (answer as Record<string, unknown>).canWrite;
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * Ask the project menu of `scope` and keep its canWrite (a budget's answer is kept for its project too).
 * Answers it, or undefined when not known (no scope, a failed call, no flag): the key is then forgotten.
 */
export async function loadProjectWrite(scope: ProjectWriteScope): Promise<boolean | undefined> {
  const key = projectWriteKey(scope);
  if (key === null) return undefined;
  const byProject = key.startsWith('Project:');
  let answer: unknown;
  try {
    answer = await getJson<unknown>(byProject ? PROJECT_MENU_PATHS.byProject : PROJECT_MENU_PATHS.byBudget,
      byProject ? { ProjectId: scope.projectId } : { BudgetId: scope.budgetId });
  } catch {
    // The screen's own load says what went wrong; here the server's refusal of a write stays the authority.
    answer = undefined;
  }
  const canWrite = canWriteOf(answer);
  if (canWrite === undefined) {
    // nanostores: setting a key to undefined removes it.
    if ($projectWrite.get()[key] !== undefined) $projectWrite.setKey(key, undefined);
    return undefined;
  }
  $projectWrite.setKey(key, canWrite);
  const projectId = (answer as Record<string, unknown>).projectId;
  if (!byProject && typeof projectId === 'number' && valid(projectId)) $projectWrite.setKey(`Project:${projectId}`, canWrite);
  return canWrite;
}

/** Forget every answer (tests; a new sign-in). */
export function clearProjectWrite(): void {
  $projectWrite.set({});
}
