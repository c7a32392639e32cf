/**
 * The projection grid's data and edits, framework-free: which budget, loading its lines (one request)
 * and the budget, incremental reloads with `lastLoad`, typed projections, save and submit. The view
 * renders what the stores hold and calls the actions.
 */
import { atom, type WritableAtom } from 'nanostores';
import { ApiError, getJson, postForm } from '../../core/api';
import * as clock from '../../core/clock';
import { formatDate, formatDateTime, formatMoney } from '../../core/format';
import { showMessage, showPrompt, showToast } from '../../core/messages';
import { announceOpenItemsChanged } from '../../core/open-items';
import {
  PROJECTION_PATHS, SUBMISSION_TEXT, type BudgetInfo, type PendingExposureRecord, type ProjectionConflict, type ProjectionLine, type ProjectionValues, type SaveProjectionsAnswer,
} from '../../core/projections/contract';
import { parseQuantity, pluggedCostToComplete, type PluggedBy } from '../../core/projections/entry';
import { periodLabel } from '../../core/projections/periods';
import { layoutStorageKey } from '../../ui/grid/persistence';
import {
  applyEdit, autoCostToComplete, computeTotals, lineLabel, readEntry, type GridRow, type LineEdit, type LinePlug, type ProjectionMethod, type Totals, type Variant,
} from './lines';

/** What the screen shows instead of (or before) the grid. */
export type LoadStatus =
  | { kind: 'loading' }
  | { kind: 'choose'; budgets: BudgetInfo[] }
  | { kind: 'problem'; title: string; message: string; retry?: boolean }
  | { kind: 'ready' };

/** Why the grid is read-only, or null when projections can be entered. */
export type ReadOnlyReason = { kind: 'locked' | 'rollUp' | 'submitted'; message: string } | null;

/** A line someone else saved since the grid loaded it, as the panel shows it. */
export interface LineConflict extends ProjectionConflict {
  label: string;
}

/** What the last entry did, said once (the toolbar's status line). */
export interface EntryNote {
  costCodeId: number;
  kind: 'read' | 'refused' | 'warning';
  message: string;
}

/** Who submitted the month's projections and when (ISO), as the lines answer it. */
export interface Submission {
  by: string;
  byId: number | null;
  at: string;
}

/** The attributes the element was opened with. */
export interface ProjectionContext {
  projectId: number;
  budgetId: number;
  variant: Variant;
}

/** Messages the screen shows; exact texts are tested. */
export const TEXT = {
  budgetNotFound: (id: number) => `Budget ${id} does not exist. Check the link, or open the project from the projects list.`,
  projectNotFound: (id: number) => `Project ${id} does not exist. Check the link, or open the project from the projects list.`,
  noAccess: 'You do not have access to this budget. Projection grids are for PFM Admin, Project Manager and RPM roles.',
  noBudget: (id: number) => `Project ${id} has no budget to project.`,
  noContext: 'No project or budget was given.',
  invalidEntries: (n: number) => `${n} projection${n === 1 ? ' is' : 's are'} not a number. Correct the cells marked invalid, then save again.`,
  saveFailed: 'Your projections were not saved. Your changes are still here: correct them or try again.',
  saved: (n: number) => `Saved ${n} projection${n === 1 ? '' : 's'}.`,
  submitConfirm: (job: string) => `Submit the projections of budget ${job} for the month? The budget leaves your open items.`,
  submitted: (job: string) => `Projections of budget ${job} submitted for the month.`,
  saveBeforeSubmit: 'Save or discard your unsaved changes before submitting.',
  locked: (reason: string | null | undefined) => `This budget is locked: ${reason || 'no reason was given'}. Projections cannot be entered.`,
  rollUp: (children: string) => `This is a roll-up budget: it shows the totals of ${children}. Enter projections on those budgets.`,
  periodSubmitted: (period: string) => `The projections for ${period} were submitted: the lines are read-only until the month is re-opened.`,
  submittedSave: 'Submitted for the month: nothing to save until the month is re-opened.',
  period: (period: string) => `Projections for ${period}`,
  /** The period line of a submitted month: 'Projections for November 2026 · Submitted by Marcus Reyes on 11/02/2026'. */
  periodSubmittedBy: (period: string, by: string, on: string) => `Projections for ${SUBMISSION_TEXT.submittedLine(period, by, on)}`,
  reopenConfirm: (period: string, job: string) => `Re-open the projections of budget ${job} for ${period}? The lines can be changed again, and the budget is back in the open items until it is submitted again.`,
  reopenReason: 'Reason (optional)',
  reopened: (job: string) => `Projections of budget ${job} re-opened: they can be changed, then submitted again.`,
  entryErrors: (labels: string[]) => `${labels.length} line${labels.length === 1 ? '' : 's'} cannot be saved as typed: ${labels.join('; ')}. Correct the marked lines, then save again.`,
  read: (label: string, typed: string, value: number) => `${label}: '${typed}' read as ${formatMoney(value)}.`,
  plugged: (label: string, quantity: number, rate: number, value: number, by: PluggedBy) =>
    `${label}: ${quantity.toLocaleString('en-US', { maximumFractionDigits: 4 })} ${by} × ${formatMoney(rate)} = ${formatMoney(value)} cost to complete.`,
  conflicts: (n: number) => `${n} line${n === 1 ? ' was' : 's were'} saved by someone else since you loaded the grid: ${n === 1 ? 'it is' : 'they are'} not saved. Keep yours or take theirs.`,
  conflict: (c: { savedBy: string; savedAt: string; theirs: ProjectionValues; yours: ProjectionValues }) =>
    `Saved by ${c.savedBy} on ${formatDateTime(c.savedAt)}: theirs ${projectionText(c.theirs)} — yours ${projectionText(c.yours)}`,
  savedWithConflicts: (saved: number, conflicts: number) => `Saved ${saved} projection${saved === 1 ? '' : 's'}; ${conflicts} not saved: someone else saved ${conflicts === 1 ? 'that line' : 'those lines'} since you loaded the grid.`,
} as const;

