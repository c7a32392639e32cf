/**
 * Configurable records (§1, §3): application records, their states (with `closed` and
 * `displayOrder`), the advancements between states and the field security per state. Data only;
 * the seed writes it into the database, where the API reads it.
 */

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

/** A state: [name, closed]. The display order is the position in the list (1-based). */
type StateDef = readonly [string, boolean];

const COMMITMENT: StateDef[] = [['Draft', false], ['Pending Signature', false], ['Executed', false], ['Closed', true], ['Void', true]];
const CHANGE_ORDER: StateDef[] = [['Draft', false], ['Pending Approval', false], ['Approved', true], ['Void', true]];

export const RECORD_STATES: Record<string, StateDef[]> = {
  ChangeRecord: [['Draft', false], ['Potential Costs', false], ['Submitted', false], ['Closed', true], ['Void', true]],
  ChangeEvent: [['Open', false], ['Pending', false], ['Approved', false], ['Complete', true], ['No Change', true], ['Rejected', true], ['Canceled', true]],
  ChangeEventItem: [
    ['Open', false], ['Route for Proposal', false], ['Proposal Received', false], ['Pending Approval', false],
    ['Rejected', false], ['Approved', false], ['Pending Commitment', false], ['Committed', true], ['Canceled', true], ['Void', true],
  ],
  Subcontract: COMMITMENT,
  PurchaseAgreement: COMMITMENT,
  PurchaseOrder: [['Draft', false], ['Issued', false], ['Received', false], ['Closed', true], ['Void', true]],
  SubcontractChangeOrder: CHANGE_ORDER,
  PurchaseAgreementChangeOrder: CHANGE_ORDER,
  OwnerAgreement: [['Draft', false], ['Executed', false], ['Closed', true]],
  OwnerAgreementChangeOrder: CHANGE_ORDER,
  CostAdjustment: [['Open', false], ['Reconciled', true], ['Void', true]],
  // Migration 002 renamed Submitted to Pending Approval and added Approved (ids of existing states kept).
  DirectCost: [['Draft', false], ['Pending Approval', false], ['Approved', false], ['Posted', true], ['Void', true]],
  // Issue 12: a project survey (migration 006 writes the same rows into an existing database).
  Survey: [['Open', false], ['In Progress', false], ['Submitted', true], ['Canceled', true]],
  // E-sign envelopes (issue 12; migration 007 writes the same rows into an existing database).
  Envelope: [['Draft', false], ['Sent', false], ['Viewed', false], ['Signed', true], ['Declined', true], ['Voided', true], ['Expired', true]],
  // Issue 13 (migration 011 writes the same rows into an existing database). Last, so earlier state ids stay as they were.
  Timecard: [['Draft', false], ['Submitted', false], ['Approved', false], ['Processed', true]],
  PtoRequest: [['Pending', false], ['Approved', false], ['Denied', true], ['Canceled', true]],
  // Issue 14 (migration 013 writes the same rows into an existing database); the rules: src/core/risk.
  SlimRequest: [
    ['Submitted', false], ['In Review', false], ['On Hold – Missing Data', false], ['Regional Review', false], ['Escalated', false],
    ['Approved', true], ['Approved with Conditions', true], ['Denied', true], ['Withdrawn', true],
  ],
  Sra: [['Draft', false], ['Submitted', false], ['Approved', true], ['Rejected', true]],
  // Issue 15 (migration 015 writes the same rows into an existing database). Expired is set by the
  // host when a Pending request is 14 days old (no advancement: nobody picks it from a menu).
  AccessRequest: [['Pending', false], ['Approved', true], ['Denied', true], ['Withdrawn', true], ['Expired', true]],
  // A month's IT charges: run (and re-run) as a Draft showback, then Posted and locked.
  ItBillingRun: [['Draft', false], ['Posted', true]],
  // Pay applications (migration 026 writes the same rows into an existing database; the workflow: src/core/pay-applications/rules.ts).
  PayApplication: [
    ['Draft', false], ['Submitted', false], ['Approved', false], ['Approved for Payment', true], ['Paid', true], ['Revise and Resubmit', false],
  ],
};

