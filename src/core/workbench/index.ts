/**
 * Workbenches (§2): panels over a screen whose state lives in the query (workbench, recordKey,
 * recordId, activeTab, activeTray), so Copy Link reproduces one and Back closes it. This module is
 * the registry of the kinds and the query-state helpers; the frame is `<pfm-workbench-host>`.
 */
import { atom, onMount, onNotify } from 'nanostores';
import type { WritableAtom } from 'nanostores';
import { $router, matchRoute, navigate } from '../router';
import { pageSingleton } from '../singleton';
import { workbenchFromSearch, type WorkbenchTarget } from './search';

/** One workbench kind: its query key, its §2 label and the element that shows it. */
export interface WorkbenchKind {
  readonly key: string;
  readonly label: string;
  readonly tag: string;
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase());

/** The §2 list of workbench kinds, in its order (labels exactly as §2 writes them), then the ones later issues add. */
const LABELS = [
  'Subcontract', 'Subcontract Change Order',
  'Purchase Agreement', 'Purchase Agreement Change Order', 'Purchase Order',
  'Cost Adjustment',
  'Change Event', 'Change Event Item',
  'Initiating Document',
  'Owner Agreement', 'Owner Agreement Change Order',
  'Cost Code Transactions', 'Direct Cost', 'Add Cost Code',
  'Email', 'Project Configuration', 'Document Template Administration', 'Reports', 'Survey Instance',
  // Issue 14 (beyond §2's list): the SLIM request and the subcontractor risk assessment.
  'Slim Request', 'Risk Assessment',
  // Pay applications (beyond §2's list): a commitment's monthly bill.
  'Pay Application',
] as const;

/** Labels that differ from their key's words (an acronym): key → the label shown. */
const SHOWN_LABELS: Readonly<Record<string, string>> = { SlimRequest: 'SLIM Request' };

/** Every workbench kind: key = label without spaces, tag = `wb-<kebab-key>`. */
export const WORKBENCH_KINDS: readonly WorkbenchKind[] = Object.freeze(LABELS.map((words) => {
  const key = words.replace(/ /g, '');
  return Object.freeze({ key, label: SHOWN_LABELS[key] ?? words, tag: `wb-${kebab(key)}` });
}));

/** §2 workbench control tooltips, exactly. */
export const WORKBENCH_TOOLTIPS = Object.freeze({
  openWorkbench: 'Open Workbench',
  openSidebar: 'Open Sidebar',
  collapse: 'Collapse',
  expand: 'Expand',
  tools: 'Tools',
  preview: 'Preview',
  add: 'Add',
  copyLink: 'Copy Link',
  closeWorkbench: 'Close Workbench',
  restoreWorkbench: 'Restore Workbench',
  minimizeWorkbench: 'Minimize Workbench',
  files: 'Files',
  edit: 'Edit',
} as const);

/** §8: what is logged for an unknown workbench kind. */
export const WORKBENCH_NOT_FOUND = 'Workbench Not Found';

/**
 * Event (bubbling, composed) a workbench element fires to name its record in the frame's header;
 * `detail: { name }`. Workbenches fire it through `useWorkbenchRecordName` (src/ui/records).
 */
export const WORKBENCH_RECORD_EVENT = 'pfm-workbench-record';

/**
 * The kind for a `workbench` query value (case-insensitive). An unknown, non-empty value logs
 * 'Workbench Not Found' (§8) and gives undefined; an empty one gives undefined silently.
 */
export function findWorkbenchKind(key: string | null | undefined): WorkbenchKind | undefined {
  if (!key) return undefined;
  const lower = key.toLowerCase();
  const kind = WORKBENCH_KINDS.find((k) => k.key.toLowerCase() === lower);
  if (!kind) console.error(WORKBENCH_NOT_FOUND);
  return kind;
}


export { workbenchFromSearch, type WorkbenchTarget };

/** The query parameters that hold a workbench's state. */
export const WORKBENCH_PARAMS = ['workbench', 'recordKey', 'recordId', 'activeTab', 'activeTray'] as const;

