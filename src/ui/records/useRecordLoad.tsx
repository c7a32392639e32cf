/**
 * A record workbench's load: the record of `id` from its page store, loaded afresh when the workbench
 * opens (the list's copy has no items), the field security of its state (§6; sent with the record), Retry after a failure and
 * Reload after a 409 (drop the held copy, load the server's). The views for the two moments before the
 * form can show: the failure with Retry, and the loading line.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../core/api';
import type { AnyRecord, FieldSecurity, RecordStore, WithFieldSecurity } from '../../core/records';
import { useRecord } from './hooks';
import { useRecordFieldSecurity } from './useFieldSecurity';

/** What a failed load says. */
export interface RecordLoadTexts {
  /** Names the record in the console ('Subcontract'). */
  what: string;
  notFound: string;
  noAccess: string;
  loadFailed: string;
  /** No id was given (nothing to load, nothing to retry). */
  noRecord: string;
}

export interface RecordLoad<T> {
  record: T | undefined;
  /** This attempt has loaded the record: a form may start from it. */
  ready: boolean;
  /** The failure's sentence, or null. */
  failed: string | null;
  /** Retry is offered (an id was given). */
  canRetry: boolean;
  /** The security of the record's state; null until known. */
  security: FieldSecurity | null;
  /** Some state's security has answered (the form waits for it before it first shows). */
  securityKnown: boolean;
  retry(): void;
  /** Drop the held record and load it again (after a 409: the server's version). */
  reload(): void;
}

/**
 * Load record `id` of `store` with `load` (which puts it in the store and answers it, or undefined when there is
 * none); a 404 or an answer of none says `notFound`, a 403 `noAccess`, anything else `loadFailed`.
 */
export function useRecordLoad<T extends AnyRecord & WithFieldSecurity & { applicationRecordStateId: number }>(
  store: RecordStore<T>, id: number, load: (signal: AbortSignal) => Promise<T | undefined>, texts: RecordLoadTexts,
): RecordLoad<T> {
  const record = useRecord(store, id);
  const [attempt, setAttempt] = useState(0);
  const key = `${store.kind}:${id}#${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; failed: string | null } | null>(null);
  // The loader and texts may close over this render's values; the key says when they matter.
  const latest = useRef({ load, texts });
  useEffect(() => {
    latest.current = { load, texts };
  });

  useEffect(() => {
    if (id < 1) return undefined;
    const abort = new AbortController();
    const { load: loader, texts: said } = latest.current;
    loader(abort.signal).then(
      (loaded) => {
        if (!abort.signal.aborted) setAnswer({ key, failed: loaded ? null : said.notFound });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error(`${said.what} ${id} failed to load`, error);
        const failed = error instanceof ApiError && error.status === 404 ? said.notFound
          : error instanceof ApiError && error.status === 403 ? said.noAccess
            : error instanceof Error && /was not found/.test(error.message) ? said.notFound : said.loadFailed;
        setAnswer({ key, failed });
      },
    );
    return () => abort.abort();
  }, [id, key]);

  const answered = answer?.key === key ? answer : null;
  // The record's own load sends its state's field security beside it: nothing is asked after.
  const { security, known } = useRecordFieldSecurity(record, answered !== null);
  return {
    record,
    ready: answered !== null && answered.failed === null,
    failed: id < 1 ? texts.noRecord : answered?.failed ?? null,
    canRetry: id > 0,
    security,
    securityKnown: known,
    retry: () => setAttempt((n) => n + 1),
    reload: () => {
      store.remove(id);
      setAttempt((n) => n + 1);
    },
  };
}

/** The failed load's sentence, with Retry when there is something to load again. */
export function RecordLoadFailed({ load }: { load: Pick<RecordLoad<unknown>, 'failed' | 'canRetry' | 'retry'> }) {
  return (
    <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state="failed">
      <span>{load.failed}</span>
      {load.canRetry ? <button type="button" className="btn btn-sm border text-danger-emphasis" onClick={load.retry}>Retry</button> : null}
    </div>
  );
}

/** 'Loading …' with a spinner, at once (a workbench opens on it). */
export function RecordLoading({ label }: { label: string }) {
  return <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{label}</div>;
}
