import { expect } from 'chai';
import '../../src/elements/pfm-workbench-host/define';
import { $session } from '../../src/core/auth';
import { fakeFetch, restoreFetch, waitFor as until } from '../support/browser';
import { $minimizedWorkbenches, MINIMIZED_STORAGE_KEY, openWorkbench } from '../../src/core/workbench';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

let fetched: string[] = [];

/** The host element with `attrs`, and the URL holding the same workbench query. */
async function mountHost(query: string): Promise<HTMLElement> {
  history.replaceState(null, '', `/pfm/projects/projectiongrid?projectId=1&budgetId=1&${query}`);
  const params = new URLSearchParams(`projectId=1&budgetId=1&${query}`);
  const host = document.createElement('pfm-workbench-host');
  for (const [name, value] of params) host.setAttribute(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), value);
  document.body.append(host);
  await tick();
  // On a busy machine React may need longer than one tick: a named workbench's panel is awaited.
  if (params.get('workbench') && $session.get().status === 'signedIn') await until(() => panel(host));
  return host;
}

const panel = (host: HTMLElement) => host.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
const control = (host: HTMLElement, title: string) => host.shadowRoot?.querySelector<HTMLButtonElement>(`[role="dialog"] button[title="${title}"]`) ?? null;

describe('<pfm-workbench-host>', () => {
  let start: string;
  beforeEach(() => {
    start = location.pathname + location.search;
    fetched = [];
    fakeFetch(fetched, (url) => {
      if (url.includes('getapplicationrecordfilecounts')) {
        return new Response(JSON.stringify({ data: [{ applicationRecordKey: 'ChangeEvent', recordId: 1, fileCount: 2 }, { applicationRecordKey: 'ChangeEvent', recordId: 3, fileCount: 9 }] }), { status: 200 });
      }
      return new Response(JSON.stringify({ data: [] }), { status: 200 });
    });
    $minimizedWorkbenches.set([]);
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } } as never);
  });
  afterEach(() => {
    $session.set({ status: 'starting', account: null });
    restoreFetch();
    document.querySelectorAll('pfm-workbench-host').forEach((el) => el.remove());
    $minimizedWorkbenches.set([]);
    sessionStorage.removeItem(MINIMIZED_STORAGE_KEY);
    history.replaceState(null, '', start);
  });

  it('opens its workbench only once signed in (embedded alone it may mount first): no load without a token', async () => {
    $session.set({ status: 'signingIn', account: null });
    const host = await mountHost('workbench=ChangeEvent&recordKey=ChangeEvent&recordId=1');
    await tick(50);
    expect(panel(host) === null, 'no panel yet').to.equal(true);
    expect(fetched).to.deep.equal([]);
    $session.set({ status: 'signedIn', account: { username: 'pm', login: 'pm' } } as never);
    await until(() => panel(host));
    await until(() => fetched.some((url) => url.includes('getapplicationrecordfilecounts')));
  });

  it('renders nothing when no workbench is named', async () => {
    const host = await mountHost('');
    expect(panel(host) === null, 'panel closed').to.equal(true);
    expect(host.shadowRoot?.textContent).to.equal('');
  });

  it('shows a labelled panel with the controls titled exactly as §2 and the record file count', async () => {
    const host = await mountHost('workbench=ChangeEvent&recordKey=ChangeEvent&recordId=1');
    const dialog = await until(() => panel(host));
    const labelId = dialog.getAttribute('aria-labelledby') ?? '';
    expect(host.shadowRoot?.getElementById(labelId)?.textContent).to.contain('Change Event');
    for (const title of ['Files', 'Copy Link', 'Collapse', 'Minimize Workbench', 'Close Workbench']) {
      const button = control(host, title);
      expect(button !== null, title).to.equal(true);
      expect(button?.getAttribute('aria-label')).to.equal(title);
    }
    await until(() => control(host, 'Files')?.textContent?.includes('2'));
    expect(fetched.some((url) => url.includes('/api/pfm/getapplicationrecordfilecounts') && url.includes('recordKey=ChangeEvent') && url.includes('recordId=1'))).to.equal(true);
    // No wb-change-event element exists yet: an honest message naming it.
    expect(dialog.textContent).to.contain('The Change Event workbench is not available yet');
  });

  it('Preview (§2) only on records with a generated document: shows the PDF under the server filename; a failure offers Retry', async () => {
    const none = await mountHost('workbench=ChangeEvent&recordKey=ChangeEvent&recordId=1');
    expect(control(none, 'Preview') === null, 'no Preview on a change event').to.equal(true);
    none.remove();

    let answers = 0;
    window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      fetched.push(url);
      if (url.includes('/api/pfm/documents/RecordDocument')) {
        const form = init?.body as FormData;
        expect([form.get('RecordKey'), form.get('RecordId')]).to.deep.equal(['SubcontractChangeOrder', '7']);
        answers += 1;
        if (answers === 1) return new Response(JSON.stringify({ message: 'boom' }), { status: 500 });
        return new Response(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="Subcontract Change Order SCO-7.pdf"' } });
      }
      return new Response(JSON.stringify({ data: [] }), { status: 200 });
    }) as typeof fetch;
    const host = await mountHost('workbench=SubcontractChangeOrder&recordKey=SubcontractChangeOrder&recordId=7');
    const preview = await until(() => control(host, 'Preview'));
    expect(preview.getAttribute('aria-label')).to.equal('Preview');
    expect(preview.getAttribute('aria-pressed')).to.equal('false');
    preview.click();
    const failed = await until(() => host.shadowRoot?.querySelector('[data-panel="preview"] [data-state="failed"]'));
    expect(failed.textContent).to.contain('The document could not be generated.');
    expect(preview.getAttribute('aria-pressed')).to.equal('true');
    (failed.querySelector('button') as HTMLButtonElement).click();
    const name = await until(() => host.shadowRoot?.querySelector('[data-panel="preview"] [data-document-name]'));
    expect(name.textContent).to.equal('Subcontract Change Order SCO-7.pdf');
    const frame = host.shadowRoot!.querySelector<HTMLIFrameElement>('[data-panel="preview"] iframe')!;
    // The frame gets its blob URL in an effect after the name renders.
    await until(() => frame.src.startsWith('blob:'));
    expect(frame.title).to.contain('Document of');
    preview.click();
    await until(() => host.shadowRoot?.querySelector('[data-panel="preview"]') === null);
  });

  it('Collapse hides the body and becomes Expand', async () => {
    const host = await mountHost('workbench=Reports');
    control(host, 'Collapse')!.click();
    await tick();
    expect(control(host, 'Collapse') === null).to.equal(true);
    expect(host.shadowRoot?.querySelector<HTMLElement>('.workbench-body')?.hidden).to.equal(true);
    control(host, 'Expand')!.click();
    await tick();
    expect(host.shadowRoot?.querySelector<HTMLElement>('.workbench-body')?.hidden).to.equal(false);
  });

  it('moves focus into the panel, Escape closes it (query cleared, other parameters kept) and focus goes back', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const host = await mountHost('workbench=Reports&recordKey=Project&recordId=1');
    const dialog = await until(() => panel(host));
    expect(host.shadowRoot?.activeElement === dialog, 'focus in the panel').to.equal(true);
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await tick();
    expect(panel(host) === null, 'panel closed').to.equal(true);
    expect(location.search).to.equal('?projectId=1&budgetId=1');
    expect(document.activeElement === opener, 'focus back on the opener').to.equal(true);
    opener.remove();
  });

  it('Close Workbench closes; opening through openWorkbench shows it again', async () => {
    const host = await mountHost('workbench=Reports');
    control(host, 'Close Workbench')!.click();
    await tick();
    expect(panel(host) === null, 'panel closed').to.equal(true);
    openWorkbench('ProjectConfiguration', { recordKey: 'Project', recordId: 1 });
    const dialog = await until(() => panel(host));
    expect(dialog.textContent).to.contain('Project Configuration');
  });

  it('minimise sends it to the tray; Restore Workbench brings it back', async () => {
    const host = await mountHost('workbench=Reports&recordKey=Project&recordId=1');
    control(host, 'Minimize Workbench')!.click();
    await tick();
    expect(panel(host) === null, 'panel closed').to.equal(true);
    const restore = await until(() => host.shadowRoot?.querySelector<HTMLButtonElement>('nav button[title="Restore Workbench"]'));
    expect(restore.textContent).to.contain('Reports');
    restore.click();
    const dialog = await until(() => panel(host));
    expect(dialog.textContent).to.contain('Reports');
    expect(host.shadowRoot?.querySelector('nav') === null).to.equal(true);
    expect(new URLSearchParams(location.search).get('workbench')).to.equal('Reports');
  });

  it("an unknown kind logs 'Workbench Not Found' and says so, naming it", async () => {
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => { logged.push(args); };
    try {
      const host = await mountHost('workbench=Nope');
      const dialog = await until(() => panel(host));
      expect(dialog.textContent).to.contain('Workbench Not Found');
      expect(dialog.textContent).to.contain('Nope');
      expect(control(host, 'Files') === null).to.equal(true);
    } finally {
      console.error = original;
    }
    expect(logged.filter((args) => args[0] === 'Workbench Not Found')).to.have.length(1);
  });

  it('renders the kind\'s element with the record attributes when it exists', async () => {
    customElements.define('wb-survey-instance', class extends HTMLElement {});
    const host = await mountHost('workbench=SurveyInstance&recordKey=Project&recordId=5');
    const inner = await until(() => host.shadowRoot?.querySelector('wb-survey-instance'));
    expect(inner.getAttribute('record-key')).to.equal('Project');
    expect(inner.getAttribute('record-id')).to.equal('5');
    expect(inner.getAttribute('project-id')).to.equal('1');
    expect(inner.getAttribute('budget-id')).to.equal('1');
  });
});
