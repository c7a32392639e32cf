/**
 * Data-quality rules (issue 11): pure functions over plain rows, evaluated by the demo host over
 * the database (demo/host/api/pfm/data-quality) and shown by `<pfm-data-quality>`. One table, two
 * readers: the rule ids, titles, severities, thresholds and messages live only here, beside the
 * call that answers a project's failures.
 *
 * Every rule takes the whole {@link DataQualityRows} and returns its failing records, each with a
 * message that says what to fix. "Today" and the accounting period are inputs, so the answer is
 * deterministic (the demo's seed date, or a test's).
 */
import { autoCostToComplete } from '../projections/contract';
import { formatMoney, isUnreconciledCostAdjustment } from '../format';
import { CERTIFIED_PAY_APPLICATION_STATES, payApplicationFigures, payLineProblems, type PayLineInput } from '../pay-applications/rules';

export type DataQualitySeverity = 'error' | 'warning' | 'info';

/** Severities from the most to the least serious (the screen's order and filter). */
export const SEVERITIES: readonly DataQualitySeverity[] = ['error', 'warning', 'info'];

/** Days an approved change event item may wait for a commitment change order. */
export const UNLINKED_ITEM_DAYS = 30;
/** Days a direct cost may wait in 'Pending Approval'. */
export const PENDING_DIRECT_COST_DAYS = 14;
/** Days a change event may stay open. */
export const OPEN_CHANGE_EVENT_DAYS = 90;
/** Billing above the current amount by less than this (rounding) is not a failure. */
export const BILLING_TOLERANCE = 0.005;

/** The record a failure names: what the client needs to show and open it. */
export interface DataQualityRecord {
  /** Application record key (Subcontract, ChangeEvent, CostAdjustment, DirectCost, Budget, CostCode, …). */
  recordKey: string;
  recordId: number;
  /** What the list shows: the record's number, or its display text. */
  number: string;
  /** The budget the record belongs to (for links to budget screens). */
  budgetId?: number;
}

export interface DataQualityFailure {
  record: DataQualityRecord;
  message: string;
}

/** Commitments of the project (subcontracts, purchase agreements, purchase orders). */
export interface CommitmentRow {
  recordKey: 'Subcontract' | 'PurchaseAgreement' | 'PurchaseOrder';
  recordId: number;
  number: string;
  budgetId: number;
  stateName: string;
  closed: boolean;
  itemCount: number;
  /** Original plus approved change orders. */
  currentAmount: number;
  /** Billed against it (cost-code transactions whose source is the commitment). */
  billed: number;
}

/** One item of any record, with the budget of its record and the budget of its cost code. */
export interface ItemRow {
  recordKey: string;
  recordId: number;
  number: string;
  /** The record's budget. */
  budgetId: number;
  /** The budget the item's cost code belongs to. */
  costCodeBudgetId: number;
  /** The cost code as shown ('03-3000-00 (S)'). */
  costCode: string;
  closed: boolean;
}

export interface ChangeEventRow {
  changeEventId: number;
  number: string;
  budgetId: number;
  stateName: string;
  closed: boolean;
  /** When it was opened (YYYY-MM-DD…); null when unknown (never fails the age rule). */
  openedDate: string | null;
}

export interface ChangeEventItemRow {
  changeEventItemId: number;
  changeEventId: number;
  /** The change event's number, for the message. */
  eventNumber: string;
  eventStateName: string;
  budgetId: number;
  description: string;
  stateName: string;
  approvedAmount: number | null;
  /** The linked commitment change order item, if any. */
  coItemRecordId: number | null;
  /** Since when it has been in its state (YYYY-MM-DD…): its last change. */
  stateSince: string | null;
}

export interface OwnerChangeOrderRow {
  ownerAgreementChangeOrderId: number;
  number: string;
  budgetId: number;
  stateName: string;
  changeEventCount: number;
}

export interface CostAdjustmentRow {
  costAdjustmentId: number;
  number: string;
  budgetId: number;
  amount: number;
  /** Its first linked item, or null (§5: unreconciled = non-zero amount and no linked item). */
  linkedItemId: number | null;
  stateName: string;
}

export interface DirectCostRow {
  directCostId: number;
  number: string;
  budgetId: number;
  stateName: string;
  /** Since when it has been in its state (YYYY-MM-DD…): its last change. */
  stateSince: string | null;
}

