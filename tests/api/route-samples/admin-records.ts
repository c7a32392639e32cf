/** Route samples of app records and admin home (issue 15, part "records"): keyAdmin Admin configuration, no project data. */
import { APP_RECORDS_API } from '../../../src/core/admin/contract';
import type { RouteSample } from './types';

const why = 'record-type configuration (states, advancements, field security) for keyAdmin Admin: no project data';

export const ADMIN_RECORDS_SAMPLES: readonly RouteSample[] = [
  { method: 'GET', path: APP_RECORDS_API.types, team: 'none', why },
  { method: 'GET', path: APP_RECORDS_API.type, team: 'none', why },
  { method: 'POST', path: APP_RECORDS_API.saveStates, team: 'none', why },
  { method: 'POST', path: APP_RECORDS_API.removeState, team: 'none', why },
  { method: 'POST', path: APP_RECORDS_API.saveAdvancements, team: 'none', why },
  { method: 'POST', path: APP_RECORDS_API.saveFieldSecurity, team: 'none', why },
  { method: 'POST', path: APP_RECORDS_API.saveApprovals, team: 'none', why: 'the approval matrix of a record type (configuration) for keyAdmin Admin: no project data' },
  { method: 'GET', path: APP_RECORDS_API.testAs, team: 'none', why },
  { method: 'GET', path: APP_RECORDS_API.home, team: 'none', why: 'counts across the company for keyAdmin Admin (admin reaches every project); no one project\'s data' },
];
