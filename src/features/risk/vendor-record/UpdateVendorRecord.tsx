/**
 * "Update record" on a vendor's prequalification view (the SLIM request workbench's vendor record): the
 * risk roles enter what the vendor sent — a financial statement by year, EMR and OSHA rate, an insurance
 * certificate, the bonding capacity — each form beside its history (when, who). The watched expiries show
 * with their Renewal requests (each a link to its workbench); the suggested limits after each entry.
 *
 * States: the record loads when the section is opened (progress, then failure with Retry); a form checks
 * its fields with the server's own rule (core/risk/vendor-record.ts) before sending; a refusal marks the
 * fields, any other failure says why with Retry; what was typed stays (and is kept across a reload: useDraft).
 */
import { useId, useState, type ReactNode } from 'react';
import { formatDate, formatMoney } from '../../../core/format';
import { showToast } from '../../../core/messages';
import { writeFailure } from '../../../core/records';
import {
  checkBondingEntry, checkFinancialEntry, checkInsuranceEntry, checkSafetyEntry, INSURANCE_COVERAGES, SLIM_WORKBENCH, slimRequestTarget,
  type FieldProblem, type VendorEntryMark, type VendorRecordHistory, type VendorRenewal,
} from '../../../core/risk';
import * as clock from '../../../core/clock';
import { openWorkbench, workbenchUrl } from '../../../core/workbench';
import { useDraft } from '../../../ui/drafts';
import { LoadProblem, LoadProgress } from '../../../ui/LoadProblem';
import { useLoad } from '../../../ui/useLoad';
import { addVendorEntry, loadVendorRecordHistory, vendorRecordProblem, type VendorEntryKind } from './data';
import { ExpiryDate } from './ExpiryDate';
import { VENDOR_RECORD_UI_TEXT as T } from './text';

type FieldName = keyof typeof T.fields;
type Form = Record<string, string>;

interface FieldSpec { name: FieldName; kind: 'amount' | 'year' | 'decimal' | 'text' | 'date' | 'coverage'; width: string }

/** Each entry's fields, its empty form and its check (the same rule the server applies). */
const ENTRIES: Readonly<Record<VendorEntryKind, { fields: readonly FieldSpec[]; empty: Form; check(form: Form, today: string): FieldProblem[] }>> = {
  financials: {
    fields: [
      { name: 'year', kind: 'year', width: 'col-sm-2' }, { name: 'currentAssets', kind: 'amount', width: 'col-sm-3' },
      { name: 'currentLiabilities', kind: 'amount', width: 'col-sm-3' }, { name: 'totalLiabilities', kind: 'amount', width: 'col-sm-3' },
      { name: 'netWorth', kind: 'amount', width: 'col-sm-3' }, { name: 'revenue', kind: 'amount', width: 'col-sm-3' }, { name: 'backlog', kind: 'amount', width: 'col-sm-3' },
    ],
    empty: { year: '', currentAssets: '', currentLiabilities: '', totalLiabilities: '', netWorth: '', revenue: '', backlog: '' },
    check: (form, today) => problemsOf(checkFinancialEntry(form, today)),
  },
  safety: {
    fields: [{ name: 'year', kind: 'year', width: 'col-sm-2' }, { name: 'emr', kind: 'decimal', width: 'col-sm-2' }, { name: 'oshaRecordableRate', kind: 'decimal', width: 'col-sm-3' }],
    empty: { year: '', emr: '', oshaRecordableRate: '' },
    check: (form, today) => problemsOf(checkSafetyEntry(form, today)),
  },
  insurance: {
    fields: [
      { name: 'coverage', kind: 'coverage', width: 'col-sm-4' }, { name: 'carrier', kind: 'text', width: 'col-sm-4' }, { name: 'policyNumber', kind: 'text', width: 'col-sm-4' },
      { name: 'eachOccurrence', kind: 'amount', width: 'col-sm-3' }, { name: 'aggregate', kind: 'amount', width: 'col-sm-3' },
      { name: 'effectiveOn', kind: 'date', width: 'col-sm-3' }, { name: 'expiresOn', kind: 'date', width: 'col-sm-3' },
    ],
    empty: { coverage: INSURANCE_COVERAGES[0], carrier: '', policyNumber: '', eachOccurrence: '', aggregate: '', effectiveOn: '', expiresOn: '' },
    check: (form) => problemsOf(checkInsuranceEntry(form)),
  },
  bonding: {
    fields: [{ name: 'surety', kind: 'text', width: 'col-sm-4' }, { name: 'singleCapacity', kind: 'amount', width: 'col-sm-3' }, { name: 'aggregateCapacity', kind: 'amount', width: 'col-sm-3' }],
    empty: { surety: '', singleCapacity: '', aggregateCapacity: '' },
    check: (form) => problemsOf(checkBondingEntry(form)),
  },
};

