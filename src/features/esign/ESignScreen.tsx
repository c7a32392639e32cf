/**
 * `<pfm-esign>`'s view: signature envelopes in Open and Closed lists. With a project (or budget) it
 * lists the project's envelopes and offers 'New envelope' (PFM roles); without one (the admin-level
 * /pfm/esign, whose query the router strips) it lists every project's. Each envelope shows its
 * document (downloadable PDF, and the signed one), its signers with their states (a reminder per
 * signer), its state (Draft, Sent, Viewed, Signed, Declined, Voided, Expired) and Send / Void.
 */
import { useCallback, useState } from 'react';
import { ACCESS } from '../../core/access';
import { ApiError, alertedByServer } from '../../core/api';
import { ENVELOPE_OUT_STATES, nextReminderAt, type Envelope, type EnvelopeSigner } from '../../core/esign/contract';
import { formatDate, formatDateTime } from '../../core/format';
import { showMessage, showPrompt, showToast } from '../../core/messages';
import { $roles, $rolesStatus, hasAccess } from '../../core/roles';
import { useStore } from '../../ui/hooks';
import { screenScope } from '../../core/scope';
import {
  ALL_SCOPE, ESIGN_NO_ACCESS, downloadEnvelopePdf, envelopeStore, loadEnvelopes, remindSigner, sendEnvelope, voidEnvelope,
} from './data';
import { NewEnvelope, useKeptNewEnvelope } from './NewEnvelope';
import { RecordLists, RecordListsStatus, ScreenTitle, projectSubject, useRecords, type RecordColumn, type RecordListTab } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { nowMs } from '../../core/clock';
import { attributeId } from '../../core/attributes';

export interface ESignProps {
  projectId?: number;
  budgetId?: number;
  /** A document to preselect in a new envelope (a workbench's 'Send for signature'). */
  recordKey?: string;
  recordId?: number;
}

/** Texts the screen shows; tests read them. */
export const ESIGN_TEXT = {
  title: 'ESign',
  adminSubject: 'All projects',
  loading: 'Loading envelopes…',
  loadFailed: 'The envelopes could not be loaded.',
  newEnvelope: 'New envelope',
  refresh: 'Refresh',
  outbox: 'Outbox (demo)',
  voidPrompt: 'Why is this envelope voided? The signers’ links stop working.',
  voidReasonRequired: 'A reason is required to void an envelope.',
  stale: 'The envelope changed since it was loaded: the list was reloaded.',
  reminded: (name: string) => `Reminder sent to ${name}.`,
  sent: (number: string) => `${number} sent for signature.`,
  voided: (number: string) => `${number} voided.`,
} as const;


function useCanWrite(): boolean {
  const roles = useStore($roles);
  const status = useStore($rolesStatus);
  return status !== 'loaded' || hasAccess(ACCESS.pfm.key, ACCESS.pfm.roles, roles);
}

const STATE_CLASS: Record<string, string> = {
  Draft: 'text-bg-secondary', Sent: 'text-bg-primary', Viewed: 'text-bg-info', Signed: 'text-bg-success',
  Declined: 'text-bg-danger', Voided: 'text-bg-dark', Expired: 'text-bg-warning', Waiting: 'text-bg-light border',
};

/** The admin screen's scope ({@link ALL_SCOPE}): every envelope. */
const ALL = { recordKey: 'All', recordId: 0 };
const LOAD_OPTIONS = { what: 'Envelopes load' };

const isOut = (e: Envelope) => (ENVELOPE_OUT_STATES as readonly string[]).includes(e.recordStateName);
const why = (error: unknown) => (error instanceof ApiError ? String((error.body as { message?: string } | undefined)?.message ?? `HTTP ${error.status}`) : String(error));

