/** What a refused save answers (§5): two invalid fields, a warning and an info, in the order the server sent them. */
import type { FeedbackItem } from '../../src/core/records';

export const FEEDBACK_ITEMS: FeedbackItem[] = [
  { integerValue: 1, stringValue: 'title', message: 'title is required.' },
  { integerValue: 2, stringValue: 'estimatedAmount', message: 'That is a lot.' },
  { integerValue: 3, stringValue: 'Description', message: 'Shown to the owner.' },
  { integerValue: 1, stringValue: 'documentDate', message: 'documentDate must be a date.' },
];
