/**
 * Who may grant which role (demo/host/api/admin/users.ts; the rule: grantRefusal and ROLES_BY_KEY of
 * src/core/admin/users.ts): a role only on an application key that has it; never to oneself, directly
 * or by copying roles; an Admin role of any key only by a keyAdmin Admin; the other roles by
 * keyUserManagement IT. Each refusal is a 403 naming its reason and writes nothing; each grant is
 * audited as before.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { APPLICATION_KEYS, ROLE_NAMES } from '../../src/core/access';
import { ROLES_BY_KEY, USERS_API, USERS_TEXT, grantRefusal, keyHasRole, rolesOfKey } from '../../src/core/admin';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, employeeId: id } = useTestHost();

const auditCount = () => one('SELECT count(*) AS n FROM admin_audit_log').n as number;
const lastAudit = () => one('SELECT * FROM admin_audit_log ORDER BY auditId DESC LIMIT 1');
const rolesText = (employeeId: number) =>
  (host.db.prepare('SELECT applicationKey, name FROM employee_roles WHERE employeeId = ? ORDER BY applicationKey, name').all(employeeId) as Row[])
    .map((r) => `${r.applicationKey} ${r.name}`).join('\n');
const holds = (employeeId: number, key: string, name: string) =>
  one('SELECT count(*) AS n FROM employee_roles WHERE employeeId = ? AND applicationKey = ? AND name = ?', employeeId, key, name).n === 1;
const grant = (login: string, employeeId: number, applicationKey: string, roleName: string) =>
  api.post(login, USERS_API.grantRole, { employeeId, applicationKey, roleName });
const revoke = (login: string, employeeId: number, applicationKey: string, roleName: string) =>
  api.post(login, USERS_API.revokeRole, { employeeId, applicationKey, roleName });

/** A refusal: 403 with `message`, and no role or audit row written. */
async function refused(call: () => Promise<{ status: number; body: Row }>, message: string, subject: number): Promise<void> {
  const roles = rolesText(subject);
  const audits = auditCount();
  const answer = await call();
  assert.equal(answer.status, 403, JSON.stringify(answer.body));
  assert.equal(answer.body.message, message);
  assert.equal(rolesText(subject), roles);
  assert.equal(auditCount(), audits);
}

describe('the roles each key has (ROLES_BY_KEY)', () => {
  it('names every key, only known role names, Admin on every key; the seeded roles are all in it', () => {
    assert.deepEqual(Object.keys(ROLES_BY_KEY).sort(), [...APPLICATION_KEYS].sort());
    for (const [key, roles] of Object.entries(ROLES_BY_KEY)) {
      assert.ok(roles.includes('Admin'), key);
      for (const role of roles) assert.ok((ROLE_NAMES as readonly string[]).includes(role), `${key} ${role}`);
    }
    for (const role of host.db.prepare('SELECT DISTINCT applicationKey, name FROM employee_roles').all() as Row[]) {
      assert.ok(keyHasRole(role.applicationKey, role.name), `seeded ${role.applicationKey} ${role.name}`);
    }
    assert.equal(keyHasRole('KEYTC', 'timecard admin'), true);
    assert.equal(keyHasRole('keyTC', 'Prequal Administrator'), false);
    assert.deepEqual(rolesOfKey('keyNope'), []);
  });

  it('grantRefusal gives the reason the server answers', () => {
    const it = { employeeId: 7, roles: [{ applicationKey: 'keyUserManagement', name: 'IT' }] };
    const admin = { employeeId: 1, roles: [{ applicationKey: 'keyAdmin', name: 'Admin' }, { applicationKey: 'keyUserManagement', name: 'Admin' }] };
    assert.equal(grantRefusal(it, 9, { applicationKey: 'keyTC', name: 'Timecard Admin' }), null);
    assert.equal(grantRefusal(it, 7, { applicationKey: 'keyTC', name: 'Timecard Admin' }), USERS_TEXT.selfGrant);
    assert.equal(grantRefusal(it, 9, { applicationKey: 'keyTC', name: 'Admin' }), USERS_TEXT.adminGrant('keyTC'));
    assert.equal(grantRefusal(admin, 9, { applicationKey: 'keyTC', name: 'Admin' }), null);
    assert.equal(grantRefusal(admin, 9, { applicationKey: 'keyTC', name: 'Prequal Administrator' }), USERS_TEXT.roleNotOnKey('keyTC', 'Prequal Administrator', ROLES_BY_KEY.keyTC));
    assert.equal(grantRefusal({ employeeId: 8, roles: [{ applicationKey: 'keyUserManagement', name: 'Viewer' }] }, 9, { applicationKey: 'keyTC', name: 'Default' }), USERS_TEXT.writeForbidden);
  });
});

