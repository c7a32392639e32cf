/** Change management records shared by `<pfm-change-management>` and its workbenches. */
export * from './types';
export {
  changeRecords, changeEvents, changeEventItems, LOAD_PATHS, loadChangeRecords, loadChangeEvents, loadChangeEventItems,
  reloadRecord, itemsOfEvent, itemTree,
} from './data';
export { advanceChangeRecord, advanceChangeEvent, advanceChangeEventItem, applyChangeEventItemState, itemLabel, inState, UPDATE_PATHS } from './advance';
export type { AdvanceOutcome } from './advance';
export { BlockedItems } from './BlockedItems';
export type { BlockedAdvance } from './BlockedItems';
export { saveChangeRecord, SAVE_PATHS } from './save';
export type { SaveResult } from './save';
export { useSignedIn } from '../../ui/session';
export { useChangeRecord, useFieldSecurity, useLookupOptions } from './hooks';
export type { RecordLoad } from './hooks';
export { useRecordForm, useCreateForm, RecordFormButtons } from './form';
export type { RecordForm, CreateForm } from './form';
