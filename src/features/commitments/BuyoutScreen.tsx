/**
 * `<pfm-buyout>`'s view (Buyout & SRA): per budget line the current budget, what commitments bought out
 * of it, what remains and the percentage bought out; a filter for lines not fully bought out; totals.
 * Each line shows its SRAs and offers "Start SRA" (the New SRA form pre-filled with the project, the
 * line's cost code and what remains to buy out, or once the line was awarded the awarded commitment's
 * current sum; the pieces come from the risk area).
 */
import { useId, useState } from 'react';
import { costTypeName, formatCostCode, formatMoney, formatPercent } from '../../core/format';
import { loadBuyout, NO_ACCESS_MESSAGE } from './data';
import { BuyoutSraCell, BuyoutSraForm, SRA_UI_TEXT, StartSraButton, useBuyoutSras, useMayStartSra } from '../risk';
import { projectSubject, ScreenTitle } from '../../ui/records';
import { buyoutTotals, notFullyBoughtOut, shownPercentBoughtOut, type BuyoutLine } from './buyout-arithmetic';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import { attributeId } from '../../core/attributes';
import { openWorkbench } from '../../core/workbench';
import { useProjectWrite } from '../../ui/ProjectWrite';
import { COMMITMENT_COST_TYPES, NEW_COMMITMENT_KEYS, type NewCommitmentKey } from './create';
import { KINDS } from './data';

/** The Award button of a line: its short label per kind (a line of M, W or E may go to either purchase kind). */
export const AWARD_TEXT = {
  button: (kind: NewCommitmentKey) => (kind === 'Subcontract' ? 'Award' : kind === 'PurchaseAgreement' ? 'Award PA' : 'Award PO'),
  aria: (code: string, kind: NewCommitmentKey) => `Award ${formatCostCode(code)} as a ${KINDS[kind].label.toLowerCase()}`,
} as const;

/** The kinds a line of cost type `type` may be awarded as (§5: S to subcontracts; M, W, E to purchase agreements and orders). */
export const awardKinds = (type: string): NewCommitmentKey[] => NEW_COMMITMENT_KEYS.filter((kind) => COMMITMENT_COST_TYPES[kind].includes(type));

export interface BuyoutProps {
  projectId?: number;
  budgetId?: number;
}


/** Shown when neither a project nor a budget was given. */
export const NO_CONTEXT_MESSAGE = 'Open a project first: no project or budget was given.';

/** Shown when the buyout's load failed (403 aside). */
const FAILED_MESSAGE = 'The buyout could not be loaded.';

