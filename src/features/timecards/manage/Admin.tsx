/**
 * Corrections (Timecard Admin, Admin: open time-off corrections of Approved / Processed weeks, each
 * resolved with a note), Delegations (a manager gives approvals to another manager for a date
 * range; the given and received lists, with Cancel), and the week's counts with "Remind the N who
 * have not submitted" above the All employees view (issue 29).
 */
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '../../../core/format';
import { addDays, WEEKDAY_NAMES } from '../../../core/timecards';
import {
  dayRangeLabel, OPEN_ITEMS_CHANGED_EVENT, type AdminWeekCounts, type DelegationRow, type DelegationsLoad, type TimecardCorrection,
  type TimecardReminderAnswer,
} from '../../../core/timecards/contract';
import {
  cancelDelegation, currentWeekStart, failureMessage, loadAdminWeekCounts, loadCorrections, loadDelegations, MANAGE_TEXT, remindOwedTimecards,
  resolveCorrection, saveDelegation, timecardHref, weekLabel,
} from './data';
import { useLoad } from '../../../ui/useLoad';
import { LoadStatus } from './LoadStatus';

/** An admin action's write: `busy` while it runs; a failure is said in `error` (the server's message, else `failed`). */
function useAdminWrite(failed: string = MANAGE_TEXT.actionFailed) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (write: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await write();
    } catch (failure) {
      setError(failureMessage(failure, failed));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

function CorrectionRow({ correction, onResolved }: { correction: TimecardCorrection; onResolved(): void }) {
  const [note, setNote] = useState('');
  const { busy, error, setError, run } = useAdminWrite();
  const id = `tc-correction-${correction.correctionId}`;
  const resolve = async () => {
    if (!note.trim()) {
      setError(MANAGE_TEXT.noteRequired);
      return;
    }
    await run(async () => {
      await resolveCorrection(correction.correctionId, note.trim());
      onResolved();
    });
  };
  const days = correction.hours.map((h, i) => (h ? `${WEEKDAY_NAMES[i]!.slice(0, 3)} ${h}` : '')).filter(Boolean).join(', ');
  return (
    <li className="border-bottom py-2" data-correction={correction.correctionId}>
      <div className="d-flex flex-wrap gap-2 align-items-baseline">
        <strong>{correction.employeeName}</strong>
        <a href={timecardHref({ timecardId: correction.timecardId })}>{weekLabel(correction.weekStart)}</a>
        <span className="badge text-bg-secondary">{correction.state}</span>
        <span>{correction.kind === 'Add' ? 'Add' : 'Remove'} time off: {correction.requestTitle}</span>
        <span className="small text-body-secondary">{days}</span>
      </div>
      <form className="d-flex flex-wrap gap-2 mt-2 align-items-start" onSubmit={(event) => { event.preventDefault(); void resolve(); }} noValidate>
        <label className="visually-hidden" htmlFor={id}>{MANAGE_TEXT.resolveNote}</label>
        <input id={id} className={`form-control form-control-sm w-auto flex-grow-1${error ? ' is-invalid' : ''}`} value={note} placeholder={MANAGE_TEXT.resolveNote}
          aria-describedby={`${id}-error`} onChange={(event) => setNote(event.target.value)} />
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-action="resolve">{MANAGE_TEXT.resolve}</button>
        <div id={`${id}-error`} className="invalid-feedback d-block w-100" role={error ? 'alert' : undefined}>{error}</div>
      </form>
    </li>
  );
}

export function Corrections() {
  const { state, retry } = useLoad('corrections', (signal) => loadCorrections(signal));
  return (
    <LoadStatus state={state} retry={retry} what={MANAGE_TEXT.loading}>
      {(rows) => (
        <section aria-labelledby="tc-corrections">
          <h2 className="h5" id="tc-corrections">{MANAGE_TEXT.corrections}</h2>
          {rows.length === 0 ? <p className="text-body-secondary" data-empty>{MANAGE_TEXT.noCorrections}</p> : (
            <ul className="list-unstyled border-top mb-0">{rows.map((c) => <CorrectionRow key={c.correctionId} correction={c} onResolved={retry} />)}</ul>
          )}
        </section>
      )}
    </LoadStatus>
  );
}

function DelegationList({ title, rows, who, onCancel, busy }: {
  title: string; rows: readonly DelegationRow[]; who: (row: DelegationRow) => string; onCancel?: (row: DelegationRow) => void; busy: boolean;
}) {
  const key = title.toLowerCase();
  return (
    <section aria-labelledby={`tc-delegations-${key}`} className="mb-3" data-delegations={key}>
      <h3 className="h6" id={`tc-delegations-${key}`}>{title}</h3>
      {rows.length === 0 ? <p className="text-body-secondary small">{MANAGE_TEXT.noDelegations}</p> : (
        <ul className="list-unstyled border-top mb-0">
          {rows.map((row) => (
            <li key={row.delegationId} className="border-bottom py-2 d-flex flex-wrap gap-2 align-items-center" data-delegation={row.delegationId}>
              <span className="me-auto"><strong>{who(row)}</strong> · {formatDate(row.startDate)} – {formatDate(row.endDate)}</span>
              {row.canceledAt ? <span className="badge text-bg-secondary">{MANAGE_TEXT.canceled}</span>
                : onCancel ? (
                  <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} data-action="cancel-delegation" onClick={() => onCancel(row)}>
                    {MANAGE_TEXT.cancelDelegation}
                  </button>
                ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DelegationForm({ load, onSaved }: { load: DelegationsLoad; onSaved(): void }) {
  const [delegate, setDelegate] = useState('');
  const [start, setStart] = useState(currentWeekStart());
  const [end, setEnd] = useState(currentWeekStart());
  const { busy, error, setError, run } = useAdminWrite();
  const save = async () => {
    if (!delegate || !start || !end || end < start) {
      setError(MANAGE_TEXT.delegationFields);
      return;
    }
    await run(async () => {
      await saveDelegation({ delegateEmployeeId: Number(delegate), startDate: start, endDate: end });
      onSaved();
    });
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate data-form="delegation"
      aria-labelledby="tc-delegate-title">
      <h3 className="h6 col-12 mb-0" id="tc-delegate-title">{MANAGE_TEXT.delegate}</h3>
      <div className="col-12 col-md-4">
        <label className="form-label small" htmlFor="tc-delegate">{MANAGE_TEXT.delegateTo}</label>
        <select id="tc-delegate" className="form-select form-select-sm" value={delegate} onChange={(event) => setDelegate(event.target.value)}>
          <option value="">{MANAGE_TEXT.chooseManager}</option>
          {load.managers.map((m) => <option key={m.employeeId} value={m.employeeId}>{m.name}</option>)}
        </select>
      </div>
      <div className="col-6 col-md-3">
        <label className="form-label small" htmlFor="tc-delegate-start">{MANAGE_TEXT.startDate}</label>
        <input id="tc-delegate-start" type="date" className="form-control form-control-sm" value={start} onChange={(event) => setStart(event.target.value)} />
      </div>
      <div className="col-6 col-md-3">
        <label className="form-label small" htmlFor="tc-delegate-end">{MANAGE_TEXT.endDate}</label>
        <input id="tc-delegate-end" type="date" className="form-control form-control-sm" value={end} onChange={(event) => setEnd(event.target.value)} />
      </div>
      <div className="col-12 col-md-2">
        <button type="submit" className="btn btn-sm btn-primary w-100" disabled={busy} data-action="save-delegation">{MANAGE_TEXT.save}</button>
      </div>
      {error ? <div className="col-12"><div className="alert alert-danger py-1 mb-0" role="alert" data-error="delegation">{error}</div></div> : null}
    </form>
  );
}

export function Delegations() {
  const { state, retry } = useLoad('delegations', (signal) => loadDelegations(signal));
  const { busy, error, run } = useAdminWrite();
  const cancel = (row: DelegationRow) => run(async () => {
    await cancelDelegation(row.delegationId);
    retry();
  });
  return (
    <LoadStatus state={state} retry={retry} what={MANAGE_TEXT.loading}>
      {(load) => (
        <>
          <DelegationForm load={load} onSaved={retry} />
          {error ? <div className="alert alert-danger py-1" role="alert">{error}</div> : null}
          <DelegationList title={MANAGE_TEXT.given} rows={load.given ?? []} who={(row) => row.delegateName} onCancel={(row) => void cancel(row)} busy={busy} />
          <DelegationList title={MANAGE_TEXT.received} rows={load.received ?? []} who={(row) => row.managerName} busy={busy} />
        </>
      )}
    </LoadStatus>
  );
}

// ---- the week's counts and the reminder (Timecard Admin, the All employees view) ----


/** Asks before reminding, naming how many and which week; a failure stays in the dialog with its message. */
function RemindDialog({ counts, open, busy, error, onCancel, onConfirm }: {
  counts: AdminWeekCounts; open: boolean; busy: boolean; error: string; onCancel(): void; onConfirm(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="border rounded p-0 shadow bg-body text-body" aria-labelledby="tc-remind-title" aria-describedby="tc-remind-help"
      data-dialog="remind" onCancel={(event) => { event.preventDefault(); if (!busy) onCancel(); }} style={{ width: 'min(512px, 95vw)' }}>
      <form method="dialog" className="p-3" onSubmit={(event) => { event.preventDefault(); onConfirm(); }} noValidate>
        <h2 className="h5" id="tc-remind-title">{MANAGE_TEXT.remindConfirm(counts.owed, dayRangeLabel(counts.weekStart, counts.weekEnding))}</h2>
        <p className="mb-2" id="tc-remind-help">{MANAGE_TEXT.remindHelp}</p>
        {error ? <div className="alert alert-danger py-2 mb-0" role="alert" data-error="remind">{error}</div> : null}
        <div className="d-flex justify-content-end gap-2 mt-3">
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={busy} data-action="cancel-remind">{MANAGE_TEXT.cancel}</button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-action="confirm-remind">{busy ? MANAGE_TEXT.reminding : MANAGE_TEXT.remind}</button>
        </div>
      </form>
    </dialog>
  );
}

function WeekCounts({ counts, onReminded }: { counts: AdminWeekCounts; onReminded(answer: TimecardReminderAnswer): void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, setError, run } = useAdminWrite(MANAGE_TEXT.remindFailed);
  const remind = () => run(async () => {
    const answer = await remindOwedTimecards(counts.weekStart);
    setConfirming(false);
    onReminded(answer);
  });
  const figures = [
    ['submitted', MANAGE_TEXT.countSubmitted, counts.submitted],
    ['approved', MANAGE_TEXT.countApproved, counts.approved],
    ['owed', MANAGE_TEXT.countOwed, counts.owed],
  ] as const;
  return (
    <>
      <dl className="d-flex flex-wrap gap-4 mb-0">
        {figures.map(([key, label, value]) => (
          <div key={key}>
            <dt className="small fw-normal text-body-secondary" id={`tc-count-${key}`}>{label}</dt>
            <dd className="fs-4 fw-semibold mb-0" data-count={key} aria-labelledby={`tc-count-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="d-flex flex-wrap align-items-center gap-2 ms-md-auto">
        {counts.remindedToday > 0 ? <span className="small text-body-secondary" data-reminded-today={counts.remindedToday}>{MANAGE_TEXT.remindedToday(counts.remindedToday)}</span> : null}
        {counts.mayRemind ? (
          <button type="button" className="btn btn-sm btn-outline-primary" disabled={counts.owed === 0} data-action="remind"
            onClick={() => { setError(''); setConfirming(true); }}>{MANAGE_TEXT.remindOwed(counts.owed)}</button>
        ) : <span className="small text-body-secondary" data-remind-not-started>{MANAGE_TEXT.remindNotStarted}</span>}
      </div>
      <RemindDialog counts={counts} open={confirming} busy={busy} error={error} onCancel={() => setConfirming(false)} onConfirm={() => void remind()} />
    </>
  );
}

/**
 * Above the All employees view (a Timecard Admin's): the week's employees counted Submitted, Approved
 * (or Processed) and Not started or Draft, by the server from the same rows the view lists, and "Remind
 * the N who have not submitted". The table's approvals and rejections announce the open items changed:
 * the counts load again then, the last ones staying on screen meanwhile.
 */
export function AdminWeekSummary({ weekStart }: { weekStart: string }) {
  const { state, retry, set } = useLoad(`admin-week:${weekStart}`, (signal) => loadAdminWeekCounts(weekStart, signal));
  const [outcome, setOutcome] = useState<{ weekStart: string; message: string } | null>(null);
  useEffect(() => {
    document.addEventListener(OPEN_ITEMS_CHANGED_EVENT, retry);
    return () => document.removeEventListener(OPEN_ITEMS_CHANGED_EVENT, retry);
  }, [retry]);
  return (
    <section className="border rounded p-2 mb-2" aria-label={MANAGE_TEXT.weekCounts(dayRangeLabel(weekStart, addDays(weekStart, 6)))} data-week-counts={weekStart}>
      <LoadStatus state={state} retry={retry} what={MANAGE_TEXT.weekCountsLoading} keepLast>
        {(counts) => (
          <div className="d-flex flex-wrap align-items-center gap-3">
            <WeekCounts counts={counts} onReminded={(answer) => { set(answer.counts); setOutcome({ weekStart: answer.weekStart, message: answer.message }); }} />
          </div>
        )}
      </LoadStatus>
      <div role="status" aria-live="polite">
        {outcome?.weekStart === weekStart ? <div className="alert alert-success py-2 mt-2 mb-0" data-remind-outcome>{outcome.message}</div> : null}
      </div>
    </section>
  );
}
