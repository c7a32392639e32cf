/**
 * The commitments area's contract for making commitments and change orders (the host is
 * demo/host/api/pfm/commitments: create.ts, change-orders.ts; the rules are ./terms). The records
 * answered are the ones the loads answer (getsubcontracts, getpurchaseagreements, getpurchaseorders,
 * getsubcontractchangeorders, getpurchaseagreementchangeorders), each with its `items`. Beside them the state
 * tables of the commitment kinds and their change orders.
 */
import type { AdvancementTable, RecordStateTable } from '../records/state-table';
import type { SraGateStatus } from '../risk/contract';
import type { CommitmentKind } from './terms';

/** The §7 loads of each commitment kind: every record in scope, one record by id, and the id's field. */
export const COMMITMENT_LOADS: Readonly<Record<CommitmentKind, { load: string; single: string; idField: string }>> = {
  Subcontract: { load: '/api/pfm/getsubcontracts', single: '/api/pfm/GetSubcontractById', idField: 'subcontractId' },
  PurchaseAgreement: { load: '/api/pfm/getpurchaseagreements', single: '/api/pfm/GetPurchaseAgreementById', idField: 'purchaseAgreementId' },
  PurchaseOrder: { load: '/api/pfm/getpurchaseorders', single: '/api/pfm/GetPurchaseOrderById', idField: 'purchaseOrderId' },
};

export const COMMITMENT_CREATE_PATHS = {
  /**
   * POST (form) RecordKey (COMMITMENT_KINDS), ProjectId, BudgetId (of that project), VendorId (active),
   * Title, Scope?, ContractDate? (default today), StartDate?, EndDate? (not before StartDate),
   * RetainagePercent? (10, 5 or 0; default 10), ReduceRetainageAtHalf? (true needs 10),
   * ExcessLiability? (subcontracts: '' / N/A, 3000000, 5000000, 10000000), SubcontractTypeId?
   * (subcontracts; default the first active type), BuyoutLineId? (a cost code of the budget that fits the kind),
   * items[i].costCodeId, .description, .amount (or, for purchase agreements and orders, .quantity and .unitPrice)
   * → { data: CommitmentRecord } in Draft, numbered SC-/PA-/PO-<job>-###. 400 with feedback items per field.
   */
  create: '/api/pfm/CreateCommitment',
  /**
   * POST (form) RecordKey (Subcontract or PurchaseAgreement; PurchaseOrder is refused), CommitmentId (Executed),
   * Description, ChangeOrderDate? (default today), and either ChangeEventItemIds[i] (approved items of the
   * commitment's vendor, project and budget, not yet linked) or items[i].costCodeId, .description, .amount
   * → { data: ChangeOrderRecord } in Draft, numbered <commitment number>-CO01…
   */
  createChangeOrder: '/api/pfm/CreateCommitmentChangeOrder',
} as const;

/** One item of a commitment's schedule of values (or of a change order), as the loads answer it. */
export interface CommitmentItem {
  costCodeId: number;
  costCode: string;
  codeDisplay: string;
  costType: string;
  description: string;
  amount: number;
  /** Purchase agreements and orders. */
  quantity?: number;
  unitPrice?: number;
  /** Change-order items linked from a change event item. */
  changeEventItemId?: number | null;
  modifiedAt: string;
  [id: string]: unknown;
}

/** A commitment as CreateCommitment answers it (the fields the loads answer; the id column is per kind). */
/** What CreateCommitment adds to a new subcontract the SRA gate will stop before Pending Signature: why, and where to start one. */
export interface CreatedCommitmentGate { reasons: string[]; startLink: string }

export interface CommitmentRecord {
  projectId: number;
  budgetId: number;
  vendorId: number;
  vendorName: string;
  number: string;
  /** The title. */
  description: string;
  scope: string;
  /** Purchase orders: `orderDate` is their contract date. */
  contractDate?: string | null;
  orderDate?: string;
  startDate: string | null;
  endDate: string | null;
  retainagePercent: number;
  /** 1 when retainage drops to 5% at 50% complete. */
  reduceRetainageAtHalf: 0 | 1;
  /** Subcontracts: null is N/A. */
  excessLiability?: number | null;
  /** The buyout line (cost code) this commitment was awarded from, or null. */
  buyoutCostCodeId: number | null;
  applicationRecordStateId: number;
  recordStateName: string;
  originalAmount?: number;
  approvedChanges?: number;
  amount?: number;
  items: CommitmentItem[];
  modifiedAt: string;
  [field: string]: unknown;
}

/** A change order as CreateCommitmentChangeOrder answers it. */
export interface ChangeOrderRecord {
  projectId: number;
  budgetId: number;
  vendorId: number;
  number: string;
  description: string;
  changeOrderDate: string;
  amount: number;
  applicationRecordStateId: number;
  recordStateName: string;
  items: CommitmentItem[];
  [field: string]: unknown;
}

/** The kinds CreateCommitmentChangeOrder takes as RecordKey (PurchaseOrder answers a 400 naming why). */
export type ChangeOrderParentKey = Exclude<CommitmentKind, 'PurchaseOrder'>;

/**
 * GET /api/risk/getsrastatus answers this for a subcontract: the SRA gate status, with the amount that
 * counts (items plus approved change orders), the pending change orders, the limits in force and,
 * when an approved SRA does not cover, why.
 */
export interface CommitmentGateStatus extends SraGateStatus {
  /** Items plus approved change orders: what an SRA must cover (and what Start SRA pre-fills). */
  amount: number;
  /** The sum of change orders Pending Approval (their approval needs the SRA to cover amount + this). */
  pendingChanges: number;
  singleLimit: number;
  aggregateLimit: number;
  /** The vendor's open subcontracts on all projects, this one included. */
  exposure: number;
  /** "SRA-0012 approved for $209,811 covers less than the subcontract's $240,000", or null. */
  notCovered: string | null;
}

/** The states of a subcontract and of a purchase agreement (record keys 'Subcontract', 'PurchaseAgreement'). */
export const COMMITMENT_RECORD_STATES: RecordStateTable = [['Draft', false], ['Pending Signature', false], ['Executed', false], ['Closed', true], ['Void', true]];
export const COMMITMENT_ADVANCEMENTS: AdvancementTable = {
  Draft: [['Pending Signature', true], ['Void', false]],
  'Pending Signature': [['Executed', true], ['Draft', false], ['Void', false]],
  Executed: [['Closed', true]],
  Closed: [['Executed', false]],
};

/** The states of a purchase order (record key 'PurchaseOrder'). */
export const PURCHASE_ORDER_RECORD_STATES: RecordStateTable = [['Draft', false], ['Issued', false], ['Received', false], ['Closed', true], ['Void', true]];
export const PURCHASE_ORDER_ADVANCEMENTS: AdvancementTable = {
  Draft: [['Issued', true], ['Void', false]],
  Issued: [['Received', true], ['Void', false]],
  Received: [['Closed', true]],
};

/** The states of a subcontract's and of a purchase agreement's change order (record keys 'SubcontractChangeOrder', 'PurchaseAgreementChangeOrder'). */
export const COMMITMENT_CHANGE_ORDER_RECORD_STATES: RecordStateTable = [['Draft', false], ['Pending Approval', false], ['Approved', true], ['Void', true]];
export const COMMITMENT_CHANGE_ORDER_ADVANCEMENTS: AdvancementTable = {
  Draft: [['Pending Approval', true], ['Void', false]],
  'Pending Approval': [['Approved', true], ['Draft', false], ['Void', false]],
};
