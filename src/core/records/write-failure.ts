/**
 * What a failed write means to the user (issue 30): one mapping of a save's or a move's failure to the
 * sentence shown and the one action that helps. Typed work is always kept; the caller decides where
 * the message goes.
 * - 409: someone else changed the record first → Reload (their version, the typed work kept);
 * - 400: the server refused the values → its feedback items at the fields, no button;
 * - 401, 403, a time limit or any other failure → Retry.
 */
import { ApiError, serverMessage } from '../api';
import { FEEDBACK_INVALID, type FeedbackItem } from '../feedback';
import { feedbackFrom } from './feedback';

/** A screen's sentences for each kind of write failure. */
export interface WriteTexts {
  /** Said after the server's own 409 message, if it gives one. */
  stale: string;
  /** A 400 with no message of its own. */
  refused: string;
  signedOut: string;
  /** A 403 with no message of its own. */
  forbidden: string;
  timeout: string;
  /** Anything else: `detail` is "HTTP 500" or the error's message. */
  failed: (detail: string) => string;
}

export type WriteFailure =
  | { kind: 'stale'; message: string; action: 'reload' }
  | { kind: 'refused'; message: string; feedback: FeedbackItem[]; action: null }
  | { kind: 'signedOut' | 'forbidden' | 'timeout' | 'failed'; message: string; action: 'retry' };

const isTimeout = (error: unknown): boolean => error instanceof DOMException && error.name === 'TimeoutError';

export function writeFailure(error: unknown, texts: WriteTexts): WriteFailure {
  const server = serverMessage(error);
  if (error instanceof ApiError) {
    if (error.status === 409) return { kind: 'stale', message: server ? `${server} ${texts.stale}` : texts.stale, action: 'reload' };
    if (error.status === 400) {
      const found = feedbackFrom(error);
      const message = server || texts.refused;
      return { kind: 'refused', message, feedback: found.length ? found : [{ integerValue: FEEDBACK_INVALID, stringValue: '', message }], action: null };
    }
    if (error.status === 401) return { kind: 'signedOut', message: texts.signedOut, action: 'retry' };
    if (error.status === 403) return { kind: 'forbidden', message: server || texts.forbidden, action: 'retry' };
    if (error.status === 408 || error.status === 504) return { kind: 'timeout', message: texts.timeout, action: 'retry' };
  }
  if (isTimeout(error)) return { kind: 'timeout', message: texts.timeout, action: 'retry' };
  const detail = error instanceof ApiError ? `HTTP ${error.status}` : String((error as Error)?.message ?? error);
  return { kind: 'failed', message: texts.failed(detail), action: 'retry' };
}
