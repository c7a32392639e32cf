/**
 * Errors, answers and parameter parsing for the API, in one place: every refusal is JSON with a
 * status and a message naming what was wrong; nothing else in the API parses raw input.
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

// --- parameters ---------------------------------------------------------------------------------

/** A query string or form body as Fastify hands it over. */
export type Params = Record<string, unknown>;

/**
 * Sees every parameter name a handler asks for (tests/api/malformed-input.test.ts learns each route's
 * parameters from it). Unset in the running host.
 */
export const paramReadObserver: { current?: (name: string) => void } = {};

/**
 * The parameter, looked up case-insensitively (clients send `ProjectId` or `projectId`). Only a
 * scalar (string, number, boolean) is a value: an object or array (a JSON body's
 * `{"ItemId":{"toString":1}}`, a repeated query parameter, a file where a field is expected) is a
 * 400 naming the parameter, never String()'d.
 */
export function rawParam(params: Params | undefined, name: string): string | undefined {
  paramReadObserver.current?.(name);
  if (!params) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(params)) {
    if (key.toLowerCase() !== wanted) continue;
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw badRequest(`Parameter '${name}' must be a single value.`, { parameter: name });
  }
  return undefined;
}

/**
 * The `list[i].field` entries of a flattened form (§7: arrays are sent as indexed, dotted keys), by index,
 * field names lower-cased: `items[0].amount=5&items[0].costCodeId=7` → Map { 0 → { amount: '5', costcodeid: '7' } }.
 * At most `maxDigits` digits of index (a bound on how many entries one form may name).
 */
export function indexedEntries(body: Params, list: string, maxDigits = 4): Map<number, Record<string, string>> {
  const pattern = new RegExp(`^${list}\\[(\\d{1,${maxDigits}})\\]\\.([A-Za-z]+)$`, 'i');
  const entries = new Map<number, Record<string, string>>();
  for (const key of Object.keys(body)) {
    const match = pattern.exec(key);
    if (!match) continue;
    const entry = entries.get(Number(match[1])) ?? {};
    entry[match[2]!.toLowerCase()] = rawParam(body, key) ?? '';
    entries.set(Number(match[1]), entry);
  }
  return entries;
}

const MAX_ID = 2_147_483_647;
const show = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * An id parameter: a positive integer (decimal digits only, at most 2^31 - 1). Missing, empty or
 * -1 (§9: missing identifiers default to -1) → undefined, or 400 when `required`.
 */
export function idParam(params: Params | undefined, name: string, required: true): number;
export function idParam(params: Params | undefined, name: string, required?: false): number | undefined;
export function idParam(params: Params | undefined, name: string, required = false): number | undefined {
  const raw = rawParam(params, name)?.trim();
  if (raw === undefined || raw === '' || raw === '-1') {
    if (required) throw badRequest(`Parameter '${name}' is required.`, { parameter: name });
    return undefined;
  }
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_ID) {
    throw badRequest(`Parameter '${name}' must be a positive integer id (got '${show(raw)}').`, { parameter: name });
  }
  return Number(raw);
}

/** A number parameter (plain decimal, optional minus, at most one point). */
export function numberParam(params: Params | undefined, name: string, required = false): number | undefined {
  const raw = rawParam(params, name)?.trim();
  if (raw === undefined || raw === '') {
    if (required) throw badRequest(`Parameter '${name}' is required.`, { parameter: name });
    return undefined;
  }
  if (!/^-?\d{1,13}(\.\d{1,6})?$/.test(raw)) {
    throw badRequest(`Parameter '${name}' must be a number (got '${show(raw)}').`, { parameter: name });
  }
  return Number(raw);
}

/** A string parameter, trimmed; empty → undefined. Longer than `max` → 400. */
export function stringParam(params: Params | undefined, name: string, max = 4000): string | undefined {
  const raw = rawParam(params, name);
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (value.length > max) throw badRequest(`Parameter '${name}' is longer than ${max} characters.`, { parameter: name });
  return value === '' ? undefined : value;
}

/** A boolean parameter: true/false (any case), 1/0. */
export function booleanParam(params: Params | undefined, name: string, fallback: boolean): boolean {
  const raw = rawParam(params, name)?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badRequest(`Parameter '${name}' must be true or false (got '${show(raw)}').`, { parameter: name });
}

/**
 * `lastLoad`: an ISO-8601 timestamp (`2026-11-01T12:00:00Z`, or a date) or epoch milliseconds.
 * Returns the ISO form used by the `modifiedAt` columns, or undefined when absent.
 */
export function lastLoadParam(params: Params | undefined, name = 'lastLoad'): string | undefined {
  const raw = rawParam(params, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  let time: number;
  if (/^\d{1,15}$/.test(raw)) time = Number(raw);
  else if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw)) time = Date.parse(raw);
  else time = Number.NaN;
  if (!Number.isFinite(time) || time < 0 || time > 8.64e15) {
    throw badRequest(`Parameter '${name}' must be an ISO-8601 timestamp or epoch milliseconds (got '${show(raw)}').`, { parameter: name });
  }
  return new Date(time).toISOString();
}

/**
 * The optimistic check of a save that does not move the record's state (issue 16): when the form
 * carries `lastLoad` (when the record was loaded) and the record changed after it, 409, nothing written.
 * Compared as times, so `…00Z` and `…00.000Z` are the same moment.
 */
export function refuseIfChangedSince(params: Params | string | undefined, modifiedAt: unknown, label: string): void {
  const since = typeof params === 'object' ? lastLoadParam(params) : params;
  if (since === undefined || typeof modifiedAt !== 'string') return;
  const changed = Date.parse(modifiedAt);
  if (Number.isFinite(changed) && changed > Date.parse(since)) {
    throw conflict(`The ${label} changed since it was loaded. Reload it and try again.`, { currentModifiedAt: modifiedAt });
  }
}

