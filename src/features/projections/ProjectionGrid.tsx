import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CellComponent, Options, Tabulator } from 'tabulator-tables';
import { $session, startAuth } from '../../core/auth';
import { currentEmployeeId } from '../../core/auth/current-user';
import { formatMoney } from '../../core/format';
import { mayReopenProjections, type BudgetInfo, type LineSuggestion } from '../../core/projections/contract';
import { parseQuantity } from '../../core/projections/entry';
import { periodLabel } from '../../core/projections/periods';
import { $roles } from '../../core/roles';
import { openWorkbench } from '../../core/workbench';
import { ColumnChooser, editableGridOptions, exportCsv, Grid, updateRowOnce, updateRowsInBatch } from '../../ui/grid';
import { useDraft } from '../../ui/drafts';
import { useStore } from '../../ui/hooks';
import {
  CHECK_ICON, CONFLICT_ICON, INVALID_ICON, MANUAL_ICON, MARK_TEXT, PLUGGED_ICON, PLUGGED_LEGEND, projectionColumns, redrawProjectionCell, TITLES, WITH_PENDING_TITLES,
} from './columns';
import { lineLabel, readEntry, type GridRow, type Variant } from './lines';
import { ConflictsPanel, PendingPanel, type PendingScope } from './panels';
import { createProjectionStore, errorMessage, submissionDay, TEXT, type ProjectionStore } from './store';
import { ACCEPT_KEY, loadSuggestions, suggestionTooltip } from './suggestions';
import { adoptProjectionGridStyles } from './styles';
import { ExcelRoundTrip } from './import/ImportDialog';

/** Attributes of `<pfm-projection-grid>` (integers default -1, strings ''). */
export interface ProjectionGridProps {
  projectId?: number;
  budgetId?: number;
  legalEntityId?: number;
  variant?: string;
}

/** Event dispatched (bubbling, composed) after a month's projections were submitted: `detail.budgetId`. */
export const SUBMITTED_EVENT = 'pfm-projections-submitted';
/** Event `<wb-add-cost-code>` dispatches (bubbling, composed) after adding a line: `detail.budgetId`. */
export const COST_CODE_ADDED_EVENT = 'pfm-cost-code-added';

/** The screen's own texts; exact texts are tested. */
export const GRID_TEXT = {
  includePending: 'Include pending in the estimate',
  includePendingHelp: 'Adds pending cost changes to the projected final cost, and pending budget changes to the budget over/under compares it with.',
  noMatch: (filters: string) => `No lines match ${filters}. Clear the filter to see every line.`,
  savedWarnings: 'Saved, with warnings:',
} as const;

/** The grid's plug cells: which part of the plug each one is. */
const PLUG_FIELDS: Record<string, 'quantity' | 'rate'> = { unitsToComplete: 'quantity', hoursToComplete: 'quantity', unitCost: 'rate', rate: 'rate' };

const VARIANT_TITLES: Record<Variant, string> = { '': 'Projection Grid', unit: 'Projection Grid (Units)', hour: 'Projection Grid (Hours)' };

const toVariant = (value: string | undefined): Variant => (value === 'unit' || value === 'hour' ? value : '');
const toId = (value: number | undefined): number => (typeof value === 'number' && Number.isInteger(value) ? value : -1);

