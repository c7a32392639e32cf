/** User management (issue 15, demo/host/api/admin/users.ts): people and roles, not project data. */
import { USERS_API } from '../../../src/core/admin/contract';
import { notProjectData, type RouteSample } from './types';

const why = 'user management: employees, roles and the admin audit log, not project data (ACCESS.userManagement; writes Admin/IT)';

export const ADMIN_USERS_SAMPLES: readonly RouteSample[] = notProjectData(why, [
  ['GET', USERS_API.getUsers],
  ['GET', USERS_API.getUser],
  ['POST', USERS_API.grantRole],
  ['POST', USERS_API.revokeRole],
  ['POST', USERS_API.setActive],
  ['POST', USERS_API.setBeta],
  ['POST', USERS_API.copyRoles],
  ['GET', USERS_API.getAuditLog],
]);
