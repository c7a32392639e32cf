/**
 * `<Grid>`: a Tabulator table inside the host element's shadow root. Tabulator and its CSS load on
 * the first grid; the theme is adopted into the shadow root as a second constructable stylesheet.
 * Every grid gets the ARIA roles and filter labels Tabulator's markup lacks, and footer totals that
 * fit their columns (./aria.ts).
 */
import { useEffect, useRef, useState } from 'react';
import type { ColumnDefinition, Options, Tabulator } from 'tabulator-tables';
import { accessibleGroupHeader, fitFooterTotals, labelHeaderFilter, mendGridRoles } from './aria';
import { adoptStyleSheet, loadTabulator, loadTabulatorStyleSheet } from './load';
import { GRID_DEFAULT_HEIGHT, GRID_RENDER_BUFFER_PX } from './options';
import { applyStoredLayout, rememberLayout } from './persistence';
import { installNumberSort } from './number-sort';

export interface GridProps {
  columns: ColumnDefinition[];
  data: object[];
  /** Field that identifies a row (Tabulator's `index`); default 'id'. */
  index?: string;
  /** Extra Tabulator options (they win over the defaults). */
  options?: Partial<Options>;
  /** Remember the column layout per user under `grid:<persistenceId>:<login>`. */
  persistenceId?: string;
  /** Called once the table is built (and with each new table). */
  onTable?: (table: Tabulator) => void;
  /** Fixed height (CSS length or pixels); default 480px. */
  height?: string | number;
  /** Accessible name of the grid. */
  ariaLabel: string;
  className?: string;
}

/**
 * Tabulator writes into column definitions (visibility, widths): it gets copies, so screens' constants
 * stay as written. The copies' header filters are labelled.
 */
function copyColumns(columns: ColumnDefinition[]): ColumnDefinition[] {
  return columns.map((column) => (column.columns ? { ...column, columns: copyColumns(column.columns) } : labelHeaderFilter({ ...column })));
}

/** The screen's options, with a group header whose rows are ARIA rows. */
function gridOptions(options: Partial<Options> | undefined): Partial<Options> {
  const groupHeader = options?.groupHeader;
  return typeof groupHeader === 'function' ? { ...options, groupHeader: accessibleGroupHeader(groupHeader as Parameters<typeof accessibleGroupHeader>[0]) } : { ...options };
}

type LoadState = 'loading' | 'ready' | 'failed';

export const GRID_LOADING_TEXT = 'Loading…';
export const GRID_FAILED_TEXT = 'The grid could not be loaded. Reload the page to try again.';

/** A Tabulator grid; see {@link GridProps}. */
export function Grid(props: GridProps) {
  const { columns, data, ariaLabel, className, height } = props;
  const holder = useRef<HTMLDivElement>(null);
  const tableRef = useRef<Tabulator | null>(null);
  // The props of the latest render, read when the (asynchronously) built table needs them.
  const latest = useRef(props);
  useEffect(() => { latest.current = props; });
  const shown = useRef<{ data: object[]; columns: ColumnDefinition[] } | null>(null);
  const [state, setState] = useState<LoadState>('loading');

  useEffect(() => {
    const element = holder.current;
    if (!element) return undefined;
    let cancelled = false;
    let table: Tabulator | null = null;
    Promise.all([loadTabulator(), loadTabulatorStyleSheet()]).then(([TabulatorClass, sheet]) => {
      if (cancelled) return;
      adoptStyleSheet(element, sheet);
      const current = latest.current;
      shown.current = { data: current.data, columns: current.columns };
      const built = new TabulatorClass(element, {
        layout: 'fitDataStretch',
        renderVertical: 'virtual',
        renderVerticalBuffer: GRID_RENDER_BUFFER_PX,
        height: current.height ?? GRID_DEFAULT_HEIGHT,
        popupContainer: true,
        index: current.index ?? 'id',
        placeholder: 'No rows to show',
        columns: current.persistenceId ? applyStoredLayout(copyColumns(current.columns), current.persistenceId) : copyColumns(current.columns),
        data: current.data,
        ...gridOptions(current.options),
      });
      table = built;
      built.on('tableBuilt', () => {
        if (cancelled) return;
        installNumberSort(built);
        mendGridRoles(built);
        // Widths settle after the build's layout pass: measure the totals on the next frame, and after each render.
        requestAnimationFrame(() => { if (!cancelled) fitFooterTotals(built); });
        built.on('renderComplete', () => requestAnimationFrame(() => { if (!cancelled) fitFooterTotals(built); }));
        if (current.persistenceId) rememberLayout(built, current.persistenceId);
        tableRef.current = built;
        setState('ready');
        latest.current.onTable?.(built);
      });
    }).catch((error: unknown) => {
      if (cancelled) return;
      console.error('Grid: Tabulator failed to load', error);
      setState('failed');
    });
    return () => {
      cancelled = true;
      tableRef.current = null;
      try {
        table?.destroy();
      } catch {
        // Destroying a table that never finished building can throw; nothing is left to clean.
      }
    };
  }, []);

  // New data replaces the rows (keeping sort, filters and scroll position); new columns are set.
  useEffect(() => {
    const table = tableRef.current;
    if (!table || state !== 'ready' || !shown.current) return;
    if (shown.current.columns !== columns) {
      shown.current.columns = columns;
      table.setColumns(copyColumns(columns));
    }
    if (shown.current.data !== data) {
      shown.current.data = data;
      void table.replaceData(data);
    }
  }, [columns, data, state]);

  useEffect(() => {
    const table = tableRef.current;
    if (table && state === 'ready' && height !== undefined) table.setHeight(height);
  }, [height, state]);

  return (
    <div className={`grid${className ? ` ${className}` : ''}`}>
      {state === 'loading' && <div className="grid-loading text-body-secondary small py-2" role="status">{GRID_LOADING_TEXT}</div>}
      {state === 'failed' && <div className="alert alert-danger" role="alert">{GRID_FAILED_TEXT}</div>}
      {/* Named once Tabulator has made it a grid: a name on a div without a role is not allowed (axe aria-prohibited-attr). */}
      <div ref={holder} className="grid-table" aria-label={state === 'ready' ? ariaLabel : undefined} />
    </div>
  );
}
