import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createRoot, type Root } from 'react-dom/client';
import { act } from 'react';
import { resetApi } from '../../src/core/api';
import { searchResultHref, type SearchResult } from '../../src/core/search';
import { groupResults, SEARCH_DEBOUNCE_MS, SearchBox } from '../../src/features/search';
import { fetchCalls, restoreFetch, sleep, stubFetch, waitFor } from '../support/browser';

const result = (kind: SearchResult['kind'], id: number, number: string, name: string, extra: Partial<SearchResult> = {}): SearchResult =>
  ({ kind, id, number, name, detail: '', projectId: 1, budgetId: 1, ...extra });

let host: HTMLDivElement;
let root: Root;
const input = () => host.querySelector<HTMLInputElement>('input[role="combobox"]')!;
const searches = () => fetchCalls.filter((call) => call.startsWith('/search/query'));

async function mount(): Promise<void> {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<SearchBox />));
}

describe('<SearchBox> (header search)', () => {
  beforeEach(() => resetApi());
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    restoreFetch();
  });

  it('searches from 2 characters, once per pause in typing, and shows the results grouped by kind as text', async () => {
    stubFetch({
      '/search/query': { body: { data: { q: 'riv', results: [
        result('subcontract', 5, 'SC-1', 'Framing'), result('project', 1, '24-1032', '<img src=x onerror="window.hacked=1">'),
      ] } } },
    });
    await mount();
    input().focus();
    await sendKeys({ type: 'r' });
    await sleep(SEARCH_DEBOUNCE_MS + 100);
    expect(searches()).to.deep.equal([]);
    expect(host.querySelector('[data-search-note]')!.textContent).to.equal('Type at least 2 characters.');
    await sendKeys({ type: 'iv' });
    await waitFor(() => host.querySelector('[role="option"]'));
    expect(searches()).to.deep.equal(['/search/query?q=riv']);
    expect([...host.querySelectorAll('.dropdown-header')].map((h) => h.textContent)).to.deep.equal(['Projects', 'Subcontracts']);
    expect(host.querySelector('img')).to.equal(null);
    expect(host.querySelector('[data-search-result="project:1"]')!.textContent).to.contain('<img src=x');
    expect(input().getAttribute('aria-expanded')).to.equal('true');
  });

  it('arrows move the active option (aria-activedescendant), Escape closes, a second Escape clears', async () => {
    stubFetch({ '/search/query': { body: { data: { q: 'sc', results: [result('subcontract', 5, 'SC-1', 'A'), result('subcontract', 6, 'SC-2', 'B')] } } } });
    await mount();
    input().focus();
    await sendKeys({ type: 'sc' });
    await waitFor(() => host.querySelectorAll('[role="option"]').length === 2);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    const second = host.querySelector('[data-search-result="subcontract:6"]')!;
    expect(second.getAttribute('aria-selected')).to.equal('true');
    expect(input().getAttribute('aria-activedescendant')).to.equal(second.id);
    await sendKeys({ press: 'ArrowDown' });
    expect(host.querySelector('[data-search-result="subcontract:5"]')!.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'Escape' });
    expect(input().getAttribute('aria-expanded')).to.equal('false');
    expect(input().value).to.equal('sc');
    await sendKeys({ press: 'Escape' });
    expect(input().value).to.equal('');
  });

  it('a failed search says so and Retry asks again', async () => {
    let fail = true;
    stubFetch({ '/search/query': () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: { data: { q: 'ab', results: [result('vendor', 3, 'V1', 'Acme')] } } }) });
    await mount();
    input().focus();
    await sendKeys({ type: 'ab' });
    const note = await waitFor(() => host.querySelector('[data-search-note]')?.textContent?.startsWith('Search failed') && host.querySelector('[data-search-note]'));
    expect(note!.textContent).to.contain('Internal Server Error');
    fail = false;
    await act(async () => (note!.querySelector('button') as HTMLButtonElement).click());
    await waitFor(() => host.querySelector('[data-search-result="vendor:3"]'));
    expect(searches()).to.deep.equal(['/search/query?q=ab', '/search/query?q=ab']);
  });

  it('/ focuses the box from the page, not while typing in another field', async () => {
    stubFetch({});
    await mount();
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    await sendKeys({ press: '/' });
    expect(document.activeElement).to.equal(other);
    expect(other.value).to.equal('/');
    other.blur();
    document.body.focus();
    await sendKeys({ press: '/' });
    expect(document.activeElement).to.equal(input());
    expect(input().value).to.equal('');
    other.remove();
  });
});

describe('search results: groups and where they open', () => {
  it('groups in kind order and opens each record with the query its screen expects', () => {
    const list = [result('ownerAgreement', 9, 'OA-1', 'x'), result('project', 1, '24-1032', 'y'), result('vendor', 4, 'V4', 'z', { projectId: 3 })];
    expect(groupResults(list).map((g) => g.label)).to.deep.equal(['Projects', 'Vendors', 'Owner agreements']);
    expect(searchResultHref(list[1]!)).to.equal('/pfm/projects/projectiongrid?projectId=1&budgetId=1');
    expect(searchResultHref(list[2]!)).to.equal('/pfm/projects/commitments?projectId=3');
    expect(searchResultHref(list[0]!)).to.equal('/pfm/projects/owneragreements?projectId=1&workbench=OwnerAgreement&recordKey=OwnerAgreement&recordId=9');
    expect(searchResultHref(result('changeEvent', 7, 'CE-7', 'c'))).to.equal(
      '/pfm/projects/changemanagement?projectId=1&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=7');
    expect(searchResultHref(result('purchaseOrder', 2, 'PO-2', 'p'))).to.equal('/pfm/projects/commitments?projectId=1&workbench=PurchaseOrder&recordKey=PurchaseOrder&recordId=2');
  });
});
