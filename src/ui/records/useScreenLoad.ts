/**
 * The load of a list screen's records for one scope (a project or a budget): 'loading' until the
 * answer of *this* scope and attempt arrives, then 'ready', 'forbidden' (403) or 'failed'; `retry`
 * starts a new attempt. The answer remembers its request, so a new scope or a retry shows
 * 'loading' until its own answer, and an aborted (superseded) request changes nothing.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../core/api';

export type ScreenLoadStatus = 'loading' | 'ready' | 'forbidden' | 'failed';

/** `scopeKey` is `'<recordKey>:<recordId>'`, or empty for no scope (nothing is loaded). */
export function useScreenLoad(
  scopeKey: string,
  load: (scope: { recordKey: string; recordId: number }, signal: AbortSignal) => Promise<unknown>,
  what: string,
): { status: ScreenLoadStatus; retry(): void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; status: ScreenLoadStatus } | null>(null);
  const requestKey = `${scopeKey}#${attempt}`;

  useEffect(() => {
    if (!scopeKey) return undefined;
    const [recordKey, recordId] = scopeKey.split(':') as [string, string];
    const abort = new AbortController();
    const settle = (status: ScreenLoadStatus) => setResult({ key: requestKey, status });
    load({ recordKey, recordId: Number(recordId) }, abort.signal).then(
      () => { if (!abort.signal.aborted) settle('ready'); },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 403) return settle('forbidden');
        console.error(`${what} failed to load`, error);
        settle('failed');
      },
    );
    return () => abort.abort();
    // `load` and `what` are fixed per screen; the request is keyed by scope and attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scopeKey, requestKey]);

  return { status: result?.key === requestKey ? result.status : 'loading', retry: () => setAttempt((n) => n + 1) };
}
