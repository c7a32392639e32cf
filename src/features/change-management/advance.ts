/**
 * §4 state advancement of initiating documents, change events and change event items: the client
 * runs the rules of src/core/workflow first (open a workbench, ask, refuse with the blocking items,
 * or apply), then applies the move optimistically and lets the server enforce the rules again. On a
 * failed or refused update the record (and, for a cancel/reject cascade, its items) is restored in
 * every list and the user is told why (§8 'Failed state update: previous record restored').
 */
import { ApiError, postForm } from '../../core/api';
import { showMessage, showToast } from '../../core/messages';
import { openWorkbench } from '../../core/workbench';
import {
  canceledItemState, cascadesToCanceled, checkChangeEventAdvance, checkChangeEventItemAdvance, checkChangeRecordAdvance,
} from '../../core/workflow';
import { inState, moveRecordState, writeFailure } from '../../core/records';
import { loadRecordStates } from '../../core/records/states';
import type { RecordState } from '../../core/records/states';
import type { RecordStore } from '../../core/records/store';
import { changeEventItems, changeEvents, changeRecords, itemsOfEvent, loadChangeEventItems, reloadRecord } from './data';
import type { ChangeEvent, ChangeEventItem, ChangeRecord, ChangeRecordKind, StatefulRecord } from './types';

/** State update paths (§7). */
export const UPDATE_PATHS: Record<ChangeRecordKind, string> = {
  ChangeRecord: '/api/pfm/UpdateChangeRecordState',
  ChangeEvent: '/api/pfm/UpdateChangeEventState',
  ChangeEventItem: '/api/pfm/UpdateChangeEventItemState',
};

/** What came of an advance. */
export type AdvanceOutcome =
  | { kind: 'applied' }
  /** A workbench opened instead (Potential Costs, Route for Proposal, Rejected item); state unchanged. */
  | { kind: 'workbench' }
  /** The user answered Cancel to the confirmation. */
  | { kind: 'declined' }
  /** A §4 rule refused it; the items that block it. */
  | { kind: 'blocked'; title: string; message: string; blockingItems: ChangeEventItem[] }
  /** The update failed or the server refused it; the record is restored. */
  | { kind: 'failed'; reason: 'conflict' | 'refused' | 'error'; message: string };

/** How a change event item is named in messages and lists. */
export function itemLabel(item: Pick<ChangeEventItem, 'changeEventItemId' | 'description'>): string {
  return `Item ${item.changeEventItemId}: ${item.description}`;
}

const LABELS: Record<ChangeRecordKind, string> = {
  ChangeRecord: 'Initiating document',
  ChangeEvent: 'Change event',
  ChangeEventItem: 'Change event item',
};

function recordLabel(kind: ChangeRecordKind, record: StatefulRecord & { number?: string; changeEventItemId?: number }): string {
  if (kind === 'ChangeEventItem') return `${LABELS[kind]} ${record.changeEventItemId ?? ''}`.trim();
  return `${LABELS[kind]} ${record.number ?? ''}`.trim();
}

interface ApplyArgs<T extends StatefulRecord> {
  kind: ChangeRecordKind;
  store: RecordStore<T>;
  record: T;
  target: RecordState;
  /** Extra optimistic changes (a cascade); returns the function that undoes them. */
  alsoChange?: () => () => void;
}

/** Tell the user why a move failed (by the one write-failure mapping) and reload after a conflict. */
async function explainFailure(kind: ChangeRecordKind, id: number, label: string, from: string, target: RecordState, error: unknown): Promise<AdvanceOutcome> {
  const why = error instanceof Error ? error.message : String(error);
  const failed = `${label} could not be moved to '${target.name}' (${why}); it stays '${from}'.`;
  const refused = `${label} stays '${from}': the server refused the move to '${target.name}'.`;
  const failure = writeFailure(error, { stale: '', refused, signedOut: failed, forbidden: failed, timeout: failed, failed: () => failed });
  if (failure.kind === 'stale') {
    const body = (error instanceof ApiError ? error.body : undefined) as { currentRecordStateName?: unknown } | undefined;
    let now = typeof body?.currentRecordStateName === 'string' ? body.currentRecordStateName : '';
    try {
      const fresh = (await reloadRecord(kind, id)) as StatefulRecord | undefined;
      if (fresh) now = fresh.recordStateName;
      if (kind === 'ChangeEvent') await loadChangeEventItems('ChangeEvent', id);
    } catch (reloadError) {
      console.error(`Reloading ${label} failed`, reloadError);
    }
    const message = `${label} was changed by someone else${now ? ` (it is now '${now}')` : ''}. It has been reloaded; it was not moved to '${target.name}'.`;
    showToast(message, { title: 'Changed by someone else', variant: 'warning' });
    return { kind: 'failed', reason: 'conflict', message };
  }
  if (failure.kind === 'refused') {
    // An autoAlert answer has already shown the 'Request Failed' dialog with the server's message.
    showToast(refused, { title: 'State not changed', variant: 'danger' });
    return { kind: 'failed', reason: 'refused', message: refused };
  }
  showToast(failed, { title: 'State not changed', variant: 'danger' });
  return { kind: 'failed', reason: 'error', message: failed };
}