function problemsOf(checked: { ok: true } | { ok: false; problems: FieldProblem[] }): FieldProblem[] {
  return checked.ok ? [] : checked.problems;
}

const money = (n: number | null) => (n === null ? '—' : formatMoney(n, { fractionDigits: 0 }));
const entered = (e: VendorEntryMark) => T.enteredBy(e.enteredAt ? formatDate(e.enteredAt) : '—', e.enteredBy);

interface Problem { text: string; retry: boolean }

/** One entry's form: fields, problems at the fields, a failure with Retry; the draft kept while it differs from empty. */
function EntryForm({ kind, vendorId, onSaved }: { kind: VendorEntryKind; vendorId: number; onSaved(history: VendorRecordHistory): void }) {
  const spec = ENTRIES[kind];
  const id = useId();
  const [form, setForm] = useState<Form>(spec.empty);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const kept = useDraft({ screen: 'wb-slim-request', recordKey: 'Vendor', recordId: vendorId, form: `vendor-record-${kind}`, value: form, saved: spec.empty, restore: setForm });

  async function submit(): Promise<void> {
    const found = spec.check(form, clock.today());
    setErrors(Object.fromEntries(found.map((p) => [p.field, p.message])));
    setProblem(null);
    if (found.length) return;
    setBusy(true);
    try {
      const history = await addVendorEntry(kind, vendorId, form);
      showToast(T.saved(T.sections[kind]), { variant: 'success' });
      setForm(spec.empty);
      onSaved(history);
    } catch (error) {
      const failure = writeFailure(error, T.failure);
      if (failure.kind === 'refused') {
        const atFields = failure.feedback.filter((f) => f.stringValue && spec.fields.some((s) => s.name === f.stringValue));
        setErrors(Object.fromEntries(atFields.map((f) => [f.stringValue, f.message])));
        setProblem({ text: atFields.length ? T.failure.refused : failure.message, retry: false });
      } else setProblem({ text: failure.message, retry: failure.action !== null });
    } finally {
      setBusy(false);
    }
  }

  const field = (f: FieldSpec) => {
    const inputId = `${id}-${f.name}`;
    const error = errors[f.name];
    const common = {
      id: inputId, value: form[f.name] ?? '', 'data-field': f.name, 'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${inputId}-error` : undefined,
      onChange: (e: { currentTarget: { value: string } }) => { const value = e.currentTarget.value; setForm((old) => ({ ...old, [f.name]: value })); },
    };
    return (
      <div className={f.width} key={f.name}>
        <label className="form-label small mb-1" htmlFor={inputId}>{T.fields[f.name]}</label>
        {f.kind === 'coverage' ? (
          <select className={`form-select form-select-sm${error ? ' is-invalid' : ''}`} {...common}>
            {INSURANCE_COVERAGES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        ) : (
          <input className={`form-control form-control-sm${f.kind === 'amount' || f.kind === 'decimal' ? ' text-end' : ''}${error ? ' is-invalid' : ''}`}
            type={f.kind === 'date' ? 'date' : 'text'} inputMode={f.kind === 'amount' || f.kind === 'decimal' ? 'decimal' : f.kind === 'year' ? 'numeric' : undefined}
            autoComplete="off" {...common} />
        )}
        {error ? <div id={`${inputId}-error`} className="invalid-feedback d-block" data-field-error={f.name}>{error}</div> : null}
      </div>
    );
  };

  return (
    <form className="row g-2 align-items-end mb-2" noValidate data-entry-form={kind} aria-label={T.sections[kind]} onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      {kept.banner ? <div className="col-12">{kept.banner}</div> : null}
      {spec.fields.map(field)}
      <div className="col-sm-2">
        <button type="submit" className="btn btn-sm btn-primary w-100" disabled={busy} data-action="save-entry">
          {busy ? T.saving : kind === 'bonding' ? T.submitBonding : T.submit}
        </button>
      </div>
      {problem ? (
        <div className="col-12">
          <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 py-2 mb-0" role="alert" data-entry-problem>
            <span>{problem.text}</span>
            {problem.retry ? <button type="button" className="btn btn-sm btn-outline-danger" data-action="retry-entry" onClick={() => void submit()}>{T.retry}</button> : null}
          </div>
        </div>
      ) : null}
    </form>
  );
}

/**
 * One entry's history: its cells, then when and by whom (`by` names the row's data attribute, `idOf` its value).
 */
function Table<E extends VendorEntryMark>({ kind, head, entries, by, idOf, cells }: {
  kind: VendorEntryKind; head: readonly string[]; entries: readonly E[]; by: string; idOf(entry: E): number; cells(entry: E): ReactNode;
}) {
  if (!entries.length) return <p className="small text-body-secondary" data-history={kind}>{T.noEntries}</p>;
  const columns = [...head, T.entered];
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-2" data-history={kind}>
        <caption className="visually-hidden">{T.sections[kind]}</caption>
        <thead><tr>{columns.map((h, i) => <th key={h} scope="col" className={i > 0 && i < columns.length - 1 ? 'text-end' : undefined}>{h}</th>)}</tr></thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={idOf(entry)} {...{ [`data-${by}`]: idOf(entry) }}>
              {cells(entry)}
              <td data-entered>{entered(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const InForce = ({ current }: { current: boolean }) => (current ? <span className="badge text-bg-secondary ms-1">{T.inForce}</span> : null);

function History({ kind, history }: { kind: VendorEntryKind; history: VendorRecordHistory }) {
  const F = T.fields;
  switch (kind) {
    case 'financials':
      return <Table kind={kind} head={[F.year, F.currentAssets, F.currentLiabilities, F.totalLiabilities, F.netWorth, F.revenue, F.backlog]}
        entries={history.financials} by="year" idOf={(f) => f.year} cells={(f) => <>
          <th scope="row">{f.year}</th>
          {[f.currentAssets, f.currentLiabilities, f.totalLiabilities, f.netWorth, f.revenue, f.backlog].map((n, i) => <td key={i} className="text-end">{money(n)}</td>)}
        </>} />;
    case 'safety':
      return <Table kind={kind} head={[F.year, F.emr, F.oshaRecordableRate]} entries={history.safety} by="year" idOf={(s) => s.year} cells={(s) => <>
        <th scope="row">{s.year}</th><td className="text-end">{s.emr.toFixed(2)}</td><td className="text-end">{s.oshaRecordableRate.toFixed(2)}</td>
      </>} />;
    case 'insurance':
      return <Table kind={kind} head={[F.coverage, F.carrier, F.eachOccurrence, F.aggregate, F.expiresOn]}
        entries={history.insurance} by="certificate" idOf={(c) => c.certificateId} cells={(c) => <>
          <th scope="row" className="fw-normal">{c.coverage}<InForce current={c.current} /></th>
          <td className="text-end">{c.carrier}{c.policyNumber ? ` · ${c.policyNumber}` : ''}</td>
          <td className="text-end">{money(c.eachOccurrence)}</td><td className="text-end">{money(c.aggregate)}</td>
          <td className="text-end"><ExpiryDate date={c.expiresOn} /></td>
        </>} />;
    case 'bonding':
      return <Table kind={kind} head={[F.surety, F.singleCapacity, F.aggregateCapacity]} entries={history.bonding} by="bonding" idOf={(b) => b.bondingId} cells={(b) => <>
        <th scope="row" className="fw-normal">{b.surety}<InForce current={b.current} /></th>
        <td className="text-end">{money(b.singleCapacity)}</td><td className="text-end">{money(b.aggregateCapacity)}</td>
      </>} />;
  }
}

/** A Renewal request as a link to its workbench (a plain click opens it here; the address also opens in a new tab). */
function RenewalLink({ renewal }: { renewal: VendorRenewal }) {
  const target = slimRequestTarget(renewal.requestId);
  return (
    <a href={workbenchUrl(SLIM_WORKBENCH, target)} data-open-renewal={renewal.requestId} aria-label={T.openRenewal(renewal.number)}
      onClick={(event) => {
        // Links inside a shadow root are not routed by the router: open the workbench in-page.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openWorkbench(SLIM_WORKBENCH, target);
      }}>{renewal.number}</a>
  );
}

function Expiries({ history }: { history: VendorRecordHistory }) {
  if (!history.expiries.length) return <p className="small text-body-secondary" data-expiries>{T.noExpiries}</p>;
  return (
    <ul className="list-unstyled small mb-3" data-expiries>
      {history.expiries.map((e) => {
        const renewal = history.renewals.find((r) => r.kind === e.kind && r.expiresOn === e.expiresOn);
        return (
          <li key={e.kind} data-expiry-kind={e.kind}>
            <span className="fw-semibold">{e.kind}</span>: <ExpiryDate date={e.expiresOn} />
            {renewal ? <span className="ms-2" data-renewal={renewal.number}>{T.renewal} <RenewalLink renewal={renewal} /> {T.renewalState(renewal.state)}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The section: closed until asked for; `onChanged` after an entry (the view around it reloads the record). */
export function UpdateVendorRecord({ vendorId, onChanged }: { vendorId: number; onChanged?(history: VendorRecordHistory): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { state, retry, set } = useLoad(open ? String(vendorId) : null, (signal, attempt) => loadVendorRecordHistory(vendorId, signal, attempt), { what: 'vendor record load' });
  const saved = (history: VendorRecordHistory) => {
    set(history);
    onChanged?.(history);
  };
  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`} data-section="update-record">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h3 className="h6 card-title mb-0 me-auto" id={`${id}-title`}>{T.heading}</h3>
          <button type="button" className="btn btn-sm btn-outline-primary" aria-expanded={open} aria-controls={`${id}-body`} data-action="update-record"
            onClick={() => setOpen((o) => !o)}>{open ? T.close : T.open}</button>
        </div>
        {open ? (
          <div id={`${id}-body`} className="mt-2">
            {state.status === 'loading' ? <LoadProgress label={T.loading} /> : null}
            {state.status === 'failed' ? <LoadProblem message={`${T.loadFailed} ${vendorRecordProblem(state.error)}`} onRetry={retry} /> : null}
            {state.status === 'ready' ? (
              <div data-state="ready">
                <p className="small text-body-secondary">{T.intro}</p>
                <h4 className="h6 small fw-semibold">{T.expiries}</h4>
                <Expiries history={state.data} />
                <p className="small" data-suggested-now>{T.suggested(money(state.data.suggested.singleLimit), money(state.data.suggested.aggregateLimit))}</p>
                {(['insurance', 'financials', 'safety', 'bonding'] as const).map((kind) => (
                  <section key={kind} className="border-top pt-2 mt-2" aria-labelledby={`${id}-${kind}`} data-entry={kind}>
                    <h4 className="h6 small fw-semibold" id={`${id}-${kind}`}>{T.sections[kind]}</h4>
                    <EntryForm kind={kind} vendorId={vendorId} onSaved={saved} />
                    <History kind={kind} history={state.data} />
                  </section>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
