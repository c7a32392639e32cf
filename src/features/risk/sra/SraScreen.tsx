/**
 * `<sr-sra>`'s view (§2 /sr/sra): subcontractor risk assessments in Open (Draft, Submitted) and Closed
 * (Approved, Rejected) lists with filters by level, state and project, totals under the amount
 * column and a CSV export; the number opens the Risk Assessment workbench. "New SRA" opens the form;
 * the gate's start link (?recordKey=Subcontract&recordId=N) opens it pre-filled from that subcontract
 * and names the gate's reasons.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../core/api';
import { formatCostCode, formatDate, formatMoney } from '../../../core/format';
import { showToast } from '../../../core/messages';
import { RISK_LEVELS } from '../../../core/risk/sra';
import { openWorkbench } from '../../../core/workbench';
import { RecordLists, ScreenTitle, useRecords, type RecordColumn, type RecordListTab } from '../../../ui/records';
import {
  isClosedSra, loadGateStatus, loadSras, loadSubcontractForSra, problemText, sraSheet, sraStore,
  type SraGateStatus, type SraLoad, type SraRow, type SubcontractForSra,
} from './data';
import { LevelBadge } from './pieces';
import { SraForm, type SraFormInitial } from './SraForm';
import { SRA_UI_TEXT as T } from './text';

export interface SraScreenProps {
  recordKey?: string;
  recordId?: number;
  workbench?: string;
  activeTab?: string;
  activeTray?: string;
}

const STATES = ['Draft', 'Submitted', 'Approved', 'Rejected'] as const;

type Load = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string; forbidden: boolean };
type Prefill = { status: 'loading' } | { status: 'ready'; initial: SraFormInitial; subcontract: SubcontractForSra | null; gate: SraGateStatus | null; failed: boolean };

const byNumber = (a: SraRow, b: SraRow) => b.number.localeCompare(a.number);

/** The SRA list screen. */
export function SraScreen(props: SraScreenProps) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ attempt: number; load: Load } | null>(null);
  const load: Load = loaded?.attempt === attempt ? loaded.load : { status: 'loading' };
  const records = useRecords(sraStore(), undefined, byNumber);
  const [tab, setTab] = useState<RecordListTab>('open');
  const [level, setLevel] = useState('');
  const [state, setState] = useState('');
  const [project, setProject] = useState('');
  const ids = useId();
  const subcontractId = (props.recordKey ?? '').toLowerCase() === 'subcontract' && !props.workbench && typeof props.recordId === 'number' && props.recordId > 0 ? props.recordId : -1;
  const [form, setForm] = useState<null | { key: string }>(subcontractId > 0 ? { key: `sc-${subcontractId}` } : null);
  const [prefilled, setPrefill] = useState<{ subcontractId: number; prefill: Prefill } | null>(null);
  const prefill: Prefill | null = subcontractId < 1 ? null : prefilled?.subcontractId === subcontractId ? prefilled.prefill : { status: 'loading' };
  const newButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    const setLoad = (next: Load) => setLoaded({ attempt, load: next });
    loadSras(abort.signal, attempt).then(
      () => { if (!abort.signal.aborted) setLoad({ status: 'ready' }); },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('SRAs failed to load', error);
        setLoad({ status: 'failed', message: problemText(error), forbidden: error instanceof ApiError && error.status === 403 });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  // The gate's start link: the subcontract's project, vendor, amount and cost codes, and why it needs an SRA.
  useEffect(() => {
    if (subcontractId < 1) return undefined;
    const abort = new AbortController();
    Promise.allSettled([loadSubcontractForSra(subcontractId, abort.signal), loadGateStatus(subcontractId, abort.signal)]).then(([sc, gate]) => {
      if (abort.signal.aborted) return;
      const subcontract = sc.status === 'fulfilled' ? sc.value : null;
      const status = gate.status === 'fulfilled' ? gate.value : null;
      setPrefill({ subcontractId, prefill: {
        status: 'ready', subcontract, gate: status, failed: !subcontract,
        initial: {
          projectId: subcontract?.projectId, vendorId: status?.vendorId ?? subcontract?.vendorId, amount: status?.amount ?? subcontract?.amount,
          costCodeIds: subcontract?.costCodeIds ?? [], description: subcontract ? `${subcontract.number} ${subcontract.description}`.trim() : '', subcontractId,
        },
      } });
    });
    return () => abort.abort();
  }, [subcontractId]);

  const projects = useMemo(() => {
    const seen = new Map<number, string>();
    for (const r of records) seen.set(r.projectId, `${r.projectNumber} ${r.projectName}`);
    return [...seen.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [records]);
  const shown = useMemo(() => records.filter((r) => (!level || r.level === level) && (!state || r.state === state) && (!project || String(r.projectId) === project)), [records, level, state, project]);

  const open = useCallback((sraId: number) => openWorkbench('RiskAssessment', { recordKey: 'Sra', recordId: sraId }), []);
  const created = (answer: SraLoad) => {
    showToast(T.created(answer.sra.number), { variant: 'success' });
    setForm(null);
    open(answer.sra.sraId);
  };

  const columns: Array<RecordColumn<SraRow>> = [
    {
      key: 'number', label: 'SRA', render: (r) => (
        <button type="button" className="btn btn-link p-0 text-start text-nowrap" data-open={r.sraId} aria-label={`Open ${r.number}`} onClick={() => open(r.sraId)}>{r.number}</button>
      ),
    },
    { key: 'project', label: 'Project', render: (r) => `${r.projectNumber} ${r.projectName}` },
    { key: 'vendor', label: 'Vendor', render: (r) => r.vendorName },
    { key: 'scope', label: 'Scope', render: (r) => r.costCodes.map((c) => `${formatCostCode(c.code)} ${c.description}`).join('; ') },
    { key: 'amount', label: 'Amount', numeric: true, render: (r) => formatMoney(r.amount), total: (rows) => formatMoney(rows.reduce((s, r) => s + r.amount, 0)) },
    { key: 'level', label: 'Level', render: (r) => <LevelBadge level={r.level} /> },
    { key: 'state', label: 'State', render: (r) => <span data-state>{r.state}</span> },
    { key: 'createdBy', label: 'Created by', render: (r) => r.createdBy.name },
    {
      key: 'dates', label: 'Dates', render: (r) => (
        <span className="small text-nowrap d-inline-flex flex-column">
          <span>Created {formatDate(r.createdAt)}</span>
          {r.submittedAt ? <span>Submitted {formatDate(r.submittedAt)}</span> : null}
          {r.decidedAt ? <span>Decided {formatDate(r.decidedAt)}</span> : null}
        </span>
      ),
    },
  ];

  const tabRows = shown.filter((r) => isClosedSra(r) === (tab === 'closed'));
  const formNote = prefill?.status === 'ready' ? (
    <>
      {prefill.subcontract ? <div>{T.fromSubcontract(prefill.subcontract.number)}</div> : null}
      {prefill.failed ? <div>{T.subcontractFailed}</div> : null}
      {prefill.gate && prefill.gate.reasons.length ? <div data-gate-reasons>{T.gateReasons(prefill.gate.reasons.join('; '))}</div> : null}
    </>
  ) : null;

  return (
    <main className="container-fluid py-3" data-screen="sra">
      <ScreenTitle title={T.title} />
      {form ? (
        <div className="mb-3">
          {form.key.startsWith('sc-') && prefill?.status !== 'ready'
            ? <div role="status" className="text-body-secondary"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.formLoading}</div>
            : <SraForm key={form.key} initial={form.key.startsWith('sc-') && prefill?.status === 'ready' ? prefill.initial : undefined} note={formNote}
              onCreated={created} onCancel={() => { setForm(null); newButton.current?.focus(); }} />}
        </div>
      ) : null}
      {load.status === 'loading' ? (
        <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loading}</div>
      ) : load.status === 'failed' ? (
        <div className={`alert ${load.forbidden ? 'alert-warning' : 'alert-danger'} d-flex flex-wrap align-items-center gap-3`} role="alert" data-state={load.forbidden ? 'forbidden' : 'failed'}>
          <span>{load.forbidden ? T.noAccess : `${T.loadFailed} ${load.message}`}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setAttempt((n) => n + 1)}>{T.retry}</button>
        </div>
      ) : (
        <section aria-label="Risk assessments" data-list-kind="Sra">
          <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
            <div>
              <label className="form-label small mb-1" htmlFor={`${ids}-level`}>{T.filterLevel}</label>
              <select id={`${ids}-level`} className="form-select form-select-sm" value={level} onChange={(e) => setLevel(e.currentTarget.value)} data-filter="level">
                <option value="">{T.any}</option>
                {RISK_LEVELS.map((l) => <option key={l} value={l}>{l}</option>)}
              </select>
            </div>
            <div>
              <label className="form-label small mb-1" htmlFor={`${ids}-state`}>{T.filterState}</label>
              <select id={`${ids}-state`} className="form-select form-select-sm" value={state} onChange={(e) => setState(e.currentTarget.value)} data-filter="state">
                <option value="">{T.any}</option>
                {STATES.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </div>
            <div style={{ maxWidth: '320px' }}>
              <label className="form-label small mb-1" htmlFor={`${ids}-project`}>{T.filterProject}</label>
              <select id={`${ids}-project`} className="form-select form-select-sm" value={project} onChange={(e) => setProject(e.currentTarget.value)} data-filter="project">
                <option value="">{T.any}</option>
                {projects.map(([id, name]) => <option key={id} value={String(id)}>{name}</option>)}
              </select>
            </div>
            <span className="ms-auto" />
            <button type="button" className="btn btn-sm btn-outline-secondary" data-export="csv" disabled={tabRows.length === 0}
              onClick={() => { const sheet = sraSheet(tabRows); void import('../../../ui/grid/export').then((m) => m.downloadCsv(sheet, T.exportName)); }}>{T.exportCsv}</button>
            <button ref={newButton} type="button" className="btn btn-sm btn-primary" data-new-sra disabled={form !== null}
              onClick={() => setForm({ key: `new-${Date.now()}` })}>{T.newSra}</button>
          </div>
          <RecordLists records={shown} idOf={(r) => r.sraId} isClosed={(r: SraRow) => isClosedSra(r)} columns={columns} label="Risk assessments"
            tab={tab} onTabChange={setTab} emptyText={{ open: T.emptyOpen, closed: T.emptyClosed }} testId="list-Sra" />
        </section>
      )}
    </main>
  );
}
