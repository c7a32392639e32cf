import { expect } from 'chai';
import type { Root } from 'react-dom/client';
import { useState } from 'react';
import { resetApi } from '../../src/core/api';
import { resetLookups } from '../../src/core/lookups';
import {
  FIRST_ROWS, FieldFeedback, MORE_ROWS, RecordLists, RecordStateBadge, StateAdvanceMenu, ValidationSummary, formFeedback,
  recordStore, resetRecordStores, resetStateCache, useRecords,
} from '../../src/ui/records';
import type { RecordStore, StateAdvancement } from '../../src/ui/records';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { portalStyleSheet } from '../../src/core/define';
import { fetchCalls, sleep, stubFetch, waitFor } from '../support/browser';
import { appendReactRoot, removeReactRoot } from '../support/elements';
import { FEEDBACK_ITEMS } from '../support/feedback';
import { backgroundOf, contrastRatio, parseColor } from '../support/contrast';

interface Row { rowId: number; name: string; closed: boolean; applicationRecordStateId: number }

let host: HTMLDivElement;
let root: Root;

function render(node: React.ReactNode): void {
  root.render(node);
}

/** The props every list of Rows here shares: the rows, their id, whether closed, and the label. */
const rowsOf = (rows: Row[]) => ({ records: rows, idOf: (r: Row) => r.rowId, isClosed: (r: Row) => r.closed, label: 'Rows' });

function Lists({ store }: { store: RecordStore<Row> }) {
  const rows = useRecords(store);
  return (
    <RecordLists<Row>
      {...rowsOf(rows)}
      columns={[{ key: 'name', label: 'Name', render: (r) => r.name }]}
    />
  );
}

/** Lists with a total under 'Amount' (and a wide text column before it, and row actions after). */
function TotalLists({ store, loading = false }: { store: RecordStore<Row>; loading?: boolean }) {
  const rows = useRecords(store);
  const amount = (r: Row) => r.rowId * 10;
  return (
    <RecordLists<Row>
      {...rowsOf(rows)}
      loading={loading}
      columns={[
        { key: 'name', label: 'Name', render: (r) => r.name },
        { key: 'note', label: 'A rather long note about the row', render: () => 'note' },
        { key: 'amount', label: 'Amount', numeric: true, render: (r) => String(amount(r)), total: (shown) => String(shown.reduce((sum, r) => sum + amount(r), 0)) },
        { key: 'state', label: 'State', render: (r) => (r.closed ? 'Closed' : 'Open') },
      ]}
      actions={(r) => <button type="button">Act on {r.name}</button>}
    />
  );
}

const rowIds = (list: 'open' | 'closed') => {
  const tab = host.querySelector<HTMLButtonElement>(`[role=tab][data-list=${list}]`)!;
  tab.click();
  return new Promise<number[]>((resolve) => setTimeout(() => {
    resolve([...host.querySelectorAll('tbody tr[data-record-id]')].map((tr) => Number(tr.getAttribute('data-record-id'))));
  }, 20));
};

