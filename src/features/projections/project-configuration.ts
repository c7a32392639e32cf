/**
 * The Project Configuration workbench's data: the project's settings (GetProjectByProjectId) and its
 * budgets (getbudgets with recordKey Project), both read-only.
 */
import { getJson } from '../../core/api';
import { PROJECTION_PATHS } from '../../core/projections/contract';

/** The project's settings load (§7). */
export const PROJECT_SETTINGS_PATH = '/api/pfm/projects/GetProjectByProjectId';

/** The project as GetProjectByProjectId answers it (the fields the workbench shows). */
export interface ProjectSettings {
  projectId: number; legalEntityId: number; number: string; name: string; classification: string; procoreProjectId: number | string | null;
  projectDescription: string | null; city: string | null; state: string | null; projectManagerName: string | null; contractAmount: number | null;
  startDate: string | null; completionDate: string | null; active: number | boolean; legalEntityName?: string;
}

/** A budget of the project as getbudgets answers it (the fields the workbench shows). */
export interface ProjectBudgetSettings { budgetId: number; jobNumber: string; name: string; budgetLock: number | boolean; budgetLockReason: string | null; rollUpBudgetId: number | null }

/** The project's settings. */
export function loadProjectSettings(projectId: number): Promise<ProjectSettings> {
  return getJson<ProjectSettings>(PROJECT_SETTINGS_PATH, { projectId });
}

/** The project's budgets. */
export function loadProjectBudgetSettings(projectId: number): Promise<ProjectBudgetSettings[]> {
  return getJson<ProjectBudgetSettings[]>(PROJECTION_PATHS.budgets, { recordKey: 'Project', recordId: projectId });
}
