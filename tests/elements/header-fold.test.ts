import { expect } from 'chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import { resetApi } from '../../src/core/api';
import { $session } from '../../src/core/auth';
import { resetRoles, setRoles } from '../../src/core/roles';
import '../../src/elements/portal-header/define';
import { restoreFetch, stubFetch, waitFor } from '../support/browser';

/** The header at phone width (390 px): its bar folds into a Menu button that lists the menus; wider, nothing changes. */
describe('<portal-header> at phone width', () => {
  let header: HTMLElement;
  const root = () => header.shadowRoot!;
  beforeEach(async () => {
    const admin = DEMO_ACCOUNTS.find((a) => a.login === 'admin')!;
    stubFetch({
      '/api/employees/GetCurrentUser': { body: { data: { employeeId: 1, employeeKey: 'E1', email: admin.email, preferredName: admin.preferredName, firstName: admin.firstName, lastName: admin.lastName, jobTitle: '', betaUser: false } } },
      '/api/common/GetOpenItemsByEmployee': { body: { data: { openWorkflows: [], budgetsPendingProjections: [], pendingPtoRequests: [], timecardNeedsSubmission: null } } },
    });
    setRoles(admin.roles);
    $session.set({ status: 'signedIn', account: { username: 'admin', login: 'admin' } } as never);
    header = document.createElement('portal-header');
    document.body.append(header);
    await waitFor(() => header.shadowRoot?.querySelector('[data-bar="generic"]'));
  });
  afterEach(async () => {
    document.body.innerHTML = '';
    restoreFetch();
    resetApi();
    resetRoles();
    $session.set({ status: 'signedOut', account: null });
    await setViewport({ width: 1280, height: 800 });
  });

  const visible = (el: Element | null) => !!el && (el as HTMLElement).getBoundingClientRect().height > 0;

  it('at 1280 px the bar shows its menus in a row and no Menu button', async () => {
    await setViewport({ width: 1280, height: 800 });
    const toggle = root().querySelector('[popovertarget="portal-nav"]');
    expect(visible(toggle)).to.equal(false);
    const menus = [...root().querySelectorAll('[data-bar="generic"] > [data-menu]')].map((m) => m.getBoundingClientRect().top);
    expect(menus.length).to.be.greaterThan(1);
    expect(new Set(menus.map(Math.round)).size).to.equal(1);
  });

  it('at 390 px a Menu button opens the menus as a list; Escape closes it and focus returns to the button', async () => {
    await setViewport({ width: 390, height: 800 });
    const toggle = root().querySelector<HTMLButtonElement>('[popovertarget="portal-nav"]')!;
    await waitFor(() => visible(toggle));
    expect(toggle.textContent).to.equal('☰ Menu');
    const bar = root().querySelector('[data-bar="generic"]')!;
    expect(visible(bar)).to.equal(false);
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => visible(bar));
    const menus = [...bar.querySelectorAll(':scope > [data-menu]')].map((m) => m.getBoundingClientRect());
    expect(menus.length).to.be.greaterThan(1);
    expect(menus[1]!.top).to.be.greaterThan(menus[0]!.top);
    expect(Math.round(menus[1]!.left)).to.equal(Math.round(menus[0]!.left));
    // Into the list by Tab, open a menu: Escape closes that menu only; Escape again folds the list, focus back on its button.
    await sendKeys({ press: 'Tab' });
    const first = bar.querySelector<HTMLButtonElement>('[data-menu] > button')!;
    expect(root().activeElement).to.equal(first);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => first.getAttribute('aria-expanded') === 'true');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => first.getAttribute('aria-expanded') === 'false');
    expect(visible(bar)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !visible(bar));
    expect(root().activeElement).to.equal(toggle);
  });
});
