/**
 * One stub of the record machinery's state calls for element tests (core/records/states): a record kind's
 * states, the advancements from each state (the first is the quick route), field security by state and the
 * caller's move authority. Answers as the demo host does, so a test lists only what its record needs.
 */
import { STATE_PATHS } from '../../src/core/records';
import type { FetchRequest, StubFor } from './browser';

export const FIELD_SECURITY_PATH = '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId';

/** One state of a record kind (`applicationRecordKey`), as GetApplicationRecordStates answers it. */
export interface StubState { applicationRecordStateId: number; name: string; applicationRecordKey?: string; closed: boolean; displayOrder: number }

export interface StateMachine {
  states: readonly StubState[];
  /** State id → the target state ids, in menu order (the first is the quick route). */
  advancements?: Readonly<Record<number, readonly number[]>>;
  /** Field security of a state: each field's permission (unlisted fields follow the default). */
  fields?: (stateId: number) => ReadonlyArray<{ fieldName: string; editable: boolean; visible: boolean }>;
}

const data = (value: unknown) => ({ body: { data: value } });
const stateIdOf = (request: FetchRequest) => Number(request.query.get('applicationRecordStateId'));

/** Stub answers for the state calls of `machine`, to spread into a `stubFetch` map. */
export function stateMachineAnswers(machine: StateMachine): Record<string, StubFor> {
  const byId = new Map(machine.states.map((s) => [s.applicationRecordStateId, s]));
  return {
    [STATE_PATHS.states]: ({ query }) => data(machine.states.filter((s) => !s.applicationRecordKey || s.applicationRecordKey === query.get('applicationRecordKey'))),
    [STATE_PATHS.advancements]: (request) => data((machine.advancements?.[stateIdOf(request)] ?? [])
      .map((id, n) => ({ quickRoute: n === 0, displayOrder: n + 1, targetApplicationRecordState: byId.get(id) }))),
    [FIELD_SECURITY_PATH]: (request) => data({ lookupApplicationRecordStateId: stateIdOf(request), fields: machine.fields?.(stateIdOf(request)) ?? [] }),
  };
}

/** Permissions of `names`, all editable or all read-only (and visible). */
export const permissions = (names: readonly string[], editable: boolean) => names.map((fieldName) => ({ fieldName, editable, visible: true }));
