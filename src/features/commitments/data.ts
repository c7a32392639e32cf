/**
 * Commitments (§3): subcontracts, purchase agreements, purchase orders and their change orders,
 * and owner agreements. The kinds' calls, the record stores the screens and workbenches share, the
 * pure rules (open/closed, amounts, totals, cost-code filtering by cost type and budget, field
 * security) and the writes of demo/host/api/pfm/commitments/writes.ts.
 */
import { getJson, postForm } from '../../core/api';
import { selectableCostTypes } from '../../core/format';
import { recordStore, type RecordStore } from '../../core/records';
import type { FieldSecurity } from '../../core/records';

/** The record kinds these screens handle (application record keys = workbench kinds). */
export type CommitmentKey = 'Subcontract' | 'SubcontractChangeOrder' | 'PurchaseAgreement' | 'PurchaseAgreementChangeOrder' | 'PurchaseOrder';
export type ContractKey = CommitmentKey | 'OwnerAgreement' | 'OwnerAgreementChangeOrder';

/** One item of a commitment or change order (cost code line, description, amount). */
export interface CommitmentItem {
  costCodeId: number;
  costCode?: string;
  codeDisplay?: string;
  costType?: string;
  description: string;
  amount: number;
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
  /** The record key that scopes a load to this record's family, and where its id is. */
  scope(record: ContractRecord, id: number): { recordKey: string; recordId: number };
  /** Items table's id field (none: no items). */
  itemIdField?: string;
  header: readonly HeaderField[];
}

const description: HeaderField = { name: 'description', label: 'Description', kind: 'text' };
const changeOrderDate: HeaderField = { name: 'changeOrderDate', label: 'Change order date', kind: 'date' };
const retainage: HeaderField = { name: 'retainagePercent', label: 'Retainage', kind: 'retainage' };

/** Every kind, by key. */
export const KINDS: Readonly<Record<ContractKey, KindSpec>> = {
  Subcontract: {
    key: 'Subcontract', label: 'Subcontract', idField: 'subcontractId', load: '/api/pfm/getsubcontracts', single: '/api/pfm/GetSubcontractById',
    scope: (_r, id) => ({ recordKey: 'Subcontract', recordId: id }), itemIdField: 'subcontractItemId',
    header: [description, { name: 'subcontractTypeId', label: 'Subcontract type', kind: 'subcontractType' }, retainage,
      { name: 'excessLiability', label: 'Excess liability', kind: 'excessLiability' }],
  },
  SubcontractChangeOrder: {
    key: 'SubcontractChangeOrder', label: 'Subcontract Change Order', idField: 'subcontractChangeOrderId', load: '/api/pfm/getsubcontractchangeorders',
    single: '/api/pfm/GetSubcontractChangeOrderById', scope: (r) => ({ recordKey: 'Subcontract', recordId: Number(r.subcontractId) }),
    itemIdField: 'subcontractChangeOrderItemId', header: [description, changeOrderDate],
  },
  PurchaseAgreement: {
    key: 'PurchaseAgreement', label: 'Purchase Agreement', idField: 'purchaseAgreementId', load: '/api/pfm/getpurchaseagreements',
    single: '/api/pfm/GetPurchaseAgreementById', scope: (_r, id) => ({ recordKey: 'PurchaseAgreement', recordId: id }),
    itemIdField: 'purchaseAgreementItemId', header: [description, retainage],
  },
  PurchaseAgreementChangeOrder: {
    key: 'PurchaseAgreementChangeOrder', label: 'Purchase Agreement Change Order', idField: 'purchaseAgreementChangeOrderId',
    load: '/api/pfm/getpurchaseagreementchangeorders', single: '/api/pfm/GetPurchaseAgreementChangeOrderById',
    scope: (r) => ({ recordKey: 'PurchaseAgreement', recordId: Number(r.purchaseAgreementId) }), itemIdField: 'purchaseAgreementChangeOrderItemId',
    header: [description, changeOrderDate],
  },
  PurchaseOrder: {
    key: 'PurchaseOrder', label: 'Purchase Order', idField: 'purchaseOrderId', load: '/api/pfm/getpurchaseorders', single: '/api/pfm/GetPurchaseOrderById',
    scope: (_r, id) => ({ recordKey: 'PurchaseOrder', recordId: id }), itemIdField: 'purchaseOrderItemId',
    header: [description, { name: 'orderDate', label: 'Order date', kind: 'date' }],
  },
  OwnerAgreement: {
    key: 'OwnerAgreement', label: 'Owner Agreement', idField: 'ownerAgreementId', load: '/api/pfm/getowneragreements', single: '/api/pfm/getOwnerAgreementById',
    scope: (r) => ({ recordKey: 'Project', recordId: r.projectId }),
    // The contract amount and approved changes are read-only: the prime contract changes through owner change orders.
    header: [description, { name: 'contractType', label: 'Contract type', kind: 'contractType' }, { name: 'executedDate', label: 'Executed date', kind: 'date' }],
  },
  OwnerAgreementChangeOrder: {
    key: 'OwnerAgreementChangeOrder', label: 'Owner Agreement Change Order', idField: 'ownerAgreementChangeOrderId',
    load: '/api/pfm/getowneragreementchangeorders', single: '/api/pfm/getOwnerAgreementChangeOrderById',
    scope: (r) => ({ recordKey: 'OwnerAgreement', recordId: Number(r.ownerAgreementId) }), header: [description, changeOrderDate],
  },
};

