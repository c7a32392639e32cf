/** The selection's count and its Approve / Reject buttons, shared by the approval inbox and the team views. */
import type { ReactNode } from 'react';
import { MANAGE_TEXT } from './data';

export function BulkActions<T>({ chosen, busy, act, children }: {
  chosen: T[]; busy: boolean; act(rows: T[], action: 'approve' | 'reject'): void; children?: ReactNode;
}) {
  return (
    <>
      <span className="small text-body-secondary" data-selected-count={chosen.length}>{MANAGE_TEXT.selected(chosen.length)}</span>
      <div className="d-flex flex-wrap gap-2 ms-auto">
        <button type="button" className="btn btn-sm btn-success" disabled={busy || chosen.length === 0} data-action="approve" onClick={() => act(chosen, 'approve')}>
          {MANAGE_TEXT.approveSelected(chosen.length)}
        </button>
        <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy || chosen.length === 0} data-action="reject" onClick={() => act(chosen, 'reject')}>
          {MANAGE_TEXT.rejectSelected(chosen.length)}
        </button>
        {children}
      </div>
    </>
  );
}
