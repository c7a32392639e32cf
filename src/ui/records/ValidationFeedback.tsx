/**
 * §5 form feedback views: {@link ValidationSummary} lists the invalid items' messages (the form is
 * invalid), {@link FieldFeedback} shows a field's items under it (invalid in red, warnings in amber,
 * infos in grey). Messages are rendered as text.
 */
import { FEEDBACK_INFO, FEEDBACK_INVALID, FEEDBACK_WARNING, fieldFeedback } from '../../core/records';
import type { FeedbackItem, FormFeedback } from '../../core/records';

/** Bootstrap text class per feedback kind. */
export const FEEDBACK_CLASS: Record<number, string> = {
  [FEEDBACK_INVALID]: 'text-danger',
  [FEEDBACK_WARNING]: 'text-warning-emphasis',
  [FEEDBACK_INFO]: 'text-body-secondary',
};

/** The word read before a per-field message (screen readers and colour-blind users). */
export const FEEDBACK_LABEL: Record<number, string> = {
  [FEEDBACK_INVALID]: 'Error',
  [FEEDBACK_WARNING]: 'Warning',
  [FEEDBACK_INFO]: 'Info',
};

/** The invalid items' messages above a form; nothing when the form is valid. */
export function ValidationSummary({ feedback, title = 'Please correct the following:' }: { feedback: FormFeedback; title?: string }) {
  if (!feedback.invalid) return null;
  return (
    <div className="alert alert-danger py-2" role="alert" data-testid="validation-summary">
      <div className="fw-semibold">{title}</div>
      <ul className="mb-0 ps-3">
        {feedback.errors.map((item, index) => <li key={index}>{item.message}</li>)}
      </ul>
    </div>
  );
}

/** A field's feedback items (give `id` and point the input's aria-describedby at it). */
export function FieldFeedback({ feedback, field, id }: { feedback: FormFeedback; field: string; id?: string }) {
  const items: FeedbackItem[] = fieldFeedback(feedback, field);
  if (items.length === 0) return null;
  return (
    <div id={id} className="small mt-1" data-field-feedback={field}>
      {items.map((item, index) => (
        <div key={index} className={FEEDBACK_CLASS[item.integerValue] ?? 'text-body-secondary'} data-kind={item.integerValue}>
          <span className="fw-semibold">{FEEDBACK_LABEL[item.integerValue] ?? 'Note'}: </span>
          {item.message}
        </div>
      ))}
    </div>
  );
}

/** True when the field has an invalid item (for `is-invalid` / aria-invalid on its input). */
export function fieldInvalid(feedback: FormFeedback, field: string): boolean {
  return fieldFeedback(feedback, field).some((item) => item.integerValue === FEEDBACK_INVALID);
}
