/**
 * One load of a Manage Timecards panel: loading (role=status), failed with the reason (401, 403,
 * timeout, server error) and a working Retry, or the data. A superseded load changes nothing.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../../../core/api';
import { failureMessage, MANAGE_TEXT } from './data';

/** A load that has not answered in this long fails with the timeout message. */
export const LOAD_TIMEOUT_MS = 30_000;

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; forbidden: boolean; message: string };

/** Load `key` with `load`; `retry` loads again. `set` replaces the data (after a write). */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): {
  state: Loaded<T>; retry(): void; set(data: T): void;
} {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const [result, setResult] = useState<{ key: string; state: Loaded<T> } | null>(null);
  useEffect(() => {
    if (!key) return undefined;
    const abort = new AbortController();
    const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(LOAD_TIMEOUT_MS)]);
    load(signal).then(
      (data) => { if (!abort.signal.aborted) setResult({ key: requestKey, state: { status: 'ready', data } }); },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const forbidden = error instanceof ApiError && error.status === 403;
        if (!forbidden) console.error('Manage Timecards: a load failed', error);
        setResult({ key: requestKey, state: { status: 'failed', forbidden, message: failureMessage(error, MANAGE_TEXT.loadFailed) } });
      },
    );
    return () => abort.abort();
    // `load` is keyed by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);
  const set = useCallback((data: T) => setResult({ key: requestKey, state: { status: 'ready', data } }), [requestKey]);
  return { state: result?.key === requestKey ? result.state : { status: 'loading' }, retry: () => setAttempt((n) => n + 1), set };
}

/** The panel's states around its content. */
export function LoadStatus<T>({ state, retry, what, children }: {
  state: Loaded<T>; retry(): void; what: string; children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') {
    return (
      <div role="status" className="text-body-secondary py-2" data-state="loading">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{what}
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className={`alert ${state.forbidden ? 'alert-warning' : 'alert-danger'} d-flex flex-wrap align-items-center gap-3`} role="alert"
        data-state={state.forbidden ? 'forbidden' : 'failed'}>
        <span>{state.message}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" data-action="retry" onClick={retry}>{MANAGE_TEXT.retry}</button>
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