/** A conflict side: '$1,200.00 (reason)', 'automatic $600.00'. */
function projectionText(values: ProjectionValues): string {
  const amount = values.projectedCostToComplete === null ? '—' : formatMoney(values.projectedCostToComplete);
  return `${values.method === 'auto' ? `automatic ${amount}` : amount}${values.reason ? ` (${values.reason})` : ''}`;
}

/** The records behind the pending figures of a line (recordKey CostCode) or a budget (recordKey Budget). */
export function loadPendingExposure(scope: { recordKey: 'CostCode' | 'Budget'; recordId: number }, signal?: AbortSignal): Promise<PendingExposureRecord[]> {
  return getJson<PendingExposureRecord[]>(PROJECTION_PATHS.pendingExposure, { recordKey: scope.recordKey, recordId: scope.recordId }, { signal });
}

/** The localStorage key of the user's "Include pending in the estimate" choice (as the column chooser's layout is kept). */
export const includePendingKey = (): string => layoutStorageKey('projection-grid-include-pending');

function readIncludePending(): boolean {
  try {
    return localStorage.getItem(includePendingKey()) === 'true';
  } catch {
    return false; // storage blocked: Procore's default, pending not included
  }
}

function writeIncludePending(on: boolean): void {
  try {
    localStorage.setItem(includePendingKey(), String(on));
  } catch {
    // Full or blocked storage: the choice lasts for this page only.
  }
}