/** The projection grid screen; its attributes: src/elements/pfm-projection-grid/define.ts. */
export function ProjectionGrid(props: ProjectionGridProps) {
  const session = useStore($session);
  const variant = toVariant(props.variant);
  const projectId = toId(props.projectId);
  const budgetId = toId(props.budgetId);
  const root = useRef<HTMLDivElement>(null);

  // Embedded alone on a legacy page nothing else signs in: start it here (a no-op in the portal).
  useEffect(() => {
    if ($session.get().status === 'starting') void startAuth();
  }, []);
  useEffect(() => {
    if (root.current) adoptProjectionGridStyles(root.current);
  }, []);
  // The element's background (the body's, in either colour mode) reaches the bottom of the window: no seam of the
  // page's own background under a short grid. Measured once, where the element starts on the page.
  useEffect(() => {
    const node = root.current;
    if (!node) return;
    const top = Math.max(0, Math.round(node.getBoundingClientRect().top + window.scrollY));
    node.style.minHeight = `calc(100vh - ${top}px)`;
  }, []);

  const store = useMemo(() => createProjectionStore({ projectId, budgetId, variant }), [projectId, budgetId, variant]);
  const signedIn = session.status === 'signedIn';
  useEffect(() => {
    if (signedIn) void store.start();
  }, [store, signedIn]);

  return (
    <div ref={root} className="pfm-projection-grid container-fluid py-3" data-variant={variant}>
      <h1 className="h4 mb-2">{VARIANT_TITLES[variant]}</h1>
      {signedIn ? <Screen store={store} /> : <p className="text-body-secondary" role="status">{session.status === 'signedOut' || session.status === 'error' ? 'Please login' : 'Signing in…'}</p>}
    </div>
  );
}

function announceSubmitted(node: HTMLElement | null, budget: BudgetInfo): void {
  node?.dispatchEvent(new CustomEvent(SUBMITTED_EVENT, { bubbles: true, composed: true, detail: { budgetId: budget.budgetId, projectId: budget.projectId } }));
}

function Screen({ store }: { store: ProjectionStore }) {
  const status = useStore(store.$status);
  if (status.kind === 'loading') return <p className="text-body-secondary" role="status">Loading projections…</p>;
  if (status.kind === 'problem') {
    return (
      <div className="alert alert-warning" role="alert" data-problem>
        <h2 className="h6 alert-heading">{status.title}</h2>
        <p className="mb-0">{status.message}</p>
        {status.retry ? <button type="button" className="btn btn-sm btn-outline-secondary mt-2" data-action="retry" onClick={() => void store.start()}>Retry</button> : null}
      </div>
    );
  }
  if (status.kind === 'choose') {
    return (
      <div className="card" style={{ maxWidth: '512px' }}>
        <div className="card-body">
          <label className="form-label" htmlFor="pg-budget">This project has several budgets. Which one?</label>
          <select id="pg-budget" className="form-select" defaultValue="" onChange={(event) => void store.chooseBudget(Number(event.currentTarget.value))}>
            <option value="" disabled>Choose a budget…</option>
            {status.budgets.map((b) => <option key={b.budgetId} value={b.budgetId}>{b.displayText ?? b.jobNumber}</option>)}
          </select>
        </div>
      </div>
    );
  }
  return <Ready store={store} />;
}

