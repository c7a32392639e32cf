/**
 * The pay applications area's contract: a subcontractor's (or supplier's) monthly bill against a
 * commitment's schedule of values, its lien waivers, retainage held and released, and its document in
 * the layout of AIA G702/G703. Paths, wire types, the record key and its state table; the arithmetic and the
 * rules the form and the server share are in ./rules. The host is demo/host/api/pfm/pay-applications; the views
 * are src/features/pay-applications.
 */
import { PAY_APPLICATION_LOAD_PATHS } from './loads';
import { PAY_APPLICATION_STATES, type LienWaiverKind, type PayLine, type PayTotals } from './rules';
import type { AdvancementTable, RecordStateTable } from '../records/state-table';
import type { FieldSecurity } from '../records/states';

export { PAY_APPLICATION_RECORD_KEY, payApplicationListQueries, payApplicationQuery } from './loads';


/** The commitments a pay application bills. */
export const BILLABLE_COMMITMENT_KEYS = ['Subcontract', 'PurchaseAgreement', 'PurchaseOrder'] as const;
export type BillableCommitmentKey = (typeof BILLABLE_COMMITMENT_KEYS)[number];

/** The record keys the list load is scoped by. */
export const PAY_APPLICATION_SCOPES = ['Project', 'Budget', ...BILLABLE_COMMITMENT_KEYS] as const;

type PayApplicationState = (typeof PAY_APPLICATION_STATES)[keyof typeof PAY_APPLICATION_STATES];
/** The states of a pay application (record key PayApplication; the workflow: ./rules). */
export const PAY_APPLICATION_RECORD_STATES: RecordStateTable<PayApplicationState> = [
  [PAY_APPLICATION_STATES.draft, false], [PAY_APPLICATION_STATES.submitted, false], [PAY_APPLICATION_STATES.approved, false],
  [PAY_APPLICATION_STATES.approvedForPayment, true], [PAY_APPLICATION_STATES.paid, true], [PAY_APPLICATION_STATES.revise, false],
];
/** Revise and Resubmit needs a reason; Approved for Payment follows the approval authority and needs the lien waivers. */
export const PAY_APPLICATION_ADVANCEMENTS: AdvancementTable<PayApplicationState> = {
  Draft: [['Submitted', true]],
  Submitted: [['Approved', true], ['Revise and Resubmit', false]],
  Approved: [['Approved for Payment', true], ['Revise and Resubmit', false]],
  'Approved for Payment': [['Paid', true]],
  'Revise and Resubmit': [['Submitted', true]],
};

export const PAY_APPLICATION_PATHS = {
  ...PAY_APPLICATION_LOAD_PATHS,
  /** POST RecordKey (BILLABLE_COMMITMENT_KEYS), CommitmentId, PeriodEnd (YYYY-MM-DD, a month's last day) → { data: PayApplication }. */
  create: '/api/pfm/CreatePayApplication',
  /**
   * POST PayApplicationId, lastLoad, lines[i].itemId, lines[i].source ('original' | 'changeOrder': an original and a
   * change-order item may share an id), lines[i].thisPeriod, lines[i].storedMaterials → { data: PayApplication }.
   */
  save: '/api/pfm/SavePayApplication',
  /** POST ItemId, OldRecordStateId, RouteStateId, Reason? (Revise and Resubmit needs one) → { data: PayApplication }. */
  updateState: '/api/pfm/UpdatePayApplicationState',
  /** POST (multipart) PayApplicationId, Kind (LIEN_WAIVER_KINDS), Amount, ThroughDate, file → { data: PayApplication }. */
  addLienWaiver: '/api/pfm/AddLienWaiver',
  /** GET payApplicationId → the G702/G703 PDF (attachment); it is also filed on the record. */
  document: '/api/pfm/GetPayApplicationDocument',
} as const;

/** One line of the schedule of values on an application (G703), as the server answers it. */
export interface PayApplicationLine extends PayLine {
  /** The commitment item (or approved change-order item) this line bills; `lines[i].itemId` of the save. */
  itemId: number;
  /** Where the line comes from: the original schedule or an approved change order (its number). */
  source: 'original' | 'changeOrder';
  changeOrderNumber: string | null;
  costCodeId: number;
  /** The cost code as shown (2-4-2) and its type. */
  costCode: string;
  description: string;
}

/** A lien waiver on file for an application. */
export interface LienWaiver {
  lienWaiverId: number;
  kind: LienWaiverKind;
  amount: number;
  throughDate: string;
  /** The record file holding the signed waiver (GET through the record files calls). */
  fileId: number;
  fileName: string;
  uploadedBy: string;
  uploadedAt: string;
}

/** A row of the list: the application's header and totals. */
export interface PayApplicationRow {
  payApplicationId: number;
  number: string;
  sequence: number;
  projectId: number;
  budgetId: number;
  commitmentKey: BillableCommitmentKey;
  commitmentId: number;
  commitmentNumber: string;
  vendorId: number;
  vendorName: string;
  periodEnd: string;
  final: boolean;
  applicationRecordStateId: number;
  recordStateName: string;
  closed: boolean;
  totals: PayTotals;
  /** The sentences of missing waivers (rules.missingLienWaivers), empty when all are on file. */
  waiversMissing: string[];
  /** The reason of the last Revise and Resubmit, shown to the submitter. */
  reviseReason: string | null;
  modifiedAt: string;
}

/** One application with its lines and waivers. */
export interface PayApplication extends PayApplicationRow {
  retainagePercent: number;
  reduceRetainageAtHalf: boolean;
  lines: PayApplicationLine[];
  waivers: LienWaiver[];
  /** The caller's field security in the application's state: sent by its single load, not by the writes. */
  fieldSecurity?: FieldSecurity;
}

/** What the commitment workbench and the closeout show of a commitment's billing. */
export interface CommitmentBilling {
  /** Certified (Approved for Payment or Paid) total completed and stored. */
  billed: number;
  /** Paid applications' payments. */
  paid: number;
  /** Retainage held on the last certified application (0 after the release). */
  retainageHeld: number;
}
