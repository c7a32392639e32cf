/**
 * The Opportunity Timecard Cost Codes screen (§2 /pfm/opportunitytimecardcostcode): every opportunity
 * with its number, name, client, status and active labour cost codes, a search box, and for Admin and
 * RPM (keyPFM) an Add form per open opportunity and a Remove button per code (confirmed through the
 * core message box). Others read. A Lost opportunity is closed to new codes (`opportunityOpenForTime`).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ruleAllows } from '../../core/access';
import { $session, startAuth } from '../../core/auth';
import { showMessage, showToast } from '../../core/messages';
import { OPPORTUNITY_CODE_EDITORS, opportunityCodeProblems, opportunityOpenForTime, type Opportunity, type OpportunityCodeProblem } from '../../core/opportunities/contract';
import { $roles } from '../../core/roles';
import { useRowWrite, useStore } from '../../ui/hooks';
import {
  addOpportunityCostCode, filterOpportunities, loadOpportunities, OPPORTUNITIES_TEXT as TEXT,
  removeOpportunityCostCode, writeMessage,
} from './data';
import { useLoad } from '../../ui/useLoad';
import { FailedLoadAlert, LoadingLine, screenLoadFailure } from '../../ui/LoadProblem';

export interface OpportunitiesScreenProps {
  /** The opportunity to select and highlight (`opp-id`), -1 for none. */
  oppId?: number;
}

const LOAD_OPTIONS = { what: 'Opportunities load' };

const BADGE: Record<string, string> = { Pursuit: 'text-bg-primary', Won: 'text-bg-success', Lost: 'text-bg-secondary' };

interface Draft { code: string; description: string; problems: OpportunityCodeProblem[]; busy: boolean }
const EMPTY: Draft = { code: '', description: '', problems: [], busy: false };

function AddForm({ opportunity, onSaved }: { opportunity: Opportunity; onSaved: (o: Opportunity) => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const id = `opp-${opportunity.opportunityId}`;
  const problemOf = (field: OpportunityCodeProblem['field']) => draft.problems.find((p) => p.field === field)?.message;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = opportunityCodeProblems(draft, {
      number: opportunity.number, status: opportunity.status, existingCodes: opportunity.costCodes.filter((c) => c.active).map((c) => c.code),
    });
    if (problems.length) { setDraft((d) => ({ ...d, problems })); return; }
    setDraft((d) => ({ ...d, busy: true, problems: [] }));
    try {
      const saved = await addOpportunityCostCode(opportunity.opportunityId, draft.code, draft.description);
      const added = saved.costCodes.find((c) => c.active && c.code === draft.code.replace(/[-\s]/g, ''));
      onSaved(saved);
      setDraft(EMPTY);
      showToast(TEXT.added(added?.codeDisplay ?? draft.code, opportunity.number), { variant: 'success' });
    } catch (error) {
      // Typed values stay; the server's message shows at the form.
      setDraft((d) => ({ ...d, busy: false, problems: [{ field: 'opportunity', message: writeMessage(error) }] }));
    }
  };
  const general = problemOf('opportunity');
  return (
    <form className="d-flex flex-wrap align-items-start gap-2 mt-2" onSubmit={(e) => void submit(e)} noValidate data-add={opportunity.number}
      aria-label={`Add a cost code to ${opportunity.number}`}>
      <div>
        <label className="visually-hidden" htmlFor={`${id}-code`}>{TEXT.codeLabel}</label>
        <input id={`${id}-code`} className={`form-control form-control-sm ${problemOf('code') ? 'is-invalid' : ''}`} placeholder="01-0100-00" size={11}
          value={draft.code} data-field="code" aria-invalid={problemOf('code') ? true : undefined} aria-describedby={problemOf('code') ? `${id}-code-error` : undefined}
          onChange={(e) => setDraft({ ...draft, code: e.target.value, problems: draft.problems.filter((p) => p.field !== 'code') })} />
        {problemOf('code') ? <div id={`${id}-code-error`} className="invalid-feedback d-block">{problemOf('code')}</div> : null}
      </div>
      <div>
        <label className="visually-hidden" htmlFor={`${id}-description`}>{TEXT.descriptionLabel}</label>
        <input id={`${id}-description`} className={`form-control form-control-sm ${problemOf('description') ? 'is-invalid' : ''}`} placeholder={TEXT.descriptionLabel}
          value={draft.description} data-field="description" aria-invalid={problemOf('description') ? true : undefined}
          aria-describedby={problemOf('description') ? `${id}-description-error` : undefined}
          onChange={(e) => setDraft({ ...draft, description: e.target.value, problems: draft.problems.filter((p) => p.field !== 'description') })} />
        {problemOf('description') ? <div id={`${id}-description-error`} className="invalid-feedback d-block">{problemOf('description')}</div> : null}
      </div>
      <button type="submit" className="btn btn-sm btn-primary" disabled={draft.busy} data-action="add">{TEXT.add}</button>
      {general ? <div className="text-danger small w-100" role="alert" data-error="add">{general}</div> : null}
    </form>
  );
}

