/**
 * The timecard on a phone (issue 13, narrower than ~576 px): the lines (charge, cost code, type) as
 * cards, then day by day each day's lines with an hour input and the day total, then the week's totals.
 */
import { WEEKDAY_NAMES } from '../../core/timecards';
import type { ChargeOption } from '../../core/timecards/contract';
import { ChargePicker } from './ChargePicker';
import { cellHours, sumHours, type EditLine } from './data';
import { useState } from 'react';
import {
  CostCodeOptions, GRID_TEXT, MANUAL_TIME_TYPES, Messages, Refusal, chosenCodeId, codeText, dayLabel, hoursShown, isChangeKey, lineTitle, messageId, refusalOf, type GridProps,
} from './HoursGrid';

/** One column no wider than the element: long labels truncate instead of widening the page. */
const ONE_COLUMN = { gridTemplateColumns: 'minmax(0, 1fr)' } as const;

export function DayList(props: GridProps) {
  const { days, manual, system, readOnly, problems, dayTotals, weekTotal } = props;
  const describe = (field: string) => (problems.byField.get(field)?.length ? messageId(field) : undefined);
  const invalidAt = (field: string) => Boolean(problems.byField.get(field)?.some((i) => i.integerValue === 1));
  const rows = [...manual, ...system];
  const lineTotal = (line: EditLine, row: number) => sumHours(row < manual.length ? line.text.map(cellHours) : line.hours);
  /** Why the last change to a read-only input was refused (the grid's words). */
  const [refusal, setRefusal] = useState('');

  return (
    <div data-day-list>
      <h2 className="h6">Lines</h2>
      <ul className="list-unstyled d-grid gap-2 mb-3" style={ONE_COLUMN}>
        {rows.map((line, row) => {
          const f = `lines[${row}]`;
          const manualLine = row < manual.length;
          return (
            <li key={line.key} className="border rounded p-2" data-line={row} data-source={line.source}>
              {manualLine && !readOnly ? (
                <div className="d-grid gap-1">
                  <ChargePicker value={lineTitle(line)} label={`Project or opportunity of line ${row + 1}`}
                    describedBy={[describe(`${f}.projectId`), describe(`${f}.opportunityId`), describe(f)].filter(Boolean).join(' ') || undefined}
                    invalid={invalidAt(`${f}.projectId`) || invalidAt(`${f}.opportunityId`) || invalidAt(f)}
                    onPick={(option: ChargeOption) => props.onPick(row, option)} />
                  <div className="d-flex gap-1">
                    <select className="form-select form-select-sm" aria-label={`Cost code of line ${row + 1}`} data-field="costCodeId"
                      value={chosenCodeId(line) ?? ''} aria-describedby={describe(`${f}.costCodeId`)}
                      onChange={(e) => props.onCode(row, Number(e.target.value))}>
                      <CostCodeOptions line={line} />
                    </select>
                    <select className="form-select form-select-sm" style={{ maxWidth: '128px' }} aria-label={`Time type of line ${row + 1}`} value={line.timeType}
                      data-field="timeType" onChange={(e) => props.onType(row, e.target.value)}>
                      {MANUAL_TIME_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                    </select>
                    <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`${GRID_TEXT.remove} ${row + 1}`} data-remove={row}
                      onClick={() => props.onRemove(row)}>×</button>
                  </div>
                </div>
              ) : (
                <div>
                  <span className="fw-semibold">{lineTitle(line)}</span> <span className="text-body-secondary">{manualLine ? codeText(line) : ''} {line.timeType}</span>
                  {manualLine ? null : <span className="badge text-bg-secondary ms-1" data-read-only-line>{GRID_TEXT.readOnly}</span>}
                </div>
              )}
              <div className="small text-body-secondary">Line total <span className="fw-semibold" data-line-total={row}>{lineTotal(line, row)}</span></div>
              {manualLine ? [f, `${f}.projectId`, `${f}.opportunityId`, `${f}.costCodeId`, `${f}.timeType`].map((field) => (
                <Messages key={field} field={field} items={problems.byField.get(field)} />
              )) : null}
            </li>
          );
        })}
      </ul>
      <h2 className="h6">Days</h2>
      <div className="d-grid gap-2 mb-3" style={ONE_COLUMN}>
        {days.map((day, d) => (
          <section key={day} className="border rounded p-2" data-phone-day={d} aria-labelledby={`tc-day-${d}`}>
            <div className="d-flex justify-content-between align-items-baseline">
              <h3 className="h6 mb-1" id={`tc-day-${d}`}>{WEEKDAY_NAMES[d]} {dayLabel(day, d).slice(4)}</h3>
              <span className="fw-semibold" data-day-total={d} aria-describedby={describe(`days[${d}]`)}>{dayTotals[d]} h</span>
            </div>
            {rows.map((line, row) => {
              const field = `lines[${row}].hours[${d}]`;
              const manualLine = row < manual.length;
              if (!manualLine && !(line.hours[d] ?? 0)) return null;
              return (
                <div key={line.key} className="mb-1">
                  <div className="d-flex align-items-center gap-2">
                    <label className="flex-grow-1 small" style={{ minWidth: 0 }} htmlFor={`tc-p-${row}-${d}`}>
                      <span className="d-block text-truncate">{lineTitle(line) || `Line ${row + 1}`}</span>
                      {/* The cost code of each line, on its own line so it is never cut off. */}
                      <span className="d-block text-body-secondary text-truncate" data-day-line-code>{[manualLine ? codeText(line) : '', line.timeType].filter(Boolean).join(' · ')}</span>
                    </label>
                    <input id={`tc-p-${row}-${d}`} type="text" inputMode="decimal" data-cell={`${row}-${d}`}
                      className={`${readOnly || !manualLine ? 'form-control-plaintext' : 'form-control'} form-control-sm text-end${invalidAt(field) ? ' is-invalid' : ''}`}
                      style={{ width: '80px' }}
                      value={manualLine ? line.text[d] ?? '' : hoursShown(line.hours[d] ?? 0)} readOnly={readOnly || !manualLine}
                      aria-invalid={invalidAt(field) || undefined} aria-describedby={describe(field)}
                      onKeyDown={(e) => { if ((readOnly || !manualLine) && isChangeKey(e)) setRefusal(refusalOf(line)); }}
                      onChange={(e) => { setRefusal(''); props.onCell(row, d, e.target.value); }} />
                  </div>
                  <Messages field={field} items={problems.byField.get(field)} />
                </div>
              );
            })}
            <Messages field={`days[${d}]`} items={problems.byField.get(`days[${d}]`)} />
          </section>
        ))}
      </div>
      <Refusal message={refusal} />
      <div className="fw-semibold" data-phone-week-total>Week total <span data-week-total>{weekTotal}</span> h</div>
    </div>
  );
}
