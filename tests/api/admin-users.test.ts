/**
 * User management on the demo host (issue 15, demo/host/api/admin/users.ts): the list and detail,
 * role grants and revocations with their audit rows (before/after), a Viewer cannot write, the last
 * active Admin cannot be removed, a deactivated user's token gets 401 (API and services) and their
 * sign-in is refused, a role change counts on the next request.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { USER_LIST_CAP, USERS_API, USERS_TEXT, isLastAdmin, rolesToCopy } from '../../src/core/admin';
import { signInOverHttp } from './support/host';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, employeeId: id } = useTestHost();

const lastAudit = () => one('SELECT * FROM admin_audit_log ORDER BY auditId DESC LIMIT 1');
const auditCount = () => one('SELECT count(*) AS n FROM admin_audit_log').n as number;

describe('rules', () => {
  it('isLastAdmin and rolesToCopy', () => {
    assert.equal(isLastAdmin([1], 1), true);
    assert.equal(isLastAdmin([1, 4], 1), false);
    assert.equal(isLastAdmin([1], 2), false);
    assert.deepEqual(rolesToCopy([{ applicationKey: 'keyTC', name: 'Default' }, { applicationKey: 'keyPFM', name: 'RPM' }], [{ applicationKey: 'KEYTC', name: 'default' }]),
      [{ applicationKey: 'keyPFM', name: 'RPM' }]);
  });
});

describe('reads', () => {
  it('lists with search and filters; viewer and it read; pm is refused', async () => {
    const all = await api.get('viewer', USERS_API.getUsers);
    assert.equal(all.status, 200);
    assert.equal(all.body.data.total, one('SELECT count(*) AS n FROM employees').n);
    assert.ok(all.body.data.regions.length > 0);
    const byLogin = await api.get('it', USERS_API.getUsers, { search: 'holloway' });
    assert.deepEqual(byLogin.body.data.rows.map((r: Row) => r.login), ['viewer']);
    const byKey = await api.get('it', USERS_API.getUsers, { search: 'E10002' });
    assert.deepEqual(byKey.body.data.rows.map((r: Row) => r.login), ['pm']);
    const inactive = await api.get('it', USERS_API.getUsers, { active: 'inactive' });
    assert.equal(inactive.body.data.total, one('SELECT count(*) AS n FROM employees WHERE active = 0').n);
    assert.ok(inactive.body.data.rows.every((r: Row) => r.active === false));
    const rpms = await api.get('it', USERS_API.getUsers, { applicationKey: 'keyPFM', roleName: 'RPM' });
    assert.deepEqual(rpms.body.data.rows.map((r: Row) => r.login), ['rpm']);
    const region = one('SELECT regionId, count(*) AS n FROM employees WHERE regionId IS NOT NULL GROUP BY regionId ORDER BY regionId LIMIT 1');
    if (region) assert.equal((await api.get('it', USERS_API.getUsers, { regionId: region.regionId })).body.data.total, region.n);
    assert.equal((await api.get('it', USERS_API.getUsers, { active: 'maybe' })).status, 400);
    assert.equal((await api.get('pm', USERS_API.getUsers)).status, 403);
  });

  it('detail: profile, manager, roles, teams, canWrite per caller', async () => {
    const pm = id('pm');
    const viewer = await api.get('viewer', USERS_API.getUser, { employeeId: pm });
    assert.equal(viewer.status, 200);
    const d = viewer.body.data;
    assert.equal(d.login, 'pm');
    assert.equal(d.manager.employeeId, one('SELECT managerEmployeeId AS m FROM employees WHERE employeeId = ?', pm).m);
    assert.ok(d.roles.some((r: Row) => r.applicationKey === 'keyPFM' && r.name === 'Project Manager'));
    assert.equal(d.teams.length, one('SELECT count(*) AS n FROM project_team_members WHERE employeeId = ?', pm).n);
    assert.ok(d.teams.length > 0);
    assert.equal(d.canWrite, false);
    assert.equal((await api.get('it', USERS_API.getUser, { employeeId: pm })).body.data.canWrite, true);
    assert.equal((await api.get('it', USERS_API.getUser, { employeeId: 999999 })).status, 404);
  });
});

describe('writes', () => {
  it('a viewer cannot write (403) and nothing is written', async () => {
    const before = auditCount();
    const answer = await api.post('viewer', USERS_API.grantRole, { employeeId: id('employee'), applicationKey: 'keyRISK', roleName: 'Default' });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, USERS_TEXT.writeForbidden);
    assert.equal((await api.post('viewer', USERS_API.setActive, { employeeId: id('employee'), active: 'false' })).status, 403);
    assert.equal(auditCount(), before);
    assert.equal(one("SELECT count(*) AS n FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keyRISK'", id('employee')).n, 0);
  });

  it('grant: takes effect on the next request without a new sign-in; audited before/after; duplicate 400', async () => {
    const employee = id('employee');
    assert.equal((await api.get('employee', USERS_API.getUsers)).status, 403);
    const granted = await api.post('it', USERS_API.grantRole, { employeeId: employee, applicationKey: 'keyUserManagement', roleName: 'Viewer' });
    assert.equal(granted.status, 200);
    assert.ok(granted.body.data.roles.some((r: Row) => r.applicationKey === 'keyUserManagement' && r.name === 'Viewer'));
    const row = lastAudit();
    assert.equal(row.action, 'grantRole');
    assert.equal(row.actorEmployeeId, id('it'));
    assert.equal(row.subjectEmployeeId, employee);
    assert.equal(row.applicationKey, 'keyUserManagement');
    assert.equal(row.before, 'keyPTO Default\nkeyTC Default');
    assert.equal(row.after, 'keyPTO Default\nkeyTC Default\nkeyUserManagement Viewer');
    // Same token as before the grant.
    assert.equal((await api.get('employee', USERS_API.getUsers)).status, 200);
    const roleAccess = await api.get('employee', '/api/applications/getApplicationRoleAccess');
    assert.ok(roleAccess.body.data.some((r: Row) => r.applicationKey === 'keyUserManagement'));
    const dup = await api.post('it', USERS_API.grantRole, { employeeId: employee, applicationKey: 'keyUserManagement', roleName: 'viewer' });
    assert.equal(dup.status, 400);
    assert.equal(dup.body.autoAlert, true);
    assert.equal(dup.body.message, USERS_TEXT.duplicateRole('keyUserManagement', 'Viewer', 'Sam Patterson'));
    assert.equal((await api.post('it', USERS_API.grantRole, { employeeId: employee, applicationKey: 'keyNope', roleName: 'Viewer' })).status, 400);
    assert.equal((await api.post('it', USERS_API.grantRole, { employeeId: employee, applicationKey: 'keyTC', roleName: 'Boss' })).status, 400);

    const revoked = await api.post('admin', USERS_API.revokeRole, { employeeId: employee, applicationKey: 'keyUserManagement', roleName: 'Viewer' });
    assert.equal(revoked.status, 200);
    assert.equal(lastAudit().action, 'revokeRole');
    assert.equal(lastAudit().after, 'keyPTO Default\nkeyTC Default');
    assert.equal((await api.get('employee', USERS_API.getUsers)).status, 403);
    assert.equal((await api.post('admin', USERS_API.revokeRole, { employeeId: employee, applicationKey: 'keyUserManagement', roleName: 'Viewer' })).status, 400);
  });

  it('the last active Admin cannot be revoked or deactivated; a second Admin makes it possible', async () => {
    const admin = id('admin');
    const before = auditCount();
    const revoke = await api.post('it', USERS_API.revokeRole, { employeeId: admin, applicationKey: 'keyAdmin', roleName: 'Admin' });
    assert.equal(revoke.status, 400);
    assert.equal(revoke.body.autoAlert, true);
    assert.equal(revoke.body.message, USERS_TEXT.lastAdmin);
    const deactivate = await api.post('it', USERS_API.setActive, { employeeId: admin, active: 'false' });
    assert.equal(deactivate.status, 400);
    assert.equal(deactivate.body.message, USERS_TEXT.lastAdmin);
    assert.equal(auditCount(), before);
    assert.equal(one("SELECT count(*) AS n FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keyAdmin' AND name = 'Admin'", admin).n, 1);
    // Oneself.
    const self = await api.post('it', USERS_API.setActive, { employeeId: id('it'), active: 'false' });
    assert.equal(self.status, 400);
    assert.equal(self.body.message, USERS_TEXT.selfDeactivate);
    // With an inactive second Admin it is still the last active one.
    const other = one('SELECT employeeId FROM employees WHERE active = 0 AND login IS NULL LIMIT 1').employeeId as number;
    // Only a keyAdmin Admin grants an Admin role (tests/api/role-grants.test.ts).
    assert.equal((await api.post('admin', USERS_API.grantRole, { employeeId: other, applicationKey: 'keyAdmin', roleName: 'Admin' })).status, 200);
    assert.equal((await api.post('it', USERS_API.revokeRole, { employeeId: admin, applicationKey: 'keyAdmin', roleName: 'Admin' })).status, 400);
    assert.equal((await api.post('it', USERS_API.revokeRole, { employeeId: other, applicationKey: 'keyAdmin', roleName: 'Admin' })).status, 200);
  });

  it('deactivation: the existing token gets 401 at the API and the services, sign-in is refused; activation restores', async () => {
    const viewer = id('viewer');
    const token = await host.tokenFor('viewer');
    const searchToken = await host.tokenFor('viewer', 'search');
    assert.equal((await api.get('viewer', USERS_API.getUsers)).status, 200);
    const off = await api.post('it', USERS_API.setActive, { employeeId: viewer, active: 'false', reason: 'left the company' });
    assert.equal(off.status, 200);
    assert.equal(off.body.data.active, false);
    assert.equal(off.body.data.deactivatedBy.employeeId, id('it'));
    const row = lastAudit();
    assert.deepEqual([row.action, row.before, row.after, row.reason], ['deactivate', 'active', 'inactive', 'left the company']);
    const refused = await fetch(`${host.url}/api/applications/getApplicationRoleAccess`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as Row).message, USERS_TEXT.deactivatedToken);
    const service = await fetch(`${host.url}/search/query?q=ab`, { headers: { authorization: `Bearer ${searchToken}` } });
    assert.equal(service.status, 401);
    await assert.rejects(signInOverHttp(host.url, 'viewer'), /login form answered 403/);
    assert.equal((await api.post('it', USERS_API.setActive, { employeeId: viewer, active: 'false' })).status, 400);
    const on = await api.post('it', USERS_API.setActive, { employeeId: viewer, active: 'true' });
    assert.equal(on.status, 200);
    assert.equal(on.body.data.deactivatedAt, null);
    assert.equal(lastAudit().action, 'activate');
    assert.equal((await fetch(`${host.url}/api/applications/getApplicationRoleAccess`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
  });

  it('beta flag and copy roles are audited; copy reports what was added', async () => {
    const employee = id('employee');
    const beta = await api.post('it', USERS_API.setBeta, { employeeId: employee, betaUser: 'true' });
    assert.equal(beta.body.data.betaUser, true);
    assert.deepEqual([lastAudit().action, lastAudit().before, lastAudit().after], ['setBeta', 'false', 'true']);
    await api.post('it', USERS_API.setBeta, { employeeId: employee, betaUser: 'false' });
    const copied = await api.post('it', USERS_API.copyRoles, { employeeId: employee, fromEmployeeId: id('tcadmin') });
    assert.equal(copied.status, 200);
    assert.deepEqual(copied.body.data.added, [{ applicationKey: 'keyTC', name: 'Timecard Admin' }]);
    assert.equal(lastAudit().action, 'copyRoles');
    assert.match(lastAudit().reason, /Angela Ruiz/);
    const again = await api.post('it', USERS_API.copyRoles, { employeeId: employee, fromEmployeeId: id('tcadmin') });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, USERS_TEXT.nothingToCopy('Angela Ruiz', 'Sam Patterson'));
    await api.post('it', USERS_API.revokeRole, { employeeId: employee, applicationKey: 'keyTC', roleName: 'Timecard Admin' });
  });

  it('the audit log filters by subject, actor, action and dates', async () => {
    const employee = id('employee');
    const bySubject = await api.get('viewer', USERS_API.getAuditLog, { subjectEmployeeId: employee });
    assert.equal(bySubject.status, 200);
    assert.equal(bySubject.body.data.rows.length, one('SELECT count(*) AS n FROM admin_audit_log WHERE subjectEmployeeId = ?', employee).n);
    assert.ok(bySubject.body.data.rows.every((r: Row) => r.subject.employeeId === employee));
    const byAction = await api.get('viewer', USERS_API.getAuditLog, { action: 'copyRoles' });
    assert.equal(byAction.body.data.rows.length, 1);
    assert.equal(byAction.body.data.rows[0].actor.name, 'Kevin Zhang');
    const byActor = await api.get('viewer', USERS_API.getAuditLog, { actorEmployeeId: id('admin') });
    assert.ok(byActor.body.data.rows.length >= 1 && byActor.body.data.rows.every((r: Row) => r.actor.employeeId === id('admin')));
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await api.get('viewer', USERS_API.getAuditLog, { from: today, to: today })).body.data.rows.length, auditCount());
    assert.equal((await api.get('viewer', USERS_API.getAuditLog, { to: '2000-01-01' })).body.data.rows.length, 0);
    assert.equal((await api.get('viewer', USERS_API.getAuditLog, { from: '2026-02-30' })).status, 400);
    assert.equal((await api.get('viewer', USERS_API.getAuditLog, { action: 'delete' })).status, 400);
  });
});

describe('a list longer than the cap (issue 16: the first rows are read in name order, not every employee sorted)', () => {
  it('holds the first USER_LIST_CAP users by name, counts every match and says it is capped', async () => {
    const insert = host.db.prepare(`INSERT INTO employees (employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, displayText, modifiedAt)
      VALUES (?, 'Load', ?, ?, 'LT', 'Load tester', ?, ?, '2026-01-01T00:00:00.000Z')`);
    host.db.transaction(() => {
      // Inserted in reverse name order, so rowid order is not name order.
      for (let i = USER_LIST_CAP + 19; i >= 0; i -= 1) {
        const name = `Load Tester ${String(i).padStart(3, '0')}`;
        insert.run(`LT${i}`, `Tester ${i}`, name, `load.tester.${i}@example.test`, name);
      }
    })();
    const byName = (host.db.prepare('SELECT employeeId FROM employees ORDER BY preferredName, employeeId').all() as Row[]).map((r) => r.employeeId);
    const list = (await api.get('it', USERS_API.getUsers, { active: 'all' })).body.data;
    assert.equal(list.total, byName.length);
    assert.equal(list.capped, true);
    assert.deepEqual(list.rows.map((r: Row) => r.employeeId), byName.slice(0, USER_LIST_CAP));
    const some = (await api.get('it', USERS_API.getUsers, { search: 'load tester 01' })).body.data;
    assert.deepEqual([some.total, some.capped, some.rows.length], [10, false, 10]);
    assert.deepEqual(some.rows.map((r: Row) => r.name), Array.from({ length: 10 }, (_, i) => `Load Tester 01${i}`));
  });
});