describe('src/ui/records', () => {
  beforeEach(() => {
    resetRecordStores();
    resetStateCache();
    resetApi();
    resetLookups();
    ({ host, root } = appendReactRoot());
  });
  afterEach(() => {
    removeReactRoot(host, root);
  });

  describe('<RecordLists>', () => {
    it('renders a long list\'s first 50 rows, then 500 more or all of them when asked; the totals count every record from the start', async () => {
      expect([FIRST_ROWS, MORE_ROWS]).to.deep.equal([50, 500]);
      const store = recordStore<Row>('Row', 'rowId');
      const count = 2500;
      store.upsert(Array.from({ length: count }, (_, i) => ({ rowId: i + 1, name: `row ${i + 1}`, closed: false, applicationRecordStateId: 1 })));
      render(<TotalLists store={store} />);
      await waitFor(() => host.querySelector('tbody tr[data-record-id]'));
      const rows = () => [...host.querySelectorAll('tbody tr[data-record-id]')].map((tr) => Number(tr.getAttribute('data-record-id')));
      // The first page, and the footer already totals all 2,500.
      expect(rows().length).to.equal(50);
      expect(host.querySelector('tfoot tr[data-totals="open"] > th[scope="row"]')?.textContent).to.equal(`Total (open, ${count})`);
      expect(host.querySelector('tfoot [data-total="amount"]')?.textContent).to.equal(String((10 * count * (count + 1)) / 2));
      expect(host.querySelector('[data-count=open]')?.textContent).to.equal(String(count));
      await sleep(50);
      expect(rows().length, 'no more rows without asking').to.equal(50);
      expect(host.querySelector('[data-more]')?.textContent).to.equal('Showing 50 of 2,500 rows.Show 500 moreShow all 2,500');
      host.querySelector<HTMLButtonElement>('[data-more] [data-action="show-more"]')!.click();
      await waitFor(() => rows().length === 550 || null);
      host.querySelector<HTMLButtonElement>('[data-more] [data-action="show-all"]')!.click();
      await waitFor(() => rows().length === count || null);
      expect(rows().slice(0, 3)).to.deep.equal([1, 2, 3]);
      expect(rows().at(-1)).to.equal(count);
      expect(host.querySelector('[data-more]')).to.equal(null);
    });

    it('splits records into Open and Closed tabs and moves them optimistically, restoring on failure', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      store.upsert([
        { rowId: 1, name: 'one', closed: false, applicationRecordStateId: 1 },
        { rowId: 2, name: 'two', closed: true, applicationRecordStateId: 2 },
      ]);
      render(<Lists store={store} />);
      await waitFor(() => host.querySelector('[role=tablist]'));
      expect(await rowIds('open')).to.deep.equal([1]);
      expect(await rowIds('closed')).to.deep.equal([2]);
      expect(host.querySelector('[data-count=open]')?.textContent).to.equal('1');

      let fail!: (e: Error) => void;
      const pending = store.optimistic({ rowId: 1, name: 'one', closed: true, applicationRecordStateId: 2 }, () => new Promise((_, reject) => { fail = reject; }));
      expect(await rowIds('closed')).to.deep.equal([1, 2]);
      expect(await rowIds('open')).to.deep.equal([]);
      expect(host.querySelector('[data-empty=open]')?.textContent).to.equal('No open records.');
      fail(new Error('refused'));
      await pending.catch(() => undefined);
      expect(await rowIds('open')).to.deep.equal([1]);
      expect(await rowIds('closed')).to.deep.equal([2]);
    });

    it('shows the totals of the list shown in its own footer row, each total within its column; no footer without totals', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      store.upsert([
        { rowId: 1, name: 'one', closed: false, applicationRecordStateId: 1 },
        { rowId: 2, name: 'two', closed: false, applicationRecordStateId: 1 },
        { rowId: 3, name: 'three', closed: true, applicationRecordStateId: 2 },
      ]);
      render(<TotalLists store={store} />);
      const total = await waitFor(() => host.querySelector<HTMLElement>('tfoot [data-total="amount"]'));
      // The same table as the headers, so the columns are shared.
      expect(total.closest('table')?.querySelector('thead')).to.not.equal(null);
      const header = [...host.querySelectorAll<HTMLElement>('thead th')].find((th) => th.textContent === 'Amount')!;
      const [cell, column] = [total.getBoundingClientRect(), header.getBoundingClientRect()];
      expect(cell.left).to.be.at.least(column.left - 0.5);
      expect(cell.right).to.be.at.most(column.right + 0.5);
      expect(total.textContent).to.contain('30');
      const label = host.querySelector('tfoot tr[data-totals="open"] > th[scope="row"]')!;
      expect(label.textContent).to.equal('Total (open, 2)');
      expect(host.querySelectorAll('tfoot tr > *').length, 'one cell per column and the actions').to.equal(5);
      expect(await rowIds('closed')).to.deep.equal([3]);
      expect(host.querySelector('tfoot tr[data-totals="closed"] > th')?.textContent).to.equal('Total (closed, 1)');
      expect(host.querySelector('tfoot [data-total="amount"]')?.textContent).to.contain('30');
      store.upsert({ rowId: 4, name: 'four', closed: true, applicationRecordStateId: 2 });
      await waitFor(() => host.querySelector('tfoot [data-total="amount"]')?.textContent?.includes('70'));

      render(<Lists store={store} />);
      await waitFor(() => !host.querySelector('[data-total]'));
      expect(host.querySelector('tfoot')).to.equal(null);
    });

    it('while loading shows a status message, not rows or totals that read as data', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      render(<TotalLists store={store} loading />);
      const status = await waitFor(() => host.querySelector<HTMLElement>('[role="status"]'));
      expect(status.textContent).to.equal('Loading rows…');
      expect(host.querySelector('tfoot')).to.equal(null);
      expect(host.querySelector('[data-empty]')).to.equal(null);
      expect(host.querySelector('[data-count="open"]')?.textContent).to.equal('…');
      expect(host.textContent).to.not.contain('Total');
      store.upsert({ rowId: 1, name: 'one', closed: false, applicationRecordStateId: 1 });
      render(<TotalLists store={store} />);
      await waitFor(() => host.querySelector('tfoot [data-total="amount"]'));
      expect(host.querySelector('[role="status"]')).to.equal(null);
    });

    it('has keyboard tabs: arrows move between Open and Closed', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      store.upsert({ rowId: 1, name: 'one', closed: false, applicationRecordStateId: 1 });
      render(<Lists store={store} />);
      const open = await waitFor(() => host.querySelector<HTMLButtonElement>('[role=tab][data-list=open]'));
      expect(open.getAttribute('aria-selected')).to.equal('true');
      open.focus();
      open.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await waitFor(() => host.querySelector('[role=tab][data-list=closed][aria-selected=true]'));
      expect(document.activeElement?.getAttribute('data-list')).to.equal('closed');
      expect(host.querySelector('[role=tabpanel]')?.getAttribute('data-list-panel')).to.equal('closed');
    });
  });

  describe('validation feedback (§5)', () => {
    it('renders the summary for invalid items and per-field warnings and infos', async () => {
      const feedback = formFeedback(FEEDBACK_ITEMS);
      render(
        <form>
          <ValidationSummary feedback={feedback} />
          <FieldFeedback feedback={feedback} field="estimatedAmount" />
          <FieldFeedback feedback={feedback} field="description" />
          <FieldFeedback feedback={feedback} field="changeReasonId" />
        </form>,
      );
      const summary = await waitFor(() => host.querySelector('[data-testid=validation-summary]'));
      expect(summary.getAttribute('role')).to.equal('alert');
      expect([...summary.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['title is required.', 'documentDate must be a date.']);
      expect(host.querySelector('[data-field-feedback=estimatedAmount]')?.textContent).to.equal('Warning: That is a lot.');
      expect(host.querySelector('[data-field-feedback=description]')?.textContent).to.equal('Info: Shown to the owner.');
      expect(host.querySelector('[data-field-feedback=changeReasonId]')).to.equal(null);
    });

    it('shows no summary for warnings only', async () => {
      render(<div><ValidationSummary feedback={formFeedback([{ integerValue: 2, stringValue: 'x', message: 'w' }])} /><span id="done" /></div>);
      await waitFor(() => host.querySelector('#done'));
      expect(host.querySelector('[data-testid=validation-summary]')).to.equal(null);
    });
  });

  describe('<RecordStateBadge>', () => {
    it('is read "State: Draft" (a visually hidden prefix); its marked span holds the state alone', async () => {
      render(<RecordStateBadge state="Draft" tone="secondary" data-state-name />);
      const badge = await waitFor(() => host.querySelector<HTMLElement>('.badge'));
      expect(badge.textContent).to.equal('State: Draft');
      expect(badge.className).to.equal('badge text-bg-secondary');
      expect(badge.querySelector('.visually-hidden')?.textContent).to.equal('State: ');
      expect(badge.querySelector('[data-state-name]')?.textContent).to.equal('Draft');
    });
  });

  describe('<StateAdvanceMenu>', () => {
    const advancements: StateAdvancement[] = [
      { quickRoute: false, displayOrder: 2, targetApplicationRecordState: { applicationRecordStateId: 12, name: 'Canceled', applicationRecordKey: 'ChangeEvent', closed: true, displayOrder: 7 } },
      { quickRoute: true, displayOrder: 1, targetApplicationRecordState: { applicationRecordStateId: 7, name: 'Pending', applicationRecordKey: 'ChangeEvent', closed: false, displayOrder: 2 } },
    ];

    function MenuHarness() {
      const [chosen, setChosen] = useState('');
      return (
        <div>
          <StateAdvanceMenu stateId={6} ariaLabel="Advance CE-001" onSelect={(a) => setChosen(a.targetApplicationRecordState.name)} />
          <output id="chosen">{chosen}</output>
        </div>
      );
    }

    it('shows a visible focus ring on the keyboard-focused button, 3:1 or more against its background in light and dark', async () => {
      stubFetch({ '/api/applications/GetRecordStateAdvancements': { body: { data: advancements } } });
      const before = document.adoptedStyleSheets;
      document.adoptedStyleSheets = [...before, portalStyleSheet()];
      try {
        render(<MenuHarness />);
        const button = await waitFor(() => host.querySelector<HTMLButtonElement>('button[aria-haspopup=menu]'));
        await sendKeys({ press: 'Tab' });
        expect(document.activeElement).to.equal(button);
        expect(button.matches(':focus-visible')).to.equal(true);
        for (const colorScheme of ['light', 'dark'] as const) {
          await emulateMedia({ colorScheme });
          const style = getComputedStyle(button);
          expect(style.outlineStyle, colorScheme).to.equal('solid');
          expect(parseFloat(style.outlineWidth), colorScheme).to.be.at.least(2);
          const ring = contrastRatio(parseColor(style.outlineColor), backgroundOf(button));
          expect(ring, `${colorScheme} ring contrast`).to.be.at.least(3);
        }
      } finally {
        await emulateMedia({ colorScheme: 'light' });
        document.adoptedStyleSheets = before;
      }
    });

    it('lists the targets the server offers for the state, quick routes first, and reports the choice', async () => {
      stubFetch({ '/api/applications/GetRecordStateAdvancements': { body: { data: advancements } } });
      render(<MenuHarness />);
      const button = await waitFor(() => host.querySelector<HTMLButtonElement>('button[aria-haspopup=menu]'));
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      button.click();
      const items = await waitFor(() => {
        const found = [...host.querySelectorAll<HTMLButtonElement>('[role=menuitem]')];
        return found.length ? found : null;
      });
      expect(fetchCalls).to.deep.equal(['/api/applications/GetRecordStateAdvancements?applicationRecordStateId=6']);
      expect(items.map((i) => i.getAttribute('data-target-state'))).to.deep.equal(['Pending', 'Canceled']);
      await waitFor(() => host.ownerDocument.activeElement === items[0]);
      items[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      await waitFor(() => host.ownerDocument.activeElement === items[1]);
      items[1]!.click();
      await waitFor(() => host.querySelector('#chosen')?.textContent === 'Canceled');
      expect(host.querySelector('[role=menu]')).to.equal(null);
      // Asked once per state per page.
      button.click();
      await waitFor(() => host.querySelector('[role=menuitem]'));
      expect(fetchCalls.length).to.equal(1);
    });

    it('Escape right after the targets arrive gives focus back to the button (the move into the list does not run late)', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      stubFetch({ '/api/applications/GetRecordStateAdvancements': async () => { await held; return { body: { data: advancements } }; } });
      render(<MenuHarness />);
      const button = await waitFor(() => host.querySelector<HTMLButtonElement>('button[aria-haspopup=menu]'));
      button.focus();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      // Loading: the menu itself holds focus.
      const menu = await waitFor(() => host.querySelector<HTMLElement>('[role=menu]'));
      await waitFor(() => host.ownerDocument.activeElement === menu);
      // Escape in the same task as the commit that shows the targets: a mutation observer's callback runs right after
      // it, before any effect React would run later.
      const escaped = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          const item = host.querySelector<HTMLElement>('[role=menuitem]');
          if (!item) return;
          observer.disconnect();
          (host.ownerDocument.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
          resolve();
        });
        observer.observe(host, { childList: true, subtree: true });
      });
      release();
      await escaped;
      await waitFor(() => host.querySelector('[role=menu]') === null);
      await sleep(50);
      expect(host.ownerDocument.activeElement).to.equal(button);
    });

    it("given the record, shows a move the server refuses disabled with its reason, and choosing it does nothing", async () => {
      stubFetch({
        '/api/applications/GetRecordStateAdvancements': { body: { data: advancements } },
        '/api/applications/GetRecordMoveAuthority': { body: { data: [
          { targetApplicationRecordStateId: 7, allowed: false, reason: 'Needs RPM approval above $25,000: Linda Okafor', reasonRequired: false, approval: true },
          { targetApplicationRecordStateId: 12, allowed: true, reason: null, reasonRequired: false, approval: false },
        ] } },
      });
      function RecordMenu() {
        const [chosen, setChosen] = useState('');
        return (
          <div>
            <StateAdvanceMenu stateId={6} record={{ recordKey: 'ChangeEvent', recordId: 3 }} ariaLabel="Advance CE-003" onSelect={(a) => setChosen(a.targetApplicationRecordState.name)} />
            <output id="chosen">{chosen}</output>
          </div>
        );
      }
      render(<RecordMenu />);
      const button = await waitFor(() => host.querySelector<HTMLButtonElement>('button[aria-haspopup=menu]'));
      button.click();
      const pending = await waitFor(() => host.querySelector<HTMLButtonElement>('[role=menuitem][data-target-state="Pending"]'));
      expect(fetchCalls).to.include('/api/applications/GetRecordMoveAuthority?recordKey=ChangeEvent&recordId=3');
      expect(pending.getAttribute('aria-disabled')).to.equal('true');
      const why = pending.querySelector('[data-move-refusal]')!;
      expect(why.textContent).to.equal('Needs RPM approval above $25,000: Linda Okafor');
      expect(pending.getAttribute('aria-describedby')).to.equal(why.id);
      pending.click();
      await sleep(20);
      expect(host.querySelector('#chosen')?.textContent).to.equal('');
      expect(host.querySelector('[role=menu]')).to.not.equal(null);
      const canceled = host.querySelector<HTMLButtonElement>('[role=menuitem][data-target-state="Canceled"]')!;
      expect(canceled.hasAttribute('aria-disabled')).to.equal(false);
      canceled.click();
      await waitFor(() => host.querySelector('#chosen')?.textContent === 'Canceled');
    });

    it('says so when the targets can not be loaded, and Escape closes the menu', async () => {
      stubFetch({ '/api/applications/GetRecordStateAdvancements': { status: 500, body: {} } });
      render(<MenuHarness />);
      const button = await waitFor(() => host.querySelector<HTMLButtonElement>('button[aria-haspopup=menu]'));
      button.click();
      await waitFor(() => host.querySelector('[role=menu]')?.textContent?.includes('could not be loaded'));
      host.querySelector('[role=menu]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await waitFor(() => !host.querySelector('[role=menu]'));
      await sleep(10);
      expect(button.getAttribute('aria-expanded')).to.equal('false');
    });

    it('with no target offered the menu itself takes focus (its line is read; Escape closes it and gives focus back)', async () => {
      stubFetch({ '/api/applications/GetRecordStateAdvancements': { body: { data: [] } } });
      render(<MenuHarness />);
      const button = await waitFor(() => host.querySelector<HTMLButtonElement>('button[aria-haspopup=menu]'));
      button.focus();
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      const menu = await waitFor(() => host.querySelector<HTMLElement>('[role=menu]'));
      await waitFor(() => menu.textContent?.includes('No state changes are available.'));
      await waitFor(() => host.ownerDocument.activeElement === menu);
      menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await waitFor(() => !host.querySelector('[role=menu]'));
      await waitFor(() => host.ownerDocument.activeElement === button);
    });
  });
});
