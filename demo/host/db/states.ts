/**
 * Configurable records (§1, §3): application records, their states (with `closed` and
 * `displayOrder`), the advancements between states and the field security per state. Data only;
 * the seed writes it into the database, where the API reads it. Each kind's states and advancements are
 * declared in its area's contract (src/core/<area>/contract.ts); here they are assembled by record key.
 */
import { BILLING_RUN_ADVANCEMENTS, BILLING_RUN_RECORD_STATES } from '../../../src/core/billing/contract';
import {
  CHANGE_EVENT_ADVANCEMENTS, CHANGE_EVENT_ITEM_ADVANCEMENTS, CHANGE_EVENT_ITEM_RECORD_STATES, CHANGE_EVENT_RECORD_STATES,
  CHANGE_RECORD_ADVANCEMENTS, CHANGE_RECORD_STATES,
} from '../../../src/core/change-management/contract';
import {
  COMMITMENT_ADVANCEMENTS, COMMITMENT_CHANGE_ORDER_ADVANCEMENTS, COMMITMENT_CHANGE_ORDER_RECORD_STATES, COMMITMENT_RECORD_STATES,
  PURCHASE_ORDER_ADVANCEMENTS, PURCHASE_ORDER_RECORD_STATES,
} from '../../../src/core/commitments/contract';
import { COST_ADJUSTMENT_ADVANCEMENTS, COST_ADJUSTMENT_RECORD_STATES } from '../../../src/core/cost-adjustments/contract';
import { DIRECT_COST_ADVANCEMENTS, DIRECT_COST_RECORD_STATES } from '../../../src/core/direct-costs/contract';
import { ENVELOPE_ADVANCEMENTS, ENVELOPE_RECORD_STATES } from '../../../src/core/esign/contract';
import {
  OWNER_AGREEMENT_ADVANCEMENTS, OWNER_AGREEMENT_CHANGE_ORDER_ADVANCEMENTS, OWNER_AGREEMENT_CHANGE_ORDER_RECORD_STATES,
  OWNER_AGREEMENT_RECORD_STATES,
} from '../../../src/core/owner-agreements/contract';
import { PAY_APPLICATION_ADVANCEMENTS, PAY_APPLICATION_RECORD_STATES } from '../../../src/core/pay-applications/contract';
import type { AdvancementTable, RecordStateTable } from '../../../src/core/records/state-table';
import { SLIM_REQUEST_ADVANCEMENTS, SLIM_REQUEST_RECORD_STATES, SRA_ADVANCEMENTS, SRA_RECORD_STATES } from '../../../src/core/risk/contract';
import { SURVEY_ADVANCEMENTS, SURVEY_RECORD_STATES } from '../../../src/core/surveys/contract';
import { PTO_REQUEST_ADVANCEMENTS, PTO_REQUEST_RECORD_STATES } from '../../../src/core/time-off/contract';
import { TIMECARD_ADVANCEMENTS, TIMECARD_RECORD_STATES } from '../../../src/core/timecards/contract';
import { ACCESS_REQUEST_ADVANCEMENTS, ACCESS_REQUEST_RECORD_STATES } from '../../../src/core/toolbox/contract';

/** [record key, name, application key]. */
export const APPLICATION_RECORDS: ReadonlyArray<readonly [string, string, string]> = [
  ['Project', 'Project', 'keyPFM'],
  ['Budget', 'Budget', 'keyPFM'],
  ['CostCode', 'Cost Code', 'keyPFM'],
  ['ChangeRecord', 'Initiating Document', 'keyPFM'],
  ['ChangeEvent', 'Change Event', 'keyPFM'],
  ['ChangeEventItem', 'Change Event Item', 'keyPFM'],
  ['Subcontract', 'Subcontract', 'keyPFM'],
  ['SubcontractChangeOrder', 'Subcontract Change Order', 'keyPFM'],
  ['PurchaseAgreement', 'Purchase Agreement', 'keyPFM'],
  ['PurchaseAgreementChangeOrder', 'Purchase Agreement Change Order', 'keyPFM'],
  ['PurchaseOrder', 'Purchase Order', 'keyPFM'],
  ['OwnerAgreement', 'Owner Agreement', 'keyPFM'],
  ['OwnerAgreementChangeOrder', 'Owner Agreement Change Order', 'keyPFM'],
  ['CostAdjustment', 'Cost Adjustment', 'keyPFM'],
  ['DirectCost', 'Direct Cost', 'keyPFM'],
  ['Rfi', 'Request for Information', 'keyPFM'],
  ['Timecard', 'Timecard', 'keyTC'],
  ['PtoRequest', 'PTO Request', 'keyPTO'],
  // Issue 12 (migration 006 adds it to an existing database).
  ['Survey', 'Survey', 'keyPFM'],
  ['Envelope', 'Envelope', 'keyPFM'],
  // Issue 14 (migration 013 adds them to an existing database).
  ['SlimRequest', 'SLIM Request', 'keySLIM'],
  ['Sra', 'Subcontractor Risk Assessment', 'keyRISK'],
  // Issue 15 (migration 015 adds them to an existing database).
  ['AccessRequest', 'Project Access Request', 'keyProjectSecurity'],
  ['ItBillingRun', 'IT Billing Month', 'keyIT'],
  // Pay applications (migration 026 adds it to an existing database).
  ['PayApplication', 'Pay Application', 'keyPFM'],
];

