/**
 * The header's server data (§7): the current user, open items, pinned projects, the project menu and
 * the Procore domain. Answers are read defensively (fields may be missing) into small typed shapes;
 * every text from here is rendered as text only.
 */
import { CURRENT_USER_PATH, loadCurrentUser as loadSharedCurrentUser } from '../../core/auth/current-user';
import { getBlob, getJson } from '../../core/api';
import type { MenuProject } from '../../core/menus';

/** §7 paths the header calls. */
export const HEADER_PATHS = {
  currentUser: CURRENT_USER_PATH,
  profilePhoto: '/api/employees/profilephoto.png',
  openItems: '/api/common/GetOpenItemsByEmployee',
  projectPins: '/api/pfm/projects/GetProjectPins',
  projectMenuByProject: '/api/pfm/projects/GetProjectMenuByProjectId',
  projectMenuByBudget: '/api/pfm/budgets/GetProjectMenu',
  procoreDomain: '/api/procore/getprocoredomain',
} as const;

export interface CurrentUser {
  employeeId: number;
  employeeKey: string;
  email: string;
  preferredName: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  initials: string;
  betaUser: boolean;
}

export interface OpenWorkflow {
  id: number;
  documentNumber: string;
  workflowTrigger: string;
  phaseName: string;
  directLink: string;
}

export interface PendingBudget {
  budgetId: number;
  projectId: number;
  projectName: string;
  month: string;
}

export interface PendingPtoRequest {
  requestId: number;
  title: string;
  employeeName: string;
  startDate: string;
  endDate: string;
}

export interface TimecardDue {
  timecardId: number;
  employeeId: number;
  weekEnding: string;
  dueDate: string;
  enteredHours: number;
  expectedHours: number;
}

/** Submitted timecards waiting for the user's approval (issue 29): one item, "Timecards to approve (N)". */
export interface TimecardsToApprove {
  count: number;
  directLink: string;
}

/** Something decided about the user's own card or request (issue 29): "Timecard 11/22–11/28 rejected by …: …". */
export interface OpenItemNotice {
  id: string;
  kind: string;
  /** The server's sentence, shown as text. */
  text: string;
  /** When it was decided (ISO). */
  at: string;
  directLink: string;
}

export interface OpenItems {
  openWorkflows: OpenWorkflow[];
  budgetsPendingProjections: PendingBudget[];
  pendingPtoRequests: PendingPtoRequest[];
  /** The timecard needing submission, or null when none does. */
  timecard: TimecardDue | null;
  /** Null when none waits (count 0) or the server does not say. */
  timecardsToApprove: TimecardsToApprove | null;
  notices: OpenItemNotice[];
}

/** The project the header's project menu is for (core/menus.ts builds its links). */
export type ProjectSummary = MenuProject;

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const num = (value: unknown, fallback = -1): number => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
};
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isObject) : []);
/** The first present field among `names` (servers differ in case: projectID, ProjectId…). */
const pick = (source: Loose, ...names: string[]): unknown => {
  for (const name of names) if (source[name] !== undefined && source[name] !== null) return source[name];
  const lower = Object.fromEntries(Object.entries(source).map(([key, value]) => [key.toLowerCase(), value]));
  for (const name of names) if (lower[name.toLowerCase()] !== undefined && lower[name.toLowerCase()] !== null) return lower[name.toLowerCase()];
  return undefined;
};

/** Initials from a name: 'Dana Whitfield' → 'DW'. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Read a GetCurrentUser answer. */
export function toCurrentUser(raw: unknown): CurrentUser | null {
  if (!isObject(raw)) return null;
  const preferredName = text(pick(raw, 'preferredName', 'displayText')) || `${text(raw.firstName)} ${text(raw.lastName)}`.trim();
  return {
    employeeId: num(pick(raw, 'employeeId', 'id')),
    employeeKey: text(pick(raw, 'employeeKey', 'key')),
    email: text(pick(raw, 'email', 'emailAddress')),
    preferredName,
    firstName: text(raw.firstName),
    lastName: text(raw.lastName),
    jobTitle: text(raw.jobTitle),
    initials: text(raw.initials) || initialsOf(preferredName),
    betaUser: pick(raw, 'betaUser') === true || pick(raw, 'betaUser') === 1,
  };
}

