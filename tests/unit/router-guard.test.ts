/** The guard's decision (core/router's guardView): what the main area shows for each combination of session, roles and route. */
import { expect } from 'chai';
import { CHECKING_ACCESS_TEXT, NOT_AVAILABLE_TAG, guardView, resolveLocation, type GuardFacts, type Resolution } from '../../src/core/router';

const context = { host: 'portal.example.com', legacyOrigin: 'https://legacy.example.com' };
const resolve = (url: string): Resolution => {
  const parsed = new URL(url, 'https://portal.example.com');
  return resolveLocation(parsed.pathname, parsed.searchParams, context);
};
const facts = (overrides: Partial<GuardFacts> = {}): GuardFacts => ({
  signedIn: true, signedOut: false, rolesLoaded: true, rolesFailed: false, allowed: true, fresh: true, known: () => true, ...overrides,
});
const GUARDED = '/admin/app-records';

describe('router guard: the decision (§5)', () => {
  it('an allowed screen shows its element with the route as key', () => {
    const view = guardView(resolve(GUARDED), facts());
    expect(view).to.include({ kind: 'element', tag: 'admin-app-records', key: 'appRecords' });
  });

  it('waits for sign-in and for the roles before deciding', () => {
    expect(guardView(resolve(GUARDED), facts({ signedIn: false }))).to.deep.equal({ kind: 'waiting', message: CHECKING_ACCESS_TEXT });
    expect(guardView(resolve(GUARDED), facts({ rolesLoaded: false }))).to.deep.equal({ kind: 'waiting', message: CHECKING_ACCESS_TEXT });
    expect(guardView(resolve(GUARDED), facts({ signedIn: false, signedOut: true }))).to.deep.equal({ kind: 'signIn' });
  });

  it('a refusal waits for this navigation\'s role reload, then leaves', () => {
    expect(guardView(resolve(GUARDED), facts({ allowed: false, fresh: false }))).to.deep.equal({ kind: 'waiting', message: CHECKING_ACCESS_TEXT });
    expect(guardView(resolve(GUARDED), facts({ allowed: false, fresh: true }))).to.deep.equal({ kind: 'leaving' });
  });

  it('roles that failed to load neither open nor refuse', () => {
    expect(guardView(resolve(GUARDED), facts({ allowed: false, rolesFailed: true }))).to.deep.equal({ kind: 'rolesFailed' });
    // Roles kept from before still open what they allow.
    expect(guardView(resolve(GUARDED), facts({ allowed: true, rolesFailed: true })).kind).to.equal('element');
  });

  it('an open route shows without waiting for the session; Not Found, redirects and hand-offs too', () => {
    expect(guardView(resolve('/'), facts({ signedIn: false, rolesLoaded: false })).kind).to.equal('element');
    expect(guardView(resolve('/no/such/page'), facts({ signedIn: false }))).to.include({ kind: 'element', key: 'notFound' });
    expect(guardView(resolve('/pfm/projects/projectiongrid'), facts())).to.deep.equal({ kind: 'leaving' });
  });

  it('a screen whose element this page cannot load shows Not Available with what it would have been opened with', () => {
    const view = guardView(resolve(GUARDED), facts({ known: () => false }));
    expect(view).to.include({ kind: 'element', tag: NOT_AVAILABLE_TAG, key: 'na-appRecords' });
    expect(view.kind === 'element' && view.attributes.tag).to.equal('admin-app-records');
  });
});