/** `url` without the workbench parameters, whatever their case (legacy links write Workbench=). */
function stripWorkbench(url: URL): URL {
  const names = new Set(WORKBENCH_PARAMS.map((name) => name.toLowerCase()));
  for (const name of [...url.searchParams.keys()]) if (names.has(name.toLowerCase())) url.searchParams.delete(name);
  return url;
}

/**
 * The address of the current page (or `from`) with workbench `kind` open on `target`; every other
 * query parameter is kept. Returns path + query + hash (same origin).
 */
export function workbenchUrl(kind: string, target: WorkbenchTarget = {}, from: string = location.href): string {
  const url = stripWorkbench(new URL(from, location.origin));
  url.searchParams.set('workbench', kind);
  if (target.recordKey) url.searchParams.set('recordKey', target.recordKey);
  if (target.recordId !== undefined && target.recordId !== null) url.searchParams.set('recordId', String(target.recordId));
  if (target.activeTab) url.searchParams.set('activeTab', target.activeTab);
  if (target.activeTray) url.searchParams.set('activeTray', target.activeTray);
  return url.pathname + url.search + url.hash;
}

/** The address of the current page (or `from`) with no workbench open; other parameters kept. */
export function closedWorkbenchUrl(from: string = location.href): string {
  const url = stripWorkbench(new URL(from, location.origin));
  return url.pathname + url.search + url.hash;
}

/**
 * Push a same-path address: through the portal's `navigate` on a portal screen; elsewhere (a legacy
 * page embedding the host, a hand-off or /demo path) straight through the router store, because only
 * the query changes and `navigate` would leave such a page.
 */
function go(path: string): void {
  const pathname = new URL(path, location.origin).pathname;
  if (matchRoute(pathname)?.kind === 'screen') navigate(path);
  else $router.open(path);
  // The router skips a path it believes it is already on; where it does not follow popstate (a
  // legacy page), that belief can be stale, so make sure the address really changed.
  const target = new URL(path, location.origin);
  if (location.pathname + location.search + location.hash !== target.pathname + target.search + target.hash) history.pushState(null, '', path);
  location$.set({ search: location.search });
}

// One per page: the query string as the workbench helpers and Back/Forward leave it. It does not
// mount the portal's router, whose link listener must not take over a legacy page's links.
// Each change is a new object, so listeners hear it even when the query string is the same as before
// (a host opened from its attributes on a page whose address never named the workbench).
const location$ = pageSingleton<WritableAtom<{ search: string }>>('workbench.location', () => {
  const store = atom({ search: location.search });
  onMount(store, () => {
    const update = () => store.set({ search: location.search });
    update();
    window.addEventListener('popstate', update);
    // In the portal its router also moves the page (links, navigate()): follow it, so a workbench whose
    // parameters leave the address closes. onNotify does not mount the router, so a legacy page stays unrouted.
    const unbindRouter = onNotify($router, () => queueMicrotask(update));
    return () => {
      window.removeEventListener('popstate', update);
      unbindRouter();
    };
  });
  return store;
});

/** The page's query string, updated by {@link openWorkbench}, {@link closeWorkbench} and Back/Forward (also on a legacy page). */
export const $workbenchLocation = location$;

/** The element that shows the open workbench and the tray (src/elements/pfm-workbench-host). */
export const WORKBENCH_HOST_TAG = 'pfm-workbench-host';

/** What a screen knows of its context, for the workbenches it opens. */
export interface WorkbenchHostContext {
  projectId?: number;
  budgetId?: number;
}

/**
 * Make sure the page has somewhere for workbenches to open. Inside `<portal-app>` the portal places
 * the host; a screen embedded alone on a legacy page calls this when it mounts (through
 * `defineReactElement(…, { onMount: ensureWorkbenchHost })`), and when the page has no
 * `<pfm-workbench-host>` of its own one is appended to `<body>`: the workbench named by the page's
 * query (`workbench`, `recordKey`, `recordId`, `activeTab`, `activeTray`) opens at once, later ones
 * open from row clicks and links, Back closes them. Its `project-id`/`budget-id` are the screen's
 * (`context`), else the query's. The loader sees the new tag and loads its chunk. Idempotent.
 */
