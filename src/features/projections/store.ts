/**
 * The projection grid's data and edits, framework-free: which budget, loading its lines (one request)
 * and the budget, incremental reloads with `lastLoad`, typed projections, save and submit. The view
 * renders what the stores hold and calls the actions.
 */
import { atom, type WritableAtom } from 'nanostores';
import { ApiError, getJson, postForm } from '../../core/api';
import { showMessage, showToast } from '../../core/messages';
import { PROJECTION_PATHS, type BudgetInfo, type ProjectionLine } from '../../core/projections/contract';
import { applyEdit, autoCostToComplete, computeTotals, readEntry, type GridRow, type LineEdit, type ProjectionMethod, type Totals, type Variant } from './lines';

/** What the screen shows instead of (or before) the grid. */
export type LoadStatus =
  | { kind: 'loading' }
  | { kind: 'choose'; budgets: BudgetInfo[] }
  | { kind: 'problem'; title: string; message: string; retry?: boolean }
  | { kind: 'ready' };

/** Why the grid is read-only, or null when projections can be entered. */
export type ReadOnlyReason = { kind: 'locked'; message: string } | { kind: 'rollUp'; message: string } | null;

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
} as const;

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
  /** Save the edits; on failure they all stay. Resolves true when saved. */
  save(): Promise<boolean>;
  /** Confirm and submit the month's projections. Resolves true when submitted. */
  submit(): Promise<boolean>;
}

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

  const $status = atom<LoadStatus>({ kind: 'loading' });
  const $budget = atom<BudgetInfo | null>(null);
  const $version = atom(0);
  const $unsaved = atom(0);
  const $saving = atom(false);
  const $saveError = atom<string | null>(null);
  const $readOnly = atom<ReadOnlyReason>(null);

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
    const row = applyEdit(line, edits.get(id), variant);
    rowById.set(id, row);
    return row;
  }

  function mergeLines(incoming: readonly ProjectionLine[]): GridRow[] {
    const out: GridRow[] = [];
    let added = false;
    for (const line of incoming) {
      if (!lines.has(line.costCodeId)) added = true;
      lines.set(line.costCodeId, line);
      if (!lastLoad || line.modifiedAt > lastLoad) lastLoad = line.modifiedAt;
      const row = rebuildRow(line.costCodeId);
      if (row) out.push(row);
    }
    if (added) {
      // Keep the API's order (budget, code, type).
      order = [...lines.values()].sort((a, b) => a.budgetId - b.budgetId || a.code.localeCompare(b.code) || a.type.localeCompare(b.type)).map((l) => l.costCodeId);
    }
    changed();
    return out;
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
    lastLoad = null;
    mergeLines(Array.isArray(loaded) ? loaded : []);
    $readOnly.set(await readOnlyReason(budget));
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
    const row = rebuildRow(id);
    changed();
    return row;
  }

  /** An edit equal to what the server holds is no edit. */
  function normalised(line: ProjectionLine, edit: LineEdit): LineEdit | null {
    const sameReason = (edit.reason || null) === (line.projectionReason || null);
    if (edit.invalid || !sameReason) return edit;
    if (edit.method === 'auto' && line.projectionMethod === 'auto') return null;
    if (edit.method === 'manual' && line.projectionMethod === 'manual' && edit.value === line.projectedCostToComplete) return null;
    return edit;
  }

  const store: ProjectionStore = {
    variant,
    $status, $budget, $version, $unsaved, $saving, $saveError, $readOnly,
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
      return setEdit(id, normalised(line, { method: 'manual', value: entry.value, text: entry.text, invalid: entry.invalid, reason }));
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
      const current = edits.get(id) ?? {
        method: line.projectionMethod, value: line.projectionMethod === 'manual' ? line.projectedCostToComplete : null,
        text: line.projectionMethod === 'manual' ? String(line.projectedCostToComplete) : '', invalid: false, reason: '',
      };
      return setEdit(id, normalised(line, { ...current, reason: reason.trim().slice(0, 500) }));
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
      const ids = [...edits.keys()];
      edits.clear();
      for (const id of ids) rebuildRow(id);
      $saveError.set(null);
      changed();
    },

    async save() {
      const budget = $budget.get();
      if (!budget || edits.size === 0 || $saving.get()) return false;
      const invalid = [...edits.values()].filter((e) => e.invalid).length;
      if (invalid > 0) {
        const message = TEXT.invalidEntries(invalid);
        $saveError.set(message);
        showToast(message, { title: 'Projections not saved', variant: 'danger' });
        return false;
      }
      const sent = new Map(edits);
      const projections = [...sent].map(([costCodeId, edit]) => ({
        costCodeId,
        method: edit.method,
        value: edit.method === 'manual' ? String(edit.value ?? 0) : undefined,
        reason: edit.reason || undefined,
      }));
      $saving.set(true);
      try {
        const answer = await postForm<{ lines?: ProjectionLine[]; saved?: number }>(PROJECTION_PATHS.save, { budgetId: budget.budgetId, projections });
        // Only edits that were not changed again while the save was in flight are done.
        for (const [id, edit] of sent) if (edits.get(id) === edit) edits.delete(id);
        $saveError.set(null);
        if (answer?.lines?.length) mergeLines(answer.lines);
        else for (const id of sent.keys()) rebuildRow(id);
        changed();
        showToast(TEXT.saved(answer?.saved ?? sent.size), { title: 'Projections', variant: 'success' });
        return true;
      } catch (error) {
        const message = `${TEXT.saveFailed} ${errorMessage(error)}`;
        $saveError.set(message);
        showToast(message, { title: 'Projections not saved', variant: 'danger' });
        return false;
      } finally {
        $saving.set(false);
      }
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
      $saving.set(true);
      try {
        await postForm(PROJECTION_PATHS.submit, { budgetId: budget.budgetId });
        showToast(TEXT.submitted(budget.jobNumber), { title: 'Projections', variant: 'success' });
        onSubmitted?.(budget);
        await store.refresh().catch((error: unknown) => console.error('Projection reload failed', error));
        return true;
      } catch (error) {
        showToast(errorMessage(error), { title: 'Projections not submitted', variant: 'danger' });
        return false;
      } finally {
        $saving.set(false);
      }
    },
  };
  return store;
}

/** True when `value` has the shape of a {@link LineEdit} (a kept draft is checked before it is used). */
function isLineEdit(value: unknown): value is LineEdit {
  const edit = value as Partial<LineEdit> | null;
  return !!edit && typeof edit === 'object' && (edit.method === 'auto' || edit.method === 'manual')
    && (edit.value === null || (typeof edit.value === 'number' && Number.isFinite(edit.value)))
    && typeof edit.text === 'string' && typeof edit.invalid === 'boolean' && typeof edit.reason === 'string';
}

/** A load failure as the message the screen shows instead of an empty grid. */
function problemFor(error: unknown, notFoundMessage: string): LoadStatus {
  console.error('Projection grid load failed', error);
  if (error instanceof ApiError && error.status === 404) return { kind: 'problem', title: 'Not found', message: notFoundMessage };
  if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return { kind: 'problem', title: 'No access', message: TEXT.noAccess, retry: true };
  return { kind: 'problem', title: 'The projections could not be loaded', message: errorMessage(error), retry: true };
}
