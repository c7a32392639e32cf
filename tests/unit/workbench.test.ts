import { expect } from 'chai';
import { $router, navigate } from '../../src/core/router';
import {
  $minimizedWorkbenches, $workbenchLocation, closeWorkbench, closedWorkbenchUrl, findWorkbenchKind, minimizeWorkbench, MINIMIZED_STORAGE_KEY, openWorkbench,
  restoreWorkbench, workbenchFromSearch, workbenchUrl, WORKBENCH_KINDS, WORKBENCH_NOT_FOUND, WORKBENCH_TOOLTIPS,
} from '../../src/core/workbench';

/** §2's list of workbench kinds, as the spec writes it. */
const SPEC_KINDS = [
  'Subcontract', 'Subcontract Change Order', 'Purchase Agreement', 'Purchase Agreement Change Order', 'Purchase Order', 'Cost Adjustment',
  'Change Event', 'Change Event Item', 'Initiating Document', 'Owner Agreement', 'Owner Agreement Change Order', 'Cost Code Transactions',
  'Direct Cost', 'Add Cost Code', 'Email', 'Project Configuration', 'Document Template Administration', 'Reports', 'Survey Instance',
];

function captureErrors(run: () => void): unknown[][] {
  const calls: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => { calls.push(args); };
  try { run(); } finally { console.error = original; }
  return calls;
}

