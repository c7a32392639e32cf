/**
 * The Pay Application workbench body. An existing application: its header (commitment, vendor, period,
 * state with the state menu: Draft → Submitted → Approved → Approved for Payment → Paid, Revise and
 * Resubmit with a reason the submitter then reads here), the continuation sheet (G703) typed from the
 * keyboard with each line's problems live, the G702 totals as typed, Save (a 409 offers Reload; typed work
 * is kept across it and across a page reload), the lien waivers, and the G702/G703 document. Opened with
 * record key 'Project' (or a commitment's key) it is the new-application form instead.
 */
import { useCallback, useMemo, useState } from 'react';
import { problemText, type ProblemTexts } from '../../core/api';
import { attributeId, attributeText } from '../../core/attributes';
import { formatDate, formatDateTime, formatMoney } from '../../core/format';
import { showMessage, showPrompt, showToast } from '../../core/messages';
import { writeFailure, type MoveTarget } from '../../core/records';
import { PAY_APPLICATION_RECORD_KEY, type PayApplication } from '../../core/pay-applications/contract';
import { PAY_APPLICATION_STATES, payApplicationFigures, type PayTotals } from '../../core/pay-applications/rules';
import { useDraft } from '../../ui/drafts';
import { LoadProblem } from '../../ui/LoadProblem';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { RecordLoading, RecordStateBadge, StateAdvanceMenu, useRecord, useRecordFieldSecurity, useStateMove, useWorkbenchRecordName } from '../../ui/records';
import { fieldEditable } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { ContinuationSheet, cellProblems, type SheetField } from './ContinuationSheet';
import {
  advancePayApplication, documentHref, downloadPayApplicationDocument, entryOf, isBillableKey, lineInputs, loadPayApplication, payApplicationStore, payLineKey,
  savePayApplication, type PayApplicationRecord, type PayLineEntry,
} from './data';
import { LienWaivers } from './LienWaivers';
import { NewPayApplication } from './NewPayApplication';

/** Texts the workbench shows; tests read them. */
export const PAY_APPLICATION_WB_TEXT = {
  loading: 'Loading pay application…',
  noRecord: 'No pay application was given.',
  notFound: (id: number) => `Pay application ${id} was not found.`,
  problems: {
    signedOut: 'Your session has expired: sign in again, then Retry. The pay application could not be loaded.',
    forbidden: 'You do not have access to this pay application. Pay applications are for PFM Admin, Project Manager and RPM roles on the project’s team.',
    stale: 'The pay application changed while it loaded.',
    timeout: 'The pay application took too long to load.',
    failed: 'The pay application could not be loaded.',
  } satisfies ProblemTexts,
  saved: (number: string) => `${number} saved.`,
  save: 'Save',
  saving: 'Saving…',
  discard: 'Discard changes',
  fixLines: 'Correct the lines marked before saving.',
  saveFailure: {
    stale: 'Someone else changed this pay application since you opened it. Reload it to see theirs; what you typed is kept.',
    refused: 'The pay application was not saved.',
    signedOut: 'Your session has expired: sign in again, then Retry. What you typed is kept.',
    forbidden: 'You may not change this pay application. What you typed is kept.',
    timeout: 'Saving took too long. What you typed is kept: Retry.',
    failed: (detail: string) => `The pay application was not saved (${detail}). What you typed is kept: Retry.`,
  },
  moveStale: 'Someone else moved this pay application since you opened it. Reload it to see its state; what you typed is kept.',
  saveFirst: 'Save or discard your changes to the lines before changing the state.',
  reasonPrompt: 'Tell the submitter what to change. They will see this reason on the pay application.',
  reasonRequired: 'Say why it goes back: a reason is required for Revise and Resubmit.',
  sentBack: 'Sent back for revision:',
  readOnly: (state: string) => `This pay application is read-only while it is ${state}.`,
  download: 'Download G702/G703',
  downloadFailed: (why: string) => `The G702/G703 could not be downloaded (${why}).`,
  final: 'Final application: it releases the retainage held.',
} as const;

/** The G702 lines, in the form's order. */
const G702_LINES: ReadonlyArray<[keyof PayTotals, string]> = [
  ['contractSumToDate', 'Contract sum to date'],
  ['totalCompletedAndStored', 'Total completed and stored to date'],
  ['retainage', 'Retainage'],
  ['totalEarnedLessRetainage', 'Total earned less retainage'],
  ['previousCertificates', 'Less previous certificates for payment'],
  ['currentPaymentDue', 'Current payment due'],
  ['balanceToFinishIncludingRetainage', 'Balance to finish, including retainage'],
];

