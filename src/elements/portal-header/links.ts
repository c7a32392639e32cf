/**
 * The header's computed links (§2 project menu, open items). Pure, so tests can check every href.
 */
import { classifyLink, HEADER_WORKBENCHES } from '../../core/menus';
import { formatDate, lateness, timecardDueInstant } from '../../core/format/dates';
import { clockNowMs } from '../../core/server-clock';
import { truncateMiddle } from '../../core/format/text';
import type { MenuGroup, MenuLink } from '../../ui/Menu';
import type { OpenItems, ProjectSummary } from './data';

/** Classification of projects that still live in the legacy cost-management tool (§2). */
export const CM_CLASSIFICATION = 'CM';

export const isCmProject = (project: ProjectSummary) => project.classification.trim().toUpperCase() === CM_CLASSIFICATION;

/** The legacy cost-management page of a CM project. */
export function legacyCostManagementHref(project: ProjectSummary, legacyOrigin: string): string {
  return `${legacyOrigin.replace(/\/$/, '')}/costmanagement/costmanagement/cm?projectId=${project.projectId}`;
}

/** The project's query (projectId, and budgetId when known). */
function projectQuery(project: ProjectSummary): string {
  const query = new URLSearchParams({ projectId: String(project.projectId) });
  if (project.budgetId > 0) query.set('budgetId', String(project.budgetId));
  return query.toString();
}

/** Where a project opens from the pinned-project list: its projection grid, or the legacy host for CM projects. */
export function projectHref(project: ProjectSummary, legacyOrigin: string): string {
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
export function projectMenuItems(project: ProjectSummary, context: ProjectMenuContext): MenuLink[] {
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
export function pinnedProjectItems(pins: readonly ProjectSummary[], legacyOrigin: string): MenuLink[] {
  return pins.map((project) => {
    const full = project.number ? `${project.number} ${project.name}` : project.name;
    return { id: `pin-${project.projectId}`, label: truncateMiddle(full), title: full, href: projectHref(project, legacyOrigin) };
  });
}

/** The bell's groups: each open item links to where it is handled. External direct links are never followed by script. */
export function openItemGroups(items: OpenItems, context: { origin: string; legacyOrigin: string }): MenuGroup[] {
  const workflows: MenuLink[] = items.openWorkflows.map((workflow) => {
    const label = [workflow.documentNumber, workflow.workflowTrigger].filter(Boolean).join(' · ') || 'Workflow';
    const link = classifyLink(workflow.directLink, context);
    const id = `workflow-${workflow.id}`;
    switch (link.kind) {
      case 'portal':
      case 'legacy':
        return { id, label, href: link.href, note: workflow.phaseName };
      case 'external':
        return { id, label, href: link.href, external: true, note: `External site: ${new URL(link.href).host}` };
      default:
        return { id, label, note: `${workflow.phaseName ? `${workflow.phaseName} · ` : ''}No usable link` };
    }
  });
  const budgets: MenuLink[] = items.budgetsPendingProjections.map((budget) => ({
    id: `budget-${budget.budgetId}`,
    label: budget.projectName || `Budget ${budget.budgetId}`,
    href: `/pfm/projects/projectiongrid?projectId=${budget.projectId}&budgetId=${budget.budgetId}`,
    note: budget.month ? `Projections for ${budget.month}` : undefined,
  }));
  const requests: MenuLink[] = items.pendingPtoRequests.map((request) => ({
    id: `pto-${request.requestId}`,
    label: [request.employeeName, request.title].filter(Boolean).join(': ') || `Request ${request.requestId}`,
    href: `/teammembertoolbox/requests?recordId=${request.requestId}`,
    note: [formatDate(request.startDate), formatDate(request.endDate)].filter(Boolean).join(' – ') || undefined,
  }));
  const timecard: MenuLink[] = items.timecard ? [timecardItem(items.timecard)] : [];
  const toApprove = items.timecardsToApprove;
  const approvals: MenuLink[] = toApprove ? [portalItem('timecards-to-approve', `Timecards to approve (${toApprove.count})`, toApprove.directLink, context, 'Waiting for me')] : [];
  const notices: MenuLink[] = items.notices.map((notice) => portalItem(`notice-${notice.id}`, notice.text, notice.directLink, context, formatDate(notice.at) || undefined));
  return [
    { id: 'workflows', label: 'Workflows', items: workflows },
    { id: 'approvals', label: 'Approvals', items: approvals },
    { id: 'budgets', label: 'Budgets pending projections', items: budgets },
    { id: 'pto', label: 'PTO requests', items: requests },
    { id: 'timecard', label: 'Timecard', items: timecard },
    { id: 'notices', label: 'For you', items: notices },
  ];
}

/** An item the server links inside the portal; any other link is shown without one (never followed). */
function portalItem(id: string, label: string, directLink: string, context: { origin: string; legacyOrigin: string }, note?: string): MenuLink {
  const link = classifyLink(directLink, context);
  return link.kind === 'portal' ? { id, label, href: link.href, note } : { id, label, note: note ? `${note} · No usable link` : 'No usable link' };
}

function timecardItem(timecard: NonNullable<OpenItems['timecard']>): MenuLink {
  const query = new URLSearchParams();
  if (timecard.employeeId > 0) query.set('employeeId', String(timecard.employeeId));
  // An owed week without a card yet opens by its week (the card is created by its first save).
  if (timecard.timecardId && timecard.timecardId > 0) query.set('timecardId', String(timecard.timecardId));
  else if (timecard.weekEnding) query.set('weekStart', timecard.weekEnding);
  let due: Date | null = timecard.dueDate ? new Date(timecard.dueDate) : null;
  if ((!due || Number.isNaN(due.getTime())) && timecard.weekEnding) {
    try {
      due = timecardDueInstant(timecard.weekEnding);
    } catch {
      due = null;
    }
  }
  // In the card's words: "Timecard due end of Saturday 11/28", or "Timecard overdue since Sun 11/22, 12:00 AM CST (5 days)".
  const late = due && !Number.isNaN(due.getTime()) ? lateness(due, new Date(clockNowMs())) : null;
  const said = late ? (late.overdue ? late.text : late.due) : '';
  return {
    id: 'timecard',
    label: said ? `Timecard ${said.charAt(0).toLowerCase()}${said.slice(1)}` : 'Timecard needs submission',
    href: `/teammembertoolbox/timecards/timecard${query.size ? `?${query.toString()}` : ''}`,
    note: `${timecard.enteredHours} of ${timecard.expectedHours} hours entered`,
  };
}
