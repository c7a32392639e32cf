/**
 * §3 validation feedback: items `{ integerValue, stringValue, message }` — integerValue 1 invalid,
 * 2 warning, 3 info; stringValue the field at fault. One declaration for the host (its 400 answers),
 * the pure rules (timecards, time off) and the forms (src/ui/records/feedback.ts).
 */
export interface FeedbackItem {
  integerValue: number;
  stringValue: string;
  message: string;
}

export const FEEDBACK_INVALID = 1;
export const FEEDBACK_WARNING = 2;
export const FEEDBACK_INFO = 3;
