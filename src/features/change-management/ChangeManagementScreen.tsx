/**
 * `<pfm-change-management>` (§2 /pfm/projects/changemanagement): initiating documents, change
 * events, requests for proposal and change requests of a project, each in Open and Closed lists,
 * with §4 state advancement (src/features/change-management) and workbenches for each record.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { ACCESS } from '../../core/access';
import { ApiError } from '../../core/api';
import { $session, signIn, startAuth } from '../../core/auth';
import { $changes, $changesApplicationId } from '../../core/changes';
import { formatMoney } from '../../core/format';
import { $roles, $rolesStatus, hasAccess } from '../../core/roles';
import { replaceActiveTab } from '../../core/router/active-tab';
import { openWorkbench, workbenchFromSearch } from '../../core/workbench';
import { ChangeIndicator } from '../../ui/ChangeIndicator';
import { useStore } from '../../ui/hooks';
import { LookupText, projectSubject, RecordLists, ScreenTitle, StateAdvanceMenu, useRecords } from '../../ui/records';
import type { RecordColumn, StateAdvancement } from '../../ui/records';
import type { ChangeEvent, ChangeEventItem, ChangeRecord } from './types';
import { changeEventItems, changeEvents, changeRecords, itemTree, loadChangeEventItems, loadChangeEvents, loadChangeRecords } from './data';
import { advanceChangeEvent, advanceChangeEventItem, advanceChangeRecord } from './advance';
import type { AdvanceOutcome } from './advance';
import { BlockedItems } from './BlockedItems';
import type { BlockedAdvance } from './BlockedItems';
import { TABS, TAB_LABELS, isChangeRequest, isRequestForProposal, tabFromAttribute } from './tabs';
import type { ChangeManagementTab } from './tabs';
import { LoadProblem } from '../../ui/LoadProblem';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { useLoad } from '../../ui/useLoad';

/** Attributes (kebab-case in HTML): project-id, budget-id, active-tab, record-key, record-id. */
export interface ChangeManagementProps {
  projectId?: number;
  budgetId?: number;
  activeTab?: string;
  recordKey?: string;
  recordId?: number;
}

const money = (value: number | null | undefined) => (value === null || value === undefined ? '' : formatMoney(value));

/** Write the tab into the address (replace): the header's tab menu reads it from there. */
function writeTabToUrl(tab: ChangeManagementTab): void {
  // The workbench parameters include activeTab: while one is open the tab is the workbench's.
  if (workbenchFromSearch().workbench) return;
  replaceActiveTab(tab);
}

/**
 * Load the project's records into the shared stores. §8: each record set is loaded and logged on its own; the
 * others continue. The load fails when one was refused (403) or when all three failed.
 */
async function loadProjectChanges(projectId: number, signal: AbortSignal): Promise<void> {
  const loads = [loadChangeRecords(projectId, signal), loadChangeEvents(projectId, signal), loadChangeEventItems('Project', projectId, signal)];
  const results = await Promise.allSettled(loads);
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  for (const failure of failures) if (!signal.aborted) console.error('Change management load failed', failure.reason);
  const refused = failures.find((f) => f.reason instanceof ApiError && f.reason.status === 403);
  if (refused) throw refused.reason;
  if (failures.length === results.length) throw failures[0]!.reason;
}

/** The orange asterisk of a change event with unacknowledged changes (parent record = the event). */
function EventIndicator({ changeEventId, label }: { changeEventId: number; label: string }) {
  const changes = useStore($changes);
  const applicationId = useStore($changesApplicationId);
  if (applicationId === null) return null;
  const changed = changes.some((c) => c.parentApplicationRecordId === changeEventId && (c.parentRecordType === undefined || c.parentRecordType === 'ChangeEvent'));
  if (!changed) return null;
  return <ChangeIndicator applicationId={applicationId} parentApplicationRecordId={changeEventId} label={`Acknowledge changes to ${label}`} />;
}

function OpenButton({ label, onOpen, testId }: { label: string; onOpen(): void; testId?: string }) {
  return (
    <button type="button" className="btn btn-link p-0 text-start" onClick={onOpen} data-open={testId}>{label}</button>
  );
}

