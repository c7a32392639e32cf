/** State and record-key names the rules recognise (compared case-insensitively). */

export const CHANGE_EVENT_KEY = 'ChangeEvent';
export const CHANGE_EVENT_ITEM_KEY = 'ChangeEventItem';
export const CHANGE_RECORD_KEY = 'ChangeRecord';

/** Change event targets with a rule of their own (§4). */
export const CE_COMPLETE = 'Complete';
export const CE_NO_CHANGE = 'No Change';
export const CE_APPROVED = 'Approved';
export const CE_CANCELED = 'Canceled';
export const CE_REJECTED = 'Rejected';

/** Change event item states with a rule of their own (§4, §5). */
export const ITEM_ROUTE_FOR_PROPOSAL = 'Route for Proposal';
export const ITEM_REJECTED = 'Rejected';
export const ITEM_APPROVED = 'Approved';
export const ITEM_PENDING_COMMITMENT = 'Pending Commitment';
export const ITEM_CANCELED = 'Canceled';

/** Change record target that opens the new change event workbench (§4). */
export const CR_POTENTIAL_COSTS = 'Potential Costs';

/** Reimbursable type that may not go on an owner agreement change order (§5). */
export const NON_LINKABLE_REIMBURSABLE_TYPE_ID = 5;

/** Case- and surrounding-space-insensitive name comparison (state names come from configuration). */
export function sameName(a: string | null | undefined, b: string): boolean {
  return (a ?? '').trim().toLowerCase() === b.toLowerCase();
}
