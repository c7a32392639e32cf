/**
 * A record list split into Open and Closed tabs by the record state's `closed` flag (§4). The lists
 * are computed from the records given on every render, so a record whose state changes (optimistic
 * or restored) moves between the tabs by itself. A plain table, not the Tabulator grid: the lists
 * are short, rows carry React menus, and table semantics stay accessible. Columns with a `total`
 * get a footer row in the same table (a <tfoot>), so each total sits under its own column; while
 * loading, the list shows a status message instead of rows and totals. A long list (the scale data's
 * 10,000 cost adjustments) renders its first {@link FIRST_ROWS} rows, with "Show {@link MORE_ROWS} more" and
 * "Show all" under them (as the anchors' lists page): the page stays quick however long the list (a workbench
 * opened over it does not wait for thousands of rows), and the totals always count every record. On a phone (below 576 px) each row stacks into a block, each cell on its own
 * line after its column's name (portal.scss `.record-table`), so nothing scrolls sideways.
 */
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { WORKBENCH_TOOLTIPS } from '../../core/workbench';
import { WorkbenchIcon } from '../workbench/icons';
import { MoreRows } from '../MoreRows';

/** One column of a record list. */
export interface RecordColumn<T> {
  key: string;
  label: string;
  /** The cell's content (text or elements; never HTML strings). */
  render(record: T): ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** The column's total over the records of the list shown, in the footer row; absent: no total. */
  total?(records: readonly T[]): ReactNode;
}

export type RecordListTab = 'open' | 'closed';

export interface RecordListsProps<T> {
  records: readonly T[];
  /** The record's key for React and the row's data-record-id. */
  idOf(record: T): number;
  /** True when the record's state is closed. */
  isClosed(record: T): boolean;
  columns: ReadonlyArray<RecordColumn<T>>;
  /** Names the lists ('Change events'): tab panel and table captions. */
  label: string;
  /** Indentation level of a row (nested items), default 0. */
  levelOf?(record: T): number;
  /** Extra content at the end of each row (actions). */
  actions?(record: T): ReactNode;
  /**
   * Opens the record's workbench: each row gets an 'Open Workbench' control (§2 tooltip) at its end;
   * `nameOf` names the record in the control's accessible name ('Open Workbench SC-001').
   */
  onOpen?(record: T): void;
  nameOf?(record: T): string;
  /** The tab shown first (default open); controlled when `onTabChange` is given with `tab`. */
  tab?: RecordListTab;
  onTabChange?(tab: RecordListTab): void;
  /** Shown while the records are loading. */
  loading?: boolean;
  /** The footer row's label (when a column has a `total`); default 'Total (open, 3)'. */
  totalLabel?(tab: RecordListTab, count: number): ReactNode;
  emptyText?: { open?: string; closed?: string };
  testId?: string;
}

/**
 * Rows a list renders at first (a page of 50, as the anchors' lists show); "Show more" adds {@link MORE_ROWS}. Issue 16's
 * and 31's goal, lists interactive ≤ 1.5 × their data's floor, measured: 200 rows gave the 2,000 pay applications 2.07×,
 * 100 rows 1.59×, 50 rows 1.48× (npm run bench, 2026-11-27).
 */
export const FIRST_ROWS = 50;
export const MORE_ROWS = 500;

/** How many of `total` rows of `tab` to render: {@link FIRST_ROWS}, more when asked; back to the first page on another tab. */
function useRowsShown(tab: RecordListTab, total: number): [number, (limit: number) => void] {
  const [shown, setShown] = useState({ tab, count: FIRST_ROWS });
  const count = shown.tab === tab ? shown.count : FIRST_ROWS;
  return [Math.min(count, total), (limit: number) => setShown({ tab, count: limit })];
}

const defaultTotalLabel = (tab: RecordListTab, count: number) => `Total (${tab}, ${count})`;

/** Records of `records` in the open or closed list. */
export function splitRecords<T>(records: readonly T[], isClosed: (record: T) => boolean): { open: T[]; closed: T[] } {
  const open: T[] = [];
  const closed: T[] = [];
  for (const record of records) (isClosed(record) ? closed : open).push(record);
  return { open, closed };
}