export interface BudgetLineRow {
  costCodeId: number;
  budgetId: number;
  /** The cost code as shown. */
  costCode: string;
  currentBudget: number;
  actualToDate: number;
  remainingCommitment: number;
  projectionMethod: 'auto' | 'manual';
  /** The saved manual value of the current period (used when the method is manual). */
  manualCostToComplete: number | null;
}

export interface BudgetRow {
  budgetId: number;
  jobNumber: string;
  locked: boolean;
  /** A roll-up budget is projected through its children. */
  rollUp: boolean;
  /** The latest month (YYYY-MM) with a submitted projection, or null. */
  lastSubmittedMonth: string | null;
}

/** An open record that names a vendor. */
export interface VendorRecordRow {
  recordKey: string;
  recordId: number;
  number: string;
  budgetId: number;
  vendorName: string;
  vendorActive: boolean;
}

/** A pay application with its lines as kept, the retainage it holds and the waivers it lacks. */
export interface PayApplicationQualityRow {
  payApplicationId: number;
  number: string;
  budgetId: number;
  stateName: string;
  /** The commitment's retainage terms and whether this is the final (releasing) application. */
  retainagePercent: number;
  reduceRetainageAtHalf: boolean;
  final: boolean;
  lines: readonly PayLineInput[];
  /** The retainage the application holds as recorded (imported data may disagree with the rate). */
  retainageHeld: number;
  /** The lien waivers it lacks (pay-applications/rules missingLienWaivers). */
  waiversMissing: readonly string[];
}

/** Everything the rules read: the project's rows, today and the accounting period. */
export interface DataQualityRows {
  /** Today, YYYY-MM-DD. */
  today: string;
  /** The accounting period being projected, YYYY-MM. */
  currentPeriod: string;
  commitments: readonly CommitmentRow[];
  items: readonly ItemRow[];
  changeEvents: readonly ChangeEventRow[];
  changeEventItems: readonly ChangeEventItemRow[];
  ownerChangeOrders: readonly OwnerChangeOrderRow[];
  costAdjustments: readonly CostAdjustmentRow[];
  directCosts: readonly DirectCostRow[];
  budgetLines: readonly BudgetLineRow[];
  budgets: readonly BudgetRow[];
  vendorRecords: readonly VendorRecordRow[];
  payApplications: readonly PayApplicationQualityRow[];
}

export interface DataQualityRule {
  id: string;
  title: string;
  severity: DataQualitySeverity;
  evaluate(rows: DataQualityRows): DataQualityFailure[];
}

/** One failing record of one rule, as the API answers it. */
export interface DataQualityResult extends DataQualityRecord {
  ruleId: string;
  ruleTitle: string;
  severity: DataQualitySeverity;
  message: string;
}

/** The load of a project's rule failures (demo/host/api/pfm/data-quality). */
export const DATA_QUALITY_PATH = '/api/pfm/getdataqualityissues';

/** One failure as the server answers it. */
export interface DataQualityIssue extends DataQualityResult {
  projectId: number;
  workbench: string | null;
}

const DAY_MS = 86_400_000;

