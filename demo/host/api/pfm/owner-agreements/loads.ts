/** The §7 loads of owner agreements and their change orders (the table of loads.ts). */
import { STATE_COLUMNS, STATE_JOIN } from '../../rows';
import { STATEFUL, type RecordLoads } from '../load-kinds';

// The SELECTs of owner agreements and their change orders, shared by these loads, the commitment writes (specs.ts,
// writes.ts) and the single-object lookups (lookups.ts), so a record looks the same whichever call returns it. Each is
// `SELECT … FROM … ` with the main table aliased `t`; callers append WHERE/ORDER BY.

export const OWNER_AGREEMENT_SELECT = `SELECT t.ownerAgreementId, t.projectId, t.budgetId, t.number, t.ownerName, t.description, t.contractType,
  t.contractAmount, t.applicationRecordStateId, ${STATE_COLUMNS}, t.executedDate,
  (SELECT coalesce(sum(co.amount), 0) FROM owner_agreement_change_orders co JOIN application_record_states cs ON cs.applicationRecordStateId = co.applicationRecordStateId
     WHERE co.ownerAgreementId = t.ownerAgreementId AND cs.name = 'Approved') AS approvedChanges,
  t.displayText, t.modifiedAt
  FROM owner_agreements t ${STATE_JOIN('t')}`;

export const OWNER_AGREEMENT_CO_SELECT = `SELECT t.ownerAgreementChangeOrderId, t.ownerAgreementId, oa.projectId, t.budgetId, t.number, t.description,
  t.amount, t.applicationRecordStateId, ${STATE_COLUMNS}, t.changeOrderDate,
  (SELECT count(*) FROM change_events ce WHERE ce.ownerAgreementChangeOrderId = t.ownerAgreementChangeOrderId) AS changeEventCount,
  t.displayText, t.modifiedAt
  FROM owner_agreement_change_orders t JOIN owner_agreements oa ON oa.ownerAgreementId = t.ownerAgreementId ${STATE_JOIN('t')}`;

export const OWNER_AGREEMENT_RECORD_LOADS: RecordLoads = {
  getowneragreements: {
    select: OWNER_AGREEMENT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { OwnerAgreement: 't.ownerAgreementId' } },
    openExpr: STATEFUL, orderBy: 't.number', record: 'OwnerAgreement',
  },
  getowneragreementchangeorders: {
    select: OWNER_AGREEMENT_CO_SELECT,
    columns: { project: 'oa.projectId', budget: 't.budgetId', keys: { OwnerAgreement: 't.ownerAgreementId', OwnerAgreementChangeOrder: 't.ownerAgreementChangeOrderId' } },
    openExpr: STATEFUL, orderBy: 't.ownerAgreementId, t.number', record: 'OwnerAgreementChangeOrder',
  },
};
