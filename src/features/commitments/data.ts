/**
 * Commitments (§3): subcontracts, purchase agreements, purchase orders and their change orders.
 * Their kinds, and what they share with the owner agreements (features/owner-agreements) through
 * the same writes of demo/host/api/pfm/commitments/writes.ts: the kinds' calls, the record stores
 * the screens and workbenches share, the pure rules (open/closed, amounts, totals, field security)
 * and the writes.
 */
import { ApiError, getJson, postForm } from '../../core/api';
import { COMMITMENT_LOADS } from '../../core/commitments/contract';
import { moveRecordState, postedItems, recordStore, type ItemEdit, type ItemsSaveAnswer, type RecordItem, type RecordStore } from '../../core/records';
import type { FieldSecurity } from '../../core/records';
import { buyoutLines, committedByCostCode, type BuyoutLine, type SummaryLine } from './buyout-arithmetic';
import { cents } from '../../core/format';
import { openAndClosed } from '../../core/scope';

/** The record kinds these screens handle (application record keys = workbench kinds). */
export type CommitmentKey = 'Subcontract' | 'SubcontractChangeOrder' | 'PurchaseAgreement' | 'PurchaseAgreementChangeOrder' | 'PurchaseOrder';
/** Every record key the commitment writes take: the commitment kinds and the owner agreement kinds (features/owner-agreements). */
export type ContractKey = CommitmentKey | 'OwnerAgreement' | 'OwnerAgreementChangeOrder';

/** One item of a commitment or change order (cost code line, description, amount). */
export interface CommitmentItem extends RecordItem {
  quantity?: number;
  unitPrice?: number;
  changeEventItemId?: number | null;
  [key: string]: unknown;
}

/** A commitment, change order or owner agreement row as the loads answer it (§3 names). */
export interface ContractRecord {
  projectId: number;
  budgetId: number;
  vendorId?: number;
  vendorName?: string;
  number: string;
  description: string;
  applicationRecordStateId: number;
  recordStateName: string;
  closed: boolean;
  originalAmount?: number;
  approvedChanges?: number;
  amount?: number;
  billed?: number;
  /** Paid applications' payments, and the retainage the last certified application holds (pay applications). */
  paid?: number;
  retainageHeld?: number;
  retainagePercent?: number;
  excessLiability?: number | null;
  subcontractTypeId?: number;
  orderDate?: string;
  changeOrderDate?: string;
  items?: CommitmentItem[];
  displayText?: string;
  [key: string]: unknown;
}

/** A header field of a workbench form. */
export interface HeaderField {
  name: string;
  label: string;
  kind: 'text' | 'date' | 'retainage' | 'excessLiability' | 'subcontractType' | 'contractType';
}

/** What differs between the kinds. */
export interface KindSpec {
  key: ContractKey;
  label: string;
  idField: string;
  /** §7 data load. */
  load: string;
  /** Single-object GET (the lookup type's call). */
  single: string;
  /** Items table's id field (none: no items). */
  itemIdField?: string;
  header: readonly HeaderField[];
}

/** The header fields every kind and every change order has. */
export const DESCRIPTION_FIELD: HeaderField = { name: 'description', label: 'Description', kind: 'text' };
export const CHANGE_ORDER_DATE_FIELD: HeaderField = { name: 'changeOrderDate', label: 'Change order date', kind: 'date' };
const retainage: HeaderField = { name: 'retainagePercent', label: 'Retainage', kind: 'retainage' };

/** Every commitment kind, by key. */
export const KINDS: Readonly<Record<CommitmentKey, KindSpec>> = {
  Subcontract: {
    key: 'Subcontract', label: 'Subcontract', ...COMMITMENT_LOADS.Subcontract, itemIdField: 'subcontractItemId',
    header: [DESCRIPTION_FIELD, { name: 'subcontractTypeId', label: 'Subcontract type', kind: 'subcontractType' }, retainage,
      { name: 'excessLiability', label: 'Excess liability', kind: 'excessLiability' }],
  },
  SubcontractChangeOrder: {
    key: 'SubcontractChangeOrder', label: 'Subcontract Change Order', idField: 'subcontractChangeOrderId', load: '/api/pfm/getsubcontractchangeorders',
    single: '/api/pfm/GetSubcontractChangeOrderById', itemIdField: 'subcontractChangeOrderItemId', header: [DESCRIPTION_FIELD, CHANGE_ORDER_DATE_FIELD],
  },
  PurchaseAgreement: {
    key: 'PurchaseAgreement', label: 'Purchase Agreement', ...COMMITMENT_LOADS.PurchaseAgreement,
    itemIdField: 'purchaseAgreementItemId', header: [DESCRIPTION_FIELD, retainage],
  },
  PurchaseAgreementChangeOrder: {
    key: 'PurchaseAgreementChangeOrder', label: 'Purchase Agreement Change Order', idField: 'purchaseAgreementChangeOrderId',
    load: '/api/pfm/getpurchaseagreementchangeorders', single: '/api/pfm/GetPurchaseAgreementChangeOrderById',
    itemIdField: 'purchaseAgreementChangeOrderItemId',
    header: [DESCRIPTION_FIELD, CHANGE_ORDER_DATE_FIELD],
  },
  PurchaseOrder: {
    key: 'PurchaseOrder', label: 'Purchase Order', ...COMMITMENT_LOADS.PurchaseOrder, itemIdField: 'purchaseOrderItemId',
    header: [DESCRIPTION_FIELD, { name: 'orderDate', label: 'Order date', kind: 'date' }],
  },
};