/** Whole days from `since` to `today` (dates or ISO stamps; the date part counts). NaN when unreadable. */
export function daysBetween(since: string, today: string): number {
  const a = Date.parse(`${since.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  return Math.round((b - a) / DAY_MS);
}

/** More than `limit` days since `since` (an unknown date never is). */
const olderThan = (since: string | null, today: string, limit: number): boolean => {
  if (!since) return false;
  const days = daysBetween(since, today);
  return Number.isFinite(days) && days > limit;
};

/** §4 names of the direct cost state awaiting approval; 'Submitted' is its former name. */
export const PENDING_DIRECT_COST_STATES: readonly string[] = ['Pending Approval', 'Submitted'];
/** Change event item states that are approved but not yet on a commitment change order. */
const APPROVED_ITEM_STATES = ['Approved', 'Pending Commitment'];
/** Item states that need no price. */
const UNPRICED_EXEMPT_STATES = ['Canceled', 'Void', 'Rejected'];

const money = (n: number) => formatMoney(n);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The projected cost to complete of a budget line: the saved manual value, else the automatic one (src/core/projections/contract.ts). */
export function projectedCostToComplete(line: Pick<BudgetLineRow, 'currentBudget' | 'actualToDate' | 'remainingCommitment' | 'projectionMethod' | 'manualCostToComplete'>): number {
  return line.projectionMethod === 'manual' && line.manualCostToComplete !== null ? line.manualCostToComplete : autoCostToComplete(line);
}

/** Every rule, in the screen's order. */
export const DATA_QUALITY_RULES: readonly DataQualityRule[] = [
  {
    id: 'commitment-without-items',
    title: 'Commitment without items',
    severity: 'error',
    evaluate: (rows) => rows.commitments
      .filter((c) => !c.closed && c.itemCount === 0)
      .map((c) => ({
        record: { recordKey: c.recordKey, recordId: c.recordId, number: c.number, budgetId: c.budgetId },
        message: `${c.number} has no items: add at least one item with its cost code and amount, or void it.`,
      })),
  },
  {
    id: 'item-cost-code-off-budget',
    title: 'Item on a cost code that is not on the budget',
    severity: 'error',
    evaluate: (rows) => rows.items
      .filter((i) => !i.closed && i.costCodeBudgetId !== i.budgetId)
      .map((i) => ({
        record: { recordKey: i.recordKey, recordId: i.recordId, number: i.number, budgetId: i.budgetId },
        message: `An item of ${i.number} is on cost code ${i.costCode}, which is not a line of its budget: move the item to a cost code of the budget.`,
      })),
  },
  {
    id: 'commitment-over-billed',
    title: 'Commitment billed beyond its current amount',
    severity: 'error',
    evaluate: (rows) => rows.commitments
      .filter((c) => c.billed - c.currentAmount > BILLING_TOLERANCE)
      .map((c) => ({
        record: { recordKey: c.recordKey, recordId: c.recordId, number: c.number, budgetId: c.budgetId },
        message: `${c.number} is billed ${money(c.billed)} against a current amount of ${money(c.currentAmount)} (${money(c.billed - c.currentAmount)} over): add an approved change order or correct the billing.`,
      })),
  },
  {
    id: 'approved-change-event-unpriced-items',
    title: 'Approved change event with unpriced items',
    severity: 'error',
    evaluate: (rows) => {
      const events = new Map(rows.changeEvents.map((e) => [e.changeEventId, e]));
      const unpriced = new Map<number, number>();
      for (const item of rows.changeEventItems) {
        if (item.eventStateName !== 'Approved' || UNPRICED_EXEMPT_STATES.includes(item.stateName) || item.approvedAmount !== null) continue;
        unpriced.set(item.changeEventId, (unpriced.get(item.changeEventId) ?? 0) + 1);
      }
      return [...unpriced].map(([changeEventId, count]) => {
        const event = events.get(changeEventId);
        const item = rows.changeEventItems.find((i) => i.changeEventId === changeEventId)!;
        const number = event?.number ?? item.eventNumber;
        return {
          record: { recordKey: 'ChangeEvent', recordId: changeEventId, number, budgetId: event?.budgetId ?? item.budgetId },
          message: `${number} is Approved but ${plural(count, 'item has', 'items have')} no approved amount: enter the approved amounts or move the event back to Pending.`,
        };
      });
    },
  },
  {
    id: 'approved-item-not-committed',
    title: `Approved change event item not on a commitment change order after ${UNLINKED_ITEM_DAYS} days`,
    severity: 'warning',
    evaluate: (rows) => rows.changeEventItems
      .filter((i) => APPROVED_ITEM_STATES.includes(i.stateName) && !(i.coItemRecordId && i.coItemRecordId > 0)
        && olderThan(i.stateSince, rows.today, UNLINKED_ITEM_DAYS))
      .map((i) => ({
        record: { recordKey: 'ChangeEventItem', recordId: i.changeEventItemId, number: `${i.eventNumber}: ${i.description}`, budgetId: i.budgetId },
        message: `This item of ${i.eventNumber} has been ${i.stateName} for ${daysBetween(i.stateSince!, rows.today)} days without a commitment change order: link it to a commitment (or cancel it).`,
      })),
  },
  {
    id: 'owner-change-order-without-change-events',
    title: 'Owner change order without change events',
    severity: 'warning',
    evaluate: (rows) => rows.ownerChangeOrders
      .filter((o) => o.stateName !== 'Void' && o.changeEventCount === 0)
      .map((o) => ({
        record: { recordKey: 'OwnerAgreementChangeOrder', recordId: o.ownerAgreementChangeOrderId, number: o.number, budgetId: o.budgetId },
        message: `${o.number} has no change events, so its amount is $0.00: link the approved change events it covers, or void it.`,
      })),
  },
  {
    id: 'unreconciled-cost-adjustment',
    title: 'Unreconciled cost adjustment',
    severity: 'warning',
    evaluate: (rows) => rows.costAdjustments
      .filter((a) => a.stateName !== 'Void' && isUnreconciledCostAdjustment(a))
      .map((a) => ({
        record: { recordKey: 'CostAdjustment', recordId: a.costAdjustmentId, number: a.number, budgetId: a.budgetId },
        message: `${a.number} moves ${money(a.amount)} but has no item: add the items (cost codes) it adjusts.`,
      })),
  },
  {
    id: 'direct-cost-pending-approval',
    title: `Direct cost pending approval for more than ${PENDING_DIRECT_COST_DAYS} days`,
    severity: 'warning',
    evaluate: (rows) => rows.directCosts
      .filter((d) => PENDING_DIRECT_COST_STATES.includes(d.stateName) && olderThan(d.stateSince, rows.today, PENDING_DIRECT_COST_DAYS))
      .map((d) => ({
        record: { recordKey: 'DirectCost', recordId: d.directCostId, number: d.number, budgetId: d.budgetId },
        message: `${d.number} has waited ${daysBetween(d.stateSince!, rows.today)} days for approval: approve it, or send it back with Revise and Resubmit.`,
      })),
  },
  {
    id: 'negative-cost-to-complete',
    title: 'Budget line with a negative cost to complete',
    severity: 'error',
    evaluate: (rows) => rows.budgetLines
      .map((line) => ({ line, ctc: projectedCostToComplete(line) }))
      .filter(({ ctc }) => ctc < 0)
      .map(({ line, ctc }) => ({
        record: { recordKey: 'CostCode', recordId: line.costCodeId, number: line.costCode, budgetId: line.budgetId },
        message: `${line.costCode} projects a cost to complete of ${money(ctc)}: enter zero or more in the projection grid (credits belong in a cost adjustment).`,
      })),
  },
  {
    id: 'projection-not-submitted',
    title: 'Projections not submitted this month',
    severity: 'info',
    evaluate: (rows) => rows.budgets
      .filter((b) => !b.locked && !b.rollUp && (b.lastSubmittedMonth === null || b.lastSubmittedMonth < rows.currentPeriod))
      .map((b) => ({
        record: { recordKey: 'Budget', recordId: b.budgetId, number: b.jobNumber, budgetId: b.budgetId },
        message: `${b.jobNumber} has no submitted projection for ${rows.currentPeriod}${b.lastSubmittedMonth ? ` (last: ${b.lastSubmittedMonth})` : ''}: review and submit the projection grid.`,
      })),
  },
  {
    id: 'inactive-vendor',
    title: 'Open record with an inactive vendor',
    severity: 'warning',
    evaluate: (rows) => rows.vendorRecords
      .filter((r) => !r.vendorActive)
      .map((r) => ({
        record: { recordKey: r.recordKey, recordId: r.recordId, number: r.number, budgetId: r.budgetId },
        message: `${r.number} names ${r.vendorName}, an inactive vendor: choose an active vendor, or close the record.`,
      })),
  },
  {
    id: 'change-event-open-too-long',
    title: `Change event open for more than ${OPEN_CHANGE_EVENT_DAYS} days`,
    severity: 'info',
    evaluate: (rows) => rows.changeEvents
      .filter((e) => !e.closed && olderThan(e.openedDate, rows.today, OPEN_CHANGE_EVENT_DAYS))
      .map((e) => ({
        record: { recordKey: 'ChangeEvent', recordId: e.changeEventId, number: e.number, budgetId: e.budgetId },
        message: `${e.number} has been open for ${daysBetween(e.openedDate!, rows.today)} days (${e.stateName}): price and approve it, or close it (Complete, No Change or Canceled).`,
      })),
  },
  {
    id: 'pay-application-without-waivers',
    title: 'Pay application approved without its lien waivers',
    severity: 'error',
    evaluate: (rows) => rows.payApplications
      .filter((a) => CERTIFIED_PAY_APPLICATION_STATES.includes(a.stateName) && a.waiversMissing.length > 0)
      .map((a) => ({
        record: { recordKey: 'PayApplication', recordId: a.payApplicationId, number: a.number, budgetId: a.budgetId },
        message: `${a.number} is ${a.stateName} without its lien waivers: ${a.waiversMissing.join(' ')} Attach them to the application.`,
      })),
  },
  {
    id: 'pay-line-over-scheduled-value',
    title: 'Pay application line billed over its scheduled value',
    severity: 'error',
    evaluate: (rows) => rows.payApplications
      .map((a) => ({ a, over: a.lines.filter((line) => payLineProblems(line).some((p) => p.startsWith('Total completed'))) }))
      .filter(({ over }) => over.length > 0)
      .map(({ a, over }) => ({
        record: { recordKey: 'PayApplication', recordId: a.payApplicationId, number: a.number, budgetId: a.budgetId },
        message: `${a.number} bills ${plural(over.length, 'line')} over the scheduled value (${money(over.reduce((sum, l) => sum + l.previousCompleted + l.thisPeriod + l.storedMaterials - l.scheduledValue, 0))} over): correct the application, or approve the change order that raises the value.`,
      })),
  },
  {
    id: 'retainage-differs-from-rate',
    title: 'Retainage held differs from the commitment\'s rate',
    severity: 'warning',
    evaluate: (rows) => rows.payApplications
      .map((a) => ({ a, totals: payApplicationFigures(a.lines, a, 0, a.final).totals }))
      .filter(({ a, totals }) => Math.abs(a.retainageHeld - totals.retainage) > BILLING_TOLERANCE)
      .map(({ a, totals }) => ({
        record: { recordKey: 'PayApplication', recordId: a.payApplicationId, number: a.number, budgetId: a.budgetId },
        message: `${a.number} holds ${money(a.retainageHeld)} of retainage where ${totals.retainagePercent}% of ${money(totals.totalCompletedAndStored)} is ${money(totals.retainage)}: correct the retainage, or the commitment's terms.`,
      })),
  },
];