/** The screen. */
export function Buyout(props: BuyoutProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const noContext = projectId < 1 && budgetId < 1;
  const { state: load, retry } = useLoad(noContext ? null : `${projectId}:${budgetId}`, (signal) => loadBuyout(projectId, budgetId, signal), { what: 'Buyout load' });
  const [onlyOpen, setOnlyOpen] = useState(true);
  const filterId = useId();
  const [starting, setStarting] = useState<BuyoutLine | null>(null);
  const sras = useBuyoutSras(load.status === 'ready' ? load.data.projectId : -1);
  const mayStartSra = useMayStartSra();
  // A Viewer on the project's team awards nothing (the server refuses it anyway).
  const mayAward = useProjectWrite({ projectId, budgetId });
  const award = (line: BuyoutLine, kind: NewCommitmentKey) => openWorkbench(kind, { recordKey: 'BuyoutLine', recordId: line.costCodeId });

  const shown = load.status === 'ready' ? (onlyOpen ? load.data.lines.filter(notFullyBoughtOut) : load.data.lines) : [];
  const totals = buyoutTotals(shown);

  return (
    <main className="container-fluid py-3" data-screen="buyout">
      <ScreenTitle title="Buyout &amp; SRA" subject={projectSubject(projectId, budgetId)} />
      {noContext ? <div className="alert alert-danger" role="alert" data-state="failed">{NO_CONTEXT_MESSAGE}</div>
        : load.status === 'failed' && load.failure === 'forbidden' ? <LoadProblem variant="warning" state="forbidden" message={NO_ACCESS_MESSAGE} onRetry={retry} />
          : load.status === 'failed' ? <LoadProblem message={FAILED_MESSAGE} onRetry={retry} />
          : load.status === 'loading' ? <div role="status" className="text-body-secondary" data-state="loading">Loading buyout…</div> : (
            <>
              <div className="form-check mb-2">
                <input id={filterId} type="checkbox" className="form-check-input" checked={onlyOpen} onChange={(e) => setOnlyOpen(e.currentTarget.checked)} data-filter />
                <label htmlFor={filterId} className="form-check-label">Only lines not fully bought out</label>
                <span className="ms-3 small text-body-secondary" aria-live="polite" data-count>{shown.length} of {load.data.lines.length} lines</span>
              </div>
              {sras.status === 'failed' ? (
                <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 py-2" role="alert" data-sras-failed>
                  <span>{sras.message}</span>
                  <button type="button" className="btn btn-sm btn-outline-secondary" onClick={sras.retry}>Retry</button>
                </div>
              ) : null}
              {starting ? (
                <BuyoutSraForm key={starting.costCodeId} projectId={load.data.projectId} costCodeId={starting.costCodeId} code={starting.code} description={starting.description}
                  amount={load.data.awarded.get(starting.costCodeId) ?? starting.remaining} onClose={() => setStarting(null)} />
              ) : null}
              <div className="table-responsive">
                <table className="table table-sm table-hover align-middle" data-buyout>
                  <caption className="visually-hidden">Buyout by budget line</caption>
                  <thead>
                    <tr>
                      <th scope="col">Cost code</th><th scope="col">Description</th><th scope="col">Cost type</th>
                      <th scope="col" className="text-end">Current budget</th><th scope="col" className="text-end">Committed</th>
                      <th scope="col" className="text-end">Remaining to buy out</th><th scope="col" className="text-end">% bought out</th>
                      <th scope="col">{SRA_UI_TEXT.sraColumn}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((line) => (
                      <tr key={line.costCodeId} data-cost-code-id={line.costCodeId}>
                        <td className="text-nowrap">{formatCostCode(line.code)}</td>
                        <td>{line.description}</td>
                        <td>{line.type} {costTypeName(line.type)}</td>
                        <td className="text-end" data-cell="currentBudget">{formatMoney(line.currentBudget)}</td>
                        <td className="text-end" data-cell="committed">{formatMoney(line.committed)}</td>
                        <td className={`text-end${line.remaining < 0 ? ' text-danger-emphasis' : ''}`} data-cell="remaining">{formatMoney(line.remaining)}</td>
                        <td className="text-end" data-cell="percent">{formatPercent(shownPercentBoughtOut(line), 1)}</td>
                        <td data-cell="sra">
                          <span className="d-flex flex-wrap align-items-center gap-2">
                            {sras.status === 'loading' ? <span className="small text-body-secondary">…</span> : <BuyoutSraCell sras={sras.byCostCode.get(line.costCodeId)} />}
                            {load.data.projectId > 0 && mayStartSra ? <StartSraButton code={line.code} onClick={() => setStarting(line)} disabled={starting?.costCodeId === line.costCodeId} /> : null}
                            {/* The line's actions share the last cell: Start SRA, then Award (a new commitment of a fitting kind). */}
                            {mayAward && notFullyBoughtOut(line) ? awardKinds(line.type).map((kind) => (
                              <button key={kind} type="button" className="btn btn-sm btn-outline-primary py-0" data-award={kind} aria-label={AWARD_TEXT.aria(line.code, kind)}
                                onClick={() => award(line, kind)}>{AWARD_TEXT.button(kind)}</button>
                            )) : null}
                          </span>
                        </td>
                      </tr>
                    ))}
                    {shown.length === 0 ? <tr><td colSpan={8} className="text-body-secondary">Every line is fully bought out.</td></tr> : null}
                  </tbody>
                  <tfoot>
                    <tr className="fw-semibold" data-totals>
                      <th scope="row" colSpan={3}>Total</th>
                      <td className="text-end" data-total="currentBudget">{formatMoney(totals.currentBudget)}</td>
                      <td className="text-end" data-total="committed">{formatMoney(totals.committed)}</td>
                      <td className="text-end" data-total="remaining">{formatMoney(totals.remaining)}</td>
                      <td className="text-end" data-total="percent">{formatPercent(shownPercentBoughtOut(totals), 1)}</td>
                      <td />
                    </tr>
                  </tfoot>
                </table>
              </div>
            </>
          )}
    </main>
  );
}
