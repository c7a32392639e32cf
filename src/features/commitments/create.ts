/**
 * Making commitments and their change orders (issue "PFM commitments from award to final payment"):
 * the two create calls, the rules the forms apply before sending (which cost types a kind buys, which
 * kinds price by quantity × unit price, when the contract sum is fixed), and the loads the forms read:
 * vendors with their prequalification, a buyout line to award, a commitment's change orders and the
 * change-event items that may go on one. The server checks everything again; its refusals are shown
 * as it words them.
 */
import { getJson, postForm, serverMessage, ApiError } from '../../core/api';
import { RISK_API, type VendorPrequalRow } from '../../core/risk/contract';
import { COMMITMENT_CREATE_PATHS, type CreatedCommitmentGate } from '../../core/commitments/contract';
import { CHANGE_ORDER_KEY_OF, COMMITMENT_COST_TYPES, COMMITMENT_KINDS, contractSumFixed as sumFixedInState, type CommitmentKind } from '../../core/commitments/terms';
import { canLinkItemToCommitment } from '../../core/workflow/rules';
import { loadCostCodes, type CostCodeRow } from '../budget-lines';
import { loadBuyoutSras } from '../risk';
import { loadChangeEventItems, type ChangeEventItem } from '../change-management';
import { contractStore, KINDS, loadBuyout, loadContracts, recordIdOf, COMMITMENT_PATHS, type CommitmentKey, type ContractRecord } from './data';
import type { BuyoutLine } from './buyout-arithmetic';

/** The calls (demo/host/api/pfm/commitments; the contract: src/core/commitments/contract.ts). */
export const CREATE_PATHS = COMMITMENT_CREATE_PATHS;

/** The commitment kinds a user creates. */
export type NewCommitmentKey = CommitmentKind;
export const NEW_COMMITMENT_KEYS: readonly NewCommitmentKey[] = COMMITMENT_KINDS;
export const isNewCommitmentKey = (key: string): key is NewCommitmentKey => (NEW_COMMITMENT_KEYS as readonly string[]).includes(key);

/** §5: the cost types a kind's items may be on (the shared rule of src/core/commitments/terms.ts). */
export { COMMITMENT_COST_TYPES };

/** Purchase agreements and orders price a line as quantity × unit price. */
export const isPricedKind = (key: NewCommitmentKey): boolean => key !== 'Subcontract';

/** Excess liability is asked of subcontracts only. */
export const hasExcessLiability = (key: NewCommitmentKey): boolean => key === 'Subcontract';

/** The change order kind of a commitment kind (purchase orders have none). */
export const CHANGE_ORDER_KIND: Readonly<Partial<Record<CommitmentKey, CommitmentKey>>> = {
  Subcontract: CHANGE_ORDER_KEY_OF.Subcontract!,
  PurchaseAgreement: CHANGE_ORDER_KEY_OF.PurchaseAgreement!,
};

/** The state from which a commitment's work is under contract (change orders may be made). */
export const EXECUTED_STATE: Readonly<Record<NewCommitmentKey, string>> = { Subcontract: 'Executed', PurchaseAgreement: 'Executed', PurchaseOrder: 'Issued' };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The contract sum is fixed once a commitment leaves Draft: from then its items change only by change order (terms.ts). */
export function contractSumFixed(key: CommitmentKey, record: Pick<ContractRecord, 'recordStateName'>): boolean {
  return isNewCommitmentKey(key) && sumFixedInState(record.recordStateName);
}

/** True when "New change order" is offered: an executed subcontract or purchase agreement. */
export function mayChangeByOrder(key: CommitmentKey, record: Pick<ContractRecord, 'recordStateName'>): boolean {
  return isNewCommitmentKey(key) && CHANGE_ORDER_KIND[key] !== undefined && sameName(record.recordStateName, EXECUTED_STATE[key]);
}

/** Rounded to cents the house way. */

// --- create ---------------------------------------------------------------------------------------

