import { expect } from 'chai';
import { resetApi, setTokenProvider } from '../../src/core/api';
import { $session } from '../../src/core/auth/session';
import { $currentUser, currentEmployeeId, loadCurrentUser, resetCurrentUser, CURRENT_USER_PATH } from '../../src/core/auth/current-user';

const realFetch = globalThis.fetch;
let calls = 0;
let answer: () => Response = () => new Response(JSON.stringify({ data: { employeeId: 7 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('the signed-in employee (core/auth current-user)', () => {
  beforeEach(() => {
    calls = 0;
    resetApi();
    resetCurrentUser();
    setTokenProvider(async () => 'token');
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input).includes(CURRENT_USER_PATH)) calls += 1;
      return answer();
    }) as typeof fetch;
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    answer = () => new Response(JSON.stringify({ data: { employeeId: 7 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });

  it('is loaded once per account, the callers sharing the one request, and kept in $currentUser', async () => {
    const [a, b] = await Promise.all([currentEmployeeId(), currentEmployeeId()]);
    expect([a, b, await currentEmployeeId()]).to.deep.equal([7, 7, 7]);
    expect(calls).to.equal(1);
    expect($currentUser.get()).to.deep.equal({ employeeId: 7 });
  });

  it('another account signing in starts over', async () => {
    await loadCurrentUser();
    $session.set({ status: 'signedIn', account: { username: 'rpm', login: 'rpm' } });
    expect($currentUser.get()).to.equal(null);
    await loadCurrentUser();
    expect(calls).to.equal(2);
  });

  it('a failed load is not kept: the next caller asks again', async () => {
    answer = () => new Response(JSON.stringify({ message: 'down' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
    let failed = false;
    await loadCurrentUser().catch(() => { failed = true; });
    expect(failed).to.equal(true);
    answer = () => new Response(JSON.stringify({ data: { employeeId: 9 } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    expect(await currentEmployeeId()).to.equal(9);
    expect(calls).to.be.greaterThan(1);
  });

  it("a caller's abort stops only its own wait", async () => {
    const abort = new AbortController();
    const mine = currentEmployeeId(abort.signal);
    abort.abort();
    let aborted = false;
    await mine.catch(() => { aborted = true; });
    expect(aborted).to.equal(true);
    expect(await currentEmployeeId()).to.equal(7);
    expect(calls).to.equal(1);
  });
});
