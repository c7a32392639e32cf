/**
 * The weekly grid of a timecard (desktop): a line per charge + cost code + time type, a column per
 * day (Sunday to Saturday, with the date), the line totals at the right and the day totals in the
 * footer, each exactly under its column. Keyboard entry as on the projection grid: arrows move
 * between hour cells, typing starts editing, Enter / Tab commit and move, Escape cancels.
 */
import { useRef, useState } from 'react';
import { WEEKDAY_NAMES } from '../../core/timecards';
import type { FeedbackItem } from '../../core/timecards';
import type { ChargeOption } from '../../core/timecards/contract';
import { ChargePicker, chargeText } from './ChargePicker';
import { sumHours, cellHours, type EditLine } from './data';

export const GRID_TEXT = {
  line: 'Project / opportunity',
  costCode: 'Cost code',
  timeType: 'Type',
  total: 'Total',
  dayTotal: 'Day total',
  readOnly: 'read-only',
  holiday: 'Holiday',
  timeOff: 'Approved time off',
  remove: 'Remove line',
  chooseCode: 'Choose a cost code',
  help: 'Arrows move between hour cells; type to enter hours (quarter hours: .25, .5, .75); Enter or Tab keeps them and moves on, Escape cancels.',
  /** Why typing into a read-only cell changed nothing (said politely, issue 29). */
  holidayRefused: 'Holiday hours are filled in for you and can not be changed.',
  timeOffRefused: 'Approved time off is filled in from its request and can not be changed here: change or cancel the request instead.',
  cardRefused: 'This timecard is read-only: its hours can not be changed now.',
} as const;

/** The work time types a person chooses (PTO and Holiday lines are the system's). */
export const MANUAL_TIME_TYPES = ['Regular', 'Overtime'] as const;

const SHORT_DAYS = WEEKDAY_NAMES.map((d) => d.slice(0, 3));
export const dayLabel = (day: string, index: number) => `${SHORT_DAYS[index]} ${day.slice(5, 7)}/${day.slice(8, 10)}`;
export const hoursShown = (hours: number) => (hours === 0 ? '' : String(hours));

/** Why a cell of `line` can not be typed in: a system line's own reason, else the read-only card's. */
export function refusalOf(line: EditLine): string {
  if (line.source === 'holiday') return GRID_TEXT.holidayRefused;
  if (line.source === 'pto') return GRID_TEXT.timeOffRefused;
  return GRID_TEXT.cardRefused;
}

/** A key that would change a cell's hours: a character typed, Delete, Backspace or F2 (edit). */
export const isChangeKey = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean =>
  (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) || ['Delete', 'Backspace', 'F2'].includes(event.key);

/** The polite live message saying why a change was refused; always rendered, so screen readers hear it when it fills. */
export function Refusal({ message }: { message: string }) {
  return <p role="status" aria-live="polite" className={`small text-warning-emphasis mb-1${message ? '' : ' visually-hidden'}`} data-refusal>{message}</p>;
}

/** Ids of the messages of one field, for aria-describedby; the messages render where `messageId` says. */
export const messageId = (field: string) => `tc-msg-${field.replace(/[^a-z0-9]+/gi, '-')}`;

export interface LineProblems {
  /** Items by field name ('lines[0].hours[2]'). */
  byField: ReadonlyMap<string, FeedbackItem[]>;
}

/** The charge label of a line (a read-only line: its label). */
export function lineTitle(line: EditLine): string {
  if (line.source !== 'manual') return line.label ?? (line.source === 'holiday' ? GRID_TEXT.holiday : GRID_TEXT.timeOff);
  return line.opportunityId ? chargeText(line.opportunityNumber, line.opportunityName) : chargeText(line.projectNumber, line.projectName);
}

export function codeText(line: EditLine): string {
  return [line.costCode, line.costCodeName].filter(Boolean).join(' ');
}

/** The line's cost code: the opportunity's code when the line charges an opportunity. */
export const chosenCodeId = (line: EditLine) => (line.opportunityId ? line.opportunityCostCodeId : line.costCodeId);

/** A line's cost code options after the empty choice: its loaded options, else the chosen code alone. */
export function CostCodeOptions({ line }: { line: EditLine }) {
  return (
    <>
      <option value="">{GRID_TEXT.chooseCode}</option>
      {(line.costCodeOptions ?? (line.costCodeId || line.opportunityCostCodeId
        ? [{ id: chosenCodeId(line) ?? 0, code: line.costCode ?? '', name: line.costCodeName ?? '' }] : []))
        .map((code) => <option key={code.id} value={code.id}>{[code.code, code.name].filter(Boolean).join(' ')}</option>)}
    </>
  );
}

