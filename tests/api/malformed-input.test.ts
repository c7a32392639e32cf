/**
 * Issue 16, hostile input: EVERY route of API_ROUTES refuses malformed input with a 4xx and a JSON
 * message, never a 500 and never a 2xx that wrote: malformed ids, dates and numbers, values that are
 * objects or arrays, a 2 MB body and an unknown field. One table built from the route samples
 * (tests/api/route-samples) and the route declarations (declare.ts): each declared parameter gets the
 * mutations of its declared type, on a base request as admin that fills the required ones (the BI, AI
 * and search services' routes too). One host for the file; the mutations go in parallel batches.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { API_ROUTES } from '../../demo/host/api/index';
import type { RouteSpec } from '../../demo/host/api/routes';
import { ALL_HANDLERS } from '../../demo/host/api/route-table';
import type { ParamSpec, RouteDeclaration } from '../../demo/host/api/declare';
import { SERVICE_PREFIXES, type ServiceName } from '../../demo/host/api/services/index';
import { biRoutes } from '../../demo/host/api/services/bi';
import { aiRoutes } from '../../demo/host/api/services/ai';
import { searchRoutes } from '../../demo/host/api/services/search';
import { ROUTE_SAMPLES } from './route-samples/index';
import type { SampleParams } from './route-samples/types';
import type { TokenResource } from './support/host';
import { useTestHost } from './support/use-host';

const tokens = new Map<TokenResource, string>();
const { host } = useTestHost({
  afterStart: async () => {
    for (const resource of ['api', 'bi', 'ai', 'search'] as const) tokens.set(resource, await host.tokenFor('admin', resource));
  },
});

/** The BI, AI and search services' GET routes (their own tokens), declared as the API's are, beside the API's. */
const SERVICE_DECLARATIONS = (Object.entries({ bi: biRoutes, ai: aiRoutes, search: searchRoutes }) as Array<[ServiceName, typeof biRoutes]>)
  .flatMap(([name, routes]) => routes.map((r) => ({ method: 'GET' as const, path: `${SERVICE_PREFIXES[name]}${r.path}`, params: r.params })));
const SERVICE_SPECS: RouteSpec[] = SERVICE_DECLARATIONS.map((d) => ({ method: 'GET', path: d.path, access: 'token', note: 'service' }));
const resourceOf = (route: RouteSpec): TokenResource => (/^\/(bi|ai|search)\//.exec(route.path)?.[1] as TokenResource | undefined) ?? 'api';
/** Sample-less service calls: a project scope to start from. */
const SERVICE_BASE: Record<string, Record<string, string | number>> = {
  '/bi/reports/run': { report: 'x', recordKey: 'Project', recordId: 1 },
  '/ai/pfm/getchatbotcostprojections': { recordKey: 'Project', recordId: 1 },
  '/search/query': { q: 'riverside' },
};

const key = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase()}`;
const samples = new Map(ROUTE_SAMPLES.map((sample) => [key(sample.method, sample.path), sample]));

type Kind = 'id' | 'date' | 'number' | 'text';
/** The kind of a parameter, by its name (the API's naming convention). */
export function kindOf(name: string): Kind {
  const n = name.toLowerCase();
  if (/(^|\.)(\w*id)$/.test(n) && !/valid$|paid$/.test(n)) return 'id';
  if (/(date|^from|^to|asof|weekstart|expireson|^day)$/.test(n)) return 'date';
  if (/(amount|hours|limit|percent|year|^value|originalbudget|budgetunits|displayorder)$/.test(n)) return 'number';
  return 'text';
}

const MALFORMED: Record<Kind, readonly string[]> = {
  id: ['abc', '-5', '1e309', '99999999999999999999'],
  date: ['2026-02-30', 'yesterday'],
  number: ['NaN', 'Infinity'],
  text: [],
};

interface Answer { status: number; body: { message?: unknown; parameter?: unknown } | undefined; type: string }

/** One call: GET with a query, else a JSON body (values may be objects) or a raw body of a content type. */
async function call(route: RouteSpec, params: Record<string, unknown>, raw?: { type: string; body: string }): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${tokens.get(resourceOf(route))}` };
  let url = host.url + route.path;
  let body: string | undefined;
  if (route.method === 'GET') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (Array.isArray(value)) for (const v of value) query.append(name, String(v));
      else if (value && typeof value === 'object') { query.append(name, '1'); query.append(name, JSON.stringify(value)); }
      else query.append(name, String(value));
    }
    url += `?${query}`;
  } else if (raw) {
    headers['content-type'] = raw.type;
    body = raw.body;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(params);
  }
  const response = await fetch(url, { method: route.method, headers, body });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let parsed: Answer['body'];
  try { parsed = type.includes('json') ? JSON.parse(text) : undefined; } catch { parsed = undefined; }
  return { status: response.status, body: parsed, type };
}