/** The writes (demo/host/api/pfm/commitments/writes.ts) and the §7 loads used beside the kinds'. */
export const COMMITMENT_PATHS = {
  save: '/api/pfm/SaveCommitment',
  updateState: '/api/pfm/UpdateCommitmentState',
  costCodes: '/api/pfm/getcostcodes',
  summary: '/api/pfm/getcostcodetransactionsummary',
  changeEvents: '/api/pfm/getchangeevents',
  link: '/api/pfm/LinkChangeEventToOwnerChangeOrder',
  project: '/api/pfm/projects/GetProjectByProjectId',
} as const;

/** Shown instead of a list when the server refuses the caller (403). */
export const NO_ACCESS_MESSAGE = 'You do not have access to this project’s commitments. They are for PFM Admin, Project Manager and RPM roles.';

/** The page's record store of a kind (shared by the screen and the workbench over it). */
export function contractStore(key: ContractKey): RecordStore<ContractRecord> {
  return recordStore<ContractRecord>(key, KINDS[key].idField);
}

/** The id of a record of `key`. */
export const recordIdOf = (key: ContractKey, record: ContractRecord): number => Number(record[KINDS[key].idField]);

/** Open and closed rows of a load with the same query (two calls: `open` picks one or the other). */
export async function loadOpenAndClosed<T>(path: string, query: Record<string, string | number>, signal?: AbortSignal): Promise<T[]> {
  const [open, closed] = await Promise.all([
    getJson<T[]>(path, query, { signal }),
    getJson<T[]>(path, { ...query, open: false }, { signal }),
  ]);
  return [...(Array.isArray(open) ? open : []), ...(Array.isArray(closed) ? closed : [])];
}

/** The scope of a screen's loads: the project, else the budget (roll-ups include their children). */
export function screenScope(projectId: number, budgetId: number): { recordKey: string; recordId: number } | null {
  if (projectId > 0) return { recordKey: 'Project', recordId: projectId };
  if (budgetId > 0) return { recordKey: 'Budget', recordId: budgetId };
  return null;
}

/** Load every record of `key` in scope into its store; answers them. */
export async function loadContracts(key: ContractKey, scope: { recordKey: string; recordId: number }, signal?: AbortSignal): Promise<ContractRecord[]> {
  const rows = await loadOpenAndClosed<ContractRecord>(KINDS[key].load, scope, signal);
  contractStore(key).upsert(rows);
  return rows;
}