/** One of `allowed` (case-insensitive), returned in its canonical spelling; empty → undefined. */
export function enumParam<T extends string>(params: Params | undefined, name: string, allowed: readonly T[]): T | undefined {
  const raw = rawParam(params, name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const match = allowed.find((value) => value.toLowerCase() === raw.toLowerCase());
  if (!match) throw badRequest(`Parameter '${name}' must be one of ${allowed.join(', ')} (got '${show(raw)}').`, { parameter: name });
  return match;
}

/** A YYYY-MM-DD date that exists in the calendar (2026-02-30 does not; Date.parse takes it as March 2), on or after 1990-01-01. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1990-01-01') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The current time as stored in `modifiedAt`. */
export const nowIso = (): string => new Date().toISOString();

/** A decimal as forms send it: up to 13 integer and 6 decimal digits. */
export const NUMBER = /^-?\d{1,13}(\.\d{1,6})?$/;

/**
 * Every parameter name the API reads (case-insensitive; a `list[i].field` or `list[i]` entry counts
 * by its list's name). A query or form field outside it is refused with 400 naming it
 * ({@link refuseUnknownFields}). tests/api/malformed-input.test.ts fails when a handler reads a name
 * missing here. `key` is the profile photo's cache key the header sends, and `retry` the attempt number a
 * Retry adds to a load (core/api `retryMark`, so a retried load is a new address); no handler reads either.
 */
export const KNOWN_PARAMETERS: readonly string[] = [
  'action', 'active', 'actorEmployeeId', 'adjustmentDate', 'advancements', 'aggregateLimit', 'amount', 'answers', 'ApplicationId',
  'applicationKey', 'applicationRecordId', 'applicationRecordKey', 'applicationRecordStateId', 'approvedAmount', 'asOf',
  'assigneeEmployeeId', 'basedOnRequestId', 'betauser', 'body', 'budgetId', 'changeEventId', 'changeEventItemId',
  'changeOrderDate', 'changeReasonId', 'changeRecordId', 'changeRecordTypeId', 'City', 'Classification', 'code', 'commentId',
  'CommitmentId', 'CommitmentKey', 'CompletionDate', 'ContractAmount', 'ContractDocumentTrackingId', 'contracttype',
  'correctionId', 'costAdjustmentId', 'costAdjustmentReasonId', 'costCodeId', 'costCodeIds', 'costType', 'delegateEmployeeId',
  'delegationId', 'description', 'directCostDate', 'directCostId', 'directCostTypeId', 'documentDate', 'documentNumber',
  'documentTemplateId', 'documentType', 'Email', 'employeeId', 'employeeRoleId', 'endDate', 'EndDays', 'envelopeId',
  'EnvelopeSignerId', 'estimatedAmount', 'excessLiability', 'executedDate', 'fields', 'file', 'FileId', 'from', 'fromEmployeeId',
  'holidayDate', 'holidayId', 'hours', 'hoursPerDay', 'initiatingDocumentTypeId', 'invoiceNumber', 'isOfficial', 'itemid',
  'items', 'itemsCleared', 'justification', 'key', 'lastLoad', 'legalEntityId', 'level', 'limitExpiresOn', 'lines', 'method',
  'mine', 'mitigation', 'mitigationNote', 'mitigations', 'ModifiedAt', 'month', 'name', 'note', 'number', 'OldCloseoutState',
  'OldRecordStateId', 'open', 'oppId', 'opportunityCostCodeId', 'opportunityId', 'orderDate', 'originalBudget',
  'ownerAgreementChangeOrderId', 'ownerAgreementId', 'ParentApplicationRecordId', 'parentChangeEventItemId', 'ParentRecordType',
  'priority', 'projectId', 'projections', 'ProjectManagerEmployeeId', 'projectRole', 'ProjectTeamMemberId', 'proposedAmount',
  'purchaseAgreementChangeOrderId', 'purchaseAgreementId', 'purchaseOrderId', 'q', 'reason', 'ReceivedDate', 'recordId',
  'recordKey', 'RegionalProjectManagerEmployeeId', 'regionId', 'reimbursableTypeId', 'report', 'requestedAmount', 'requestId',
  'retainagePercent', 'retry', 'rfiId', 'roleName', 'RouteStateId', 'ruleId', 'search', 'Send', 'signers', 'singleLimit', 'sraId',
  'startDate', 'state', 'states', 'status', 'subcontractChangeOrderId', 'subcontractId', 'subcontractTypeId', 'subjectEmployeeId',
  'submit', 'surveyId', 'timecardId', 'timeType', 'title', 'to', 'transfer', 'type', 'vendorId', 'version', 'view', 'weekStart',
  'year',
];

const KNOWN = new Set(KNOWN_PARAMETERS.map((name) => name.toLowerCase()));

/**
 * The name a field counts under: `items[3].amount` and `costCodeIds[0]` → their list's name (the
 * handler that reads the list refuses a malformed entry such as `lines[x].monHours` with its own message).
 */
export const fieldBaseName = (key: string): string => (key.split('[', 1)[0] ?? key).toLowerCase();

/** 400 naming the first query or form field the API does not know (issue 16: unknown fields are refused). */
export function refuseUnknownFields(...sources: Array<Params | undefined>): void {
  for (const params of sources) {
    if (!params) continue;
    for (const key of Object.keys(params)) {
      if (!KNOWN.has(fieldBaseName(key))) throw badRequest(`Unknown parameter '${show(key)}'.`, { parameter: show(key) });
    }
  }
}