/** The screen. */
export function OpportunitiesScreen(props: OpportunitiesScreenProps) {
  const selected = typeof props.oppId === 'number' && props.oppId > 0 ? props.oppId : -1;
  const roles = useStore($roles);
  const editor = ruleAllows(roles, OPPORTUNITY_CODE_EDITORS);
  const [search, setSearch] = useState('');
  const selectedRow = useRef<HTMLTableRowElement>(null);
  const session = useStore($session);
  const signedIn = session.status === 'signedIn';

  // Embedded alone (no <portal-app>), the element signs in by itself; startAuth is idempotent.
  useEffect(() => {
    if (session.status === 'starting') void startAuth();
  }, [session.status]);

  const { state: load, retry, set: setRows } = useLoad(signedIn ? 'opportunities' : null, (signal) => loadOpportunities(undefined, signal), LOAD_OPTIONS);
  const failure = load.status === 'failed' ? screenLoadFailure(load.error) : null;

  const rows = load.status === 'ready' ? load.data : null;
  // Writes on two rows may answer out of order: each replaces its own row in the newest list.
  const newestRows = useRef(rows);
  useEffect(() => { newestRows.current = rows; }, [rows]);
  useEffect(() => { if (rows && selected > 0) selectedRow.current?.scrollIntoView?.({ block: 'nearest' }); }, [rows, selected]);
  const shown = useMemo(() => (rows ? filterOpportunities(rows, search) : []), [rows, search]);

  const replace = (saved: Opportunity) => {
    if (!newestRows.current) return;
    newestRows.current = newestRows.current.map((r) => (r.opportunityId === saved.opportunityId ? saved : r));
    setRows(newestRows.current);
  };

  const removing = useRowWrite<number>();
  const remove = async (opportunity: Opportunity, codeId: number, codeDisplay: string) => {
    const ok = await showMessage({
      title: TEXT.removeTitle, message: TEXT.removeConfirm(codeDisplay, opportunity.number), buttons: ['cancel', 'ok'], labels: { ok: TEXT.remove }, variant: 'danger',
    });
    if (ok !== true) return;
    await removing.run(codeId, async () => {
      try {
        replace(await removeOpportunityCostCode(opportunity.opportunityId, codeId));
        showToast(TEXT.removed(codeDisplay, opportunity.number), { variant: 'success' });
      } catch (error) {
        void showMessage({ title: TEXT.removeTitle, message: writeMessage(error), buttons: ['ok'], variant: 'danger' });
      }
    });
  };

  return (
    <main className="container-fluid py-3" data-screen="opportunities" aria-busy={load.status === 'loading'}>
      <h1 className="h4 mb-3">{TEXT.title}</h1>
      <div className="mb-3" style={{ maxWidth: '360px' }}>
        <label className="form-label mb-1 small" htmlFor="opp-search">{TEXT.searchLabel}</label>
        <input id="opp-search" type="search" className="form-control form-control-sm" value={search} data-filter="search"
          onChange={(e) => setSearch(e.target.value)} />
      </div>
      {load.status === 'loading' ? <LoadingLine label={TEXT.loading} /> : null}
      {failure ? <FailedLoadAlert failure={failure} message={TEXT.failed[failure]} retryLabel={TEXT.retry} onRetry={retry} /> : null}
      {rows ? (shown.length === 0 ? <p data-empty="opportunities">{TEXT.none}</p> : (
        <div className="table-responsive">
          <table className="table table-sm align-top" data-table="opportunities">
            <thead>
              <tr><th scope="col">Opportunity</th><th scope="col">Name</th><th scope="col">Client</th><th scope="col">Status</th><th scope="col">Cost codes</th></tr>
            </thead>
            <tbody>
              {shown.map((o) => {
                const isSelected = o.opportunityId === selected;
                const open = opportunityOpenForTime(o.status);
                const codes = o.costCodes.filter((c) => c.active);
                return (
                  <tr key={o.opportunityId} data-opportunity={o.number} ref={isSelected ? selectedRow : undefined}
                    className={isSelected ? 'table-active' : undefined} aria-current={isSelected ? 'true' : undefined} data-selected={isSelected ? '' : undefined}>
                    <th scope="row" className="text-nowrap">{o.number}</th>
                    <td>{o.name}</td>
                    <td>{o.client}</td>
                    <td><span className={`badge ${BADGE[o.status] ?? 'text-bg-secondary'}`} data-status={o.status}>{o.status}</span></td>
                    <td>
                      {codes.length === 0 ? <span className="text-body-secondary small">{TEXT.noCodes}</span> : (
                        <ul className="list-unstyled mb-0" aria-label={`Cost codes of ${o.number}`}>
                          {codes.map((c) => (
                            <li key={c.opportunityCostCodeId} className="d-flex align-items-center gap-2" data-code={c.codeDisplay}>
                              <span className="font-monospace text-nowrap">{c.codeDisplay}</span>
                              <span>{c.description}</span>
                              {editor ? (
                                <button type="button" className="btn btn-secondary btn-sm py-0" data-action="remove" disabled={removing.busy === c.opportunityCostCodeId}
                                  aria-label={`${TEXT.remove} ${c.codeDisplay} from ${o.number}`} onClick={() => void remove(o, c.opportunityCostCodeId, c.codeDisplay)}>
                                  {TEXT.remove}
                                </button>
                              ) : null}
                            </li>
                          ))}
                        </ul>
                      )}
                      {!open ? <div className="small text-body-secondary mt-1" data-closed>{TEXT.closed}</div> : null}
                      {editor && open ? <AddForm opportunity={o} onSaved={replace} /> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )) : null}
    </main>
  );
}
