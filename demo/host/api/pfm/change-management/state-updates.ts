/**
 * §7 state updates: POST (multipart form-data or urlencoded) with ItemId, OldRecordStateId and
 * RouteStateId. Each is one immediate transaction with the stale check inside it, so of many
 * concurrent updates from the same OldRecordStateId exactly one succeeds.
 *
 * - 404: unknown ItemId or RouteStateId.
 * - 409: OldRecordStateId is not the record's current state (someone else moved it).
 * - 400 autoAlert: the target is not an advancement offered from the current state, or a §4 rule of
 *   src/core/workflow forbids it (the same functions the client runs).
 * - Change event to Canceled or Rejected: every item, nested ones too, becomes Canceled in the same
 *   transaction. Confirmation targets are applied: confirming is the client's business.
 * Answer: the updated record (a change event with its `items`).
 * The load, stale check, advancement check, update and tracking are records.ts's moveRecordState
 * (UpdateCommitmentState uses the same); this file adds the §4 rules and the cascade.
 */
import type Database from 'better-sqlite3';
import { canceledItemState, cascadesToCanceled, checkChangeEventAdvance } from '../../../../../src/core/workflow';
import { declaredFor, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert } from '../../http';
import { CHANGE_EVENT_ITEM_SELECT, CHANGE_EVENT_SELECT, CHANGE_RECORD_SELECT } from './loads';
import { asState, moveRecordState, recordOr404, statesOf } from '../../records';
import { requestedMove, stateUpdateParams } from '../../state-update-params';
import { rowsToApi, toApi } from '../../rows';
import { withoutHiddenFields, withoutHiddenFieldsOne } from '../../field-reads';

type Kind = 'ChangeRecord' | 'ChangeEvent' | 'ChangeEventItem';

const TABLES: Record<Kind, { table: string; id: string; select: string; label: string; fn: string }> = {
  ChangeRecord: { table: 'change_records', id: 'changeRecordId', select: CHANGE_RECORD_SELECT, label: 'initiating document', fn: 'UpdateChangeRecordState' },
  ChangeEvent: { table: 'change_events', id: 'changeEventId', select: CHANGE_EVENT_SELECT, label: 'change event', fn: 'UpdateChangeEventState' },
  ChangeEventItem: { table: 'change_event_items', id: 'changeEventItemId', select: CHANGE_EVENT_ITEM_SELECT, label: 'change event item', fn: 'UpdateChangeEventItemState' },
};

function itemsOf(db: Database.Database, changeEventId: number): Array<Record<string, unknown>> {
  return db.prepare(`${CHANGE_EVENT_ITEM_SELECT} WHERE t.changeEventId = ? ORDER BY t.changeEventItemId`).all(changeEventId) as Array<Record<string, unknown>>;
}

/** Touch the budget lines of a change event's items so summary loads with lastLoad see the change. */
function touchLines(db: Database.Database, changeEventId: number, at: string): void {
  db.prepare('UPDATE cost_codes SET modifiedAt = ? WHERE costCodeId IN (SELECT costCodeId FROM change_event_items WHERE changeEventId = ? AND costCodeId IS NOT NULL)')
    .run(at, changeEventId);
}

function update(kind: Kind, { db, params, user }: RouteCtx<ParamsOf<ReturnType<typeof stateUpdateParams>>>): unknown {
  const spec = TABLES[kind];
  const request = { ...requestedMove(params), actorId: user.employeeId };
  const moveKind = { recordKey: kind, table: spec.table, idColumn: spec.id, label: spec.label, functionName: spec.fn };
  return moveRecordState(db, moveKind, request, ({ record, target, at }) => {
    // The §4 rules of the kind, then what moves with it; change events and their items tell the change event's team.
    let changeEventId: number;
    let projectId: number;
    if (kind === 'ChangeEvent') {
      changeEventId = request.itemId;
      projectId = record.projectId as number;
      const itemStates = statesOf(db, 'ChangeEventItem').map(asState);
      const items = itemsOf(db, changeEventId).map((i) => ({
        changeEventItemId: i.changeEventItemId as number, applicationRecordStateId: i.applicationRecordStateId as number,
        parentChangeEventItemId: i.parentChangeEventItemId as number | null,
      }));
      const decision = checkChangeEventAdvance(asState(target), items, itemStates);
      if (decision.kind === 'blocked') {
        throw autoAlert(spec.fn, decision.message, {
          title: decision.title, blockingItems: decision.blockingItems.map((i) => ({ changeEventItemId: i.changeEventItemId, applicationRecordStateId: i.applicationRecordStateId })),
        });
      }
      if (cascadesToCanceled(asState(target))) {
        const canceled = canceledItemState(itemStates)!;
        db.prepare('UPDATE change_event_items SET applicationRecordStateId = ?, modifiedAt = ? WHERE changeEventId = ?')
          .run(canceled.applicationRecordStateId, at, changeEventId);
      }
    } else if (kind === 'ChangeEventItem') {
      const event = db.prepare(`SELECT ce.changeEventId, ce.projectId, st.closed, st.name FROM change_events ce
        JOIN application_record_states st ON st.applicationRecordStateId = ce.applicationRecordStateId WHERE ce.changeEventId = ?`)
        .get(record.changeEventId) as { changeEventId: number; projectId: number; closed: number; name: string };
      if (event.closed === 1) throw autoAlert(spec.fn, `The change event is '${event.name}' (closed): its items can not change state.`);
      changeEventId = event.changeEventId;
      projectId = event.projectId;
    } else {
      return null;
    }
    touchLines(db, changeEventId, at);
    db.prepare('UPDATE change_events SET modifiedAt = ? WHERE changeEventId = ?').run(at, changeEventId);
    return { projectId, parentId: changeEventId, parentType: 'ChangeEvent' };
  }, () => {
    // Field security on reads (field-reads.ts): the record (and a change event's items) as the caller may see them in their new states.
    const updated = withoutHiddenFieldsOne(db, user, kind, toApi(recordOr404(db, spec.select, `t.${spec.id}`, request.itemId, spec.label)));
    return kind === 'ChangeEvent' ? { ...updated, items: withoutHiddenFields(db, user, 'ChangeEventItem', rowsToApi(itemsOf(db, request.itemId))) } : updated;
  });
}

export const stateHandlers = declaredFor('pfm', [
  route({
    method: 'POST', path: '/api/pfm/UpdateChangeRecordState',
    note: 'ItemId, OldRecordStateId, RouteStateId',
    params: stateUpdateParams('ChangeRecord'), handler: (ctx) => update('ChangeRecord', ctx),
  }),
  route({
    method: 'POST', path: '/api/pfm/UpdateChangeEventState',
    note: 'ItemId, OldRecordStateId, RouteStateId; cancel/reject cascades',
    params: stateUpdateParams('ChangeEvent'), handler: (ctx) => update('ChangeEvent', ctx),
  }),
  route({
    method: 'POST', path: '/api/pfm/UpdateChangeEventItemState',
    note: 'ItemId, OldRecordStateId, RouteStateId',
    params: stateUpdateParams('ChangeEventItem'), handler: (ctx) => update('ChangeEventItem', ctx),
  }),
]);
