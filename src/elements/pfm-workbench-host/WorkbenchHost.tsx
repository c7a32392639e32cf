/**
 * `<pfm-workbench-host>`'s view: the open workbench's frame over the screen, and the tray of
 * minimised ones. Its state comes from its attributes (the portal passes the route's query) and
 * from the query the workbench helpers write (so it also works alone on a legacy page).
 */
import { createElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { $changes, $changesApplicationId } from '../../core/changes';
import { getPageLoader } from '../../core/define';
import { showToast } from '../../core/messages';
import {
  $minimizedWorkbenches, $workbenchLocation, closeWorkbench, findWorkbenchKind, minimizeWorkbench, restoreWorkbench,
  workbenchFromSearch, WORKBENCH_NOT_FOUND, WORKBENCH_RECORD_EVENT,
} from '../../core/workbench';
import { ChangeIndicator } from '../../ui/ChangeIndicator';
import { useStore } from '../../ui/hooks';
import { useSignedIn } from '../../ui/session';
import { isDocumentRecordKey } from '../../core/document-templates/contract';
import {
  DocumentPreviewPanel, FilesPanel, printWorkbench, RecordSidebar, WorkbenchFrame, WorkbenchTray,
} from '../../ui/workbench';
import { loadFileCount } from '../../core/records/files';
import { loadRecordHistory, recordSheet } from '../../core/records/history';
import { attributeId } from '../../core/attributes';

/** Attributes of `<pfm-workbench-host>` (kebab-case in HTML). */
export interface WorkbenchHostProps {
  workbench?: string;
  recordKey?: string;
  recordId?: number;
  activeTab?: string;
  activeTray?: string;
  projectId?: number;
  budgetId?: number;
}

interface HostState { workbench: string; recordKey: string; recordId: number; activeTab: string; activeTray: string; projectId: number; budgetId: number }


function stateFromProps(props: WorkbenchHostProps): HostState {
  return {
    workbench: props.workbench ?? '', recordKey: props.recordKey ?? '', recordId: attributeId(props.recordId),
    activeTab: props.activeTab ?? '', activeTray: props.activeTray ?? '', projectId: attributeId(props.projectId), budgetId: attributeId(props.budgetId),
  };
}

function stateFromQuery(search: string, previous: HostState): HostState {
  const params = new URLSearchParams(search);
  const id = (name: string, fallback: number) => {
    for (const [key, value] of params) if (key.toLowerCase() === name.toLowerCase() && /^-?\d{1,16}$/.test(value)) return Number(value);
    return fallback;
  };
  return { ...workbenchFromSearch(params), projectId: id('projectId', previous.projectId), budgetId: id('budgetId', previous.budgetId) };
}

/** Whether the page's loader can load `tag` (or something already defined it). */
function elementExists(tag: string): boolean {
  return Boolean(customElements.get(tag)) || (getPageLoader()?.tags.includes(tag) ?? false);
}

/**
 * Inside `<portal-app>` the address is the truth: the portal mirrors it into the attributes, but an
 * attribute that becomes empty never reaches the props (r2wc skips empty attribute values), so the
 * props could reopen a closed workbench. On a legacy page the attributes are the contract.
 */
function initialState(props: WorkbenchHostProps): HostState {
  const fromProps = stateFromProps(props);
  return document.querySelector('portal-app') ? stateFromQuery(location.search, fromProps) : fromProps;
}

/** The host: nothing but the tray when no workbench is open. */
export function WorkbenchHost(props: WorkbenchHostProps) {
  const [state, setState] = useState<HostState>(() => initialState(props));
  // New attributes win over the query seen before (adjusting state while rendering, not in an effect).
  const fromProps = JSON.stringify(stateFromProps(props));
  const [seenProps, setSeenProps] = useState(fromProps);
  if (seenProps !== fromProps) {
    setSeenProps(fromProps);
    setState(initialState(props));
  }
  useEffect(() => $workbenchLocation.listen(({ search }) => setState((previous) => stateFromQuery(search, previous))), []);

  const tray = useStore($minimizedWorkbenches);
  // Embedded alone on a legacy page the host may mount before anyone signed in: it starts the sign-in
  // (a no-op in the portal) and opens the workbench once signed in, so no load goes out without a token.
  const signedIn = useSignedIn();
  return (
    <>
      {state.workbench && signedIn ? <OpenWorkbench key={`${state.workbench}|${state.recordKey}|${state.recordId}`} state={state} /> : null}
      <WorkbenchTray entries={tray} onRestore={restoreWorkbench} />
    </>
  );
}

/** Record keys that name a context rather than the record a workbench shows. */
const CONTEXT_KEYS = new Set(['project', 'budget', 'legalentity']);

function OpenWorkbench({ state }: { state: HostState }) {
  const kind = useMemo(() => findWorkbenchKind(state.workbench), [state.workbench]);
  const [collapsed, setCollapsed] = useState(false);
  const [recordName, setRecordName] = useState(state.recordKey && state.recordId > 0 ? `${state.recordKey} ${state.recordId}` : '');
  const title = kind?.label ?? state.workbench;
  const hasRecord = Boolean(kind && state.recordKey && state.recordId > 0);
  // A workbench opened on a project or budget creates a record or lists many: no one record's details, history or export.
  const oneRecord = hasRecord && !CONTEXT_KEYS.has(state.recordKey.toLowerCase());

  const [fileCount, setFileCount] = useState<number | null>(null);
  const [filesOpen, setFilesOpen] = useState(false);
  // Preview (§2): commitments and their change orders have a generated document (src/core/documents.ts).
  const hasDocument = hasRecord && isDocumentRecordKey(state.recordKey);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // The sidebar's history reloads when the workbench names its record again (pfm-workbench-record, e.g. after a save renamed it); opening the sidebar loads it afresh.
  const [historyVersion, setHistoryVersion] = useState(0);
  const refreshCount = useCallback(() => {
    if (!hasRecord) return;
    loadFileCount(state.recordKey, state.recordId).then(setFileCount, (error: unknown) => {
      console.error('Could not load the file count', error);
    });
  }, [hasRecord, state.recordKey, state.recordId]);
  useEffect(refreshCount, [refreshCount]);

  useEffect(() => {
    if (kind && elementExists(kind.tag)) void getPageLoader()?.load(kind.tag);
  }, [kind]);

  const changes = useStore($changes);
  const applicationId = useStore($changesApplicationId);
  const changed = applicationId !== null && changes.some((c) => c.parentApplicationRecordId === state.recordId && c.parentRecordType === state.recordKey);

  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = container.current;
    if (!node) return undefined;
    const onRecord = (event: Event) => {
      const name = (event as CustomEvent<{ name?: unknown }>).detail?.name;
      if (typeof name === 'string') setRecordName(name);
      setHistoryVersion((n) => n + 1);
    };
    node.addEventListener(WORKBENCH_RECORD_EVENT, onRecord);
    return () => node.removeEventListener(WORKBENCH_RECORD_EVENT, onRecord);
  }, []);

  const fileName = `${title} ${recordName || state.recordId}`.trim().replace(/[^\w.-]+/g, '-');
  const exportRecord = async (format: 'csv' | 'xlsx') => {
    try {
      const [data, writers] = await Promise.all([loadRecordHistory(state.recordKey, state.recordId), import('../../ui/grid/export')]);
      const sheet = recordSheet(`${title} ${recordName}`.trim(), data);
      if (format === 'csv') writers.downloadCsv(sheet, fileName);
      else await writers.downloadExcel(sheet, fileName);
    } catch (error) {
      console.error('Export failed', error);
      showToast(`The export failed: ${error instanceof Error ? error.message : String(error)}`, { variant: 'danger' });
    }
  };
  const print = () => {
    const panel = container.current?.querySelector<HTMLElement>('.workbench-panel');
    if (panel) printWorkbench(panel);
  };

  const copyLink = () => {
    const href = location.href;
    navigator.clipboard.writeText(href).then(
      () => showToast('Link copied', { variant: 'success' }),
      () => showToast('The link could not be copied', { variant: 'danger' }),
    );
  };

  let body;
  if (!kind) {
    body = (
      <div className="alert alert-danger" role="alert">
        <strong>{WORKBENCH_NOT_FOUND}</strong>: there is no workbench named ‘{state.workbench}’.
      </div>
    );
  } else if (!elementExists(kind.tag)) {
    body = (
      <div className="alert alert-info" role="status">
        The <strong>{kind.label}</strong> workbench is not available yet in the new portal.
      </div>
    );
  } else {
    body = createElement(kind.tag, {
      'record-key': state.recordKey, 'record-id': String(state.recordId), 'project-id': String(state.projectId),
      'budget-id': String(state.budgetId), 'active-tab': state.activeTab, 'active-tray': state.activeTray,
    });
  }

  return (
    <div ref={container}>
      <WorkbenchFrame
        title={title}
        recordName={recordName}
        indicator={changed && applicationId !== null
          ? <ChangeIndicator applicationId={applicationId} parentApplicationRecordId={state.recordId} label={`Acknowledge changes to ${title} ${recordName}`.trim()} />
          : null}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
        onCopyLink={copyLink}
        onMinimize={() => minimizeWorkbench(recordName ? `${title}: ${recordName}` : title)}
        onClose={closeWorkbench}
        files={hasRecord ? { count: fileCount, open: filesOpen, onToggle: () => setFilesOpen((open) => !open) } : null}
        onPreview={hasDocument ? () => setPreviewOpen((open) => !open) : undefined}
        previewOpen={previewOpen}
        sidebar={oneRecord ? {
          open: sidebarOpen, onToggle: () => setSidebarOpen((open) => !open),
          content: <RecordSidebar recordKey={state.recordKey} recordId={state.recordId} reloadKey={historyVersion} />,
        } : null}
        tools={oneRecord ? { onPrint: print, onExportCsv: () => void exportRecord('csv'), onExportExcel: () => void exportRecord('xlsx') } : null}
      >
        {hasDocument && previewOpen ? <DocumentPreviewPanel recordKey={state.recordKey} recordId={state.recordId} recordName={recordName} /> : null}
        {hasRecord && filesOpen ? <FilesPanel recordKey={state.recordKey} recordId={state.recordId} onChanged={refreshCount} /> : null}
        {body}
      </WorkbenchFrame>
    </div>
  );
}
