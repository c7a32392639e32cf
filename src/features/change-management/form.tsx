/**
 * The form wiring the change management workbenches share: a record's header form (edits over the
 * record, §5 feedback, save through `saveChangeRecord` with only the §6-editable fields, discard),
 * and a create form (typed values kept when the create fails, feedback per field).
 */
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { showToast } from '../../core/messages';
import { feedbackFrom, formFeedback } from '../../core/records/feedback';
import type { FeedbackItem, FormFeedback } from '../../core/records/feedback';
import type { FieldSecurity } from '../../core/records/states';
import { useDraft } from '../../ui/drafts';
import { changeEventItems, changeEvents, changeRecords } from './data';
import { saveChangeRecord } from './save';
import type { ChangeEvent, ChangeEventItem, ChangeRecord, ChangeRecordKind } from './types';

type Values = Record<string, string>;

/** A header form over one record. */
export interface RecordForm<V extends Values> {
  /** The record's values with the user's edits over them; undefined while there is no record. */
  values: V | undefined;
  /** A change handler for one field. */
  set(field: keyof V & string): (value: string) => void;
  feedback: FormFeedback;
  /** True when something was typed. */
  dirty: boolean;
  saving: boolean;
  /** Save the editable fields; a success toast, or the feedback per field / a failure toast (edits kept). */
  save(): Promise<void>;
  /** Drop the edits and the feedback. */
  discard(): void;
  /** The offer of unsaved edits kept from before a reload (null when none): render it above the fields. */
  draftBanner: ReactNode;
}

type RecordOf<K extends ChangeRecordKind> = K extends 'ChangeRecord' ? ChangeRecord : K extends 'ChangeEvent' ? ChangeEvent : ChangeEventItem;

/** How a record is named in the save toast ('CE-003', 'Item 12'). */
function savedName(kind: ChangeRecordKind, record: ChangeRecord | ChangeEvent | ChangeEventItem): string {
  return kind === 'ChangeEventItem' ? `Item ${(record as ChangeEventItem).changeEventItemId}` : (record as ChangeRecord | ChangeEvent).number;
}

function idOf(kind: ChangeRecordKind, record: ChangeRecord | ChangeEvent | ChangeEventItem): number {
  if (kind === 'ChangeRecord') return changeRecords().idOf(record as ChangeRecord);
  if (kind === 'ChangeEvent') return changeEvents().idOf(record as ChangeEvent);
  return changeEventItems().idOf(record as ChangeEventItem);
}

/** The edits that differ from the record (typing a field back to its value is no edit). */
function changedFields<V extends Values>(saved: V, edits: Partial<V>): Partial<V> {
  return Object.fromEntries(Object.entries(edits).filter(([field, value]) => value !== saved[field])) as Partial<V>;
}

/**
 * The header form of `record` (of `kind`): `valuesOf` gives its field values as strings; `security`
 * is the user's field security for its state (nothing is sent that it does not let the user edit).
 */
export function useRecordForm<K extends ChangeRecordKind, V extends Values>(
  kind: K, record: RecordOf<K> | undefined, valuesOf: (record: RecordOf<K>) => V, security: FieldSecurity | undefined,
): RecordForm<V> {
  const [edits, setEdits] = useState<Partial<V>>({});
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [saving, setSaving] = useState(false);
  const saved = useMemo(() => (record ? valuesOf(record) : undefined), [record, valuesOf]);
  const values = saved ? { ...saved, ...edits } : undefined;
  // Unsaved edits survive a reload: kept while they differ from the record, offered back on opening.
  const kept = useDraft<Partial<V>>({
    screen: 'change-management', recordKey: kind, recordId: record ? idOf(kind, record) : undefined,
    value: saved ? changedFields(saved, edits) : undefined, saved: saved ? {} : undefined,
    restore: (value) => {
      if (!saved || !value || typeof value !== 'object') return;
      // Only fields the record has, and only those that still differ from it.
      setEdits(Object.fromEntries(Object.entries(value).filter(([field, text]) => field in saved && typeof text === 'string' && text !== saved[field])) as Partial<V>);
    },
  });
  const save = async () => {
    if (!record || !values) return;
    setSaving(true);
    const result = await saveChangeRecord(kind, idOf(kind, record), record.applicationRecordStateId, values, security);
    setSaving(false);
    if (result.ok) {
      setEdits({});
      setFeedback([]);
      showToast(`${savedName(kind, record)} saved.`, { variant: 'success' });
    } else {
      setFeedback(result.feedback);
      if (!result.feedback.length) showToast(result.message, { title: 'Not saved', variant: 'danger' });
    }
  };
  return {
    values,
    set: (field) => (value) => setEdits((current) => ({ ...current, [field]: value })),
    feedback: formFeedback(feedback),
    dirty: Object.keys(edits).length > 0,
    saving,
    save,
    discard: () => {
      setEdits({});
      setFeedback([]);
    },
    draftBanner: kept.banner,
  };
}

/** Save and Discard changes, enabled when something was typed and no save is under way. */
export function RecordFormButtons({ form, className = 'd-flex gap-2 mb-3' }: { form: Pick<RecordForm<Values>, 'dirty' | 'saving' | 'discard'>; className?: string }) {
  return (
    <div className={className}>
      <button type="submit" className="btn btn-primary btn-sm" disabled={form.saving || !form.dirty}>{form.saving ? 'Saving…' : 'Save'}</button>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={form.saving || !form.dirty} onClick={form.discard}>Discard changes</button>
    </div>
  );
}

/** A form that creates a record. */
export interface CreateForm<V extends Values, T> {
  values: V;
  set(field: keyof V & string): (value: string) => void;
  /** Set several fields at once. */
  setMany(next: Partial<V>): void;
  feedback: FormFeedback;
  saving: boolean;
  /** Create from the values: the new record, or undefined when refused or failed (values kept). */
  submit(): Promise<T | undefined>;
  /** Back to the initial values, no feedback. */
  reset(): void;
}

/**
 * A create form starting at `initial`; `create` posts the values. A refusal shows its §5 feedback
 * per field; another failure a toast naming `what` ('initiating document'); the values stay.
 */
export function useCreateForm<V extends Values, T>(initial: V, create: (values: V) => Promise<T>, what: string): CreateForm<V, T> {
  const [values, setValues] = useState<V>(initial);
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const [saving, setSaving] = useState(false);
  const submit = async (): Promise<T | undefined> => {
    setSaving(true);
    try {
      const created = await create(values);
      setFeedback([]);
      return created;
    } catch (error) {
      const items = feedbackFrom(error);
      setFeedback(items);
      if (!items.length) showToast(`The ${what} was not created (${error instanceof Error ? error.message : String(error)}). Your entries are kept.`, { variant: 'danger' });
      return undefined;
    } finally {
      setSaving(false);
    }
  };
  return {
    values,
    set: (field) => (value) => setValues((current) => ({ ...current, [field]: value })),
    setMany: (next) => setValues((current) => ({ ...current, ...next })),
    feedback: formFeedback(feedback),
    saving,
    submit,
    reset: () => {
      setValues(initial);
      setFeedback([]);
    },
  };
}
