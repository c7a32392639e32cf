/** Change management (`<pfm-change-management>` and its workbenches): records, state advancement, forms and the views. */
export * from './types';
export {
  changeRecords, changeEvents, changeEventItems, LOAD_PATHS, loadChangeRecords, loadChangeEvents, loadChangeEventItems,
  reloadRecord, itemsOfEvent, itemTree,
} from './data';
export type { Commitment } from './data';
export { advanceChangeRecord, advanceChangeEvent, advanceChangeEventItem, applyChangeEventItemState, itemLabel, UPDATE_PATHS } from './advance';
export type { AdvanceOutcome } from './advance';
export { BlockedItems } from './BlockedItems';
export type { BlockedAdvance } from './BlockedItems';
export { saveChangeRecord, SAVE_PATHS } from './save';
export type { SaveResult } from './save';
export { useSignedIn } from '../../ui/session';
export { useChangeRecord, useFieldSecurity } from './hooks';
export type { RecordLoad } from './hooks';
export { useRecordForm, useCreateForm, RecordFormButtons } from './form';
export type { RecordForm, CreateForm } from './form';
export { ChangeManagement } from './ChangeManagementScreen';
export type { ChangeManagementProps } from './ChangeManagementScreen';
export { tabFromAttribute, isChangeRequest, isRequestForProposal } from './tabs';
export { InitiatingDocument } from './InitiatingDocumentWorkbench';
export type { InitiatingDocumentProps } from './InitiatingDocumentWorkbench';
export { ChangeEventWorkbench } from './ChangeEventWorkbench';
export type { ChangeEventWorkbenchProps } from './ChangeEventWorkbench';
export { ChangeEventItemWorkbench, linkCandidates } from './ChangeEventItemWorkbench';
export type { ChangeEventItemWorkbenchProps } from './ChangeEventItemWorkbench';
export { EmailWorkbench, EMAIL_TARGET_STATE } from './EmailWorkbench';
export type { EmailWorkbenchProps } from './EmailWorkbench';
