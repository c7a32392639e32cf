/** React access to the record stores, and naming a workbench's record. */
import { useEffect, useMemo, useState } from 'react';
import { WORKBENCH_RECORD_EVENT } from '../../core/workbench';
import { useStore } from '../hooks';
import type { AnyRecord, RecordStore } from '../../core/records';

/**
 * The records of `store` that pass `filter`, in `compare` order (default: by id). Re-renders when
 * the store changes. Give stable `filter`/`compare` (or accept recomputing each render: lists are short).
 */
export function useRecords<T extends AnyRecord>(
  store: RecordStore<T>, filter?: (record: T) => boolean, compare?: (a: T, b: T) => number,
): T[] {
  const map = useStore(store.$records);
  return useMemo(() => {
    const list = [...map.values()].filter((record) => (filter ? filter(record) : true));
    return list.sort(compare ?? ((a, b) => store.idOf(a) - store.idOf(b)));
  }, [map, filter, compare, store]);
}

/** One record of `store` by id (undefined until held). */
export function useRecord<T extends AnyRecord>(store: RecordStore<T>, id: number): T | undefined {
  const map = useStore(store.$records);
  return map.get(id);
}

/**
 * Name the open workbench's record in the frame's header: fires `WORKBENCH_RECORD_EVENT` with
 * `{ name }` from the element the returned ref is put on. A callback ref, not `useRef`: the element
 * often appears renders after the record (once field security is known), and must still fire then.
 */
export function useWorkbenchRecordName<E extends HTMLElement>(name: string | undefined): (node: E | null) => void {
  const [node, setNode] = useState<E | null>(null);
  useEffect(() => {
    if (!node || !name) return;
    node.dispatchEvent(new CustomEvent(WORKBENCH_RECORD_EVENT, { detail: { name }, bubbles: true, composed: true }));
  }, [node, name]);
  return setNode;
}