describe('workbench registry and query state', () => {
  let start: string;
  beforeEach(() => {
    start = location.pathname + location.search;
    history.replaceState(null, '', '/pfm/projects/projectiongrid?projectId=1&budgetId=1');
    $minimizedWorkbenches.set([]);
  });
  afterEach(() => {
    $minimizedWorkbenches.set([]);
    sessionStorage.removeItem(MINIMIZED_STORAGE_KEY);
    history.replaceState(null, '', start);
  });

  it('lists exactly the workbench kinds of §2, in order (§2 names 19, not 20), then issue 14\'s two', () => {
    expect(WORKBENCH_KINDS.map((k) => k.label)).to.deep.equal([...SPEC_KINDS, 'SLIM Request', 'Risk Assessment', 'Pay Application']);
    expect(WORKBENCH_KINDS).to.have.length(22);
    expect(WORKBENCH_KINDS.find((k) => k.key === 'SlimRequest')?.tag).to.equal('wb-slim-request');
    expect(WORKBENCH_KINDS.find((k) => k.key === 'RiskAssessment')?.tag).to.equal('wb-risk-assessment');
  });

  it('derives keys and wb- tags from the labels', () => {
    const ce = WORKBENCH_KINDS.find((k) => k.label === 'Change Event');
    expect(ce).to.deep.equal({ key: 'ChangeEvent', label: 'Change Event', tag: 'wb-change-event' });
    expect(WORKBENCH_KINDS.find((k) => k.key === 'CostCodeTransactions')?.tag).to.equal('wb-cost-code-transactions');
    expect(WORKBENCH_KINDS.find((k) => k.key === 'DocumentTemplateAdministration')?.tag).to.equal('wb-document-template-administration');
    expect(new Set(WORKBENCH_KINDS.map((k) => k.tag)).size).to.equal(WORKBENCH_KINDS.length);
  });

  it('carries the §2 tooltips exactly', () => {
    expect(Object.values(WORKBENCH_TOOLTIPS)).to.deep.equal([
      'Open Workbench', 'Open Sidebar', 'Collapse', 'Expand', 'Tools', 'Preview', 'Add', 'Copy Link', 'Close Workbench',
      'Restore Workbench', 'Minimize Workbench', 'Files', 'Edit',
    ]);
  });

  it("logs 'Workbench Not Found' for an unknown kind only", () => {
    expect(WORKBENCH_NOT_FOUND).to.equal('Workbench Not Found');
    let found: unknown;
    const calls = captureErrors(() => { found = findWorkbenchKind('Nope'); });
    expect(found).to.equal(undefined);
    expect(calls).to.deep.equal([['Workbench Not Found']]);
    expect(captureErrors(() => { found = findWorkbenchKind('costcodetransactions'); })).to.deep.equal([]);
    expect((found as { key: string }).key).to.equal('CostCodeTransactions');
    expect(captureErrors(() => findWorkbenchKind(''))).to.deep.equal([]);
  });

  it('builds links that keep the other query parameters and replace old workbench ones (any case)', () => {
    const url = workbenchUrl('ChangeEvent', { recordKey: 'ChangeEvent', recordId: 3, activeTab: 'items' }, '/pfm/x?projectId=1&Workbench=Old&RECORDID=9&budgetId=2#top');
    const parsed = new URL(url, location.origin);
    expect(parsed.pathname).to.equal('/pfm/x');
    expect(parsed.hash).to.equal('#top');
    expect([...parsed.searchParams]).to.deep.equal([['projectId', '1'], ['budgetId', '2'], ['workbench', 'ChangeEvent'], ['recordKey', 'ChangeEvent'], ['recordId', '3'], ['activeTab', 'items']]);
    expect(closedWorkbenchUrl(url)).to.equal('/pfm/x?projectId=1&budgetId=2#top');
  });

  it('openWorkbench pushes a history entry that Back undoes; closeWorkbench keeps other parameters', async () => {
    const before = history.length;
    openWorkbench('CostCodeTransactions', { recordKey: 'Budget', recordId: 1, activeTray: 't1' });
    expect(history.length).to.equal(before + 1);
    expect(location.pathname).to.equal('/pfm/projects/projectiongrid');
    expect(workbenchFromSearch()).to.deep.equal({ workbench: 'CostCodeTransactions', recordKey: 'Budget', recordId: 1, activeTab: '', activeTray: 't1' });
    expect(new URLSearchParams(location.search).get('projectId')).to.equal('1');
    closeWorkbench();
    expect(location.search).to.equal('?projectId=1&budgetId=1');
    await new Promise<void>((resolve) => { addEventListener('popstate', () => resolve(), { once: true }); history.back(); });
    expect(workbenchFromSearch().workbench).to.equal('CostCodeTransactions');
  });

  it("the workbench location follows the portal router's navigation (no popstate), so a workbench whose parameters leave the address closes", async () => {
    const unrouted = $workbenchLocation.listen(() => {});
    openWorkbench('Reports', { recordKey: 'Project', recordId: 1 });
    expect(new URLSearchParams($workbenchLocation.get().search).get('workbench')).to.equal('Reports');
    const routed = $router.listen(() => {}); // the portal mounts its router
    try {
      navigate('/pfm/projects/esign?projectId=3&recordKey=Subcontract&recordId=9');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect($workbenchLocation.get().search).to.equal('?projectId=3&recordKey=Subcontract&recordId=9');
    } finally {
      routed();
      unrouted();
    }
  });

  it('minimise puts the open workbench in the tray (kept in sessionStorage) and closes it; restore reopens it', () => {
    openWorkbench('Reports', { recordKey: 'Project', recordId: 1 });
    minimizeWorkbench();
    expect(workbenchFromSearch().workbench).to.equal('');
    expect($minimizedWorkbenches.get()).to.deep.equal([{ kind: 'Reports', recordKey: 'Project', recordId: 1, title: 'Reports' }]);
    expect(JSON.parse(sessionStorage.getItem(MINIMIZED_STORAGE_KEY) ?? '[]')).to.deep.equal($minimizedWorkbenches.get());
    openWorkbench('Reports', { recordKey: 'Project', recordId: 1 });
    minimizeWorkbench('Reports again');
    expect($minimizedWorkbenches.get()).to.have.length(1);
    const entry = $minimizedWorkbenches.get()[0]!;
    restoreWorkbench(entry);
    expect($minimizedWorkbenches.get()).to.deep.equal([]);
    expect(workbenchFromSearch()).to.include({ workbench: 'Reports', recordKey: 'Project', recordId: 1 });
  });

  it('restoring while another workbench is open minimises that one', () => {
    openWorkbench('Reports', { recordKey: 'Project', recordId: 1 });
    minimizeWorkbench();
    openWorkbench('ProjectConfiguration', { recordKey: 'Project', recordId: 1 });
    restoreWorkbench($minimizedWorkbenches.get()[0]!);
    expect(workbenchFromSearch().workbench).to.equal('Reports');
    expect($minimizedWorkbenches.get().map((e) => e.kind)).to.deep.equal(['ProjectConfiguration']);
  });

  it('reads a malformed recordId as -1', () => {
    expect(workbenchFromSearch('?workbench=Reports&recordId=abc').recordId).to.equal(-1);
    expect(workbenchFromSearch('?WORKBENCH=Reports&RecordId=7').recordId).to.equal(7);
  });
});
