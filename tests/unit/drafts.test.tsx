import { expect } from 'chai';
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { AccountInfo } from '@azure/msal-browser';
import { $session, resetAuth, signOut, startAuth, type AuthClient } from '../../src/core/auth';
import {
  DRAFT_MAX_CHARS, DRAFT_MAX_COUNT, DRAFT_PREFIX, DRAFT_VERSION, clearAllDrafts, clearDraft, clearOtherUsersDrafts, draftKey, readDraft,
  sameDraftValue, stableJson, writeDraft,
} from '../../src/core/drafts';
import { DRAFT_TEXT, keptRecordIds, useDraft } from '../../src/ui/drafts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const draftKeys = () => Object.keys(sessionStorage).filter((k) => k.startsWith(DRAFT_PREFIX)).sort();

describe('drafts store (core)', () => {
  beforeEach(() => sessionStorage.clear());
  after(() => sessionStorage.clear());

  it('keys a draft by login (any case), screen, record and form', () => {
    const key = draftKey({ login: 'PM', screen: 'commitment', recordKey: 'Subcontract', recordId: 12, form: 'header' });
    expect(key).to.equal('pfm.draft:pm:commitment:Subcontract:12:header');
    expect(draftKey({ login: 'pm', screen: 'x' })).to.equal('pfm.draft:pm:x:::form');
    // Parts are encoded: a ':' in a part cannot make two drafts share a key.
    expect(draftKey({ login: 'a:b', screen: 'c' })).to.not.equal(draftKey({ login: 'a', screen: 'b:c' }));
    expect(draftKey({ login: 'pm', screen: 's', recordId: 1 })).to.not.equal(draftKey({ login: 'rpm', screen: 's', recordId: 1 }));
    expect(draftKey({ login: 'pm', screen: 's', recordId: 1 })).to.not.equal(draftKey({ login: 'pm', screen: 's', recordId: 2 }));
  });

  it('writes and reads JSON back with its time and version', () => {
    const key = draftKey({ login: 'pm', screen: 's', recordId: 1 });
    expect(writeDraft(key, { b: 1, a: 'x' }, 1_700_000_000_000)).to.equal(true);
    expect(JSON.parse(sessionStorage.getItem(key)!)).to.deep.equal({ v: DRAFT_VERSION, savedAt: 1_700_000_000_000, value: { a: 'x', b: 1 } });
    expect(readDraft(key)).to.deep.equal({ v: DRAFT_VERSION, savedAt: 1_700_000_000_000, value: { a: 'x', b: 1 } });
    clearDraft(key);
    expect(readDraft(key)).to.equal(null);
  });

  it('never stores tokens, passwords or secrets', () => {
    const key = draftKey({ login: 'pm', screen: 's' });
    writeDraft(key, { title: 't', accessToken: 'eyJ', nested: { password: 'p', clientSecret: 's', note: 'n' } });
    expect(readDraft(key)?.value).to.deep.equal({ title: 't', nested: { note: 'n' } });
    expect(sessionStorage.getItem(key)).to.not.match(/eyJ|"p"|"s"/);
  });

  it('ignores and removes corrupt JSON and drafts of another version', () => {
    sessionStorage.setItem(`${DRAFT_PREFIX}pm:a`, '{not json');
    sessionStorage.setItem(`${DRAFT_PREFIX}pm:b`, JSON.stringify({ v: DRAFT_VERSION + 1, savedAt: 1, value: {} }));
    sessionStorage.setItem(`${DRAFT_PREFIX}pm:c`, JSON.stringify({ v: DRAFT_VERSION, value: {} }));
    sessionStorage.setItem(`${DRAFT_PREFIX}pm:d`, 'null');
    for (const k of ['a', 'b', 'c', 'd']) expect(readDraft(`${DRAFT_PREFIX}pm:${k}`), k).to.equal(null);
    expect(draftKeys()).to.deep.equal([]);
  });

  it('refuses a draft over the size cap (and drops the older one of that form)', () => {
    const key = draftKey({ login: 'pm', screen: 's' });
    expect(writeDraft(key, { text: 'small' })).to.equal(true);
    expect(writeDraft(key, { text: 'x'.repeat(DRAFT_MAX_CHARS) })).to.equal(false);
    expect(readDraft(key)).to.equal(null);
    expect(writeDraft(key, { text: 'x'.repeat(DRAFT_MAX_CHARS - 100) })).to.equal(true);
  });

  it(`keeps at most ${DRAFT_MAX_COUNT} drafts, dropping the oldest`, () => {
    for (let i = 0; i < DRAFT_MAX_COUNT + 3; i++) writeDraft(draftKey({ login: 'pm', screen: 's', recordId: i }), i, 1000 + i);
    const kept = draftKeys();
    expect(kept).to.have.length(DRAFT_MAX_COUNT);
    for (const i of [0, 1, 2]) expect(kept).to.not.include(draftKey({ login: 'pm', screen: 's', recordId: i }));
    expect(kept).to.include(draftKey({ login: 'pm', screen: 's', recordId: DRAFT_MAX_COUNT + 2 }));
    // Rewriting a kept draft does not drop another.
    writeDraft(draftKey({ login: 'pm', screen: 's', recordId: 3 }), 'again', 5000);
    expect(draftKeys()).to.have.length(DRAFT_MAX_COUNT);
  });

  it('clears every draft (sign-out), or those of other logins (another user signed in); other storage stays', () => {
    sessionStorage.setItem('msal.other', 'kept');
    writeDraft(draftKey({ login: 'pm', screen: 's' }), 1);
    writeDraft(draftKey({ login: 'rpm', screen: 's' }), 2);
    writeDraft(draftKey({ login: 'viewer', screen: 's' }), 3);
    clearOtherUsersDrafts('PM');
    expect(draftKeys()).to.deep.equal([draftKey({ login: 'pm', screen: 's' })]);
    clearAllDrafts();
    expect(draftKeys()).to.deep.equal([]);
    expect(sessionStorage.getItem('msal.other')).to.equal('kept');
  });

  it('compares values as JSON with keys in any order', () => {
    expect(stableJson({ b: [{ d: 1, c: 2 }], a: null })).to.equal('{"a":null,"b":[{"c":2,"d":1}]}');
    expect(sameDraftValue({ a: 1, b: 2 }, { b: 2, a: 1 })).to.equal(true);
    expect(sameDraftValue({ a: 1 }, { a: '1' })).to.equal(false);
  });
});