/** The header of a new commitment, as typed. */
export interface NewCommitmentHeader {
  vendorId: string;
  title: string;
  scope: string;
  contractDate: string;
  startDate: string;
  endDate: string;
  /** '10', '5' or '0'. */
  retainagePercent: string;
  /** 'true' or 'false'. */
  reduceRetainageAtHalf: string;
  /** '' (N/A) or the dollar amount. */
  excessLiability: string;
}

/** One schedule-of-values line as sent. */
export interface NewCommitmentLine {
  costCodeId: number | null;
  description: string;
  amount?: string;
  quantity?: string;
  unitPrice?: string;
}

/** POST CreateCommitment: the new record goes into its kind's store (the lists show it) and is answered. */
export async function createCommitment(key: NewCommitmentKey, scope: { projectId: number; budgetId: number; buyoutLineId?: number },
  header: NewCommitmentHeader, lines: readonly NewCommitmentLine[]): Promise<ContractRecord & { gate?: CreatedCommitmentGate }> {
  const priced = isPricedKind(key);
  const record = await postForm<ContractRecord & { gate?: CreatedCommitmentGate }>(CREATE_PATHS.create, {
    RecordKey: key, ProjectId: scope.projectId, BudgetId: scope.budgetId,
    VendorId: header.vendorId, Title: header.title.trim(), Scope: header.scope.trim(),
    ContractDate: header.contractDate, StartDate: header.startDate, EndDate: header.endDate,
    RetainagePercent: header.retainagePercent, ReduceRetainageAtHalf: header.reduceRetainageAtHalf === 'true' && header.retainagePercent === '10',
    ExcessLiability: hasExcessLiability(key) ? header.excessLiability : undefined,
    BuyoutLineId: scope.buyoutLineId && scope.buyoutLineId > 0 ? scope.buyoutLineId : undefined,
    items: lines.map((line) => ({
      costCodeId: line.costCodeId ?? '', description: line.description.trim(),
      ...(priced ? { quantity: line.quantity ?? '', unitPrice: line.unitPrice ?? '' } : { amount: line.amount ?? '' }),
    })),
  });
  contractStore(KINDS[key]).upsert(record);
  return record;
}

/** What a new change order is made of: approved change-event items, or lines typed in. */
export type ChangeOrderSource =
  | { changeEventItemIds: readonly number[] }
  | { items: ReadonlyArray<{ costCodeId: number | null; description: string; amount: string }> };

/** POST CreateCommitmentChangeOrder: one change order of `parent`; into its kind's store; answered. */
export async function createChangeOrder(parentKey: CommitmentKey, parentId: number, description: string, source: ChangeOrderSource): Promise<ContractRecord> {
  const kind = CHANGE_ORDER_KIND[parentKey];
  if (!kind) throw new Error(`A ${KINDS[parentKey].label.toLowerCase()} has no change orders.`);
  const record = await postForm<ContractRecord>(CREATE_PATHS.createChangeOrder, {
    RecordKey: parentKey, CommitmentId: parentId, Description: description.trim(),
    ...('changeEventItemIds' in source
      ? { ChangeEventItemIds: [...source.changeEventItemIds] }
      : { items: source.items.map((item) => ({ costCodeId: item.costCodeId ?? '', description: item.description.trim(), amount: item.amount })) }),
  });
  contractStore(KINDS[kind]).upsert(record);
  return record;
}

/** The field a refusal names (`fieldName` of an autoAlert body), if any. */
export function refusedFieldOf(error: unknown): string {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return '';
  const field = (error.body as { fieldName?: unknown }).fieldName;
  return typeof field === 'string' ? field : '';
}

/** The server's words for a refusal as it gave them, else the error's. */
export const refusalText = (error: unknown): string => serverMessage(error) || (error instanceof ApiError ? `HTTP ${error.status}` : error instanceof Error ? error.message : String(error));

// --- loads ----------------------------------------------------------------------------------------

/** Vendors with their prequalification status and limits in force (all active ones, or those matching `search`). */
export async function loadVendorChoices(search: string, signal?: AbortSignal): Promise<VendorPrequalRow[]> {
  const rows = await getJson<unknown>(RISK_API.getPrequalVendors, search.trim() ? { search: search.trim() } : undefined, { signal });
  return Array.isArray(rows) ? (rows as VendorPrequalRow[]) : [];
}