/**
 * The states of each record kind ([name, closed]; the display order is the position in the list, 1-based), declared in
 * its area's contract. The seed numbers states in this order of kinds and of states: it must not change.
 */
export const RECORD_STATES: Record<string, RecordStateTable> = {
  ChangeRecord: CHANGE_RECORD_STATES,
  ChangeEvent: CHANGE_EVENT_RECORD_STATES,
  ChangeEventItem: CHANGE_EVENT_ITEM_RECORD_STATES,
  Subcontract: COMMITMENT_RECORD_STATES,
  PurchaseAgreement: COMMITMENT_RECORD_STATES,
  PurchaseOrder: PURCHASE_ORDER_RECORD_STATES,
  SubcontractChangeOrder: COMMITMENT_CHANGE_ORDER_RECORD_STATES,
  PurchaseAgreementChangeOrder: COMMITMENT_CHANGE_ORDER_RECORD_STATES,
  OwnerAgreement: OWNER_AGREEMENT_RECORD_STATES,
  OwnerAgreementChangeOrder: OWNER_AGREEMENT_CHANGE_ORDER_RECORD_STATES,
  CostAdjustment: COST_ADJUSTMENT_RECORD_STATES,
  DirectCost: DIRECT_COST_RECORD_STATES,
  // Issue 12: a project survey (migration 006 writes the same rows into an existing database).
  Survey: SURVEY_RECORD_STATES,
  // E-sign envelopes (issue 12; migration 007 writes the same rows into an existing database).
  Envelope: ENVELOPE_RECORD_STATES,
  // Issue 13 (migration 011 writes the same rows into an existing database). Last, so earlier state ids stay as they were.
  Timecard: TIMECARD_RECORD_STATES,
  PtoRequest: PTO_REQUEST_RECORD_STATES,
  // Issue 14 (migration 013 writes the same rows into an existing database).
  SlimRequest: SLIM_REQUEST_RECORD_STATES,
  Sra: SRA_RECORD_STATES,
  // Issue 15 (migration 015 writes the same rows into an existing database).
  AccessRequest: ACCESS_REQUEST_RECORD_STATES,
  ItBillingRun: BILLING_RUN_RECORD_STATES,
  // Pay applications (migration 026 writes the same rows into an existing database).
  PayApplication: PAY_APPLICATION_RECORD_STATES,
};

/** Advancements: record key → from state → [target, quickRoute][], declared beside the states in each area's contract. */
export const ADVANCEMENTS: Record<string, AdvancementTable> = {
  ChangeRecord: CHANGE_RECORD_ADVANCEMENTS,
  ChangeEvent: CHANGE_EVENT_ADVANCEMENTS,
  ChangeEventItem: CHANGE_EVENT_ITEM_ADVANCEMENTS,
  Subcontract: COMMITMENT_ADVANCEMENTS,
  PurchaseAgreement: COMMITMENT_ADVANCEMENTS,
  PurchaseOrder: PURCHASE_ORDER_ADVANCEMENTS,
  SubcontractChangeOrder: COMMITMENT_CHANGE_ORDER_ADVANCEMENTS,
  PurchaseAgreementChangeOrder: COMMITMENT_CHANGE_ORDER_ADVANCEMENTS,
  OwnerAgreementChangeOrder: OWNER_AGREEMENT_CHANGE_ORDER_ADVANCEMENTS,
  OwnerAgreement: OWNER_AGREEMENT_ADVANCEMENTS,
  CostAdjustment: COST_ADJUSTMENT_ADVANCEMENTS,
  DirectCost: DIRECT_COST_ADVANCEMENTS,
  Survey: SURVEY_ADVANCEMENTS,
  Envelope: ENVELOPE_ADVANCEMENTS,
  Timecard: TIMECARD_ADVANCEMENTS,
  PtoRequest: PTO_REQUEST_ADVANCEMENTS,
  SlimRequest: SLIM_REQUEST_ADVANCEMENTS,
  Sra: SRA_ADVANCEMENTS,
  AccessRequest: ACCESS_REQUEST_ADVANCEMENTS,
  ItBillingRun: BILLING_RUN_ADVANCEMENTS,
  PayApplication: PAY_APPLICATION_ADVANCEMENTS,
};

/** The direct cost fields writes may change; only a Draft one is editable (migration 002 writes the same rows). */
export const DIRECT_COST_FIELDS = ['directCostDate', 'directCostTypeId', 'vendorId', 'invoiceNumber', 'description', 'amount', 'items'] as const;

