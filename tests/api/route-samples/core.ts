/** Route samples of the session, shell, change-tracking and reference-lookup calls: none is one project's data. */
import { none, type RouteSample } from './types';
import { HIDDEN_PROJECT } from './hidden';

export const CORE_SAMPLES: readonly RouteSample[] = [
  none('GET', '/api/applications/getApplicationRoleAccess', "the caller's own roles"),
  none('GET', '/api/employees/GetCurrentUser', 'the caller'),
  none('GET', '/api/employees/profilephoto.png', 'a generated avatar'),
  none('GET', '/api/common/GetOpenItemsByEmployee', "the caller's own bell items (another's: keyAdmin Admin)"),
  none('GET', '/api/changes/refresh', "the caller's own change tracking"),
  none('GET', '/api/changes', "the caller's own change tracking"),
  none('GET', '/api/changes/remove', "acknowledges the caller's own changes"),
  none('GET', '/api/changes/clear', "acknowledges the caller's own changes"),
  none('POST', '/api/changes/acknowledge', "acknowledges the caller's own changes"),
  none('GET', '/api/workflow/getopenworkflows', "the caller's own open workflows"),
  none('GET', '/api/applications/GetApplicationRecordStates', 'record states (configuration)'),
  none('GET', '/api/applications/GetRecordStateAdvancements', 'state advancements (configuration)'),
  none('GET', '/api/employees/getEmployeeIncludeInactive', 'employee directory'),
  none('GET', '/api/employees/getEmployeeRole', 'role reference'),
  none('GET', '/api/employees/getemployeeroles', 'role reference'),
  { method: 'GET', path: '/api/projects/GetProjectByProjectId', team: 'project', expect: 404, params: () => ({ projectId: HIDDEN_PROJECT }) },
  none('GET', '/api/applications/data/ajaxGetApplicationData', 'application reference'),
  none('GET', '/api/Common/GetLegalEntity', 'legal entity reference'),
  none('GET', '/api/Common/GetLegalEntities', 'legal entity reference'),
  none('GET', '/api/applications/getApplicationRecordById', 'record type reference'),
  none('GET', '/api/applications/GetApplicationRecords', 'record type reference'),
  none('GET', '/api/applications/GetApplicationRecordState', 'record state reference'),
  none('GET', '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId', "the caller's field security (configuration)"),
  none('GET', '/api/applications/GetUserRecordFieldPermissionAll', "the caller's field security (configuration)"),
];
