/**
 * The New request form: type, title, start, end, full day / half day / hours per day. While typing it
 * runs the core's `validateRequest` with the employee's own requests (overlap), the balance the server
 * computed as of the day before the start (balance, unless the type may go below zero) and the
 * region's holidays (skipped and named; a half-day holiday counts half), and shows each message at
 * its field. The server's 400 items come back at the same fields; what was typed is kept on any failure.
 * One column on a phone.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { formatDate } from '../../core/format';
import { sayRefusedSave } from '../../core/records';
import { FULL_DAY_HOURS, HALF_DAY_HOURS, NEGATIVE_BALANCE_TYPES, PTO_STATES, PTO_TYPES, lowestBalanceFrom, requestDays, validateRequest } from '../../core/time-off';
import { isDay } from '../../core/timecards';
import { FieldFeedback, ValidationSummary, fieldInvalid, formFeedback, type FeedbackItem } from '../../ui/records';
import { useDraft } from '../../ui/drafts';
import { accountFrom, dayBefore, loadBalances, loadHolidays, saveRequest, toHolidays, type BalanceRow, type HolidayRow, type RequestDraft, type TimeOffRequestRow } from './data';
import { problemText } from './problems';
import { FORM_TEXT, PTO_SCREEN_TEXT } from './text';

export const EMPTY_DRAFT: RequestDraft = { type: 'Vacation', title: '', startDate: '', endDate: '', dayKind: 'full', hours: '' };

/** The hours per day the draft asks for (NaN when the typed hours are not a number). */
export function draftHoursPerDay(draft: RequestDraft): number {
  if (draft.dayKind === 'full') return FULL_DAY_HOURS;
  if (draft.dayKind === 'half') return HALF_DAY_HOURS;
  const text = draft.hours.trim();
  return text === '' ? Number.NaN : Number(text);
}

const years = (draft: RequestDraft): number[] => {
  const list = [draft.startDate, draft.endDate].filter((d) => isDay(d)).map((d) => Number(d.slice(0, 4)));
  return [...new Set(list)].sort();
};

/** Holidays of the years the dates touch, and the balances as of the day before the start (loaded as the dates change). */
function useChecks(draft: RequestDraft): { holidays: HolidayRow[]; balances: BalanceRow[] | null; checking: boolean } {
  const yearKey = years(draft).join(',');
  const [holidays, setHolidays] = useState<{ key: string; rows: HolidayRow[] }>({ key: '', rows: [] });
  const asOf = isDay(draft.startDate) ? dayBefore(draft.startDate) : '';
  const [balances, setBalances] = useState<{ key: string; rows: BalanceRow[] | null }>({ key: '', rows: null });
  useEffect(() => {
    if (!yearKey) return undefined;
    const abort = new AbortController();
    Promise.all(yearKey.split(',').map((y) => loadHolidays(Number(y), undefined, abort.signal))).then(
      (lists) => { if (!abort.signal.aborted) setHolidays({ key: yearKey, rows: lists.flat() }); },
      (error: unknown) => { if (!abort.signal.aborted) { console.error('Holidays failed to load', error); setHolidays({ key: yearKey, rows: [] }); } },
    );
    return () => abort.abort();
  }, [yearKey]);
  useEffect(() => {
    if (!asOf) return undefined;
    const abort = new AbortController();
    loadBalances(asOf, abort.signal).then(
      (rows) => { if (!abort.signal.aborted) setBalances({ key: asOf, rows }); },
      (error: unknown) => { if (!abort.signal.aborted) { console.error('Balances failed to load', error); setBalances({ key: asOf, rows: null }); } },
    );
    return () => abort.abort();
  }, [asOf]);
  const checking = (yearKey !== '' && holidays.key !== yearKey) || (asOf !== '' && balances.key !== asOf);
  return { holidays: holidays.key === yearKey ? holidays.rows : [], balances: balances.key === asOf ? balances.rows : null, checking };
}

