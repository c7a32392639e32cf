/**
 * The §2 workbench controls added by issue 12 in the shared pieces: Open Sidebar (details and history,
 * unacknowledged changes highlighted), Tools (print, export with formulas neutralised), Open Workbench
 * on list rows, Add/Edit labelled controls; and lazy content (§9, 300 px).
 */
import { expect } from 'chai';
import type { Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { resetApi } from '../../src/core/api';
import { WORKBENCH_TOOLTIPS } from '../../src/core/workbench';
import { sheetToCsv } from '../../src/ui/grid/export';
import { LazySection } from '../../src/ui/lazy';
import { RecordLists } from '../../src/ui/records';
import {
  LabelledControl, printWorkbench, RecordSidebar, SIDEBAR_TEXT, TOOLS_TEXT, WorkbenchFrame,
} from '../../src/ui/workbench';
import { recordSheet, type HistoryEntry } from '../../src/core/records';
import { fetchCalls, sleep, stubFetch, waitFor } from '../support/browser';
import { appendReactRoot, removeReactRoot } from '../support/elements';

let host: HTMLDivElement;
let root: Root;

beforeEach(() => {
  resetApi();
  ({ host, root } = appendReactRoot());
});
afterEach(() => {
  removeReactRoot(host, root);
});

const noop = () => undefined;
const control = (tooltip: string) => host.querySelector<HTMLButtonElement>(`[title="${tooltip}"]`);

function frame(props: Partial<Parameters<typeof WorkbenchFrame>[0]> = {}) {
  return (
    <WorkbenchFrame title="Subcontract" collapsed={false} onToggleCollapsed={noop} onCopyLink={noop} onMinimize={noop} onClose={noop} {...props}>
      <p data-body>Body</p>
    </WorkbenchFrame>
  );
}

describe('workbench frame: Open Sidebar and Tools', () => {
  it('Open Sidebar shows the sidebar beside the body and is pressed; without a record there is neither control', async () => {
    let open = false;
    const draw = () => flushSync(() => root.render(frame({ sidebar: { open, onToggle: () => { open = !open; draw(); }, content: <p data-side>Side</p> } })));
    draw();
    const button = control(WORKBENCH_TOOLTIPS.openSidebar)!;
    expect(button.getAttribute('aria-label')).to.equal('Open Sidebar');
    expect(button.getAttribute('aria-pressed')).to.equal('false');
    expect(host.querySelector('[data-sidebar]')).to.equal(null);
    button.click();
    expect(host.querySelector('[data-sidebar] [data-side]')).to.not.equal(null);
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    flushSync(() => root.render(frame()));
    expect(control(WORKBENCH_TOOLTIPS.openSidebar)).to.equal(null);
    expect(control(WORKBENCH_TOOLTIPS.tools)).to.equal(null);
  });

  it('Tools opens a menu of Print, Export to CSV and Export to Excel; an entry runs its action and closes the menu; Escape closes it', async () => {
    const calls: string[] = [];
    flushSync(() => root.render(frame({ tools: { onPrint: () => calls.push('print'), onExportCsv: () => calls.push('csv'), onExportExcel: () => calls.push('xlsx') } })));
    const tools = control(WORKBENCH_TOOLTIPS.tools)!;
    expect(tools.getAttribute('aria-haspopup')).to.equal('menu');
    tools.click();
    const items = await waitFor(() => host.querySelectorAll<HTMLButtonElement>('[role="menu"] [role="menuitem"]').length === 3 && host.querySelectorAll<HTMLButtonElement>('[role="menuitem"]'));
    expect([...items].map((i) => i.textContent)).to.deep.equal([TOOLS_TEXT.print, TOOLS_TEXT.exportCsv, TOOLS_TEXT.exportExcel]);
    await waitFor(() => host.ownerDocument.activeElement === items[0]);
    items[1]!.click();
    await waitFor(() => host.querySelector('[role="menu"]') === null);
    expect(calls).to.deep.equal(['csv']);
    tools.click();
    const menu = await waitFor(() => host.querySelector<HTMLElement>('[role="menu"]'));
    menu.querySelector<HTMLButtonElement>('[role="menuitem"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => host.querySelector('[role="menu"]') === null);
    expect(tools.getAttribute('aria-expanded')).to.equal('false');
  });

  it('print hides everything beside the panel up to <body> while printing, then puts it back', () => {
    const sibling = document.createElement('div');
    sibling.textContent = 'The screen behind';
    document.body.prepend(sibling);
    flushSync(() => root.render(frame()));
    const panel = host.querySelector<HTMLElement>('.workbench-panel')!;
    let during = '';
    const hidden = printWorkbench(panel, () => { during = getComputedStyle(sibling).display; });
    expect(during).to.equal('none');
    expect(hidden).to.be.greaterThan(0);
    expect(getComputedStyle(sibling).display).to.equal('block');
    expect(getComputedStyle(panel).display).to.not.equal('none');
    sibling.remove();
  });
});

describe('record export', () => {
  it('the sheet holds the header fields then the items; CSV neutralises formulas (=, +, -, @)', () => {
    const sheet = recordSheet('Subcontract SC-001', {
      record: { number: 'SC-001', description: '=HYPERLINK("http://x")', amount: 1200.5 },
      items: [{ itemKey: 'SubcontractItem', itemId: 7, description: '+cmd', amount: -5 }, { itemKey: 'SubcontractItem', itemId: 8, description: '@SUM(A1)', amount: 10 }],
    });
    const csv = sheetToCsv(sheet).split('\r\n');
    expect(csv[0]).to.equal('Subcontract SC-001,,,');
    expect(csv[1]).to.equal('Field,Value,,');
    expect(csv[2]).to.equal('Number,SC-001,,');
    expect(csv[3]).to.equal(`Description,"'=HYPERLINK(""http://x"")",,`);
    expect(csv[4]).to.equal('Amount,1200.5,,');
    expect(csv[5]).to.equal('Items,,,');
    expect(csv[6]).to.equal('Item key,Item id,Description,Amount');
    expect(csv[7]).to.equal("SubcontractItem,7,'+cmd,-5");
    expect(csv[8]).to.equal("SubcontractItem,8,'@SUM(A1),10");
    expect(sheetToCsv(recordSheet('x', { record: { note: '-1+1' }, items: [] }))).to.contain("Note,'-1+1");
  });
});

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  recordHistoryId: 1, recordKey: 'OwnerAgreement', recordId: 1, childKey: null, childId: null, action: 'update', field: 'description',
  oldValue: 'Old text', newValue: 'New text', changedByEmployeeId: 3, changedBy: 'Rita Ramos', changedAt: '2026-11-20T15:00:00.000Z', changeSetId: 'a',
  unacknowledged: false, ...over,
});

