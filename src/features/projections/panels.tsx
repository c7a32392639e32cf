/**
 * The projection grid's panels: the records behind a pending figure (a line's or the budget's), and the lines
 * someone else saved since the grid loaded them (Keep mine / Take theirs).
 */
import { useEffect, useRef } from 'react';
import { problemText } from '../../core/api';
import { formatMoney } from '../../core/format';
import type { PendingExposureRecord } from '../../core/projections/contract';
import { openWorkbench } from '../../core/workbench';
import { LoadProblem, LoadProgress } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import { useStore } from '../../ui/hooks';
import { TITLES } from './columns';
import { loadPendingExposure, TEXT, type ProjectionStore } from './store';

/** Which pending figure the panel explains: one line's, or the whole budget's. */
export interface PendingScope {
  side: 'budget' | 'cost';
  recordKey: 'CostCode' | 'Budget';
  recordId: number;
  /** '03-3000-00 Labor', or the budget's job number. */
  label: string;
  /** The amount the grid shows (the records add up to it). */
  amount: number;
  /** Where focus goes back when the panel closes. */
  returnFocus?: HTMLElement | null;
}

/** The panel's texts; exact texts are tested. */
export const PENDING_TEXT = {
  heading: (scope: Pick<PendingScope, 'side' | 'label'>) => `${scope.side === 'budget' ? TITLES.pendingBudgetChanges : TITLES.pendingCostChanges} — ${scope.label}`,
  loading: 'Loading the pending records…',
  none: 'No pending records: the figure changed since the grid loaded. Refresh the grid.',
  record: (r: PendingExposureRecord) => `${r.number} · ${r.state} · ${r.itemCount} item${r.itemCount === 1 ? '' : 's'}`,
  weighted: (r: PendingExposureRecord) => (r.probability === 100 ? formatMoney(r.weightedAmount) : `${formatMoney(r.amount)} × ${r.probability}% = ${formatMoney(r.weightedAmount)}`),
  problems: {
    signedOut: 'Your session ended: sign in again, then Retry.',
    forbidden: 'You do not have access to these records.',
    stale: 'The records changed:',
    timeout: 'The pending records did not load in time.',
    failed: 'The pending records could not be loaded.',
  },
} as const;

/** Record kinds as people name them. */
const KIND_NAMES: Record<PendingExposureRecord['recordKey'], string> = {
  ChangeEvent: 'Change event', OwnerAgreementChangeOrder: 'Owner change order', Subcontract: 'Subcontract', PurchaseAgreement: 'Purchase agreement',
  PurchaseOrder: 'Purchase order', SubcontractChangeOrder: 'Subcontract change order', PurchaseAgreementChangeOrder: 'Purchase agreement change order',
  DirectCost: 'Direct cost',
};

/** The records behind a pending figure (GET pendingExposure), each opening its workbench. Escape closes. */
export function PendingPanel({ scope, onClose }: { scope: PendingScope; onClose(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const key = `${scope.recordKey}:${scope.recordId}`;
  const { state, retry } = useLoad(key, (signal) => loadPendingExposure(scope, signal), { what: 'Pending exposure load' });
  useEffect(() => heading.current?.focus(), [key]);
  const close = () => {
    onClose();
    scope.returnFocus?.focus();
  };
  const records = state.status === 'ready' ? (state.data ?? []).filter((r) => r.side === scope.side) : [];
  return (
    <section className="card pg-pending-panel mb-2" role="dialog" aria-modal="false" aria-labelledby="pg-pending-heading" data-pending-panel
      onKeyDown={(event) => { if (event.key === 'Escape') { event.stopPropagation(); close(); } }}>
      <div className="card-body py-2">
        <div className="d-flex align-items-center gap-2 mb-1">
          <h2 id="pg-pending-heading" className="h6 mb-0" tabIndex={-1} ref={heading}>{PENDING_TEXT.heading(scope)}: {formatMoney(scope.amount)}</h2>
          <button type="button" className="btn-close ms-auto" aria-label="Close" data-action="close-pending" onClick={close} />
        </div>
        {state.status === 'failed' ? (
          <LoadProblem message={problemText(state.error, PENDING_TEXT.problems)} onRetry={retry} action="retry-pending" />
        ) : state.status === 'loading' ? <LoadProgress label={PENDING_TEXT.loading} />
          : records.length === 0 ? <p className="small text-body-secondary mb-0" data-empty>{PENDING_TEXT.none}</p> : (
            <ul className="list-unstyled mb-0 small" data-pending-records>
              {records.map((r) => (
                <li key={`${r.recordKey}-${r.recordId}`} className="d-flex flex-wrap gap-2 py-1 border-bottom">
                  <button type="button" className="btn btn-link btn-sm p-0 text-start" data-open-record={`${r.recordKey}-${r.recordId}`}
                    onClick={() => openWorkbench(r.recordKey, { recordKey: r.recordKey, recordId: r.recordId })}>
                    {KIND_NAMES[r.recordKey] ?? r.recordKey} {PENDING_TEXT.record(r)}
                  </button>
                  <span className="ms-auto text-nowrap">{PENDING_TEXT.weighted(r)}</span>
                </li>
              ))}
            </ul>
          )}
      </div>
    </section>
  );
}

/**
 * The lines someone else saved since the grid loaded them: each as "Saved by … on …: theirs … — yours …",
 * with Keep mine (save again with overwrite) and Take theirs (drop my edit, show theirs).
 */
export function ConflictsPanel({ store, onKept, onTaken }: { store: ProjectionStore; onKept(costCodeId: number): void; onTaken(costCodeId: number): void }) {
  const conflicts = useStore(store.$conflicts);
  const saving = useStore(store.$saving);
  if (conflicts.length === 0) return null;
  return (
    <section className="alert alert-warning py-2" role="alert" aria-labelledby="pg-conflicts-heading" data-conflicts>
      <h2 id="pg-conflicts-heading" className="h6 alert-heading">{TEXT.conflicts(conflicts.length)}</h2>
      <ul className="list-unstyled mb-0">
        {conflicts.map((c) => (
          <li key={c.costCodeId} className="d-flex flex-wrap align-items-center gap-2 py-1" data-conflict={c.costCodeId}>
            <span><strong>{c.label}</strong>: {TEXT.conflict(c)}</span>
            <span className="ms-auto d-flex gap-2">
              <button type="button" className="btn btn-sm btn-primary" disabled={saving} data-action="keep-mine"
                aria-label={`Keep mine for ${c.label}`} onClick={() => onKept(c.costCodeId)}>Keep mine</button>
              <button type="button" className="btn btn-sm btn-outline-secondary" disabled={saving} data-action="take-theirs"
                aria-label={`Take theirs for ${c.label}`} onClick={() => onTaken(c.costCodeId)}>Take theirs</button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
