/** The §7 loads of change management (the table of loads.ts): initiating documents, change events and their items. */
import * as Q from '../../queries';
import { STATEFUL, type RecordLoads } from '../load-kinds';

export const CHANGE_RECORD_LOADS: RecordLoads = {
  getinitiatingdocuments: {
    select: Q.CHANGE_RECORD_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Rfi: 't.rfiId', ChangeRecord: 't.changeRecordId' } },
    openExpr: STATEFUL, orderBy: 't.number', secured: 'ChangeRecord',
  },
  getchangeevents: {
    select: Q.CHANGE_EVENT_SELECT,
    columns: {
      project: 't.projectId', budget: 't.budgetId',
      keys: { ChangeRecord: 't.changeRecordId', OwnerAgreement: 't.ownerAgreementId', OwnerAgreementChangeOrder: 't.ownerAgreementChangeOrderId', ChangeEvent: 't.changeEventId' },
    },
    openExpr: STATEFUL, orderBy: 't.number', secured: 'ChangeEvent',
  },
  getchangeeventitems: {
    select: Q.CHANGE_EVENT_ITEM_SELECT,
    columns: { project: 'ce.projectId', budget: 'ce.budgetId', keys: { ChangeEvent: 't.changeEventId', Vendor: 't.vendorId', CostCode: 't.costCodeId', ChangeEventItem: 't.changeEventItemId' } },
    openExpr: STATEFUL, orderBy: 't.changeEventId, t.changeEventItemId', secured: 'ChangeEventItem',
  },
};
