/** The exact texts of §4 and §8 (blocking messages and confirmations) and of the §5 link refusals. */

export const COMPLETE_BLOCKED_TITLE = 'Unable to Complete Change Event';
export const COMPLETE_BLOCKED_MESSAGE =
  'Change Event can not be advanced to Completed State until all change event items are in a closed state.';

export const NO_CHANGE_BLOCKED_TITLE = 'Unable to set Change Event to No Change';
export const NO_CHANGE_BLOCKED_MESSAGE =
  'Change Event can not be set to No Change until all change event items are in a closed state.';

export const APPROVE_BLOCKED_TITLE = 'Unable to Approve Change Event';
export const APPROVE_BLOCKED_MESSAGE =
  'Change Event can not be Approved until all change event items are approved or closed.';

export const CONFIRM_CANCEL_TITLE = 'Confirm Cancel';
export const CONFIRM_REJECT_TITLE = 'Confirm Reject';
export const CANCEL_CHANGE_EVENT_MESSAGE =
  'This will cancel the change event and change all change event items to Canceled. Please Confirm.';

export const CONFIRM_CLOSE_ITEM_TITLE = 'Confirm Close';
export const CLOSE_ITEM_MESSAGE = 'This will close the change event item. Please Confirm.';

export const LINK_ITEM_STATE_MESSAGE =
  'Only change event items that are Approved or Pending Commitment can be linked to a commitment.';
export const LINK_ITEM_VENDOR_MESSAGE =
  'The change event item and the commitment must have the same vendor.';
export const LINK_ITEM_ALREADY_LINKED_MESSAGE =
  'The change event item is already linked to a change order item.';

export const LINK_CE_STATE_MESSAGE = 'Only Approved change events can be linked to an owner agreement change order.';
export const LINK_CE_OWNER_AGREEMENT_MESSAGE =
  'The change event and the owner agreement change order must belong to the same owner agreement.';
export const LINK_CE_BUDGET_MESSAGE =
  'The change event and the owner agreement change order must belong to the same budget.';
export const LINK_CE_REIMBURSABLE_MESSAGE =
  'Change events of reimbursable type 5 can not be linked to an owner agreement change order.';
