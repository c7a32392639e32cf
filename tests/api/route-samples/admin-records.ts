/** Route samples of app records and admin home (issue 15, part "records"): keyAdmin Admin configuration, no project data. */
import { APP_RECORDS_API } from '../../../src/core/admin/contract';
import { notProjectData, type RouteSample } from './types';

const why = 'record-type configuration (states, advancements, field security) for keyAdmin Admin: no project data';

export const ADMIN_RECORDS_SAMPLES: readonly RouteSample[] = notProjectData(why, [
  ['GET', APP_RECORDS_API.types],
  ['GET', APP_RECORDS_API.type],
  ['POST', APP_RECORDS_API.saveStates],
  ['POST', APP_RECORDS_API.removeState],
  ['POST', APP_RECORDS_API.saveAdvancements],
  ['POST', APP_RECORDS_API.saveFieldSecurity],
  ['POST', APP_RECORDS_API.saveApprovals, 'the approval matrix of a record type (configuration) for keyAdmin Admin: no project data'],
  ['GET', APP_RECORDS_API.testAs],
  ['GET', APP_RECORDS_API.home, 'counts across the company for keyAdmin Admin (admin reaches every project); no one project\'s data'],
]);
