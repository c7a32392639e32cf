/**
 * The guard's decision for every demo account on every guarded route of §2 (tests/support/route-access.ts): the
 * account's roles (demo/host/accounts.ts, the table the identity provider and the seed use) against each route's
 * access rule (src/core/router, src/core/access). The end-to-end spec opens the same table through real sign-in for
 * three of the accounts.
 */
import { expect } from 'chai';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import { resolveLocation } from '../../src/core/router';
import { guardAllows } from '../../src/core/router/routes';
import { ALLOWED, ROUTES } from '../support/route-access';

const context = { host: 'portal.example.com', legacyOrigin: 'https://legacy.example.com' };

describe('route access: every demo account on every guarded route (§2, §5)', () => {
  it('the table holds seven demo accounts, from the most to the least privileged', () => {
    expect(Object.keys(ALLOWED).sort()).to.deep.equal(['admin', 'employee', 'pm', 'risk', 'rpm', 'tcadmin', 'viewer']);
    for (const login of Object.keys(ALLOWED)) expect(DEMO_ACCOUNTS.some((account) => account.login === login), login).to.equal(true);
  });

  for (const [login, allowed] of Object.entries(ALLOWED)) {
    it(`${login}: the guard opens exactly the routes of the table`, () => {
      const account = DEMO_ACCOUNTS.find((entry) => entry.login === login);
      expect(account, login).to.not.equal(undefined);
      const opened = ROUTES.filter(({ path, tag }) => {
        const url = new URL(path, 'https://portal.example.com');
        const resolution = resolveLocation(url.pathname, url.searchParams, context);
        expect(resolution.kind, path).to.equal('screen');
        if (resolution.kind !== 'screen') return false;
        expect(resolution.tag, path).to.equal(tag);
        return guardAllows(resolution.route, account!.roles);
      }).map(({ path }) => path);
      expect(opened).to.deep.equal(ROUTES.map(({ path }) => path).filter((path) => allowed.includes(path)));
    });
  }
});
