/**
 * Owner agreements (§3): the prime contract with the owner and its change orders. Their kinds: the
 * loads, record stores, saves and state moves are the commitments' (features/commitments), whose
 * writes take these kinds too (demo/host/api/pfm/commitments/writes.ts); the paths and wire types:
 * src/core/owner-agreements/contract.ts.
 */
import { OWNER_AGREEMENT_PATHS } from '../../core/owner-agreements/contract';
import { CHANGE_ORDER_DATE_FIELD, DESCRIPTION_FIELD, type ContractKey, type KindSpec } from '../commitments';

/** The owner agreement record kinds (application record keys = workbench kinds). */
export type OwnerAgreementKey = Extract<ContractKey, 'OwnerAgreement' | 'OwnerAgreementChangeOrder'>;

/** Both kinds, by key. */
export const OWNER_KINDS: Readonly<Record<OwnerAgreementKey, KindSpec>> = {
  OwnerAgreement: {
    key: 'OwnerAgreement', label: 'Owner Agreement', idField: 'ownerAgreementId', load: OWNER_AGREEMENT_PATHS.agreements, single: OWNER_AGREEMENT_PATHS.agreement,
    // The contract amount and approved changes are read-only: the prime contract changes through owner change orders.
    header: [DESCRIPTION_FIELD, { name: 'contractType', label: 'Contract type', kind: 'contractType' }, { name: 'executedDate', label: 'Executed date', kind: 'date' }],
  },
  OwnerAgreementChangeOrder: {
    key: 'OwnerAgreementChangeOrder', label: 'Owner Agreement Change Order', idField: 'ownerAgreementChangeOrderId',
    load: OWNER_AGREEMENT_PATHS.changeOrders, single: OWNER_AGREEMENT_PATHS.changeOrder,
    header: [DESCRIPTION_FIELD, CHANGE_ORDER_DATE_FIELD],
  },
};