/** `<pfm-change-management>`'s view. */
export function ChangeManagement(props: ChangeManagementProps) {
  const session = useStore($session);
  const signedIn = session.status === 'signedIn';
  const projectId = typeof props.projectId === 'number' && Number.isSafeInteger(props.projectId) ? props.projectId : -1;
  const { state: load, retry } = useLoad(signedIn && projectId >= 1 ? String(projectId) : null, (signal) => loadProjectChanges(projectId, signal));

  // The tab: the attribute when it names a tab; an invalid first value falls back to the first tab;
  // a later invalid or empty value (a workbench's own activeTab, or its closing) keeps the tab shown.
  const [tab, setTab] = useState<ChangeManagementTab>(() => tabFromAttribute(props.activeTab));
  const [seenAttribute, setSeenAttribute] = useState(props.activeTab ?? '');
  if ((props.activeTab ?? '') !== seenAttribute) {
    setSeenAttribute(props.activeTab ?? '');
    const lower = (props.activeTab ?? '').toLowerCase();
    const named = TABS.find((t) => t === lower);
    if (named && named !== tab) setTab(named);
  }

  useEffect(() => {
    if (session.status === 'starting') void startAuth();
  }, [session.status]);

  // A legacy page (or a bad link) may give an invalid tab: show the address the screen shows.
  useEffect(() => {
    if ((props.activeTab ?? '').toLowerCase() !== tab && !workbenchFromSearch().workbench && props.activeTab !== undefined && props.activeTab !== '') writeTabToUrl(tab);
    // Only on mount: later changes go through choose().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (next: ChangeManagementTab) => {
    setTab(next);
    writeTabToUrl(next);
  };

  const tabRefs = useRef<Partial<Record<ChangeManagementTab, HTMLButtonElement | null>>>({});
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    let next: ChangeManagementTab | undefined;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') next = TABS[(index - 1 + TABS.length) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    choose(next);
    tabRefs.current[next]?.focus();
  };
  const base = useId();

  if (session.status === 'signedOut' || session.status === 'error') {
    return (
      <main className="container-fluid py-3" data-screen="change-management">
        <h1 className="h4">Change Management</h1>
        <p>Sign in to see the project's changes.</p>
        <button type="button" className="btn btn-primary" onClick={() => void signIn()}>Sign in</button>
      </main>
    );
  }

  let body: ReactNode;
  if (projectId < 1) body = <div className="alert alert-info" role="status">Choose a project to see its change management.</div>;
  else if (load.status === 'failed' && load.failure === 'forbidden') body = <LoadProblem variant="warning" state="forbidden" message="You do not have access to project financial management." onRetry={retry} />;
  else if (load.status === 'failed') {
    body = (
      <div className="alert alert-danger" role="alert">
        The change management records could not be loaded.{' '}
        <button type="button" className="btn btn-sm btn-outline-danger ms-2" onClick={retry}>Retry</button>
      </div>
    );
  } else {
    body = <TabPanel tab={tab} projectId={projectId} loading={load.status === 'loading'} />;
  }

  return (
    <main className="container-fluid py-3" data-screen="change-management">
      <ScreenTitle title="Change Management" subject={projectSubject(projectId)} />
      <div role="tablist" aria-label="Change management" className="nav nav-tabs mb-3" onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => { tabRefs.current[name] = el; }}
            type="button"
            role="tab"
            id={`${base}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${base}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={`nav-link${tab === name ? ' active' : ''}`}
            data-tab={name}
            onClick={() => choose(name)}
          >
            {TAB_LABELS[name]}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${tab}`} data-panel={tab}>
        {body}
      </section>
    </main>
  );
}

/**
 * True when the user may create records here: a PFM role (the API refuses others). Where roles are
 * not loaded (a legacy page without the portal) the screen's own load decides: it answered, so the
 * user has one.
 */
function useCanWrite(): boolean {
  const roles = useStore($roles);
  const rolesStatus = useStore($rolesStatus);
  return rolesStatus !== 'loaded' || hasAccess(ACCESS.pfm.key, ACCESS.pfm.roles, roles);
}

