/** The forecast periods screen's words; tests read them. */
import type { ProblemTexts } from '../../../core/api';
import type { WriteTexts } from '../../../core/records';
import { formatMoney } from '../../../core/format';

/** An amount of change with its sign: '+$1,200.00', '-$300.00', '$0.00'. */
export const signedMoney = (n: number): string => (Math.round(n * 100) > 0 ? `+${formatMoney(n)}` : formatMoney(n));

const loadProblems = (what: string): ProblemTexts => ({
  signedOut: `Your session has expired: sign in again, then Retry. The ${what} could not be loaded.`,
  forbidden: `You do not have access to this budget's ${what}. They are for the project's team with a PFM role (Admin, Project Manager, RPM).`,
  stale: `The ${what} changed while they loaded.`,
  timeout: `The ${what} took too long to load.`,
  failed: `The ${what} could not be loaded.`,
});

const writeTexts = (what: string): WriteTexts => ({
  stale: 'Someone else changed the period first: Retry after it reloads.',
  refused: `The server refused to ${what}.`,
  signedOut: `Your session has expired: sign in again, then Retry. Nothing was changed.`,
  forbidden: `You may not ${what}.`,
  timeout: `The server took too long to ${what}: Retry (nothing is changed twice).`,
  failed: (detail: string) => `Could not ${what} (${detail}). Retry.`,
});

export const FORECAST_TEXT = {
  title: 'Forecast Periods',
  noProject: 'Open a project first: no project or budget was given.',
  noBudget: 'This project has no budget.',
  budgetLabel: 'Budget',
  loadingScope: 'Loading the budget…',
  loadingPeriods: 'Loading forecast periods…',
  loadingComparison: 'Loading the comparison…',
  loadingMovement: 'Loading why the forecast moved…',
  problems: {
    scope: loadProblems('budget'),
    periods: loadProblems('forecast periods'),
    comparison: loadProblems('comparison'),
    movement: loadProblems('forecast movement'),
  },
  periods: {
    heading: 'Periods',
    caption: (jobNumber: string) => `Forecast periods of budget ${jobNumber}, newest first`,
    current: 'current',
    open: 'Open',
    closed: 'Closed',
    closedBy: (name: string | null, at: string) => `Closed${name ? ` by ${name}` : ''}${at ? ` on ${at}` : ''}`,
    reopenedBy: (name: string | null, at: string) => `Re-opened${name ? ` by ${name}` : ''}${at ? ` on ${at}` : ''}`,
    superseded: (takenAt: string, by: string | null, lines: number, supersededAt: string) =>
      `Superseded snapshot: taken ${takenAt}${by ? ` by ${by}` : ''} (${lines} line${lines === 1 ? '' : 's'}), superseded ${supersededAt}`,
    close: (month: string) => `Close ${month}`,
    closeRegion: 'Close for the whole region',
    reopen: 'Re-open',
    closeTitle: (month: string) => `Close ${month}?`,
    closeConfirm: (month: string, jobNumber: string, next: string) =>
      `Closing ${month} of budget ${jobNumber} takes a snapshot of every budget line (budget, changes, committed, pending, actual to date, cost to complete, estimate at completion, method and reason), ` +
      `locks ${month}'s projections, and carries each line's projection forward into ${next}. The snapshot is never changed; only a keyPFM Admin can re-open the month, with a reason.`,
    closeRegionTitle: (month: string) => `Close ${month} for the whole region?`,
    closeRegionConfirm: (month: string, next: string) =>
      `Closing ${month} for the whole region closes it on every budget of the region's active projects that is still open: each takes a snapshot of its lines, ` +
      `locks ${month}'s projections, and carries them forward into ${next}. Budgets closed already are left as they are.`,
    closed1: (month: string, lines: number, carried: number) => `${month} closed: ${lines} line${lines === 1 ? '' : 's'} in the snapshot, ${carried} projection${carried === 1 ? '' : 's'} carried forward.`,
    closedRegion: (month: string, budgets: number, already: number) =>
      `${month} closed on ${budgets} budget${budgets === 1 ? '' : 's'} of the region${already ? `; ${already} ${already === 1 ? 'was' : 'were'} closed already` : ''}.`,
    reasonLabel: (month: string) => `Why re-open ${month}?`,
    reasonRequired: 'A reason is required to re-open a closed month.',
    reasonHelp: 'The snapshot taken at close is kept, marked superseded; closing again takes a new one beside it.',
    reopenSubmit: (month: string) => `Re-open ${month}`,
    reopening: 'Re-opening…',
    cancel: 'Cancel',
    reopened: (month: string) => `${month} re-opened. Its projections can be changed again.`,
    closeFailure: writeTexts('close the period'),
    reopenFailure: writeTexts('re-open the period'),
  },
  compare: {
    heading: 'Compare',
    from: 'From',
    to: 'To',
    today: 'Today',
    noSnapshots: 'No month of this budget is closed yet: close a month to compare its snapshot with today.',
    caption: (from: string, to: string) => `Change per budget line from ${from} to ${to}, largest movement of the estimate at completion first`,
    code: 'Cost code',
    description: 'Description',
    eac: 'Δ Estimate at completion',
    reasons: 'Reasons typed',
    total: (n: number) => `Total of ${n} line${n === 1 ? '' : 's'}`,
    none: 'No line changed between these two periods.',
    showUnchanged: (n: number) => `Show the ${n} unchanged line${n === 1 ? '' : 's'}`,
    hideUnchanged: 'Hide unchanged lines',
    showAll: (n: number) => `Show all ${n} lines`,
    exportCsv: 'Export CSV',
  },
  moved: {
    heading: 'Why it moved',
    summary: (from: string, to: string, fromEac: string, toEac: string) => `Estimate at completion ${from}: ${fromEac} → ${to}: ${toEac}`,
    sum: 'Sum of the sources',
    equals: (change: string) => `= Δ EAC ${change}`,
    mismatch: (sum: string, change: string) => `The sources add up to ${sum}, not the Δ EAC ${change}: reload, and report it if it stays.`,
    records: (n: number) => `${n} record${n === 1 ? '' : 's'}`,
    noRecords: 'No single record: the movement comes from the lines’ figures.',
    unlinked: (amount: string) => `${amount} of this figure’s change is not linked to a record.`,
    open: (kind: string, number: string) => `Open ${kind} ${number}`,
    reason: (before: string, after: string) => `Reason: ${before || '(none)'} → ${after || '(none)'}`,
    method: (before: string, after: string) => `Method: ${before || '—'} → ${after || '—'}`,
  },
} as const;
