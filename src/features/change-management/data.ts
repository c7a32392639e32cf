/**
 * The change management record stores (one per kind per page, shared by the screen and the
 * workbenches) and the loads that fill them.
 */
import { getJson } from '../../core/api';
import type { Query } from '../../core/api';
import { recordStore } from '../../core/records/store';
import type { RecordStore } from '../../core/records/store';
import type { ChangeEvent, ChangeEventItem, ChangeRecord } from './types';

/** The page's initiating documents. */
export const changeRecords = (): RecordStore<ChangeRecord> => recordStore<ChangeRecord>('ChangeRecord', 'changeRecordId');
/** The page's change events. */
export const changeEvents = (): RecordStore<ChangeEvent> => recordStore<ChangeEvent>('ChangeEvent', 'changeEventId');
/** The page's change event items. */
export const changeEventItems = (): RecordStore<ChangeEventItem> => recordStore<ChangeEventItem>('ChangeEventItem', 'changeEventItemId');

/** Load paths (§7 data loads). */
export const LOAD_PATHS = {
  ChangeRecord: '/api/pfm/getinitiatingdocuments',
  ChangeEvent: '/api/pfm/getchangeevents',
  ChangeEventItem: '/api/pfm/getchangeeventitems',
} as const;

/** Both lists of a load: open ones, then closed ones (`open=false`). */
async function openAndClosed<T>(path: string, query: Query, signal?: AbortSignal): Promise<T[]> {
  const [open, closed] = await Promise.all([
    getJson<T[]>(path, query, { signal }),
    getJson<T[]>(path, { ...query, open: false }, { signal }),
  ]);
  return [...open, ...closed];
}

/** Load a project's initiating documents (open and closed) into their store. */
export async function loadChangeRecords(projectId: number, signal?: AbortSignal): Promise<ChangeRecord[]> {
  const rows = await openAndClosed<ChangeRecord>(LOAD_PATHS.ChangeRecord, { recordKey: 'Project', recordId: projectId }, signal);
  changeRecords().upsert(rows);
  return rows;
}

/** Load a project's change events (open and closed) into their store. */
export async function loadChangeEvents(projectId: number, signal?: AbortSignal): Promise<ChangeEvent[]> {
  const rows = await openAndClosed<ChangeEvent>(LOAD_PATHS.ChangeEvent, { recordKey: 'Project', recordId: projectId }, signal);
  changeEvents().upsert(rows);
  return rows;
}

/** Load change event items (open and closed) of a project ('Project') or one event ('ChangeEvent'). */
export async function loadChangeEventItems(recordKey: 'Project' | 'ChangeEvent', recordId: number, signal?: AbortSignal): Promise<ChangeEventItem[]> {
  const rows = await openAndClosed<ChangeEventItem>(LOAD_PATHS.ChangeEventItem, { recordKey, recordId }, signal);
  changeEventItems().upsert(rows);
  return rows;
}

/** Load one record of `kind` afresh (whatever its state) into its store; undefined when it is gone. */
export async function reloadRecord(kind: 'ChangeRecord' | 'ChangeEvent' | 'ChangeEventItem', id: number): Promise<unknown> {
  const rows = await openAndClosed<Record<string, unknown>>(LOAD_PATHS[kind], { recordKey: kind, recordId: id });
  const row = rows[0];
  if (!row) return undefined;
  if (kind === 'ChangeRecord') changeRecords().upsert(row as unknown as ChangeRecord);
  else if (kind === 'ChangeEvent') changeEvents().upsert(row as unknown as ChangeEvent);
  else changeEventItems().upsert(row as unknown as ChangeEventItem);
  return row;
}

/** The items of change event `changeEventId` held in the store. */
export function itemsOfEvent(changeEventId: number): ChangeEventItem[] {
  return [...changeEventItems().$records.get().values()].filter((item) => item.changeEventId === changeEventId);
}

/**
 * Items in tree order (parents before their children, by id) with their nesting level, so lists
 * can show nested items indented under their parent.
 */
export function itemTree(items: readonly ChangeEventItem[]): Array<{ item: ChangeEventItem; level: number }> {
  const ids = new Set(items.map((i) => i.changeEventItemId));
  const children = new Map<number | null, ChangeEventItem[]>();
  for (const item of items) {
    // An item whose parent is not in the list shows at the top level.
    const parent = item.parentChangeEventItemId !== null && ids.has(item.parentChangeEventItemId) ? item.parentChangeEventItemId : null;
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const out: Array<{ item: ChangeEventItem; level: number }> = [];
  const walk = (parent: number | null, level: number) => {
    for (const item of (children.get(parent) ?? []).sort((a, b) => a.changeEventId - b.changeEventId || a.changeEventItemId - b.changeEventItemId)) {
      out.push({ item, level });
      walk(item.changeEventItemId, level + 1);
    }
  };
  walk(null, 0);
  return out;
}
