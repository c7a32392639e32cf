import { showMessage } from '../messages';

/** A non-OK HTTP response. The message is exactly `HTTP error! Status: <code>` (§8). */
export class ApiError extends Error {
  /** The HTTP status code. */
  readonly status: number;
  /** The response body: parsed JSON when it was JSON, else its text (undefined when empty). */
  readonly body?: unknown;

  /** For a 503 with a Retry-After header: the seconds the server asked to wait before trying again. */
  readonly retryAfterSeconds?: number;

  constructor(status: number, body?: unknown, retryAfterSeconds?: number) {
    super(`HTTP error! Status: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Title and row labels of the §8 'Request Failed' dialog. */
export const REQUEST_FAILED_TITLE = 'Request Failed';

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/**
 * Build the ApiError for a non-OK response. A 400 whose JSON body has a truthy `autoAlert`
 * also opens the 'Request Failed' message box (not awaited: the caller still gets the error);
 * identical alerts of one burst share one box.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readBodyLoosely(response);
  if (isAutoAlert(response.status, body)) {
    const { message, serviceName, functionName } = body as Record<string, unknown>;
    void showMessage({
      // The calls of one screen load that fail alike show one box, not one each.
      dedupeKey: JSON.stringify([REQUEST_FAILED_TITLE, text(message), text(serviceName), text(functionName)]),
      title: REQUEST_FAILED_TITLE,
      details: [
        { label: 'Error Message', value: text(message) },
        { label: 'Service Name', value: text(serviceName) },
        { label: 'Function Name', value: text(functionName) },
      ],
      buttons: ['ok'],
      variant: 'danger',
    });
  }
  const wait = response.status === 503 ? retryAfterMs(response.headers.get('Retry-After')) : undefined;
  const seconds = wait === undefined ? undefined : Math.ceil(wait / 1000);
  return new ApiError(response.status, body, seconds);
}

/** A 400 whose JSON body asks for the §8 'Request Failed' box (`autoAlert`). */
function isAutoAlert(status: number, body: unknown): boolean {
  return status === 400 && typeof body === 'object' && body !== null && Boolean((body as { autoAlert?: unknown }).autoAlert);
}

/**
 * True when `error` already told the user why: its 400 autoAlert opened the 'Request Failed' box. A screen's own
 * 'Not done' box would be a second one saying the same.
 */
export function alertedByServer(error: unknown): boolean {
  return error instanceof ApiError && isAutoAlert(error.status, error.body);
}

/** The title of a write's failure box (below). */
export const NOT_DONE_TITLE = 'Not done';

/**
 * Say why a write failed, in a 'Not done' box with `message`, unless the server's 'Request Failed' box already said it
 * ({@link alertedByServer}): one box per refusal, and none left silent.
 */
export async function sayNotDone(error: unknown, message: string): Promise<void> {
  if (!alertedByServer(error)) await showMessage({ title: NOT_DONE_TITLE, message, buttons: ['ok'], variant: 'danger' });
}

/** A Retry-After header (delay-seconds or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The body as JSON when it parses, else as text; undefined when empty or unreadable. */
async function readBodyLoosely(response: Response): Promise<unknown> {
  let raw: string;
  try {
    raw = await response.text();
  } catch {
    return undefined;
  }
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