describe('sidebar: details and history', () => {
  it('shows the details and every change with who, when, old and new value; the unacknowledged change set is highlighted', async () => {
    stubFetch({
      '/api/pfm/getrecordhistory': {
        body: {
          data: {
            recordKey: 'OwnerAgreement', recordId: 1, record: { number: 'OA-1', description: 'New text', displayText: 'hidden' }, items: [],
            history: [
              entry({ recordHistoryId: 3, changeSetId: 'b', field: 'contractType', oldValue: 'GMP', newValue: 'Lump Sum', unacknowledged: true, changedBy: 'Paula Martin' }),
              entry({ recordHistoryId: 2, changeSetId: 'a' }),
              entry({ recordHistoryId: 1, changeSetId: 'a', childKey: 'SubcontractItem', childId: 9, action: 'insert', field: 'amount', oldValue: null, newValue: 125 }),
            ],
            changes: [{ changeTrackingId: 5, recordType: 'OwnerAgreement', applicationRecordId: 1, description: 'Changed contractType', changedAt: '2026-11-21T10:00:00Z', changedBy: 'Paula Martin', changeSetId: 'b' }],
          },
        },
      },
    });
    flushSync(() => root.render(<RecordSidebar recordKey="OwnerAgreement" recordId={1} />));
    expect(host.querySelector('[role="status"]')!.textContent).to.equal(SIDEBAR_TEXT.loading);
    await waitFor(() => host.querySelector('[data-history]'));
    expect(fetchCalls.some((c) => c.includes('/api/pfm/getrecordhistory') && c.includes('recordKey=OwnerAgreement') && c.includes('recordId=1'))).to.equal(true);
    expect(host.querySelector('[data-detail="number"]')!.textContent).to.equal('OA-1');
    expect(host.querySelector('[data-detail="displayText"]')).to.equal(null);
    const sets = [...host.querySelectorAll<HTMLElement>('[data-change-set]')];
    expect(sets.map((s) => s.dataset.unacknowledged)).to.deep.equal(['true', 'false']);
    expect(sets[0]!.className).to.contain('alert-warning');
    expect(sets[0]!.querySelector('[data-changed-by]')!.textContent).to.equal('Paula Martin');
    expect(sets[0]!.querySelector('del')!.textContent).to.equal('GMP');
    expect(sets[0]!.querySelector('ins')!.textContent).to.equal('Lump Sum');
    expect(sets[0]!.textContent).to.contain(SIDEBAR_TEXT.unacknowledged);
    expect(sets[1]!.querySelector('[data-history-field="description"]')!.textContent).to.equal('Description: Old text → New text');
    expect(sets[1]!.querySelector('[data-child="SubcontractItem:9"]')!.textContent).to.equal('Subcontract item 9 · Amount: 125');
    expect(host.querySelector('[data-unacknowledged-intro]')!.textContent).to.equal(SIDEBAR_TEXT.unacknowledgedIntro(1));
  });

  it('a failed load says so with a Retry that loads again', async () => {
    let calls = 0;
    stubFetch({ '/api/pfm/getrecordhistory': () => (++calls === 1 ? { status: 500, body: { message: 'boom' } } : { body: { data: { recordKey: 'X', recordId: 1, record: null, items: [], history: [], changes: [] } } }) });
    flushSync(() => root.render(<RecordSidebar recordKey="OwnerAgreement" recordId={1} />));
    const alert = await waitFor(() => host.querySelector('[role="alert"]'));
    expect(alert.textContent).to.contain('The history could not be loaded');
    [...host.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!.click();
    await waitFor(() => host.querySelector('[data-history-empty]'));
    expect(host.querySelector('[data-history-empty]')!.textContent).to.equal(SIDEBAR_TEXT.empty);
  });
});

describe('Open Workbench on list rows, labelled controls', () => {
  it('each row has an Open Workbench control named after its record that opens it', () => {
    const opened: number[] = [];
    flushSync(() => root.render(
      <RecordLists<{ id: number; closed: boolean }> records={[{ id: 4, closed: false }]} idOf={(r) => r.id} isClosed={(r) => r.closed} label="Rows"
        columns={[{ key: 'id', label: 'Id', render: (r) => r.id }]} onOpen={(r) => opened.push(r.id)} nameOf={(r) => `R-${r.id}`} />,
    ));
    const button = control(WORKBENCH_TOOLTIPS.openWorkbench)!;
    expect(button.getAttribute('aria-label')).to.equal('Open Workbench R-4');
    button.click();
    expect(opened).to.deep.equal([4]);
  });

  it('a labelled control carries the tooltip as title and keeps its text as its name', () => {
    let clicks = 0;
    flushSync(() => root.render(<LabelledControl tooltip={WORKBENCH_TOOLTIPS.add} icon="add" onClick={() => { clicks++; }}>Add item</LabelledControl>));
    const button = control('Add')!;
    expect(button.textContent).to.equal('Add item');
    expect(button.getAttribute('aria-label')).to.equal(null);
    button.click();
    expect(clicks).to.equal(1);
  });
});

describe('lazy content (§9)', () => {
  it('content below the fold renders (and so loads) only once scrolled within 300 px of the viewport', async () => {
    let requested = 0;
    function Loader() {
      requested++;
      return <p data-lazy-content>Loaded</p>;
    }
    const spacer = document.createElement('div');
    spacer.style.height = `${window.innerHeight + 1000}px`;
    host.before(spacer);
    flushSync(() => root.render(<LazySection minHeight={50}><Loader /></LazySection>));
    await sleep(150);
    expect(requested).to.equal(0);
    expect(host.querySelector('[data-lazy-pending]')).to.not.equal(null);
    // 500 px below the viewport's bottom: still not near.
    window.scrollTo(0, spacer.offsetHeight - window.innerHeight - 500);
    await sleep(150);
    expect(requested).to.equal(0);
    // Within 300 px: it loads.
    window.scrollTo(0, spacer.offsetHeight - window.innerHeight - 250);
    await waitFor(() => host.querySelector('[data-lazy-content]'));
    expect(requested).to.be.greaterThan(0);
    spacer.remove();
    window.scrollTo(0, 0);
  });

  it('inside a scrolling panel (a workbench body) the 300 px count from the panel’s edge', async () => {
    let requested = 0;
    function Loader() {
      requested++;
      return <p data-lazy-content>Loaded</p>;
    }
    flushSync(() => root.render(
      <div data-panel style={{ height: 200, overflowY: 'auto' }}>
        <div style={{ height: 1000 }} />
        <LazySection minHeight={20}><Loader /></LazySection>
      </div>,
    ));
    const panel = host.querySelector<HTMLElement>('[data-panel]')!;
    await sleep(150);
    expect(requested).to.equal(0);
    panel.scrollTop = 1000 - 200 - 500;
    await sleep(150);
    expect(requested).to.equal(0);
    panel.scrollTop = 1000 - 200 - 250;
    await waitFor(() => host.querySelector('[data-lazy-content]'));
  });
});