describe('granting a role', () => {
  it('only on a key that has the role: keyTC Prequal Administrator is refused, for IT and Admin alike', async () => {
    const employee = id('employee');
    const message = USERS_TEXT.roleNotOnKey('keyTC', 'Prequal Administrator', ROLES_BY_KEY.keyTC);
    assert.match(message, /keyTC has no role Prequal Administrator/);
    await refused(() => grant('it', employee, 'keyTC', 'Prequal Administrator'), message, employee);
    await refused(() => grant('admin', employee, 'keyTC', 'Prequal Administrator'), message, employee);
    // The same role on the key that has it is granted, and audited as before.
    const before = rolesText(employee);
    const ok = await grant('it', employee, 'keySLIM', 'Prequal Administrator');
    assert.equal(ok.status, 200);
    assert.deepEqual([lastAudit().action, lastAudit().actorEmployeeId, lastAudit().subjectEmployeeId, lastAudit().applicationKey], ['grantRole', id('it'), employee, 'keySLIM']);
    assert.equal(lastAudit().before, before);
    assert.equal(lastAudit().after, rolesText(employee));
    assert.equal(lastAudit().reason, 'keySLIM Prequal Administrator');
    assert.equal((await revoke('it', employee, 'keySLIM', 'Prequal Administrator')).status, 200);
  });

  it('never to oneself: IT and Admin are refused their own grants', async () => {
    await refused(() => grant('it', id('it'), 'keyPTO', 'Default'), USERS_TEXT.selfGrant, id('it'));
    await refused(() => grant('it', id('it'), 'keyAdmin', 'Admin'), USERS_TEXT.selfGrant, id('it'));
    await refused(() => grant('admin', id('admin'), 'keyPTO', 'Default'), USERS_TEXT.selfGrant, id('admin'));
  });

  it('an Admin role, of any key, only by a keyAdmin Admin; IT grants the other roles', async () => {
    const employee = id('employee');
    await refused(() => grant('it', employee, 'keyAdmin', 'Admin'), USERS_TEXT.adminGrant('keyAdmin'), employee);
    await refused(() => grant('it', employee, 'keyTC', 'Admin'), USERS_TEXT.adminGrant('keyTC'), employee);
    await refused(() => grant('it', employee, 'keyUserManagement', 'admin'), USERS_TEXT.adminGrant('keyUserManagement'), employee);
    assert.equal((await grant('it', employee, 'keyPTO', 'Manager')).status, 200);
    assert.equal(lastAudit().action, 'grantRole');
    assert.equal((await revoke('it', employee, 'keyPTO', 'Manager')).status, 200);

    // A keyUserManagement Admin who is not a keyAdmin Admin writes users, but grants no Admin role either.
    const granted = await grant('admin', employee, 'keyUserManagement', 'Admin');
    assert.equal(granted.status, 200);
    assert.deepEqual([lastAudit().action, lastAudit().actorEmployeeId, lastAudit().reason], ['grantRole', id('admin'), 'keyUserManagement Admin']);
    const rpm = id('rpm');
    await refused(() => grant('employee', rpm, 'keyPTO', 'Admin'), USERS_TEXT.adminGrant('keyPTO'), rpm);
    assert.equal((await grant('employee', id('viewer'), 'keyIT', 'User')).status, 200);
    assert.equal((await revoke('admin', id('viewer'), 'keyIT', 'User')).status, 200);

    // The keyAdmin Admin grants Admin roles.
    assert.equal((await grant('admin', rpm, 'keyTC', 'Admin')).status, 200);
    assert.ok(holds(rpm, 'keyTC', 'Admin'));
    assert.equal(lastAudit().reason, 'keyTC Admin');
    assert.equal((await revoke('admin', rpm, 'keyTC', 'Admin')).status, 200);
    assert.equal((await revoke('admin', employee, 'keyUserManagement', 'Admin')).status, 200);
  });

  it('a viewer is still refused as a reader', async () => {
    await refused(() => grant('viewer', id('employee'), 'keyTC', 'Timecard Admin'), USERS_TEXT.writeForbidden, id('employee'));
  });
});

