/**
 * `<sr-sra>`'s view (§2 /sr/sra): subcontractor risk assessments in Open (Draft, Submitted) and Closed
 * (Approved, Rejected) lists with filters by level, state and project, totals under the amount
 * column and a CSV export; the number opens the Risk Assessment workbench. "New SRA" opens the form;
 * the gate's start link (?recordKey=Subcontract&recordId=N) opens it pre-filled from that subcontract
 * and names the gate's reasons.
 */
import { useCallback, useId, useMemo, useRef, useState } from 'react';
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
import { useLoad } from '../../../ui/useLoad';

export interface SraScreenProps {
  recordKey?: string;
  recordId?: number;
  workbench?: string;
  activeTab?: string;
  activeTray?: string;
}

const STATES = ['Draft', 'Submitted', 'Approved', 'Rejected'] as const;

/** The form's start from the gate's link; `failed` when the subcontract could not be read. */
interface Prefill { initial: SraFormInitial; subcontract: SubcontractForSra | null; gate: SraGateStatus | null; failed: boolean }

/** The subcontract's project, vendor, amount and cost codes, and why it needs an SRA (what could be read of them). */
async function loadPrefill(subcontractId: number, signal: AbortSignal): Promise<Prefill> {
  const [sc, gate] = await Promise.allSettled([loadSubcontractForSra(subcontractId, signal), loadGateStatus(subcontractId, signal)]);
  const subcontract = sc.status === 'fulfilled' ? sc.value : null;
  const status = gate.status === 'fulfilled' ? gate.value : null;
  return {
    subcontract, gate: status, failed: !subcontract,
    initial: {
      projectId: subcontract?.projectId, vendorId: status?.vendorId ?? subcontract?.vendorId, amount: status?.amount ?? subcontract?.amount,
      costCodeIds: subcontract?.costCodeIds ?? [], description: subcontract ? `${subcontract.number} ${subcontract.description}`.trim() : '', subcontractId,
    },
  };
}

const byNumber = (a: SraRow, b: SraRow) => b.number.localeCompare(a.number);

/** One filter of the list: its label, then a select of Any and `options` ([value, text]). */
function ListFilter({ id, name, label, value, onChange, options, maxWidth }: {
  id: string; name: string; label: string; value: string; onChange: (value: string) => void; options: ReadonlyArray<readonly [string, string]>; maxWidth?: string;
}) {
  return (
    <div style={maxWidth ? { maxWidth } : undefined}>
      <label className="form-label small mb-1" htmlFor={id}>{label}</label>
      <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.currentTarget.value)} data-filter={name}>
        <option value="">{T.any}</option>
        {options.map(([optionValue, text]) => <option key={optionValue} value={optionValue}>{text}</option>)}
      </select>
    </div>
  );
}

/** The SRA list screen. */
export function SraScreen(props: SraScreenProps) {
  const { state: load, retry } = useLoad('sras', (signal, attempt) => loadSras(signal, attempt), { what: 'SRAs load' });
  const forbidden = load.status === 'failed' && load.failure === 'forbidden';
  const records = useRecords(sraStore(), undefined, byNumber);
  const [tab, setTab] = useState<RecordListTab>('open');
  const [level, setLevel] = useState('');
  const [state, setState] = useState('');
  const [project, setProject] = useState('');
  const ids = useId();
  const subcontractId = (props.recordKey ?? '').toLowerCase() === 'subcontract' && !props.workbench && typeof props.recordId === 'number' && props.recordId > 0 ? props.recordId : -1;
  const [form, setForm] = useState<null | { key: string }>(subcontractId > 0 ? { key: `sc-${subcontractId}` } : null);
  // The gate's start link: the form opens once what it starts from has been read.
  const { state: prefillLoad } = useLoad(subcontractId > 0 ? String(subcontractId) : null, (signal) => loadPrefill(subcontractId, signal), { what: 'SRA start load' });
  const prefill = subcontractId > 0 && prefillLoad.status === 'ready' ? prefillLoad.data : null;
  const newButton = useRef<HTMLButtonElement>(null);

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
  const formNote = prefill ? (
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
          {form.key.startsWith('sc-') && !prefill
            ? <div role="status" className="text-body-secondary"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.formLoading}</div>
            : <SraForm key={form.key} initial={form.key.startsWith('sc-') && prefill ? prefill.initial : undefined} note={formNote}
              onCreated={created} onCancel={() => { setForm(null); newButton.current?.focus(); }} />}
        </div>
      ) : null}
      {load.status === 'loading' ? (
        <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loading}</div>
      ) : load.status === 'failed' ? (
        <div className={`alert ${forbidden ? 'alert-warning' : 'alert-danger'} d-flex flex-wrap align-items-center gap-3`} role="alert" data-state={forbidden ? 'forbidden' : 'failed'}>
          <span>{forbidden ? T.noAccess : `${T.loadFailed} ${problemText(load.error)}`}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>{T.retry}</button>
        </div>
      ) : (
        <section aria-label="Risk assessments" data-list-kind="Sra">
          <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
            <ListFilter id={`${ids}-level`} name="level" label={T.filterLevel} value={level} onChange={setLevel} options={RISK_LEVELS.map((l) => [l, l])} />
            <ListFilter id={`${ids}-state`} name="state" label={T.filterState} value={state} onChange={setState} options={STATES.map((s) => [s, s])} />
            <ListFilter id={`${ids}-project`} name="project" label={T.filterProject} value={project} onChange={setProject} maxWidth="320px"
              options={projects.map(([id, name]) => [String(id), name])} />
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
