/**
 * Shared record pieces (§4, §5, §6): per-page record stores with optimistic updates and restore,
 * Open/Closed record lists, validation feedback, the state advance menu, field security by state; and the one
 * way a record is edited: its load, its draft (header and items), the items editor, its saves and its state moves.
 */
export { recordStore, resetRecordStores } from '../../core/records';
export type { AnyRecord, RecordStore } from '../../core/records';
export { useRecords, useRecord, useWorkbenchRecordName } from './hooks';
export { FIRST_ROWS, MORE_ROWS, RecordLists, splitRecords } from './RecordLists';
export type { RecordColumn, RecordListTab, RecordListsProps } from './RecordLists';
export {
  feedbackFrom, formFeedback, fieldFeedback, FEEDBACK_INVALID, FEEDBACK_WARNING, FEEDBACK_INFO,
} from '../../core/records';
export type { FeedbackItem, FormFeedback } from '../../core/records';
export { ValidationSummary, FieldFeedback, fieldInvalid, FEEDBACK_CLASS, FEEDBACK_LABEL } from './ValidationFeedback';
export { StateAdvanceMenu } from './StateAdvanceMenu';
export type { MoveExtras } from './StateAdvanceMenu';
export { RecordStateBadge, STATE_BADGE_LABEL } from './RecordStateBadge';
export type { RecordStateBadgeProps } from './RecordStateBadge';
export type { StateAdvanceMenuProps } from './StateAdvanceMenu';
export {
  loadRecordStates, loadStateAdvancements, resetStateCache, fieldEditable, fieldVisible, loadFieldSecurity, STATE_PATHS,
} from '../../core/records';
export type { RecordState, StateAdvancement, FieldSecurity, FieldPermission } from '../../core/records';
export { LookupText } from './LookupText';
export { ScreenTitle, projectSubject } from './ScreenTitle';
export type { ScreenSubject } from './ScreenTitle';
export { FormField } from './FormField';
export type { FormFieldProps } from './FormField';
export { ItemsEditor } from './ItemsEditor';
export type { CostCodeLine, CostCodeSlot, ItemsEditorProps } from './ItemsEditor';
export { useItemsDraft } from './useItemsDraft';
export type { ItemsDraft, ItemsDraftControl, ItemsDraftOptions } from './useItemsDraft';
export { useStateMove } from './useStateMove';
export type { StateMove, StateMoveOptions } from './useStateMove';
export { useRecordLoad, RecordLoadFailed, RecordLoading } from './useRecordLoad';
export { RecordListsStatus } from './RecordListsStatus';
export type { RecordLoad, RecordLoadTexts } from './useRecordLoad';
export { SaveButtons, useRecordWrites, WriteProblemAlert } from './useRecordWrites';
export { useFormSend } from './useFormSend';
export type { FormSend } from './useFormSend';
export type { RecordWrites, SaveTexts, WriteProblem } from './useRecordWrites';
export { RecordField } from './RecordField';
export type { FieldControl, RecordFieldProps } from './RecordField';
export { useLookupOptions, useRecordFieldSecurity } from './useFieldSecurity';
export type { SelectOption, StateFieldSecurity } from './useFieldSecurity';
export { ITEM_TEXT, changedRows, checkRows, feedbackForRows, moveRecordState, rowEdit, rowsTotal } from '../../core/records';
export type { ItemRow, MoveTarget } from '../../core/records';
