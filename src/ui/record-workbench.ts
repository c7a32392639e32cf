import { createElement } from 'react';
import type { ComponentType } from 'react';

/** A record workbench element's attributes, as r2wc hands them to its body. */
export interface RecordWorkbenchAttributes {
  recordId?: number;
  recordKey?: string;
  projectId?: number;
  budgetId?: number;
}

/** What a record workbench view takes: its kind, the record (-1: none) and the attributes that open a new one. */
export interface RecordWorkbenchProps<K extends string> {
  kind: K;
  recordId: number;
  recordKey?: string;
  projectId?: number;
  budgetId?: number;
}

/**
 * The body of a `<wb-…>` element for one kind of record: `Workbench` on the element's record, for `kind`. A `record-id`
 * that is not a whole number is -1; the other attributes are passed on as they are (a view that makes new records reads them).
 */
export function recordWorkbench<K extends string>(Workbench: ComponentType<RecordWorkbenchProps<K>>, kind: K): ComponentType<RecordWorkbenchAttributes> {
  function RecordWorkbench({ recordId, recordKey, projectId, budgetId }: RecordWorkbenchAttributes) {
    return createElement(Workbench, {
      kind, recordId: typeof recordId === 'number' && Number.isSafeInteger(recordId) ? recordId : -1, recordKey, projectId, budgetId,
    });
  }
  RecordWorkbench.displayName = `${kind}Workbench`;
  return RecordWorkbench;
}
