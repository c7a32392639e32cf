/**
 * `<pto-regional-calendar>`'s view: the holidays of a region and year. A calendar admin (core
 * HOLIDAY_CALENDAR_ADMINS: Admin or Timecard Admin on keyTC, Admin on keyAdmin) adds, edits and deletes
 * them, full days (8 h) or half days (4 h); anyone else with keyPTO or keyTC sees them read-only; the
 * server refuses the rest (403: said clearly). Typed work is kept when a save fails. A refused holiday (the
 * client's checks or the server's feedback, e.g. a date the region already has) is said once, at its field, and
 * the focus goes there; the server answers it without autoAlert, so no 'Request Failed' box repeats it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ruleAllows } from '../../core/access';
import { shownData } from '../../core/api';
import { sayRefusedSave } from '../../core/records';
import { formatDate } from '../../core/format';
import { showToast } from '../../core/messages';
import { $roles } from '../../core/roles';
import { FULL_DAY_HOURS, HALF_DAY_HOURS } from '../../core/time-off';
import { HOLIDAY_CALENDAR_ADMINS } from '../../core/access';
import { WEEKDAY_NAMES, isDay, weekdayOf } from '../../core/timecards';
import { useStore } from '../../ui/hooks';
import { useRowDelete } from '../../ui/useRowDelete';
import { ScreenTitle, fieldInvalid, formFeedback, FieldFeedback, type FeedbackItem } from '../../ui/records';
import { deleteHoliday, loadHolidays, loadRegions, saveHoliday, type HolidayRow } from './data';
import { LoadFailed } from './LoadFailed';
import { problemText } from './problems';
import { PTO_SCREEN_TEXT, REGIONAL_TEXT as T } from './text';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import { today } from '../../core/clock';

export interface RegionalCalendarProps {
  regionId?: number;
  year?: number;
}

interface HolidayDraft {
  holidayId?: number;
  holidayDate: string;
  name: string;
  hours: number;
}

const currentYear = () => Number(today().slice(0, 4));
const validYear = (year: number | undefined) => (typeof year === 'number' && Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : currentYear());

/** The client checks of a holiday (the server checks again). */
export function checkHoliday(draft: HolidayDraft, year: number): FeedbackItem[] {
  const items: FeedbackItem[] = [];
  if (!isDay(draft.holidayDate)) items.push({ integerValue: 1, stringValue: 'holidayDate', message: T.dateRequired });
  else if (Number(draft.holidayDate.slice(0, 4)) !== year) items.push({ integerValue: 1, stringValue: 'holidayDate', message: T.dateYear(year) });
  if (!draft.name.trim()) items.push({ integerValue: 1, stringValue: 'name', message: T.nameRequired });
  return items;
}

function HolidayFields({ draft, onChange, feedback, idBase }: { draft: HolidayDraft; onChange(d: HolidayDraft): void; feedback: ReturnType<typeof formFeedback>; idBase: string }) {
  return (
    <>
      <div className="col-12 col-md-3">
        <label className="form-label small mb-1" htmlFor={`${idBase}-date`}>{T.date}</label>
        <input id={`${idBase}-date`} type="date" className={`form-control form-control-sm${fieldInvalid(feedback, 'holidayDate') ? ' is-invalid' : ''}`} data-field="holidayDate"
          aria-invalid={fieldInvalid(feedback, 'holidayDate') || undefined} aria-describedby={`${idBase}-date-fb`} value={draft.holidayDate} onChange={(e) => onChange({ ...draft, holidayDate: e.target.value })} />
        <FieldFeedback feedback={feedback} field="holidayDate" id={`${idBase}-date-fb`} />
      </div>
      <div className="col-12 col-md-5">
        <label className="form-label small mb-1" htmlFor={`${idBase}-name`}>{T.name}</label>
        <input id={`${idBase}-name`} className={`form-control form-control-sm${fieldInvalid(feedback, 'name') ? ' is-invalid' : ''}`} data-field="name" maxLength={100}
          aria-invalid={fieldInvalid(feedback, 'name') || undefined} aria-describedby={`${idBase}-name-fb`} value={draft.name} onChange={(e) => onChange({ ...draft, name: e.target.value })} />
        <FieldFeedback feedback={feedback} field="name" id={`${idBase}-name-fb`} />
      </div>
      <div className="col-12 col-md-2">
        <label className="form-label small mb-1" htmlFor={`${idBase}-hours`}>{T.length}</label>
        <select id={`${idBase}-hours`} className="form-select form-select-sm" data-field="hours" value={draft.hours} onChange={(e) => onChange({ ...draft, hours: Number(e.target.value) })}>
          <option value={FULL_DAY_HOURS}>{T.fullDay}</option>
          <option value={HALF_DAY_HOURS}>{T.halfDay}</option>
        </select>
        <FieldFeedback feedback={feedback} field="hours" />
      </div>
    </>
  );
}