export function ensureWorkbenchHost(context: WorkbenchHostContext = {}): void {
  if (typeof document === 'undefined' || document.querySelector(`portal-app, ${WORKBENCH_HOST_TAG}`)) return;
  const query = new URLSearchParams(location.search);
  const queryId = (name: string) => {
    for (const [key, value] of query) if (key.toLowerCase() === name.toLowerCase() && /^-?\d{1,16}$/.test(value.trim())) return Number(value);
    return -1;
  };
  const id = (value: number | undefined, name: string) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : queryId(name));
  const open = workbenchFromSearch(query);
  const host = document.createElement(WORKBENCH_HOST_TAG);
  const attributes: Record<string, string> = {
    workbench: open.workbench, 'record-key': open.recordKey, 'record-id': String(open.recordId),
    'active-tab': open.activeTab, 'active-tray': open.activeTray,
    'project-id': String(id(context.projectId, 'projectId')), 'budget-id': String(id(context.budgetId, 'budgetId')),
  };
  for (const [name, value] of Object.entries(attributes)) if (value !== '') host.setAttribute(name, value);
  host.dataset.added = 'ensureWorkbenchHost';
  (document.body ?? document.documentElement).append(host);
}

/** Open workbench `kind` over the current screen (a new history entry: Back closes it). */
export function openWorkbench(kind: string, target: WorkbenchTarget = {}): void {
  go(workbenchUrl(kind, target));
}

/** Close the open workbench (a new history entry without the workbench parameters). */
export function closeWorkbench(): void {
  go(closedWorkbenchUrl());
}

/** A minimised workbench waiting in the tray. */
export interface MinimizedWorkbench {
  kind: string;
  recordKey: string;
  recordId: number;
  title: string;
}

/** sessionStorage key of the tray, so a reload keeps it (per tab, like the history). */
export const MINIMIZED_STORAGE_KEY = 'bizapps.workbench.minimized';

function readTray(): MinimizedWorkbench[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(MINIMIZED_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((e): e is MinimizedWorkbench => typeof e?.kind === 'string' && typeof e.recordKey === 'string'
      && typeof e.recordId === 'number' && typeof e.title === 'string');
  } catch {
    return [];
  }
}

// One tray per page, shared by every copy of the bundle.
const tray = pageSingleton<WritableAtom<MinimizedWorkbench[]>>('workbench.tray', () => {
  const store = atom<MinimizedWorkbench[]>(readTray());
  store.listen((entries) => {
    try {
      sessionStorage.setItem(MINIMIZED_STORAGE_KEY, JSON.stringify(entries));
    } catch {
      // Storage full or blocked: the tray still works for this page.
    }
  });
  return store;
});

/** The minimised workbenches, oldest first. */
export const $minimizedWorkbenches = tray;

const sameEntry = (a: MinimizedWorkbench, b: MinimizedWorkbench) => a.kind === b.kind && a.recordKey === b.recordKey && a.recordId === b.recordId;

/**
 * Minimise the open workbench: it goes to the tray (once per kind and record) and the panel closes.
 * `title` is what the tray shows (default: the kind's label). Does nothing when none is open.
 */
export function minimizeWorkbench(title?: string): void {
  const open = workbenchFromSearch();
  if (!open.workbench) return;
  const entry: MinimizedWorkbench = {
    kind: open.workbench, recordKey: open.recordKey, recordId: open.recordId,
    title: title ?? WORKBENCH_KINDS.find((k) => k.key.toLowerCase() === open.workbench.toLowerCase())?.label ?? open.workbench,
  };
  tray.set([...tray.get().filter((e) => !sameEntry(e, entry)), entry]);
  closeWorkbench();
}

/** Take `entry` out of the tray and open it (an open workbench is minimised first). */
export function restoreWorkbench(entry: MinimizedWorkbench): void {
  if (workbenchFromSearch().workbench) minimizeWorkbench();
  tray.set(tray.get().filter((e) => !sameEntry(e, entry)));
  openWorkbench(entry.kind, { recordKey: entry.recordKey || undefined, recordId: entry.recordId >= 0 ? entry.recordId : undefined });
}

/** Remove `entry` from the tray without opening it. */
export function discardMinimizedWorkbench(entry: MinimizedWorkbench): void {
  tray.set(tray.get().filter((e) => !sameEntry(e, entry)));
}
