/**
 * The continuation sheet (AIA G703) of a pay application as a table: cost code, description, scheduled
 * value, previous, this period, stored materials, total completed and stored, %, balance to finish and
 * retainage, with the column totals under them. This period and stored materials are typed as on the
 * projection grid: a cell selects its content when it takes focus, so typing replaces it; ↑ / ↓ and Page
 * Up / Page Down go to the same field of the previous / next line; Enter commits and goes down; → at the
 * end of this period goes to stored materials and ← at the start of stored materials back; Escape puts
 * back what the cell held when it took focus; Tab goes on through the cells and out of the table. This
 * period takes an amount or a percent of the line's scheduled value (`40%`), written as the amount when
 * the cell is left. Each line's problems (rules.payLineProblems) show at its cell as it is typed. A long sheet paints
 * its first lines at once and the rest right after; a keystroke re-renders its own line only (SheetRow).
 */
import { memo, startTransition, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { formatMoney, sanitizeNumber } from '../../core/format';
import type { PayApplicationLine } from '../../core/pay-applications/contract';
import { payLineProblems, type PayLine, type PayLineInput } from '../../core/pay-applications/rules';
import { payLineKey, storedAmount, thisPeriodAmount, type PayLineEntry } from './data';

/** The sheet's texts; tests read them. */
export const SHEET_TEXT = {
  caption: (number: string) => `Continuation sheet (G703) of ${number}`,
  hint: 'Type this period’s work as an amount, or as a percent of the scheduled value such as 40%. ↑ ↓ and Enter move between lines, ← → between this period and stored materials.',
  thisPeriodNotNumber: 'This period must be an amount, or a percent of the scheduled value such as 40%.',
  storedNotNumber: 'Stored materials must be an amount.',
  totals: 'Totals',
  cell: (field: SheetField, line: { costCode: string; description: string }) =>
    `${field === 'thisPeriod' ? 'This period' : 'Stored materials'}, ${line.costCode} ${line.description}`,
} as const;

export type SheetField = 'thisPeriod' | 'storedMaterials';

/** The problems of each cell of a line as typed: what is not a number, then the rules' problems (empty: none). */
export function cellProblems(line: PayLineInput, entry: PayLineEntry | undefined): Record<SheetField, string[]> {
  const found: Record<SheetField, string[]> = { thisPeriod: [], storedMaterials: [] };
  if (entry && thisPeriodAmount(entry.thisPeriod, line.scheduledValue) === null) found.thisPeriod.push(SHEET_TEXT.thisPeriodNotNumber);
  if (entry && storedAmount(entry.storedMaterials) === null) found.storedMaterials.push(SHEET_TEXT.storedNotNumber);
  for (const problem of payLineProblems(line)) (problem.startsWith('Stored materials') ? found.storedMaterials : found.thisPeriod).push(problem);
  return found;
}

export interface ContinuationSheetProps {
  number: string;
  lines: readonly PayApplicationLine[];
  /** The lines' G703 figures as typed (payApplicationFigures over the entries). */
  figures: readonly PayLine[];
  /** What is typed, by line ({@link payLineKey}: source and item). */
  entries: ReadonlyMap<string, PayLineEntry>;
  editable: boolean;
  onChange(lineKey: string, field: SheetField, text: string): void;
}

const money = (n: number) => formatMoney(n);
const sum = (figures: readonly PayLine[], pick: (l: PayLine) => number) => Math.round(figures.reduce((s, l) => s + pick(l), 0) * 100) / 100;

/** The cell `field` of line `row` inside `table`. */
const cellAt = (table: HTMLElement, row: number, field: SheetField) =>
  table.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-cell="${field}"]`);

function moveTo(target: HTMLInputElement | null): boolean {
  if (!target) return false;
  target.focus();
  target.select();
  return true;
}

interface SheetRowProps {
  line: PayApplicationLine;
  row: number;
  figure: PayLine | undefined;
  entry: PayLineEntry | undefined;
  editable: boolean;
  onChange(lineKey: string, field: SheetField, text: string): void;
}

const sameFigure = (a: PayLine | undefined, b: PayLine | undefined) =>
  a === b || (!!a && !!b && (Object.keys(a) as Array<keyof PayLine>).every((key) => a[key] === b[key]));
const sameEntry = (a: PayLineEntry | undefined, b: PayLineEntry | undefined) =>
  a === b || (!!a && !!b && a.thisPeriod === b.thisPeriod && a.storedMaterials === b.storedMaterials);

/**
 * One line of the sheet. Rendered again only when what it shows changed (its entry, its figures, editable): a
 * keystroke re-renders its own line, not the other 199 (figures and entries are new objects on every change).
 */
const SheetRow = memo(function SheetRow({ line, row, figure, entry, editable, onChange }: SheetRowProps) {
  const lineKey = payLineKey(line);
  const problems = figure ? cellProblems(figure, entry) : { thisPeriod: [], storedMaterials: [] };
  const cell = (field: SheetField) => {
    const problemId = `pay-line-${line.source}-${line.itemId}-${field}-problems`;
    const text = entry ? entry[field] : sanitizeNumber(line[field]);
    return (
      <td className="text-end" data-column={field} style={{ minWidth: '136px' }}>
        {editable ? (
          <input className={`form-control form-control-sm text-end${problems[field].length ? ' is-invalid' : ''}`} inputMode="decimal" autoComplete="off"
            value={text} data-row={row} data-cell={field} aria-label={SHEET_TEXT.cell(field, line)}
            aria-invalid={problems[field].length ? true : undefined} aria-describedby={problems[field].length ? problemId : undefined}
            onChange={(e) => onChange(lineKey, field, e.currentTarget.value)} />
        ) : <span>{money(figure ? figure[field] : line[field])}</span>}
        {problems[field].length ? (
          <div id={problemId} className="invalid-feedback d-block text-start" data-line-problem={field}>{problems[field].join(' ')}</div>
        ) : null}
      </td>
    );
  };
  return (
    <tr data-item-id={line.itemId} data-source={line.source} className={problems.thisPeriod.length || problems.storedMaterials.length ? 'table-danger' : undefined}>
      <td className="text-nowrap" data-column="costCode">{line.costCode}</td>
      <td data-column="description">
        {line.description}
        {line.source === 'changeOrder' && line.changeOrderNumber ? <span className="text-body-secondary small ms-1">({line.changeOrderNumber})</span> : null}
      </td>
      <td className="text-end text-nowrap" data-column="scheduledValue">{money(line.scheduledValue)}</td>
      <td className="text-end text-nowrap" data-column="previousCompleted">{money(line.previousCompleted)}</td>
      {cell('thisPeriod')}
      {cell('storedMaterials')}
      <td className="text-end text-nowrap" data-column="totalCompletedAndStored">{figure ? money(figure.totalCompletedAndStored) : ''}</td>
      <td className="text-end text-nowrap" data-column="percentComplete">{figure ? `${figure.percentComplete.toFixed(2)}%` : ''}</td>
      <td className="text-end text-nowrap" data-column="balanceToFinish">{figure ? money(figure.balanceToFinish) : ''}</td>
      <td className="text-end text-nowrap" data-column="retainage">{figure ? money(figure.retainage) : ''}</td>
    </tr>
  );
}, (a, b) => a.line === b.line && a.row === b.row && a.editable === b.editable && a.onChange === b.onChange
  && sameFigure(a.figure, b.figure) && sameEntry(a.entry, b.entry));

/**
 * Lines the sheet paints at once; the rest right after that paint (a 200-line application shows its first lines sooner).
 * 20 fill the workbench at 1366×768; 40 cost a 200-line application about 7 ms more before its first paint.
 */
export const FIRST_LINES = 20;

/** How many of `total` lines to render: {@link FIRST_LINES}, then all of them after the first paint (as RecordLists grows). */
function useLinesShown(total: number): number {
  const [count, setCount] = useState(FIRST_LINES);
  useEffect(() => {
    if (count >= total) return undefined;
    // After the first lines' frame (a timer alone may run before it, and the frame would lay out every line).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => { timer = setTimeout(() => startTransition(() => setCount(total)), 0); });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total]);
  return Math.min(count, total);
}

/** The sheet. */
export function ContinuationSheet({ number, lines, figures, entries, editable, onChange }: ContinuationSheetProps) {
  // What a cell held when it took focus (Escape puts it back).
  const heldAtFocus = useRef(new WeakMap<HTMLInputElement, string>()).current;
  const shown = useLinesShown(lines.length);

  /** Leaving a cell: a percent typed becomes its amount. */
  const commit = (input: HTMLInputElement) => {
    const line = lines[Number(input.dataset.row)];
    if (!line || input.dataset.cell !== 'thisPeriod') return;
    const text = input.value.trim();
    if (!text.endsWith('%')) return;
    const amount = thisPeriodAmount(text, line.scheduledValue);
    if (amount !== null) onChange(payLineKey(line), 'thisPeriod', sanitizeNumber(amount));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const input = event.target as HTMLInputElement;
    if (!(input instanceof HTMLInputElement) || !input.dataset.cell) return;
    const table = event.currentTarget;
    const row = Number(input.dataset.row);
    const field = input.dataset.cell as SheetField;
    const atStart = input.selectionStart === 0 && (input.selectionEnd === 0 || input.selectionEnd === input.value.length);
    const atEnd = input.selectionEnd === input.value.length && (input.selectionStart === input.value.length || input.selectionStart === 0);
    let moved = false;
    switch (event.key) {
      // Up and down stay in the column, also at its ends (the caret does not jump to the start or end instead).
      case 'ArrowDown': case 'PageDown': commit(input); moveTo(cellAt(table, row + 1, field)); moved = true; break;
      case 'ArrowUp': case 'PageUp': commit(input); moveTo(cellAt(table, row - 1, field)); moved = true; break;
      case 'Enter': commit(input); moveTo(cellAt(table, row + 1, field)); moved = true; break;
      case 'ArrowRight': if (field === 'thisPeriod' && atEnd) { commit(input); moved = moveTo(cellAt(table, row, 'storedMaterials')); } break;
      case 'ArrowLeft': if (field === 'storedMaterials' && atStart) { commit(input); moved = moveTo(cellAt(table, row, 'thisPeriod')); } break;
      case 'Escape': {
        const held = heldAtFocus.get(input);
        const line = lines[row];
        if (held !== undefined && line) { onChange(payLineKey(line), field, held); moved = true; }
        break;
      }
      default: break;
    }
    if (moved) event.preventDefault();
  };

  const totals = {
    scheduled: sum(figures, (l) => l.scheduledValue), previous: sum(figures, (l) => l.previousCompleted), thisPeriod: sum(figures, (l) => l.thisPeriod),
    stored: sum(figures, (l) => l.storedMaterials), completed: sum(figures, (l) => l.totalCompletedAndStored), balance: sum(figures, (l) => l.balanceToFinish),
    retainage: sum(figures, (l) => l.retainage),
  };
  const percentTotal = totals.scheduled > 0 ? Math.round(totals.completed / totals.scheduled * 10_000) / 100 : 0;

  return (
    <div className="table-responsive mb-2" data-sheet>
      <table className="table table-sm align-middle mb-1 pay-sheet" onKeyDown={editable ? onKeyDown : undefined}
        onFocus={(event) => {
          const input = event.target;
          if (input instanceof HTMLInputElement && input.dataset.cell) {
            heldAtFocus.set(input, input.value);
            input.select();
          }
        }}
        onBlur={(event) => { if (event.target instanceof HTMLInputElement && event.target.dataset.cell) commit(event.target); }}>
        <caption className="visually-hidden">{SHEET_TEXT.caption(number)}</caption>
        <thead>
          <tr>
            <th scope="col">Cost code</th>
            <th scope="col">Description</th>
            <th scope="col" className="text-end">Scheduled value</th>
            <th scope="col" className="text-end">Previous</th>
            <th scope="col" className="text-end">This period</th>
            <th scope="col" className="text-end">Stored materials</th>
            <th scope="col" className="text-end">Total completed and stored</th>
            <th scope="col" className="text-end">%</th>
            <th scope="col" className="text-end">Balance to finish</th>
            <th scope="col" className="text-end">Retainage</th>
          </tr>
        </thead>
        <tbody>
          {(shown < lines.length ? lines.slice(0, shown) : lines).map((line, row) => (
            <SheetRow key={payLineKey(line)} line={line} row={row} figure={figures[row]} entry={entries.get(payLineKey(line))} editable={editable} onChange={onChange} />
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold" data-sheet-totals>
            <th scope="row" colSpan={2}>{SHEET_TEXT.totals}</th>
            <td className="text-end text-nowrap" data-total="scheduledValue">{money(totals.scheduled)}</td>
            <td className="text-end text-nowrap" data-total="previousCompleted">{money(totals.previous)}</td>
            <td className="text-end text-nowrap" data-total="thisPeriod">{money(totals.thisPeriod)}</td>
            <td className="text-end text-nowrap" data-total="storedMaterials">{money(totals.stored)}</td>
            <td className="text-end text-nowrap" data-total="totalCompletedAndStored">{money(totals.completed)}</td>
            <td className="text-end text-nowrap" data-total="percentComplete">{`${percentTotal.toFixed(2)}%`}</td>
            <td className="text-end text-nowrap" data-total="balanceToFinish">{money(totals.balance)}</td>
            <td className="text-end text-nowrap" data-total="retainage">{money(totals.retainage)}</td>
          </tr>
        </tfoot>
      </table>
      {editable ? <p className="small text-body-secondary mb-0" id="pay-sheet-hint">{SHEET_TEXT.hint}</p> : null}
    </div>
  );
}