/** Evaluate every rule over `rows`: the failures, rule by rule in rule order. */
export function evaluateDataQuality(rows: DataQualityRows, rules: readonly DataQualityRule[] = DATA_QUALITY_RULES): DataQualityResult[] {
  const out: DataQualityResult[] = [];
  for (const rule of rules) {
    for (const failure of rule.evaluate(rows)) {
      out.push({ ruleId: rule.id, ruleTitle: rule.title, severity: rule.severity, ...failure.record, message: failure.message });
    }
  }
  return out;
}

/** Failures counted per rule id. */
export function countByRule(results: readonly Pick<DataQualityResult, 'ruleId'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.ruleId, (counts.get(r.ruleId) ?? 0) + 1);
  return counts;
}

/**
 * The workbench kind that opens a record key (src/core/workbench), or null for records edited on a
 * screen (a budget and a budget line: the projection grid).
 */
export function workbenchKindFor(recordKey: string): string | null {
  switch (recordKey) {
    case 'Subcontract': case 'SubcontractChangeOrder': case 'PurchaseAgreement': case 'PurchaseAgreementChangeOrder': case 'PurchaseOrder':
    case 'OwnerAgreement': case 'OwnerAgreementChangeOrder': case 'ChangeEvent': case 'ChangeEventItem': case 'CostAdjustment': case 'DirectCost':
    case 'PayApplication':
      return recordKey;
    case 'ChangeRecord':
      return 'InitiatingDocument';
    default:
      return null;
  }
}

/** An empty set of rows (tests and callers fill what they have). */
export function emptyRows(today: string, currentPeriod: string): DataQualityRows {
  return {
    today, currentPeriod, commitments: [], items: [], changeEvents: [], changeEventItems: [], ownerChangeOrders: [], costAdjustments: [],
    directCosts: [], budgetLines: [], budgets: [], vendorRecords: [], payApplications: [],
  };
}
