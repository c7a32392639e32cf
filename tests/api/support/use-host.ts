/**
 * One demo host for a test file (or a describe block): `useTestHost()` registers the before() that starts it and
 * the after() that closes it, and answers the host, an API client and database readers.
 *
 * The host starts only when the hooks run, after the file has been loaded: what useTestHost answers reads it on
 * each use, so it can be destructured where the file declares it: `const { host, api, one } = useTestHost();`.
 */
import { after, before } from 'node:test';
import { setClock } from '../../../src/core/clock';
import { apiClient } from '../api-client';
import { startTestHost, type StartTestHostOptions, type TestHost } from './host';

/** A database row as the tests read it. */
export type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface UseTestHostOptions extends StartTestHostOptions {
  /**
   * Sets the test clock before the host starts (its start runs the scheduled work by that clock); the machine's
   * clock is put back before the host closes.
   */
  clock?: () => unknown;
  /** Runs once the host is up, before the tests: the sign-ins, tokens or data the tests share. */
  afterStart?: (host: TestHost) => unknown;
  /** Runs before the host closes (after the clock is put back, with `clock`). */
  beforeClose?: () => unknown;
}

export function useTestHost(options: UseTestHostOptions = {}) {
  const { clock, afterStart, beforeClose, ...start } = options;
  let started: TestHost | undefined;
  const current = (): TestHost => {
    if (!started) throw new Error('useTestHost: the host starts in before(); read it in a hook or a test.');
    return started;
  };
  before(async () => {
    clock?.();
    started = await startTestHost(start);
    await afterStart?.(started);
  });
  after(async () => {
    if (clock) setClock(null);
    await beforeClose?.();
    await started?.close();
  });

  // The started host, read on each use (a test file's module code runs before its before()).
  const host: TestHost = {
    get url() { return current().url; },
    get db() { return current().db; },
    get issuer() { return current().issuer; },
    get dataDir() { return current().dataDir; },
    tokenFor: (login, resource) => current().tokenFor(login, resource),
    idTokenFor: (login) => current().idTokenFor(login),
    close: () => current().close(),
  };
  const one = <T = Row>(sql: string, ...args: unknown[]): T => host.db.prepare(sql).get(...args) as T;
  return {
    host,
    /** The API client, with real tokens of the host's demo logins. */
    api: apiClient(host),
    /** The first row of a query. */
    one,
    /** Every row of a query. */
    all: <T = Row>(sql: string, ...args: unknown[]): T[] => host.db.prepare(sql).all(...args) as T[],
    /** The employee id of a demo login. */
    employeeId: (login: string): number => one('SELECT employeeId FROM employees WHERE login = ?', login).employeeId as number,
  };
}
