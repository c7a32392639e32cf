/** The §7 loads of owner agreements and their change orders (the table of loads.ts). */
import * as Q from '../../queries';
import { STATEFUL, type RecordLoads } from '../load-kinds';

export const OWNER_AGREEMENT_RECORD_LOADS: RecordLoads = {
  getowneragreements: {
    select: Q.OWNER_AGREEMENT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId' }, openExpr: STATEFUL, orderBy: 't.number',
  },
  getowneragreementchangeorders: {
    select: Q.OWNER_AGREEMENT_CO_SELECT, columns: { project: 'oa.projectId', budget: 't.budgetId', keys: { OwnerAgreement: 't.ownerAgreementId' } },
    openExpr: STATEFUL, orderBy: 't.ownerAgreementId, t.number',
  },
};
