/**
 * The projects list's data (§7 getprojects) and its pure rules: search, sort with pinned projects
 * first, and where a project opens (its projection grid, or the legacy cost-management host for CM).
 */
import { getJson } from '../../core/api';
import { isCmProject, legacyCostManagementHref } from '../../core/menus';
import { PROJECTS_LIST_QUERIES, PROJECTS_PATH } from '../../core/projects/loads';

/** §7 load of every project the caller may see (open by default; `open=false` for closed ones). */
export { PROJECTS_PATH };

/** Shown instead of the list when the server refuses the caller (403: no keyPFM role). */
export const NO_ACCESS_MESSAGE = 'You do not have access to project data.';
/** Shown when the list could not be loaded for another reason. */
export const LOAD_FAILED_MESSAGE = 'The projects could not be loaded.';

export interface ProjectRow {
  projectId: number;
  legalEntityId: number;
  budgetId: number;
  number: string;
  name: string;
  legalEntityName: string;
  classification: string;
  closed: boolean;
}

export type SortKey = 'number' | 'name' | 'legalEntityName' | 'classification';
export interface SortOrder {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

type Loose = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const id = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(parsed) ? parsed : -1;
};

/** Read one getprojects row; null without a project id. `closed` comes from `active` (or `closed`). */
export function toProjectRow(raw: unknown, closedList = false): ProjectRow | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const row = raw as Loose;
  const projectId = id(row.projectId);
  if (projectId < 1) return null;
  const closed = closedList || row.closed === true || row.active === false || row.active === 0;
  return {
    projectId,
    legalEntityId: id(row.legalEntityId),
    budgetId: id(row.budgetId),
    number: text(row.number),
    name: text(row.name),
    legalEntityName: text(row.legalEntityName ?? row.legalEntity),
    classification: text(row.classification),
    closed,
  };
}

const rowsOf = (raw: unknown, closedList: boolean): ProjectRow[] =>
  (Array.isArray(raw) ? raw : []).map((row) => toProjectRow(row, closedList)).filter((row): row is ProjectRow => row !== null);

/** Every project the caller may see, open and closed (two calls, because `open` picks one or the other). */
export async function loadProjects(signal?: AbortSignal): Promise<ProjectRow[]> {
  const [open, closed] = await Promise.all(PROJECTS_LIST_QUERIES.map((query) => getJson<unknown>(PROJECTS_PATH, query, { signal })));
  const byId = new Map<number, ProjectRow>();
  for (const row of [...rowsOf(open, false), ...rowsOf(closed, true)]) byId.set(row.projectId, row);
  return [...byId.values()];
}

/** Projects whose number or name contains every word of `search` (any case). */
export function searchProjects(projects: readonly ProjectRow[], search: string): ProjectRow[] {
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...projects];
  return projects.filter((project) => {
    const haystack = `${project.number} ${project.name}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** Pinned projects first (in `order` among themselves), then the rest in `order`; ties by number. */
export function sortProjects(projects: readonly ProjectRow[], order: SortOrder, pinned: ReadonlySet<number>): ProjectRow[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  return [...projects].sort((a, b) => {
    const pin = Number(pinned.has(b.projectId)) - Number(pinned.has(a.projectId));
    if (pin !== 0) return pin;
    return sign * collator.compare(a[order.key], b[order.key]) || collator.compare(a.number, b.number) || a.projectId - b.projectId;
  });
}

/**
 * Where a project opens: CM projects the legacy cost-management page (a full page load), others
 * their projection grid with legalEntityId, projectId and budgetId in the query.
 */
export function projectHref(project: ProjectRow, legacyOrigin: string): string {
  if (isCmProject(project)) {
    return legacyCostManagementHref(project, legacyOrigin);
  }
  const query = new URLSearchParams({ legalEntityId: String(project.legalEntityId), projectId: String(project.projectId) });
  if (project.budgetId > 0) query.set('budgetId', String(project.budgetId));
  return `/pfm/projects/projectiongrid?${query.toString()}`;
}
