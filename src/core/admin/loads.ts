/**
 * What the administration screens load as they open: User Management's users (with no filter set) and App Records'
 * record types. The screens and the portal's route prefetch (src/core/router/prefetch.ts) ask with these, so the screens
 * take the prefetched answers. In the core every element loads, apart from the admin contract.
 */
import type { ActiveFilter } from './users';

/** GET `search`?, `active` ('active' | 'inactive' | 'all', default 'all'), `roleName`?, `applicationKey`?, `regionId`?: UserList. */
export const USERS_PATH = '/api/admin/users/getusers';
/** GET: every record type with its application and counts of records per state. */
export const APP_RECORD_TYPES_PATH = '/api/admin/apprecords/types';

/** User Management's filters; empty ones are not sent. */
export interface UserFilters { search: string; active: ActiveFilter; roleName: string; applicationKey: string; regionId: string }
/** The filters User Management opens with. */
export const NO_FILTERS: UserFilters = { search: '', active: 'all', roleName: '', applicationKey: '', regionId: '' };

/** A filtered load's query: the filters that are set, none empty. */
export const setFilters = (query: Record<string, string | number>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));

/** The users load's query for `filters` (and the Retry's mark). */
export const usersQuery = (filters: UserFilters, extra: Record<string, number> = {}): Record<string, string | number> => setFilters({ ...filters, ...extra });
