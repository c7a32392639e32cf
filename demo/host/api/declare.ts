/**
 * A route of the API, declared once beside its handler: method, path, access, typed parameters and
 * which of them name a project-scoped record. registerApi parses every request ONCE against the
 * declaration (parseParams) and hands the handler only the parsed values; the team guard checks those
 * same values (guardParams). Nothing else reads the raw query or body.
 *
 * One parse, one answer for bad input: each of these is a 400 naming the parameter, before anything is
 * read or written:
 * - a name sent twice, in any mix of case or place (a repeated key, `projectId` beside `ProjectId`);
 * - a parameter in the wrong place (the query of a POST or DELETE, the body of a GET);
 * - a name the route does not declare;
 * - a value of the wrong type (an id that is not a positive integer, a record key that is not exactly
 *   one of the known keys, an object where one value is expected).
 *
 * Why not Fastify's own schema (Ajv): the forms of §7 flatten arrays into `items[0].amount` keys and
 * clients send names in any case; Ajv's defaults (removeAdditional, coerceTypes: 'array') would drop
 * unknown names and merge repeated ones silently. The parse below is small and refuses both.
 */
import type Database from 'better-sqlite3';
import type { FastifyReply } from 'fastify';
import { ACCESS, ruleAllows, type AccessArea, type AccessRule } from '../../../src/core/access';
import type { Caller } from './context';
import { badRequest, isCalendarDate, NUMBER } from './http';
import { EARLIEST_DAY } from '../../../src/core/format/dates';
import { currentCaller, requireRecord } from './project-access';

export type RouteAccess = 'token' | AccessArea | { anyOf: readonly AccessRule[] };
export type Method = 'GET' | 'POST' | 'DELETE';

/** A parameter naming a project-scoped record: its record key, or the parameter holding the key. */
export type Scope = string | { keyParam: string };

export interface UploadedFile { filename: string; mimetype: string; data: Buffer }

type ScalarKind = 'id' | 'integer' | 'number' | 'money' | 'date' | 'month' | 'string' | 'enum' | 'recordKey' | 'boolean' | 'timestamp' | 'file';

/** One declared parameter. `T` is the parsed value's type, `R` whether it is required. */
export interface ParamSpec<T = unknown, R extends boolean = boolean> {
  readonly kind: ScalarKind | 'list';
  readonly required: R;
  /** This id names a project-scoped record (the team guard checks it). */
  readonly scope?: Scope;
  /** For 'string': the longest value; for 'enum' / 'recordKey': the allowed values. */
  readonly max?: number;
  readonly values?: readonly string[];
  /** For 'list': the entry (a scalar for `name[i]`, named fields for `name[i].field`) and the most entries. */
  readonly item?: ParamSpec | Readonly<Record<string, ParamSpec>>;
  /** Parse one raw value (scalars); `undefined` means absent. */
  readonly parse: (raw: string, name: string) => T | undefined;
  /** Phantom: the parsed type. */
  readonly __type?: T;
}

interface Common<R extends boolean> { required?: R }
/** NoInfer: R comes from `required`, never from where the spec is used (a declaration would widen it to boolean). */
type Opt<T, R extends boolean> = ParamSpec<T, NoInfer<R>>;

const MAX_ID = 2_147_483_647;
const show = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
const MONEY = /^-?\d{1,13}(\.\d{1,2})?$/;

function spec<T, R extends boolean>(kind: ScalarKind, options: Common<R> & { scope?: Scope; max?: number; values?: readonly string[] } | undefined,
  parse: (raw: string, name: string) => T | undefined): Opt<T, R> {
  return { kind, required: (options?.required ?? false) as R, scope: options?.scope, max: options?.max, values: options?.values, parse };
}

/** Empty, or -1 for ids (§9: missing identifiers default to -1). */
type Empty = 'absent' | 'null';
const emptyValue = (empty: Empty | undefined) => (empty === 'null' ? null : undefined);

/** A decimal written as `pattern` allows (`what` names it in the refusal); empty: absent, or null with `empty: 'null'`. */
function decimal<R extends boolean, E extends Empty>(kind: 'number' | 'money', pattern: RegExp, what: string, options?: Common<R> & { empty?: E }) {
  return spec<E extends 'null' ? number | null : number, R>(kind, options, (raw, name) => {
    const value = raw.trim();
    if (value === '') return emptyValue(options?.empty) as never;
    if (!pattern.test(value)) throw badRequest(`Parameter '${name}' must be ${what} (got '${show(value)}').`, { parameter: name });
    return Number(value) as never;
  });
}

