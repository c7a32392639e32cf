// Issue 33: the page's configuration document at work in the elements: a document's label and colour reach the
// header once read, and a document that cannot be used replaces <portal-app>, and any element embedded alone, with
// its problems (no sign-in is attempted).
import { expect } from 'chai';
import { $session, resetAuth, type AuthClient } from '../../src/core/auth';
import { PORTAL_CONFIG_SCRIPT_ID } from '../../src/core/config';
import { readPortalConfig, resetPortalConfig } from '../../src/core/env';
import { CONFIG_PROBLEM_TITLE } from '../../src/ui/ConfigProblem';
import '../../src/elements/portal-app/define';
import '../../src/elements/pfm-buyout/define';
import { mount, textOf, waitFor } from '../support/browser';
import { resetPageStores } from '../support/elements';

function inline(doc: Record<string, unknown>): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PORTAL_CONFIG_SCRIPT_ID;
  script.textContent = JSON.stringify({
    name: 'stage', label: 'UAT', headerColor: '#6a1b9a', legacyOrigin: 'https://legacy-uat.example.com',
    authority: 'https://localhost:8443/idp', clientId: 'second-client', knownAuthorities: ['localhost:8443'], protocolMode: 'OIDC',
    scopes: { api: 'api://a/x', bi: 'api://b/x', ai: 'api://c/x', search: 'api://d/x' },
    redirectUri: `${location.origin}/bridge.html`, postLogoutRedirectUri: `${location.origin}/`,
    ...doc,
  });
  document.head.append(script);
}

describe('the configuration document in the elements', () => {
  const realError = console.error;
  let builds = 0;
  beforeEach(() => {
    builds = 0;
    console.error = () => {};
    resetPortalConfig();
    resetAuth({ buildClient: () => { builds += 1; return { handleRedirectPromise: async () => null, getActiveAccount: () => null, getAllAccounts: () => [] } as unknown as AuthClient; } });
  });
  afterEach(() => {
    console.error = realError;
    document.body.innerHTML = '';
    document.getElementById(PORTAL_CONFIG_SCRIPT_ID)?.remove();
    resetPortalConfig();
    resetAuth();
    resetPageStores();
    $session.set({ status: 'starting', account: null });
  });

  it("the header shows the document's label and colour once it is read (the host-name rules' until then)", async () => {
    $session.set({ status: 'signedOut', account: null });
    inline({});
    const root = await mount('portal-header');
    const badge = await waitFor(() => root.querySelector('[data-environment-label]'));
    expect(badge.textContent).to.equal('DEV');
    await readPortalConfig();
    await waitFor(() => badge.textContent === 'UAT');
    const header = root.querySelector<HTMLElement>('header.portal-header')!;
    expect(header.dataset.environment).to.equal('stage');
    expect(header.style.getPropertyValue('--portal-env-color')).to.equal('#6a1b9a');
  });

  it('an invalid document replaces <portal-app> with its problems, each naming its field, and builds no MSAL', async () => {
    inline({ clientId: '', headerColor: 'red' });
    const root = await mount('portal-app');
    const problem = await waitFor(() => root.querySelector('[data-config-problem]'));
    expect(problem.getAttribute('role')).to.equal('alert');
    expect(problem.getAttribute('data-config-problem')).to.equal('page');
    expect(textOf(problem, 'h2')).to.equal(CONFIG_PROBLEM_TITLE);
    expect(textOf(problem, 'p')).to.equal('Read from the page\'s <script id="portal-config">:');
    expect([...problem.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
      'headerColor must be a hex colour such as #1f3a5f',
      'clientId must be a non-empty string',
    ]);
    expect(problem.querySelector('button')?.textContent).to.equal('Reload');
    // Nothing of the portal is shown, not even the header.
    expect(root.querySelector('portal-header, #portal-main')).to.equal(null);
    // The portal left before its sign-in started; a sign-in now would not build MSAL either.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(builds).to.equal(0);
    expect($session.get().status).to.not.equal('signedIn');
  });

  it('an element embedded alone shows the problems in place of its view once its sign-in reads the document', async () => {
    inline({ protocolMode: 'SAML' });
    const root = await mount('pfm-buyout', { 'project-id': '5' });
    const problem = await waitFor(() => root.querySelector('[data-config-problem]'));
    expect([...problem.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['protocolMode must be AAD (Entra ID) or OIDC']);
    expect(root.querySelector('[data-session]')).to.equal(null);
    expect(builds).to.equal(0);
  });

  it('a valid document lets an element embedded alone sign in with its settings', async () => {
    inline({});
    const root = await mount('pfm-buyout', { 'project-id': '5' });
    await waitFor(() => root.querySelector('[data-session="signed-out"]'));
    expect(builds).to.equal(1);
    expect(root.querySelector('[data-config-problem]')).to.equal(null);
  });
});