describe('copying roles', () => {
  it('never into oneself', async () => {
    // employee's keyPTO Default is one IT lacks: copying would grant it to IT.
    await refused(() => api.post('it', USERS_API.copyRoles, { employeeId: id('it'), fromEmployeeId: id('employee') }), USERS_TEXT.selfCopy, id('it'));
    await refused(() => api.post('admin', USERS_API.copyRoles, { employeeId: id('admin'), fromEmployeeId: id('it') }), USERS_TEXT.selfCopy, id('admin'));
  });

  it('refused whole when the copied roles hold one the caller may not grant (an Admin role for IT), naming it', async () => {
    const employee = id('employee');
    // admin holds every key's Admin: the first one employee lacks, in admin's order, is named.
    await refused(() => api.post('it', USERS_API.copyRoles, { employeeId: employee, fromEmployeeId: id('admin') }),
      USERS_TEXT.copyRefused('Dana Whitfield', 'keyAPPS Admin', USERS_TEXT.adminGrant('keyAPPS')), employee);
    // The keyAdmin Admin may copy them.
    const copied = await api.post('admin', USERS_API.copyRoles, { employeeId: id('reviewer'), fromEmployeeId: id('risk') });
    assert.equal(copied.status, 200);
    assert.deepEqual(copied.body.data.added, [{ applicationKey: 'keyPTO', name: 'Default' }, { applicationKey: 'keyRISK', name: 'Risk' }, { applicationKey: 'keySLIM', name: 'Prequal Administrator' }]);
    assert.equal(lastAudit().action, 'copyRoles');
    for (const [key, name] of [['keyRISK', 'Risk'], ['keySLIM', 'Prequal Administrator'], ['keyPTO', 'Default']]) {
      assert.equal((await revoke('admin', id('reviewer'), key!, name!)).status, 200);
    }
  });

  it('refused when a copied role is not a role of its key (one left by the old grant), even for Admin', async () => {
    const employee = id('employee');
    const source = one("SELECT employeeId, preferredName AS name FROM employees WHERE login IS NULL AND active = 1 ORDER BY employeeId LIMIT 1") as { employeeId: number; name: string };
    host.db.prepare(`INSERT INTO employee_roles (employeeId, applicationId, applicationKey, name, displayText, modifiedAt)
      SELECT ?, applicationId, 'keyTC', 'Prequal Administrator', 'Timecards: Prequal Administrator', '2026-01-01T00:00:00.000Z' FROM applications WHERE applicationKey = 'keyTC'`).run(source.employeeId);
    const reason = USERS_TEXT.roleNotOnKey('keyTC', 'Prequal Administrator', ROLES_BY_KEY.keyTC);
    await refused(() => api.post('admin', USERS_API.copyRoles, { employeeId: employee, fromEmployeeId: source.employeeId }),
      USERS_TEXT.copyRefused(source.name, 'keyTC Prequal Administrator', reason), employee);
    // Such a role can still be revoked.
    assert.equal((await revoke('it', source.employeeId, 'keyTC', 'Prequal Administrator')).status, 200);
  });
});
