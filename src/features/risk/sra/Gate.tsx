/**
 * The commitment gate in the Subcontract workbench: the SRA status line (getsrastatus) — no SRA
 * needed, the approved SRA that covers the subcontract, or what it needs with the SRA's state and a
 * "Start SRA" link — and the refusal of a gated state advance (400 autoAlert with `startLink`) with a
 * working link to start the SRA. Links from data are followed only when they are same-origin paths.
 */
import { ApiError } from '../../../core/api';
import { sameOriginPath } from '../../../core/router/same-origin';
import { loadGateStatus, problemText, serverMessage, sraPortalPath, type SraGateStatus } from './data';
import { useMayStartSra } from './BuyoutSra';
import { LevelBadge } from './pieces';
import { SRA_UI_TEXT as T } from './text';
import { useLoad } from '../../../ui/useLoad';

/** The gate's refusal of an advance, when `error` is one: its message and its start link (a same-origin path, else null). */
export function gateRefusalOf(error: unknown): { message: string; startLink: string | null } | null {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.body !== 'object' || error.body === null) return null;
  const body = error.body as { startLink?: unknown };
  if (body.startLink === undefined) return null;
  return { message: serverMessage(error), startLink: sameOriginPath(body.startLink) };
}

/** The refusal, shown where the user reads it, with the link to start the SRA. */
export function GateRefusal({ refusal, onDismiss }: { refusal: { message: string; startLink: string | null }; onDismiss(): void }) {
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3" role="alert" data-gate-refusal>
      <span>{T.gateRefused} {refusal.message}</span>
      {refusal.startLink ? <a className="btn btn-sm btn-primary" href={refusal.startLink} data-gate-start>{T.gateStart}</a> : null}
      <button type="button" className="btn-close ms-auto" aria-label="Dismiss" onClick={onDismiss}></button>
    </div>
  );
}

/** The SRA status line of subcontract `subcontractId`; `refresh` changing loads it again (after an advance). */
export function SraGateLine({ subcontractId, refresh = 0 }: { subcontractId: number; refresh?: number }) {
  const { state: load, retry } = useLoad<SraGateStatus>(subcontractId > 0 ? `${subcontractId}#${refresh}` : null,
    (signal, attempt) => loadGateStatus(subcontractId, signal, attempt), { what: 'The SRA status load' });
  const mayStart = useMayStartSra();

  let body;
  if (load.status === 'loading') body = <span role="status" className="text-body-secondary">{T.gateLoading}</span>;
  else if (load.status === 'failed') {
    body = (
      <span role="alert" className="d-inline-flex flex-wrap align-items-center gap-2">
        <span>{T.gateFailed} {problemText(load.error)}</span>
        <button type="button" className="btn btn-sm btn-outline-secondary py-0" onClick={retry}>{T.retry}</button>
      </span>
    );
  } else {
    const gate = load.data;
    const start = mayStart ? sameOriginPath(gate.startLink) : null;
    if (!gate.required) body = <span data-gate="not-needed">{T.gateNotNeeded}</span>;
    else if (gate.cleared && gate.sra) {
      body = <span data-gate="covered"><a href={sraPortalPath(gate.sra.sraId)}>{T.gateCovered(gate.sra.number)}</a></span>;
    } else {
      body = (
        <span className="d-inline-flex flex-wrap align-items-center gap-2" data-gate="needed">
          <span className="text-danger-emphasis">{T.gateNeeded(gate.reasons.join('; '))}</span>
          {gate.sra ? (
            <span data-gate-sra>
              <a href={sraPortalPath(gate.sra.sraId)}>{gate.sra.number}</a> {gate.sra.state} <LevelBadge level={gate.sra.level} />
            </span>
          ) : null}
          {start ? <a className="btn btn-sm btn-outline-primary py-0" href={start} data-gate-start>{T.gateStart}</a> : null}
        </span>
      );
    }
  }
  return (
    <div className="small mb-3 d-flex flex-wrap align-items-baseline gap-2" data-sra-gate>
      <span className="fw-semibold">{T.gateLine}:</span>
      {body}
    </div>
  );
}