/** The parameter types of a declaration. */
export const p = {
  /** A positive integer id (at most 2^31 - 1). Empty or -1: absent (or null with `empty: 'null'`: "clear it"). */
  id<R extends boolean = false, E extends Empty = 'absent'>(options?: Common<R> & { scope?: Scope; empty?: E }) {
    return spec<E extends 'null' ? number | null : number, R>('id', options, (raw, name) => {
      const value = raw.trim();
      if (value === '' || value === '-1') return emptyValue(options?.empty) as never;
      if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) {
        throw badRequest(`Parameter '${name}' must be a positive integer id (got '${show(value)}').`, { parameter: name });
      }
      return Number(value) as never;
    });
  },
  /** An integer between `min` and `max`. */
  integer<R extends boolean = false>(options?: Common<R> & { min?: number; max?: number }) {
    return spec<number, R>('integer', options, (raw, name) => {
      const value = raw.trim();
      if (value === '') return undefined;
      const n = /^-?\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < (options?.min ?? -Number.MAX_SAFE_INTEGER) || n > (options?.max ?? Number.MAX_SAFE_INTEGER)) {
        const range = options?.min !== undefined || options?.max !== undefined ? ` from ${options?.min ?? '…'} to ${options?.max ?? '…'}` : '';
        throw badRequest(`Parameter '${name}' must be a whole number${range} (got '${show(value)}').`, { parameter: name });
      }
      return n;
    });
  },
  /** A plain decimal: optional minus, up to 13 integer and 6 decimal digits. */
  number<R extends boolean = false, E extends Empty = 'absent'>(options?: Common<R> & { empty?: E }) {
    return decimal<R, E>('number', NUMBER, 'a number', options);
  },
  /** An amount of dollars and cents (at most two decimals). */
  money<R extends boolean = false, E extends Empty = 'absent'>(options?: Common<R> & { empty?: E }) {
    return decimal<R, E>('money', MONEY, 'an amount in dollars and cents', options);
  },
  /** A calendar date YYYY-MM-DD on or after 1990-01-01. */
  date<R extends boolean = false, E extends Empty = 'absent'>(options?: Common<R> & { empty?: E }) {
    return spec<E extends 'null' ? string | null : string, R>('date', options, (raw, name) => {
      const value = raw.trim();
      if (value === '') return emptyValue(options?.empty) as never;
      if (!isCalendarDate(value)) throw badRequest(`Parameter '${name}' must be a date (YYYY-MM-DD) on or after ${EARLIEST_DAY} (got '${show(value)}').`, { parameter: name });
      return value as never;
    });
  },
  /** A month YYYY-MM. */
  month<R extends boolean = false>(options?: Common<R>) {
    return spec<string, R>('month', options, (raw, name) => {
      const value = raw.trim();
      if (value === '') return undefined;
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value) || value < EARLIEST_DAY.slice(0, 7)) throw badRequest(`Parameter '${name}' must be a month (YYYY-MM) (got '${show(value)}').`, { parameter: name });
      return value;
    });
  },
  /**
   * Text of at most `max` characters, trimmed (`trim: false` keeps it as sent). Empty: absent, or ''
   * with `empty: 'keep'` (a field the form clears).
   */
  string<R extends boolean = false>(max: number, options?: Common<R> & { empty?: 'absent' | 'keep'; trim?: boolean }) {
    return spec<string, R>('string', { ...options, max }, (raw, name) => {
      const value = options?.trim === false ? raw : raw.trim();
      if (value.length > max) throw badRequest(`Parameter '${name}' is longer than ${max} characters.`, { parameter: name });
      if (value.trim() === '') return options?.empty === 'keep' ? value : undefined;
      return value;
    });
  },
  /** One of `values`, in any case; answered in its canonical spelling. */
  enum<const V extends string, R extends boolean = false>(values: readonly V[], options?: Common<R>) {
    return spec<V, R>('enum', { ...options, values }, (raw, name) => {
      const value = raw.trim();
      if (value === '') return undefined;
      const match = values.find((v) => v.toLowerCase() === value.toLowerCase());
      if (!match) throw badRequest(`Parameter '${name}' must be one of ${values.join(', ')} (got '${show(value)}').`, { parameter: name });
      return match;
    });
  },
  /** A record key: exactly one of `values` (no case folding, no trimming: ' ChangeRecord ' is not a key). */
  recordKey<const V extends string, R extends boolean = false>(values: readonly V[], options?: Common<R>) {
    return spec<V, R>('recordKey', { ...options, values }, (raw, name) => {
      if (raw === '') return undefined;
      const match = values.find((v) => v === raw);
      if (!match) throw badRequest(`Parameter '${name}' must be one of ${values.join(', ')} (got '${show(raw)}').`, { parameter: name });
      return match;
    });
  },
  /** true / false (any case) or 1 / 0. */
  boolean<R extends boolean = false>(options?: Common<R>) {
    return spec<boolean, R>('boolean', options, (raw, name) => {
      const value = raw.trim().toLowerCase();
      if (value === '') return undefined;
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      throw badRequest(`Parameter '${name}' must be true or false (got '${show(value)}').`, { parameter: name });
    });
  },
  /** An ISO-8601 timestamp (or a date) or epoch milliseconds, answered as ISO (`lastLoad`, `ModifiedAt`). */
  timestamp<R extends boolean = false>(options?: Common<R>) {
    return spec<string, R>('timestamp', options, (raw, name) => {
      const value = raw.trim();
      if (value === '') return undefined;
      let time: number;
      if (/^\d{1,15}$/.test(value)) time = Number(value);
      else if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) time = Date.parse(value);
      else time = Number.NaN;
      if (!Number.isFinite(time) || time < 0 || time > 8.64e15) {
        throw badRequest(`Parameter '${name}' must be an ISO-8601 timestamp or epoch milliseconds (got '${show(value)}').`, { parameter: name });
      }
      return new Date(time).toISOString();
    });
  },
  /** An uploaded file of a multipart form. */
  file<R extends boolean = false>(options?: Common<R>): Opt<UploadedFile, R> {
    return spec<UploadedFile, R>('file', options, (_raw, name) => {
      throw badRequest(`Parameter '${name}' must be a file.`, { parameter: name });
    });
  },
  /**
   * A list sent flattened (§7): `name[i]=v` for a list of scalars, `name[i].field=v` for a list of
   * records. Answered in index order; a record entry carries its `index`. At most `max` entries.
   */
  list<I extends ParamSpec | Readonly<Record<string, ParamSpec>>, R extends boolean = false>(item: I, options?: Common<R> & { max?: number }) {
    return {
      kind: 'list', required: (options?.required ?? false) as R, item, max: options?.max ?? 1000,
      parse: () => undefined,
    } as unknown as Opt<I extends ParamSpec<infer T> ? T[] : Array<{ readonly index: number } & ParamsOf<I & Record<string, ParamSpec>>>, R>;
  },
};

