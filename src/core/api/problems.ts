/**
 * What a failed call means to the user (§8), for the screens that say it themselves: the server's own
 * message when it gives one, else the screen's sentence for the status; a load's time limit; a Retry's
 * query mark. One copy for every area (time off, SLIM, SRA).
 */
import { ApiError } from './errors';

/** A screen's sentences for each kind of failure. */
export interface ProblemTexts {
  signedOut: string;
  forbidden: string;
  stale: string;
  timeout: string;
  failed: string;
}

/** The server's message of a refusal body (`{ message }` or the autoAlert body), if any. */
export function serverMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const body = error.body as { message?: unknown } | string | undefined;
  if (typeof body === 'string') return body.length < 300 ? body : '';
  return typeof body?.message === 'string' ? body.message : '';
}

/**
 * A clear sentence for a failed load or write. A 409 reads `texts.stale` followed by the server's
 * message, or the server's message alone with `staleServerOnly` (a screen whose stale sentence does not lead into it).
 */
export function problemText(error: unknown, texts: ProblemTexts, options: { staleServerOnly?: boolean } = {}): string {
  if (error instanceof ApiError) {
    const server = serverMessage(error);
    if (error.status === 401) return texts.signedOut;
    if (error.status === 403) return server || texts.forbidden;
    if (error.status === 409) return server ? (options.staleServerOnly ? server : `${texts.stale} ${server}`) : texts.stale;
    if (error.status === 408 || error.status === 504) return texts.timeout;
    if (error.status >= 400 && error.status < 500) return server || texts.failed;
    if (error.status === 503 && error.retryAfterSeconds !== undefined) return `${texts.failed} ${retryLater(error.retryAfterSeconds)}`;
    return texts.failed;
  }
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return texts.timeout;
  return texts.failed;
}

/** When to try again after a 503 with Retry-After (the client already waited out a short one, once). */
export function retryLater(seconds: number): string {
  const n = Math.max(1, seconds);
  if (seconds < 90) return `The service is busy: try again in ${n} second${n === 1 ? '' : 's'}.`;
  return `The service is busy: try again in ${Math.round(seconds / 60)} minutes.`;
}

/** True for a 409 (someone else changed the record first). */
export const isStale = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

/** How long a load may take before a screen says so (with Retry) rather than wait on. */
export const LOAD_TIMEOUT_MS = 30_000;

/** A load time limit that tests may shorten: `timed(signal)` is the caller's signal, also aborted (TimeoutError) after the limit. */
export function loadTimer(defaultMs = LOAD_TIMEOUT_MS): { timed: (signal?: AbortSignal) => AbortSignal; set: (ms: number | null) => void } {
  let ms = defaultMs;
  return {
    timed: (signal) => (signal ? AbortSignal.any([signal, AbortSignal.timeout(ms)]) : AbortSignal.timeout(ms)),
    set: (next) => { ms = next ?? defaultMs; },
  };
}

/** A Retry's query mark: identical GETs in flight are shared, so without it a Retry after a timeout would wait on the very request that hung. */
export const retryMark = (attempt: number): Record<string, number> => (attempt > 0 ? { retry: attempt } : {});