/** Apply a move optimistically, commit it, and restore everything on failure. */
async function apply<T extends StatefulRecord>({ kind, store, record, target, alsoChange }: ApplyArgs<T>): Promise<AdvanceOutcome> {
  const id = store.idOf(record);
  const label = recordLabel(kind, record);
  let undo: (() => void) | undefined;
  try {
    await moveRecordState(store, record, target, async (body) => {
      undo = alsoChange?.();
      const answer = await postForm<(T & { items?: ChangeEventItem[] }) | undefined>(UPDATE_PATHS[kind], body);
      if (answer && Array.isArray(answer.items)) changeEventItems().upsert(answer.items);
      if (answer && typeof answer === 'object') {
        const { items: _items, ...rest } = answer;
        return rest as unknown as T;
      }
      return undefined;
    });
    return { kind: 'applied' };
  } catch (error) {
    undo?.();
    return explainFailure(kind, id, label, record.recordStateName, target, error);
  }
}

/**
 * §4 change record (initiating document) advance: 'Potential Costs' opens the new change event
 * workbench for the record (state unchanged); other targets are applied.
 */
export async function advanceChangeRecord(record: ChangeRecord, target: RecordState): Promise<AdvanceOutcome> {
  if (checkChangeRecordAdvance(target).kind === 'new-change-event') {
    openWorkbench('ChangeEvent', { recordKey: 'ChangeRecord', recordId: record.changeRecordId });
    return { kind: 'workbench' };
  }
  return apply({ kind: 'ChangeRecord', store: changeRecords(), record, target });
}

/**
 * §4 change event item advance: 'Route for Proposal' opens the RFP e-mail, 'Rejected' the
 * revise-RFP e-mail (state unchanged); a closed target asks first; others apply.
 */
export async function advanceChangeEventItem(item: ChangeEventItem, target: RecordState): Promise<AdvanceOutcome> {
  const decision = checkChangeEventItemAdvance(target);
  if (decision.kind === 'email') {
    openWorkbench('Email', { recordKey: 'ChangeEventItem', recordId: item.changeEventItemId, activeTab: decision.email });
    return { kind: 'workbench' };
  }
  if (decision.kind === 'confirm') {
    const answer = await showMessage({ title: decision.title, message: decision.message, buttons: ['cancel', 'ok'], variant: 'warning' });
    if (answer !== true) return { kind: 'declined' };
  }
  return apply({ kind: 'ChangeEventItem', store: changeEventItems(), record: item, target });
}

/**
 * Move an item straight to `target` (a state, or its name), without the §4 e-mail or confirmation
 * step: for the e-mail workbench, once the RFP or revise-RFP e-mail is out. Optimistic; on failure
 * the item is restored and the user is told why, as for any advance.
 */
export async function applyChangeEventItemState(item: ChangeEventItem, target: RecordState | string): Promise<AdvanceOutcome> {
  let state: RecordState | undefined;
  if (typeof target === 'string') {
    try {
      state = (await loadRecordStates('ChangeEventItem')).find((s) => s.name === target);
    } catch (error) {
      console.error('Change event item states failed to load', error);
    }
    if (!state) {
      const message = `${recordLabel('ChangeEventItem', item)} could not be moved to '${target}' (the state is not available); it stays '${item.recordStateName}'.`;
      showToast(message, { title: 'State not changed', variant: 'danger' });
      return { kind: 'failed', reason: 'error', message };
    }
  } else state = target;
  return apply({ kind: 'ChangeEventItem', store: changeEventItems(), record: item, target: state });
}

/**
 * §4 change event advance: Complete and No Change need every item (nested too) closed, Approved
 * every item at or beyond Approved; Canceled and Rejected ask, then every item becomes Canceled
 * (optimistically here, in one transaction on the server); others apply. The items are loaded
 * afresh first, so the check sees what the server will see.
 */
export async function advanceChangeEvent(event: ChangeEvent, target: RecordState): Promise<AdvanceOutcome> {
  const itemStates = await loadRecordStates('ChangeEventItem');
  let items: ChangeEventItem[];
  try {
    items = await loadChangeEventItems('ChangeEvent', event.changeEventId);
  } catch (error) {
    // The server checks again; the items held are the best the client has.
    console.error('Change event items failed to load', error);
    items = itemsOfEvent(event.changeEventId);
  }
  const decision = checkChangeEventAdvance(target, items, itemStates);
  if (decision.kind === 'blocked') {
    const byId = new Map(items.map((i) => [i.changeEventItemId, i]));
    const blockingItems = decision.blockingItems.map((b) => byId.get(b.changeEventItemId)).filter((i): i is ChangeEventItem => i !== undefined);
    await showMessage({
      title: decision.title,
      message: decision.message,
      details: blockingItems.map((item) => ({ label: itemLabel(item), value: item.recordStateName })),
      buttons: ['ok'],
      variant: 'warning',
    });
    return { kind: 'blocked', title: decision.title, message: decision.message, blockingItems };
  }
  if (decision.kind === 'confirm') {
    const answer = await showMessage({ title: decision.title, message: decision.message, buttons: ['cancel', 'ok'], variant: 'warning' });
    if (answer !== true) return { kind: 'declined' };
  }
  const canceled = cascadesToCanceled(target) ? canceledItemState(itemStates) : undefined;
  const alsoChange = canceled
    ? () => {
      const store = changeEventItems();
      const before = itemsOfEvent(event.changeEventId);
      const after = before.map((item) => inState(item, canceled as RecordState));
      store.upsert(after);
      return () => {
        // Put back the items still showing the optimistic state (a reload may have replaced some).
        const restore = before.filter((item, index) => store.get(item.changeEventItemId) === after[index]);
        store.upsert(restore);
      };
    }
    : undefined;
  return apply({ kind: 'ChangeEvent', store: changeEvents(), record: event, target, alsoChange });
}
