/** React access to the record stores. */
import { useMemo } from 'react';
import { useStore } from '../hooks';
import type { AnyRecord, RecordStore } from './store';

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
