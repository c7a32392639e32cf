/**
 * The bell's computed links (open items); the project menu's are core/menus.ts'. Pure, so tests can check every href.
 */
import { classifyLink, type MenuGroup, type MenuLink } from '../../core/menus';
import { formatDate, lateness, timecardDueInstant } from '../../core/format/dates';
import { clockNowMs } from '../../core/server-clock';
import type { OpenItems } from './data';

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
