/**
 * The SLIM request workbench body (`<wb-slim-request>`): the request (every field, escalation reasons,
 * missing data and the answer, the decision with who and why), the vendor's prequalification record,
 * the suggested limits with every step of their working, what changed (renewal), the history, a
 * comment thread (edit your own within 15 minutes), reassignment, and the moves the server offers the
 * caller with the note each needs. A 409 shows the server's message and reloads; a refusal keeps what
 * was typed. Files are the workbench's Files control (recordKey SlimRequest).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatDate, formatDateTime, formatMoney, parseNumber, sanitizeNumber } from '../../../core/format';
import { showToast } from '../../../core/messages';
import {
  SLIM_RECORD_KEY, type SlimRequestLoad, type SlimState, type VendorPrequalRecord, VENDOR_CONFIDENTIAL_TEXT, VENDOR_RECORD_KEEPERS,
} from '../../../core/risk';
import { useDraft } from '../../../ui/drafts';
import { RecordStateBadge, useWorkbenchRecordName } from '../../../ui/records';
import {
  assignSlimRequests, isStale, loadSlimComments, loadSlimRequest, markSlimNotificationsRead, moveSlimRequest, problemText, projectLabel, saveSlimComment,
} from './data';
import { useSlimAssignees } from './assignees';
import { ChangesTable } from './NewSlimRequest';
import { aYearOn, commentEditable, stepValue } from './working';
import { moveLabel, moveNote, SLIM_UI_TEXT as T } from './text';
import * as clock from '../../../core/clock';
import { shownData } from '../../../core/api';
import { useLoad } from '../../../ui/useLoad';
import { useStore } from '../../../ui/hooks';
import { $roles } from '../../../core/roles';
import { ruleAllows } from '../../../core/access';
import { ExpiryDate, UpdateVendorRecord } from '../vendor-record';

const money = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatMoney(n, { fractionDigits: 0 }));
const ratio = (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(2));

function Section({ title, children, name }: { title: string; children: React.ReactNode; name: string }) {
  const id = useId();
  return (
    <section className="card mb-3" aria-labelledby={id} data-section={name}>
      <div className="card-body">
        <h3 className="h6 card-title" id={id}>{title}</h3>
        {children}
      </div>
    </section>
  );
}

function VendorRecord({ vendor }: { vendor: VendorPrequalRecord }) {
  const safetyAverage = vendor.safety.length ? vendor.safety.slice(0, 3).reduce((s, y) => s + y.emr, 0) / Math.min(3, vendor.safety.length) : null;
  return (
    <Section title={`${T.vendorRecord}: ${vendor.vendorNumber} ${vendor.name}`} name="vendor">
      <dl className="row small mb-2">
        <dt className="col-sm-3">{T.status}</dt><dd className="col-sm-3" data-vendor-status>{vendor.status}</dd>
        <dt className="col-sm-3">{T.currentLimits}</dt>
        <dd className="col-sm-3" data-current-limits>{`${money(vendor.singleLimitInForce)} single / ${money(vendor.aggregateLimitInForce)} aggregate`}{vendor.limitExpiresOn ? <>, expires <ExpiryDate date={vendor.limitExpiresOn} /></> : ''}</dd>
        {vendor.conditions ? <><dt className="col-sm-3">{T.conditions}</dt><dd className="col-sm-9">{vendor.conditions}</dd></> : null}
        <dt className="col-sm-3">{T.insurance}</dt>
        <dd className="col-sm-9" data-insurance>{vendor.glPerOccurrence === null ? '—' : <>{`GL ${money(vendor.glPerOccurrence)} per occurrence / ${money(vendor.glAggregate)} aggregate`}{vendor.glExpiresOn ? <>, expires <ExpiryDate date={vendor.glExpiresOn} /></> : ''}</>}</dd>
        <dt className="col-sm-3">{T.bonding}</dt>
        <dd className="col-sm-9" data-bonding>{vendor.surety ? `${vendor.surety}: ${money(vendor.bondSingleCapacity)} single / ${money(vendor.bondAggregateCapacity)} aggregate`
          : vendor.confidential ? <span className="text-body-secondary" data-confidential>{VENDOR_CONFIDENTIAL_TEXT}</span> : '—'}</dd>
        <dt className="col-sm-3">{T.subRating}</dt>
        <dd className="col-sm-3" data-sub-rating>{vendor.subRatingAverage === null ? '—' : `${vendor.subRatingAverage.toFixed(1)} of 5 (${vendor.subRatingCount})`}</dd>
        <dt className="col-sm-3">{T.openBacklog}</dt><dd className="col-sm-3">{money(vendor.openBacklog)}</dd>
        {vendor.lastDecidedBy ? <><dt className="col-sm-3">Last decided</dt><dd className="col-sm-9">{`${vendor.lastDecidedBy}${vendor.lastDecidedAt ? `, ${formatDate(vendor.lastDecidedAt)}` : ''}`}</dd></> : null}
      </dl>
      <h4 className="h6 small fw-semibold">{T.financials}</h4>
      {vendor.financials.length ? (
        <div className="table-responsive">
          <table className="table table-sm small" data-financials>
            <caption className="visually-hidden">{T.financials}</caption>
            <thead>
              <tr>
                <th scope="col">{T.year}</th>
                {[T.currentAssets, T.currentLiabilities, T.totalLiabilities, T.netWorth, T.revenue, T.backlog, T.workingCapital, T.currentRatio, T.debtToEquity]
                  .map((h) => <th key={h} scope="col" className="text-end">{h}</th>)}
              </tr>
            </thead>
            <tbody>
              {vendor.financials.map((f) => (
                <tr key={f.year} data-year={f.year}>
                  <th scope="row">{f.year}</th>
                  <td className="text-end">{money(f.currentAssets)}</td>
                  <td className="text-end">{money(f.currentLiabilities)}</td>
                  <td className="text-end">{money(f.totalLiabilities)}</td>
                  <td className="text-end">{money(f.netWorth)}</td>
                  <td className="text-end">{money(f.revenue)}</td>
                  <td className="text-end">{money(f.backlog)}</td>
                  <td className="text-end" data-column="workingCapital">{money(f.currentAssets - f.currentLiabilities)}</td>
                  <td className="text-end" data-column="currentRatio">{f.currentLiabilities > 0 ? ratio(f.currentAssets / f.currentLiabilities) : '—'}</td>
                  <td className="text-end" data-column="debtToEquity">{f.netWorth > 0 ? ratio(f.totalLiabilities / f.netWorth) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : <p className="small text-body-secondary" data-confidential={vendor.confidential ? '' : undefined}>{vendor.confidential ? VENDOR_CONFIDENTIAL_TEXT : T.noFinancials}</p>}
      <h4 className="h6 small fw-semibold">{T.safety}</h4>
      {vendor.safety.length ? (
        <div className="table-responsive">
          <table className="table table-sm small mb-0 w-auto" data-safety>
            <caption className="small">{`${T.averageEmr}: ${safetyAverage === null ? '—' : safetyAverage.toFixed(3)}`}</caption>
            <thead><tr><th scope="col">{T.year}</th><th scope="col" className="text-end">{T.emr}</th><th scope="col" className="text-end">{T.osha}</th></tr></thead>
            <tbody>
              {vendor.safety.slice(0, 3).map((s) => (
                <tr key={s.year} data-year={s.year}><th scope="row">{s.year}</th><td className="text-end">{s.emr.toFixed(2)}</td><td className="text-end">{s.oshaRecordableRate.toFixed(2)}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : <p className="small text-body-secondary mb-0" data-confidential={vendor.confidential ? '' : undefined}>{vendor.confidential ? VENDOR_CONFIDENTIAL_TEXT : T.noSafety}</p>}
    </Section>
  );
}

function Suggested({ load }: { load: SlimRequestLoad }) {
  const s = load.suggested;
  return (
    <Section title={T.suggested} name="suggested">
      <div className="table-responsive">
        <table className="table table-sm small" data-working>
          <caption className="visually-hidden">{T.suggested}</caption>
          <thead><tr><th scope="col">{T.step}</th><th scope="col">{T.how}</th><th scope="col" className="text-end">{T.value}</th></tr></thead>
          <tbody>
            {s.steps.map((step) => (
              <tr key={step.key} data-step={step.key}>
                <th scope="row" className="fw-normal">{step.label}</th>
                <td data-detail>{step.detail}</td>
                <td className="text-end text-nowrap fw-semibold" data-value>{stepValue(step)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {s.conditions.length ? (
        <><h4 className="h6 small fw-semibold">{T.suggestedConditions}</h4><ul className="small" data-suggested-conditions>{s.conditions.map((c) => <li key={c}>{c}</li>)}</ul></>
      ) : null}
      {s.requiredAttachments.length ? (
        <><h4 className="h6 small fw-semibold">{T.requiredAttachments}</h4><ul className="small mb-0" data-required-attachments>{s.requiredAttachments.map((c) => <li key={c}>{c}</li>)}</ul></>
      ) : null}
    </Section>
  );
}

interface MoveDraft { to: { applicationRecordStateId: number; name: SlimState }; note: string; single: string; aggregate: string; expires: string; problem: string }
/** The move form as a draft keeps it: the chosen move and what was typed, not the refusal shown. */
type KeptMove = Omit<MoveDraft, 'problem'> | null;
const keptMoveOf = (draft: MoveDraft | null): KeptMove => (draft ? { to: draft.to, note: draft.note, single: draft.single, aggregate: draft.aggregate, expires: draft.expires } : null);

