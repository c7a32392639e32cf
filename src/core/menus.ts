/**
 * The header's menus as data (§2 "Header navigation", §6): every entry with where it leads and the
 * access rule that shows it. A menu entry appears when the user has any role of its application key
 * (§6), or one of the listed roles for the role-specific entries. A menu with no visible entry is not
 * shown. The header renders whatever {@link visibleMenus} returns; nothing here knows React.
 */
import { HOLIDAY_CALENDAR_ADMINS, ruleAllows, TIMECARD_ADMINS, type AccessRule, type RoleEntry } from './access';
import { truncateMiddle } from './format/text';
import { CHANGE_MANAGEMENT_TABS, routeByName } from './router/routes';

/** One link of a rendered menu (ui/Menu.tsx draws it). */
export interface MenuLink {
  id: string;
  label: string;
  /** Absent: the entry is shown as text only (aria-disabled), e.g. a link from data that may not be followed. */
  href?: string;
  /** Full name on hover (e.g. a truncated project name). */
  title?: string;
  /** Opens in a new tab with rel="noopener noreferrer external" (never routed, never followed by script). */
  external?: boolean;
  /** Marks the entry for the current page. */
  current?: boolean;
  /** Small second line, shown as text. */
  note?: string;
}

/** A titled group of links inside one menu (e.g. the bell's groups, the APPS menu's apps). */
export interface MenuGroup {
  id: string;
  label: string;
  items: MenuLink[];
}

/** Where an entry leads: a portal route by name (hand-offs included), or a fixed path. */
export type MenuTarget = { route: string; query?: Readonly<Record<string, string | number>> } | { path: string };

/** One entry of a menu. */
export interface MenuEntry {
  /** Stable id, used as a React key and by tests. */
  id: string;
  /** The text shown (exact). */
  label: string;
  target: MenuTarget;
  /** Who sees it (a list: whoever any one of its rules allows); absent means everyone who sees the menu. */
  rule?: AccessRule | readonly AccessRule[];
}

/** One dropdown menu of a bar. */
export interface MenuDef {
  id: string;
  label: string;
  /** The menu itself needs this (e.g. the Administration menu needs keyAPPS, §6). */
  rule?: AccessRule;
  entries: readonly MenuEntry[];
}

/** A menu after filtering: only the entries the user may see, each with its href. */
export interface VisibleMenu {
  id: string;
  label: string;
  entries: Array<{ id: string; label: string; href: string }>;
}

const any = (key: AccessRule['key']): AccessRule => ({ key });

/** §6 role-specific rules. */
export const MENU_RULES = {
  timecardAdmin: TIMECARD_ADMINS,
  /** Those who maintain the regional holiday calendar (keyTC Admin / Timecard Admin, keyAdmin Admin); others reach it from no menu. */
  regionalCalendar: HOLIDAY_CALENDAR_ADMINS,
  defaultAssignments: { key: 'keyProjectSecurity', roles: ['Admin'] },
  pfmAdministration: { key: 'keyPFM', roles: ['Admin', 'RPM'] },
  pfmAdmin: { key: 'keyPFM', roles: ['Admin'] },
  administrationMenu: { key: 'keyAPPS' },
  itBilling: { key: 'keyIT' },
} as const satisfies Record<string, AccessRule | readonly AccessRule[]>;

/** PFM Administration: on the generic bar's Administration menu and on the PFM bar's own menu, the same entry. */
const PFM_ADMINISTRATION_ENTRY: MenuEntry = {
  id: 'pfm-administration', label: 'PFM Administration', target: { route: 'opportunitytimecardcostcode' }, rule: MENU_RULES.pfmAdministration,
};

