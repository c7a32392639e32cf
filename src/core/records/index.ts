/**
 * The record machinery without React (§4, §5, §6): per-page record stores with optimistic updates and
 * restore; record states, advancements, move authority and field security; the server's feedback
 * items; a record's files, history and generated document; the approval rule; a record's item lines as a form
 * edits them (checks, what a save sends, feedback per line) and its optimistic state move. `src/ui/records` and
 * `src/ui/workbench` hold the views over them.
 */
export { recordStore, resetRecordStores } from './store';
export type { AnyRecord, RecordStore } from './store';
export {
  loadRecordStates, loadStateAdvancements, loadMoveAuthority, resetStateCache, fieldEditable, fieldVisible, loadFieldSecurity, STATE_PATHS,
} from './states';
export type { RecordState, StateAdvancement, FieldSecurity, FieldPermission, MoveAuthority, WithFieldSecurity } from './states';
export { feedbackFrom, formFeedback, fieldFeedback, sayRefusedSave, FEEDBACK_INVALID, FEEDBACK_WARNING, FEEDBACK_INFO } from './feedback';
export type { FeedbackItem, FormFeedback } from './feedback';
export { loadFileCount, loadFiles, uploadFile, downloadFile, saveBlob } from './files';
export type { RecordFile } from './files';
export { loadRecordHistory, recordSheet, groupChangeSets, fieldLabel, valueText, HISTORY_PATH } from './history';
export type { RecordHistory, HistoryEntry, ChangeSet, UnacknowledgedChange, RecordApproval } from './history';
export { loadRecordDocument, RECORD_DOCUMENT_PATH } from './document';
export { writeFailure } from './write-failure';
export type { WriteFailure, WriteTexts } from './write-failure';
export { ITEM_TEXT, PRICED_ITEM_TEXT, blankRow, changedRows, checkRows, feedbackForRows, postedItems, rowAmount, rowEdit, rowField, rowsTotal, shownRows } from './items';
export type { ItemChecks, ItemEdit, ItemRow, ItemsSaveAnswer, RecordItem } from './items';
export { inState, moveRecordState } from './move';
export type { MoveTarget, StateMoveBody, StatefulRecord } from './move';
