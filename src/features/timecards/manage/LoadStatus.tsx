/**
 * A Manage Timecards panel around one load (the shared `useLoad`): loading (role=status), failed with the
 * reason (401, 403, timeout, server error) and a working Retry, or the data.
 */
import type { ReactNode } from 'react';
import type { LoadState } from '../../../ui/useLoad';
import { failureMessage, MANAGE_TEXT } from './data';

/**
 * The panel's states around its content. With `keepLast`, while the key loads again (a reload after a write) its
 * last data stays on show, so nothing typed or selected is lost.
 */
export function LoadStatus<T>({ state, retry, what, keepLast = false, children }: {
  state: LoadState<T>; retry(): void; what: string; keepLast?: boolean; children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading' && (!keepLast || state.last === undefined)) {
    return (
      <div role="status" className="text-body-secondary py-2" data-state="loading">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{what}
      </div>
    );
  }
  if (state.status === 'failed') {
    const forbidden = state.failure === 'forbidden';
    return (
      <div className={`alert ${forbidden ? 'alert-warning' : 'alert-danger'} d-flex flex-wrap align-items-center gap-3`} role="alert"
        data-state={forbidden ? 'forbidden' : 'failed'}>
        <span>{failureMessage(state.error, MANAGE_TEXT.loadFailed)}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" data-action="retry" onClick={retry}>{MANAGE_TEXT.retry}</button>
      </div>
    );
  }
  return <>{children(state.status === 'ready' ? state.data : state.last as T)}</>;
}