function EnvelopeLists({ scopeKey, admin, canWrite, reload }: { scopeKey: string; admin: boolean; canWrite: boolean; reload(): void }) {
  const [recordKey, recordId] = scopeKey.split(':') as [string, string];
  const inScope = useCallback((e: Envelope) => (recordKey === 'Project' ? e.projectId === Number(recordId) : true), [recordKey, recordId]);
  const compare = useCallback((a: Envelope, b: Envelope) => b.envelopeId - a.envelopeId, []);
  const records = useRecords(envelopeStore(), inScope, compare);
  const [tab, setTab] = useState<RecordListTab>('open');
  const [busy, setBusy] = useState<number | null>(null);

  async function act(envelope: Envelope, work: () => Promise<unknown>, done: string, failedTitle: string): Promise<void> {
    setBusy(envelope.envelopeId);
    try {
      await work();
      showToast(done, { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        showToast(ESIGN_TEXT.stale, { variant: 'warning' });
        reload();
      } else if (!alertedByServer(error)) {
        void showMessage({ title: failedTitle, message: `${envelope.number}: ${why(error)}`, buttons: ['ok'] });
      }
    } finally {
      setBusy(null);
    }
  }

  async function askVoid(envelope: Envelope): Promise<void> {
    const answer = await showPrompt({
      title: `Void ${envelope.number}`, message: ESIGN_TEXT.voidPrompt, input: 'textarea', inputLabel: 'Reason', buttons: ['cancel', 'ok'], labels: { ok: 'Void envelope' },
    });
    if (answer.result !== true) return;
    if (answer.text.trim() === '') {
      void showMessage({ title: 'Envelope not voided', message: ESIGN_TEXT.voidReasonRequired, buttons: ['ok'] });
      return;
    }
    await act(envelope, () => voidEnvelope(envelope, answer.text), ESIGN_TEXT.voided(envelope.number), 'Envelope not voided');
  }

  const download = (envelope: Envelope, signed: boolean) => {
    downloadEnvelopePdf(envelope, signed).catch((error: unknown) => {
      void showMessage({ title: 'Download failed', message: `${envelope.documentTitle}: ${why(error)}`, buttons: ['ok'] });
    });
  };

  const signerLine = (envelope: Envelope, signer: EnvelopeSigner) => {
    const blocked = nextReminderAt(signer.lastReminderAt, nowMs());
    const canRemind = canWrite && isOut(envelope) && (signer.state === 'Sent' || signer.state === 'Viewed');
    const detail = signer.state === 'Signed' ? `signed ${formatDateTime(signer.signedAt)} as ${signer.signedName ?? ''}`
      : signer.state === 'Declined' ? `declined ${formatDateTime(signer.declinedAt)}: ${signer.declineReason ?? ''}`
        : signer.state === 'Viewed' ? `viewed ${formatDateTime(signer.viewedAt)}` : '';
    return (
      <li key={signer.envelopeSignerId} className="mb-1" data-signer={signer.email} data-signer-state={signer.state}>
        <span className="fw-semibold">{signer.name}</span> <span className="text-body-secondary small">{signer.email}</span>{' '}
        <span className={`badge ${STATE_CLASS[signer.state] ?? 'text-bg-secondary'}`}>{signer.state}</span>
        {detail ? <span className="small text-body-secondary"> {detail}</span> : null}
        {canRemind ? (
          <button type="button" className="btn btn-link btn-sm py-0" disabled={busy === envelope.envelopeId} data-remind={signer.envelopeSignerId}
            title={blocked ? `Reminded ${formatDateTime(signer.lastReminderAt)}: the next reminder is allowed from ${formatDateTime(blocked)}` : undefined}
            aria-label={`Remind ${signer.name}`}
            onClick={() => void act(envelope, () => remindSigner(envelope, signer), ESIGN_TEXT.reminded(signer.name), 'Reminder not sent')}>Remind</button>
        ) : null}
      </li>
    );
  };

  const columns: Array<RecordColumn<Envelope>> = [
    { key: 'number', label: 'Envelope', render: (e) => <span className="text-nowrap" data-number>{e.number}</span> },
    ...(admin ? [{ key: 'project', label: 'Project', render: (e: Envelope) => <span title={e.projectName}>{e.projectNumber}</span> }] : []),
    {
      key: 'document', label: 'Document', render: (e) => (
        <div data-document={`${e.recordKey}:${e.recordId}`}>
          <div>{e.documentTitle}</div>
          {e.documentFileId ? (
            <button type="button" className="btn btn-link btn-sm p-0" data-download="document" aria-label={`Download the PDF of ${e.documentTitle}`}
              onClick={() => download(e, false)}>PDF</button>
          ) : null}
          {e.signedFileId ? (
            <button type="button" className="btn btn-link btn-sm p-0 ms-2" data-download="signed" aria-label={`Download the signed PDF of ${e.documentTitle}`}
              onClick={() => download(e, true)}>Signed PDF</button>
          ) : null}
        </div>
      ),
    },
    { key: 'signers', label: 'Signers', render: (e) => <ul className="list-unstyled mb-0">{e.signers.map((s) => signerLine(e, s))}</ul> },
    {
      key: 'state', label: 'State', render: (e) => (
        <div>
          <span className={`badge ${STATE_CLASS[e.recordStateName] ?? 'text-bg-secondary'}`} data-state={e.recordStateName}>{e.recordStateName}</span>
          {e.voidReason ? <div className="small text-body-secondary" data-void-reason>{e.voidReason}</div> : null}
          {e.executionNote ? <div className="small text-warning-emphasis">{e.executionNote}</div> : null}
        </div>
      ),
    },
    { key: 'sent', label: 'Sent', render: (e) => formatDate(e.sentAt) },
    { key: 'expires', label: 'Expires', render: (e) => formatDate(e.expiresAt) },
  ];

  const actions = (e: Envelope) => {
    if (!canWrite || e.closed) return null;
    return (
      <div className="d-flex gap-1 justify-content-end">
        {e.recordStateName === 'Draft' ? (
          <button type="button" className="btn btn-sm btn-primary" disabled={busy === e.envelopeId} data-action="send" aria-label={`Send ${e.number} for signature`}
            onClick={() => void act(e, () => sendEnvelope(e), ESIGN_TEXT.sent(e.number), 'Envelope not sent')}>Send</button>
        ) : null}
        <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy === e.envelopeId} data-action="void" aria-label={`Void ${e.number}`}
          onClick={() => void askVoid(e)}>Void</button>
      </div>
    );
  };

  return (
    <RecordLists records={records} idOf={(e) => e.envelopeId} isClosed={(e) => e.closed} columns={columns} actions={actions} label="Envelopes"
      tab={tab} onTabChange={setTab} emptyText={{ open: 'No open envelopes.', closed: 'No closed envelopes.' }} testId="list-Envelope" />
  );
}