/** One record of `key` with its items (single call, then its family's load for the items). */
export async function loadContract(key: ContractKey, id: number, signal?: AbortSignal): Promise<ContractRecord> {
  const spec = KINDS[key];
  const single = await getJson<ContractRecord>(spec.single, { [spec.idField]: id }, { signal });
  const family = await loadOpenAndClosed<ContractRecord>(spec.load, spec.scope(single, id), signal);
  const record = family.find((row) => recordIdOf(key, row) === id) ?? single;
  contractStore(key).upsert(record);
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
const cents = (value: number): number => Math.round(value * 100) / 100;

/** Original, approved changes, current (= original + approved changes), billed, retainage held (billed × retainage %). */
export function commitmentAmounts(record: ContractRecord): CommitmentAmounts {
  const original = num(record.originalAmount ?? record.amount);
  const approvedChanges = num(record.approvedChanges);
  const billed = num(record.billed);
  return { original, approvedChanges, current: cents(original + approvedChanges), billed, retainage: cents(billed * num(record.retainagePercent) / 100) };
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

// --- cost codes ---------------------------------------------------------------------------------

/** A budget line as getcostcodes answers it. */
export interface CostCodeRow {
  costCodeId: number;
  budgetId: number;
  code: string;
  codeDisplay?: string;
  type: string;
  description: string;
}

/** Every line of budget `budgetId` (getcostcodes, recordKey Budget). */
export async function loadCostCodes(budgetId: number, signal?: AbortSignal): Promise<CostCodeRow[]> {
  const rows = await getJson<CostCodeRow[]>(COMMITMENT_PATHS.costCodes, { recordKey: 'Budget', recordId: budgetId }, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** True when cost type `code` may be chosen (§3: A and F are never offered). */
export function isSelectableCostType(code: string | null | undefined): boolean {
  const wanted = (code ?? '').trim().toUpperCase();
  return selectableCostTypes().some((type) => type.code === wanted);
}

/**
 * §5: the cost codes an item may take: lines of budget `budgetId` of cost type `costType`, never of
 * a hidden or disabled type (A, F), in code order.
 */
export function costCodesFor(costCodes: readonly CostCodeRow[], budgetId: number, costType: string): CostCodeRow[] {
  const type = costType.trim().toUpperCase();
  if (!isSelectableCostType(type)) return [];
  return costCodes
    .filter((line) => line.budgetId === budgetId && line.type.toUpperCase() === type)
    .sort((a, b) => a.code.localeCompare(b.code) || a.costCodeId - b.costCodeId);
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

/** One item row of a save. */
export interface ItemEdit {
  itemId: number | null;
  costCodeId: number | null;
  description: string;
  amount: string;
  deleted?: boolean;
}

/** A save answer: the record and the warnings and infos of §5. */
export interface SaveAnswer {
  record: ContractRecord;
  feedback: Array<{ integerValue: number; stringValue: string; message: string }>;
}

/** POST SaveCommitment: header values as typed and the items (none for owner agreements); the answer's record goes into the store. */
export async function saveContract(key: ContractKey, id: number, oldStateId: number, header: Record<string, string>, items: readonly ItemEdit[]): Promise<SaveAnswer> {
  const answer = await postForm<SaveAnswer>(COMMITMENT_PATHS.save, {
    RecordKey: key, RecordId: id, OldRecordStateId: oldStateId, ...header,
    items: items.map((item) => ({
      itemId: item.itemId ?? '', costCodeId: item.costCodeId ?? '', description: item.description, amount: item.amount,
      deleted: item.deleted ? 'true' : undefined,
    })),
  });
  contractStore(key).upsert(answer.record);
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
export function advanceContract(key: ContractKey, record: ContractRecord, target: TargetState, reason?: string): Promise<ContractRecord> {
  const id = recordIdOf(key, record);
  const next: ContractRecord = { ...record, applicationRecordStateId: target.applicationRecordStateId, recordStateName: target.name, closed: target.closed };
  // Reason: how it was signed, when it is marked Executed without e-sign (the form skips it when absent).
  return contractStore(key).optimistic(next, () => postForm<ContractRecord>(COMMITMENT_PATHS.updateState, {
    RecordKey: key, ItemId: id, OldRecordStateId: record.applicationRecordStateId, RouteStateId: target.applicationRecordStateId, Reason: reason,
  }));
}
