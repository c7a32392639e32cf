/**
 * Corrections (Timecard Admin, Admin: open time-off corrections of Approved / Processed weeks, each
 * resolved with a note) and Delegations (a manager gives approvals to another manager for a date
 * range; the given and received lists, with Cancel).
 */
import { useState } from 'react';
import { formatDate } from '../../../core/format';
import { WEEKDAY_NAMES } from '../../../core/timecards';
import type { DelegationRow, DelegationsLoad, TimecardCorrection } from '../../../core/timecards/api';
import {
  cancelDelegation, currentWeekStart, failureMessage, loadCorrections, loadDelegations, MANAGE_TEXT, resolveCorrection, saveDelegation,
  timecardHref, weekLabel,
} from './data';
import { LoadStatus, useLoad } from './load';

function CorrectionRow({ correction, onResolved }: { correction: TimecardCorrection; onResolved(): void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `tc-correction-${correction.correctionId}`;
  const resolve = async () => {
    if (!note.trim()) {
      setError(MANAGE_TEXT.noteRequired);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await resolveCorrection(correction.correctionId, note.trim());
      onResolved();
    } catch (failure) {
      setError(failureMessage(failure, MANAGE_TEXT.actionFailed));
    } finally {
      setBusy(false);
    }
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
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!delegate || !start || !end || end < start) {
      setError(MANAGE_TEXT.delegationFields);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await saveDelegation({ delegateEmployeeId: Number(delegate), startDate: start, endDate: end });
      onSaved();
    } catch (failure) {
      setError(failureMessage(failure, MANAGE_TEXT.actionFailed));
    } finally {
      setBusy(false);
    }
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const cancel = async (row: DelegationRow) => {
    setBusy(true);
    setError('');
    try {
      await cancelDelegation(row.delegationId);
      retry();
    } catch (failure) {
      setError(failureMessage(failure, MANAGE_TEXT.actionFailed));
    } finally {
      setBusy(false);
    }
  };
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
