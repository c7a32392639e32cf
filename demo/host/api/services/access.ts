/**
 * What a service may show a caller: exactly what the API would let them load. A service asks
 * whether the caller passes the access rule of the API load that lists a kind of record
 * (routes.ts, the one table), and scopes rows with the same rule, so a later team-scoping change to
 * the API applies to search, BI and AI results at once.
 */
import type { Caller } from '../context';
import { accessAllows } from '../index';
import { routeKey } from '../routes';
import { API_ROUTES } from '../route-table';
import { forbidden } from '../http';

/** True when `user` may call `GET apiPath` (as routes.ts declares it). */
export function mayLoad(user: Caller, apiPath: string): boolean {
  const key = routeKey('GET', apiPath);
  const route = API_ROUTES.find((candidate) => routeKey(candidate.method, candidate.path) === key);
  if (!route) throw new Error(`mayLoad: ${apiPath} is not an API route`);
  return accessAllows(user, route.access);
}

/** 403 unless `user` may call `GET apiPath`. */
export function requireLoad(user: Caller, apiPath: string): void {
  if (!mayLoad(user, apiPath)) throw forbidden(`You do not have access to the data of ${apiPath}.`);
}