/** The fields of line `index` that carry items, in display order, for the message row. */
export function lineFields(index: number): string[] {
  const f = `lines[${index}]`;
  return [f, `${f}.projectId`, `${f}.opportunityId`, `${f}.costCodeId`, `${f}.timeType`, ...Array.from({ length: 7 }, (_, d) => `${f}.hours[${d}]`)];
}

/** The day a field names ('lines[0].hours[2]' → 'Tuesday'), or ''. */
export function fieldDay(field: string): string {
  const day = /\.hours\[(\d)\]$/.exec(field);
  return day ? WEEKDAY_NAMES[Number(day[1])] ?? '' : '';
}

export function Messages({ field, items, className = '' }: { field: string; items: readonly FeedbackItem[] | undefined; className?: string }) {
  if (!items?.length) return null;
  return (
    <div id={messageId(field)} className={`small ${className}`} data-message-for={field}>
      {items.map((item, i) => (
        <div key={i} className={item.integerValue === 1 ? 'text-danger-emphasis' : item.integerValue === 2 ? 'text-warning-emphasis' : 'text-body-secondary'}>
          {fieldDay(field) ? <span className="fw-semibold">{fieldDay(field)}: </span> : null}<span data-message>{item.message}</span>
        </div>
      ))}
    </div>
  );
}

export interface GridProps {
  days: string[];
  manual: EditLine[];
  system: EditLine[];
  readOnly: boolean;
  problems: LineProblems;
  dayTotals: number[];
  weekTotal: number;
  onCell(index: number, day: number, text: string): void;
  onPick(index: number, option: ChargeOption): void;
  onCode(index: number, costCodeId: number): void;
  onType(index: number, timeType: string): void;
  onRemove(index: number): void;
}

interface Editing { row: number; day: number; original: string }

