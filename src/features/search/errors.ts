import { ApiError } from '../../core/api';

/** A failed search in words: 401/403 and timeouts say what to do; others the server's message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'your sign-in has expired; sign in again.';
    if (error.status === 403) return 'you may not search these records.';
    const body = error.body as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    return `the search service answered ${error.status}.`;
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'the search service did not answer in time.';
  return error instanceof Error ? error.message : String(error);
}
