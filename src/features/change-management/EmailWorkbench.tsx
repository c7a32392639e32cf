/**
 * `<wb-email>`: the RFP (active-tab 'rfp') and revise-RFP ('revise-rfp') e-mail for a change event
 * item, addressed to the vendor's contact when the data has one, subject and body prefilled and
 * editable. The API has no send route, so Send is honest: it downloads the message as an .eml file
 * (or copies it) and says that nothing was sent. The item's state does not change by itself (§4);
 * once the e-mail is out, one button moves the item to the state the e-mail stands for (RFP:
 * 'Route for Proposal', revise-RFP: 'Rejected').
 */
import { useEffect, useState } from 'react';
import { lookupObject } from '../../core/lookups';
import { showToast } from '../../core/messages';
import { closeWorkbench } from '../../core/workbench';
import { useRecord } from '../../ui/records';
import type { ChangeEventItem } from './types';
import { changeEvents } from './data';
import { applyChangeEventItemState } from './advance';
import { useSignedIn } from '../../ui/session';
import { useChangeRecord } from './hooks';
import { LoadProblem, RecordRefreshNotice } from '../../ui/LoadProblem';

export interface EmailWorkbenchProps {
  recordKey?: string;
  recordId?: number;
  activeTab?: string;
}

interface Vendor { vendorId: number; name: string; email?: string | null }

/** What the user is told after Send (there is no mail service behind the portal). */
export const NOT_SENT_NOTICE = 'No e-mail was sent: the portal has no mail service. The message was downloaded as an .eml file; open it in your mail program to send it.';

/** The state an e-mail stands for: once it is out, the item can be moved there in one click. */
export const EMAIL_TARGET_STATE: Record<'rfp' | 'revise-rfp', string> = { rfp: 'Route for Proposal', 'revise-rfp': 'Rejected' };

/** The prefilled subject and body. */
export function draftEmail(kind: 'rfp' | 'revise-rfp', item: ChangeEventItem, eventNumber: string, vendorName: string): { subject: string; body: string } {
  const what = `${eventNumber} item ${item.changeEventItemId}: ${item.description}`;
  if (kind === 'revise-rfp') {
    return {
      subject: `Revised request for proposal: ${what}`,
      body: `Hello ${vendorName},\n\nThank you for your proposal for ${what}. We are unable to accept it as submitted. Please review the scope and send a revised proposal.\n\nThank you.`,
    };
  }
  return {
    subject: `Request for proposal: ${what}`,
    body: `Hello ${vendorName},\n\nPlease send us your proposal for the following change: ${what}.\n\nThank you.`,
  };
}