/** Read a server error's message: the body's `message` when there is one, else the §8 text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message) return `${body.message} (${error.message})`;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The projection grid's state and actions for one budget. */
export interface ProjectionStore {
  readonly variant: Variant;
  $status: WritableAtom<LoadStatus>;
  $budget: WritableAtom<BudgetInfo | null>;
  /** Bumped whenever rows or totals change (the view re-reads {@link rows} / {@link totals}). */
  $version: WritableAtom<number>;
  /** Count of lines with unsaved edits. */
  $unsaved: WritableAtom<number>;
  $saving: WritableAtom<boolean>;
  /** The last failed save's message (cleared by a successful save). */
  $saveError: WritableAtom<string | null>;
  $readOnly: WritableAtom<ReadOnlyReason>;
  /** Whether the projected final cost and over/under include the pending changes (remembered per user). */
  $includePending: WritableAtom<boolean>;
  /** Lines someone else saved since they were loaded (not saved; Keep mine or Take theirs). */
  $conflicts: WritableAtom<LineConflict[]>;
  /** What the last entry did (read '12k' as $12,000.00, refused, or warns). */
  $entryNote: WritableAtom<EntryNote | null>;
  /** Warnings of the last save (the server's integerValue 2 feedback), per line. */
  $saveWarnings: WritableAtom<string[]>;
  /** The month being projected: 'YYYY-MM' (the server's, else the clock's). */
  period(): string;
  /** The month's submission (the latest of its submitted lines), or null when it is not submitted. */
  submission(): Submission | null;
  /** Time of the last load, from the rows' modifiedAt (server clock); sent as `lastLoad`. */
  lastLoad(): string | null;
  rows(): GridRow[];
  row(costCodeId: number): GridRow | undefined;
  totals(): Totals;
  edits(): ReadonlyMap<number, LineEdit>;
  start(): Promise<void>;
  chooseBudget(budgetId: number): Promise<void>;
  /** Incremental reload: rows changed since the last load are merged by costCodeId. Returns them. */
  refresh(): Promise<GridRow[]>;
  /** A typed projected cost to complete; '' goes back to automatic. Returns the updated row. */
  enter(costCodeId: number, input: unknown): GridRow | undefined;
  /**
   * A typed plug cell of the unit or hour grid: the quantity (units or hours) to complete or the cost of one (unit
   * cost or rate); the other comes from the line. The cost to complete becomes their product; '' goes back to automatic.
   */
  plug(costCodeId: number, part: 'quantity' | 'rate', input: unknown): GridRow | undefined;
  /** Include (or not) the pending changes in the projected final cost and over/under; returns every row. */
  setIncludePending(on: boolean): GridRow[];
  /** Resend a conflicting line with overwrite (keep mine). Resolves true when saved. */
  keepMine(costCodeId: number): Promise<boolean>;
  /** Drop my edit of a conflicting line and adopt the saved one (take theirs). Returns the rows reloaded. */
  takeTheirs(costCodeId: number): Promise<GridRow[]>;
  setMethod(costCodeId: number, method: ProjectionMethod): GridRow | undefined;
  setReason(costCodeId: number, reason: string): GridRow | undefined;
  /** Drop every unsaved edit. */
  discard(): void;
  /**
   * Put back edits kept from before a reload (`[costCodeId, edit]` pairs, as {@link edits} lists
   * them): lines that no longer exist, malformed entries and edits equal to the line are skipped.
   * Returns the updated rows.
   */
  restoreEdits(entries: unknown): GridRow[];
  /**
   * Save the edits with `lastLoad`: lines someone else saved since stay unsaved and listed in {@link $conflicts}
   * (a conflicting line is sent again only by {@link keepMine}); the others are saved. On failure they all stay.
   * Resolves true when something was saved.
   */
  save(): Promise<boolean>;
  /** Confirm and submit the month's projections. Resolves true when submitted. */
  submit(): Promise<boolean>;
  /** Ask for an optional reason and re-open the month's submitted projections (ReopenProjections), then reload. Resolves true when re-opened. */
  reopen(): Promise<boolean>;
}

/** A submission's day as the period line says it (MM/DD/YYYY, the company's day). */
export const submissionDay = (at: string): string => formatDate(clock.centralDayOf(Date.parse(at)));