interface FormValue { title: string }

/** A form over a saved record, with the hook wired as the workbenches wire it. */
function Form({ saved, recordId = 7 }: { saved: FormValue; recordId?: number }) {
  const [value, setValue] = useState<FormValue>(saved);
  const [record, setRecord] = useState(saved);
  const draft = useDraft<FormValue>({ screen: 'test-form', recordKey: 'Thing', recordId, value, saved: record, restore: setValue });
  return (
    <div>
      {draft.banner}
      <input aria-label="Title" value={value.title} onChange={(e) => setValue({ title: e.target.value })} />
      <button type="button" data-save onClick={() => setRecord(value)}>Save</button>
    </div>
  );
}

describe('keptRecordIds (ui): which record of a screen has kept work', () => {
  beforeEach(() => sessionStorage.clear());
  after(() => sessionStorage.clear());

  it("lists one login's record ids of one screen, record kind and form, the newest first; others are not listed", () => {
    const keep = (id: Parameters<typeof draftKey>[0], at: number) => writeDraft(draftKey(id), { title: 'typed' }, at);
    const form = { screen: 'admin-document-templates', recordKey: 'DocumentTemplate' };
    keep({ login: 'admin', ...form, recordId: 4 }, 1_000);
    keep({ login: 'admin', ...form, recordId: 0 }, 3_000);
    keep({ login: 'admin', ...form, recordId: 'a:b' }, 2_000);
    keep({ login: 'pm', ...form, recordId: 9 }, 4_000);
    keep({ login: 'admin', screen: 'admin-document-templates', recordKey: 'Other', recordId: 5 }, 5_000);
    keep({ login: 'admin', ...form, recordId: 6, form: 'preview' }, 6_000);
    expect(keptRecordIds({ login: 'ADMIN', ...form })).to.deep.equal(['0', 'a:b', '4']);
    expect(keptRecordIds({ login: 'pm', ...form })).to.deep.equal(['9']);
    expect(keptRecordIds({ login: 'rpm', ...form })).to.deep.equal([]);
    // A corrupt draft is not listed (and is removed).
    sessionStorage.setItem(draftKey({ login: 'admin', ...form, recordId: 7 }), '{not json');
    expect(keptRecordIds({ login: 'admin', ...form })).to.deep.equal(['0', 'a:b', '4']);
  });
});

