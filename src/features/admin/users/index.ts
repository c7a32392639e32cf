/** User management (issue 15): the screen of <admin-user-management>. */
export { UserManagement } from './UserManagement';
export { auditSheet, setUsersLoadTimeout } from './data';
