import { expect } from 'chai';
import type { RoleEntry } from '../../src/core/access';
import {
  $roles,
  $rolesLoaded,
  $rolesStatus,
  ROLE_ACCESS_PATH,
  hasAccess,
  loadRoles,
  refreshRoles,
  resetRoles,
  setRoles,
  whenRolesLoaded,
} from '../../src/core/roles';

const PM_ROLES: RoleEntry[] = [
  { applicationKey: 'keyPFM', name: 'Project Manager' },
  { applicationKey: 'keyTC', name: 'Default' },
];

/** A promise with its resolve/reject handles, to control when a fake fetch answers. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

/**
 * Calls `call` twice while its request is in flight and checks that both calls share one promise and one
 * request once `roles` are answered. Returns the fake fetch (it keeps answering `roles`) and its call count.
 */
async function expectOneSharedRequest(call: (fetchRoles: () => Promise<RoleEntry[]>) => Promise<void>, roles: RoleEntry[]) {
  let calls = 0;
  const answer = deferred<RoleEntry[]>();
  const fetchRoles = () => { calls += 1; return answer.promise; };
  const first = call(fetchRoles);
  const second = call(fetchRoles);
  expect(second).to.equal(first);
  answer.resolve(roles);
  await Promise.all([first, second]);
  expect(calls).to.equal(1);
  return { fetchRoles, calls: () => calls };
}

/** True when `promise` has settled by the time queued microtasks and one macrotask have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => { settled = true; }, () => { settled = true; });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

/** Replace console.error for one test and collect its calls. */
function captureConsoleError() {
  const original = console.error;
  const calls: unknown[][] = [];
  console.error = (...args: unknown[]) => { calls.push(args); };
  return { calls, restore: () => { console.error = original; } };
}

