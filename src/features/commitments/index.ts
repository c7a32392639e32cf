/**
 * Shared commitment pieces (issue 6): kinds, loads, stores, amounts, cost-code filtering, field
 * security, writes; the cost-code picker; the commitment and owner-agreement workbench bodies.
 */
export * from './data';
export { CostCodePicker } from './CostCodePicker';
export type { CostCodePickerProps } from './CostCodePicker';
export { CommitmentWorkbench, WORKBENCH_TEXT } from './CommitmentWorkbench';
export type { CommitmentWorkbenchProps } from './CommitmentWorkbench';
export { OwnerAgreementWorkbench } from './OwnerAgreementWorkbench';
export { OWNER_TEXT } from './OwnerAgreementWorkbench';
export * from './owner-links';