/** Read a GetOpenItemsByEmployee answer. */
export function toOpenItems(raw: unknown): OpenItems {
  const source = isObject(raw) ? raw : {};
  const timecardRaw = pick(source, 'timecardNeedsSubmission');
  let timecard: TimecardDue | null = null;
  // The flag may come as an object describing the timecard, or as true with the details beside it.
  const details = isObject(timecardRaw) ? timecardRaw : timecardRaw === true ? (isObject(source.timecard) ? source.timecard : source) : null;
  // The demo host sends { flag, dueDate, enteredHours, expectedHours, … }; flag false means none.
  if (details && (timecardRaw === true || (details.flag !== false && details.needsSubmission !== false))) {
    timecard = {
      timecardId: num(pick(details, 'timecardId')),
      employeeId: num(pick(details, 'employeeId')),
      weekEnding: text(pick(details, 'weekEnding')),
      dueDate: text(pick(details, 'dueDate')),
      enteredHours: num(pick(details, 'enteredHours', 'hoursEntered'), 0),
      expectedHours: num(pick(details, 'expectedHours', 'hoursExpected'), 0),
    };
  }
  return {
    openWorkflows: list(pick(source, 'openWorkflows')).map((item) => ({
      id: num(pick(item, 'workflowInstanceId', 'id')),
      documentNumber: text(pick(item, 'documentNumber')),
      workflowTrigger: text(pick(item, 'workflowTrigger')),
      phaseName: text(pick(item, 'phaseName')),
      directLink: text(pick(item, 'directLink')),
    })),
    budgetsPendingProjections: list(pick(source, 'budgetsPendingProjections')).map((item) => ({
      budgetId: num(pick(item, 'budgetId')),
      projectId: num(pick(item, 'projectId')),
      projectName: text(pick(item, 'projectName', 'name', 'displayText')),
      month: text(pick(item, 'month')),
    })),
    pendingPtoRequests: list(pick(source, 'pendingPtoRequests')).map((item) => ({
      requestId: num(pick(item, 'requestId', 'id')),
      title: text(pick(item, 'title')),
      employeeName: text(pick(item, 'employeeName', 'preferredName')),
      startDate: text(pick(item, 'startDate')),
      endDate: text(pick(item, 'endDate')),
    })),
    timecard,
    timecardsToApprove: toApprove(pick(source, 'timecardsToApprove')),
    notices: list(pick(source, 'notices')).map((item) => ({
      id: text(pick(item, 'id')),
      kind: text(pick(item, 'kind')),
      text: text(pick(item, 'text')),
      at: text(pick(item, 'at')),
      directLink: text(pick(item, 'directLink')),
    })).filter((notice) => notice.text !== ''),
  };
}

function toApprove(raw: unknown): TimecardsToApprove | null {
  if (!isObject(raw)) return null;
  const count = num(pick(raw, 'count'), 0);
  return count > 0 ? { count, directLink: text(pick(raw, 'directLink')) } : null;
}

/**
 * §7 bell count: workflows + budgets + PTO requests + 1 when a timecard needs submission; issue 29:
 * + each timecard waiting for approval + each decision about the user's own cards and requests.
 */
export function openItemCount(items: OpenItems): number {
  return items.openWorkflows.length + items.budgetsPendingProjections.length + items.pendingPtoRequests.length + (items.timecard ? 1 : 0)
    + (items.timecardsToApprove?.count ?? 0) + items.notices.length;
}

/** Read one project (a pin or a project menu answer). */
export function toProject(raw: unknown): ProjectSummary | null {
  if (!isObject(raw)) return null;
  const projectId = num(pick(raw, 'projectId'));
  if (projectId < 1) return null;
  const procore = num(pick(raw, 'procoreProjectId'), NaN);
  return {
    projectId,
    budgetId: num(pick(raw, 'budgetId')),
    number: text(pick(raw, 'number', 'projectNumber')),
    name: text(pick(raw, 'name', 'projectName', 'displayText')),
    classification: pick(raw, 'isCM') === true ? 'CM' : text(pick(raw, 'classification')),
    procoreProjectId: Number.isFinite(procore) && procore > 0 ? procore : null,
  };
}

/** The signed-in employee for the avatar: the one cached answer of core/auth (screens asking "is this me?" share it). */
export const loadCurrentUser = async (): Promise<CurrentUser | null> => toCurrentUser(await loadSharedCurrentUser());

/** The user's open items; the timecard, which the answer gives without an owner, is theirs. */
export async function loadOpenItems(employeeId: number): Promise<OpenItems> {
  const items = toOpenItems(await getJson<unknown>(HEADER_PATHS.openItems, { employeeId }));
  if (items.timecard && items.timecard.employeeId < 1) items.timecard.employeeId = employeeId;
  return items;
}

/** The numeric id of an application key (change tracking takes ApplicationId), or undefined. */
export async function loadApplicationId(applicationKey: string): Promise<number | undefined> {
  // Loaded on demand: only PFM screens need it, and they bring the lookups chunk anyway.
  const { lookupObject } = await import('../../core/lookups');
  const application = await lookupObject<Record<string, unknown>>('application', applicationKey);
  const id = application ? num(application.applicationId) : -1;
  return id > 0 ? id : undefined;
}

/** The project menu's project, by project id (> 0) or else by budget id (> 0). */
export async function loadProjectMenu(context: { projectId: number; budgetId: number }): Promise<ProjectSummary | null> {
  if (context.projectId > 0) return toProject(await getJson<unknown>(HEADER_PATHS.projectMenuByProject, { ProjectId: context.projectId }));
  if (context.budgetId > 0) return toProject(await getJson<unknown>(HEADER_PATHS.projectMenuByBudget, { BudgetId: context.budgetId }));
  return null;
}

/** The Procore web domain (`stringValue`), or '' when unknown. */
export async function loadProcoreDomain(): Promise<string> {
  const raw = await getJson<unknown>(HEADER_PATHS.procoreDomain);
  return isObject(raw) ? text(raw.stringValue) : typeof raw === 'string' ? raw : '';
}

/** The profile photo as a blob (the bearer token goes in a header, which an `<img src>` cannot carry). */
export const loadProfilePhoto = (user: CurrentUser): Promise<Blob> => getBlob(HEADER_PATHS.profilePhoto, { Email: user.email, key: user.employeeKey });