/** Create the store for one element instance. `onSubmitted` lets the view announce the submission. */
export function createProjectionStore(context: ProjectionContext, onSubmitted?: (budget: BudgetInfo) => void): ProjectionStore {
  const { variant } = context;
  const lines = new Map<number, ProjectionLine>();
  const edits = new Map<number, LineEdit>();
  let order: number[] = [];
  let rowCache: GridRow[] | null = null;
  let totalsCache: Totals | null = null;
  let lastLoad: string | null = null;
  const rowById = new Map<number, GridRow>();
  // The server's refusal of a line's last save (400 feedback), until the line is edited again.
  const refusals = new Map<number, string>();

  const $status = atom<LoadStatus>({ kind: 'loading' });
  const $budget = atom<BudgetInfo | null>(null);
  const $version = atom(0);
  const $unsaved = atom(0);
  const $saving = atom(false);
  const $saveError = atom<string | null>(null);
  const $readOnly = atom<ReadOnlyReason>(null);
  const $includePending = atom(readIncludePending());
  const $conflicts = atom<LineConflict[]>([]);
  const $entryNote = atom<EntryNote | null>(null);
  const $saveWarnings = atom<string[]>([]);
  // Locked or roll-up: known at load; submitted follows the lines.
  let budgetReadOnly: ReadOnlyReason = null;

  const changed = () => {
    rowCache = null;
    totalsCache = null;
    $unsaved.set(edits.size);
    $version.set($version.get() + 1);
  };

  const typeQuery = variant === '' ? {} : { type: variant };

  function rebuildRow(id: number): GridRow | undefined {
    const line = lines.get(id);
    if (!line) return undefined;
    const row = applyEdit(line, edits.get(id), variant, { includePending: $includePending.get() });
    const refusal = refusals.get(id);
    if (refusal) row.entryError = refusal;
    row.conflict = $conflicts.get().some((c) => c.costCodeId === id);
    rowById.set(id, row);
    return row;
  }

  /**
   * Merge lines the server answered. `complete`: every line changed since `lastLoad` is among them (a load or an
   * incremental reload), so `lastLoad` moves on; a save's answer or one line does not move it (another line saved
   * by someone else meanwhile must still conflict).
   */
  function mergeLines(incoming: readonly ProjectionLine[], complete = true): GridRow[] {
    const out: GridRow[] = [];
    let added = false;
    for (const line of incoming) {
      if (!lines.has(line.costCodeId)) added = true;
      lines.set(line.costCodeId, line);
      if (complete && (!lastLoad || line.modifiedAt > lastLoad)) lastLoad = line.modifiedAt;
      const row = rebuildRow(line.costCodeId);
      if (row) out.push(row);
    }
    if (added) {
      // Keep the API's order (budget, code, type).
      order = [...lines.values()].sort((a, b) => a.budgetId - b.budgetId || a.code.localeCompare(b.code) || a.type.localeCompare(b.type)).map((l) => l.costCodeId);
    }
    updateReadOnly();
    changed();
    return out;
  }

  /**
   * The month's projections are submitted when a line's is: SubmitProjections submits them all, and the server holds
   * the whole month (a line added since is refused too) until ReopenProjections.
   */
  function updateReadOnly(): void {
    if (budgetReadOnly) return;
    const submitted = [...lines.values()].some((line) => line.projectionSubmitted === true);
    const current = $readOnly.get();
    if (submitted && current?.kind !== 'submitted') $readOnly.set({ kind: 'submitted', message: TEXT.periodSubmitted(periodLabel(store.period())) });
    else if (!submitted && current !== null) $readOnly.set(null);
  }

  async function loadBudget(budgetId: number): Promise<void> {
    $status.set({ kind: 'loading' });
    let budget: BudgetInfo;
    let loaded: ProjectionLine[];
    try {
      // Two requests in parallel: the budget and every line's summary.
      [budget, loaded] = await Promise.all([
        getJson<BudgetInfo>(PROJECTION_PATHS.budget, { budgetId }),
        getJson<ProjectionLine[]>(PROJECTION_PATHS.lines, { recordKey: 'Budget', recordId: budgetId, ...typeQuery }),
      ]);
    } catch (error) {
      $status.set(problemFor(error, TEXT.budgetNotFound(budgetId)));
      return;
    }
    if (!budget || typeof budget.budgetId !== 'number') {
      $status.set({ kind: 'problem', title: 'Budget not found', message: TEXT.budgetNotFound(budgetId) });
      return;
    }
    $budget.set(budget);
    lines.clear();
    edits.clear();
    rowById.clear();
    refusals.clear();
    $conflicts.set([]);
    $saveWarnings.set([]);
    lastLoad = null;
    budgetReadOnly = null;
    $readOnly.set(null);
    for (const line of Array.isArray(loaded) ? loaded : []) lines.set(line.costCodeId, line);
    budgetReadOnly = await readOnlyReason(budget);
    lines.clear();
    $readOnly.set(budgetReadOnly);
    mergeLines(Array.isArray(loaded) ? loaded : []);
    $status.set({ kind: 'ready' });
  }

  async function readOnlyReason(budget: BudgetInfo): Promise<ReadOnlyReason> {
    if (budget.budgetLock) return { kind: 'locked', message: TEXT.locked(budget.budgetLockReason) };
    const childIds = [...new Set([...lines.values()].map((l) => l.budgetId))].filter((id) => id !== budget.budgetId);
    if (childIds.length === 0) return null;
    let names = childIds.map((id) => `budget ${id}`);
    try {
      const budgets = await getJson<BudgetInfo[]>(PROJECTION_PATHS.budgets, { recordKey: 'Project', recordId: budget.projectId });
      names = childIds.map((id) => budgets.find((b) => b.budgetId === id)?.displayText ?? `budget ${id}`);
    } catch (error) {
      console.error('Budget names for the roll-up failed to load', error);
    }
    return { kind: 'rollUp', message: TEXT.rollUp(names.join(' and ')) };
  }

  function setEdit(id: number, edit: LineEdit | null): GridRow | undefined {
    const line = lines.get(id);
    if (!line) return undefined;
    if (edit === null) edits.delete(id);
    else edits.set(id, edit);
    refusals.delete(id);
    const row = rebuildRow(id);
    changed();
    return row;
  }

  /** An edit equal to what the server holds is no edit. */
  function normalised(line: ProjectionLine, edit: LineEdit): LineEdit | null {
    const sameReason = (edit.reason || null) === (line.projectionReason || null);
    if (edit.invalid || !sameReason) return edit;
    if (edit.method === 'auto' && line.projectionMethod === 'auto') return null;
    const samePlug = (edit.plug ?? null) === null
      ? line.pluggedBy === null || line.pluggedBy === undefined
      : edit.plug!.by === line.pluggedBy && edit.plug!.quantity === line.pluggedQuantity && edit.plug!.rate === line.pluggedRate;
    if (edit.method === 'manual' && line.projectionMethod === 'manual' && edit.value === line.projectedCostToComplete && samePlug) return null;
    return edit;
  }

  /** The line's projection as it stands (its edit, else as saved), for an entry that changes one part of it. */
  function currentEdit(line: ProjectionLine): LineEdit {
    const edit = edits.get(line.costCodeId);
    if (edit) return edit;
    const manual = line.projectionMethod === 'manual';
    const plug: LinePlug | null = manual && line.pluggedBy && line.pluggedQuantity !== null && line.pluggedRate !== null
      ? { by: line.pluggedBy, quantity: line.pluggedQuantity, rate: line.pluggedRate } : null;
    return {
      method: line.projectionMethod, value: manual ? line.projectedCostToComplete : null, text: manual ? String(line.projectedCostToComplete) : '',
      invalid: false, reason: line.projectionReason ?? '', plug,
    };
  }

  /** Say what an entry did: what it was read as, why it was refused, or what to check. */
  function note(id: number, row: GridRow | undefined, said: string | null): void {
    if (!row) return;
    if (row.entryError) $entryNote.set({ costCodeId: id, kind: 'refused', message: row.entryError.startsWith(lineLabel(row)) ? row.entryError : `${lineLabel(row)}: ${row.entryError}` });
    else if (row.entryWarning) $entryNote.set({ costCodeId: id, kind: 'warning', message: said ? `${said} ${row.entryWarning}` : row.entryWarning });
    else if (said) $entryNote.set({ costCodeId: id, kind: 'read', message: said });
  }

  function removeConflicts(ids: Iterable<number>): void {
    const gone = new Set(ids);
    if (![...gone].some((id) => $conflicts.get().some((c) => c.costCodeId === id))) return;
    $conflicts.set($conflicts.get().filter((c) => !gone.has(c.costCodeId)));
    for (const id of gone) rebuildRow(id);
  }

  /** The entries of a save: each edit as SaveProjections reads it (plugs as units × unit cost or hours × rate). */
  function entriesOf(sent: ReadonlyMap<number, LineEdit>, overwrite: ReadonlySet<number>) {
    return [...sent].map(([costCodeId, edit]) => {
      const plug = edit.method === 'manual' ? edit.plug ?? null : null;
      return {
        costCodeId,
        method: edit.method,
        value: edit.method === 'manual' ? String(edit.value ?? 0) : undefined,
        reason: edit.reason || undefined,
        ...(plug?.by === 'units' ? { unitsToComplete: String(plug.quantity), unitCost: String(plug.rate) } : {}),
        ...(plug?.by === 'hours' ? { hoursToComplete: String(plug.quantity), rate: String(plug.rate) } : {}),
        ...(overwrite.has(costCodeId) ? { overwrite: true } : {}),
      };
    });
  }

  /** Conflicts the server answered, added to the panel (one per line, the latest). */
  function addConflicts(conflicts: readonly ProjectionConflict[]): void {
    if (conflicts.length === 0) return;
    const ids = new Set(conflicts.map((c) => c.costCodeId));
    const labelled = conflicts.map((c) => {
      const line = lines.get(c.costCodeId);
      return { ...c, label: line ? lineLabel(line) : `Line ${c.costCodeId}` };
    });
    $conflicts.set([...$conflicts.get().filter((c) => !ids.has(c.costCodeId)), ...labelled]);
    for (const id of ids) rebuildRow(id);
  }

  /** The lines a 400's feedback names (`projections[i].…`), with their messages: marked at the line. */
  function refuseLines(error: unknown, sentIds: readonly number[]): boolean {
    if (!(error instanceof ApiError) || error.status !== 400) return false;
    const feedback = (error.body as { feedback?: Array<{ integerValue: number; stringValue: string; message: string }> } | undefined)?.feedback;
    if (!Array.isArray(feedback)) return false;
    let any = false;
    for (const item of feedback) {
      const index = /^projections\[(\d+)\]/.exec(item.stringValue ?? '')?.[1];
      const id = index === undefined ? undefined : sentIds[Number(index)];
      if (id === undefined || item.integerValue !== 1) continue;
      refusals.set(id, item.message);
      rebuildRow(id);
      any = true;
    }
    return any;
  }

  /** POST the entries; conflicts, refusals and warnings go where the screen shows them. Resolves true when something was saved. */
  async function send(sent: Map<number, LineEdit>, overwrite: ReadonlySet<number>): Promise<boolean> {
    const budget = $budget.get()!;
    const ids = [...sent.keys()];
    $saving.set(true);
    try {
      const answer = await postForm<Partial<SaveProjectionsAnswer>>(PROJECTION_PATHS.save, {
        budgetId: budget.budgetId, lastLoad: lastLoad ?? undefined, projections: entriesOf(sent, overwrite),
      });
      const conflicts = Array.isArray(answer?.conflicts) ? answer.conflicts : [];
      const conflicting = new Set(conflicts.map((c) => c.costCodeId));
      const saved = ids.filter((id) => !conflicting.has(id));
      // Only edits that were not changed again while the save was in flight are done.
      for (const id of saved) if (edits.get(id) === sent.get(id)) edits.delete(id);
      for (const id of saved) refusals.delete(id);
      removeConflicts(saved);
      addConflicts(conflicts);
      $saveError.set(null);
      const warnings = (answer?.feedback ?? []).filter((f) => f.integerValue !== 1).map((f) => {
        const index = /^projections\[(\d+)\]/.exec(f.stringValue ?? '')?.[1];
        const line = index === undefined ? undefined : lines.get(ids[Number(index)] ?? -1);
        // The server numbers lines by their place in the save ('Line 2: …'): name the line instead.
        return line ? `${lineLabel(line)}: ${f.message.replace(/^Line \d+: /, '')}` : f.message;
      });
      $saveWarnings.set(warnings);
      if (answer?.lines?.length) mergeLines(answer.lines, false);
      for (const id of ids) rebuildRow(id);
      changed();
      const count = answer?.saved ?? saved.length;
      if (conflicts.length) showToast(TEXT.savedWithConflicts(count, conflicts.length), { title: 'Projections', variant: 'warning' });
      else showToast(TEXT.saved(count), { title: 'Projections', variant: 'success' });
      return true;
    } catch (error) {
      const body = error instanceof ApiError ? error.body as { conflicts?: ProjectionConflict[] } | undefined : undefined;
      if (error instanceof ApiError && error.status === 409 && Array.isArray(body?.conflicts)) {
        // Every line conflicts: none saved; each waits for Keep mine or Take theirs.
        addConflicts(body.conflicts);
        $saveError.set(TEXT.conflicts(body.conflicts.length));
        changed();
        return false;
      }
      refuseLines(error, ids);
      const message = `${TEXT.saveFailed} ${errorMessage(error)}`;
      $saveError.set(message);
      changed();
      showToast(message, { title: 'Projections not saved', variant: 'danger' });
      return false;
    } finally {
      $saving.set(false);
    }
  }

  /** A call on the whole month (submit, re-open) with Save held: said in a toast, then `done` and a reload. Resolves true when done. */
  async function monthCall(path: string, form: Record<string, unknown>, said: string, failTitle: string, done: () => void): Promise<boolean> {
    $saving.set(true);
    try {
      await postForm(path, form);
      showToast(said, { title: 'Projections', variant: 'success' });
      done();
      await store.refresh().catch((error: unknown) => console.error('Projection reload failed', error));
      return true;
    } catch (error) {
      showToast(errorMessage(error), { title: failTitle, variant: 'danger' });
      return false;
    } finally {
      $saving.set(false);
    }
  }

  const store: ProjectionStore = {
    variant,
    $status, $budget, $version, $unsaved, $saving, $saveError, $readOnly, $includePending, $conflicts, $entryNote, $saveWarnings,
    period() {
      const first = lines.values().next().value as (ProjectionLine & { month?: unknown }) | undefined;
      return typeof first?.month === 'string' && clock.isPeriod(first.month) ? first.month : clock.currentPeriod();
    },
    submission() {
      let latest: Submission | null = null;
      for (const line of lines.values()) {
        if (!line.projectionSubmitted || !line.projectionSubmittedAt) continue;
        if (!latest || line.projectionSubmittedAt > latest.at) {
          latest = { by: line.projectionSubmittedBy ?? 'someone', byId: line.projectionSubmittedById ?? null, at: line.projectionSubmittedAt };
        }
      }
      return latest;
    },
    lastLoad: () => lastLoad,
    rows() {
      rowCache ??= order.map((id) => rowById.get(id)).filter((row): row is GridRow => row !== undefined);
      return rowCache;
    },
    row: (id) => rowById.get(id),
    totals() {
      totalsCache ??= computeTotals(store.rows(), variant);
      return totalsCache;
    },
    edits: () => edits,

    async start() {
      $status.set({ kind: 'loading' });
      if (context.budgetId > 0) return loadBudget(context.budgetId);
      if (context.projectId <= 0) {
        $status.set({ kind: 'problem', title: 'Nothing to show', message: TEXT.noContext });
        return;
      }
      let budgets: BudgetInfo[];
      try {
        budgets = await getJson<BudgetInfo[]>(PROJECTION_PATHS.budgets, { recordKey: 'Project', recordId: context.projectId });
      } catch (error) {
        $status.set(problemFor(error, TEXT.projectNotFound(context.projectId)));
        return;
      }
      if (!Array.isArray(budgets) || budgets.length === 0) {
        $status.set({ kind: 'problem', title: 'No budget', message: TEXT.noBudget(context.projectId) });
        return;
      }
      if (budgets.length === 1) return loadBudget(budgets[0]!.budgetId);
      $status.set({ kind: 'choose', budgets });
    },

    chooseBudget: (budgetId) => loadBudget(budgetId),

    async refresh() {
      const budget = $budget.get();
      if (!budget) return [];
      const since = lastLoad;
      const incoming = await getJson<ProjectionLine[]>(PROJECTION_PATHS.lines, {
        recordKey: 'Budget', recordId: budget.budgetId, lastLoad: since ?? undefined, ...typeQuery,
      });
      return mergeLines(Array.isArray(incoming) ? incoming : []);
    },

    enter(id, input) {
      const line = lines.get(id);
      if (!line || $readOnly.get()) return rowById.get(id);
      const entry = readEntry(input);
      const reason = edits.get(id)?.reason ?? line.projectionReason ?? '';
      if (entry.empty) return setEdit(id, normalised(line, { method: 'auto', value: null, text: '', invalid: false, reason }));
      const row = setEdit(id, normalised(line, { method: 'manual', value: entry.value, text: entry.text, invalid: entry.invalid, reason, message: entry.message, plug: null }));
      const typed = String(input).trim();
      // Say what a shorthand was read as ('12k' → $12,000.00); a plain number says nothing more.
      const plain = entry.value !== null && /^-?\d+(\.\d+)?$/.test(typed);
      note(id, row, entry.value !== null && !plain ? TEXT.read(lineLabel(line), typed, entry.value) : null);
      return row;
    },

    plug(id, part, input) {
      const line = lines.get(id);
      if (!line || $readOnly.get() || variant === '') return rowById.get(id);
      const by: PluggedBy = variant === 'unit' ? 'units' : 'hours';
      const current = currentEdit(line);
      const reason = current.reason;
      const reading = parseQuantity(input);
      if (reading.kind === 'empty') {
        const row = setEdit(id, normalised(line, { method: 'auto', value: null, text: '', invalid: false, reason }));
        return row;
      }
      if (reading.kind === 'refused') {
        const row = setEdit(id, { method: 'manual', value: null, text: '', invalid: true, reason, message: reading.message, plug: current.plug ?? null });
        note(id, row, null);
        return row;
      }
      // The other part: as plugged, else what the line shows (the quantity its cost to complete amounts to, the budget's cost of one).
      const shown = rowById.get(id);
      const quantity = part === 'quantity' ? reading.value : current.plug?.quantity ?? (variant === 'unit' ? shown?.unitsToComplete : shown?.hoursToComplete) ?? 0;
      const rate = part === 'rate' ? reading.value : current.plug?.rate ?? (variant === 'unit' ? shown?.unitCost : shown?.rate) ?? 0;
      const value = pluggedCostToComplete(quantity, rate);
      const row = setEdit(id, normalised(line, { method: 'manual', value, text: String(value), invalid: false, reason, plug: { by, quantity, rate } }));
      note(id, row, TEXT.plugged(lineLabel(line), quantity, rate, value, by));
      return row;
    },

    setIncludePending(on) {
      if ($includePending.get() === on) return store.rows();
      $includePending.set(on);
      writeIncludePending(on);
      for (const id of lines.keys()) rebuildRow(id);
      changed();
      return store.rows();
    },

    setMethod(id, method) {
      const line = lines.get(id);
      if (!line || $readOnly.get()) return rowById.get(id);
      const current = edits.get(id);
      const reason = current?.reason ?? line.projectionReason ?? '';
      if (method === 'auto') return setEdit(id, normalised(line, { method, value: null, text: '', invalid: false, reason }));
      // Manual starts from what the line shows now, so the user can adjust it.
      const value = current && !current.invalid && current.value !== null ? current.value : rowById.get(id)?.projectedCostToComplete ?? autoCostToComplete(line);
      return setEdit(id, normalised(line, { method, value, text: String(value), invalid: false, reason }));
    },

    setReason(id, reason) {
      const line = lines.get(id);
      if (!line || $readOnly.get()) return rowById.get(id);
      const row = setEdit(id, normalised(line, { ...currentEdit(line), reason: reason.trim().slice(0, 500) }));
      note(id, row, null);
      return row;
    },

    restoreEdits(entries) {
      if ($readOnly.get() || !Array.isArray(entries)) return [];
      const out: GridRow[] = [];
      for (const entry of entries as unknown[]) {
        if (!Array.isArray(entry) || typeof entry[0] !== 'number' || !isLineEdit(entry[1])) continue;
        const line = lines.get(entry[0]);
        if (!line) continue;
        const row = setEdit(entry[0], normalised(line, entry[1]));
        if (row) out.push(row);
      }
      return out;
    },

    discard() {
      const ids = [...edits.keys(), ...refusals.keys()];
      edits.clear();
      refusals.clear();
      $conflicts.set([]);
      $entryNote.set(null);
      for (const id of ids) rebuildRow(id);
      $saveError.set(null);
      changed();
    },

    async save() {
      const budget = $budget.get();
      if (!budget || edits.size === 0 || $saving.get() || $readOnly.get()) return false;
      const invalid = [...edits.values()].filter((e) => e.invalid).length;
      if (invalid > 0) {
        const message = TEXT.invalidEntries(invalid);
        $saveError.set(message);
        showToast(message, { title: 'Projections not saved', variant: 'danger' });
        return false;
      }
      // Refused before sending, at the line (the server refuses them too): a negative cost to complete without a reason.
      const refused = [...edits.keys()].map((id) => rowById.get(id)).filter((row): row is GridRow => !!row?.entryError && !refusals.has(row.costCodeId));
      if (refused.length > 0) {
        const message = TEXT.entryErrors(refused.map((row) => row.entryError!));
        $saveError.set(message);
        showToast(message, { title: 'Projections not saved', variant: 'danger' });
        return false;
      }
      // A conflicting line goes again only by Keep mine: a plain save must not overwrite it.
      const conflicting = new Set($conflicts.get().map((c) => c.costCodeId));
      const sent = new Map([...edits].filter(([id]) => !conflicting.has(id)));
      if (sent.size === 0) {
        $saveError.set(TEXT.conflicts(conflicting.size));
        return false;
      }
      return send(sent, new Set());
    },

    async keepMine(id) {
      const edit = edits.get(id);
      if (!edit || !$budget.get() || $saving.get()) return false;
      return send(new Map([[id, edit]]), new Set([id]));
    },

    async takeTheirs(id) {
      edits.delete(id);
      refusals.delete(id);
      removeConflicts([id]);
      rebuildRow(id);
      changed();
      const loaded = await store.refresh();
      return loaded.some((row) => row.costCodeId === id) ? loaded : [...loaded, rowById.get(id)!].filter(Boolean);
    },

    async submit() {
      const budget = $budget.get();
      if (!budget || $readOnly.get()) return false;
      if (edits.size > 0) {
        showToast(TEXT.saveBeforeSubmit, { title: 'Projections', variant: 'warning' });
        return false;
      }
      const ok = await showMessage({ title: 'Submit projections', message: TEXT.submitConfirm(budget.jobNumber), buttons: ['cancel', 'ok'], labels: { ok: 'Submit' } });
      if (ok !== true) return false;
      return monthCall(PROJECTION_PATHS.submit, { budgetId: budget.budgetId }, TEXT.submitted(budget.jobNumber), 'Projections not submitted',
        () => onSubmitted?.(budget));
    },

    async reopen() {
      const budget = $budget.get();
      if (!budget || $readOnly.get()?.kind !== 'submitted' || $saving.get()) return false;
      const { result, text } = await showPrompt({
        title: 'Re-open projections', message: TEXT.reopenConfirm(periodLabel(store.period()), budget.jobNumber), input: 'textarea',
        inputLabel: TEXT.reopenReason, buttons: ['cancel', 'ok'], labels: { ok: 'Re-open' },
      });
      if (result !== true) return false;
      // The budget is pending projections again: the header's bell counts it.
      return monthCall(PROJECTION_PATHS.reopen, { budgetId: budget.budgetId, reason: text.trim() || undefined }, TEXT.reopened(budget.jobNumber),
        'Projections not re-opened', announceOpenItemsChanged);
    },
  };
  return store;
}

/** True when `value` has the shape of a {@link LineEdit} (a kept draft is checked before it is used). */
function isLineEdit(value: unknown): value is LineEdit {
  const edit = value as Partial<LineEdit> | null;
  return !!edit && typeof edit === 'object' && (edit.method === 'auto' || edit.method === 'manual')
    && (edit.value === null || (typeof edit.value === 'number' && Number.isFinite(edit.value)))
    && typeof edit.text === 'string' && typeof edit.invalid === 'boolean' && typeof edit.reason === 'string'
    && (edit.plug === undefined || edit.plug === null || ((edit.plug.by === 'units' || edit.plug.by === 'hours')
      && Number.isFinite(edit.plug.quantity) && Number.isFinite(edit.plug.rate)));
}

/** A load failure as the message the screen shows instead of an empty grid. */
function problemFor(error: unknown, notFoundMessage: string): LoadStatus {
  console.error('Projection grid load failed', error);
  if (error instanceof ApiError && error.status === 404) return { kind: 'problem', title: 'Not found', message: notFoundMessage };
  if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return { kind: 'problem', title: 'No access', message: TEXT.noAccess, retry: true };
  return { kind: 'problem', title: 'The projections could not be loaded', message: errorMessage(error), retry: true };
}
