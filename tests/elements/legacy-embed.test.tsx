// A screen embedded alone on a legacy page (no <portal-app>): it signs in by itself, and it gives the
// page a <pfm-workbench-host> for its workbenches, configured from the page's query.
import { expect } from 'chai';
import { $session } from '../../src/core/auth';
import { ensureWorkbenchHost, WORKBENCH_HOST_TAG } from '../../src/core/workbench';
import { PLEASE_LOGIN_TEXT, SIGNING_IN_TEXT } from '../../src/ui/session';
import '../../src/elements/pfm-buyout/define';
import '../../src/elements/pfm-commitments/define';
import '../../src/elements/pfm-owner-agreements/define';
import '../../src/elements/pfm-cost-adjustments/define';
import '../../src/elements/pfm-direct-costs/define';
import '../../src/elements/pfm-data-quality/define';
import '../../src/elements/pfm-opportunity-timecard-cost-code/define';
import { fakeFetch, mount, restoreFetch, textOf, waitFor } from '../support/browser';
import { resetPageStores, signInForTest } from '../support/elements';

const SUMMARY = [{ costCodeId: 1, code: '03000000', description: 'Concrete', type: 'S', currentBudget: 1000 }];
let fetched: string[] = [];

const hosts = () => [...document.querySelectorAll(WORKBENCH_HOST_TAG)];
const attributesOf = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));

describe('an element embedded alone on a legacy page', () => {
  let start: string;
  beforeEach(() => {
    start = location.pathname + location.search;
    fetched = [];
    fakeFetch(fetched, (url) => {
      const data = url.includes('getcostcodetransactionsummary') ? SUMMARY : [];
      return new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    signInForTest('pm');
  });
  afterEach(() => {
    restoreFetch();
    document.body.innerHTML = '';
    resetPageStores();
    $session.set({ status: 'starting', account: null });
    history.replaceState(null, '', start);
  });

  it('a screen appends one <pfm-workbench-host> with the query\'s workbench and its own project and budget', async () => {
    history.replaceState(null, '', '/sr/Brats?projectId=7&budgetId=9&Workbench=Subcontract&recordKey=Subcontract&recordId=3&activeTab=items');
    const root = await mount('pfm-buyout', { 'project-id': '5', 'budget-id': '2' });
    await waitFor(() => root.querySelector('[data-buyout]'));
    expect(hosts().length).to.equal(1);
    const host = hosts()[0]!;
    expect(host.parentElement).to.equal(document.body);
    expect(attributesOf(host)).to.deep.equal({
      workbench: 'Subcontract', 'record-key': 'Subcontract', 'record-id': '3', 'active-tab': 'items',
      'project-id': '5', 'budget-id': '2', 'data-added': 'ensureWorkbenchHost',
    });
    // Idempotent: a second screen, or a second call, adds none.
    const second = await mount('pfm-buyout', { 'project-id': '5', 'budget-id': '2' });
    await waitFor(() => second.querySelector('[data-buyout]'));
    ensureWorkbenchHost({ projectId: 5 });
    expect(hosts().length).to.equal(1);
  });

  it("without the screen's ids the host takes the query's; with no workbench named it opens none", async () => {
    history.replaceState(null, '', '/CostManagement/Projects?projectid=4&budgetId=x');
    ensureWorkbenchHost();
    expect(attributesOf(hosts()[0]!)).to.deep.equal({ 'record-id': '-1', 'project-id': '4', 'budget-id': '-1', 'data-added': 'ensureWorkbenchHost' });
  });

  it("leaves a page alone that has its own host, and the portal (whose <portal-app> places one)", async () => {
    history.replaceState(null, '', '/sr/Brats?workbench=Subcontract');
    const own = document.createElement(WORKBENCH_HOST_TAG);
    document.body.append(own);
    ensureWorkbenchHost();
    expect(hosts()).to.deep.equal([own]);
    own.remove();
    document.body.append(document.createElement('portal-app'));
    ensureWorkbenchHost();
    expect(hosts().length).to.equal(0);
  });

  it('a screen that needs data waits for the sign-in: "Signing in…", "Please login" with Sign in, then loads', async () => {
    $session.set({ status: 'signingIn', account: null });
    const root = await mount('pfm-buyout', { 'project-id': '1', 'budget-id': '1' });
    await waitFor(() => root.querySelector('[data-session="signing-in"]'));
    expect(textOf(root, '[role="status"]')).to.equal(SIGNING_IN_TEXT);
    $session.set({ status: 'signedOut', account: null });
    await waitFor(() => root.querySelector('[data-session="signed-out"]'));
    expect(textOf(root, '[data-session="signed-out"] p')).to.equal(PLEASE_LOGIN_TEXT);
    expect(root.querySelector('[data-session="signed-out"] button')?.textContent).to.equal('Sign in');
    expect(fetched).to.deep.equal([]);
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } } as never);
    await waitFor(() => root.querySelector('[data-buyout] tr[data-cost-code-id="1"]'));
    expect(fetched.some((url) => url.includes('/api/pfm/getcostcodetransactionsummary'))).to.equal(true);
  });

  // Every data screen embeds alone the same way: nothing is fetched before the sign-in.
  for (const tag of ['pfm-commitments', 'pfm-owner-agreements', 'pfm-cost-adjustments', 'pfm-direct-costs', 'pfm-data-quality', 'pfm-opportunity-timecard-cost-code']) {
    it(`<${tag}> alone waits for the sign-in ("Signing in…") and fetches nothing before it`, async () => {
      $session.set({ status: 'signingIn', account: null });
      const root = await mount(tag, { 'project-id': '1', 'budget-id': '1' });
      await waitFor(() => root.querySelector('[data-session="signing-in"]'));
      expect(textOf(root, '[role="status"]')).to.equal(SIGNING_IN_TEXT);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetched).to.deep.equal([]);
    });
  }
});