function Moves({ load, onMoved, onStale }: { load: SlimRequestLoad; onMoved(next: SlimRequestLoad): void; onStale(message: string): void }) {
  const id = useId();
  const [typed, setDraft] = useState<MoveDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const r = load.request;
  // After a reload (a 409) the typed note stays while its move is still offered.
  const draft = typed && load.moves.some((m) => m.applicationRecordStateId === typed.to.applicationRecordStateId) ? typed : null;
  const fresh = (to: MoveDraft['to'], note = ''): MoveDraft => ({
    to, note, single: String(load.suggested.singleLimit), aggregate: String(load.suggested.aggregateLimit), expires: aYearOn(clock.today()), problem: '',
  });
  const start = (to: MoveDraft['to']) => setDraft(draft && draft.to.applicationRecordStateId === to.applicationRecordStateId ? draft : fresh(to, draft?.note ?? ''));
  // A typed note or limits survive a reload: kept while they differ from the chosen move's fresh form (choosing alone is
  // no work to lose), offered back with the move. A move no longer offered drops its draft (`draft` is then null).
  const kept = useDraft<KeptMove>({
    screen: 'wb-slim-request', recordKey: SLIM_RECORD_KEY, recordId: r.requestId, form: 'move',
    value: keptMoveOf(draft), saved: draft ? keptMoveOf(fresh(draft.to)) : null, enabled: load.moves.length > 0,
    restore: (value) => { if (value && typeof value === 'object' && value.to) setDraft({ ...fresh(value.to), ...value, problem: '' }); },
  });
  const approving = draft && (draft.to.name === 'Approved' || draft.to.name === 'Approved with Conditions');
  const note = draft ? moveNote(r.state, draft.to.name, r.escalationReasons.length) : null;
  const confirm = async () => {
    if (!draft) return;
    if (note?.required && !draft.note.trim()) { setDraft({ ...draft, problem: T.noteRequired(note.label) }); return; }
    let limits: { singleLimit: number; aggregateLimit: number; limitExpiresOn: string } | undefined;
    if (approving) {
      const single = parseNumber(draft.single);
      const aggregate = parseNumber(draft.aggregate);
      if (single === null || single <= 0 || aggregate === null || aggregate <= 0 || !draft.expires) { setDraft({ ...draft, problem: T.amountNumber }); return; }
      limits = { singleLimit: single, aggregateLimit: aggregate, limitExpiresOn: draft.expires };
    }
    setBusy(true);
    // The last failure's message goes while the move is on its way: a second failure shows as a new message.
    setDraft({ ...draft, problem: '' });
    try {
      const next = await moveSlimRequest(load, draft.to, draft.note, limits);
      showToast(T.moved(r.number, draft.to.name), { variant: 'success' });
      kept.clear(); // here, not by the hook: a request moved to a closed state offers no moves, which turns its draft off first
      setDraft(null);
      onMoved(next);
    } catch (error) {
      if (isStale(error)) onStale(problemText(error));
      setDraft({ ...draft, problem: `${problemText(error)} ${T.keptWork}` });
    } finally {
      setBusy(false);
    }
  };
  if (!load.moves.length) return <p className="small text-body-secondary mb-0" data-no-actions>{T.noActions}</p>;
  return (
    <div data-moves>
      {kept.banner}
      <div className="d-flex flex-wrap gap-2">
        {load.moves.map((m) => (
          <button key={m.applicationRecordStateId} type="button" data-move={m.name} aria-pressed={draft?.to.applicationRecordStateId === m.applicationRecordStateId}
            className={`btn btn-sm ${m.name === 'Denied' ? 'btn-outline-danger' : m.name === 'Withdrawn' ? 'btn-outline-secondary' : 'btn-outline-primary'}`}
            onClick={() => start(m)}>{moveLabel(r.state, m.name)}</button>
        ))}
      </div>
      {draft ? (
        <form className="border rounded p-2 mt-2" noValidate data-move-form={draft.to.name} onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
          {draft.problem ? <div className="alert alert-danger py-1 small" role="alert" data-move-problem>{draft.problem}</div> : null}
          {note ? (
            <div className="mb-2">
              <label className="form-label small mb-1" htmlFor={`${id}-note`}>{note.label}</label>
              <textarea id={`${id}-note`} className="form-control form-control-sm" rows={2} value={draft.note} data-field="note" required={note.required}
                onChange={(e) => setDraft({ ...draft, note: e.currentTarget.value })} />
            </div>
          ) : null}
          {approving ? (
            <div className="row g-2 mb-2">
              <div className="col-sm-4">
                <label className="form-label small mb-1" htmlFor={`${id}-single`}>{T.singleLimit}</label>
                <input id={`${id}-single`} inputMode="decimal" className="form-control form-control-sm text-end" value={draft.single} data-field="singleLimit"
                  onChange={(e) => setDraft({ ...draft, single: sanitizeNumber(e.currentTarget.value) })} />
              </div>
              <div className="col-sm-4">
                <label className="form-label small mb-1" htmlFor={`${id}-aggregate`}>{T.aggregateLimit}</label>
                <input id={`${id}-aggregate`} inputMode="decimal" className="form-control form-control-sm text-end" value={draft.aggregate} data-field="aggregateLimit"
                  onChange={(e) => setDraft({ ...draft, aggregate: sanitizeNumber(e.currentTarget.value) })} />
              </div>
              <div className="col-sm-4">
                <label className="form-label small mb-1" htmlFor={`${id}-expires`}>{T.limitExpiresOn}</label>
                <input id={`${id}-expires`} type="date" className="form-control form-control-sm" value={draft.expires} data-field="limitExpiresOn"
                  onChange={(e) => setDraft({ ...draft, expires: e.currentTarget.value })} />
              </div>
            </div>
          ) : null}
          <div className="d-flex gap-2 justify-content-end">
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setDraft(null)}>{T.cancel}</button>
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-action="confirm-move">{`${T.confirm}: ${moveLabel(r.state, draft.to.name)}`}</button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function Reassign({ load, onDone }: { load: SlimRequestLoad; onDone(): void }) {
  const id = useId();
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const people = useSlimAssignees(setProblem);
  const assign = async () => {
    const person = people?.find((p) => String(p.employeeId) === to);
    if (!person) { setProblem(T.chooseAssignee); return; }
    setBusy(true);
    setProblem('');
    try {
      const answer = await assignSlimRequests([load.request.requestId], person.employeeId);
      if (answer.refused.length) setProblem(answer.refused.map((r) => r.message).join(' '));
      else { setProblem(''); showToast(T.reassigned(person.name), { variant: 'success' }); onDone(); }
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mt-2" data-reassign>
      <div>
        <label className="form-label small mb-1" htmlFor={`${id}-to`}>{T.assignTo}</label>
        <select id={`${id}-to`} className="form-select form-select-sm" value={to} data-field="reassign" onChange={(e) => setTo(e.currentTarget.value)}>
          <option value="">{people ? '—' : T.loadingShort}</option>
          {(people ?? []).filter((p) => p.employeeId !== load.request.assignedTo?.employeeId).map((p) => <option key={p.employeeId} value={p.employeeId}>{p.name}</option>)}
        </select>
      </div>
      <button type="button" className="btn btn-sm border text-body" disabled={busy} data-action="reassign" onClick={() => void assign()}>{T.reassign}</button>
      {problem ? <span className="small text-danger-emphasis" role="alert" data-reassign-problem>{problem}</span> : null}
    </div>
  );
}

function Comments({ requestId }: { requestId: number }) {
  const id = useId();
  const { state: commentsLoad, retry: retryComments, set: setComments } = useLoad(String(requestId), (signal) => loadSlimComments(requestId, signal), { what: 'SLIM comments load' });
  const comments = commentsLoad.status === 'ready' ? commentsLoad.data : null;
  const [body, setBody] = useState('');
  const [editing, setEditing] = useState<{ commentId: number; body: string } | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => clock.nowMs());
  // A half-typed comment survives a reload: kept while the box is not empty, offered back.
  const kept = useDraft<string>({
    screen: 'wb-slim-request', recordKey: SLIM_RECORD_KEY, recordId: requestId, form: 'comment', value: body, saved: '',
    restore: (value) => setBody(typeof value === 'string' ? value : ''),
  });
  // The Edit control goes when the 15 minutes are up.
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.nowMs()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const post = async () => {
    if (!body.trim()) { setProblem(T.commentEmpty); return; }
    setBusy(true);
    setProblem('');
    try {
      const saved = await saveSlimComment({ recordId: requestId }, body.trim());
      // Before the thread has loaded, its answer will hold the new comment.
      if (comments) setComments([...comments, saved]);
      setBody('');
      setProblem('');
    } catch (error) {
      setProblem(`${problemText(error)} ${T.keptWork}`);
    } finally {
      setBusy(false);
    }
  };
  const saveEdit = async () => {
    if (!editing) return;
    if (!editing.body.trim()) { setProblem(T.commentEmpty); return; }
    setBusy(true);
    setProblem('');
    try {
      const saved = await saveSlimComment({ commentId: editing.commentId }, editing.body.trim());
      if (comments) setComments(comments.map((x) => (x.commentId === saved.commentId ? saved : x)));
      setEditing(null);
      setProblem('');
    } catch (error) {
      setProblem(`${problemText(error)} ${T.keptWork}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={T.comments} name="comments">
      {commentsLoad.status === 'failed' ? (
        <div className="alert alert-danger py-1 small d-flex align-items-center gap-2" role="alert">
          <span>{problemText(commentsLoad.error)}</span><button type="button" className="btn btn-sm btn-outline-danger" onClick={retryComments}>{T.retry}</button>
        </div>
      ) : comments === null ? <div role="status" className="small text-body-secondary">{T.loadingShort}</div> : comments.length === 0 ? (
        <p className="small text-body-secondary" data-no-comments>{T.noComments}</p>
      ) : (
        <ul className="list-unstyled mb-2" data-comments>
          {comments.map((c) => (
            <li key={c.commentId} className="border-bottom py-2" data-comment={c.commentId}>
              <div className="small text-body-secondary">
                <span className="fw-semibold text-body">{c.author.name}</span> · {formatDateTime(c.createdAt)}{c.editedAt ? ` · ${T.edited}` : ''}
              </div>
              {editing?.commentId === c.commentId ? (
                <form noValidate onSubmit={(e) => { e.preventDefault(); void saveEdit(); }}>
                  <label className="visually-hidden" htmlFor={`${id}-edit-${c.commentId}`}>{T.edit}</label>
                  <textarea id={`${id}-edit-${c.commentId}`} className="form-control form-control-sm my-1" rows={2} value={editing.body} data-field="comment-edit"
                    onChange={(e) => setEditing({ ...editing, body: e.currentTarget.value })} />
                  <div className="d-flex gap-2">
                    <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-action="save-comment">{T.save}</button>
                    <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => { setEditing(null); setProblem(''); }}>{T.cancel}</button>
                  </div>
                </form>
              ) : (
                <div className="d-flex align-items-start gap-2">
                  <p className="mb-0 me-auto" style={{ whiteSpace: 'pre-wrap' }} data-comment-body>{c.body}</p>
                  {commentEditable(c, now) ? (
                    <button type="button" className="btn btn-sm btn-link p-0" data-action="edit-comment" aria-label={`${T.edit} comment ${c.commentId}`}
                      onClick={() => setEditing({ commentId: c.commentId, body: c.body })}>{T.edit}</button>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {problem ? <div className="alert alert-danger py-1 small" role="alert" data-comment-problem>{problem}</div> : null}
      <form noValidate onSubmit={(e) => { e.preventDefault(); void post(); }}>
        {kept.banner}
        <label className="form-label small mb-1" htmlFor={`${id}-new`}>{T.newComment}</label>
        <textarea id={`${id}-new`} className="form-control form-control-sm mb-2" rows={2} value={body} data-field="comment" onChange={(e) => setBody(e.currentTarget.value)} />
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-action="post-comment">{T.post}</button>
      </form>
    </Section>
  );
}

/** The workbench body for request `recordId`. */
export function SlimRequestWorkbench({ recordId }: { recordId: number }) {
  const [stale, setStale] = useState('');
  const roles = useStore($roles);
  const keepsVendorRecords = VENDOR_RECORD_KEEPERS.some((rule) => ruleAllows(roles, rule));
  /** The request whose notifications this workbench has marked read (once per request opened). */
  const markedRead = useRef(0);
  const { state, retry: reload, set: setRequest } = useLoad(recordId >= 1 ? String(recordId) : null, async (signal, attempt) => {
    const load = await loadSlimRequest(recordId, signal, attempt);
    if (!signal.aborted && markedRead.current !== recordId) {
      markedRead.current = recordId;
      // Opening it is reading its notifications: a write of its own (GET loads write nothing); a failure leaves them unread.
      markSlimNotificationsRead(recordId).catch(() => { markedRead.current = 0; });
    }
    return load;
  }, { what: 'SLIM request load' });
  // A reload after a write keeps the request on show until its answer.
  const ready = state.status === 'failed' ? null : shownData(state) ?? null;
  const root = useWorkbenchRecordName<HTMLDivElement>(ready ? `${ready.request.number} ${ready.request.vendorName}` : undefined);

  if (recordId < 1) return <div className="alert alert-info" role="status">{T.noRequest}</div>;
  if (state.status === 'failed') {
    const forbidden = state.failure === 'forbidden';
    return (
      <div className={`alert ${forbidden ? 'alert-warning' : 'alert-danger'} d-flex flex-wrap align-items-center gap-3`} role="alert" data-state={forbidden ? 'forbidden' : 'failed'}>
        <span>{forbidden ? T.noAccessRequest : `${T.requestFailed} ${problemText(state.error)}`}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" data-action="retry" onClick={reload}>{T.retry}</button>
      </div>
    );
  }
  if (!ready) return <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loadingRequest}</div>;

  const load = ready;
  const r = load.request;
  const d = r.decision;
  return (
    <div ref={root} className="slim-request-workbench" data-record-id={recordId} data-state-name={r.state}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="fw-semibold" data-number>{r.number}</span>
        <RecordStateBadge state={r.state} data-state-badge />
        <span className="badge text-bg-secondary">{r.type}</span>
        <span className="small">{`${T.columns.priority}: ${r.priority}`}</span>
        <span className="small">{`${T.columns.due}: ${formatDate(r.dueDate)}`}</span>
        {r.pastDue ? <span className="badge text-bg-danger" data-past-due>{T.pastDue}</span> : null}
        {r.waitingForMe && r.waitingReason ? <span className="small text-body-secondary">{r.waitingReason}</span> : null}
      </div>
      {stale ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert" data-stale>
          <span>{stale}</span>
          <button type="button" className="btn btn-sm border text-body" onClick={() => setStale('')}>OK</button>
        </div>
      ) : null}

      <Section title={T.actions} name="actions">
        <Moves load={load} onMoved={(next) => { setStale(''); setRequest(next); }}
          onStale={(message) => { setStale(message); reload(); }} />
        {load.canAssign ? <Reassign load={load} onDone={reload} /> : null}
      </Section>

      <Section title={T.request} name="request">
        <dl className="row small mb-0">
          <dt className="col-sm-3">{T.columns.vendor}</dt><dd className="col-sm-9" data-field-value="vendor">{r.vendorName}</dd>
          {r.projectId ? <><dt className="col-sm-3">{T.columns.project}</dt><dd className="col-sm-9" data-field-value="project">{projectLabel(r)}{r.regionName ? ` (${r.regionName})` : ''}</dd></> : null}
          <dt className="col-sm-3">{T.columns.amount}</dt><dd className="col-sm-9" data-field-value="amount">{r.requestedAmount === null ? '—' : formatMoney(r.requestedAmount)}</dd>
          <dt className="col-sm-3">{T.requestedBy}</dt><dd className="col-sm-9">{r.requestedBy.name}</dd>
          <dt className="col-sm-3">{T.submitted}</dt><dd className="col-sm-9">{`${formatDateTime(r.submittedAt)} (${r.ageDays} days ago)`}</dd>
          <dt className="col-sm-3">{T.columns.assignee}</dt><dd className="col-sm-9" data-field-value="assignee">{r.assignedTo?.name ?? T.unassigned}</dd>
          <dt className="col-sm-3">{T.justification}</dt><dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }} data-field-value="justification">{r.justification}</dd>
          {r.mitigation ? <><dt className="col-sm-3">{T.mitigation}</dt><dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }}>{r.mitigation}</dd></> : null}
          <dt className="col-sm-3">{T.escalation}</dt>
          <dd className="col-sm-9" data-field-value="escalation">
            {r.escalationReasons.length ? <ul className="mb-0 ps-3">{r.escalationReasons.map((e) => <li key={e}>{e}</li>)}</ul> : T.noEscalation}
          </dd>
          {r.missingData ? <><dt className="col-sm-3">{T.missingData}</dt><dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }} data-field-value="missingData">{r.missingData}</dd></> : null}
          {r.answer ? <><dt className="col-sm-3">{T.answer}</dt><dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }} data-field-value="answer">{r.answer}</dd></> : null}
          {d ? (
            <>
              <dt className="col-sm-3">{T.decision}</dt>
              <dd className="col-sm-9" data-field-value="decision">
                <div>{T.decidedBy(d.state, d.by.name, formatDateTime(d.at))}</div>
                {d.reason ? <div>{`${T.reason}: ${d.reason}`}</div> : null}
                {d.conditions ? <div>{`${T.conditions}: ${d.conditions}`}</div> : null}
                {d.singleLimit !== null ? <div>{`${T.newLimits}: ${money(d.singleLimit)} single / ${money(d.aggregateLimit)} aggregate${d.limitExpiresOn ? `, until ${formatDate(d.limitExpiresOn)}` : ''}`}</div> : null}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="small text-body-secondary mt-2 mb-0" data-file-count>{T.filesHint(load.fileCount)}</p>
      </Section>

      {load.changes.length || r.type === 'Renewal' ? <Section title={T.whatChanged} name="changes"><ChangesTable changes={load.changes} /></Section> : null}
      <Suggested load={load} />
      <VendorRecord vendor={load.vendor} />
      {keepsVendorRecords ? <UpdateVendorRecord vendorId={load.vendor.vendorId} onChanged={reload} /> : null}
      <Comments requestId={r.requestId} />
      <Section title={T.history} name="history">
        <ol className="list-unstyled small mb-0" data-events>
          {load.events.map((e) => (
            <li key={e.eventId} className="border-bottom py-1" data-event={e.kind}>
              <span className="text-body-secondary">{formatDateTime(e.at)}</span> · <span className="fw-semibold">{e.by.name}</span>
              {e.fromState || e.toState ? ` · ${e.fromState ?? '—'} → ${e.toState ?? '—'}` : ` · ${e.kind}`}
              {e.note ? <div style={{ whiteSpace: 'pre-wrap' }}>{e.note}</div> : null}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