/** The writes (demo/host/api/pfm/commitments/writes.ts) and the §7 loads used beside the kinds'. */
export const COMMITMENT_PATHS = {
  save: '/api/pfm/SaveCommitment',
  updateState: '/api/pfm/UpdateCommitmentState',
  summary: '/api/pfm/getcostcodetransactionsummary',
  project: '/api/pfm/projects/GetProjectByProjectId',
  budget: '/api/pfm/getBudget',
} as const;

/** Shown instead of a list when the server refuses the caller (403). */
export const NO_ACCESS_MESSAGE = 'You do not have access to this project’s commitments. They are for PFM Admin, Project Manager and RPM roles.';

/** The page's record store of a kind (shared by the screen and the workbench over it). */
export function contractStore(kind: KindSpec): RecordStore<ContractRecord> {
  return recordStore<ContractRecord>(kind.key, kind.idField);
}

/** The id of a record of `kind`. */
export const recordIdOf = (kind: KindSpec, record: ContractRecord): number => Number(record[kind.idField]);

/** Open and closed rows of a load with the same query (two calls: `open` picks one or the other). */
export async function loadOpenAndClosed<T>(path: string, query: Record<string, string | number>, signal?: AbortSignal): Promise<T[]> {
  const [open, closed] = await Promise.all(openAndClosed(query).map((asked) => getJson<T[]>(path, asked, { signal })));
  return [...(Array.isArray(open) ? open : []), ...(Array.isArray(closed) ? closed : [])];
}

/** Load every record of `kind` in scope into its store; answers them. */
export async function loadContracts(kind: KindSpec, scope: { recordKey: string; recordId: number }, signal?: AbortSignal): Promise<ContractRecord[]> {
  const mark = contractStore(kind).readMark();
  const rows = await loadOpenAndClosed<ContractRecord>(kind.load, scope, signal);
  contractStore(kind).loaded(rows, mark);
  return rows;
}

/**
 * One record of `kind` with its items, by its own load (the kind's §7 load asked with its own record key): one round
 * trip, and the answer carries the caller's field security in the record's state. An unknown id is the server's 404.
 */
export async function loadContract(kind: KindSpec, id: number, signal?: AbortSignal): Promise<ContractRecord> {
  const mark = contractStore(kind).readMark();
  const rows = await loadOpenAndClosed<ContractRecord>(kind.load, { recordKey: kind.key, recordId: id }, signal);
  const record = rows.find((row) => recordIdOf(kind, row) === id);
  if (!record) throw new ApiError(404, { message: `${kind.label} ${id} was not found.` });
  contractStore(kind).loaded(record, mark);
  return record;
}

// --- amounts -------------------------------------------------------------------------------------

