/**
 * Saving a change management record (POST /api/pfm/SaveChangeRecord, SaveChangeEvent,
 * SaveChangeEventItem): only the fields the record's state lets the user edit are sent, with
 * OldRecordStateId so a record someone else moved answers 409. A refused save answers its §5
 * feedback; the caller keeps what was typed.
 */
import { ApiError, postForm } from '../../core/api';
import { feedbackFrom } from '../../core/records/feedback';
import type { FeedbackItem } from '../../core/records/feedback';
import { fieldEditable } from '../../core/records/states';
import type { FieldSecurity } from '../../core/records/states';
import { changeEventItems, changeEvents, changeRecords } from './data';
import type { ChangeEvent, ChangeEventItem, ChangeRecord, ChangeRecordKind } from './types';

export const SAVE_PATHS: Record<ChangeRecordKind, { path: string; idParam: string }> = {
  ChangeRecord: { path: '/api/pfm/SaveChangeRecord', idParam: 'ChangeRecordId' },
  ChangeEvent: { path: '/api/pfm/SaveChangeEvent', idParam: 'ChangeEventId' },
  ChangeEventItem: { path: '/api/pfm/SaveChangeEventItem', idParam: 'ChangeEventItemId' },
};

export type SaveResult =
  | { ok: true; record: ChangeRecord | ChangeEvent | ChangeEventItem }
  | { ok: false; feedback: FeedbackItem[]; message: string };

/** Save the editable `values` of a record; the store gets the server's answer. */
export async function saveChangeRecord(
  kind: ChangeRecordKind, id: number, oldStateId: number, values: Record<string, string>, security: FieldSecurity | undefined,
): Promise<SaveResult> {
  const spec = SAVE_PATHS[kind];
  const body: Record<string, string | number> = { [spec.idParam]: id, OldRecordStateId: oldStateId };
  for (const [field, value] of Object.entries(values)) if (fieldEditable(security, field)) body[field] = value;
  try {
    const record = await postForm<ChangeRecord | ChangeEvent | ChangeEventItem>(spec.path, body);
    if (kind === 'ChangeRecord') changeRecords().upsert(record as ChangeRecord);
    else if (kind === 'ChangeEvent') changeEvents().upsert(record as ChangeEvent);
    else changeEventItems().upsert(record as ChangeEventItem);
    return { ok: true, record };
  } catch (error) {
    const feedback = feedbackFrom(error);
    if (feedback.length) return { ok: false, feedback, message: 'The record was not saved: see the messages.' };
    if (error instanceof ApiError && error.status === 409) {
      return { ok: false, feedback: [], message: 'Someone else changed the state of this record since it was loaded. Your entries are kept; reload to see the record, then save again.' };
    }
    return { ok: false, feedback: [], message: `The record was not saved (${error instanceof Error ? error.message : String(error)}). Your entries are kept.` };
  }
}
