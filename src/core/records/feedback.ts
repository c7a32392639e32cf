/**
 * §5 form feedback: validation items `{ integerValue 1|2|3, stringValue field, message }`. Invalid
 * items (1) make the form invalid and their messages are listed; warnings (2) and infos (3) are
 * shown per field (invalid ones by their field too).
 */
import { ApiError } from '../api';

import { FEEDBACK_INFO, FEEDBACK_INVALID, FEEDBACK_WARNING, type FeedbackItem } from '../feedback';

export { FEEDBACK_INFO, FEEDBACK_INVALID, FEEDBACK_WARNING };
export type { FeedbackItem };

function isFeedbackItem(value: unknown): value is FeedbackItem {
  const item = value as Partial<FeedbackItem> | null;
  return typeof item === 'object' && item !== null && typeof item.integerValue === 'number' && typeof item.message === 'string';
}

/**
 * The feedback items carried by a save answer or a refused save (an ApiError whose body is a list of
 * items, or `{ data: [...] }`, `{ feedback: [...] }`, `{ validationFeedback: [...] }`). [] when none.
 */
export function feedbackFrom(value: unknown): FeedbackItem[] {
  const source = value instanceof ApiError ? value.body : value;
  const candidates: unknown[] = [source];
  if (typeof source === 'object' && source !== null && !Array.isArray(source)) {
    const record = source as Record<string, unknown>;
    candidates.push(record.data, record.feedback, record.validationFeedback, record.items);
  }
  for (const candidate of candidates) {
    if (Array.isArray(candidate) && candidate.some(isFeedbackItem)) {
      return candidate.filter(isFeedbackItem).map((item) => ({ ...item, stringValue: typeof item.stringValue === 'string' ? item.stringValue : '' }));
    }
  }
  return [];
}

/**
 * Say a refused form save once: the server's feedback items at their fields (`atFields`), or, when it gave none,
 * the form's own sentence (`otherwise`, e.g. the problem and that what was typed is kept).
 */
export function sayRefusedSave(error: unknown, atFields: (items: FeedbackItem[]) => void, otherwise: () => void): void {
  const items = feedbackFrom(error);
  if (items.length) atFields(items);
  else otherwise();
}

/** Feedback sorted for a form: whether it is invalid, the invalid messages, and items per field. */
export interface FormFeedback {
  invalid: boolean;
  /** Invalid items, in order: their messages are listed above the form. */
  errors: FeedbackItem[];
  /** Every item by field name (lower case), for the per-field messages. */
  byField: ReadonlyMap<string, FeedbackItem[]>;
}

/** Sort feedback items for a form (§5). */
export function formFeedback(items: readonly FeedbackItem[]): FormFeedback {
  const byField = new Map<string, FeedbackItem[]>();
  for (const item of items) {
    const key = (item.stringValue ?? '').toLowerCase();
    byField.set(key, [...(byField.get(key) ?? []), item]);
  }
  const errors = items.filter((item) => item.integerValue === FEEDBACK_INVALID);
  return { invalid: errors.length > 0, errors, byField };
}

/** The items for `field` (case-insensitive). */
export function fieldFeedback(feedback: FormFeedback, field: string): FeedbackItem[] {
  return feedback.byField.get(field.toLowerCase()) ?? [];
}