/** The screen. */
export function ESign(props: ESignProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const scope = screenScope(projectId, budgetId);
  const admin = scope === null;
  const scopeKey = scope ? `${scope.recordKey}:${scope.recordId}` : ALL_SCOPE;
  const { state: load, retry } = useLoad(scopeKey, (signal) => loadEnvelopes(scope ?? ALL, signal), LOAD_OPTIONS);
  const canWrite = useCanWrite();
  const preselect = props.recordKey && attributeId(props.recordId) > 0 ? { recordKey: props.recordKey, recordId: attributeId(props.recordId) } : undefined;
  // Null until the user opens or closes the form: until then it is open with a preselected document, or with typed work
  // kept from before a reload (so its offer shows).
  const [creatingChoice, setCreating] = useState<boolean | null>(preselect ? true : null);
  const keptNew = useKeptNewEnvelope(scope);
  const creating = creatingChoice ?? (keptNew && canWrite);

  return (
    <main className="container-fluid py-3" data-screen="esign" data-admin={admin || undefined}>
      {admin ? (
        <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3" data-screen-title>
          <h1 className="h4 mb-0">{ESIGN_TEXT.title}</h1><span className="text-body-secondary">{ESIGN_TEXT.adminSubject}</span>
        </div>
      ) : <ScreenTitle title={ESIGN_TEXT.title} subject={projectSubject(projectId, budgetId)} />}
      <div className="d-flex flex-wrap gap-2 mb-2">
        {!admin && canWrite && !creating ? (
          <button type="button" className="btn btn-sm btn-primary" data-new="envelope" onClick={() => setCreating(true)}>{ESIGN_TEXT.newEnvelope}</button>
        ) : null}
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={retry} data-refresh>{ESIGN_TEXT.refresh}</button>
        <a className="btn btn-sm btn-link ms-auto" href="/esign/outbox" target="_blank" rel="noopener">{ESIGN_TEXT.outbox}</a>
      </div>
      {creating && scope ? <NewEnvelope scope={scope} preselect={preselect} onDone={() => setCreating(false)} /> : null}
      <RecordListsStatus load={load} retry={retry} text={{ loading: ESIGN_TEXT.loading, loadFailed: ESIGN_TEXT.loadFailed, noAccess: ESIGN_NO_ACCESS }}>
        <EnvelopeLists scopeKey={scopeKey} admin={admin} canWrite={canWrite} reload={retry} />
      </RecordListsStatus>
    </main>
  );
}