/** The G702 summary of `totals`. */
export function G702Totals({ totals }: { totals: PayTotals }) {
  return (
    <dl className="small mb-0 flex-grow-1" data-g702 style={{ maxWidth: '576px' }}>
      {G702_LINES.map(([key, label]) => (
        <div key={key} className="row g-0" data-g702-line={key}>
          <dt className={`col-8 fw-normal${key === 'currentPaymentDue' ? ' fw-semibold' : ''}`}>
            {key === 'retainage' ? `${label} (${totals.retainagePercent}% of ${formatMoney(totals.totalCompletedAndStored)})` : label}
          </dt>
          <dd className={`col-4 text-end mb-1${key === 'currentPaymentDue' ? ' fw-semibold' : ''}`} data-g702-value={key}>{formatMoney(totals[key] as number)}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface PayApplicationWorkbenchProps {
  recordKey?: string;
  recordId?: number;
  projectId?: number;
}

/** The workbench body: a new application (record key 'Project', or a commitment's key), or an existing one. */
export function PayApplicationWorkbench(props: PayApplicationWorkbenchProps) {
  const recordKey = attributeText(props.recordKey);
  const recordId = attributeId(props.recordId);
  if (recordKey.toLowerCase() === 'project') return <NewPayApplication projectId={recordId > 0 ? recordId : attributeId(props.projectId)} />;
  if (isBillableKey(recordKey)) return <NewPayApplication projectId={attributeId(props.projectId)} commitment={{ commitmentKey: recordKey, commitmentId: recordId }} />;
  return <ExistingPayApplication recordId={recordId} />;
}

const LOAD_OPTIONS = { what: 'Pay application load' };
/** The editable states when field security does not name the lines: the submitter's. */
const EDIT_STATES: readonly string[] = [PAY_APPLICATION_STATES.draft, PAY_APPLICATION_STATES.revise];

/** The typed entries over the record's, by line key (source and item): what the form shows. */
function mergedEntries(record: PayApplicationRecord | undefined, typed: Readonly<Record<string, PayLineEntry>>): Map<string, PayLineEntry> {
  return new Map((record?.lines ?? []).map((line) => {
    const key = payLineKey(line);
    return [key, typed[key] ?? entryOf(line)];
  }));
}

function ExistingPayApplication({ recordId }: { recordId: number }) {
  const store = payApplicationStore();
  const record = useRecord(store, recordId);
  const [attempt, setAttempt] = useState(0);
  const { state: load, retry } = useLoad(recordId > 0 ? `${recordId}#${attempt}` : null, async (signal) => {
    const found = await loadPayApplication(recordId, signal);
    if (!found) throw new Error(PAY_APPLICATION_WB_TEXT.notFound(recordId));
    return found;
  }, LOAD_OPTIONS);
  const { security, known } = useRecordFieldSecurity(record, load.status !== 'loading');
  const projectWrite = useProjectWrite({ projectId: record?.projectId, budgetId: record?.budgetId });
  const root = useWorkbenchRecordName<HTMLDivElement>(record ? `${record.number} ${record.vendorName}`.trim() : undefined);
  // Only the lines the user typed in, by line key: the rest follow the record (a Reload shows the server's).
  const [typed, setTyped] = useState<Record<string, PayLineEntry>>({});
  const [problem, setProblem] = useState<{ text: string; action: 'reload' | 'retry' | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);

  const lineSecurity = security?.fields.find((f) => f.fieldName === 'lines');
  const editable = projectWrite && !!record && !record.closed && (lineSecurity ? fieldEditable(security, 'lines') : EDIT_STATES.includes(record.recordStateName));
  const entries = useMemo(() => mergedEntries(record, typed), [record, typed]);
  const recordEntries = useMemo(() => mergedEntries(record, {}), [record]);
  const saved = useMemo(() => (record?.lines ? [...recordEntries.values()] : undefined), [record, recordEntries]);
  const value = useMemo(() => (record?.lines ? [...entries.values()] : undefined), [record, entries]);
  const drafts = useDraft<PayLineEntry[]>({
    screen: 'wb-pay-application', recordKey: PAY_APPLICATION_RECORD_KEY, recordId, value, saved, enabled: editable,
    restore: (kept) => setTyped(Object.fromEntries(kept.filter((entry) => typeof entry?.key === 'string').map((entry) => [entry.key, entry]))),
  });
  const dirty = value !== undefined && saved !== undefined && JSON.stringify(value) !== JSON.stringify(saved);

  // One function while the record is the same: the sheet's lines then re-render only when what they show changed.
  const change = useCallback((lineKey: string, field: SheetField, text: string) => {
    setTyped((now) => {
      const base = now[lineKey] ?? recordEntries.get(lineKey);
      if (!base) return now;
      return { ...now, [lineKey]: { ...base, [field]: text } };
    });
  }, [recordEntries]);

  const moves = useStateMove({
    record, move: (target, reason) => advancePayApplication(record!, target, reason), stale: PAY_APPLICATION_WB_TEXT.moveStale,
    onProblem: (p) => setProblem(p ? { text: p.text, action: p.stale ? 'reload' : null } : null),
  });

  if (recordId < 1) return <div className="alert alert-warning" role="alert">{PAY_APPLICATION_WB_TEXT.noRecord}</div>;
  if (load.status === 'failed' && !record?.lines) {
    const notFound = load.error instanceof Error && load.error.message === PAY_APPLICATION_WB_TEXT.notFound(recordId);
    return (
      <LoadProblem variant={load.failure === 'forbidden' ? 'warning' : 'danger'} state={load.failure === 'forbidden' ? 'forbidden' : 'failed'}
        message={notFound ? PAY_APPLICATION_WB_TEXT.notFound(recordId) : problemText(load.error, PAY_APPLICATION_WB_TEXT.problems)} onRetry={retry} />
    );
  }
  if (!record?.lines || !known) return <RecordLoading label={PAY_APPLICATION_WB_TEXT.loading} />;

  const inputs = lineInputs(record.lines, entries);
  const figures = payApplicationFigures(inputs, { retainagePercent: record.retainagePercent ?? 0, reduceRetainageAtHalf: record.reduceRetainageAtHalf ?? false },
    record.totals.previousCertificates, record.final);
  const anyProblem = figures.lines.some((line, index) => {
    const found = cellProblems(line, entries.get(payLineKey(record.lines![index]!)));
    return found.thisPeriod.length > 0 || found.storedMaterials.length > 0;
  });
  const isRevise = record.recordStateName === PAY_APPLICATION_STATES.revise || record.recordStateName === PAY_APPLICATION_STATES.draft;


  async function save(): Promise<void> {
    if (!record) return;
    setProblem(null);
    if (anyProblem) {
      setProblem({ text: PAY_APPLICATION_WB_TEXT.fixLines, action: null });
      return;
    }
    setBusy(true);
    try {
      const answer = await savePayApplication(record, inputs);
      setTyped({});
      showToast(PAY_APPLICATION_WB_TEXT.saved(answer.number), { variant: 'success' });
    } catch (error) {
      const failure = writeFailure(error, PAY_APPLICATION_WB_TEXT.saveFailure);
      setProblem({ text: failure.message, action: failure.action });
    } finally {
      setBusy(false);
    }
  }

  async function advance(target: MoveTarget): Promise<void> {
    if (!record) return;
    if (dirty) {
      void showMessage({ title: 'State not changed', message: PAY_APPLICATION_WB_TEXT.saveFirst, buttons: ['ok'] });
      return;
    }
    let reason: string | undefined;
    if (target.name === PAY_APPLICATION_STATES.revise) {
      const answer = await showPrompt({
        title: `${PAY_APPLICATION_STATES.revise}: ${record.number}`, message: PAY_APPLICATION_WB_TEXT.reasonPrompt, input: 'textarea', inputLabel: 'Reason',
        buttons: ['cancel', 'ok'], labels: { ok: 'Send back' },
      });
      if (answer.result !== true) return;
      reason = answer.text.trim();
      if (reason === '') {
        void showMessage({ title: 'State not changed', message: PAY_APPLICATION_WB_TEXT.reasonRequired, buttons: ['ok'] });
        return;
      }
    }
    await moves.move(target, reason);
  }

  const reload = () => {
    setProblem(null);
    setAttempt((n) => n + 1);
  };
  const download = async () => {
    setDownloadProblem(null);
    try {
      await downloadPayApplicationDocument(record);
    } catch (error) {
      setDownloadProblem(PAY_APPLICATION_WB_TEXT.downloadFailed(problemText(error, { ...PAY_APPLICATION_WB_TEXT.problems, failed: 'the server did not answer with it' })));
    }
  };
  const working = busy || moves.busy;

  return (
    <div ref={root} className="pay-application-workbench" data-kind={PAY_APPLICATION_RECORD_KEY} data-record-id={recordId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold" data-number>{record.number}</span>
        <span className="text-body-secondary" data-commitment>{record.commitmentNumber}</span>
        <span className="text-body-secondary" data-vendor>{record.vendorName}</span>
        <span className="text-body-secondary" data-period>{`Period to ${formatDate(record.periodEnd)}`}</span>
        <RecordStateBadge state={record.recordStateName} tone={record.closed ? 'secondary' : 'primary'} data-state-name />
        <span className="ms-auto" />
        <a className="btn btn-sm border text-body" href={documentHref(record.payApplicationId)} data-document
          onClick={(event) => { event.preventDefault(); void download(); }}>{PAY_APPLICATION_WB_TEXT.download}</a>
        {projectWrite ? (
          <StateAdvanceMenu stateId={record.applicationRecordStateId} record={{ recordKey: PAY_APPLICATION_RECORD_KEY, recordId: record.payApplicationId }}
            onSelect={(a) => void advance(a.targetApplicationRecordState)} disabled={working} label="Change state" ariaLabel={`Change state of ${record.number}`} />
        ) : null}
      </div>
      {downloadProblem ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert" data-download-problem>
          <span>{downloadProblem}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void download()}>Retry</button>
        </div>
      ) : null}
      {isRevise && record.reviseReason ? (
        <div className="alert alert-warning" role="note" data-revise-reason>
          <div className="fw-semibold">{PAY_APPLICATION_WB_TEXT.sentBack}</div>
          <div style={{ whiteSpace: 'pre-wrap' }} data-reason-text>{record.reviseReason}</div>
        </div>
      ) : null}
      {record.final ? <p className="small fw-semibold" data-final>{PAY_APPLICATION_WB_TEXT.final}</p> : null}
      {load.status === 'failed' ? <LoadProblem variant="warning" message={problemText(load.error, PAY_APPLICATION_WB_TEXT.problems)} onRetry={retry} /> : null}
      {problem ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert" data-problem>
          <span>{problem.text}</span>
          {problem.action === 'reload' ? <button type="button" className="btn btn-sm border text-body" onClick={reload} data-action="reload">Reload</button> : null}
          {problem.action === 'retry' ? <button type="button" className="btn btn-sm border text-body" onClick={() => void save()} data-action="retry">Retry</button> : null}
        </div>
      ) : null}
      {editable ? drafts.banner : null}
      {!projectWrite ? <ReadOnlyLine /> : !editable ? <p className="text-body-secondary small" data-read-only>{PAY_APPLICATION_WB_TEXT.readOnly(record.recordStateName)}</p> : null}

      <form noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <ContinuationSheet number={record.number} lines={record.lines} figures={figures.lines} entries={entries} editable={editable} onChange={change} />
        <div className="d-flex flex-wrap align-items-start gap-3 mt-3">
          <G702Totals totals={figures.totals} />
          {editable ? (
            <div className="ms-auto d-flex gap-2">
              <button type="button" className="btn btn-sm border text-body" disabled={working || !dirty} onClick={() => { setTyped({}); setProblem(null); drafts.clear(); }}>{PAY_APPLICATION_WB_TEXT.discard}</button>
              <button type="submit" className="btn btn-sm btn-primary" disabled={working || !dirty} data-save>{busy ? PAY_APPLICATION_WB_TEXT.saving : PAY_APPLICATION_WB_TEXT.save}</button>
            </div>
          ) : null}
        </div>
      </form>
      <LienWaivers record={record} canAdd={projectWrite && !record.closed} onAdded={(answer: PayApplication) => payApplicationStore().upsert(answer)} />
      <p className="small text-body-secondary mt-3 mb-0" data-modified>{`Last changed ${formatDateTime(record.modifiedAt)}`}</p>
    </div>
  );
}