/** The generic bar (§2): Project Toolbox, Subcontractor Risk Tools, Employee Tools, Administration. */
export const GENERIC_MENUS: readonly MenuDef[] = [
  {
    id: 'project-toolbox',
    label: 'Project Toolbox',
    entries: [
      { id: 'projects', label: 'Projects (PFM)', target: { route: 'projects' }, rule: any('keyPFM') },
      { id: 'access-request', label: 'Access Request', target: { route: 'accessRequest' }, rule: any('keyProjectSecurity') },
      { id: 'default-assignments', label: 'Default Assignments', target: { route: 'defaultAssignments' }, rule: MENU_RULES.defaultAssignments },
      { id: 'project-closeouts', label: 'Project Closeouts', target: { route: 'projectCloseouts' }, rule: any('keyProjectCloseout') },
    ],
  },
  {
    id: 'subcontractor-risk-tools',
    label: 'Subcontractor Risk Tools',
    entries: [
      { id: 'slim-queue', label: 'SLIM Queue', target: { route: 'slimqueue' }, rule: any('keySLIM') },
      { id: 'sra', label: 'SRA', target: { route: 'sra' }, rule: any('keyRISK') },
      { id: 'brat', label: 'BRAT', target: { route: 'brat' }, rule: any('keyBRAT') },
    ],
  },
  {
    id: 'employee-tools',
    label: 'Employee Tools',
    entries: [
      { id: 'my-timecard', label: 'My Timecard', target: { route: 'timecard' }, rule: any('keyTC') },
      { id: 'manage-timecard', label: 'Manage Timecard', target: { route: 'manageTimecards' }, rule: MENU_RULES.timecardAdmin },
      // The preview of the weekly timecard is still a legacy page (§2 hand-off /pr/Timecards/weeklyredirect).
      { id: 'timecard-preview', label: 'Timecard Preview', target: { route: 'legacyTimecardWeekly' }, rule: MENU_RULES.timecardAdmin },
      { id: 'pto-requests', label: 'PTO Requests', target: { route: 'requests' }, rule: any('keyPTO') },
      // The regional holiday calendar is a legacy page (§2 hand-off /pr/Requests/ManageRegionalCalendar).
      { id: 'regional-calendar', label: 'Regional Calendar', target: { route: 'legacyRegionalCalendar' }, rule: MENU_RULES.regionalCalendar },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    rule: MENU_RULES.administrationMenu,
    entries: [
      { id: 'admin-home', label: 'Admin Home', target: { route: 'adminHome' }, rule: any('keyAdmin') },
      { id: 'app-records', label: 'App Records', target: { route: 'appRecords' }, rule: any('keyAdmin') },
      { id: 'user-management', label: 'User Management', target: { route: 'userManagement' }, rule: any('keyUserManagement') },
      { id: 'it-billing', label: 'IT Billing', target: { route: 'billing' }, rule: MENU_RULES.itBilling },
      PFM_ADMINISTRATION_ENTRY,
    ],
  },
];

/** §2 readable labels of the change-management tabs, in tab order. */
export const CHANGE_MANAGEMENT_TAB_LABELS: Readonly<Record<(typeof CHANGE_MANAGEMENT_TABS)[number], string>> = {
  'initiating-documents': 'Initiating Documents',
  'change-events': 'Change Events',
  'request-for-proposals': 'Request For Proposals',
  'change-requests': 'Change Requests',
};

/** The workbench kinds the header opens by query (§2 workbenches). */
export const HEADER_WORKBENCHES = {
  projectConfiguration: 'ProjectConfiguration',
  reports: 'Reports',
  documentTemplates: 'DocumentTemplateAdministration',
} as const;

/**
 * The PFM bar's fixed menus (§2): Project Financial Management and its Administration menu
 * (Document Templates, Sub Ratings, ESign, for keyPFM Admin). The change-management tab menu, the
 * pinned projects, the project menu and the APPS menu depend on the page and are built by the header.
 */
export const PFM_MENUS: readonly MenuDef[] = [
  {
    id: 'pfm',
    label: 'Project Financial Management',
    entries: [
      { id: 'pfm-projects', label: 'Projects', target: { route: 'projects' }, rule: any('keyPFM') },
      { id: 'pfm-surveys', label: 'Surveys', target: { route: 'surveys' }, rule: any('keyPFM') },
      { id: 'pfm-opportunity-cost-codes', label: 'Opportunity Timecard Cost Codes', target: { route: 'opportunitytimecardcostcode' }, rule: any('keyPFM') },
      PFM_ADMINISTRATION_ENTRY,
    ],
  },
  {
    id: 'pfm-admin',
    label: 'Administration',
    rule: MENU_RULES.pfmAdmin,
    entries: [
      { id: 'document-templates', label: 'Document Templates', target: { route: 'projects', query: { workbench: HEADER_WORKBENCHES.documentTemplates } }, rule: MENU_RULES.pfmAdmin },
      { id: 'sub-ratings', label: 'Sub Ratings', target: { route: 'subrating' }, rule: MENU_RULES.pfmAdmin },
      { id: 'esign', label: 'ESign', target: { route: 'esign' }, rule: MENU_RULES.pfmAdmin },
    ],
  },
];

/** The href of a menu target: the route's path (aliases resolved) with its query. */
export function targetHref(target: MenuTarget): string {
  if ('path' in target) return target.path;
  const route = routeByName(target.route);
  if (!route || typeof route.path !== 'string') throw new Error(`Menu target '${target.route}' is not a route with a fixed path`);
  const query = new URLSearchParams(Object.entries(target.query ?? {}).map(([name, value]) => [name, String(value)])).toString();
  return query ? `${route.path}?${query}` : route.path;
}

/** True when `roles` let the user see this entry (no rule: everyone; a list: any one of its rules). */
export function entryVisible(entry: { rule?: AccessRule | readonly AccessRule[] }, roles: readonly RoleEntry[]): boolean {
  if (!entry.rule) return true;
  const rules: readonly AccessRule[] = 'key' in entry.rule ? [entry.rule] : entry.rule;
  return rules.some((rule) => ruleAllows(roles, rule));
}

/**
 * The menus the user sees, in order: entries filtered by their rules, menus whose own rule fails or
 * that are left empty dropped.
 */
export function visibleMenus(menus: readonly MenuDef[], roles: readonly RoleEntry[]): VisibleMenu[] {
  const shown: VisibleMenu[] = [];
  for (const menu of menus) {
    if (!entryVisible(menu, roles)) continue;
    const entries = menu.entries
      .filter((entry) => entryVisible(entry, roles))
      .map((entry) => ({ id: entry.id, label: entry.label, href: targetHref(entry.target) }));
    if (entries.length > 0) shown.push({ id: menu.id, label: menu.label, entries });
  }
  return shown;
}

/** The change-management tab links for a project or budget context (ids ≤ 0 are left out). */
export function changeManagementTabLinks(context: { projectId?: number; budgetId?: number }): Array<{ id: string; label: string; href: string }> {
  return CHANGE_MANAGEMENT_TABS.map((tab) => {
    const query = new URLSearchParams({ activeTab: tab });
    if (context.projectId !== undefined && context.projectId > 0) query.set('projectId', String(context.projectId));
    if (context.budgetId !== undefined && context.budgetId > 0) query.set('budgetId', String(context.budgetId));
    return { id: tab, label: CHANGE_MANAGEMENT_TAB_LABELS[tab], href: `/pfm/projects/changemanagement?${query.toString()}` };
  });
}

/** How the header may follow a link that came from data (a workflow's directLink). */
export type LinkKind = 'portal' | 'legacy' | 'external' | 'invalid';

/**
 * Classify a link from data: 'portal' (a path on this origin), 'legacy' (the legacy host), 'external'
 * (another http(s) origin: only ever opened by an explicit click, in a new tab) or 'invalid'
 * (anything else, e.g. `javascript:`; shown as text only).
 */
export function classifyLink(link: string | null | undefined, context: { origin: string; legacyOrigin: string }): { kind: LinkKind; href: string } {
  const text = (link ?? '').trim();
  if (!text) return { kind: 'invalid', href: '' };
  let url: URL;
  try {
    url = new URL(text, context.origin);
  } catch {
    return { kind: 'invalid', href: '' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'invalid', href: '' };
  if (url.origin === new URL(context.origin).origin) return { kind: 'portal', href: url.pathname + url.search + url.hash };
  if (url.origin === new URL(context.legacyOrigin).origin) return { kind: 'legacy', href: url.href };
  return { kind: 'external', href: url.href };
}

// The §2 project menu and the pinned projects: computed from the project, so pure functions rather than data.

/** What the project links read of a project. */
export interface MenuProject {
  projectId: number;
  budgetId: number;
  number: string;
  name: string;
  classification: string;
  procoreProjectId: number | null;
}

/** Classification of projects that still live in the legacy cost-management tool (§2). */
export const CM_CLASSIFICATION = 'CM';

export const isCmProject = (project: Pick<MenuProject, 'classification'>): boolean => project.classification.trim().toUpperCase() === CM_CLASSIFICATION;

/** The legacy cost-management page of a CM project. */
export function legacyCostManagementHref(project: Pick<MenuProject, 'projectId'>, legacyOrigin: string): string {
  return `${legacyOrigin.replace(/\/$/, '')}/costmanagement/costmanagement/cm?projectId=${project.projectId}`;
}

/** The project's query (projectId, and budgetId when known). */
function projectQuery(project: MenuProject): string {
  const query = new URLSearchParams({ projectId: String(project.projectId) });
  if (project.budgetId > 0) query.set('budgetId', String(project.budgetId));
  return query.toString();
}

/** Where a project opens from the pinned-project list: its projection grid, or the legacy host for CM projects. */
export function projectHref(project: MenuProject, legacyOrigin: string): string {
  return isCmProject(project) ? legacyCostManagementHref(project, legacyOrigin) : `/pfm/projects/projectiongrid?${projectQuery(project)}`;
}

/** The Procore project page, or '' without an https domain or a Procore project id. */
export function procoreHref(domain: string, procoreProjectId: number | null): string {
  if (!procoreProjectId || !domain) return '';
  let url: URL;
  try {
    url = new URL(domain.includes('://') ? domain : `https://${domain}`);
  } catch {
    return '';
  }
  if (url.protocol !== 'https:') return '';
  return `${url.origin}/${procoreProjectId}/project/home`;
}

/** The current location with `workbench` set (Configure Project and Reports open workbenches over the screen). */
export function workbenchHref(currentPath: string, currentSearch: string, workbench: string): string {
  const query = new URLSearchParams(currentSearch);
  query.set('workbench', workbench);
  return `${currentPath}?${query.toString()}`;
}

export interface ProjectMenuContext {
  legacyOrigin: string;
  betaUser: boolean;
  procoreDomain: string;
  currentPath: string;
  currentSearch: string;
}

/** §2 project menu items, in order. A CM project gets only its legacy cost-management link. */
export function projectMenuItems(project: MenuProject, context: ProjectMenuContext): MenuLink[] {
  if (isCmProject(project)) {
    return [{ id: 'cost-management', label: 'Cost Management', href: legacyCostManagementHref(project, context.legacyOrigin), note: 'This project is managed in Cost Management' }];
  }
  const query = projectQuery(project);
  const screen = (id: string, label: string, path: string): MenuLink => ({ id, label, href: `/pfm/projects/${path}?${query}` });
  const items: MenuLink[] = [
    screen('buyout', 'Buyout & SRA', 'buyout'),
    screen('projectiongrid', 'Projection Grid', 'projectiongrid'),
    screen('projectiongridunit', 'Units Grid', 'projectiongridunit'),
    screen('projectiongridhour', 'Hours Grid', 'projectiongridhour'),
    screen('forecast', 'Forecast Periods', 'forecast'),
    screen('commitments', 'Commitments', 'commitments'),
    screen('changemanagement', 'Change Management', 'changemanagement'),
    screen('owneragreements', 'Owner Agreements', 'owneragreements'),
    screen('costadjustments', 'Cost Adjustments', 'costadjustments'),
    screen('directcosts', 'Direct Costs', 'directcosts'),
    screen('payapplications', 'Pay Applications', 'payapplications'),
    { id: 'subratings', label: 'Sub Ratings', href: `/SR/Brats?projectId=${project.projectId}` },
  ];
  if (context.betaUser) items.push(screen('esign', 'ESign', 'esign'));
  items.push(screen('dataquality', 'Data Quality', 'dataquality'));
  const procore = procoreHref(context.procoreDomain, project.procoreProjectId);
  if (procore) items.push({ id: 'procore', label: 'Procore Project', href: procore, external: true });
  items.push(
    { id: 'configure', label: 'Configure Project', href: workbenchHref(context.currentPath, context.currentSearch, HEADER_WORKBENCHES.projectConfiguration) },
    { id: 'reports', label: 'Reports', href: workbenchHref(context.currentPath, context.currentSearch, HEADER_WORKBENCHES.reports) },
  );
  return items;
}

/** The pinned-project list: names truncated in the middle at 50, the full name on hover (§9). */
export function pinnedProjectItems(pins: readonly MenuProject[], legacyOrigin: string): MenuLink[] {
  return pins.map((project) => {
    const full = project.number ? `${project.number} ${project.name}` : project.name;
    return { id: `pin-${project.projectId}`, label: truncateMiddle(full), title: full, href: projectHref(project, legacyOrigin) };
  });
}