/** A value that passes a parameter's check, when the answer says one is required or names the allowed values. */
function fillFor(name: string, message: string): string {
  const oneOf = /must be one of ([A-Za-z][\w ]*?)[,( ]/.exec(message);
  if (oneOf) return oneOf[1]!.trim();
  if (/month/i.test(name)) return '2026-10';
  if (/year/i.test(name)) return '2026';
  switch (kindOf(name)) {
    case 'id': return '1';
    case 'date': return '2026-11-02';
    case 'number': return '1';
    default: return 'x';
  }
}

interface Learned { route: RouteSpec; base: Record<string, string | number>; names: Set<string> }

type Declared = Pick<RouteDeclaration, 'method' | 'path' | 'params'>;
const declarations = new Map<string, Declared>([...Object.values(ALL_HANDLERS), ...SERVICE_DECLARATIONS].map((d) => [key(d.method, d.path), d]));

/** The mutation kind of a declared parameter. */
function declaredKind(spec: ParamSpec): Kind | 'other' {
  switch (spec.kind) {
    case 'id': case 'integer': return 'id';
    case 'date': return 'date';
    case 'number': case 'money': return 'number';
    case 'string': return 'text';
    default: return 'other';
  }
}

/** A value that passes a declared parameter's type. */
function validFor(name: string, spec: ParamSpec): string {
  if (spec.values?.length) return spec.values[0]!;
  switch (spec.kind) {
    case 'month': return '2026-10';
    case 'boolean': return 'false';
    case 'timestamp': return '2026-11-01T00:00:00Z';
    default: return fillFor(name, '');
  }
}

/** A declared route: its scalar parameters are known; the required ones the sample leaves out are filled. */
function declaredBase(spec: RouteSpec, route: Declared): Learned {
  const sample = samples.get(key(route.method, route.path));
  const base: Record<string, string | number> = { ...(sample?.params?.(host.db) as SampleParams | undefined), ...SERVICE_BASE[route.path] };
  const names = new Set<string>();
  for (const [name, spec] of Object.entries(route.params)) {
    if (spec.kind === 'list' || spec.kind === 'file') continue;
    names.add(name);
    const sent = Object.keys(base).some((k) => k.toLowerCase() === name.toLowerCase());
    if (spec.required && !sent) base[name] = validFor(name, spec);
  }
  return { route: spec, base, names };
}

function discover(route: RouteSpec): Learned {
  const declaration = declarations.get(key(route.method, route.path));
  if (!declaration) throw new Error(`${route.method} ${route.path} is not declared`);
  return declaredBase(route, declaration);
}

interface Case { route: RouteSpec; what: string; params: Record<string, unknown>; raw?: { type: string; body: string }; expect: 'refused' | 'no5xx' | 413 | 'unknown' }

/** The base parameters with `name` set to `value` (a differently cased twin of the name removed). */
const withParam = (base: Record<string, string | number>, name: string, value: unknown): Record<string, unknown> => ({
  ...Object.fromEntries(Object.entries(base).filter(([k]) => k.toLowerCase() !== name.toLowerCase())), [name]: value,
});

function casesOf({ route, base, names }: Learned): Case[] {
  const cases: Case[] = [];
  const declaration = declarations.get(key(route.method, route.path));
  for (const name of names) {
    const spec = declaration?.params[name];
    const declared = spec ? declaredKind(spec) : kindOf(name);
    const kind: Kind = declared === 'other' ? 'text' : declared;
    if (spec && declared === 'other') cases.push({ route, what: `${name}=' x '`, params: withParam(base, name, ' x '), expect: 'refused' });
    for (const bad of MALFORMED[kind]) cases.push({ route, what: `${name}=${bad}`, params: withParam(base, name, bad), expect: 'refused' });
    if (kind === 'id') cases.push({ route, what: `${name}=''`, params: withParam(base, name, ''), expect: 'no5xx' });
    cases.push({ route, what: `${name}={"a":1}`, params: withParam(base, name, { a: 1 }), expect: 'refused' });
    cases.push({ route, what: `${name}=[1]`, params: withParam(base, name, [1, 2]), expect: 'refused' });
  }
  cases.push({ route, what: 'zzz=1 (unknown field)', params: { ...base, zzz: 1 }, expect: 'unknown' });
  if (route.method !== 'GET') {
    const form = new URLSearchParams(Object.entries(base).map(([k, v]) => [k, String(v)]));
    form.set('Description', 'x'.repeat(2 * 1024 * 1024));
    cases.push({ route, what: '2 MB form', params: base, raw: { type: 'application/x-www-form-urlencoded', body: form.toString() }, expect: 413 });
    cases.push({ route, what: '2 MB JSON', params: base, raw: { type: 'application/json', body: JSON.stringify({ ...base, Description: 'x'.repeat(2 * 1024 * 1024) }) }, expect: 413 });
  }
  return cases;
}

function verdict(test: Case, answer: Answer): string | undefined {
  const label = `${test.route.method} ${test.route.path} ${test.what} → ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 140)}`;
  if (answer.status >= 500) return label;
  if (!answer.type.includes('json') || typeof answer.body?.message !== 'string' && answer.status >= 400) return `${label} (no JSON message)`;
  if (test.expect === 'no5xx') return undefined;
  if (answer.status < 400 || answer.status >= 500) return label;
  if (test.expect === 413 && answer.status !== 413) return label;
  if (test.expect === 'unknown' && (answer.status !== 400 || !String(answer.body?.message).includes("'zzz'"))) return label;
  return undefined;
}

describe('every route refuses malformed input with a 4xx and a JSON message (issue 16)', () => {
  let learned: Learned[] = [];

  it('every route and service route is declared: its parameters are known', () => {
    learned = [];
    for (const route of [...API_ROUTES, ...SERVICE_SPECS]) learned.push(discover(route));
    const withNames = learned.filter((l) => l.names.size > 0).length;
    assert.ok(withNames > 150, `routes with parameters: ${withNames}`);
  });

  it('the mutation table: malformed ids, dates, numbers, object and array values, 2 MB bodies, an unknown field', async () => {
    const cases = learned.flatMap(casesOf);
    assert.ok(cases.length > 1500, `cases: ${cases.length}`);
    const failures: string[] = [];
    for (let i = 0; i < cases.length; i += 24) {
      const batch = cases.slice(i, i + 24);
      const answers = await Promise.all(batch.map((test) => call(test.route, test.params, test.raw)));
      batch.forEach((test, j) => {
        const failure = verdict(test, answers[j]!);
        if (failure) failures.push(failure);
      });
    }
    assert.deepEqual(failures, [], `${failures.length} of ${cases.length} cases not refused`);
  });
});