/** The grid; cells are addressed by (row, day), rows being the manual lines then the system's. */
export function HoursGrid(props: GridProps) {
  const { days, manual, system, readOnly, problems, dayTotals, weekTotal } = props;
  const rows = [...manual, ...system];
  const [active, setActive] = useState<{ row: number; day: number }>({ row: 0, day: 1 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [refusal, setRefusal] = useState('');
  const table = useRef<HTMLTableElement>(null);

  const focusCell = (row: number, day: number) => {
    const r = Math.max(0, Math.min(rows.length - 1, row));
    const d = Math.max(0, Math.min(6, day));
    setActive({ row: r, day: d });
    table.current?.querySelector<HTMLInputElement>(`[data-cell="${r}-${d}"]`)?.focus();
  };
  const editable = (row: number) => !readOnly && row < manual.length;
  /** Enter goes down (Shift+Enter up) to an editable row only: never into a holiday or time-off row. */
  const enterTarget = (row: number, up: boolean) => {
    const next = row + (up ? -1 : 1);
    return next >= 0 && next < rows.length && editable(next) ? next : null;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>, row: number, day: number) => {
    const key = event.key;
    const isEditing = editing?.row === row && editing.day === day;
    const commitAndMove = (dr: number, dd: number) => {
      setEditing(null);
      let r = row + dr;
      let d = day + dd;
      if (d > 6) { d = 0; r += 1; }
      if (d < 0) { d = 6; r -= 1; }
      if (r < 0 || r >= rows.length) return false;
      focusCell(r, d);
      return true;
    };
    if (isEditing) {
      if (key === 'Escape') { event.preventDefault(); event.stopPropagation(); props.onCell(row, day, editing.original); setEditing(null); return; }
      if (key === 'Enter') {
        event.preventDefault();
        if (enterTarget(row, event.shiftKey) === null || !commitAndMove(event.shiftKey ? -1 : 1, 0)) setEditing(null);
        return;
      }
      if (key === 'Tab') { if (commitAndMove(0, event.shiftKey ? -1 : 1)) event.preventDefault(); return; }
      if (key === 'ArrowUp' || key === 'ArrowDown') { event.preventDefault(); commitAndMove(key === 'ArrowUp' ? -1 : 1, 0); }
      return;
    }
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (key === 'Home' || key === 'End') { event.preventDefault(); focusCell(row, key === 'Home' ? 0 : 6); return; }
    if (key === 'Enter') {
      event.preventDefault();
      const next = enterTarget(row, event.shiftKey);
      if (next !== null) focusCell(next, day);
      return;
    }
    if (moves[key]) {
      event.preventDefault();
      const [dr, dd] = moves[key];
      focusCell(row + dr, day + dd);
      return;
    }
    if (key === 'Tab') { if (commitAndMove(0, event.shiftKey ? -1 : 1)) event.preventDefault(); return; }
    if (!editable(row)) {
      if (isChangeKey(event)) { event.preventDefault(); setRefusal(refusalOf(rows[row]!)); }
      return;
    }
    setRefusal('');
    if (key === 'F2') { event.preventDefault(); setEditing({ row, day, original: manual[row]?.text[day] ?? '' }); return; }
    if (key === 'Delete' || key === 'Backspace') { event.preventDefault(); props.onCell(row, day, ''); return; }
    if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      setEditing({ row, day, original: manual[row]?.text[day] ?? '' });
      props.onCell(row, day, key);
    }
  };

  const cell = (line: EditLine, row: number, day: number) => {
    const field = `lines[${row}].hours[${day}]`;
    const items = row < manual.length ? problems.byField.get(field) : undefined;
    const invalid = items?.some((i) => i.integerValue === 1);
    const value = row < manual.length ? line.text[day] ?? '' : hoursShown(line.hours[day] ?? 0);
    const isEditing = editing?.row === row && editing.day === day;
    const lineIds = [`lines[${row}]`].filter((f) => problems.byField.get(f)?.length).map(messageId);
    return (
      <td key={day} role="gridcell" className="p-0 text-end" style={{ height: '1px' }} data-day={day}>
        <input type="text" inputMode="decimal" data-cell={`${row}-${day}`} data-editing={isEditing || undefined}
          className={`form-control form-control-sm border-0 rounded-0 text-end h-100${invalid ? ' is-invalid' : ''}${editable(row) ? '' : ' bg-transparent'}`}
          style={{ minWidth: '56px', fontVariantNumeric: 'tabular-nums', boxShadow: isEditing ? 'inset 0 0 0 2px var(--bs-primary)' : undefined }}
          value={value} readOnly={!isEditing} tabIndex={active.row === row && active.day === day ? 0 : -1}
          aria-label={`${dayLabel(days[day] ?? '', day)}, ${lineTitle(line) || `line ${row + 1}`}${row >= manual.length ? ` (${GRID_TEXT.readOnly})` : ''}`}
          aria-invalid={invalid || undefined} aria-readonly={!editable(row) || undefined}
          aria-describedby={[...(items?.length ? [messageId(field)] : []), ...lineIds].join(' ') || undefined}
          onFocus={() => setActive({ row, day })}
          onClick={() => setActive({ row, day })}
          onDoubleClick={() => { if (editable(row)) setEditing({ row, day, original: line.text[day] ?? '' }); else setRefusal(refusalOf(line)); }}
          onBlur={() => { if (isEditing) setEditing(null); }}
          onChange={(e) => { if (isEditing) props.onCell(row, day, e.target.value); }}
          onKeyDown={(e) => onKeyDown(e, row, day)} />
      </td>
    );
  };

  const lineTotal = (line: EditLine, row: number) => sumHours(row < manual.length ? line.text.map(cellHours) : line.hours);

  return (
    <div data-grid>
      <div className="table-responsive">
      <table ref={table} role="grid" className="table table-sm table-bordered align-middle mb-1" aria-label="Hours of the week" aria-describedby="tc-grid-help"
        style={{ tableLayout: 'auto' }}>
        <thead>
          <tr>
            <th scope="col" style={{ minWidth: '224px', width: '30%' }}>{GRID_TEXT.line}</th>
            <th scope="col" style={{ minWidth: '160px', width: '20%' }}>{GRID_TEXT.costCode}</th>
            <th scope="col" style={{ minWidth: '120px' }}>{GRID_TEXT.timeType}</th>
            {days.map((day, d) => (
              <th key={day} scope="col" className="text-end text-nowrap" style={{ width: '64px' }} data-day-head={d}>
                {SHORT_DAYS[d]} <br /><span className="fw-normal small">{day.slice(5, 7)}/{day.slice(8, 10)}</span>
              </th>
            ))}
            <th scope="col" className="text-end">{GRID_TEXT.total}</th>
            {readOnly ? null : <th scope="col"><span className="visually-hidden">{GRID_TEXT.remove}</span></th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((line, row) => {
            const manualLine = row < manual.length;
            const f = `lines[${row}]`;
            const rowItems = manualLine ? lineFields(row).flatMap((field) => (problems.byField.get(field) ?? []).map((item) => ({ field, item }))) : [];
            const describe = (field: string) => (manualLine && problems.byField.get(field)?.length ? messageId(field) : undefined);
            const invalidAt = (field: string) => Boolean(manualLine && problems.byField.get(field)?.some((i) => i.integerValue === 1));
            return [
              <tr key={line.key} data-line={row} data-source={line.source} className={manualLine ? undefined : 'table-active'}>
                {manualLine && !readOnly ? (
                  <>
                    <td>
                      <ChargePicker value={lineTitle(line)} label={`Project or opportunity of line ${row + 1}`}
                        describedBy={[describe(`${f}.projectId`), describe(`${f}.opportunityId`), describe(f)].filter(Boolean).join(' ') || undefined}
                        invalid={invalidAt(`${f}.projectId`) || invalidAt(`${f}.opportunityId`) || invalidAt(f)}
                        onPick={(option) => props.onPick(row, option)} />
                    </td>
                    <td>
                      <select className={`form-select form-select-sm${invalidAt(`${f}.costCodeId`) ? ' is-invalid' : ''}`} aria-label={`Cost code of line ${row + 1}`}
                        value={chosenCodeId(line) ?? ''} aria-describedby={describe(`${f}.costCodeId`)}
                        aria-invalid={invalidAt(`${f}.costCodeId`) || undefined} data-field="costCodeId"
                        onChange={(e) => props.onCode(row, Number(e.target.value))}>
                        <CostCodeOptions line={line} />
                      </select>
                    </td>
                    <td>
                      <select className={`form-select form-select-sm${invalidAt(`${f}.timeType`) ? ' is-invalid' : ''}`} aria-label={`Time type of line ${row + 1}`}
                        value={line.timeType} aria-describedby={describe(`${f}.timeType`)} data-field="timeType"
                        onChange={(e) => props.onType(row, e.target.value)}>
                        {MANUAL_TIME_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                      </select>
                    </td>
                  </>
                ) : (
                  <>
                    <th scope="row" className="fw-normal">
                      <span data-line-title>{lineTitle(line)}</span>
                      {manualLine ? null : <span className="badge text-bg-secondary ms-2" data-read-only-line>{line.source === 'holiday' ? GRID_TEXT.holiday : GRID_TEXT.timeOff} · {GRID_TEXT.readOnly}</span>}
                    </th>
                    <td>{manualLine ? codeText(line) : ''}</td>
                    <td>{line.timeType}</td>
                  </>
                )}
                {days.map((_, d) => cell(line, row, d))}
                <td className="text-end fw-semibold" data-line-total={row} style={{ fontVariantNumeric: 'tabular-nums' }}>{lineTotal(line, row)}</td>
                {readOnly ? null : (
                  <td className="text-center">
                    {manualLine ? (
                      <button type="button" className="btn btn-sm btn-outline-danger py-0" aria-label={`${GRID_TEXT.remove} ${row + 1}`} data-remove={row}
                        onClick={() => props.onRemove(row)}>×</button>
                    ) : null}
                  </td>
                )}
              </tr>,
              rowItems.length ? (
                <tr key={`${line.key}-messages`} data-messages-of={row}>
                  <td colSpan={days.length + 4 + (readOnly ? 0 : 1)} className="py-1 border-top-0">
                    {[...new Set(rowItems.map((r) => r.field))].map((field) => <Messages key={field} field={field} items={problems.byField.get(field)} />)}
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
        <tfoot>
          <tr data-day-totals>
            <th scope="row" colSpan={3} className="text-end">{GRID_TEXT.dayTotal}</th>
            {dayTotals.map((total, d) => {
              const field = `days[${d}]`;
              const items = problems.byField.get(field);
              return (
                <td key={d} className={`text-end fw-semibold${items?.length ? ' text-danger-emphasis' : ''}`} data-day-total={d}
                  aria-describedby={items?.length ? messageId(field) : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>{total}</td>
              );
            })}
            <td className="text-end fw-bold" data-week-total style={{ fontVariantNumeric: 'tabular-nums' }}>{weekTotal}</td>
            {readOnly ? null : <td></td>}
          </tr>
        </tfoot>
      </table>
      </div>
      {days.map((_, d) => <Messages key={d} field={`days[${d}]`} items={problems.byField.get(`days[${d}]`)} className="mb-1" />)}
      <Refusal message={refusal} />
      <p id="tc-grid-help" className="small text-body-secondary mb-0">{GRID_TEXT.help}</p>
    </div>
  );
}
