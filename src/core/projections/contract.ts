/**
 * The projections area's contract (issue 30): the paths the projection grid calls, the shapes they
 * answer, and the automatic cost to complete, the one rule the demo host shares (its summaries and the
 * data-quality rules import it here). The view, its store and its other rules live in src/features/projections.
 */
import { roleAllows, type RoleEntry } from '../access';
import type { CostSuggestion } from '../cost-suggestion';
import type { PluggedBy } from './entry';

/**
 * The automatic projected cost to complete of a budget line: the larger of the budget not yet spent
 * and the commitment still open, never below 0, in cents. One rule for the projection grid and the
 * demo host (ARCHITECTURE: one table, two enforcers).
 */
export function autoCostToComplete(line: { currentBudget: number; actualToDate: number; remainingCommitment: number }): number {
  return Math.round(Math.max(0, line.currentBudget - line.actualToDate, line.remainingCommitment) * 100) / 100;
}

/** The calls the projection grid makes (§7 loads plus the projection writes of demo/host/api/pfm/projections/writes.ts). */
export const PROJECTION_PATHS = {
  budgets: '/api/pfm/getbudgets',
  budget: '/api/pfm/getBudget',
  lines: '/api/pfm/getcostcodetransactionsummary',
  save: '/api/pfm/SaveProjections',
  submit: '/api/pfm/SubmitProjections',
  /** POST BudgetId, Reason (optional): the budget's current month submitted → not submitted ({@link mayReopenProjections}). */
  reopen: '/api/pfm/ReopenProjections',
  /** GET, recordKey Budget or CostCode + recordId: the {@link PendingExposureRecord}s behind the pending columns. */
  pendingExposure: '/api/pfm/getpendingexposure',
} as const;

/** The AI service's suggested cost to complete per line (issue 12; AI token; the rule: src/core/cost-suggestion.ts). */
export const SUGGESTIONS_PATH = '/ai/pfm/getchatbotcostprojections';

/** The budget as getBudget / getbudgets answer it. */
export interface BudgetInfo {
  budgetId: number;
  projectId: number;
  jobNumber: string;
  name?: string;
  displayText?: string;
  budgetLock: boolean;
  budgetLockReason?: string | null;
  rollUpBudgetId?: number | null;
  projectName?: string;
  legalEntityId?: number;
}

/**
 * One budget line's figures as the cost-code transaction summary answers them: the wire contract
 * between the demo host (demo/host/api/pfm/projections/summaries.ts) and the projection grid, which each add their own fields.
 */
export interface BudgetLineFigures {
  costCodeId: number;
  budgetId: number;
  projectId: number;
  code: string;
  description: string;
  type: string;
  costTypeName: string;
  unitOfMeasure: string | null;
  originalBudget: number;
  approvedChanges: number;
  currentBudget: number;
  committed: number;
  actualToDate: number;
  remainingCommitment: number;
  projectionMethod: 'auto' | 'manual';
  projectedCostToComplete: number;
  projectedFinalCost: number;
  overUnder: number;
  priorMonthProjection: number | null;
  varianceToPrior: number | null;
  projectionReason: string | null;
  /**
   * Pending budget changes (issue 32): items of change events Open or Pending, each weighted by its
   * event's probability (0–100 %, default 100); and the approved items of change events on an owner change
   * order not yet approved (Draft, Pending Approval), which count in approvedChanges once it is approved.
   */
  pendingBudgetChanges: number;
  /**
   * Pending cost changes: items of subcontracts and purchase agreements in Draft or Pending Signature and of
   * purchase orders in Draft (committed from Executed / Issued on), of commitment change orders in Draft or
   * Pending Approval, and of direct costs in Draft or Pending Approval (actual cost once Approved).
   */
  pendingCostChanges: number;
  /** currentBudget + pendingBudgetChanges. */
  currentBudgetWithPending: number;
  /** projectedFinalCost + pendingCostChanges: the estimate at completion if every pending cost change goes through. */
  estimateAtCompletionWithPending: number;
  /**
   * A cost to complete typed as units (or hours) to complete × unit cost (or rate): the quantity and rate as
   * typed (the grid's "plugged" marker); null when typed as an amount or automatic.
   */
  pluggedBy: PluggedBy | null;
  pluggedQuantity: number | null;
  pluggedRate: number | null;
  /** The month projected ('YYYY-MM': the server's current period). */
  month: string;
  /**
   * The line's projection for the month is submitted (SubmitProjections): who submitted it (name, and employee id:
   * {@link mayReopenProjections}) and when (ISO); null when not submitted. A submitted month takes no saves until
   * it is re-opened (ReopenProjections).
   */
  projectionSubmitted: boolean;
  projectionSubmittedBy: string | null;
  projectionSubmittedById: number | null;
  projectionSubmittedAt: string | null;
  modifiedAt: string;
}

/**
 * Who may re-open (recall) a month's submitted projections, as a Procore or Vista user expects: the employee who
 * submitted them, an RPM or a keyPFM Admin (who may write to the project: the team guard checks that first).
 * Another project manager of the team may not: it is not their submission. One rule for the host's
 * ReopenProjections and the grid's Re-open button.
 */
export function mayReopenProjections(caller: { employeeId: number | null; roles: readonly RoleEntry[] }, submittedById: number | null): boolean {
  if (roleAllows(caller.roles, 'keyPFM', ['Admin', 'RPM'])) return true;
  return caller.employeeId !== null && caller.employeeId === submittedById;
}

