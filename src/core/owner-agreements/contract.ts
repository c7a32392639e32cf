/**
 * The owner agreements area's contract (§3, §5): the prime contract with the owner and its change
 * orders. Their loads, saves and state moves are the commitments' calls (demo/host/api/pfm/commitments),
 * here with the owner kinds' paths; beside them the §5 links of change events to owner change orders
 * and new owner change orders, and the state tables of the two kinds. Types and constants only; the views and
 * their rules live in src/features/owner-agreements.
 */
import type { AdvancementTable, RecordStateTable } from '../records/state-table';

/** The §7 loads of the two kinds: every record in scope, and one record by id. */
export const OWNER_AGREEMENT_PATHS = {
  agreements: '/api/pfm/getowneragreements',
  agreement: '/api/pfm/getOwnerAgreementById',
  changeOrders: '/api/pfm/getowneragreementchangeorders',
  changeOrder: '/api/pfm/getOwnerAgreementChangeOrderById',
} as const;

/** POST path of a new owner agreement change order. */
export const CREATE_OWNER_CHANGE_ORDER_PATH = '/api/pfm/CreateOwnerAgreementChangeOrder';

/** The change events' load and the link write. */
export const OWNER_LINK_PATHS = {
  changeEvents: '/api/pfm/getchangeevents',
  link: '/api/pfm/LinkChangeEventToOwnerChangeOrder',
} as const;

/** Contract types an owner agreement may have (the server accepts exactly these). */
export const OWNER_CONTRACT_TYPES = ['GMP', 'Lump Sum', 'Cost Plus Fee'] as const;

/** A change event as getchangeevents answers it (the fields the rule and the list need). */
export interface ChangeEventRow {
  changeEventId: number;
  number: string;
  title: string;
  budgetId: number | null;
  ownerAgreementId: number | null;
  ownerAgreementChangeOrderId: number | null;
  reimbursableTypeId: number | null;
  recordStateName: string;
  approvedAmount?: number;
  closed?: boolean;
  /** The owner change order it is on, if any, and whether that one is closed (settled). */
  ownerChangeOrderNumber?: string | null;
  ownerChangeOrderClosed?: boolean | null;
}

/** The states of an owner agreement (record key 'OwnerAgreement'). */
export const OWNER_AGREEMENT_RECORD_STATES: RecordStateTable = [['Draft', false], ['Executed', false], ['Closed', true]];
export const OWNER_AGREEMENT_ADVANCEMENTS: AdvancementTable = { Draft: [['Executed', true]], Executed: [['Closed', true]] };

/** The states of an owner agreement change order (record key 'OwnerAgreementChangeOrder'). */
export const OWNER_AGREEMENT_CHANGE_ORDER_RECORD_STATES: RecordStateTable = [['Draft', false], ['Pending Approval', false], ['Approved', true], ['Void', true]];
export const OWNER_AGREEMENT_CHANGE_ORDER_ADVANCEMENTS: AdvancementTable = {
  Draft: [['Pending Approval', true], ['Void', false]],
  'Pending Approval': [['Approved', true], ['Draft', false], ['Void', false]],
};