/** The add form (holidayId absent) or the edit form of one holiday. */
function HolidayForm({ initial, regionId, year, onDone, onCancel }: { initial: HolidayDraft; regionId: number; year: number; onDone(): void; onCancel?(): void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(initial);
  const [items, setItems] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  // Counts refusals: each one moves the focus to the first field at fault, whose description reads its message.
  const [refusals, setRefusals] = useState(0);
  const feedback = formFeedback(items);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const refuse = (at: FeedbackItem[]) => {
    setItems(at);
    setRefusals((n) => n + 1);
  };
  const submit = async () => {
    const local = checkHoliday(draft, year);
    setProblem('');
    if (local.length) {
      refuse(local);
      return;
    }
    setItems([]);
    setBusy(true);
    try {
      await saveHoliday({ ...draft, regionId });
      showToast(T.saved, { variant: 'success' });
      if (!draft.holidayId) setDraft({ holidayDate: '', name: '', hours: FULL_DAY_HOURS });
      onDone();
    } catch (error) {
      sayRefusedSave(error, refuse, () => setProblem(`${problemText(error)} ${PTO_SCREEN_TEXT.keptWork}`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={form} noValidate className="mb-3" aria-label={draft.holidayId ? `${T.edit} ${initial.name}` : T.add} data-holiday-form={draft.holidayId ?? 'new'}
      onSubmit={(e) => { e.preventDefault(); void submit(); }} onKeyDown={(e) => { if (e.key === 'Escape' && onCancel) onCancel(); }}>
      {problem ? <div className="alert alert-danger py-2" role="alert">{problem}</div> : null}
      <div className="row g-2 align-items-start">
        <HolidayFields draft={draft} onChange={setDraft} feedback={feedback} idBase={id} />
        <div className="col-12 col-md-2 d-flex gap-1 align-items-end pto-holiday-buttons">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-action="save-holiday">{draft.holidayId ? T.save : T.add}</button>
          {onCancel ? <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>{T.cancel}</button> : null}
        </div>
      </div>
    </form>
  );
}

export function RegionalCalendar(props: RegionalCalendarProps) {
  const id = useId();
  const roles = useStore($roles);
  const admin = HOLIDAY_CALENDAR_ADMINS.some((rule) => ruleAllows(roles, rule));
  const [regionId, setRegionId] = useState(typeof props.regionId === 'number' && props.regionId > 0 ? props.regionId : -1);
  const [year, setYear] = useState(validYear(props.year));
  const [editing, setEditing] = useState<number | null>(null);
  const { state: regionsLoad, retry: retryRegions } = useLoad('regions', async (signal, attempt) => {
    const rows = await loadRegions(signal, attempt);
    if (!signal.aborted) setRegionId((current) => (rows.some((r) => r.regionId === current) ? current : rows[0]?.regionId ?? -1));
    return rows;
  }, { what: 'Regions load' });
  const { state: holidays, retry: retryHolidays } = useLoad(regionId > 0 ? `${regionId}:${year}` : null,
    (signal) => loadHolidays(year, regionId, signal).then((rows) => rows.filter((h) => h.regionId === regionId).sort((a, b) => a.holidayDate.localeCompare(b.holidayDate))),
    { what: 'Holidays load' });
  // A reload (after a write, or Retry) loads both again; the regions stay on show meanwhile.
  const loadAgain = () => { retryRegions(); retryHolidays(); };
  const reload = () => { setEditing(null); loadAgain(); };
  const deleting = useRowDelete<number>(T, problemText, reload);
  const remove = (h: HolidayRow) => deleting.remove(h.holidayId, T.deleteConfirm(h.name, formatDate(h.holidayDate)), () => deleteHoliday(h.holidayId));

  const regions = regionsLoad.status === 'failed' ? null : shownData(regionsLoad) ?? null;
  const rows = holidays.status === 'ready' ? holidays.data : [];
  const forbidden = (regionsLoad.status === 'failed' && regionsLoad.failure === 'forbidden') || (holidays.status === 'failed' && holidays.failure === 'forbidden');
  const regionName = regions?.find((r) => r.regionId === regionId)?.name ?? '';
  const total = rows.reduce((s, h) => s + h.hours, 0);
  return (
    <main className="container-fluid py-3 pto-regional-calendar" data-screen="pto-regional-calendar">
      <ScreenTitle title={T.title} />
      {forbidden ? <LoadProblem variant="warning" state="forbidden" message={T.noAccess} onRetry={reload} /> : (
        <>
          {regionsLoad.status === 'failed' ? (
            <LoadProblem message={`${T.loadFailed} ${problemText(regionsLoad.error)}`} onRetry={loadAgain} />
          ) : !regions ? (
            <div role="status" className="text-body-secondary"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loading}</div>
          ) : (
            <>
              <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
                <div>
                  <label className="form-label small mb-1" htmlFor={`${id}-region`}>{T.region}</label>
                  <select id={`${id}-region`} className="form-select form-select-sm" data-field="regionId" value={regionId} onChange={(e) => { setEditing(null); setRegionId(Number(e.target.value)); }}>
                    {regions.map((r) => <option key={r.regionId} value={r.regionId}>{r.name}</option>)}
                  </select>
                </div>
                <div>
                  <label className="form-label small mb-1" htmlFor={`${id}-year`}>{T.year}</label>
                  <div className="input-group input-group-sm">
                    <button type="button" className="btn btn-outline-secondary" aria-label={T.previousYear} onClick={() => setYear((y) => y - 1)}>‹</button>
                    <input id={`${id}-year`} className="form-control pto-year-input" inputMode="numeric" data-field="year" value={year}
                      onChange={(e) => { const y = Number(e.target.value); if (Number.isInteger(y) && y >= 2000 && y <= 2100) setYear(y); }} />
                    <button type="button" className="btn btn-outline-secondary" aria-label={T.nextYear} onClick={() => setYear((y) => y + 1)}>›</button>
                  </div>
                </div>
              </div>
              {!admin ? <p className="alert alert-info py-2" data-read-only>{T.readOnly}</p> : null}
              {admin && regionId > 0 ? <HolidayForm key={`new-${regionId}-${year}`} initial={{ holidayDate: '', name: '', hours: FULL_DAY_HOURS }} regionId={regionId} year={year} onDone={reload} /> : null}
              {holidays.status === 'loading' ? (
                <div role="status" className="text-body-secondary">{T.loading}</div>
              ) : holidays.status === 'failed' ? (
                <LoadFailed failed={T.loadFailed} error={holidays.error} onRetry={reload} />
              ) : (
                <div className="table-responsive">
                  <table className="table table-sm align-middle" data-testid="holidays">
                    <caption className="visually-hidden">{`${regionName} ${year}`}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{T.date}</th>
                        <th scope="col">{T.weekday}</th>
                        <th scope="col">{T.name}</th>
                        <th scope="col" className="text-end">{T.length}</th>
                        {admin ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}
                      </tr>
                    </thead>
                    <tbody>
                      {rows.length === 0 ? <tr><td colSpan={admin ? 5 : 4} className="text-body-secondary">{T.none}</td></tr> : null}
                      {rows.map((h) => (editing === h.holidayId ? (
                        <tr key={h.holidayId} data-holiday-id={h.holidayId}>
                          <td colSpan={5}>
                            <HolidayForm initial={{ holidayId: h.holidayId, holidayDate: h.holidayDate, name: h.name, hours: h.hours }} regionId={regionId} year={year} onDone={reload} onCancel={() => setEditing(null)} />
                          </td>
                        </tr>
                      ) : (
                        <tr key={h.holidayId} data-holiday-id={h.holidayId} data-holiday-date={h.holidayDate}>
                          <td className="text-nowrap">{formatDate(h.holidayDate)}</td>
                          <td>{WEEKDAY_NAMES[weekdayOf(h.holidayDate)]}</td>
                          <td data-holiday-name>{h.name}</td>
                          <td className="text-end text-nowrap" data-hours={h.hours}>{h.hours < FULL_DAY_HOURS ? T.halfDay : T.fullDay}</td>
                          {admin ? (
                            <td className="text-end text-nowrap">
                              <button type="button" className="btn btn-sm btn-link" data-action="edit" aria-label={`${T.edit} ${h.name}`} onClick={() => setEditing(h.holidayId)}>{T.edit}</button>
                              <button type="button" className="btn btn-sm btn-link text-danger-emphasis" data-action="delete" disabled={deleting.busy === h.holidayId} aria-label={`${T.delete} ${h.name}`} onClick={() => void remove(h)}>{T.delete}</button>
                            </td>
                          ) : null}
                        </tr>
                      )))}
                    </tbody>
                    <tfoot>
                      <tr className="fw-semibold"><th scope="row" colSpan={3}>{T.total(rows.length, total)}</th><td className="text-end">{total}</td>{admin ? <td /> : null}</tr>
                    </tfoot>
                  </table>
                </div>
              )}
            </>
          )}
        </>
      )}
    </main>
  );
}
