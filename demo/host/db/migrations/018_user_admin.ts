/**
 * 018 (issue 15, user management; host: demo/host/api/admin/users.ts, contract src/core/admin/users.ts):
 * - admin_audit_log: every change an administrator makes to a user (grantRole, revokeRole, activate,
 *   deactivate, setBeta, copyRoles, …): who (actor), to whom (subject), when, the application key
 *   where there is one, before and after as text, the reason. Rows are only ever added.
 * - employees.deactivatedAt / deactivatedByEmployeeId: users are never deleted; `active` = 0 stops
 *   their tokens at the API and their sign-in.
 */
export const USER_ADMIN_018 = `
CREATE TABLE admin_audit_log (
  auditId INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  actorEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  subjectEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  action TEXT NOT NULL CHECK (length(action) > 0),
  applicationKey TEXT,
  before TEXT,
  after TEXT,
  reason TEXT
);
CREATE INDEX admin_audit_subject ON admin_audit_log(subjectEmployeeId, at);
CREATE INDEX admin_audit_actor ON admin_audit_log(actorEmployeeId, at);
CREATE INDEX admin_audit_action ON admin_audit_log(action, at);
CREATE INDEX admin_audit_at ON admin_audit_log(at);
ALTER TABLE employees ADD COLUMN deactivatedAt TEXT;
ALTER TABLE employees ADD COLUMN deactivatedByEmployeeId INTEGER REFERENCES employees(employeeId);
`;
