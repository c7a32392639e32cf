/**
 * The record machinery's reference calls (added): the states of an application record and the
 * advancements offered from a state.
 */
import type { Handlers } from './context';
import { badRequest, idParam, notFound, stringParam } from './http';
import { advancementsFrom } from './lookups';
import { routeKey } from './routes';
import { rowsToApi } from './rows';

const GET = (path: string) => routeKey('GET', path);

// --- handlers -------------------------------------------------------------------------------------

export const applicationHandlers: Handlers = {
  [GET('/api/applications/GetApplicationRecordStates')]: ({ db, query }) => {
    const key = stringParam(query, 'applicationRecordKey', 100);
    if (!key) throw badRequest("Parameter 'applicationRecordKey' is required.", { parameter: 'applicationRecordKey' });
    const rows = db.prepare(`SELECT applicationRecordStateId, name, applicationRecordKey, closed, displayOrder, isInitial, displayText
      FROM application_record_states WHERE applicationRecordKey = ? COLLATE NOCASE ORDER BY displayOrder`).all(key) as Array<Record<string, unknown>>;
    if (!rows.length) throw notFound(`No record states for applicationRecordKey '${key.slice(0, 40)}'.`);
    return rowsToApi(rows);
  },
  [GET('/api/applications/GetRecordStateAdvancements')]: ({ db, query }) => {
    const id = idParam(query, 'applicationRecordStateId', true);
    if (!db.prepare('SELECT 1 FROM application_record_states WHERE applicationRecordStateId = ?').get(id)) throw notFound(`Record state ${id} not found.`);
    return advancementsFrom(db, id);
  },
};
