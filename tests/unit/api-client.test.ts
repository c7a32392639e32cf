import { expect } from 'chai';
import {
  ApiError, alertedByServer, OBJECT_CACHE_LIMIT, SIGN_IN_AGAIN_ACTION, SIGN_IN_AGAIN_MESSAGE, SIGN_IN_AGAIN_TITLE, cacheObject, deleteForm, fetchObject, getBlob, getCachedObject, getJson, getText,
  postFile, postFileForBlob, postForm, postJson, problemText, resetApi, RETRY_AFTER_LIMIT_MS, retryAfterMs, setTokenProvider,
} from '../../src/core/api';
import type { ApiResource } from '../../src/core/api';
import { $messageBoxes, resetMessages } from '../../src/core/messages';
import { centralDayOf, followServerClock, today } from '../../src/core/clock';

interface FetchCall { url: string; init: RequestInit }

const realFetch = globalThis.fetch;
let calls: FetchCall[] = [];

/** Replace the global fetch with one that records each call and answers with `respond`. */
function stubFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>): void {
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return respond(url, init);
  }) as typeof fetch;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function header(call: FetchCall | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

/** A promise whose resolution the test controls. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

describe('core/api client', () => {
  beforeEach(() => {
    resetApi();
    resetMessages();
    calls = [];
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    resetApi();
    resetMessages();
  });

  describe("the server's clock", () => {
    it("an API answer's Date header sets the one clock's today (a browser whose clock is a day off does not move deadlines)", async () => {
      const serverNow = Date.now() + 2 * 86_400_000;
      stubFetch(() => json({ data: 1 }, 200, { Date: new Date(serverNow).toUTCString() }));
      try {
        await getJson('/api/employees/GetCurrentUser');
        expect(today()).to.equal(centralDayOf(serverNow));
      } finally {
        followServerClock(new Date().toUTCString());
      }
      expect(today()).to.equal(centralDayOf(Date.now()));
    });
  });

  describe('bearer token', () => {
    it('sends Authorization: Bearer <token> for resource api, and never puts the token in the URL', async () => {
      const asked: ApiResource[] = [];
      setTokenProvider(async (resource) => { asked.push(resource); return 'tok-123.secret'; });
      stubFetch(() => json({ data: 1 }));
      await getJson('/api/employees/GetCurrentUser', { employeeId: 5 });
      expect(asked).to.deep.equal(['api']);
      expect(header(calls[0], 'Authorization')).to.equal('Bearer tok-123.secret');
      expect(calls[0]?.url).to.equal('/api/employees/GetCurrentUser?employeeId=5');
      expect(calls[0]?.url).not.to.contain('tok-123');
    });

    it('asks the token for the resource a call names', async () => {
      const asked: ApiResource[] = [];
      setTokenProvider(async (resource) => { asked.push(resource); return `t-${resource}`; });
      stubFetch(() => json({}));
      await getJson('/bi/report', undefined, { resource: 'bi' });
      await postJson('/ai/ask', { q: 1 }, { resource: 'ai' });
      await getText('/search/q', undefined, { resource: 'search' });
      expect(asked).to.deep.equal(['bi', 'ai', 'search']);
      expect(calls.map((c) => header(c, 'Authorization'))).to.deep.equal(['Bearer t-bi', 'Bearer t-ai', 'Bearer t-search']);
    });

    it('sends no Authorization header when no provider is set, or after setTokenProvider(null)', async () => {
      stubFetch(() => json({}));
      await getJson('/api/a');
      setTokenProvider(async () => 'x');
      setTokenProvider(null);
      await getJson('/api/b');
      expect(header(calls[0], 'Authorization')).to.equal(null);
      expect(header(calls[1], 'Authorization')).to.equal(null);
    });

    it('resetApi forgets the token provider', async () => {
      setTokenProvider(async () => 'x');
      resetApi();
      stubFetch(() => json({}));
      await getJson('/api/a');
      expect(header(calls[0], 'Authorization')).to.equal(null);
    });
  });

  describe('query strings and responses', () => {
    it('leaves out null and undefined query parameters and writes the rest as text', async () => {
      stubFetch(() => json({}));
      await getJson('/api/pfm/getsubcontracts', { recordKey: 'abc', recordId: 7, open: false, lastLoad: null, type: undefined });
      expect(calls[0]?.url).to.equal('/api/pfm/getsubcontracts?recordKey=abc&recordId=7&open=false');
    });

    it('encodes query values', async () => {
      stubFetch(() => json({}));
      await getJson('/api/x', { Email: 'a b&c@x.com' });
      expect(calls[0]?.url).to.equal('/api/x?Email=a+b%26c%40x.com');
    });

    it('reads a { data } wrapper as its data', async () => {
      stubFetch(() => json({ data: { projectId: 1, name: 'Tower' } }));
      expect(await getJson('/api/p')).to.deep.equal({ projectId: 1, name: 'Tower' });
    });

    it('reads { data: null } as null and { data: [] } as the list', async () => {
      stubFetch((url) => json(url.endsWith('null') ? { data: null } : { data: [1, 2] }));
      expect(await getJson('/api/null')).to.equal(null);
      expect(await getJson('/api/list')).to.deep.equal([1, 2]);
    });

    it('reads bare JSON as is: objects without data, arrays, numbers', async () => {
      const bodies: Record<string, unknown> = { '/api/obj': { stringValue: 'x.procore.com' }, '/api/arr': [{ data: 1 }], '/api/num': 42 };
      stubFetch((url) => json(bodies[url]));
      expect(await getJson('/api/obj')).to.deep.equal({ stringValue: 'x.procore.com' });
      expect(await getJson('/api/arr')).to.deep.equal([{ data: 1 }]);
      expect(await getJson('/api/num')).to.equal(42);
    });

    it('answers undefined for an empty OK body', async () => {
      stubFetch(() => new Response('', { status: 200 }));
      expect(await postJson('/api/pfm/UpdateChangeRecordState', { ItemId: 1 })).to.equal(undefined);
    });

    it('rejects with a clear message when an OK response is not JSON', async () => {
      stubFetch(() => new Response('<html>', { status: 200 }));
      const error = await rejection(getJson('/api/html'));
      expect(error.message).to.equal('Invalid JSON in the response to GET /api/html');
    });

    it('getBlob answers a Blob and getText the text', async () => {
      stubFetch((url) => new Response(url.startsWith('/api/employees') ? new Blob(['PNG'], { type: 'image/png' }) : 'plain text'));
      const blob = await getBlob('/api/employees/profilephoto.png', { Email: 'a@x.com', key: 'k' });
      expect(blob).to.be.instanceOf(Blob);
      expect(blob.type).to.equal('image/png');
      expect(await blob.text()).to.equal('PNG');
      expect(await getText('/api/text')).to.equal('plain text');
    });
  });

  describe('errors (§8)', () => {
    it("rejects any non-OK response with ApiError 'HTTP error! Status: 500'", async () => {
      stubFetch(() => json({ message: 'boom' }, 500));
      const error = await rejection(getJson('/api/x'));
      expect(error).to.be.instanceOf(ApiError);
      expect(error).to.be.instanceOf(Error);
      expect(error.message).to.equal('HTTP error! Status: 500');
      expect((error as ApiError).status).to.equal(500);
      expect((error as ApiError).body).to.deep.equal({ message: 'boom' });
    });

    it("uses the status code in the message: 'HTTP error! Status: 404', 403, 401", async () => {
      for (const status of [404, 403, 401]) {
        stubFetch(() => new Response('not json', { status }));
        const error = await rejection(postForm('/api/x', { a: 1 }));
        expect(error.message).to.equal(`HTTP error! Status: ${status}`);
        expect((error as ApiError).body).to.equal('not json');
      }
    });

    it("opens 'Request Failed' for a 400 with autoAlert, with the three rows and only Ok, and still rejects", async () => {
      stubFetch(() => json({ autoAlert: true, message: 'Budget is locked', serviceName: 'PfmService', functionName: 'SaveBudget' }, 400));
      const error = await rejection(postForm('/api/pfm/SaveBudget', { budgetId: 3 }));
      expect(error).to.be.instanceOf(ApiError);
      expect(error.message).to.equal('HTTP error! Status: 400');
      // A screen asks this before opening a box of its own (one box, not two).
      expect(alertedByServer(error)).to.equal(true);
      const boxes = $messageBoxes.get();
      expect(boxes).to.have.length(1);
      const box = boxes[0]!;
      expect(box.title).to.equal('Request Failed');
      expect(box.details).to.deep.equal([
        { label: 'Error Message', value: 'Budget is locked' },
        { label: 'Service Name', value: 'PfmService' },
        { label: 'Function Name', value: 'SaveBudget' },
      ]);
      expect(box.buttons).to.deep.equal(['ok']);
      box.resolve(true);
      expect($messageBoxes.get()).to.have.length(0);
    });

    it('shows empty values for missing fields in the box, as text', async () => {
      stubFetch(() => json({ autoAlert: 1, message: '<b>x</b>' }, 400));
      await rejection(getJson('/api/x'));
      const box = $messageBoxes.get()[0]!;
      expect(box.details).to.deep.equal([
        { label: 'Error Message', value: '<b>x</b>' },
        { label: 'Service Name', value: '' },
        { label: 'Function Name', value: '' },
      ]);
      box.resolve(true);
    });

    it('opens no box for a 400 without autoAlert, with autoAlert false, with a non-JSON body, or for a 500 with autoAlert', async () => {
      const answers = [
        () => json({ message: 'x' }, 400),
        () => json({ autoAlert: false, message: 'x' }, 400),
        () => new Response('autoAlert', { status: 400 }),
        () => json({ autoAlert: true, message: 'x' }, 500),
      ];
      for (const answer of answers) {
        stubFetch(answer);
        const error = await rejection(getJson('/api/x'));
        expect(error).to.be.instanceOf(ApiError);
        expect(alertedByServer(error), 'the screen says it itself').to.equal(false);
      }
      expect(alertedByServer(new Error('offline'))).to.equal(false);
      expect($messageBoxes.get()).to.have.length(0);
    });

    it("one burst of identical autoAlert refusals (a screen's six loads) opens one 'Request Failed' box; a different one opens its own", async () => {
      stubFetch(() => json({ autoAlert: true, message: 'Project 7 is closed.', serviceName: 'PfmService', functionName: 'GetProjectData' }, 400));
      const loads = ['getsubcontracts', 'getpurchaseagreements', 'getpurchaseorders', 'getowneragreements', 'getchangeevents', 'getbudgets']
        .map((name) => rejection(getJson(`/api/pfm/${name}`, { recordKey: 'Project', recordId: 7 })));
      const errors = await Promise.all(loads);
      expect(calls).to.have.length(6);
      expect(errors.every((error) => error instanceof ApiError && error.status === 400)).to.equal(true);
      expect($messageBoxes.get()).to.have.length(1);
      expect($messageBoxes.get()[0]!.details?.[0]).to.deep.equal({ label: 'Error Message', value: 'Project 7 is closed.' });

      stubFetch(() => json({ autoAlert: true, message: 'Budget is locked', serviceName: 'PfmService', functionName: 'GetProjectData' }, 400));
      await rejection(getJson('/api/pfm/getcostcodes'));
      expect($messageBoxes.get().map((box) => box.details?.[0]?.value)).to.deep.equal(['Project 7 is closed.', 'Budget is locked']);
    });

    it('rejects a network failure with a clear message naming the request (without the query)', async () => {
      globalThis.fetch = (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch;
      const error = await rejection(getJson('/api/pfm/getbudgets', { recordId: 1 }));
      expect(error.message).to.equal('Network error: GET /api/pfm/getbudgets failed');
      expect((error as Error & { cause?: unknown }).cause).to.be.instanceOf(TypeError);
    });

    it('passes a failing token provider on as is, without calling fetch', async () => {
      setTokenProvider(async () => { throw new Error('interaction_required'); });
      stubFetch(() => json({}));
      const error = await rejection(getJson('/api/x'));
      expect(error.message).to.equal('interaction_required');
      expect(calls).to.have.length(0);
    });
  });

  describe('401: a new token and one retry, then the offer to sign in again', () => {
    /** A token provider handing out tok-1, tok-2, … and recording whether each was forced fresh. */
    function tokens(): { asked: Array<{ resource: ApiResource; forceRefresh: boolean }> } {
      const asked: Array<{ resource: ApiResource; forceRefresh: boolean }> = [];
      setTokenProvider(async (resource, options) => {
        asked.push({ resource, forceRefresh: options?.forceRefresh === true });
        return `tok-${asked.length}`;
      }, { signInAgain: () => { signIns += 1; } });
      return { asked };
    }
    let signIns = 0;
    beforeEach(() => { signIns = 0; });

    it('first 401 then 200: one retry with a forced-fresh token, the answer read, no box', async () => {
      const { asked } = tokens();
      let n = 0;
      stubFetch(() => (++n === 1 ? json({ message: 'expired' }, 401) : json({ data: { ok: 1 } })));
      expect(await getJson('/api/pfm/getbudgets', { recordId: 1 })).to.deep.equal({ ok: 1 });
      expect(calls.map((c) => [c.url, header(c, 'Authorization')])).to.deep.equal([
        ['/api/pfm/getbudgets?recordId=1', 'Bearer tok-1'],
        ['/api/pfm/getbudgets?recordId=1', 'Bearer tok-2'],
      ]);
      expect(asked).to.deep.equal([{ resource: 'api', forceRefresh: false }, { resource: 'api', forceRefresh: true }]);
      expect($messageBoxes.get()).to.have.length(0);
    });

    it('retries a POST with the same body and the resource of the call', async () => {
      const { asked } = tokens();
      let n = 0;
      stubFetch(() => (++n === 1 ? new Response('', { status: 401 }) : json({ data: 'saved' })));
      expect(await postForm('/api/pfm/SaveCommitment', { RecordId: 3 }, { resource: 'bi' })).to.equal('saved');
      expect(calls).to.have.length(2);
      expect((calls[1]!.init.body as FormData).get('RecordId')).to.equal('3');
      expect(asked.map((a) => a.resource)).to.deep.equal(['bi', 'bi']);
    });

    it('sends a form body as it was when called, though the flattener loads on demand', async () => {
      tokens();
      stubFetch(() => json({ data: 'saved' }));
      const body = { RecordId: 3, lines: [{ hours: 8 }] };
      const saving = postForm('/api/timecards/savetimecard', body);
      body.RecordId = 4;
      body.lines[0]!.hours = 1;
      expect(await saving).to.equal('saved');
      const sent = calls[0]!.init.body as FormData;
      expect([sent.get('RecordId'), sent.get('lines[0].hours')]).to.deep.equal(['3', '8']);
    });

    it('401 twice: rejects with ApiError 401 and offers to sign in once; Sign in runs the handler', async () => {
      tokens();
      stubFetch(() => json({ message: 'no' }, 401));
      const error = await rejection(getJson('/api/x'));
      expect(error).to.be.instanceOf(ApiError);
      expect((error as ApiError).status).to.equal(401);
      expect(calls).to.have.length(2);
      const boxes = $messageBoxes.get();
      expect(boxes).to.have.length(1);
      expect([boxes[0]!.title, boxes[0]!.message, boxes[0]!.buttons, boxes[0]!.labels?.ok]).to.deep.equal(
        ['Signed Out', 'Your sign-in has expired and could not be renewed. Sign in again, then choose Retry.', ['cancel', 'ok'], 'Sign in']);
      expect([SIGN_IN_AGAIN_TITLE, SIGN_IN_AGAIN_MESSAGE, SIGN_IN_AGAIN_ACTION]).to.deep.equal([boxes[0]!.title, boxes[0]!.message, boxes[0]!.labels?.ok]);
      boxes[0]!.resolve(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(signIns).to.equal(1);
    });

    it('Cancel on the offer does not sign in', async () => {
      tokens();
      stubFetch(() => json({}, 401));
      await rejection(getJson('/api/x'));
      $messageBoxes.get()[0]!.resolve(false);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(signIns).to.equal(0);
    });

    it('six loads refused together share one new token and one offer', async () => {
      const { asked } = tokens();
      stubFetch(() => json({}, 401));
      await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => rejection(getJson(`/api/${name}`))));
      expect(calls).to.have.length(12);
      expect(asked.filter((a) => a.forceRefresh)).to.have.length(1);
      expect($messageBoxes.get()).to.have.length(1);
    });

    it('a failing refresh (popup closed) rejects with the 401 and offers to sign in, without a second request', async () => {
      const original = console.error;
      console.error = () => {};
      try {
        setTokenProvider(async (_resource, options) => {
          if (options?.forceRefresh) throw new Error('user_cancelled');
          return 'old';
        }, { signInAgain: () => {} });
        stubFetch(() => json({ message: 'expired' }, 401));
        const error = await rejection(getJson('/api/x'));
        expect((error as ApiError).status).to.equal(401);
        expect((error as ApiError).body).to.deep.equal({ message: 'expired' });
        expect(calls).to.have.length(1);
        expect($messageBoxes.get().map((box) => box.title)).to.deep.equal(['Signed Out']);
      } finally {
        console.error = original;
      }
    });

    it('does not retry other statuses, nor a 401 without a token provider', async () => {
      tokens();
      stubFetch(() => json({}, 403));
      await rejection(getJson('/api/x'));
      expect(calls).to.have.length(1);
      setTokenProvider(null);
      calls = [];
      stubFetch(() => json({}, 401));
      await rejection(getJson('/api/y'));
      expect(calls).to.have.length(1);
      expect($messageBoxes.get()).to.have.length(0);
    });
  });

  describe('503 with Retry-After (issue 16)', () => {
    it('a load answered 503 with a short Retry-After is sent once more after the delay, and its answer read', async () => {
      let n = 0;
      stubFetch(() => (++n === 1 ? json({}, 503, { 'Retry-After': '1' }) : json({ data: 'back' })));
      const started = Date.now();
      expect(await getJson('/api/x')).to.equal('back');
      expect(Date.now() - started).to.be.at.least(950);
      expect(calls).to.have.length(2);
    });

    it('retries once only: a second 503 rejects with ApiError 503 carrying retryAfterSeconds, and the busy sentence says when', async () => {
      stubFetch(() => json({}, 503, { 'Retry-After': '0' }));
      const error = await rejection(getJson('/api/x'));
      expect(calls).to.have.length(2);
      expect([(error as ApiError).status, (error as ApiError).retryAfterSeconds]).to.deep.equal([503, 0]);
      const texts = { signedOut: 's', forbidden: 'f', stale: 'st', timeout: 't', failed: 'The list could not be loaded.' };
      expect(problemText(error, texts)).to.equal('The list could not be loaded. The service is busy: try again in 1 second.');
      expect(problemText(new ApiError(503, undefined, 600), texts)).to.equal('The list could not be loaded. The service is busy: try again in 10 minutes.');
      expect(problemText(new ApiError(503, undefined, 45), texts)).to.equal('The list could not be loaded. The service is busy: try again in 45 seconds.');
      expect(problemText(new ApiError(503), texts)).to.equal('The list could not be loaded.');
    });

    it(`does not wait out a Retry-After longer than ${RETRY_AFTER_LIMIT_MS} ms, a 503 without one, or a write`, async () => {
      expect(RETRY_AFTER_LIMIT_MS).to.equal(5000);
      stubFetch(() => json({}, 503, { 'Retry-After': '6' }));
      expect((await rejection(getJson('/api/x')) as ApiError).retryAfterSeconds).to.equal(6);
      expect(calls).to.have.length(1);
      calls = [];
      stubFetch(() => json({}, 503));
      await rejection(getJson('/api/y'));
      expect(calls).to.have.length(1);
      calls = [];
      stubFetch(() => json({}, 503, { 'Retry-After': '0' }));
      await rejection(postForm('/api/save', { a: 1 }));
      expect(calls).to.have.length(1);
    });

    it('reads Retry-After as seconds or as an HTTP date', () => {
      const now = Date.parse('2026-11-24T04:00:00Z');
      expect(retryAfterMs('3', now)).to.equal(3000);
      expect(retryAfterMs('Tue, 24 Nov 2026 04:00:07 GMT', now)).to.equal(7000);
      expect(retryAfterMs('Tue, 24 Nov 2026 03:00:00 GMT', now)).to.equal(0);
      expect([retryAfterMs(null), retryAfterMs(''), retryAfterMs('soon')]).to.deep.equal([undefined, undefined, undefined]);
    });
  });

  describe('same-origin only', () => {
    const refused = ['https://evil.example/api', 'http://localhost/api', '//evil.example/api', 'javascript:alert(1)', 'api/relative', '', '/\\evil.example/x', '/\t/evil.example/x', 'data:text/plain,x'];
    for (const path of refused) {
      it(`refuses ${JSON.stringify(path)} before any request`, async () => {
        stubFetch(() => json({}));
        const error = await rejection(getJson(path));
        expect(error.message).to.contain('same-origin');
        await rejection(postForm(path, {}));
        await rejection(postFileForBlob(path, new FormData()));
        expect(calls).to.have.length(0);
      });
    }

    it('accepts a path with a single leading slash', async () => {
      stubFetch(() => json({}));
      await getJson('/api/ok');
      expect(calls[0]?.url).to.equal('/api/ok');
    });
  });

  describe('de-duplication', () => {
    it('two simultaneous identical GETs reach fetch once and get the same answer', async () => {
      const gate = deferred<void>();
      stubFetch(async () => { await gate.promise; return json({ data: { id: 1 } }); });
      const first = getJson('/api/pfm/getBudget', { budgetId: 1 });
      const second = getJson('/api/pfm/getBudget', { budgetId: 1 });
      gate.resolve();
      const [a, b] = await Promise.all([first, second]);
      expect(calls).to.have.length(1);
      expect(a).to.deep.equal({ id: 1 });
      expect(b).to.deep.equal({ id: 1 });
    });

    it('a different query key order gives the same key', async () => {
      stubFetch(() => json({ data: 1 }));
      await Promise.all([
        getJson('/api/pfm/getcostcodes', { recordKey: 'b', recordId: 2, lastLoad: 'x' }),
        getJson('/api/pfm/getcostcodes', { lastLoad: 'x', recordId: 2, recordKey: 'b' }),
        getJson('/api/pfm/getcostcodes', { recordId: 2, recordKey: 'b', lastLoad: 'x', open: null }),
      ]);
      expect(calls).to.have.length(1);
    });

    it('fetches again once the shared request has settled', async () => {
      stubFetch(() => json({ data: 1 }));
      await getJson('/api/a', { x: 1 });
      await getJson('/api/a', { x: 1 });
      expect(calls).to.have.length(2);
    });

    it('fetches again after a shared request failed, and both callers saw the failure', async () => {
      let status = 500;
      stubFetch(() => json({ data: 1 }, status));
      const errors = await Promise.all([rejection(getJson('/api/a')), rejection(getJson('/api/a'))]);
      expect(errors.map((e) => e.message)).to.deep.equal(['HTTP error! Status: 500', 'HTTP error! Status: 500']);
      expect(calls).to.have.length(1);
      status = 200;
      expect(await getJson('/api/a')).to.equal(1);
      expect(calls).to.have.length(2);
    });

    it('does not share between different queries, paths, resources or body kinds', async () => {
      stubFetch(() => json({ data: 1 }));
      await Promise.all([
        getJson('/api/a', { x: 1 }),
        getJson('/api/a', { x: 2 }),
        getJson('/api/b', { x: 1 }),
        getJson('/api/a', { x: 1 }, { resource: 'bi' }),
        getText('/api/a', { x: 1 }),
      ]);
      expect(calls).to.have.length(5);
    });

    it('never shares POST or DELETE calls', async () => {
      stubFetch(() => json({ data: 1 }));
      await Promise.all([postJson('/api/a', {}), postJson('/api/a', {}), deleteForm('/api/a', {}), deleteForm('/api/a', {})]);
      expect(calls).to.have.length(4);
    });

    it('one caller aborting does not cancel the shared request for the other', async () => {
      const gate = deferred<void>();
      stubFetch(async () => { await gate.promise; return json({ data: 'ok' }); });
      const controller = new AbortController();
      const aborted = getJson('/api/a', undefined, { signal: controller.signal });
      const kept = getJson('/api/a');
      controller.abort();
      const error = await rejection(aborted);
      expect(error.name).to.equal('AbortError');
      gate.resolve();
      expect(await kept).to.equal('ok');
      expect(calls).to.have.length(1);
    });
  });

  describe('call kinds', () => {
    it('postForm sends POST with a flattened FormData body and reads JSON', async () => {
      stubFetch(() => json({ data: { saved: true } }));
      const result = await postForm('/api/pfm/UpdateChangeRecordState', { ItemId: 4, OldRecordStateId: 2, RouteStateId: 3, note: null, header: { vendorId: 9 } });
      expect(result).to.deep.equal({ saved: true });
      expect(calls[0]?.init.method).to.equal('POST');
      const body = calls[0]?.init.body as FormData;
      expect(body).to.be.instanceOf(FormData);
      expect([...body.entries()]).to.deep.equal([['ItemId', '4'], ['OldRecordStateId', '2'], ['RouteStateId', '3'], ['header.vendorId', '9']]);
    });

    it('postJson sends a JSON body with Content-Type application/json', async () => {
      stubFetch(() => json({ ok: 1 }));
      expect(await postJson('/api/x', { a: [1, null] })).to.deep.equal({ ok: 1 });
      expect(calls[0]?.init.method).to.equal('POST');
      expect(calls[0]?.init.body).to.equal('{"a":[1,null]}');
      expect(header(calls[0], 'Content-Type')).to.equal('application/json');
    });

    it('postFile sends the form as is and reads JSON', async () => {
      stubFetch(() => json({ data: { fileId: 8 } }));
      const form = new FormData();
      form.append('file', new File(['abc'], 'a.txt'));
      expect(await postFile('/api/files/upload', form)).to.deep.equal({ fileId: 8 });
      expect(calls[0]?.init.body).to.equal(form);
      // The browser sets the multipart boundary itself.
      expect(header(calls[0], 'Content-Type')).to.equal(null);
    });

    it('postFileForBlob answers the blob and the filename from Content-Disposition', async () => {
      stubFetch(() => new Response(new Blob(['xlsx']), { headers: { 'Content-Disposition': 'attachment; filename="Budget 12.xlsx"' } }));
      const { blob, filename } = await postFileForBlob('/api/export', new FormData());
      expect(await blob.text()).to.equal('xlsx');
      expect(filename).to.equal('Budget 12.xlsx');
    });

    it('postFileForBlob answers filename undefined without the header', async () => {
      stubFetch(() => new Response(new Blob(['x'])));
      expect((await postFileForBlob('/api/export', new FormData())).filename).to.equal(undefined);
    });

    it('deleteForm sends DELETE with a flattened FormData body', async () => {
      stubFetch(() => json({ data: 'gone' }));
      expect(await deleteForm('/api/x/remove', { ids: [1, 2] })).to.equal('gone');
      expect(calls[0]?.init.method).to.equal('DELETE');
      expect([...(calls[0]?.init.body as FormData).entries()]).to.deep.equal([['ids[0]', '1'], ['ids[1]', '2']]);
    });
  });

  describe('object cache', () => {
    it('shares concurrent fetches of one type + id and caches the result', async () => {
      let loads = 0;
      const load = async () => { loads += 1; return { vendorId: 3, displayText: 'ACME' }; };
      const [a, b] = await Promise.all([fetchObject('vendor', 3, load), fetchObject('vendor', 3, load)]);
      expect(loads).to.equal(1);
      expect(a).to.equal(b);
      expect(await fetchObject('vendor', 3, load)).to.equal(a);
      expect(loads).to.equal(1);
      expect(getCachedObject('vendor', 3)).to.equal(a);
      expect(getCachedObject('vendor', '3')).to.equal(a);
      expect(getCachedObject('vendor', 4)).to.equal(undefined);
      expect(getCachedObject('project', 3)).to.equal(undefined);
    });

    it('does not cache a failed load or an undefined result', async () => {
      const error = await rejection(fetchObject('vendor', 1, async () => { throw new Error('nope'); }));
      expect(error.message).to.equal('nope');
      expect(getCachedObject('vendor', 1)).to.equal(undefined);
      await fetchObject('vendor', 2, async () => undefined);
      let loads = 0;
      await fetchObject('vendor', 2, async () => { loads += 1; return { ok: true }; });
      expect(loads).to.equal(1);
    });

    it('cacheObject puts a value that fetchObject then answers without loading', async () => {
      cacheObject('project', 5, { name: 'P5' });
      expect(await fetchObject('project', 5, async () => { throw new Error('should not load'); })).to.deep.equal({ name: 'P5' });
    });

    it(`is bounded at ${OBJECT_CACHE_LIMIT} entries, evicting the least recently used`, () => {
      expect(OBJECT_CACHE_LIMIT).to.equal(1000);
      for (let id = 1; id <= 1000; id += 1) cacheObject('costCode', id, { id });
      expect(getCachedObject('costCode', 1)).to.deep.equal({ id: 1 }); // 1 is now the most recent
      cacheObject('costCode', 1001, { id: 1001 });
      expect(getCachedObject('costCode', 2)).to.equal(undefined); // oldest unused: evicted
      expect(getCachedObject('costCode', 1)).to.deep.equal({ id: 1 });
      expect(getCachedObject('costCode', 3)).to.deep.equal({ id: 3 });
      expect(getCachedObject('costCode', 1001)).to.deep.equal({ id: 1001 });
      cacheObject('costCode', 1002, { id: 1002 });
      expect(getCachedObject('costCode', 4)).to.equal(undefined);
    });

    it('resetApi empties the cache', () => {
      cacheObject('vendor', 1, { a: 1 });
      resetApi();
      expect(getCachedObject('vendor', 1)).to.equal(undefined);
    });
  });
});
