/** The selection's count and its Approve / Reject buttons, and what the server refused of them, shared by the approval inbox and the team views. */
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

/** The rows a bulk action refused, each named by `name` with the server's reason; nothing when none was refused. */
export function RefusedRows<T extends { message: string }>({ rows, name }: { rows: readonly T[]; name(row: T): string }) {
  if (!rows.length) return null;
  return (
    <ul className="mb-0 mt-1" data-refused>
      {rows.map((row, index) => <li key={index}><strong>{name(row)}</strong>: {row.message}</li>)}
    </ul>
  );
}