/** Advancements: record key → from state → [target, quickRoute][]. */
export const ADVANCEMENTS: Record<string, Record<string, ReadonlyArray<readonly [string, boolean]>>> = {
  ChangeRecord: {
    Draft: [['Potential Costs', true], ['Void', false]],
    'Potential Costs': [['Submitted', true], ['Draft', false], ['Void', false]],
    Submitted: [['Closed', true], ['Potential Costs', false]],
    Closed: [['Submitted', false]],
    Void: [['Draft', false]],
  },
  ChangeEvent: {
    Open: [['Pending', true], ['No Change', false], ['Canceled', false]],
    Pending: [['Approved', true], ['Open', false], ['Rejected', false], ['No Change', false], ['Canceled', false]],
    Approved: [['Complete', true], ['Pending', false], ['Canceled', false]],
    Complete: [['Approved', false]],
    'No Change': [['Open', false]],
  },
  ChangeEventItem: {
    Open: [['Route for Proposal', true], ['Pending Approval', false], ['Approved', false], ['Canceled', false], ['Void', false]],
    'Route for Proposal': [['Proposal Received', true], ['Open', false], ['Canceled', false]],
    'Proposal Received': [['Pending Approval', true], ['Rejected', false], ['Canceled', false]],
    'Pending Approval': [['Approved', true], ['Rejected', false], ['Canceled', false]],
    Rejected: [['Route for Proposal', true], ['Proposal Received', false], ['Canceled', false]],
    Approved: [['Pending Commitment', true], ['Committed', false], ['Pending Approval', false], ['Canceled', false]],
    'Pending Commitment': [['Committed', true], ['Approved', false], ['Canceled', false]],
    Canceled: [['Open', false]],
  },
  Subcontract: {
    Draft: [['Pending Signature', true], ['Void', false]],
    'Pending Signature': [['Executed', true], ['Draft', false], ['Void', false]],
    Executed: [['Closed', true]],
    Closed: [['Executed', false]],
  },
  PurchaseAgreement: {
    Draft: [['Pending Signature', true], ['Void', false]],
    'Pending Signature': [['Executed', true], ['Draft', false], ['Void', false]],
    Executed: [['Closed', true]],
    Closed: [['Executed', false]],
  },
  PurchaseOrder: {
    Draft: [['Issued', true], ['Void', false]],
    Issued: [['Received', true], ['Void', false]],
    Received: [['Closed', true]],
  },
  SubcontractChangeOrder: { Draft: [['Pending Approval', true], ['Void', false]], 'Pending Approval': [['Approved', true], ['Draft', false], ['Void', false]] },
  PurchaseAgreementChangeOrder: { Draft: [['Pending Approval', true], ['Void', false]], 'Pending Approval': [['Approved', true], ['Draft', false], ['Void', false]] },
  OwnerAgreementChangeOrder: { Draft: [['Pending Approval', true], ['Void', false]], 'Pending Approval': [['Approved', true], ['Draft', false], ['Void', false]] },
  OwnerAgreement: { Draft: [['Executed', true]], Executed: [['Closed', true]] },
  CostAdjustment: { Open: [['Reconciled', true], ['Void', false]] },
  // Pending Approval → Draft is 'Revise and Resubmit' (a reason required; src/core/direct-costs/contract.ts).
  DirectCost: {
    Draft: [['Pending Approval', true], ['Void', false]],
    'Pending Approval': [['Approved', true], ['Draft', false], ['Void', false]],
    Approved: [['Posted', true], ['Void', false]],
  },
  // Submitting checks the required answers (pfm/surveys); a Submitted survey is read-only and stays so.
  Survey: {
    Open: [['In Progress', true], ['Canceled', false]],
    'In Progress': [['Submitted', true], ['Open', false], ['Canceled', false]],
    Canceled: [['Open', false]],
  },
  // Envelopes move by the e-sign service (send, view, sign, decline, void, expiry), not by the state menu.
  Envelope: {
    Draft: [['Sent', true], ['Voided', false]],
    Sent: [['Viewed', true], ['Signed', false], ['Declined', false], ['Voided', false], ['Expired', false]],
    Viewed: [['Signed', true], ['Declined', false], ['Voided', false], ['Expired', false]],
  },
  // Issue 13. Submitted → Draft is a rejection (reason required) or the employee's recall; an Approved card is
  // changed in place by a Timecard Admin (with a reason, timecard_changes); Processed is locked.
  Timecard: {
    Draft: [['Submitted', true]],
    Submitted: [['Approved', true], ['Draft', false]],
    Approved: [['Processed', true]],
  },
  // A denial needs a reason; cancelling an Approved request (before its start) gives its hours back.
  PtoRequest: {
    Pending: [['Approved', true], ['Denied', false], ['Canceled', false]],
    Approved: [['Canceled', false]],
  },
  // Issue 14: the moves of src/core/risk/slim.ts SLIM_MOVES (who may make them: mayMoveSlim).
  SlimRequest: {
    Submitted: [['In Review', true], ['Withdrawn', false]],
    'In Review': [
      ['Regional Review', true], ['On Hold – Missing Data', false], ['Escalated', false], ['Approved', false],
      ['Approved with Conditions', false], ['Denied', false], ['Withdrawn', false],
    ],
    'On Hold – Missing Data': [['In Review', true], ['Withdrawn', false]],
    'Regional Review': [['In Review', true], ['Escalated', false], ['Withdrawn', false]],
    Escalated: [['Approved', true], ['Approved with Conditions', false], ['Denied', false], ['Withdrawn', false]],
  },
  // Submitted → Draft is the creator's recall; a High SRA needs two approvals (src/core/risk/sra.ts).
  Sra: {
    Draft: [['Submitted', true]],
    Submitted: [['Approved', true], ['Rejected', false], ['Draft', false]],
  },
  // Issue 15: approve / deny by the project's Project Manager, its region's RPM or an Admin (never one's
  // own request); withdraw by the requester.
  AccessRequest: {
    Pending: [['Approved', true], ['Denied', false], ['Withdrawn', false]],
  },
  ItBillingRun: {
    Draft: [['Posted', true]],
  },
  // Revise and Resubmit needs a reason; Approved for Payment follows the approval authority and needs the lien waivers.
  PayApplication: {
    Draft: [['Submitted', true]],
    Submitted: [['Approved', true], ['Revise and Resubmit', false]],
    Approved: [['Approved for Payment', true], ['Revise and Resubmit', false]],
    'Approved for Payment': [['Paid', true]],
    'Revise and Resubmit': [['Submitted', true]],
  },
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
