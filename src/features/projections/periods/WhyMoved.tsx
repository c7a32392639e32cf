/**
 * "Why did the forecast move" between the two sides: the change of the estimate at completion by source
 * (MOVEMENT_LABELS, whyMoved's parts), each expandable to its records, each record a link that opens its workbench;
 * the sources' sum shown equal to the Δ EAC (the comparison's total), and said plainly if it ever is not.
 */
import { formatMoney } from '../../../core/format';
import type { Movement, MovementPart, MovementRecord } from '../../../core/projections/periods';
import { findWorkbenchKind, openWorkbench } from '../../../core/workbench';
import { recordWorkbench, sideLabel } from './data';
import { FORECAST_TEXT, signedMoney } from './text';

const T = FORECAST_TEXT.moved;

/** The sources' sum in cents (the parts add up to the change exactly: the contract sums in cents). */
const sumCents = (parts: readonly MovementPart[]): number => parts.reduce((n, p) => n + Math.round(p.amount * 100), 0);

/** What a record is called: its workbench's label ('Change Event'), 'Cost code' for a line. */
const kindLabel = (recordKey: string): string => (recordKey === 'CostCode' ? 'Cost code' : findWorkbenchKind(recordKey)?.label ?? recordKey);

function RecordLink({ record }: { record: MovementRecord }) {
  const kind = kindLabel(record.recordKey);
  const number = record.number ?? `#${record.recordId}`;
  const workbench = recordWorkbench(record.recordKey);
  if (!workbench) return <span data-record={`${record.recordKey}:${record.recordId}`}>{`${kind} ${number}`}</span>;
  return (
    <button type="button" className="btn btn-link btn-sm p-0 text-start" data-record={`${record.recordKey}:${record.recordId}`} aria-label={T.open(kind, number)}
      onClick={() => openWorkbench(workbench, { recordKey: record.recordKey, recordId: record.recordId })}>
      {`${kind} ${number}`}
    </button>
  );
}

function Part({ part }: { part: MovementPart }) {
  return (
    <details className="border-bottom py-1" data-source={part.source}>
      <summary className="d-flex flex-wrap gap-2 align-items-baseline">
        <span className="me-auto">{part.label}</span>
        <span className="small text-body-secondary" data-record-count>{T.records(part.records.length)}</span>
        <span className="text-end text-nowrap fw-semibold" style={{ minWidth: '140px' }} data-amount>{signedMoney(part.amount)}</span>
      </summary>
      <div className="ps-3 pt-1 small">
        {part.records.length === 0 ? <p className="text-body-secondary mb-1">{T.noRecords}</p> : (
          <ul className="list-unstyled mb-1">
            {part.records.map((r) => (
              <li key={`${r.recordKey}:${r.recordId}`} className="d-flex flex-wrap gap-2 align-items-baseline py-1" data-record-row>
                <span className="me-auto">
                  <RecordLink record={r} />
                  {r.method && r.method.from !== r.method.to ? <span className="d-block text-body-secondary">{T.method(r.method.from ?? '', r.method.to ?? '')}</span> : null}
                  {r.reason !== undefined || r.previousReason !== undefined ? (
                    <span className="d-block text-body-secondary" data-reasons>{T.reason(r.previousReason ?? '', r.reason ?? '')}</span>
                  ) : null}
                </span>
                <span className="text-end text-nowrap" data-record-amount>{signedMoney(r.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        {part.unlinked ? <p className="text-body-secondary mb-1" data-unlinked>{T.unlinked(signedMoney(part.unlinked))}</p> : null}
      </div>
    </details>
  );
}

export function WhyMoved({ movement }: { movement: Movement }) {
  const sum = sumCents(movement.parts);
  const change = Math.round(movement.change * 100);
  return (
    <div data-movement>
      <p className="mb-2" data-eac-summary>
        {T.summary(sideLabel(movement.from), sideLabel(movement.to), formatMoney(movement.fromEstimateAtCompletion), formatMoney(movement.toEstimateAtCompletion))}
      </p>
      <div className="border-top">
        {movement.parts.map((part) => <Part key={part.source} part={part} />)}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-baseline pt-2 fw-semibold" data-sources-sum>
        <span className="me-auto">{T.sum}</span>
        <span className="text-end text-nowrap" style={{ minWidth: '140px' }} data-sum>{signedMoney(sum / 100)}</span>
      </div>
      <p className="text-end mb-0" data-equals>{T.equals(signedMoney(movement.change))}</p>
      {sum !== change ? <div className="alert alert-warning py-2 mt-2" role="alert" data-mismatch>{T.mismatch(signedMoney(sum / 100), signedMoney(movement.change))}</div> : null}
    </div>
  );
}