/** Open and Closed tabs over one table each. */
export function RecordLists<T>(props: RecordListsProps<T>) {
  const { records, idOf, isClosed, columns, label, levelOf, loading = false, emptyText, testId, onOpen, nameOf } = props;
  const actions = onOpen || props.actions ? (record: T) => (
    <>
      {props.actions?.(record)}
      {onOpen ? (
        <button type="button" className="btn btn-sm btn-link p-1 ms-1 align-baseline" title={WORKBENCH_TOOLTIPS.openWorkbench}
          aria-label={`${WORKBENCH_TOOLTIPS.openWorkbench} ${nameOf?.(record) ?? idOf(record)}`} data-control={WORKBENCH_TOOLTIPS.openWorkbench}
          onClick={() => onOpen(record)}>
          <WorkbenchIcon name="openWorkbench" />
        </button>
      ) : null}
    </>
  ) : undefined;
  const totalLabel = props.totalLabel ?? defaultTotalLabel;
  const [ownTab, setOwnTab] = useState<RecordListTab>(props.tab ?? 'open');
  const tab = props.onTabChange && props.tab ? props.tab : ownTab;
  const base = useId();
  const tabs = useRef<Record<RecordListTab, HTMLButtonElement | null>>({ open: null, closed: null });
  const { open, closed } = splitRecords(records, isClosed);
  const choose = (next: RecordListTab) => {
    setOwnTab(next);
    props.onTabChange?.(next);
  };
  const onKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      const next: RecordListTab = event.key === 'Home' ? 'open' : event.key === 'End' ? 'closed' : tab === 'open' ? 'closed' : 'open';
      choose(next);
      tabs.current[next]?.focus();
    }
  };
  const shown = tab === 'open' ? open : closed;
  const [rendered, setRendered] = useRowsShown(tab, shown.length);
  const tabButton = (name: RecordListTab, text: string, count: number) => (
    <li className="nav-item" role="presentation">
      <button
        ref={(el) => { tabs.current[name] = el; }}
        type="button"
        role="tab"
        id={`${base}-${name}-tab`}
        aria-selected={tab === name}
        aria-controls={`${base}-${name}-panel`}
        tabIndex={tab === name ? 0 : -1}
        className={`nav-link${tab === name ? ' active' : ''}`}
        data-list={name}
        onClick={() => choose(name)}
      >
        {text} <span className="badge text-bg-secondary" data-count={name}>{loading ? '…' : count}</span>
      </button>
    </li>
  );
  return (
    <div className="record-lists" data-testid={testId}>
      <ul className="nav nav-tabs nav-sm" role="tablist" aria-label={`${label}: open or closed`} onKeyDown={onKey}>
        {tabButton('open', 'Open', open.length)}
        {tabButton('closed', 'Closed', closed.length)}
      </ul>
      {/* An empty (or loading) panel has nothing focusable, yet it scrolls sideways on a narrow screen: it takes focus
          itself so the keyboard can reach it (ARIA tabs pattern; axe scrollable-region-focusable). */}
      <div role="tabpanel" id={`${base}-${tab}-panel`} aria-labelledby={`${base}-${tab}-tab`} data-list-panel={tab} className="table-responsive"
        tabIndex={loading || shown.length === 0 ? 0 : undefined}>
        {/* The loaded table is a new table, not the loading one grown: its header's columns take other widths (and wrap)
            once rows arrive, and a table that moves and resizes in place is a layout shift (Lighthouse CLS); content that
            appears is none. */}
        <table key={loading ? 'loading' : 'loaded'} className="table table-sm table-hover align-middle mb-0 record-table">
          <caption className="visually-hidden">{`${label}, ${tab}`}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.numeric ? 'text-end' : undefined}>{column.label}</th>
              ))}
              {actions ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={columns.length + (actions ? 1 : 0)} className="text-body-secondary" data-loading>
                  <span role="status">{`Loading ${label.toLowerCase()}…`}</span>
                </td>
              </tr>
            ) : shown.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (actions ? 1 : 0)} className="text-body-secondary" data-empty={tab}>
                  {(tab === 'open' ? emptyText?.open : emptyText?.closed) ?? `No ${tab} records.`}
                </td>
              </tr>
            ) : (rendered < shown.length ? shown.slice(0, rendered) : shown).map((record) => {
              const level = levelOf?.(record) ?? 0;
              return (
                <tr key={idOf(record)} data-record-id={idOf(record)} data-level={level}>
                  {columns.map((column, index) => (
                    <td
                      key={column.key}
                      className={column.numeric ? 'text-end text-nowrap' : undefined}
                      style={index === 0 && level > 0 ? { paddingLeft: `${0.25 + level * 1.5}rem` } : undefined}
                      data-column={column.key}
                      data-label={column.label}
                    >
                      {index === 0 && level > 0 ? <span aria-hidden="true" className="text-body-secondary me-1">↳</span> : null}
                      {column.render(record)}
                    </td>
                  ))}
                  {actions ? <td className="text-end text-nowrap">{actions(record)}</td> : null}
                </tr>
              );
            })}
          </tbody>
          {!loading && columns.some((column) => column.total) ? (
            <tfoot>
              <tr className="fw-semibold" data-totals={tab}>
                {columns.map((column, index) => {
                  const label = index === 0 ? totalLabel(tab, shown.length) : null;
                  if (!column.total) return index === 0 ? <th key={column.key} scope="row">{label}</th> : <td key={column.key} />;
                  return (
                    <td key={column.key} className="text-end text-nowrap" data-total={column.key} data-label={column.label}>
                      {label ? <span className="visually-hidden">{label} </span> : null}
                      {column.total(shown)}
                    </td>
                  );
                })}
                {actions ? <td /> : null}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {loading ? null : <MoreRows count={rendered} total={shown.length} step={MORE_ROWS} setLimit={setRendered} />}
    </div>
  );
}