function Ready({ store }: { store: ProjectionStore }) {
  const budget = useStore(store.$budget);
  const readOnly = useStore(store.$readOnly);
  const unsaved = useStore(store.$unsaved);
  const saving = useStore(store.$saving);
  const saveError = useStore(store.$saveError);
  const version = useStore(store.$version);
  const includePending = useStore(store.$includePending);
  const entryNote = useStore(store.$entryNote);
  const saveWarnings = useStore(store.$saveWarnings);
  const [table, setTable] = useState<Tabulator | null>(null);
  const [pending, setPending] = useState<PendingScope | null>(null);
  // The header filters that left no line, as the screen says them (null: some lines show).
  const [noMatch, setNoMatch] = useState<string | null>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  // The AI service's suggestions by cost code id (null until loaded), and what the user is told about them.
  // A holder (not a ref): the column callbacks read it when a tooltip shows, never during render.
  const [suggestions] = useState<{ current: Map<number, LineSuggestion> | null }>(() => ({ current: null }));
  const [suggestionState, setSuggestionState] = useState<{ kind: 'loading' | 'ready' | 'failed'; message?: string }>({ kind: 'loading' });
  const [suggestionAttempt, setSuggestionAttempt] = useState(0);
  const [suggestionNote, setSuggestionNote] = useState('');

  // The rows go to Tabulator once; later changes update rows in place (no re-render of 5,000 rows).
  const [data] = useState(() => store.rows());
  const columns = useMemo(() => projectionColumns(store.variant, {
    openTransactions: (row: GridRow) => openWorkbench('CostCodeTransactions', { recordKey: 'CostCode', recordId: row.costCodeId }),
    readOnly: () => store.$readOnly.get() !== null,
    openPending: (row: GridRow, side: 'budget' | 'cost', from: HTMLElement) => setPending({
      side, recordKey: 'CostCode', recordId: row.costCodeId, label: lineLabel(row),
      amount: (side === 'budget' ? row.pendingBudgetChanges : row.pendingCostChanges) ?? 0, returnFocus: from,
    }),
    suggestionTooltip: (costCodeId: number) => suggestionTooltip(suggestions.current?.get(costCodeId), store.$readOnly.get() !== null),
  }), [store, suggestions]);

  const pushRows = useCallback((rows: readonly GridRow[]) => {
    if (!table || rows.length === 0) return;
    const known = rows.filter((row) => table.getRow(row.costCodeId));
    const added = rows.filter((row) => !table.getRow(row.costCodeId));
    if (known.length) void updateRowsInBatch(table, known as unknown as object[]);
    if (added.length) {
      void table.replaceData(store.rows() as unknown as object[]).then(() => {
        const map = suggestions.current;
        if (map) void updateRowsInBatch(table, store.rows().map((row) => ({ costCodeId: row.costCodeId, suggestedCostToComplete: map.get(row.costCodeId)?.suggestedCostToComplete ?? null })));
      });
    }
  }, [table, store, suggestions]);

  const options = useMemo<Partial<Options>>(() => ({
    ...editableGridOptions(),
    // Home/End belong to the editor's caret, not to scrolling the grid (an open editor would be lost).
    keybindings: { ...(editableGridOptions().keybindings || {}), scrollToStart: false, scrollToEnd: false },
    index: 'costCodeId',
    groupBy: 'divisionLabel',
    groupHeader: (value: unknown, count: number) => `${escapeText(String(value))} <span class="text-body-secondary small">(${count} line${count === 1 ? '' : 's'})</span>`,
    columnCalcs: 'both',
    movableColumns: true,
    resizableColumns: true,
    rowFormatter: (row: { getData(): Record<string, unknown>; getElement(): HTMLElement; getCell(field: string): { getElement(): HTMLElement } | false }) => {
      row.getElement().classList.toggle('pg-unsaved', Boolean(row.getData().unsaved));
      row.getElement().classList.toggle('pg-conflict', Boolean(row.getData().conflict));
      const projection = row.getCell('projectedCostToComplete');
      if (projection) redrawProjectionCell(projection.getElement(), row.getData() as unknown as GridRow);
    },
  }), []);

  // Edits: every entry goes through the store (the §5 number rule), the row shows the result.
  useEffect(() => {
    if (!table) return undefined;
    const onEdited = (cell: CellComponent) => {
      const id = Number(cell.getRow().getIndex());
      const field = cell.getField();
      const value = cell.getValue();
      const plugPart = PLUG_FIELDS[field];
      // Leaving an editor without changing the number is no entry (the editor hands back text, '600' for 600).
      const old = cell.getOldValue();
      const reading = plugPart ? parseQuantity(value) : null;
      const unchanged = typeof old === 'number' && (plugPart
        ? reading?.kind === 'value' && reading.value === old
        : field === 'projectedCostToComplete' && readEntry(value).value === old);
      const row = unchanged ? store.row(id)
        : plugPart ? store.plug(id, plugPart, value)
          : field === 'projectionReason' ? store.setReason(id, String(value ?? '')) : store.enter(id, value);
      if (!row) return;
      const tableRow = cell.getRow();
      // Not reformat(): the editor may still be open in this row. Cells whose value changes redraw.
      tableRow.getElement().classList.toggle('pg-unsaved', row.unsaved);
      // The projection cell's marks (refused, warns) follow its line even when its amount did not change.
      const projection = field === 'projectedCostToComplete' ? undefined : tableRow.getCell('projectedCostToComplete') || undefined;
      if (projection) redrawProjectionCell(projection.getElement(), row);
      void updateRowOnce(table, tableRow, row as unknown as Record<string, unknown>);
    };
    table.on('cellEdited', onEdited as (...args: never[]) => void);
    return () => table.off('cellEdited', onEdited as (...args: never[]) => void);
  }, [table, store, suggestions]);

  // The suggested cost to complete: asked of the AI service once the grid has painted (never blocking it).
  const suggestionBudgetId = budget?.budgetId;
  useEffect(() => {
    if (!table || suggestionBudgetId === undefined) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSuggestionState({ kind: 'loading' });
      loadSuggestions(suggestionBudgetId, controller.signal).then((map) => {
        suggestions.current = map;
        void updateRowsInBatch(table, store.rows().map((row) => ({ costCodeId: row.costCodeId, suggestedCostToComplete: map.get(row.costCodeId)?.suggestedCostToComplete ?? null })));
        setSuggestionState({ kind: 'ready' });
      }, (error: unknown) => {
        if (controller.signal.aborted) return;
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        setSuggestionState({ kind: 'failed', message: timedOut ? 'the AI service did not answer in time.' : errorMessage(error) });
      });
    }, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [table, suggestionBudgetId, store, suggestionAttempt, suggestions]);

  // Ctrl+Enter on a line puts its suggestion into the projected cost to complete: an ordinary unsaved edit.
  useEffect(() => {
    if (!table) return undefined;
    const root = (table as unknown as { element: HTMLElement }).element;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ACCEPT_KEY.key || !event.ctrlKey || event.altKey || event.shiftKey || event.metaKey) return;
      const target = event.composedPath()[0];
      const rowElement = target instanceof Element ? target.closest('.tabulator-row') : null;
      const rowComponent = rowElement ? table.getRows().find((row) => row.getElement() === rowElement) : undefined;
      if (!rowComponent) return;
      // Before the cell's editor sees the Enter (it would commit what was typed).
      event.preventDefault();
      event.stopPropagation();
      const id = Number(rowComponent.getIndex());
      const suggestion = suggestions.current?.get(id);
      const line = store.row(id);
      const name = line ? `${line.codeDisplay ?? line.code} ${line.costTypeName ?? line.type}` : 'this line';
      if (store.$readOnly.get()) return setSuggestionNote('This budget is read-only: the suggestion cannot be used.');
      if (!suggestion || suggestion.suggestedCostToComplete === null) {
        return setSuggestionNote(suggestions.current ? `No suggested cost to complete for ${name}.` : 'The suggested costs to complete are still loading.');
      }
      const cellElement = target instanceof Element ? target.closest('.tabulator-cell') : null;
      rowComponent.getCells().find((cell) => cell.getElement() === cellElement)?.cancelEdit();
      const row = store.enter(id, String(suggestion.suggestedCostToComplete));
      if (!row) return undefined;
      rowElement?.classList.toggle('pg-unsaved', row.unsaved);
      void updateRowOnce(table, rowComponent, row as unknown as Record<string, unknown>);
      setSuggestionNote(`${name}: suggested cost to complete ${formatMoney(suggestion.suggestedCostToComplete)} used (unsaved; Save to keep it). ${suggestion.explanation}`);
      // The keyboard stays in the grid, on the line's projection.
      const projection = rowComponent.getCell('projectedCostToComplete');
      if (projection) projection.edit(true);
      return undefined;
    };
    root.addEventListener('keydown', onKey, true);
    return () => root.removeEventListener('keydown', onKey, true);
  }, [table, store, suggestions]);

  // A line added in the Add Cost Code workbench shows up without a manual Refresh (edits are kept).
  const budgetId = budget?.budgetId;
  useEffect(() => {
    if (!table || budgetId === undefined) return undefined;
    const onAdded = (event: Event) => {
      if ((event as CustomEvent<{ budgetId?: number }>).detail?.budgetId !== budgetId) return;
      store.refresh().then(pushRows, (error: unknown) => console.error('Projection reload failed', error));
    };
    document.addEventListener(COST_CODE_ADDED_EVENT, onAdded);
    return () => document.removeEventListener(COST_CODE_ADDED_EVENT, onAdded);
  }, [table, budgetId, store, pushRows]);

  // Unsaved edits survive a reload: kept while there are any, offered back when the budget opens again.
  const editList = useMemo(() => (version >= 0 ? [...store.edits()] : []), [store, version]);
  const kept = useDraft({
    screen: 'pfm-projection-grid', recordKey: 'Budget', recordId: budgetId, form: store.variant || 'cost',
    value: budgetId === undefined ? undefined : editList, saved: budgetId === undefined ? undefined : [], enabled: readOnly === null,
    restore: (entries) => pushRows(store.restoreEdits(entries)),
  });

  // A leave-page guard while edits are unsaved.
  useEffect(() => {
    if (unsaved === 0) return undefined;
    const guard = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [unsaved]);

  const refresh = async () => {
    try {
      pushRows(await store.refresh());
    } catch (error) {
      console.error('Projection reload failed', error);
    }
  };
  const save = async () => {
    const before = new Set(store.edits().keys());
    await store.save();
    pushRows([...before].map((id) => store.row(id)).filter((row): row is GridRow => row !== undefined));
  };
  const discard = () => {
    const ids = [...store.edits().keys()];
    store.discard();
    pushRows(ids.map((id) => store.row(id)).filter((row): row is GridRow => row !== undefined));
  };
  const reopen = async () => {
    if (await store.reopen()) pushRows(store.rows());
  };
  const submit = async () => {
    if (!(await store.submit())) return;
    pushRows(store.rows());
    const submitted = store.$budget.get();
    if (submitted) announceSubmitted(toolbar.current, submitted);
  };

  // A filter that leaves no line says so (and which filter), instead of an empty grid.
  useEffect(() => {
    if (!table) return undefined;
    const onFiltered = (_filters: unknown, rows: unknown[]) => {
      const active = (table as unknown as { getHeaderFilters(): Array<{ field: string; value: unknown }> }).getHeaderFilters().filter((f) => String(f.value ?? '').trim() !== '');
      if (rows.length > 0 || active.length === 0) return setNoMatch(null);
      const title = (field: string) => (TITLES as Record<string, string>)[field === 'costTypeName' ? 'costType' : field === 'projectionMethod' ? 'method' : field] ?? field;
      return setNoMatch(active.map((f) => `${title(f.field)} “${String(f.value).trim()}”`).join(' and '));
    };
    table.on('dataFiltered', onFiltered as (...args: never[]) => void);
    return () => table.off('dataFiltered', onFiltered as (...args: never[]) => void);
  }, [table]);

  // With pending included, the two estimate columns say so in their titles (and in the exports).
  useEffect(() => {
    if (!table) return;
    for (const field of ['projectedFinalCost', 'overUnder'] as const) {
      const column = table.getColumn(field) as unknown as { getDefinition(): { title?: string }; updateDefinition(definition: { title: string }): Promise<unknown> } | false;
      const title = includePending ? WITH_PENDING_TITLES[field] : TITLES[field];
      // Only on a change: a column's new definition rebuilds it.
      if (column && column.getDefinition().title !== title) void column.updateDefinition({ title });
    }
  }, [table, includePending]);

  const toggleIncludePending = (on: boolean) => {
    const rows = store.setIncludePending(on);
    if (table) void updateRowsInBatch(table, rows as unknown as object[]);
  };
  const keepMine = async (id: number) => {
    await store.keepMine(id);
    pushRows([store.row(id)].filter((row): row is GridRow => row !== undefined));
  };
  const takeTheirs = async (id: number) => {
    // Their line replaces mine: an editor still open on it would keep my text (and refuse the update).
    const tableRow = table?.getRow(id);
    if (tableRow) for (const cell of tableRow.getCells()) if (cell.getElement().classList.contains('tabulator-editing')) cell.cancelEdit();
    try {
      pushRows(await store.takeTheirs(id));
    } catch (error) {
      console.error('Projection reload failed', error);
      pushRows([store.row(id)].filter((row): row is GridRow => row !== undefined));
    }
  };

  if (!budget) return null;
  const totals = store.totals().grand;
  const period = periodLabel(store.period());
  const submitted = readOnly?.kind === 'submitted';
  const submission = submitted ? store.submission() : null;
  const openBudgetPending = (side: 'budget' | 'cost', event: { currentTarget: HTMLElement }) => setPending({
    side, recordKey: 'Budget', recordId: budget.budgetId, label: budget.jobNumber,
    amount: (side === 'budget' ? totals.pendingBudgetChanges : totals.pendingCostChanges) ?? 0, returnFocus: event.currentTarget,
  });
  const filename = `projections-${budget.jobNumber}${store.variant ? `-${store.variant}` : ''}`;
  void version;

  return (
    <>
      <p className="mb-2">
        <strong>{budget.displayText ?? budget.jobNumber}</strong>
        {budget.projectName ? <span className="text-body-secondary"> · {budget.projectName}</span> : null}
        <span className="text-body-secondary" data-period> · {submission ? TEXT.periodSubmittedBy(period, submission.by, submissionDay(submission.at)) : TEXT.period(period)}</span>
      </p>
      {readOnly && (
        <div className={`alert ${readOnly.kind === 'locked' ? 'alert-secondary' : 'alert-info'} py-2`} role="status" data-read-only={readOnly.kind}>
          <span aria-hidden="true">{readOnly.kind === 'locked' ? '🔒 ' : readOnly.kind === 'submitted' ? '✓ ' : 'Σ '}</span>{readOnly.message}
        </div>
      )}
      {saveError && <div className="alert alert-danger py-2" role="alert" data-save-error>{saveError}</div>}
      <ConflictsPanel store={store} onKept={(id) => void keepMine(id)} onTaken={(id) => void takeTheirs(id)} />
      {saveWarnings.length > 0 && (
        <div className="alert alert-warning py-2" role="status" data-save-warnings>
          {GRID_TEXT.savedWarnings}
          <ul className="mb-0">{saveWarnings.map((warning, i) => <li key={i}>{warning}</li>)}</ul>
        </div>
      )}
      {kept.banner}
      <dl className="pg-summary d-flex flex-wrap gap-4 mb-2" aria-label="Budget totals">
        <div><dt>Current budget</dt><dd data-total="currentBudget">{formatMoney(totals.currentBudget ?? 0)}</dd></div>
        <div>
          <dt>{TITLES.pendingBudgetChanges}</dt>
          <dd data-total="pendingBudgetChanges"><PendingTotal amount={totals.pendingBudgetChanges ?? 0} label={`${TITLES.pendingBudgetChanges} of budget ${budget.jobNumber}`} onOpen={(event) => openBudgetPending('budget', event)} /></dd>
        </div>
        <div><dt>Actual to date</dt><dd data-total="actualToDate">{formatMoney(totals.actualToDate ?? 0)}</dd></div>
        <div>
          <dt>{TITLES.pendingCostChanges}</dt>
          <dd data-total="pendingCostChanges"><PendingTotal amount={totals.pendingCostChanges ?? 0} label={`${TITLES.pendingCostChanges} of budget ${budget.jobNumber}`} onOpen={(event) => openBudgetPending('cost', event)} /></dd>
        </div>
        <div><dt>{includePending ? WITH_PENDING_TITLES.projectedFinalCost : TITLES.projectedFinalCost}</dt><dd data-total="projectedFinalCost">{formatMoney(totals.projectedFinalCost ?? 0)}</dd></div>
        <div><dt>{includePending ? WITH_PENDING_TITLES.overUnder : TITLES.overUnder}</dt><dd data-total="overUnder" className={(totals.overUnder ?? 0) < 0 ? 'pg-over' : undefined}>{formatMoney(totals.overUnder ?? 0)}</dd></div>
        <div><dt>Lines</dt><dd data-total="lineCount">{totals.lineCount}</dd></div>
      </dl>
      <div ref={toolbar} className="pg-toolbar d-flex flex-wrap align-items-center mb-2">
        {submitted && (
          <>
            {/* Submitted: Save stays in its place, disabled, and says why. */}
            <button type="button" className="btn btn-primary btn-sm" disabled aria-describedby="pg-save-reason" data-action="save">Save</button>
            <span id="pg-save-reason" className="small text-body-secondary" data-save-reason>{TEXT.submittedSave}</span>
            <ReopenButton submittedById={submission?.byId ?? null} disabled={saving} onReopen={() => void reopen()} />
          </>
        )}
        {!readOnly && (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={unsaved === 0 || saving} onClick={() => void save()} data-action="save">
              {saving ? 'Saving…' : `Save${unsaved ? ` (${unsaved})` : ''}`}
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" disabled={unsaved === 0 || saving} onClick={discard} data-action="discard">Discard changes</button>
            <button type="button" className="btn btn-success btn-sm" disabled={saving} onClick={() => void submit()} data-action="submit">Submit for the month</button>
            {budget ? (
              <button type="button" className="btn btn-outline-secondary btn-sm" data-action="add-cost-code"
                onClick={() => openWorkbench('AddCostCode', { recordKey: 'Budget', recordId: budget.budgetId })}>Add cost code</button>
            ) : null}
          </>
        )}
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void refresh()} data-action="refresh">Refresh</button>
        <span className="vr mx-1" />
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!table} onClick={() => table && exportCsv(table, filename)} data-action="csv">Export CSV</button>
        <ExcelRoundTrip store={store} table={table} filename={filename} readOnly={readOnly !== null} onSaved={() => void refresh()} refreshLines={refresh} />
        <ColumnChooser table={table} className="btn-sm" />
        <div className="form-check form-switch mb-0 ms-1">
          <input className="form-check-input" type="checkbox" role="switch" id="pg-include-pending" checked={includePending}
            aria-describedby="pg-include-pending-help" data-action="include-pending" onChange={(event) => toggleIncludePending(event.currentTarget.checked)} />
          <label className="form-check-label small" htmlFor="pg-include-pending">{GRID_TEXT.includePending}</label>
          <span id="pg-include-pending-help" className="visually-hidden">{GRID_TEXT.includePendingHelp}</span>
        </div>
        <span className="small ms-2" role="status" data-suggestion-status>
          {suggestionState.kind === 'loading' ? 'Loading suggested costs to complete…' : suggestionState.kind === 'failed' ? `Suggested costs to complete could not be loaded: ${suggestionState.message ?? ''}` : suggestionNote}
        </span>
        {suggestionState.kind === 'failed' && (
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setSuggestionAttempt((n) => n + 1)} data-action="retry-suggestions">Retry</button>
        )}
        {unsaved > 0 && <span className="text-body-secondary small ms-2" role="status" data-unsaved-count>{unsaved} unsaved change{unsaved === 1 ? '' : 's'}</span>}
      </div>
      <p className={`small mb-2 ${entryNote?.kind === 'refused' ? 'text-danger-emphasis' : entryNote?.kind === 'warning' ? 'text-warning-emphasis' : 'text-body-secondary'}`}
        role="status" data-entry-note={entryNote?.kind ?? ''}>{entryNote?.message ?? ''}</p>
      {pending && <PendingPanel key={`${pending.recordKey}-${pending.recordId}-${pending.side}`} scope={pending} onClose={() => setPending(null)} />}
      <Legend readOnly={readOnly !== null} variant={store.variant} />
      {noMatch && <p className="alert alert-secondary py-2 mb-2" role="status" data-no-match>{GRID_TEXT.noMatch(noMatch)}</p>}
      <Grid
        columns={columns}
        data={data as unknown as object[]}
        index="costCodeId"
        options={options}
        persistenceId={`projection-grid-${store.variant || 'cost'}`}
        onTable={setTable}
        height="max(448px, calc(100vh - 352px))"
        ariaLabel={`${VARIANT_TITLES[store.variant]}, budget ${budget.jobNumber}`}
      />
    </>
  );
}

