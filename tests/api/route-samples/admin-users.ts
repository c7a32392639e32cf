/** User management (issue 15, demo/host/api/admin/users.ts): people and roles, not project data. */
import { USERS_API } from '../../../src/core/admin/contract';
import type { RouteSample } from './types';

const why = 'user management: employees, roles and the admin audit log, not project data (ACCESS.userManagement; writes Admin/IT)';

export const ADMIN_USERS_SAMPLES: readonly RouteSample[] = [
  { method: 'GET', path: USERS_API.getUsers, team: 'none', why },
  { method: 'GET', path: USERS_API.getUser, team: 'none', why },
  { method: 'POST', path: USERS_API.grantRole, team: 'none', why },
  { method: 'POST', path: USERS_API.revokeRole, team: 'none', why },
  { method: 'POST', path: USERS_API.setActive, team: 'none', why },
  { method: 'POST', path: USERS_API.setBeta, team: 'none', why },
  { method: 'POST', path: USERS_API.copyRoles, team: 'none', why },
  { method: 'GET', path: USERS_API.getAuditLog, team: 'none', why },
];