/** An RFC 5322 message (plain text, UTF-8) as an .eml file's text. */
export function toEml(to: string, subject: string, body: string): string {
  const clean = (value: string) => value.replace(/[\r\n]+/g, ' ');
  return [`To: ${clean(to)}`, `Subject: ${clean(subject)}`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=UTF-8', 'X-Unsent: 1', '', body.replace(/\r?\n/g, '\r\n')].join('\r\n');
}

/** The workbench view. */
export function EmailWorkbench({ recordId = -1, activeTab = '' }: EmailWorkbenchProps) {
  const signedIn = useSignedIn();
  const kind: 'rfp' | 'revise-rfp' = activeTab.toLowerCase() === 'revise-rfp' ? 'revise-rfp' : 'rfp';
  const { record: item, status, retry } = useChangeRecord<ChangeEventItem>('ChangeEventItem', recordId, signedIn);
  const event = useRecord(changeEvents(), item?.changeEventId ?? -1);
  const [vendor, setVendor] = useState<Vendor | undefined>();
  const [edits, setEdits] = useState<{ to?: string; subject?: string; body?: string }>({});
  const [sent, setSent] = useState(false);
  const [applying, setApplying] = useState(false);

  useEffect(() => {
    if (!item?.vendorId) return undefined;
    let live = true;
    void lookupObject<Vendor>('vendor', item.vendorId).then((v) => { if (live) setVendor(v); });
    return () => { live = false; };
  }, [item?.vendorId]);

  if (status === 'loading' && !item) return <p className="p-3" role="status">Loading…</p>;
  if (status === 'failed' && !item) return <div className="p-3"><LoadProblem message={`Change event item ${recordId} could not be loaded.`} onRetry={retry} /></div>;
  if (!item) return <div className="alert alert-warning m-3" role="alert">Change event item {recordId} was not found.</div>;

  const draft = draftEmail(kind, item, event?.number ?? `Change event ${item.changeEventId}`, vendor?.name ?? item.vendorName ?? 'there');
  const to = edits.to ?? vendor?.email ?? '';
  const subject = edits.subject ?? draft.subject;
  const body = edits.body ?? draft.body;

  const target = EMAIL_TARGET_STATE[kind];
  const applyTarget = async () => {
    setApplying(true);
    // Straight to the state: the §4 advance would open this e-mail again.
    const outcome = await applyChangeEventItemState(item, target);
    setApplying(false);
    if (outcome.kind === 'applied') showToast(`Item ${item.changeEventItemId} is now '${target}'.`, { variant: 'success' });
  };
  const download = () => {
    const blob = new Blob([toEml(to, subject, body)], { type: 'message/rfc822' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${kind === 'rfp' ? 'RFP' : 'Revised RFP'} item ${item.changeEventItemId}.eml`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    showToast(NOT_SENT_NOTICE, { title: 'Not sent', variant: 'info' });
    setSent(true);
  };
  const copy = () => {
    navigator.clipboard.writeText(`To: ${to}\nSubject: ${subject}\n\n${body}`).then(
      () => {
        showToast('The e-mail was copied to the clipboard; nothing was sent.', { title: 'Not sent', variant: 'info' });
        setSent(true);
      },
      () => showToast('The e-mail could not be copied.', { variant: 'danger' }),
    );
  };

  return (
    <form className="p-3" data-workbench="email" data-email-kind={kind} onSubmit={(e) => { e.preventDefault(); download(); }}>
      <RecordRefreshNotice status={status} what={`Change event item ${recordId}`} onRetry={retry} />
      <h2 className="h5">{kind === 'rfp' ? 'Request for proposal' : 'Revised request for proposal'}</h2>
      <p className="small text-body-secondary">Item {item.changeEventItemId} stays <strong data-state>{item.recordStateName}</strong> until its state is changed.</p>
      <div className="mb-2">
        <label className="form-label small mb-1" htmlFor="email-to">To</label>
        <input id="email-to" className="form-control form-control-sm" type="email" value={to} onChange={(e) => setEdits((v) => ({ ...v, to: e.target.value }))} data-field="to" />
        {!vendor?.email ? <div className="small text-body-secondary">The vendor has no e-mail address on file.</div> : null}
      </div>
      <div className="mb-2">
        <label className="form-label small mb-1" htmlFor="email-subject">Subject</label>
        <input id="email-subject" className="form-control form-control-sm" value={subject} onChange={(e) => setEdits((v) => ({ ...v, subject: e.target.value }))} data-field="subject" />
      </div>
      <div className="mb-2">
        <label className="form-label small mb-1" htmlFor="email-body">Message</label>
        <textarea id="email-body" className="form-control form-control-sm" rows={8} value={body} onChange={(e) => setEdits((v) => ({ ...v, body: e.target.value }))} data-field="body" />
      </div>
      <p className="small text-body-secondary">The portal cannot send e-mail: Send downloads the message as an .eml file for your mail program.</p>
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm">Send (download .eml)</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={copy}>Copy to clipboard</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => closeWorkbench()}>Close</button>
      </div>
      {sent && item.recordStateName !== target ? (
        <div className="alert alert-info mt-3 mb-0 d-flex flex-wrap align-items-center gap-2" data-apply-state={target}>
          <span>Once the e-mail is on its way, move the item on:</span>
          <button type="button" className="btn btn-sm btn-primary" disabled={applying} onClick={() => void applyTarget()}>
            {`Set item to '${target}'`}
          </button>
        </div>
      ) : null}
    </form>
  );
}