/** A budget's pending total: a button that lists its records (plain text when nothing is pending). */
function PendingTotal({ amount, label, onOpen }: { amount: number; label: string; onOpen(event: { currentTarget: HTMLElement }): void }) {
  if (amount === 0) return <>{formatMoney(0)}</>;
  return (
    <button type="button" className="btn btn-link p-0 fw-semibold align-baseline" aria-haspopup="dialog" aria-label={`${label}: ${formatMoney(amount)}. Show the records`}
      onClick={onOpen}>{formatMoney(amount)}</button>
  );
}

/** What every colour and mark of the grid means. */
/**
 * Re-open (recall) the month's submission, shown only to whom the host lets re-open it (mayReopenProjections: the
 * submitter, an RPM or a keyPFM Admin). "Is it me?" waits for the signed-in employee; until then only the roles count.
 */
function ReopenButton({ submittedById, disabled, onReopen }: { submittedById: number | null; disabled: boolean; onReopen: () => void }) {
  const roles = useStore($roles);
  const [me, setMe] = useState<number | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    currentEmployeeId(abort.signal).then(setMe, () => { if (!abort.signal.aborted) setMe(null); });
    return () => abort.abort();
  }, []);
  if (!mayReopenProjections({ employeeId: me, roles }, submittedById)) return null;
  return <button type="button" className="btn btn-outline-primary btn-sm" disabled={disabled} onClick={onReopen} data-action="reopen">Re-open</button>;
}