export function RequestForm({ myRequests, onSaved }: { myRequests: readonly TimeOffRequestRow[]; onSaved(saved: TimeOffRequestRow): void }) {
  const id = useId();
  const [draft, setDraft] = useState<RequestDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState(false);
  const [serverItems, setServerItems] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  // A half-typed request survives a reload: kept while it differs from an empty form, offered back.
  const kept = useDraft<RequestDraft>({
    screen: 'pto-requests', form: 'new-request', value: draft, saved: EMPTY_DRAFT,
    restore: (value) => setDraft({ ...EMPTY_DRAFT, ...(value && typeof value === 'object' ? value : {}) }),
  });
  const { holidays, balances, checking } = useChecks(draft);
  const hoursPerDay = draftHoursPerDay(draft);
  const coreHolidays = useMemo(() => toHolidays(holidays), [holidays]);
  const balanceRow = balances?.find((b) => b.type === draft.type);
  const unlimited = (NEGATIVE_BALANCE_TYPES as readonly string[]).includes(draft.type);
  const account = isDay(draft.startDate) ? accountFrom(balanceRow, draft.startDate) : null;
  const request = { employeeId: 0, title: draft.title, type: draft.type, startDate: draft.startDate, endDate: draft.endDate, hoursPerDay };
  const liveItems = validateRequest({ request, requests: myRequests, account, holidays: coreHolidays });
  // Until the first send only the fields typed into speak; the server's items show until the next change.
  const shownItems = serverItems.length ? serverItems : liveItems.filter((item) => touched || fieldTyped(draft, item.stringValue));
  const feedback = formFeedback(shownItems);
  const days = requestDays(request, coreHolidays);
  const total = Math.round(days.reduce((s, d) => s + d.hours, 0) * 100) / 100;
  const before = unlimited ? null : balanceRow ? balanceRow.balance : null;
  // Projected as BambooHR does: the lowest the balance falls after this request, once the requests after it are charged.
  const lowest = !unlimited && account && total > 0
    ? lowestBalanceFrom(account, [...myRequests, { ...request, state: PTO_STATES.pending }], draft.startDate, coreHolidays)
    : null;
  const lowerLater = lowest && lowest.date > draft.endDate ? lowest : null;

  const change = (patch: Partial<RequestDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerItems([]);
    setProblem('');
  };

  const submit = async () => {
    setTouched(true);
    if (liveItems.some((item) => item.integerValue === 1)) return;
    setBusy(true);
    setProblem('');
    try {
      const saved = await saveRequest(draft, hoursPerDay);
      setDraft(EMPTY_DRAFT);
      setTouched(false);
      onSaved(saved);
    } catch (error) {
      sayRefusedSave(error, setServerItems, () => setProblem(`${problemText(error)} ${PTO_SCREEN_TEXT.keptWork}`));
    } finally {
      setBusy(false);
    }
  };

  const control = (field: string) => ({
    id: `${id}-${field}`, name: field, 'data-field': field, 'aria-invalid': fieldInvalid(feedback, field) || undefined,
    'aria-describedby': `${id}-${field}-feedback`,
  });
  const cls = (field: string, base = 'form-control') => `${base}${fieldInvalid(feedback, field) ? ' is-invalid' : ''}`;

  return (
    <form className="pto-request-form" noValidate aria-labelledby={`${id}-heading`} data-testid="request-form"
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <h2 className="h5" id={`${id}-heading`}>{FORM_TEXT.heading}</h2>
      {kept.banner}
      <ValidationSummary feedback={feedback} />
      {problem ? <div className="alert alert-danger py-2" role="alert" data-problem>{problem}</div> : null}
      <div className="row g-2">
        <div className="col-12 col-md-4">
          <label className="form-label small mb-1" htmlFor={`${id}-type`}>{FORM_TEXT.type}</label>
          <select {...control('type')} className={cls('type', 'form-select')} value={draft.type} onChange={(e) => change({ type: e.target.value })}>
            {PTO_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
          <FieldFeedback feedback={feedback} field="type" id={`${id}-type-feedback`} />
        </div>
        <div className="col-12 col-md-8">
          <label className="form-label small mb-1" htmlFor={`${id}-title`}>{FORM_TEXT.title}</label>
          <input {...control('title')} className={cls('title')} value={draft.title} maxLength={200} onChange={(e) => change({ title: e.target.value })} />
          <FieldFeedback feedback={feedback} field="title" id={`${id}-title-feedback`} />
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label small mb-1" htmlFor={`${id}-startDate`}>{FORM_TEXT.startDate}</label>
          <input {...control('startDate')} type="date" className={cls('startDate')} value={draft.startDate}
            onChange={(e) => change({ startDate: e.target.value })} />
          <FieldFeedback feedback={feedback} field="startDate" id={`${id}-startDate-feedback`} />
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label small mb-1" htmlFor={`${id}-endDate`}>{FORM_TEXT.endDate}</label>
          <input {...control('endDate')} type="date" className={cls('endDate')} value={draft.endDate} min={draft.startDate || undefined} onChange={(e) => change({ endDate: e.target.value })} />
          <FieldFeedback feedback={feedback} field="endDate" id={`${id}-endDate-feedback`} />
        </div>
        <fieldset className="col-12">
          <legend className="form-label small mb-1">{FORM_TEXT.dayKind}</legend>
          <div className="d-flex flex-wrap align-items-center gap-3">
            {(['full', 'half', 'hours'] as const).map((kind) => (
              <div className="form-check mb-0" key={kind}>
                <input className="form-check-input" type="radio" name={`${id}-dayKind`} id={`${id}-kind-${kind}`} value={kind} data-day-kind={kind}
                  checked={draft.dayKind === kind} onChange={() => change({ dayKind: kind })} />
                <label className="form-check-label" htmlFor={`${id}-kind-${kind}`}>{FORM_TEXT[kind]}</label>
              </div>
            ))}
            {draft.dayKind === 'hours' ? (
              <input {...control('hoursPerDay')} aria-label={FORM_TEXT.hours} inputMode="decimal" className={`${cls('hoursPerDay')} pto-hours-input`}
                value={draft.hours} onChange={(e) => change({ hours: e.target.value })} />
            ) : null}
          </div>
          <FieldFeedback feedback={feedback} field="hoursPerDay" id={`${id}-hoursPerDay-feedback`} />
        </fieldset>
      </div>
      <dl className="pto-request-summary row small my-3" aria-label={FORM_TEXT.summary} data-testid="request-summary">
        <dt className="col-7 col-md-3">{FORM_TEXT.days}</dt>
        <dd className="col-5 col-md-1 mb-1 text-end" data-days>{days.length}</dd>
        <dt className="col-7 col-md-3">{FORM_TEXT.totalHours}</dt>
        <dd className="col-5 col-md-1 mb-1 text-end" data-total-hours>{total}</dd>
        <dt className="col-7 col-md-3">{isDay(draft.startDate) ? FORM_TEXT.balanceAt(formatDate(draft.startDate)) : FORM_TEXT.balanceAt('the start date')}</dt>
        <dd className="col-5 col-md-1 mb-1 text-end" data-balance-before>{unlimited ? FORM_TEXT.noLimit : before === null ? '—' : before}</dd>
        <dt className="col-7 col-md-3">{FORM_TEXT.balanceAfter}</dt>
        <dd className="col-5 col-md-1 mb-1 text-end" data-balance-after>{unlimited || before === null ? '—' : Math.round((before - total) * 100) / 100}</dd>
        {lowerLater ? (
          <>
            <dt className="col-7 col-md-3">{FORM_TEXT.lowestAhead(formatDate(lowerLater.date))}</dt>
            <dd className={`col-5 col-md-1 mb-1 text-end${lowerLater.balance < 0 ? ' text-danger-emphasis fw-semibold' : ''}`} data-balance-lowest={lowerLater.date}>{lowerLater.balance}</dd>
          </>
        ) : null}
      </dl>
      <div className="d-flex align-items-center gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy} data-action="send">{busy ? FORM_TEXT.sending : FORM_TEXT.submit}</button>
        {checking ? <span className="small text-body-secondary" role="status">{FORM_TEXT.checking}</span> : null}
      </div>
    </form>
  );
}

/** Whether the field an item speaks of has been typed into (so an untouched form is not all red). */
function fieldTyped(draft: RequestDraft, field: string): boolean {
  switch (field) {
    case 'title': return draft.title !== '';
    case 'startDate': return draft.startDate !== '';
    case 'endDate': return draft.endDate !== '';
    case 'hoursPerDay': return draft.dayKind !== 'hours' || draft.hours !== '' || draft.startDate !== '';
    default: return true;
  }
}