/** The words of a month's submission, said alike by the host's refusals and the grid (dates as MM/DD/YYYY, Central). */
export const SUBMISSION_TEXT = {
  /** The period line of a submitted month: "November 2026 · Submitted by Marcus Reyes on 11/02/2026". */
  submittedLine: (month: string, by: string, on: string) => `${month} · Submitted by ${by} on ${on}`,
  /** SaveProjections on a submitted month (400 autoAlert; nothing saved). */
  saveRefused: (month: string, by: string, on: string) => `The projections for ${month} were submitted by ${by} on ${on}: re-open them to change them.`,
  /** SubmitProjections on a month already submitted (400 autoAlert; the first submission stands). */
  alreadySubmitted: (month: string, by: string, on: string) => `The projections for ${month} were submitted already, by ${by} on ${on}.`,
  /** ReopenProjections on a month not submitted (400 autoAlert). */
  notSubmitted: (month: string, job: string) => `The projections for ${month} of budget ${job} are not submitted: there is nothing to re-open.`,
  /** ReopenProjections refused (403). */
  reopenWho: (by: string) => `Only ${by} (who submitted them), an RPM or a keyPFM Admin can re-open submitted projections.`,
} as const;

/**
 * One record behind a line's (or budget's) pending figures, as {@link PROJECTION_PATHS}.pendingExposure
 * answers it: its items on the scope's lines added up. side 'budget' adds to pendingBudgetChanges, 'cost'
 * to pendingCostChanges; weightedAmount (amount × probability / 100) is what the column adds.
 */
export interface PendingExposureRecord {
  side: 'budget' | 'cost';
  recordKey: 'ChangeEvent' | 'OwnerAgreementChangeOrder' | 'Subcontract' | 'PurchaseAgreement' | 'PurchaseOrder'
    | 'SubcontractChangeOrder' | 'PurchaseAgreementChangeOrder' | 'DirectCost';
  recordId: number;
  number: string;
  /** The record's state name (Open, Pending, Draft, Pending Signature, Pending Approval). */
  state: string;
  /** Percent: a change event's probability; 100 for every other record. */
  probability: number;
  itemCount: number;
  amount: number;
  weightedAmount: number;
  /** The scope's lines the record's items are on. */
  costCodeIds: number[];
}

/**
 * SaveProjections (POST form) — the save and its "no silent overwrite" rule (issue 32):
 * - `BudgetId`; `lastLoad`: the time the grid loaded its lines (its lines' greatest modifiedAt, server clock);
 * - per entry `projections[i].costCodeId`, `.method` (auto | manual, default manual), `.value` (the cost to
 *   complete as typed: '12k', '1.5m', '$12,000.50', '(500)' are read by src/core/projections/entry.ts
 *   parseAmount; garbage is a 400 feedback item), `.reason` (required with a negative cost to complete),
 *   `.units` / `.hours` (projected final quantities, as before), `.overwrite` ('true': keep mine);
 * - plugging: `.unitsToComplete` + `.unitCost`, or `.hoursToComplete` + `.rate` (not both): the cost to
 *   complete is their product (method manual); the quantity and rate are kept (pluggedBy / pluggedQuantity /
 *   pluggedRate of the line). A `.value` sent with a plug must equal the product.
 *
 * A conflict: the line's projection for the current month was saved after `lastLoad` by another employee
 * (one's own earlier saves never conflict), and the entry has no `.overwrite=true`. Conflicting lines are not
 * saved; every other line is. The answer is 409 only when lines conflict and none was saved (body
 * `{ message, conflicts }`), else 200 with {@link SaveProjectionsAnswer} (`conflicts` empty when none).
 * Without `lastLoad` nothing is checked (callers that predate the rule).
 */
export interface ProjectionConflict {
  costCodeId: number;
  /** Who saved the line after lastLoad (name), and when (ISO). */
  savedBy: string;
  savedAt: string;
  theirs: ProjectionValues;
  yours: ProjectionValues;
}

/** A line's projection as saved (theirs) or as sent (yours). */
export interface ProjectionValues {
  method: 'auto' | 'manual';
  projectedCostToComplete: number | null;
  reason: string | null;
}

/** SaveProjections' 200 answer. */
export interface SaveProjectionsAnswer {
  budgetId: number;
  month: string;
  saved: number;
  lines: ProjectionLine[];
  /** Per-field warnings (integerValue 2): a negative cost to complete, a cost to complete below the remaining committed cost. */
  feedback: Array<{ integerValue: number; stringValue: string; message: string }>;
  conflicts: ProjectionConflict[];
}

/** One budget line as getcostcodetransactionsummary answers it (recordKey Budget). */
export interface ProjectionLine extends BudgetLineFigures {
  codeDisplay?: string;
  division?: string;
  transactionCount?: number;
  // Unit variant.
  budgetUnits?: number;
  actualUnits?: number;
  projectedUnits?: number;
  budgetUnitCost?: number | null;
  actualUnitCost?: number | null;
  projectedUnitCost?: number | null;
  // Hour variant.
  budgetHours?: number;
  actualHours?: number;
  projectedHours?: number;
  budgetRate?: number | null;
  actualRate?: number | null;
  projectedRate?: number | null;
}

/** One line's suggestion as {@link SUGGESTIONS_PATH} answers it, and as the grid keeps it. */
export type LineSuggestion = CostSuggestion & { costCodeId: number };
