/** Which message a failed load shows (screens only: its own module, never the first screen's). */
import { ApiError } from './errors';

/**
 * Which message a failed load shows: the HTTP status when it is one of the `statuses` the screen words itself
 * (signed out, no access, not found), 'timeout' when the load gave up or was aborted, else 'other'.
 */
export function statusFailure<S extends number>(error: unknown, statuses: readonly S[]): S | 'timeout' | 'other' {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  if (error instanceof ApiError && (statuses as readonly number[]).includes(error.status)) return error.status as S;
  return 'other';
}