type Value<S> = S extends ParamSpec<infer T, infer R> ? (R extends true ? T : T | undefined) : never;
/** The parsed values of a declaration's parameters. */
export type ParamsOf<D extends Readonly<Record<string, ParamSpec>>> = { readonly [K in keyof D]: Value<D[K]> };

/** What a declared handler gets: the parsed parameters, the database, the caller, and the reply (files). */
export interface RouteCtx<P> {
  db: Database.Database;
  user: Caller;
  reply: FastifyReply;
  params: P;
}

export interface RouteDeclaration<D extends Readonly<Record<string, ParamSpec>> = Readonly<Record<string, ParamSpec>>> {
  method: Method;
  path: string;
  access: RouteAccess;
  /** What it is for; "added" marks routes §7 does not list. */
  note: string;
  params: D;
  /**
   * The team guard's kind of check of the scoped parameters: a write refuses a Viewer membership.
   * Default: true for POST and DELETE.
   */
  write?: boolean;
  /** Callers passing any of these rules keep every project on this route. */
  unscopedFor?: readonly AccessRule[];
  handler: (ctx: RouteCtx<ParamsOf<D>>) => unknown;
}

/** A route as an area's table lists it (declaredFor): its `access` only where it is not the area's. */
export type AreaRoute<D extends Readonly<Record<string, ParamSpec>> = Readonly<Record<string, ParamSpec>>> =
  Omit<RouteDeclaration<D>, 'access'> & { access?: RouteAccess };

/** Declare a route (the handler's parameter types come from `params`). */
export function route<const D extends Readonly<Record<string, ParamSpec>>>(declaration: RouteDeclaration<D>): RouteDeclaration;
export function route<const D extends Readonly<Record<string, ParamSpec>>>(declaration: AreaRoute<D>): AreaRoute;
export function route(declaration: unknown): unknown {
  return declaration;
}

