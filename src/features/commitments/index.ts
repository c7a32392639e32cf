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
