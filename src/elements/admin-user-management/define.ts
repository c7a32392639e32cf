import { UserManagement } from '../../features/admin';
import { defineReactElement } from '../../ui/element';

/**
 * `<admin-user-management>`: user management (§2 /usermanagement, issue 15; keyUserManagement Admin,
 * IT, Viewer): users with search and filters, a user's profile, roles per application key and
 * project teams; grant / revoke, activate / deactivate, beta flag, copy roles (Admin and IT); the
 * audit log with filters and CSV / Excel export. No attributes.
 */
export const AdminUserManagementElement = defineReactElement('admin-user-management', UserManagement, {
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'admin-user-management': HTMLElement;
  }
}