/** `METHOD /path` in lower case: one route's identity. */
export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path.toLowerCase()}`;

/** Query names any GET may carry and no handler reads: `retry`, the attempt number a Retry adds (core/api retryMark). */
const IGNORED_QUERY = new Set(['retry']);

// --- the parse ------------------------------------------------------------------------------------

const INDEXED = /^([A-Za-z][A-Za-z0-9]*)\[(\d{1,4})\](?:\.([A-Za-z][A-Za-z0-9]*))?$/;

interface Raw { key: string; value: unknown }

function single(name: string, value: unknown): string | UploadedFile {
  // A repeated name (query, form) arrives as an array, as does a JSON list: either way not one value.
  if (Array.isArray(value)) throw badRequest(`Parameter '${show(name)}' must be a single value.`, { parameter: show(name) });
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object' && 'data' in value && 'filename' in value) return value as UploadedFile;
  throw badRequest(`Parameter '${show(name)}' must be a single value.`, { parameter: show(name) });
}

function parseScalar(spec: ParamSpec, name: string, raw: string | UploadedFile): unknown {
  if (spec.kind === 'file') {
    if (typeof raw === 'string') throw badRequest(`Parameter '${name}' must be a file.`, { parameter: name });
    return raw;
  }
  if (typeof raw !== 'string') throw badRequest(`Parameter '${name}' must be a value, not a file.`, { parameter: name });
  return spec.parse(raw, name);
}

/**
 * Parse a request's query and body against a declaration: the parsed values by their declared names,
 * or a 400 naming the parameter (see the module comment). Pure: reads nothing else.
 */
export function parseParams(declaration: Pick<RouteDeclaration, 'method' | 'params'>, query: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const declared = new Map(Object.entries(declaration.params).map(([name, s]) => [name.toLowerCase(), [name, s] as const]));
  const fromQuery = declaration.method === 'GET';
  const scalars = new Map<string, Raw>();
  const lists = new Map<string, Map<number, Map<string, Raw>>>();
  const emptied = new Set<string>();

  const take = (key: string, value: unknown, inQuery: boolean) => {
    const match = INDEXED.exec(key);
    const base = (match ? match[1]! : key).toLowerCase();
    if (inQuery && IGNORED_QUERY.has(base)) return;
    const entry = declared.get(base);
    if (inQuery !== fromQuery) {
      const where = fromQuery ? 'the query string of a GET' : `the form body of a ${declaration.method}`;
      throw badRequest(`Parameter '${show(key)}' must be sent in ${where}.`, { parameter: show(key) });
    }
    if (!entry) throw badRequest(`Unknown parameter '${show(key)}'.`, { parameter: show(key) });
    const [name, s] = entry;
    if (s.kind === 'list') {
      if (!match && value === '' && !lists.has(name)) {
        // A bare empty `name=` is the empty list (a form clearing every entry); `emptied` refuses entries beside it.
        lists.set(name, new Map());
        emptied.add(name);
        return;
      }
      if (!match) throw badRequest(`Parameter '${show(key)}' must be sent as ${name}[i]${s.item && 'kind' in s.item ? '' : '.field'}.`, { parameter: show(key) });
      if (emptied.has(name)) throw badRequest(`Parameter '${name}' is sent more than once.`, { parameter: name });
      const index = Number(match[2]);
      const field = (match[3] ?? '').toLowerCase();
      const isRecord = !(s.item && 'kind' in s.item);
      if (isRecord === (field === '')) throw badRequest(`Parameter '${show(key)}' must be sent as ${name}[i]${isRecord ? '.field' : ''}.`, { parameter: show(key) });
      const entries = lists.get(name) ?? new Map<number, Map<string, Raw>>();
      lists.set(name, entries);
      const fields = entries.get(index) ?? new Map<string, Raw>();
      entries.set(index, fields);
      if (fields.has(field)) throw badRequest(`Parameter '${show(key)}' is sent more than once.`, { parameter: show(key) });
      fields.set(field, { key, value });
      return;
    }
    if (match) throw badRequest(`Parameter '${show(key)}' must be a single value named ${name}.`, { parameter: show(key) });
    if (scalars.has(name)) throw badRequest(`Parameter '${name}' is sent more than once.`, { parameter: name });
    scalars.set(name, { key, value });
  };
  for (const [key, value] of Object.entries(query)) take(key, value, true);
  for (const [key, value] of Object.entries(body)) take(key, value, false);

  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(declaration.params)) {
    let value: unknown;
    if (s.kind === 'list') {
      const entries = lists.get(name);
      if (entries && entries.size > (s.max ?? 1000)) throw badRequest(`Parameter '${name}' has more than ${s.max ?? 1000} entries.`, { parameter: name });
      if (entries) {
        const indexes = [...entries.keys()].sort((a, b) => a - b);
        if (s.item && 'kind' in s.item) {
          const item = s.item as ParamSpec;
          value = indexes.map((index) => {
            const raw = entries.get(index)!.get('')!;
            const itemName = `${name}[${index}]`;
            const parsed = parseScalar(item, itemName, single(itemName, raw.value));
            if (parsed === undefined && item.required) throw badRequest(`Parameter '${itemName}' is required.`, { parameter: itemName });
            return parsed;
          }).filter((v) => v !== undefined);
        } else {
          const fields = new Map(Object.entries(s.item as Record<string, ParamSpec>).map(([f, fs]) => [f.toLowerCase(), [f, fs] as const]));
          value = indexes.map((index) => {
            const record: Record<string, unknown> = { index };
            for (const [field, raw] of entries.get(index)!) {
              const known = fields.get(field);
              if (!known) throw badRequest(`Unknown parameter '${show(raw.key)}'.`, { parameter: show(raw.key) });
              const fieldName = `${name}[${index}].${known[0]}`;
              const parsed = parseScalar(known[1], fieldName, single(fieldName, raw.value));
              if (parsed !== undefined) record[known[0]] = parsed;
            }
            for (const [fieldName, fs] of fields.values()) {
              if (fs.required && record[fieldName] === undefined) throw badRequest(`Parameter '${name}[${index}].${fieldName}' is required.`, { parameter: `${name}[${index}].${fieldName}` });
            }
            return record;
          });
        }
      }
    } else {
      const raw = scalars.get(name);
      if (raw) value = parseScalar(s, name, single(name, raw.value));
    }
    if (value === undefined) {
      if (s.required) throw badRequest(`Parameter '${name}' is required.`, { parameter: name });
      continue;
    }
    out[name] = value;
  }
  return out;
}

// --- the team guard on the parsed values ----------------------------------------------------------

/** The declaration's scoped parameters: [parameter, record key or the parameter holding it]. */
export function scopedParams(declaration: Pick<RouteDeclaration, 'params'>): Array<readonly [string, Scope]> {
  return Object.entries(declaration.params).filter(([, s]) => s.scope !== undefined).map(([name, s]) => [name, s.scope!] as const);
}

/**
 * THE team guard: every scoped id the handler will get, of a project out of the caller's reach → 403
 * (projectRefusal; a write on a Viewer membership: readOnly). It checks exactly the parsed values; an
 * unknown id passes (the handler answers 404 for it).
 */
export function guardParams(db: Database.Database, declaration: RouteDeclaration, params: Record<string, unknown>): void {
  const user = currentCaller();
  if (user && declaration.unscopedFor?.some((rule) => ruleAllows(user.roles, rule))) return;
  const write = declaration.write ?? declaration.method !== 'GET';
  for (const [name, scope] of scopedParams(declaration)) {
    const id = params[name];
    if (typeof id !== 'number') continue;
    const key = typeof scope === 'string' ? scope : params[scope.keyParam];
    if (typeof key !== 'string') continue;
    requireRecord(db, key, id, { write });
  }
}

/** True when the caller passes a route's access rule. */
export function accessAllows(user: Pick<Caller, 'roles'>, access: RouteAccess): boolean {
  if (access === 'token') return true;
  if (typeof access === 'string') return ruleAllows(user.roles, ACCESS[access]);
  return access.anyOf.some((rule) => ruleAllows(user.roles, rule));
}

/** True for a declared route (a handler map entry may still be a bare handler while areas move over). */
export function isDeclaration(entry: unknown): entry is RouteDeclaration {
  return typeof entry === 'object' && entry !== null && 'handler' in entry && 'params' in entry;
}

/** An area's declared routes by their `METHOD /path` key (what registerApi collects). */
export function declared(routes: readonly RouteDeclaration[]): Record<string, RouteDeclaration> {
  return Object.fromEntries(routes.map((r) => [routeKey(r.method, r.path), r]));
}

/**
 * An area's declared routes under its one access rule, written once: a route names its own `access`
 * only where it differs (as a Fastify plugin's hooks serve every route it registers).
 */
export function declaredFor(access: RouteAccess, routes: readonly AreaRoute[]): Record<string, RouteDeclaration> {
  return declared(routes.map((r) => ({ ...r, access: r.access ?? access })));
}
