/**
 * The record machinery's reference calls (added): the states of an application record and the
 * advancements offered from a state.
 */
import { declaredFor, p, route } from './declare';
import { notFound } from './http';
import { advancementsFrom } from './lookups';
import { rowsToApi } from './rows';

// --- handlers -------------------------------------------------------------------------------------

export const applicationHandlers = declaredFor('token', [
  route({
    method: 'GET', path: '/api/applications/GetApplicationRecordStates',
    note: 'added: states of an applicationRecordKey',
    // Matched without case against the stored keys (record types are data: the admin's app records).
    params: { applicationRecordKey: p.string(100, { required: true }) },
    handler: ({ db, params }) => {
      const key = params.applicationRecordKey;
      const rows = db.prepare(`SELECT applicationRecordStateId, name, applicationRecordKey, closed, displayOrder, isInitial, displayText
        FROM application_record_states WHERE applicationRecordKey = ? COLLATE NOCASE ORDER BY displayOrder`).all(key) as Array<Record<string, unknown>>;
      if (!rows.length) throw notFound(`No record states for applicationRecordKey '${key.slice(0, 40)}'.`);
      return rowsToApi(rows);
    },
  }),
  route({
    method: 'GET', path: '/api/applications/GetRecordStateAdvancements',
    note: 'added: targets offered from applicationRecordStateId',
    params: { applicationRecordStateId: p.id({ required: true }) },
    handler: ({ db, params }) => {
      const id = params.applicationRecordStateId;
      if (!db.prepare('SELECT 1 FROM application_record_states WHERE applicationRecordStateId = ?').get(id)) throw notFound(`Record state ${id} not found.`);
      return advancementsFrom(db, id);
    },
  }),
]);
