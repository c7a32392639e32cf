/** What a failed call means to the user (§8): refusals by status, the server's own message when it gives one. */
import { ApiError } from '../../core/api';
import { PTO_SCREEN_TEXT } from './text';

/** The server's message of a refusal body (`{ message }` or the autoAlert body), if any. */
export function serverMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const body = error.body as { message?: unknown } | string | undefined;
  if (typeof body === 'string') return body.length < 300 ? body : '';
  return typeof body?.message === 'string' ? body.message : '';
}

/** A clear sentence for a failed write or load. */
export function problemText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return PTO_SCREEN_TEXT.signedOut;
    if (error.status === 403) return serverMessage(error) || PTO_SCREEN_TEXT.forbidden;
    if (error.status === 409) return serverMessage(error) ? `${PTO_SCREEN_TEXT.stale} ${serverMessage(error)}` : PTO_SCREEN_TEXT.stale;
    if (error.status === 408 || error.status === 504) return PTO_SCREEN_TEXT.timeout;
    if (error.status >= 400 && error.status < 500) return serverMessage(error) || PTO_SCREEN_TEXT.failed;
    return PTO_SCREEN_TEXT.failed;
  }
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return PTO_SCREEN_TEXT.timeout;
  return PTO_SCREEN_TEXT.failed;
}

/** True for a 409 (someone else changed the record first). */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;
