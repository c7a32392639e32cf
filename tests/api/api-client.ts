/**
 * A small client for the API tests: GET with a query, POST as multipart form-data (the client's
 * call kind) or urlencoded, each with a real bearer token of a demo login from the test host.
 */
import { createHash } from 'node:crypto';
import type { TestHost } from './support/host';

export interface Answer {
  status: number;
  /** Parsed JSON, or undefined for non-JSON answers. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
  bytes: Buffer;
}

async function read(response: Response): Promise<Answer> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, headers: response.headers, bytes, body: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined };
}

export type Form = Record<string, string | number | Blob>;

export function apiClient(host: TestHost) {
  const auth = async (login: string | null): Promise<Record<string, string>> =>
    login ? { authorization: `Bearer ${await host.tokenFor(login)}` } : {};
  return {
    async get(login: string | null, path: string, query: Record<string, string | number> = {}): Promise<Answer> {
      const url = new URL(host.url + path);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
      return read(await fetch(url, { headers: await auth(login) }));
    },
    async post(login: string | null, path: string, form: Form, encoding: 'multipart' | 'urlencoded' = 'multipart', method = 'POST'): Promise<Answer> {
      const headers = await auth(login);
      let body: FormData | string;
      if (encoding === 'multipart') {
        body = new FormData();
        for (const [key, value] of Object.entries(form)) body.append(key, value instanceof Blob ? value : String(value));
      } else {
        body = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
      return read(await fetch(host.url + path, { method, headers, body }));
    },
  };
}

/** The id of the state `name` of `key`. */
export function stateId(host: TestHost, key: string, name: string): number {
  const row = host.db.prepare('SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = ? AND name = ?').get(key, name) as
    { applicationRecordStateId: number } | undefined;
  if (!row) throw new Error(`no state ${key}:${name}`);
  return row.applicationRecordStateId;
}

/** A checksum of every row of the tables (to prove nothing was written). */
export function checksum(host: Pick<TestHost, 'db'>, tables: readonly string[]): string {
  return tables.map((table) => {
    const digest = createHash('sha256');
    let count = 0;
    for (const row of host.db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).raw().iterate() as Iterable<unknown[]>) {
      count += 1;
      for (const value of row) {
        // A blob (a stored file) is hashed as its bytes: turned into JSON text first, the files table cost seconds a call.
        if (Buffer.isBuffer(value)) digest.update(`blob ${value.length}:`).update(value);
        else digest.update(`${JSON.stringify(value)}\u0000`);
      }
      digest.update('\n');
    }
    return `${table}:${count}:${digest.digest('hex')}`;
  }).join('|');
}
