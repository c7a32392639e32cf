/**
 * Commitments (issue 6): subcontracts, purchase agreements, purchase orders and their change orders.
 * Kinds, loads, stores, amounts, field security and writes (shared with the owner agreements, which
 * the same writes take); the commitment workbench body; the Commitments and Buyout & SRA screens.
 */
export * from './data';
export { CommitmentWorkbench, WORKBENCH_TEXT } from './CommitmentWorkbench';
export type { CommitmentWorkbenchProps } from './CommitmentWorkbench';
export { Commitments, COMMITMENT_LISTS, NO_PROJECT_MESSAGE } from './CommitmentsScreen';
export type { CommitmentsProps } from './CommitmentsScreen';
export { Buyout, NO_CONTEXT_MESSAGE } from './BuyoutScreen';
export type { BuyoutProps } from './BuyoutScreen';
export * from './buyout-arithmetic';
export * from './create';
export { NewCommitment, NEW_COMMITMENT_TEXT } from './NewCommitmentForm';
export type { NewCommitmentProps } from './NewCommitmentForm';
export { NewChangeOrder, NEW_CHANGE_ORDER_TEXT } from './NewChangeOrder';
export { ChangeOrders, CHANGE_ORDERS_TEXT } from './ChangeOrders';
export { VendorPicker, VENDOR_PICKER_TEXT, vendorStatusText } from './VendorPicker';
export { AWARD_TEXT, awardKinds } from './BuyoutScreen';