/**
 * A commitment's header terms (migration 025) and the states in which they are fixed: signed (Executed; a
 * purchase order Issued or Received), as a subcontract's retainage is. Migration 028 writes the same rows.
 */
export const COMMITMENT_TERM_FIELDS: Record<'Subcontract' | 'PurchaseAgreement' | 'PurchaseOrder', readonly string[]> = {
  Subcontract: ['scope', 'contractDate', 'startDate', 'endDate', 'reduceRetainageAtHalf', 'retainagePercent'],
  PurchaseAgreement: ['scope', 'contractDate', 'startDate', 'endDate', 'reduceRetainageAtHalf', 'retainagePercent'],
  PurchaseOrder: ['scope', 'startDate', 'endDate', 'reduceRetainageAtHalf', 'retainagePercent'],
};
const COMMITMENT_SIGNED_STATES: Record<keyof typeof COMMITMENT_TERM_FIELDS, readonly string[]> = {
  Subcontract: ['Executed'], PurchaseAgreement: ['Executed'], PurchaseOrder: ['Issued', 'Received'],
};

/** The fields writes may change, per record key (each secured per state). */
export const SECURED_FIELDS: Record<string, readonly string[]> = {
  ChangeRecord: ['title', 'description', 'changeRecordTypeId', 'initiatingDocumentTypeId', 'changeReasonId', 'rfiId', 'documentDate', 'estimatedAmount'],
  ChangeEvent: ['title', 'description', 'changeReasonId', 'reimbursableTypeId', 'ownerAgreementId', 'probability'],
  ChangeEventItem: ['description', 'costCodeId', 'vendorId', 'estimatedAmount', 'proposedAmount', 'approvedAmount'],
  Subcontract: [...new Set(['description', 'subcontractTypeId', 'retainagePercent', 'excessLiability', ...COMMITMENT_TERM_FIELDS.Subcontract])],
  PurchaseAgreement: COMMITMENT_TERM_FIELDS.PurchaseAgreement,
  PurchaseOrder: COMMITMENT_TERM_FIELDS.PurchaseOrder,
  DirectCost: DIRECT_COST_FIELDS,
};

/**
 * Exceptions to the default (editable when the state is open, always visible), as
 * [record key, state, field, editable, visible, role?]. A role row applies to holders of that role
 * name on keyPFM; the seed adds one per-user row too (see seed/company.ts).
 */
export const FIELD_SECURITY_EXCEPTIONS: ReadonlyArray<readonly [string, string, string, boolean, boolean, string?]> = [
  ['ChangeRecord', 'Submitted', 'estimatedAmount', false, true],
  ['ChangeRecord', 'Submitted', 'changeRecordTypeId', false, true],
  ['ChangeEvent', 'Approved', 'title', false, true],
  ['ChangeEvent', 'Approved', 'reimbursableTypeId', false, true],
  ['ChangeEvent', 'Approved', 'ownerAgreementId', false, true],
  ['ChangeEvent', 'Approved', 'changeReasonId', false, true],
  // An approved event counts in full (migration 031 writes the same rows).
  ['ChangeEvent', 'Approved', 'probability', false, true],
  ['ChangeEventItem', 'Open', 'approvedAmount', false, true],
  ['ChangeEventItem', 'Open', 'proposedAmount', false, false],
  ['ChangeEventItem', 'Route for Proposal', 'approvedAmount', false, true],
  ['ChangeEventItem', 'Approved', 'costCodeId', false, true],
  ['ChangeEventItem', 'Approved', 'vendorId', false, true],
  ['ChangeEventItem', 'Approved', 'estimatedAmount', false, true],
  ['ChangeEventItem', 'Approved', 'proposedAmount', false, true],
  ['ChangeEventItem', 'Approved', 'approvedAmount', false, true],
  ['ChangeEventItem', 'Approved', 'approvedAmount', true, true, 'RPM'],
  ['ChangeEventItem', 'Approved', 'approvedAmount', true, true, 'Admin'],
  ['ChangeEventItem', 'Pending Commitment', 'costCodeId', false, true],
  ['ChangeEventItem', 'Pending Commitment', 'vendorId', false, true],
  ['ChangeEventItem', 'Pending Commitment', 'estimatedAmount', false, true],
  ['ChangeEventItem', 'Pending Commitment', 'approvedAmount', false, true],
  ['Subcontract', 'Executed', 'subcontractTypeId', false, true],
  ['Subcontract', 'Executed', 'excessLiability', true, true],
  ...(Object.keys(COMMITMENT_TERM_FIELDS) as Array<keyof typeof COMMITMENT_TERM_FIELDS>).flatMap((key) => COMMITMENT_SIGNED_STATES[key]
    .flatMap((state) => COMMITMENT_TERM_FIELDS[key].map((field) => [key, state, field, false, true] as const))),
  ...(['Pending Approval', 'Approved'] as const).flatMap((state) => DIRECT_COST_FIELDS.map((field) => ['DirectCost', state, field, false, true] as const)),
];