describe('roles (§5, §6)', () => {
  beforeEach(() => resetRoles());
  afterEach(() => resetRoles());

  describe('hasAccess', () => {
    it('matches the application key and role case-insensitively', () => {
      setRoles(PM_ROLES);
      expect(hasAccess('keyPFM', ['Admin', 'Project Manager', 'RPM'])).to.equal(true);
      expect(hasAccess('keyPFM', ['project manager'])).to.equal(true);
      expect(hasAccess('KEYPFM', ['PROJECT MANAGER'])).to.equal(true);
      setRoles([{ applicationKey: 'keypfm', name: 'project manager' }]);
      expect(hasAccess('keyPFM', ['Project Manager'])).to.equal(true);
    });

    it('denies a role that is not in the allowed list, or a role of another key', () => {
      setRoles(PM_ROLES);
      expect(hasAccess('keyPFM', ['Admin', 'RPM'])).to.equal(false);
      expect(hasAccess('keyTC', ['Admin', 'Timecard Admin'])).to.equal(false);
      expect(hasAccess('keyAdmin', ['Project Manager'])).to.equal(false);
      expect(hasAccess('keyPFM', [])).to.equal(false);
    });

    it('without allowed roles, any role of the key will do (menus, §6)', () => {
      setRoles(PM_ROLES);
      expect(hasAccess('keyTC')).to.equal(true);
      expect(hasAccess('keyPFM')).to.equal(true);
      expect(hasAccess('keyAPPS')).to.equal(false);
      expect(hasAccess('keyIT')).to.equal(false);
    });

    it('denies everything with no roles', () => {
      expect(hasAccess('keyPFM')).to.equal(false);
      expect(hasAccess('keyPFM', ['Project Manager'])).to.equal(false);
    });

    it('checks a given role list instead of the store', () => {
      expect(hasAccess('keyIT', ['Viewer'], [{ applicationKey: 'keyIT', name: 'viewer' }])).to.equal(true);
    });
  });

  describe('loadRoles', () => {
    it('fills $roles and marks them loaded', async () => {
      expect($rolesStatus.get()).to.equal('idle');
      expect($rolesLoaded.get()).to.equal(false);
      const pending = loadRoles(async () => PM_ROLES);
      expect($rolesStatus.get()).to.equal('loading');
      await pending;
      expect($roles.get()).to.deep.equal(PM_ROLES);
      expect($rolesStatus.get()).to.equal('loaded');
      expect($rolesLoaded.get()).to.equal(true);
    });

    it('shares one request between concurrent calls', async () => {
      const { fetchRoles, calls } = await expectOneSharedRequest(loadRoles, PM_ROLES);
      // Once settled, a new call fetches again (e.g. after signing in again).
      await loadRoles(fetchRoles);
      expect(calls()).to.equal(2);
    });

    it('logs a failure only, leaving roles empty but loaded so guards deny', async () => {
      setRoles(PM_ROLES);
      const log = captureConsoleError();
      try {
        await loadRoles(async () => { throw new Error('HTTP error! Status: 500'); });
      } finally {
        log.restore();
      }
      expect(log.calls).to.have.length(1);
      expect(String(log.calls[0]?.[1])).to.contain('HTTP error! Status: 500');
      expect($roles.get()).to.deep.equal([]);
      expect($rolesStatus.get()).to.equal('failed');
      expect($rolesLoaded.get()).to.equal(true);
      expect(await whenRolesLoaded()).to.deep.equal([]);
      expect(hasAccess('keyPFM')).to.equal(false);
    });

    it('treats a fetcher that throws at once like a failed request', async () => {
      const log = captureConsoleError();
      try {
        await loadRoles(() => { throw new Error('boom'); });
      } finally {
        log.restore();
      }
      expect(log.calls).to.have.length(1);
      expect($rolesStatus.get()).to.equal('failed');
    });

    it('treats a response that is not a list as a failure and drops malformed entries', async () => {
      const log = captureConsoleError();
      try {
        await loadRoles(async () => ({ nope: true }) as unknown as RoleEntry[]);
        expect($rolesStatus.get()).to.equal('failed');
        await loadRoles(async () => [{ applicationKey: 'keyIT', name: 'User' }, { applicationKey: 'keyIT' }, null] as unknown as RoleEntry[]);
      } finally {
        log.restore();
      }
      expect($roles.get()).to.deep.equal([{ applicationKey: 'keyIT', name: 'User' }]);
      expect($rolesStatus.get()).to.equal('loaded');
    });

    it('ignores a load that finishes after resetRoles (sign-out)', async () => {
      const answer = deferred<RoleEntry[]>();
      const pending = loadRoles(() => answer.promise);
      resetRoles();
      answer.resolve(PM_ROLES);
      await pending;
      expect($roles.get()).to.deep.equal([]);
      expect($rolesStatus.get()).to.equal('idle');
    });

    it(`fetches GET ${'/api/applications/getApplicationRoleAccess'} by default`, async () => {
      expect(ROLE_ACCESS_PATH).to.equal('/api/applications/getApplicationRoleAccess');
      const originalFetch = window.fetch;
      const requested: string[] = [];
      window.fetch = async (input: RequestInfo | URL) => {
        requested.push(String(input));
        return new Response(JSON.stringify({ data: PM_ROLES }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      };
      try {
        await loadRoles();
      } finally {
        window.fetch = originalFetch;
      }
      expect(requested).to.deep.equal(['/api/applications/getApplicationRoleAccess']);
      expect($roles.get()).to.deep.equal(PM_ROLES);
    });
  });

  describe('whenRolesLoaded', () => {
    it('waits until roles have loaded', async () => {
      const answer = deferred<RoleEntry[]>();
      const load = loadRoles(() => answer.promise);
      const waiting = whenRolesLoaded();
      expect(await isSettled(waiting)).to.equal(false);
      answer.resolve(PM_ROLES);
      expect(await waiting).to.deep.equal(PM_ROLES);
      await load;
    });

    it('waits while idle, and resolves when roles are set', async () => {
      const waiting = whenRolesLoaded();
      expect(await isSettled(waiting)).to.equal(false);
      setRoles(PM_ROLES);
      expect(await waiting).to.deep.equal(PM_ROLES);
    });

    it('resolves at once when roles are already loaded', async () => {
      setRoles(PM_ROLES);
      expect(await isSettled(whenRolesLoaded())).to.equal(true);
    });

    it('resolves with empty roles when the load fails', async () => {
      const answer = deferred<RoleEntry[]>();
      const waiting = whenRolesLoaded();
      const log = captureConsoleError();
      try {
        const load = loadRoles(() => answer.promise);
        answer.reject(new Error('offline'));
        await load;
      } finally {
        log.restore();
      }
      expect(await waiting).to.deep.equal([]);
    });
  });

  describe('refreshRoles (issue 15: the portal reloads roles on each navigation)', () => {
    it('keeps the roles settled while it reloads, then takes the new roles', async () => {
      setRoles(PM_ROLES);
      const before = $roles.get();
      const answer = deferred<RoleEntry[]>();
      const refresh = refreshRoles(() => answer.promise);
      expect($rolesStatus.get()).to.equal('loaded');
      expect($rolesLoaded.get()).to.equal(true);
      const granted = [...PM_ROLES, { applicationKey: 'keyUserManagement', name: 'IT' }];
      answer.resolve(granted);
      await refresh;
      expect($roles.get()).to.deep.equal(granted);
      expect(hasAccess('keyUserManagement', ['IT'])).to.equal(true);
      expect($roles.get()).not.to.equal(before);
    });

    it('shares one request between concurrent calls', async () => {
      setRoles(PM_ROLES);
      const { fetchRoles, calls } = await expectOneSharedRequest(refreshRoles, [PM_ROLES[0]!]);
      expect($roles.get()).to.deep.equal([PM_ROLES[0]]);
      // A later call makes a new request.
      await refreshRoles(fetchRoles);
      expect(calls()).to.equal(2);
    });

    it('leaves the store untouched when the roles did not change', async () => {
      setRoles(PM_ROLES);
      const before = $roles.get();
      await refreshRoles(() => Promise.resolve(PM_ROLES.map((r) => ({ ...r }))));
      expect($roles.get()).to.equal(before);
    });

    it('keeps the roles when the reload fails', async () => {
      setRoles(PM_ROLES);
      const log = captureConsoleError();
      try {
        await refreshRoles(() => Promise.reject(new Error('offline')));
      } finally {
        log.restore();
      }
      expect(log.calls).to.have.length(1);
      expect($roles.get()).to.deep.equal(PM_ROLES);
      expect($rolesStatus.get()).to.equal('loaded');
    });

    it('before the first load it is the first load', async () => {
      await refreshRoles(() => Promise.resolve(PM_ROLES));
      expect($rolesStatus.get()).to.equal('loaded');
      expect($roles.get()).to.deep.equal(PM_ROLES);
    });
  });

  it('resetRoles clears roles and the loaded mark', () => {
    setRoles(PM_ROLES);
    resetRoles();
    expect($roles.get()).to.deep.equal([]);
    expect($rolesLoaded.get()).to.equal(false);
    expect($rolesStatus.get()).to.equal('idle');
  });
});