function Legend({ readOnly, variant }: { readOnly: boolean; variant: Variant }) {
  return (
    <ul className="pg-legend list-unstyled d-flex flex-wrap mb-2" aria-label="Legend" data-legend>
      <li><span className="pg-swatch pg-swatch-manual" aria-hidden="true" />{MANUAL_ICON} {MARK_TEXT.manual}: cost to complete typed by hand (overrides the automatic value)</li>
      <li data-legend-plugged><span className="pg-swatch pg-swatch-manual" aria-hidden="true" />{PLUGGED_ICON} {MARK_TEXT.plugged}: {PLUGGED_LEGEND[variant]}</li>
      <li>Auto: cost to complete = the larger of budget left and remaining commitment</li>
      <li>Suggested CTC (AI): burn rate of the last 3 months × months left to the project&apos;s completion; hover for how it was computed{readOnly ? '' : `, ${ACCEPT_KEY.label} on a line uses it`}</li>
      <li><span className="pg-swatch pg-swatch-unsaved" aria-hidden="true" />{MARK_TEXT.unsaved}: changed here, not saved yet (italic)</li>
      <li><span className="pg-swatch pg-swatch-invalid" aria-hidden="true" />{INVALID_ICON} {MARK_TEXT.invalid}: not an amount, or a negative cost to complete without a reason; correct it before saving (hover for why)</li>
      <li><span className="pg-swatch pg-swatch-warning" aria-hidden="true" />{CHECK_ICON} {MARK_TEXT.check}: below the remaining committed cost (saves; check it)</li>
      <li><span className="pg-swatch pg-swatch-conflict" aria-hidden="true" />{CONFLICT_ICON} {MARK_TEXT.conflict}: saved by someone else since you loaded the grid; keep yours or take theirs</li>
      <li>Pending changes (link): the records not yet approved; Enter or a click lists them</li>
      <li><span className="pg-over">Red amount</span>: over budget (negative over/under)</li>
      {!readOnly && <li>Type a cost to complete (12k is 12,000){variant === '' ? '' : `, or ${variant === 'unit' ? 'units to complete and a unit cost' : 'hours to complete and a rate'}`}; empty the cell to go back to automatic. Tab, Enter, arrows, Page Up/Down move between lines.</li>}
    </ul>
  );
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
