/**
 * `<admin-user-management>`'s grant form follows the server's rule (grantRefusal, src/core/admin/users.ts):
 * a key offers only its own roles, an Admin role only to a keyAdmin Admin, and nothing is granted or
 * copied on one's own page.
 */
import { expect } from 'chai';
import { ROLES_BY_KEY, USERS_API, type UserDetail, type UserList, type UserRow } from '../../src/core/admin';
import { resetRoles, setRoles, type RoleEntry } from '../../src/core/roles';
import { USERS_UI_TEXT as T } from '../../src/features/admin/users/text';
import '../../src/elements/admin-user-management/define';
import { mount, setValue, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const row = (employeeId: number, name: string, login: string): UserRow => ({
  employeeId, name, login, email: `${login}@example.com`, employeeKey: `K${employeeId}`, jobTitle: 'Staff', active: true, betaUser: false,
  regionId: 1, regionName: 'North Texas', roleCount: 1,
});
const ME = row(1, 'Dana Whitfield', 'it');
const OTHER = row(2, 'Sam Patterson', 'employee');
const detail = (user: UserRow, isSelf: boolean, roles: RoleEntry[] = [{ applicationKey: 'keyTC', name: 'Default' }]): UserDetail => ({
  ...user, firstName: user.name.split(' ')[0]!, lastName: user.name.split(' ')[1]!, manager: null, deactivatedAt: null, deactivatedBy: null,
  roles, teams: [], canWrite: true, isSelf,
});
const LIST: UserList = { rows: [ME, OTHER], total: 2, capped: false, regions: [{ regionId: 1, name: 'North Texas' }] };
const answers = (): Record<string, StubFor> => ({
  [USERS_API.getUsers]: { body: { data: LIST } },
  [USERS_API.getUser]: ({ query }) => {
    const id = Number(query.get('employeeId'));
    return { body: { data: id === ME.employeeId ? detail(ME, true) : detail(OTHER, false) } };
  },
});

async function openUser(employeeId: number): Promise<ShadowRoot> {
  const root = await mount('admin-user-management');
  (await waitFor(() => root.querySelector<HTMLButtonElement>(`[data-open-user="${employeeId}"]`))).click();
  await waitFor(() => root.querySelector(`[data-user-detail="${employeeId}"]`));
  return root;
}

const optionsOf = (select: HTMLSelectElement) => [...select.options].map((o) => o.value).filter((v) => v !== '');

describe('<admin-user-management> grant form', () => {
  useElementTestPage({ login: 'it', after: resetRoles });

  it('keyTC offers only its own roles (not one held already); changing the key clears the role', async () => {
    setRoles([{ applicationKey: 'keyUserManagement', name: 'IT' }, { applicationKey: 'keyAdmin', name: 'Admin' }]);
    stubFetch(answers());
    const root = await openUser(OTHER.employeeId);
    const form = await waitFor(() => root.querySelector('form[data-form="grant"]'));
    const key = form.querySelector<HTMLSelectElement>('select[name="applicationKey"]')!;
    setValue(key, 'keyTC');
    const role = form.querySelector<HTMLSelectElement>('select[name="roleName"]')!;
    await waitFor(() => optionsOf(role).length > 0);
    // keyTC: Admin, Timecard Admin, Default; Default is held already.
    expect(ROLES_BY_KEY.keyTC).to.deep.equal(['Admin', 'Timecard Admin', 'Default']);
    expect(optionsOf(role)).to.deep.equal(['Admin', 'Timecard Admin']);
    expect(optionsOf(role)).to.not.include('Project Manager');
    setValue(role, 'Timecard Admin');
    await waitFor(() => form.querySelector<HTMLButtonElement>('button[data-action="grant"]')!.disabled === false);
    setValue(key, 'keyPFM');
    await waitFor(() => form.querySelector<HTMLSelectElement>('select[name="roleName"]')!.value === '');
    expect(optionsOf(form.querySelector<HTMLSelectElement>('select[name="roleName"]')!)).to.deep.equal(['Admin', 'Project Manager', 'RPM']);
    expect(form.querySelector<HTMLButtonElement>('button[data-action="grant"]')!.disabled).to.equal(true);
  });

  it('an IT user (no keyAdmin Admin) is offered no Admin role, and no key whose only role is Admin', async () => {
    setRoles([{ applicationKey: 'keyUserManagement', name: 'IT' }]);
    stubFetch(answers());
    const root = await openUser(OTHER.employeeId);
    const form = await waitFor(() => root.querySelector('form[data-form="grant"]'));
    const key = form.querySelector<HTMLSelectElement>('select[name="applicationKey"]')!;
    expect(optionsOf(key)).to.not.include('keyAdmin');
    expect(optionsOf(key)).to.not.include('keyPC');
    expect(optionsOf(key)).to.include('keyTC');
    setValue(key, 'keyTC');
    const role = form.querySelector<HTMLSelectElement>('select[name="roleName"]')!;
    await waitFor(() => optionsOf(role).length > 0);
    expect(optionsOf(role)).to.deep.equal(['Timecard Admin']);
    setValue(key, 'keyPFM');
    await waitFor(() => optionsOf(form.querySelector<HTMLSelectElement>('select[name="roleName"]')!).includes('RPM'));
    expect(optionsOf(form.querySelector<HTMLSelectElement>('select[name="roleName"]')!)).to.deep.equal(['Project Manager', 'RPM']);
  });

  it('on one\u2019s own page: no grant form, no copy roles; the reason instead (revoke stays)', async () => {
    setRoles([{ applicationKey: 'keyUserManagement', name: 'IT' }, { applicationKey: 'keyAdmin', name: 'Admin' }]);
    stubFetch(answers());
    const root = await openUser(ME.employeeId);
    await waitFor(() => root.querySelector('[data-self-grant]'));
    expect(textOf(root, '[data-self-grant]')).to.equal(T.selfGrant);
    expect(root.querySelector('form[data-form="grant"]')).to.equal(null);
    expect(root.querySelector('form[data-form="copy-roles"]')).to.equal(null);
    expect(root.querySelector('tr[data-role="keyTC Default"] button[data-action="revoke"]')).to.not.equal(null);

    // Another user's page has both.
    (root.querySelector<HTMLButtonElement>(`[data-open-user="${OTHER.employeeId}"]`)!).click();
    await waitFor(() => root.querySelector(`[data-user-detail="${OTHER.employeeId}"] form[data-form="grant"]`));
    expect(root.querySelector('form[data-form="copy-roles"]')).to.not.equal(null);
    expect(root.querySelector('[data-self-grant]')).to.equal(null);
  });
});
