/** React helpers for the change management workbenches. */
import { useEffect, useState } from 'react';
import { useRecord } from '../../ui/records/hooks';
import { useRecordFieldSecurity } from '../../ui/records/useFieldSecurity';
import type { FieldSecurity, WithFieldSecurity } from '../../core/records/states';
import { changeEventItems, changeEvents, changeRecords, reloadRecord } from './data';
import type { ChangeRecordKind, StatefulRecord } from './types';

export type RecordLoad = 'loading' | 'loaded' | 'missing' | 'failed';

const storeOf = (kind: ChangeRecordKind) => (kind === 'ChangeRecord' ? changeRecords() : kind === 'ChangeEvent' ? changeEvents() : changeEventItems());

/** The record of `kind` with `id` from the shared store, loaded afresh when the workbench opens. */
export function useChangeRecord<T extends StatefulRecord>(kind: ChangeRecordKind, id: number, signedIn: boolean): { record: T | undefined; status: RecordLoad; retry: () => void } {
  const record = useRecord(storeOf(kind) as never, id) as T | undefined;
  const [status, setStatus] = useState<{ id: number; status: RecordLoad } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!signedIn || id < 1) return undefined;
    let live = true;
    reloadRecord(kind, id).then(
      (row) => { if (live) setStatus({ id, status: row ? 'loaded' : 'missing' }); },
      (error: unknown) => {
        console.error(`Loading ${kind} ${id} failed`, error);
        if (live) setStatus({ id, status: 'failed' });
      },
    );
    return () => { live = false; };
  }, [kind, id, signedIn, attempt]);
  const retry = () => {
    setStatus(null);
    setAttempt((n) => n + 1);
  };
  return { record, status: id < 1 ? 'missing' : status && status.id === id ? status.status : 'loading', retry };
}

/** The user's field security in `record`'s state, as its own load sent it (undefined until known: nothing editable). */
export function useFieldSecurity(record: (StatefulRecord & WithFieldSecurity) | undefined, status: RecordLoad): FieldSecurity | undefined {
  return useRecordFieldSecurity(record, status !== 'loading').security ?? undefined;
}