/** Track which records have an update under way (their menus are disabled meanwhile). */
function useBusy(): [ReadonlySet<string>, (key: string, run: () => Promise<AdvanceOutcome>) => Promise<AdvanceOutcome>] {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const run = useCallback(async (key: string, task: () => Promise<AdvanceOutcome>) => {
    setBusy((current) => new Set(current).add(key));
    try {
      return await task();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  }, []);
  return [busy, run];
}

function TabPanel({ tab, projectId, loading }: { tab: ChangeManagementTab; projectId: number; loading: boolean }) {
  // A Viewer on the project's team reads only: no New, no state menus, one read-only line.
  const canWrite = useProjectWrite({ projectId });
  const lists = tab === 'change-events' ? <ChangeEventLists projectId={projectId} loading={loading} canWrite={canWrite} />
    : tab === 'request-for-proposals' ? <RequestForProposalLists projectId={projectId} loading={loading} canWrite={canWrite} />
      : <ChangeRecordLists projectId={projectId} loading={loading} requestsOnly={tab === 'change-requests'} canWrite={canWrite} />;
  return <>{canWrite ? null : <ReadOnlyLine />}{lists}</>;
}

function ChangeRecordLists({ projectId, loading, requestsOnly, canWrite }: { projectId: number; loading: boolean; requestsOnly: boolean; canWrite: boolean }) {
  const filter = useCallback((r: ChangeRecord) => r.projectId === projectId && (!requestsOnly || isChangeRequest(r)), [projectId, requestsOnly]);
  const compare = useCallback((a: ChangeRecord, b: ChangeRecord) => a.number.localeCompare(b.number), []);
  const records = useRecords(changeRecords(), filter, compare);
  const [busy, run] = useBusy();
  const canCreate = useCanWrite() && !requestsOnly && canWrite;
  const open = (r: ChangeRecord) => openWorkbench('InitiatingDocument', { recordKey: 'ChangeRecord', recordId: r.changeRecordId });
  const columns: Array<RecordColumn<ChangeRecord>> = [
    { key: 'number', label: 'Number', render: (r) => <OpenButton label={r.number} onOpen={() => open(r)} testId={r.number} /> },
    { key: 'title', label: 'Description', render: (r) => r.title },
    { key: 'type', label: 'Type', render: (r) => <LookupText type="initiatingDocumentType" id={r.initiatingDocumentTypeId} /> },
    { key: 'date', label: 'Date', render: (r) => r.documentDate ?? '' },
    { key: 'state', label: 'State', render: (r) => <span data-state>{r.recordStateName}</span> },
    { key: 'estimatedAmount', label: 'Estimated', numeric: true, render: (r) => money(r.estimatedAmount) },
  ];
  return (
    <>
      {canCreate ? (
        <div className="mb-2">
          <button type="button" className="btn btn-sm btn-primary" data-new="initiating-document"
            onClick={() => openWorkbench('InitiatingDocument', { recordKey: 'Project', recordId: projectId })}>
            New initiating document
          </button>
        </div>
      ) : null}
      <RecordLists<ChangeRecord>
        records={records}
        idOf={(r) => r.changeRecordId}
        onOpen={open}
        nameOf={(r) => r.number}
        isClosed={(r) => r.closed}
        columns={columns}
        label={requestsOnly ? 'Change requests' : 'Initiating documents'}
        loading={loading && records.length === 0}
        testId={requestsOnly ? 'change-requests' : 'initiating-documents'}
        emptyText={{ open: requestsOnly ? 'No open change requests.' : 'No open initiating documents.', closed: requestsOnly ? 'No closed change requests.' : 'No closed initiating documents.' }}
        actions={canWrite ? (r) => (
          <StateAdvanceMenu
            stateId={r.applicationRecordStateId}
            ariaLabel={`Advance ${r.number}`}
            disabled={busy.has(`r${r.changeRecordId}`)}
            onSelect={(a: StateAdvancement) => void run(`r${r.changeRecordId}`, () => advanceChangeRecord(r, a.targetApplicationRecordState))}
          />
        ) : undefined}
      />
    </>
  );
}

function ChangeEventLists({ projectId, loading, canWrite }: { projectId: number; loading: boolean; canWrite: boolean }) {
  const filter = useCallback((e: ChangeEvent) => e.projectId === projectId, [projectId]);
  const compare = useCallback((a: ChangeEvent, b: ChangeEvent) => a.number.localeCompare(b.number), []);
  const events = useRecords(changeEvents(), filter, compare);
  const [busy, run] = useBusy();
  const [blocked, setBlocked] = useState<BlockedAdvance | null>(null);
  const open = (e: ChangeEvent) => openWorkbench('ChangeEvent', { recordKey: 'ChangeEvent', recordId: e.changeEventId });
  const advance = async (e: ChangeEvent, a: StateAdvancement) => {
    setBlocked(null);
    const outcome = await run(`e${e.changeEventId}`, () => advanceChangeEvent(e, a.targetApplicationRecordState));
    if (outcome.kind === 'blocked') setBlocked({ ...outcome, recordName: e.number });
  };
  const columns: Array<RecordColumn<ChangeEvent>> = [
    {
      key: 'number', label: 'Number', render: (e) => (
        <span className="text-nowrap">
          <OpenButton label={e.number} onOpen={() => open(e)} testId={e.number} />{' '}
          <EventIndicator changeEventId={e.changeEventId} label={e.number} />
        </span>
      ),
    },
    { key: 'title', label: 'Description', render: (e) => e.title },
    { key: 'state', label: 'State', render: (e) => <span data-state>{e.recordStateName}</span> },
    { key: 'items', label: 'Items', numeric: true, render: (e) => String(e.itemCount ?? '') },
    { key: 'estimatedAmount', label: 'Estimated', numeric: true, render: (e) => money(e.estimatedAmount) },
    { key: 'approvedAmount', label: 'Approved', numeric: true, render: (e) => money(e.approvedAmount) },
  ];
  return (
    <>
      {blocked ? <BlockedItems blocked={blocked} onDismiss={() => setBlocked(null)} /> : null}
      <RecordLists<ChangeEvent>
        records={events}
        idOf={(e) => e.changeEventId}
        onOpen={open}
        nameOf={(e) => e.number}
        isClosed={(e) => e.closed}
        columns={columns}
        label="Change events"
        loading={loading && events.length === 0}
        testId="change-events"
        emptyText={{ open: 'No open change events.', closed: 'No closed change events.' }}
        actions={canWrite ? (e) => (
          <StateAdvanceMenu
            stateId={e.applicationRecordStateId}
            ariaLabel={`Advance ${e.number}`}
            disabled={busy.has(`e${e.changeEventId}`)}
            onSelect={(a) => void advance(e, a)}
          />
        ) : undefined}
      />
    </>
  );
}

function RequestForProposalLists({ projectId, loading, canWrite }: { projectId: number; loading: boolean; canWrite: boolean }) {
  const filter = useCallback((i: ChangeEventItem) => i.projectId === projectId && isRequestForProposal(i), [projectId]);
  const items = useRecords(changeEventItems(), filter);
  const eventMap = useStore(changeEvents().$records);
  const rows = itemTree(items);
  const levels = new Map(rows.map((r) => [r.item.changeEventItemId, r.level]));
  const [busy, run] = useBusy();
  const open = (i: ChangeEventItem) => openWorkbench('ChangeEventItem', { recordKey: 'ChangeEventItem', recordId: i.changeEventItemId });
  const columns: Array<RecordColumn<ChangeEventItem>> = [
    { key: 'item', label: 'Item', render: (i) => <OpenButton label={`Item ${i.changeEventItemId}`} onOpen={() => open(i)} testId={`item-${i.changeEventItemId}`} /> },
    { key: 'event', label: 'Change Event', render: (i) => eventMap.get(i.changeEventId)?.number ?? '' },
    { key: 'description', label: 'Description', render: (i) => i.description },
    { key: 'vendor', label: 'Vendor', render: (i) => <LookupText type="vendor" id={i.vendorId} fallback={i.vendorName ?? ''} /> },
    { key: 'state', label: 'State', render: (i) => <span data-state>{i.recordStateName}</span> },
    { key: 'estimatedAmount', label: 'Estimated', numeric: true, render: (i) => money(i.estimatedAmount) },
    { key: 'proposedAmount', label: 'Proposed', numeric: true, render: (i) => money(i.proposedAmount) },
  ];
  return (
    <RecordLists<ChangeEventItem>
      records={rows.map((r) => r.item)}
      idOf={(i) => i.changeEventItemId}
      onOpen={open}
      nameOf={(i) => `item ${i.changeEventItemId}`}
      isClosed={(i) => i.closed}
      levelOf={(i) => levels.get(i.changeEventItemId) ?? 0}
      columns={columns}
      label="Requests for proposal"
      loading={loading && items.length === 0}
      testId="request-for-proposals"
      emptyText={{ open: 'No open requests for proposal.', closed: 'No closed requests for proposal.' }}
      actions={canWrite ? (i) => (
        <StateAdvanceMenu
          stateId={i.applicationRecordStateId}
          ariaLabel={`Advance item ${i.changeEventItemId}`}
          disabled={busy.has(`i${i.changeEventItemId}`)}
          onSelect={(a) => void run(`i${i.changeEventItemId}`, () => advanceChangeEventItem(i, a.targetApplicationRecordState))}
        />
      ) : undefined}
    />
  );
}
