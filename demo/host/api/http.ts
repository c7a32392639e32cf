/**
 * Errors and answers of the API, in one place: every refusal is JSON with a status and a message
 * naming what was wrong. Parameters are parsed once, by declare.ts.
 */
import type { FastifyReply } from 'fastify';

/** A refusal with a status and a JSON body (`statusCode`, `error`, `message`, extra fields). */
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string, readonly extra: Record<string, unknown> = {}) {
    super(message);
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large',
};

/** Send an HttpError as JSON. */
export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send({
    statusCode: error.statusCode, error: REASONS[error.statusCode] ?? 'Error', message: error.message, ...error.extra,
  });
}

/**
 * A write the database refused by its rules (a required value missing, a reference to nothing, a
 * duplicate) is the request's fault, not a crash: 400 (409 for a duplicate) with a plain message,
 * never the SQL.
 */
export function sqliteConstraint(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_CONSTRAINT')) return undefined;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new HttpError(409, 'The record already exists or was changed at the same time. Reload and try again.', { code });
  }
  const column = /NOT NULL constraint failed: \w+\.(\w+)/.exec((error as Error).message ?? '')?.[1];
  return new HttpError(400, column ? `A value for '${column}' is required.` : 'The request names a record that does not exist or leaves out a required value.', column ? { code, parameter: column } : { code });
}

export const badRequest = (message: string, extra: Record<string, unknown> = {}) => new HttpError(400, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new HttpError(409, message, extra);

/**
 * The items of a bulk call, each alone: `write` runs for one item (in its own transaction, when it
 * writes); an HttpError refuses that item only and goes to `refused`, any other error fails the call.
 */
export function eachAlone<T>(items: Iterable<T>, write: (item: T) => void, refused: (item: T, error: HttpError) => void): void {
  for (const item of items) {
    try {
      write(item);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refused(item, error);
    }
  }
}

/** §3 validation feedback item (one declaration, src/core/feedback.ts). */
export type { FeedbackItem } from '../../../src/core/feedback';
import type { FeedbackItem } from '../../../src/core/feedback';

/** 400 with validation feedback items (the form shows them per field). */
export function invalid(feedback: FeedbackItem[], message = feedback.filter((f) => f.integerValue === 1).map((f) => f.message).join(' ')): HttpError {
  return new HttpError(400, message || 'Invalid input.', { data: feedback, feedback });
}

/**
 * 400 answered with the §8 autoAlert body: the client shows 'Request Failed' with the message, the
 * service name and the function name.
 */
export function autoAlert(functionName: string, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(400, message, { autoAlert: true, serviceName: 'PfmService', functionName, ...extra });
}

// --- parameters (declare.ts parses every request once; these are what handlers share after it) -----

/** A query string or form body as Fastify hands it over (read only by declare.ts's parse). */
export type Params = Record<string, unknown>;

/**
 * The optimistic check of a save that does not move the record's state (issue 16): when the form
 * carried `lastLoad` (when the record was loaded, parsed) and the record changed after it, 409, nothing
 * written. Compared as times, so `…00Z` and `…00.000Z` are the same moment.
 */
export function refuseIfChangedSince(since: string | undefined, modifiedAt: unknown, label: string): void {
  if (since === undefined || typeof modifiedAt !== 'string') return;
  const changed = Date.parse(modifiedAt);
  if (Number.isFinite(changed) && changed > Date.parse(since)) {
    throw conflict(`The ${label} changed since it was loaded. Reload it and try again.`, { currentModifiedAt: modifiedAt });
  }
}

/**
 * The other optimistic check of a save: a form that carried OldRecordStateId (the state the record was
 * loaded in) and the record has moved since: 409 with its current state, nothing written.
 */
export function refuseIfStateChanged(oldStateId: number | undefined, stateId: number, label: string): void {
  if (oldStateId !== undefined && oldStateId !== stateId) {
    throw conflict(`The ${label} changed state since it was loaded. Reload it and try again.`, { currentRecordStateId: stateId });
  }
}

export { isCalendarDate } from '../../../src/core/format/dates';

/** The current time as stored in `modifiedAt`. */

/** §5's number rule on the server: a plain decimal as forms send it (the client strips everything else first), up to 13 integer and 6 decimal digits. */
export const NUMBER = /^-?\d{1,13}(\.\d{1,6})?$/;
