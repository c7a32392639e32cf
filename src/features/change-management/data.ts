/**
 * The change management record stores (one per kind per page, shared by the screen and the
 * workbenches) and the loads that fill them; the workbenches' creates, their commitment link and
 * the reference lists they offer (vendors, commitments, RFIs).
 */
import { getJson, postForm } from '../../core/api';
import type { Query } from '../../core/api';
import { CHANGE_WRITE_PATHS } from '../../core/change-management/contract';
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
  const mark = changeRecords().readMark();
  const rows = await openAndClosed<ChangeRecord>(LOAD_PATHS.ChangeRecord, { recordKey: 'Project', recordId: projectId }, signal);
  changeRecords().loaded(rows, mark);
  return rows;
}

/** Load a project's change events (open and closed) into their store. */
export async function loadChangeEvents(projectId: number, signal?: AbortSignal): Promise<ChangeEvent[]> {
  const mark = changeEvents().readMark();
  const rows = await openAndClosed<ChangeEvent>(LOAD_PATHS.ChangeEvent, { recordKey: 'Project', recordId: projectId }, signal);
  changeEvents().loaded(rows, mark);
  return rows;
}

/** Load change event items (open and closed) of a project ('Project') or one event ('ChangeEvent'). */
export async function loadChangeEventItems(recordKey: 'Project' | 'ChangeEvent', recordId: number, signal?: AbortSignal): Promise<ChangeEventItem[]> {
  const mark = changeEventItems().readMark();
  const rows = await openAndClosed<ChangeEventItem>(LOAD_PATHS.ChangeEventItem, { recordKey, recordId }, signal);
  changeEventItems().loaded(rows, mark);
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

// --- the workbenches' calls ---------------------------------------------------------------------

/** Creates, the §5 link, and the reference lists of the workbenches. */
export const WORKBENCH_PATHS = {
  ...CHANGE_WRITE_PATHS,
  subcontracts: '/api/pfm/getsubcontracts',
  purchaseAgreements: '/api/pfm/getpurchaseagreements',
  commitmentVendors: '/api/pfm/getcommitmentvendors',
  rfis: '/api/procorelocal/getrequestforinformations',
} as const;

/** A new initiating document, as CreateChangeRecord takes it. */
export interface NewChangeRecordFields {
  ProjectId: number; BudgetId?: number; Title: string; Description: string; InitiatingDocumentTypeId: string;
  ChangeReasonId?: string; DocumentDate?: string; RfiId?: string;
}

/** Create an initiating document (the caller puts it in the store). */
export function createChangeRecord(fields: NewChangeRecordFields): Promise<ChangeRecord> {
  return postForm<ChangeRecord>(WORKBENCH_PATHS.createChangeRecord, fields);
}

/** A new change event of an initiating document, as CreateChangeEvent takes it. */
export interface NewChangeEventFields { ChangeRecordId: number; Title: string; Description: string; ReimbursableTypeId: string; ChangeReasonId?: string }

/** Create a change event (the caller puts it in the store). */
export function createChangeEvent(fields: NewChangeEventFields): Promise<ChangeEvent> {
  return postForm<ChangeEvent>(WORKBENCH_PATHS.createChangeEvent, fields);
}

/** A new item of a change event (nested under `ParentChangeEventItemId` when given), as CreateChangeEventItem takes it. */
export interface NewChangeEventItemFields {
  ChangeEventId: number; ParentChangeEventItemId?: number; Description: string; CostCodeId: string; VendorId: string; EstimatedAmount?: string;
}

/** Create a change event item (the caller puts it in the store). */
export function createChangeEventItem(fields: NewChangeEventItemFields): Promise<ChangeEventItem> {
  return postForm<ChangeEventItem>(WORKBENCH_PATHS.createChangeEventItem, fields);
}

/** A commitment the item could be linked to. */
export interface Commitment {
  key: 'Subcontract' | 'PurchaseAgreement';
  id: number;
  number: string;
  vendorId: number | null;
  description: string;
}

/** The project's subcontracts and purchase agreements (open ones). */
export async function loadProjectCommitments(projectId: number): Promise<Commitment[]> {
  const [subs, pas] = await Promise.all([
    getJson<Array<Record<string, unknown>>>(WORKBENCH_PATHS.subcontracts, { recordKey: 'Project', recordId: projectId }),
    getJson<Array<Record<string, unknown>>>(WORKBENCH_PATHS.purchaseAgreements, { recordKey: 'Project', recordId: projectId }),
  ]);
  const map = (key: Commitment['key'], idField: string) => (row: Record<string, unknown>): Commitment => ({
    key, id: row[idField] as number, number: String(row.number ?? ''), vendorId: (row.vendorId as number | null) ?? null, description: String(row.description ?? ''),
  });
  // Only an executed commitment takes change orders (its sum is fixed; a Draft's items are edited directly).
  const executed = (row: Record<string, unknown>) => row.recordStateName === 'Executed';
  return [...subs.filter(executed).map(map('Subcontract', 'subcontractId')), ...pas.filter(executed).map(map('PurchaseAgreement', 'purchaseAgreementId'))];
}

/** Link an item to a commitment (§5; the server drafts a change order): the item as it is now. */
export async function linkItemToCommitment(changeEventItemId: number, commitment: Pick<Commitment, 'key' | 'id'>): Promise<ChangeEventItem> {
  const answer = await postForm<{ changeEventItem: ChangeEventItem }>(WORKBENCH_PATHS.linkItemToCommitment, {
    ChangeEventItemId: changeEventItemId, CommitmentKey: commitment.key, CommitmentId: commitment.id,
  });
  return answer.changeEventItem;
}

/** A vendor with a commitment on the project (getcommitmentvendors). */
export interface CommitmentVendor { vendorId: number; name: string; displayText?: string }

/** The vendors with a commitment on project `projectId`. */
export function loadCommitmentVendors(projectId: number): Promise<CommitmentVendor[]> {
  return getJson<CommitmentVendor[]>(WORKBENCH_PATHS.commitmentVendors, { recordKey: 'Project', recordId: projectId });
}

/** A request for information of the project (Procore). */
export interface Rfi { rfiId: number; projectId: number; number: number; subject: string; status: string; isOfficial: boolean; displayText: string }

/** The project's RFIs, official ones only while `officialOnly`. */
export function loadRfis(projectId: number, officialOnly: boolean): Promise<Rfi[]> {
  return getJson<Rfi[]>(WORKBENCH_PATHS.rfis, { isOfficial: officialOnly, ProjectId: projectId });
}