/** What a new commitment's form starts from: its project and budget, the budget's lines, and when awarding, the buyout line and its vendor. */
export interface NewCommitmentBasis {
  projectId: number;
  budgetId: number;
  costCodes: CostCodeRow[];
  award: { line: BuyoutLine; vendorId: number | null } | null;
}

/** The vendor an awarded line goes to: the one of its approved SRA (newest), else of its newest SRA; none without an SRA. */
function vendorOfLine(sras: ReadonlyArray<{ vendorId: number; state: string; sraId: number }>): number | null {
  const newest = [...sras].sort((a, b) => b.sraId - a.sraId);
  return (newest.find((s) => s.state === 'Approved') ?? newest[0])?.vendorId ?? null;
}

/** Thrown when the line to award is not a line of the budget. */
export class NoSuchBuyoutLine extends Error {}

/** Load the basis of a new commitment for `projectId`/`budgetId` (either may be -1), awarding `buyoutLineId` (a budget line's cost code id) when above 0. */
export async function loadNewCommitmentBasis(projectId: number, budgetId: number, buyoutLineId: number, signal: AbortSignal): Promise<NewCommitmentBasis> {
  if (buyoutLineId > 0) {
    const buyout = await loadBuyout(projectId, budgetId, signal);
    const line = buyout.lines.find((l) => l.costCodeId === buyoutLineId);
    if (!line) throw new NoSuchBuyoutLine(`Buyout line ${buyoutLineId} is not a line of this budget.`);
    const [costCodes, sras] = await Promise.all([
      loadCostCodes(buyout.budgetId, signal),
      buyout.projectId > 0 ? loadBuyoutSras(buyout.projectId, signal).catch(() => []) : Promise.resolve([]),
    ]);
    const lineSras = sras.find((row) => row.costCodeId === buyoutLineId)?.sras ?? [];
    return { projectId: buyout.projectId, budgetId: buyout.budgetId, costCodes, award: { line, vendorId: vendorOfLine(lineSras) } };
  }
  let [project, budget] = [projectId, budgetId];
  if (budget < 1) budget = Number((await getJson<{ budgetId?: number }>(COMMITMENT_PATHS.project, { projectId }, { signal }))?.budgetId ?? -1);
  if (project < 1 && budget > 0) project = Number((await getJson<{ projectId?: number }>(COMMITMENT_PATHS.budget, { budgetId: budget }, { signal }))?.projectId ?? -1);
  if (budget < 1 || project < 1) throw new Error('The project has no budget.');
  return { projectId: project, budgetId: budget, costCodes: await loadCostCodes(budget, signal), award: null };
}

/** The change orders of commitment `parentId` (open and closed), into their store. */
export async function loadChangeOrdersOf(parentKey: CommitmentKey, parentId: number, signal?: AbortSignal): Promise<ContractRecord[]> {
  const kind = CHANGE_ORDER_KIND[parentKey];
  if (!kind) return [];
  return loadContracts(KINDS[kind], { recordKey: parentKey, recordId: parentId }, signal);
}

/** The amount of a change-event item that goes on a change order: approved, else proposed, else estimated. */
export const itemAmount = (item: Pick<ChangeEventItem, 'approvedAmount' | 'proposedAmount' | 'estimatedAmount'>): number =>
  item.approvedAmount ?? item.proposedAmount ?? item.estimatedAmount ?? 0;

/** The project's change-event items §5 lets go on a change order of `record` (approved, the same vendor, not yet linked). */
export async function loadLinkableItems(record: ContractRecord, signal?: AbortSignal): Promise<ChangeEventItem[]> {
  const items = await loadChangeEventItems('Project', record.projectId, signal);
  return items.filter((item) => !item.closed && canLinkItemToCommitment(
    { vendorId: item.vendorId, coItemRecordId: item.coItemRecordId, stateName: item.recordStateName }, { vendorId: record.vendorId ?? null },
  ).ok);
}

export { recordIdOf };
export type { VendorPrequalRow };