/** Amounts of one commitment row (purchase orders have one amount and no changes or retainage). */
export interface CommitmentAmounts {
  original: number;
  approvedChanges: number;
  current: number;
  billed: number;
  retainage: number;
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Original, approved changes, current (= original + approved changes), and what the pay applications say: billed
 * and retainage held (the server's figures of the last certified application, so a 5% reduction or a release shows).
 */
export function commitmentAmounts(record: ContractRecord): CommitmentAmounts {
  const original = num(record.originalAmount ?? record.amount);
  const approvedChanges = num(record.approvedChanges);
  return { original, approvedChanges, current: cents(original + approvedChanges), billed: num(record.billed), retainage: num(record.retainageHeld) };
}

/** The sums of {@link commitmentAmounts} over rows. */
export function commitmentTotals(records: readonly ContractRecord[]): CommitmentAmounts {
  const total: CommitmentAmounts = { original: 0, approvedChanges: 0, current: 0, billed: 0, retainage: 0 };
  for (const record of records) {
    const amounts = commitmentAmounts(record);
    for (const name of Object.keys(total) as Array<keyof CommitmentAmounts>) total[name] += amounts[name];
  }
  for (const name of Object.keys(total) as Array<keyof CommitmentAmounts>) total[name] = cents(total[name]);
  return total;
}

// --- buyout -------------------------------------------------------------------------------------

/** The budget of the screen: `budget-id`, else the project's budget. */
async function budgetOf(projectId: number, budgetId: number, signal: AbortSignal): Promise<number> {
  if (budgetId > 0) return budgetId;
  const project = await getJson<{ budgetId?: number }>(COMMITMENT_PATHS.project, { projectId }, { signal });
  return Number(project?.budgetId ?? -1);
}

/** The project of the screen: `project-id`, else the budget's project. */
async function projectOf(projectId: number, budgetId: number, signal: AbortSignal): Promise<number> {
  if (projectId > 0) return projectId;
  const budget = await getJson<{ projectId?: number }>(COMMITMENT_PATHS.budget, { budgetId }, { signal });
  return Number(budget?.projectId ?? -1);
}

/**
 * Per buyout line (cost code id), the current sum (original plus approved changes) of the commitment awarded
 * from it (`buyoutCostCodeId`), a Void one aside; of several, the last awarded (the highest id of the last kind).
 * Start SRA pre-fills it: the SRA must cover what was awarded, not the line's estimate.
 */
export function awardedSums(sets: Readonly<Record<'Subcontract' | 'PurchaseAgreement' | 'PurchaseOrder', readonly ContractRecord[]>>): Map<number, number> {
  const sums = new Map<number, number>();
  for (const [key, records] of Object.entries(sets) as Array<[keyof typeof sets, readonly ContractRecord[]]>) {
    const idField = KINDS[key].idField;
    const awarded = records.filter((r) => typeof r.buyoutCostCodeId === 'number' && r.recordStateName !== 'Void')
      .sort((a, b) => Number(a[idField]) - Number(b[idField]));
    for (const record of awarded) sums.set(record.buyoutCostCodeId as number, commitmentAmounts(record).current);
  }
  return sums;
}

/** The buyout lines of the screen's budget, with the screen's budget and project, and what was awarded from each line. */
export async function loadBuyout(projectId: number, budgetId: number, signal: AbortSignal): Promise<{ lines: BuyoutLine[]; budgetId: number; projectId: number; awarded: Map<number, number> }> {
  const [budget, project] = await Promise.all([budgetOf(projectId, budgetId, signal), projectOf(projectId, budgetId, signal)]);
  if (budget < 1) throw new Error('The project has no budget.');
  const scope = { recordKey: 'Budget', recordId: budget };
  const [summary, subcontracts, purchaseAgreements, purchaseOrders, subcontractChangeOrders, purchaseAgreementChangeOrders] = await Promise.all([
    getJson<SummaryLine[]>(COMMITMENT_PATHS.summary, scope, { signal }),
    loadContracts(KINDS.Subcontract, scope, signal),
    loadContracts(KINDS.PurchaseAgreement, scope, signal),
    loadContracts(KINDS.PurchaseOrder, scope, signal),
    loadContracts(KINDS.SubcontractChangeOrder, scope, signal),
    loadContracts(KINDS.PurchaseAgreementChangeOrder, scope, signal),
  ]);
  const committed = committedByCostCode({ subcontracts, purchaseAgreements, purchaseOrders, subcontractChangeOrders, purchaseAgreementChangeOrders });
  const awarded = awardedSums({ Subcontract: subcontracts, PurchaseAgreement: purchaseAgreements, PurchaseOrder: purchaseOrders });
  return { lines: buyoutLines(Array.isArray(summary) ? summary : [], committed), budgetId: budget, projectId: project, awarded };
}

// --- field security -----------------------------------------------------------------------------

/**
 * Whether `field` is editable in the record's state: the state's field security row when it lists
 * the field, else while the state is open (the server's default, pfm/commitments/writes.ts). Unknown
 * security (not loaded) is read-only.
 */
export function contractFieldEditable(fieldSecurity: FieldSecurity | null | undefined, closed: boolean, field: string): boolean {
  if (!fieldSecurity) return false;
  const lower = field.toLowerCase();
  const row = fieldSecurity.fields?.find((f) => f.fieldName.toLowerCase() === lower);
  return row ? row.editable : !closed;
}

// --- writes -------------------------------------------------------------------------------------

/** A save answer: the record and the warnings and infos of §5. */
export type SaveAnswer = ItemsSaveAnswer<ContractRecord>;

/** POST SaveCommitment: header values as typed and the items (none for owner agreements); the answer's record goes into the store. */
export async function saveContract(kind: KindSpec, id: number, oldStateId: number, header: Record<string, string>, items: readonly ItemEdit[]): Promise<SaveAnswer> {
  const answer = await postForm<SaveAnswer>(COMMITMENT_PATHS.save, {
    RecordKey: kind.key, RecordId: id, OldRecordStateId: oldStateId, ...header,
    items: postedItems(items),
  });
  contractStore(kind).upsert(answer.record);
  return answer;
}

/** The state a record moves to. */
export interface TargetState {
  applicationRecordStateId: number;
  name: string;
  closed: boolean;
}

/**
 * Move a record to `target` (POST UpdateCommitmentState): shown at once in every list, and the
 * record held before is restored in every list when the server refuses or the call fails (§4).
 */
export function advanceContract(kind: KindSpec, record: ContractRecord, target: TargetState, reason?: string): Promise<ContractRecord> {
  // Reason: how it was signed, when it is marked Executed without e-sign (the form skips it when absent).
  return moveRecordState(contractStore(kind), record, target, (body) => postForm<ContractRecord>(COMMITMENT_PATHS.updateState, { RecordKey: kind.key, ...body }), reason);
}
