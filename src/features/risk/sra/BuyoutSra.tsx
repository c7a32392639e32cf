/**
 * The Buyout & SRA pieces (`<pfm-buyout>`, also on the legacy BRAT pages): per budget line the SRAs
 * made for it (number, state, level; each links to the SRA in the portal) and a "Start SRA" action
 * that opens the New SRA form pre-filled with the project, the line's cost code and the amount still
 * to buy out. A created SRA opens in the portal (in-page inside the portal, the same tab on a legacy page).
 */
import { useEffect, useRef } from 'react';
import { ACCESS } from '../../../core/access';
import { formatCostCode } from '../../../core/format';
import { navigate } from '../../../core/router';
import { $roles, $rolesStatus, hasAccess } from '../../../core/roles';
import { useStore } from '../../../ui/hooks';
import { showToast } from '../../../core/messages';
import { loadBuyoutSras, problemText, sraPortalPath, type SraRow } from './data';
import { LevelBadge } from './pieces';
import { SraForm } from './SraForm';
import { SRA_UI_TEXT as T } from './text';
import { useLoad } from '../../../ui/useLoad';

/**
 * False once the caller's roles are known and give no SR role of the SRA screen (keyRISK Admin,
 * Default or Risk): then "Start SRA" is not offered. True while the roles are unknown (the server
 * refuses what it must either way).
 */
export function useMayStartSra(): boolean {
  const status = useStore($rolesStatus);
  const roles = useStore($roles);
  return status !== 'loaded' || hasAccess(ACCESS.sra.key, ACCESS.sra.roles, roles);
}

/** Open SRA `sraId` in the portal: in-page inside `<portal-app>`, else (a legacy page) the portal URL in the same tab. */
export function goToSra(sraId: number): void {
  const path = sraPortalPath(sraId);
  if (document.querySelector('portal-app')) navigate(path);
  else location.assign(path);
}

export type BuyoutSrasState = { status: 'loading' | 'failed'; message?: string; byCostCode: ReadonlyMap<number, SraRow[]>; retry(): void }
  | { status: 'ready'; byCostCode: ReadonlyMap<number, SraRow[]>; retry(): void };

const EMPTY = new Map<number, SraRow[]>();

/** The SRAs of project `projectId` by cost code (nothing while `projectId` is unknown). */
export function useBuyoutSras(projectId: number): BuyoutSrasState {
  const { state, retry } = useLoad<ReadonlyMap<number, SraRow[]>>(projectId > 0 ? String(projectId) : null,
    (signal) => loadBuyoutSras(projectId, signal).then((rows) => new Map(rows.map((r) => [r.costCodeId, r.sras]))), { what: 'The buyout SRAs load' });
  if (state.status === 'ready') return { status: 'ready', byCostCode: state.data, retry };
  if (state.status === 'failed') return { status: 'failed', message: problemText(state.error), byCostCode: EMPTY, retry };
  return { status: 'loading', byCostCode: EMPTY, retry };
}

/** The SRA cell of a budget line: each SRA's number (a link to it), state and level; empty when none. */
export function BuyoutSraCell({ sras }: { sras: readonly SraRow[] | undefined }) {
  if (!sras || sras.length === 0) return null;
  return (
    <span className="d-inline-flex flex-column gap-1" data-sras>
      {sras.map((s) => (
        <span key={s.sraId} className="text-nowrap" data-sra-id={s.sraId}>
          <a href={sraPortalPath(s.sraId)} aria-label={T.openSra(s.number, s.state, s.level)}>{s.number}</a>
          {' '}<span className="small">{s.state}</span>{' '}<LevelBadge level={s.level} />
        </span>
      ))}
    </span>
  );
}

/** The line's "Start SRA" button; its accessible name names the cost code. */
export function StartSraButton({ code, onClick, disabled }: { code: string; onClick(): void; disabled?: boolean }) {
  return (
    <button type="button" className="btn btn-sm btn-outline-primary text-nowrap" aria-label={T.startSraFor(formatCostCode(code))} data-start-sra={code}
      disabled={disabled} onClick={onClick}>{T.startSra}</button>
  );
}

/** The New SRA form for one buyout line (its project, cost code and remaining amount); a created SRA opens in the portal. */
export function BuyoutSraForm({ projectId, costCodeId, code, description, amount, onClose }: {
  projectId: number; costCodeId: number; code: string; description: string; amount: number; onClose(): void;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces: a newer browser's scrollIntoView answers a promise, which must not become the effect's clean-up.
    root.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div ref={root} className="mb-3" data-buyout-sra-form={costCodeId}>
      <SraForm initial={{ projectId, costCodeIds: [costCodeId], amount: amount > 0 ? amount : undefined, description: `${formatCostCode(code)} ${description}`.trim() }}
        onCancel={onClose}
        onCreated={(created) => {
          showToast(T.created(created.sra.number), { variant: 'success' });
          onClose();
          goToSra(created.sra.sraId);
        }} />
    </div>
  );
}