describe('useDraft (ui)', () => {
  let host: HTMLDivElement;
  let root: Root;
  const key = (login = 'pm', recordId = 7) => draftKey({ login, screen: 'test-form', recordKey: 'Thing', recordId });
  const input = () => host.querySelector('input')!;
  const banner = () => host.querySelector('[data-draft-offer]');
  const type = (text: string) => act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
  const click = (selector: string) => act(() => (host.querySelector(selector) as HTMLElement).click());
  const mount = (node: React.ReactNode) => act(() => {
    root = createRoot(host);
    root.render(node);
  });
  const unmount = () => act(() => root.unmount());

  beforeEach(() => {
    sessionStorage.clear();
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } });
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => {
    unmount();
    host.remove();
    sessionStorage.clear();
  });

  it('keeps typed work while it differs from the record; typing it back removes it', async () => {
    await mount(<Form saved={{ title: 'Saved' }} />);
    expect(sessionStorage.getItem(key())).to.equal(null);
    await type('Typed');
    expect(readDraft(key())?.value).to.deep.equal({ title: 'Typed' });
    await type('Saved');
    expect(sessionStorage.getItem(key())).to.equal(null);
  });

  it('offers the kept work after a remount; Restore puts it back, Save clears it', async () => {
    await mount(<Form saved={{ title: 'Saved' }} />);
    await type('Typed');
    await unmount();
    await mount(<Form saved={{ title: 'Saved' }} />);
    expect(input().value).to.equal('Saved');
    expect(banner()?.getAttribute('role')).to.equal('status');
    expect(banner()?.textContent).to.match(/^Restore unsaved changes from \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M\?/);
    expect(DRAFT_TEXT.offer('T')).to.equal('Restore unsaved changes from T?');
    expect(host.querySelector('[data-draft-restore]')?.textContent).to.equal('Restore');
    expect(host.querySelector('[data-draft-discard]')?.textContent).to.equal('Discard');
    // The offer does not remove the draft while it waits.
    expect(readDraft(key())?.value).to.deep.equal({ title: 'Typed' });
    await click('[data-draft-restore]');
    expect(banner()).to.equal(null);
    expect(input().value).to.equal('Typed');
    expect(readDraft(key())?.value).to.deep.equal({ title: 'Typed' });
    await click('[data-save]');
    expect(sessionStorage.getItem(key())).to.equal(null);
  });

  it('Discard removes the kept work; the next opening offers nothing', async () => {
    writeDraft(key(), { title: 'Typed' });
    await mount(<Form saved={{ title: 'Saved' }} />);
    expect(banner()).to.not.equal(null);
    await click('[data-draft-discard]');
    expect(banner()).to.equal(null);
    expect(input().value).to.equal('Saved');
    expect(sessionStorage.getItem(key())).to.equal(null);
  });

  it('offers nothing when the kept work equals the saved record (and drops it)', async () => {
    writeDraft(key(), { title: 'Saved' });
    await mount(<Form saved={{ title: 'Saved' }} />);
    expect(banner()).to.equal(null);
    expect(sessionStorage.getItem(key())).to.equal(null);
  });

  it('typing anew while the offer waits replaces the offered draft', async () => {
    writeDraft(key(), { title: 'Old' });
    await mount(<Form saved={{ title: 'Saved' }} />);
    expect(banner()).to.not.equal(null);
    await type('New');
    expect(banner()).to.equal(null);
    expect(readDraft(key())?.value).to.deep.equal({ title: 'New' });
  });

  it("never offers another user's or another record's work, and keeps nothing while signed out", async () => {
    writeDraft(key('rpm'), { title: 'Theirs' });
    writeDraft(key('pm', 8), { title: 'Other record' });
    await mount(<Form saved={{ title: 'Saved' }} />);
    expect(banner()).to.equal(null);
    await unmount();
    $session.set({ status: 'signedOut', account: null });
    sessionStorage.clear();
    await mount(<Form saved={{ title: 'Saved' }} />);
    await type('Typed');
    expect(draftKeys()).to.deep.equal([]);
  });
});

describe('drafts and the sign-in', () => {
  const account = { homeAccountId: 'h', environment: 'localhost', tenantId: '', localAccountId: 'pm', username: 'pm', idToken: 'id', idTokenClaims: { preferred_username: 'PM@example.com' } } as unknown as AccountInfo;
  const realFetch = globalThis.fetch;
  let active: AccountInfo | null = null;
  const client = {
    handleRedirectPromise: async () => ({ account }),
    getActiveAccount: () => active,
    getAllAccounts: () => [],
    setActiveAccount: (a: AccountInfo | null) => { active = a; },
    loginRedirect: () => new Promise<void>(() => {}),
    logoutRedirect: () => new Promise<void>(() => {}),
    acquireTokenSilent: async () => ({ accessToken: 't' }),
    acquireTokenPopup: async () => ({ accessToken: 't' }),
  } as unknown as AuthClient;
  beforeEach(() => {
    sessionStorage.clear();
    globalThis.fetch = async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    resetAuth();
    sessionStorage.clear();
  });

  it("a user signing in drops another user's drafts; signing out drops every draft", async () => {
    writeDraft(draftKey({ login: 'rpm', screen: 's' }), 'theirs');
    writeDraft(draftKey({ login: 'pm', screen: 's' }), 'mine');
    resetAuth({ client });
    await startAuth();
    expect($session.get().account?.login).to.equal('PM');
    expect(draftKeys()).to.deep.equal([draftKey({ login: 'pm', screen: 's' })]);
    void signOut();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(draftKeys()).to.deep.equal([]);
  });
});
