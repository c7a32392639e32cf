/**
 * App records (issue 15, §1 configurable records; contract src/core/admin/app-records.ts): the
 * record types with their states, advancements and field security, edited by a keyAdmin Admin.
 * Workbenches and the server's writes read the same tables (lookups.ts fieldPermissionsFor,
 * applications.ts advancements), so a change applies to the next request.
 *
 * Every change:
 * - names the type's Version (application_records.version): a stale one is 409 naming who changed it;
 * - is checked with recordTypeProblems: a change that leaves a problem the type did not have
 *   (no reachable closed state, a state stuck open) is 400 autoAlert with the reason;
 * - is recorded in record_history (TRACKED_TABLES: ApplicationRecordState, StateAdvancement, FieldSecurity).
 * Removing a state that records are still in is 400 autoAlert naming how many and where.
 */
import type Database from 'better-sqlite3';
import {
  APP_RECORDS_API, STATE_NAME_MAX, recordTypeProblems,
  type AppRecordAdvancement, type AppRecordFieldRule, type AppRecordState, type AppRecordTestAs, type AppRecordType, type AppRecordTypeRow,
  type WorkflowAdvancement, type WorkflowState,
} from '../../../../src/core/admin';
import { SECURED_FIELDS } from '../../db/states';
import { prepared } from '../../db/statements';
import { declaredFor, p, route } from '../declare';
import { autoAlert, badRequest, conflict, notFound } from '../http';
import { fieldPermissionsFor } from '../field-security';
import { approvalMove } from '../approvals';
import type { ApprovalMove } from '../../../../src/core/records/approval';
import * as clock from '../../../../src/core/clock';

const SERVICE = 'AdminService';
const alert = (functionName: string, message: string, extra: Record<string, unknown> = {}) =>
  autoAlert(functionName, message, { serviceName: SERVICE, ...extra });

/** Tables holding configuration about states, not records in them. */
const CONFIG_TABLES = new Set(['state_advancements', 'field_security', 'application_record_states']);

interface StateReference {
  table: string;
  column: string;
}

/** stateReferences of a connection, with the schema version they were read at. */
const referencesRead = new WeakMap<Database.Database, { schemaVersion: number; references: readonly StateReference[] }>();

/**
 * Every column of the database that points at a record state (read from the foreign keys, so a
 * table a later migration adds is counted without a line here): the records' own state columns
 * (subcontracts.applicationRecordStateId, slim_requests.applicationRecordStateId, …) and their
 * events (slim_request_events.fromStateId / toStateId). Read again only when the schema changed
 * (its version): reading the foreign keys of every table took a quarter of the types list's time.
 */
export function stateReferences(db: Database.Database): readonly StateReference[] {
  const schemaVersion = db.pragma('schema_version', { simple: true }) as number;
  const read = referencesRead.get(db);
  if (read?.schemaVersion === schemaVersion) return read.references;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{ name: string }>;
  const out: StateReference[] = [];
  for (const { name } of tables) {
    if (CONFIG_TABLES.has(name)) continue;
    for (const fk of db.pragma(`foreign_key_list("${name.replace(/"/g, '""')}")`) as Array<{ table: string; from: string }>) {
      if (fk.table === 'application_record_states') out.push({ table: name, column: fk.from });
    }
  }
  referencesRead.set(db, { schemaVersion, references: out });
  return out;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Records per state: the rows whose own state column (applicationRecordStateId) is the state. `stateIds`
 * undefined: every state (the types list), one GROUP BY per table that reads its state index once.
 */
function recordsPerState(db: Database.Database, stateIds?: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  if (stateIds?.length === 0) return counts;
  const ids = stateIds && JSON.stringify(stateIds);
  for (const ref of stateReferences(db).filter((r) => r.column === 'applicationRecordStateId')) {
    // One statement per table, prepared once (the ids go in as one JSON parameter).
    const column = quote(ref.column);
    const rows = (ids === undefined
      ? prepared(db, `SELECT ${column} AS id, count(*) AS n FROM ${quote(ref.table)} GROUP BY 1`).all()
      : prepared(db, `SELECT ${column} AS id, count(*) AS n FROM ${quote(ref.table)} WHERE ${column} IN (SELECT value FROM json_each(?)) GROUP BY 1`).all(ids)
    ) as Array<{ id: number; n: number }>;
    for (const row of rows) counts.set(row.id, (counts.get(row.id) ?? 0) + row.n);
  }
  return counts;
}

/** Where rows still point at a state: [{ table, column, count }]. */
function usesOfState(db: Database.Database, stateId: number): Array<StateReference & { count: number }> {
  return stateReferences(db).map((ref) => ({
    ...ref, count: (db.prepare(`SELECT count(*) AS n FROM ${quote(ref.table)} WHERE ${quote(ref.column)} = ?`).get(stateId) as { n: number }).n,
  })).filter((use) => use.count > 0);
}

interface TypeRow {
  applicationRecordKey: string;
  name: string;
  applicationKey: string;
  version: number;
  modifiedAt: string;
  modifiedByEmployeeId: number | null;
  modifiedByName: string | null;
}

const TYPE_SELECT = `SELECT r.applicationRecordKey, r.name, a.applicationKey, r.version, r.modifiedAt, r.modifiedByEmployeeId, e.preferredName AS modifiedByName
  FROM application_records r JOIN applications a ON a.applicationId = r.applicationId LEFT JOIN employees e ON e.employeeId = r.modifiedByEmployeeId`;

function typeOr404(db: Database.Database, key: string | undefined, parameter: string): TypeRow {
  if (!key) throw badRequest(`Parameter '${parameter}' is required.`, { parameter });
  const row = db.prepare(`${TYPE_SELECT} WHERE r.applicationRecordKey = ? COLLATE NOCASE`).get(key) as TypeRow | undefined;
  if (!row) throw notFound(`No record type '${key.slice(0, 60)}'.`);
  return row;
}

interface StateRow {
  applicationRecordStateId: number;
  name: string;
  closed: number;
  displayOrder: number;
  isInitial: number;
}

const statesOf = (db: Database.Database, key: string): StateRow[] =>
  db.prepare(`SELECT applicationRecordStateId, name, closed, displayOrder, isInitial FROM application_record_states
    WHERE applicationRecordKey = ? ORDER BY displayOrder, applicationRecordStateId`).all(key) as StateRow[];

interface AdvancementRow {
  stateAdvancementId: number;
  fromStateId: number;
  targetStateId: number;
  quickRoute: number;
  displayOrder: number;
}

const advancementsOf = (db: Database.Database, key: string): AdvancementRow[] =>
  db.prepare(`SELECT a.stateAdvancementId, a.applicationRecordStateId AS fromStateId, a.targetApplicationRecordStateId AS targetStateId, a.quickRoute, a.displayOrder
    FROM state_advancements a JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId
    WHERE s.applicationRecordKey = ? ORDER BY s.displayOrder, a.displayOrder, a.stateAdvancementId`).all(key) as AdvancementRow[];

const workflowStates = (rows: readonly StateRow[]): WorkflowState[] =>
  rows.map((s) => ({ id: s.applicationRecordStateId, name: s.name, closed: s.closed === 1, isInitial: s.isInitial === 1 }));
const workflowAdvancements = (rows: readonly AdvancementRow[]): WorkflowAdvancement[] =>
  rows.map((a) => ({ from: a.fromStateId, target: a.targetStateId }));

const problemsNow = (db: Database.Database, key: string): string[] =>
  recordTypeProblems(workflowStates(statesOf(db, key)), workflowAdvancements(advancementsOf(db, key)));

/** The fields secured in a type: SECURED_FIELDS and any field with rows. */
function fieldsOf(db: Database.Database, key: string): string[] {
  const stored = (db.prepare(`SELECT DISTINCT f.fieldName FROM field_security f JOIN application_record_states s ON s.applicationRecordStateId = f.lookupApplicationRecordStateId
    WHERE s.applicationRecordKey = ? ORDER BY f.fieldName`).all(key) as Array<{ fieldName: string }>).map((r) => r.fieldName);
  return [...new Set([...(SECURED_FIELDS[key] ?? []), ...stored])];
}

/** Role names offered for a type: those held on its application key or keyAdmin, and those its rows name. */
function rolesOf(db: Database.Database, type: TypeRow): string[] {
  const held = (db.prepare(`SELECT DISTINCT name FROM employee_roles WHERE applicationKey IN (?, 'keyAdmin') ORDER BY name`).all(type.applicationKey) as Array<{ name: string }>).map((r) => r.name);
  const named = (db.prepare(`SELECT DISTINCT f.roleName FROM field_security f JOIN application_record_states s ON s.applicationRecordStateId = f.lookupApplicationRecordStateId
    WHERE s.applicationRecordKey = ? AND f.roleName IS NOT NULL`).all(type.applicationRecordKey) as Array<{ roleName: string }>).map((r) => r.roleName);
  return [...new Set([...held, ...named])].sort((a, b) => a.localeCompare(b));
}

function typeAnswer(db: Database.Database, type: TypeRow): AppRecordType {
  const states = statesOf(db, type.applicationRecordKey);
  const counts = recordsPerState(db, states.map((s) => s.applicationRecordStateId));
  const advancements = advancementsOf(db, type.applicationRecordKey);
  const rules = db.prepare(`SELECT f.fieldSecurityId, f.lookupApplicationRecordStateId AS applicationRecordStateId, f.fieldName, f.roleName, f.employeeId,
      e.preferredName AS employeeName, f.visible, f.editable
    FROM field_security f JOIN application_record_states s ON s.applicationRecordStateId = f.lookupApplicationRecordStateId
    LEFT JOIN employees e ON e.employeeId = f.employeeId
    WHERE s.applicationRecordKey = ? ORDER BY s.displayOrder, f.fieldName, f.fieldSecurityId`).all(type.applicationRecordKey) as Array<Record<string, unknown>>;
  return {
    applicationRecordKey: type.applicationRecordKey, name: type.name, applicationKey: type.applicationKey, version: type.version,
    states: states.map((s): AppRecordState => ({
      applicationRecordStateId: s.applicationRecordStateId, name: s.name, closed: s.closed === 1, displayOrder: s.displayOrder,
      isInitial: s.isInitial === 1, records: counts.get(s.applicationRecordStateId) ?? 0,
    })),
    advancements: advancements.map((a): AppRecordAdvancement => ({ ...a, quickRoute: a.quickRoute === 1 })),
    fields: fieldsOf(db, type.applicationRecordKey),
    roles: rolesOf(db, type),
    fieldSecurity: rules.map((r): AppRecordFieldRule => ({
      fieldSecurityId: r.fieldSecurityId as number, applicationRecordStateId: r.applicationRecordStateId as number, fieldName: r.fieldName as string,
      roleName: (r.roleName as string | null) ?? null, employeeId: (r.employeeId as number | null) ?? null, employeeName: (r.employeeName as string | null) ?? null,
      visible: r.visible === 1, editable: r.editable === 1,
    })),
    approvals: statesOf(db, type.applicationRecordKey).map((st) => approvalMove(db, st.applicationRecordStateId)).filter((m): m is ApprovalMove => m !== undefined),
    problems: recordTypeProblems(workflowStates(states), workflowAdvancements(advancements)),
  };
}

/** The type named by the form, checked against its Version (409 when another admin changed it since). */
function typeForChange(db: Database.Database, params: { ApplicationRecordKey: string; Version: number }): TypeRow {
  const type = typeOr404(db, params.ApplicationRecordKey, 'ApplicationRecordKey');
  const version = params.Version;
  if (version !== type.version) {
    throw conflict(`${type.name} was changed by ${type.modifiedByName ?? 'someone else'} at ${type.modifiedAt} (version ${type.version}; you had ${version}). Reload it and make your change again.`, {
      currentVersion: type.version, modifiedBy: type.modifiedByName, modifiedAt: type.modifiedAt,
    });
  }
  return type;
}

/**
 * Run a change in a transaction: refused (rolled back, 400 autoAlert) when it leaves the type with a
 * workflow problem it did not have before; else the type's version goes up.
 */
function change(db: Database.Database, type: TypeRow, employeeId: number, functionName: string, apply: () => void): AppRecordType {
  const run = db.transaction(() => {
    const before = problemsNow(db, type.applicationRecordKey);
    apply();
    const added = problemsNow(db, type.applicationRecordKey).filter((p) => !before.includes(p));
    if (added.length) throw alert(functionName, `${type.name}: this change is refused. ${added.join(' ')}`, { problems: added });
    db.prepare('UPDATE application_records SET version = version + 1, modifiedAt = ?, modifiedByEmployeeId = ? WHERE applicationRecordKey = ?')
      .run(clock.nowIso(), employeeId, type.applicationRecordKey);
  });
  run();
  return typeAnswer(db, typeOr404(db, type.applicationRecordKey, 'ApplicationRecordKey'));
}

function stateOfType(db: Database.Database, type: TypeRow, stateId: number, parameter: string): StateRow {
  const state = statesOf(db, type.applicationRecordKey).find((s) => s.applicationRecordStateId === stateId);
  if (!state) throw badRequest(`Parameter '${parameter}': state ${stateId} is not a state of ${type.name}.`, { parameter });
  return state;
}

/** Every change names the type and the Version it was read at. */
const CHANGE = { ApplicationRecordKey: p.string(100, { required: true }), Version: p.id({ required: true }) };

export const appRecordHandlers = declaredFor('admin', [
  route({
    method: 'GET', path: APP_RECORDS_API.types,
    note: 'added: record types with their application and records per state',
    params: {},
    handler: ({ db }) => {
      const types = db.prepare(`${TYPE_SELECT} ORDER BY a.applicationKey, r.name`).all() as TypeRow[];
      const states = db.prepare('SELECT applicationRecordStateId, applicationRecordKey, name, closed FROM application_record_states ORDER BY displayOrder')
        .all() as Array<{ applicationRecordStateId: number; applicationRecordKey: string; name: string; closed: number }>;
      const counts = recordsPerState(db);
      return types.map((t): AppRecordTypeRow => {
        const mine = states.filter((s) => s.applicationRecordKey === t.applicationRecordKey).map((s) => ({
          applicationRecordStateId: s.applicationRecordStateId, name: s.name, closed: s.closed === 1, records: counts.get(s.applicationRecordStateId) ?? 0,
        }));
        return {
          applicationRecordKey: t.applicationRecordKey, name: t.name, applicationKey: t.applicationKey, version: t.version,
          states: mine, records: mine.reduce((sum, s) => sum + s.records, 0),
        };
      });
    },
  }),

  route({
    method: 'GET', path: APP_RECORDS_API.type,
    note: 'added: applicationRecordKey: states (records in each), advancements, fields, roles, field security, version, problems',
    params: { applicationRecordKey: p.string(100, { required: true }) },
    handler: ({ db, params }) => typeAnswer(db, typeOr404(db, params.applicationRecordKey, 'applicationRecordKey')),
  }),

  route({
    method: 'POST', path: APP_RECORDS_API.saveStates,
    note: 'added: ApplicationRecordKey, Version (409 stale), states[i].applicationRecordStateId?/name/closed/displayOrder/isInitial; a workflow problem → 400 autoAlert',
    params: {
      ...CHANGE,
      states: p.list({ applicationRecordStateId: p.id(), name: p.string(1000, { empty: 'keep' }), closed: p.boolean(), displayOrder: p.id(), isInitial: p.boolean() }),
    },
    handler: ({ db, params, user }) => {
      const type = typeForChange(db, params);
      const entries = params.states ?? [];
      if (!entries.length) throw badRequest("Send the states as states[i].name, states[i].closed, states[i].displayOrder (and states[i].applicationRecordStateId for an existing one).", { parameter: 'states' });
      const existing = statesOf(db, type.applicationRecordKey);
      const parsed = entries.map((e, index) => {
        const at = `states[${index}]`;
        const id = e.applicationRecordStateId;
        if (id !== undefined && !existing.some((s) => s.applicationRecordStateId === id)) throw badRequest(`${at}: state ${id} is not a state of ${type.name}.`, { parameter: `${at}.applicationRecordStateId` });
        const name = (e.name ?? '').trim();
        if (!name) throw badRequest(`${at}: a state needs a name.`, { parameter: `${at}.name` });
        if (name.length > STATE_NAME_MAX) throw badRequest(`${at}: a state name has at most ${STATE_NAME_MAX} characters.`, { parameter: `${at}.name` });
        const order = e.displayOrder ?? index + 1;
        const current = existing.find((s) => s.applicationRecordStateId === id);
        return {
          id, name, order,
          closed: e.closed ?? (current ? current.closed === 1 : false),
          isInitial: e.isInitial ?? (current ? current.isInitial === 1 : false),
        };
      });
      // Names stay unique within the type, counting the states not sent.
      const finalNames = new Map<number, string>(existing.map((s) => [s.applicationRecordStateId, s.name.toLowerCase()]));
      parsed.forEach((p, index) => finalNames.set(p.id ?? -1 - index, p.name.toLowerCase()));
      const seen = new Set<string>();
      for (const name of finalNames.values()) {
        if (seen.has(name)) throw badRequest(`${type.name} would have two states named '${parsed.find((p) => p.name.toLowerCase() === name)?.name ?? name}'.`, { parameter: 'states' });
        seen.add(name);
      }
      return change(db, type, user.employeeId, 'SaveStates', () => {
        const now = clock.nowIso();
        for (const p of parsed) {
          if (p.id !== undefined) {
            db.prepare(`UPDATE application_record_states SET name = ?, displayText = ?, closed = ?, displayOrder = ?, isInitial = ?, modifiedAt = ?
              WHERE applicationRecordStateId = ? AND (name <> ? OR closed <> ? OR displayOrder <> ? OR isInitial <> ?)`)
              .run(p.name, p.name, p.closed ? 1 : 0, p.order, p.isInitial ? 1 : 0, now, p.id, p.name, p.closed ? 1 : 0, p.order, p.isInitial ? 1 : 0);
          } else {
            db.prepare(`INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
              VALUES (?, ?, ?, ?, ?, ?, ?)`).run(type.applicationRecordKey, p.name, p.closed ? 1 : 0, p.order, p.isInitial ? 1 : 0, p.name, now);
          }
        }
      });
    },
  }),

  route({
    method: 'POST', path: APP_RECORDS_API.removeState,
    note: 'added: ApplicationRecordKey, Version, ApplicationRecordStateId; refused (400 autoAlert naming how many and where) while records are in it',
    params: { ...CHANGE, ApplicationRecordStateId: p.id({ required: true }) },
    handler: ({ db, params, user }) => {
      const type = typeForChange(db, params);
      const state = stateOfType(db, type, params.ApplicationRecordStateId, 'ApplicationRecordStateId');
      const uses = usesOfState(db, state.applicationRecordStateId);
      if (uses.length) {
        const total = uses.reduce((sum, u) => sum + u.count, 0);
        const where = uses.map((u) => `${u.count} in ${u.table}.${u.column}`).join(', ');
        throw alert('RemoveState', `'${state.name}' cannot be removed: ${total} ${total === 1 ? 'record is' : 'records are'} still in it (${where}). Move them to another state first.`, {
          records: total, uses: uses.map((u) => ({ table: u.table, column: u.column, count: u.count })),
        });
      }
      return change(db, type, user.employeeId, 'RemoveState', () => {
        db.prepare('DELETE FROM field_security WHERE lookupApplicationRecordStateId = ?').run(state.applicationRecordStateId);
        db.prepare('DELETE FROM state_advancements WHERE applicationRecordStateId = ? OR targetApplicationRecordStateId = ?').run(state.applicationRecordStateId, state.applicationRecordStateId);
        db.prepare('DELETE FROM application_record_states WHERE applicationRecordStateId = ?').run(state.applicationRecordStateId);
      });
    },
  }),

  route({
    method: 'POST', path: APP_RECORDS_API.saveAdvancements,
    note: 'added: ApplicationRecordKey, Version, advancements[i].from/target/quickRoute (the whole list); no reachable closed state → 400 autoAlert',
    params: { ...CHANGE, advancements: p.list({ from: p.id(), target: p.id(), quickRoute: p.boolean() }) },
    handler: ({ db, params, user }) => {
      const type = typeForChange(db, params);
      const states = statesOf(db, type.applicationRecordKey);
      const ids = new Set(states.map((s) => s.applicationRecordStateId));
      const entries = params.advancements ?? [];
      const wanted = entries.map((e, index) => {
        const at = `advancements[${index}]`;
        const { from, target } = e;
        if (from === undefined || !ids.has(from)) throw badRequest(`${at}.from must be a state of ${type.name}.`, { parameter: `${at}.from` });
        if (target === undefined || !ids.has(target)) throw badRequest(`${at}.target must be a state of ${type.name}.`, { parameter: `${at}.target` });
        if (from === target) throw badRequest(`${at}: a state cannot advance to itself.`, { parameter: `${at}.target` });
        return { from, target, quickRoute: e.quickRoute ?? false };
      });
      const keyOf = (a: { from: number; target: number }) => `${a.from}>${a.target}`;
      if (new Set(wanted.map(keyOf)).size !== wanted.length) throw badRequest('Each advancement (from → target) may be listed once.', { parameter: 'advancements' });
      return change(db, type, user.employeeId, 'SaveAdvancements', () => {
        const now = clock.nowIso();
        const current = advancementsOf(db, type.applicationRecordKey);
        const keep = new Set(wanted.map(keyOf));
        for (const a of current) if (!keep.has(keyOf({ from: a.fromStateId, target: a.targetStateId }))) db.prepare('DELETE FROM state_advancements WHERE stateAdvancementId = ?').run(a.stateAdvancementId);
        const orderFrom = new Map<number, number>();
        for (const w of wanted) {
          const order = (orderFrom.get(w.from) ?? 0) + 1;
          orderFrom.set(w.from, order);
          const found = current.find((a) => a.fromStateId === w.from && a.targetStateId === w.target);
          if (found) {
            db.prepare('UPDATE state_advancements SET quickRoute = ?, displayOrder = ?, modifiedAt = ? WHERE stateAdvancementId = ? AND (quickRoute <> ? OR displayOrder <> ?)')
              .run(w.quickRoute ? 1 : 0, order, now, found.stateAdvancementId, w.quickRoute ? 1 : 0, order);
          } else {
            db.prepare('INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt) VALUES (?, ?, ?, ?, ?)')
              .run(w.from, w.target, w.quickRoute ? 1 : 0, order, now);
          }
        }
      });
    },
  }),

  route({
    method: 'POST', path: APP_RECORDS_API.saveFieldSecurity,
    note: "added: ApplicationRecordKey, Version, ApplicationRecordStateId, RoleName ('' = default), fields[i].fieldName/visible/editable",
    params: {
      ...CHANGE, ApplicationRecordStateId: p.id({ required: true }), RoleName: p.string(60),
      fields: p.list({ fieldName: p.string(200, { empty: 'keep' }), visible: p.boolean(), editable: p.boolean() }),
    },
    handler: ({ db, params, user }) => {
      const type = typeForChange(db, params);
      const state = stateOfType(db, type, params.ApplicationRecordStateId, 'ApplicationRecordStateId');
      const roleName = params.RoleName ?? null;
      const fields = fieldsOf(db, type.applicationRecordKey);
      const entries = params.fields ?? [];
      if (!entries.length) throw badRequest('Send the fields as fields[i].fieldName, fields[i].visible, fields[i].editable.', { parameter: 'fields' });
      const parsed = entries.map((e) => {
        const fieldName = fields.find((f) => f.toLowerCase() === (e.fieldName ?? '').trim().toLowerCase());
        if (!fieldName) throw badRequest(`'${(e.fieldName ?? '').slice(0, 60)}' is not a secured field of ${type.name} (${fields.join(', ') || 'none'}).`, { parameter: 'fields' });
        const visible = e.visible ?? true;
        const editable = e.editable ?? false;
        if (editable && !visible) throw badRequest(`${fieldName}: a hidden field cannot be editable.`, { parameter: 'fields' });
        return { fieldName, visible, editable };
      });
      return change(db, type, user.employeeId, 'SaveFieldSecurity', () => {
        const now = clock.nowIso();
        for (const p of parsed) {
          const row = db.prepare(`SELECT fieldSecurityId, visible, editable FROM field_security WHERE lookupApplicationRecordStateId = ? AND fieldName = ?
            AND employeeId IS NULL AND ${roleName === null ? 'roleName IS NULL' : 'roleName = ? COLLATE NOCASE'} ORDER BY fieldSecurityId LIMIT 1`)
            .get(...[state.applicationRecordStateId, p.fieldName, ...(roleName === null ? [] : [roleName])]) as { fieldSecurityId: number; visible: number; editable: number } | undefined;
          if (row) {
            if (row.visible !== (p.visible ? 1 : 0) || row.editable !== (p.editable ? 1 : 0)) {
              db.prepare('UPDATE field_security SET visible = ?, editable = ?, modifiedAt = ? WHERE fieldSecurityId = ?').run(p.visible ? 1 : 0, p.editable ? 1 : 0, now, row.fieldSecurityId);
            }
          } else {
            db.prepare(`INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt)
              VALUES (?, ?, ?, NULL, ?, ?, ?)`).run(state.applicationRecordStateId, p.fieldName, roleName, p.editable ? 1 : 0, p.visible ? 1 : 0, now);
          }
        }
      });
    },
  }),

  route({
    method: 'GET', path: APP_RECORDS_API.testAs,
    note: 'added: applicationRecordKey, applicationRecordStateId, roleName: the fields that role sees and edits there (the one fieldPermissionsFor)',
    params: { applicationRecordKey: p.string(100, { required: true }), applicationRecordStateId: p.id({ required: true }), roleName: p.string(60) },
    handler: ({ db, params }): AppRecordTestAs => {
      const type = typeOr404(db, params.applicationRecordKey, 'applicationRecordKey');
      const state = stateOfType(db, type, params.applicationRecordStateId, 'applicationRecordStateId');
      const roleName = params.roleName ?? '';
      const roles = roleName ? [{ applicationKey: type.applicationKey, name: roleName }] : [];
      return {
        applicationRecordKey: type.applicationRecordKey, applicationRecordStateId: state.applicationRecordStateId, stateName: state.name, roleName,
        fields: fieldPermissionsFor(db, { employeeId: null, roles }, state.applicationRecordStateId, fieldsOf(db, type.applicationRecordKey)),
      };
    },
  }),

  route({
    method: 'POST', path: APP_RECORDS_API.saveApprovals,
    note: "added: ApplicationRecordKey, Version (409 stale), moves[i].target/notSubmitter/notPreviousApprover, limits[i].target/roleName/upToAmount ('' = any): the type's whole approval matrix",
    params: {
      ...CHANGE,
      moves: p.list({ target: p.id({ required: true }), notSubmitter: p.boolean({ required: true }), notPreviousApprover: p.boolean({ required: true }) }, { max: 100 }),
      limits: p.list({ target: p.id({ required: true }), roleName: p.string(100, { required: true }), upToAmount: p.money({ empty: 'null' }) }, { max: 500 }),
    },
    handler: ({ db, user, params }) => {
      const type = typeForChange(db, params);
      const moves = params.moves ?? [];
      const limits = params.limits ?? [];
      const targets = new Set<number>();
      for (const move of moves) {
        stateOfType(db, type, move.target, `moves[${move.index}].target`);
        if (targets.has(move.target)) throw badRequest(`Parameter 'moves[${move.index}].target': the state is an approval step twice.`, { parameter: `moves[${move.index}].target` });
        targets.add(move.target);
      }
      const roles = new Set(rolesOf(db, type).map((r) => r.toLowerCase()));
      const seen = new Set<string>();
      for (const limit of limits) {
        const at = `limits[${limit.index}]`;
        if (!targets.has(limit.target)) throw badRequest(`Parameter '${at}.target': the state is not one of the approval steps sent.`, { parameter: `${at}.target` });
        if (!roles.has(limit.roleName.toLowerCase())) throw badRequest(`Parameter '${at}.roleName': ${type.applicationKey} has no role '${limit.roleName}'.`, { parameter: `${at}.roleName` });
        if (limit.upToAmount !== undefined && limit.upToAmount !== null && limit.upToAmount < 0) throw badRequest(`Parameter '${at}.upToAmount' must not be negative.`, { parameter: `${at}.upToAmount` });
        const key = `${limit.target}:${limit.roleName.toLowerCase()}`;
        if (seen.has(key)) throw badRequest(`Parameter '${at}.roleName': ${limit.roleName} is listed twice for one step.`, { parameter: `${at}.roleName` });
        seen.add(key);
      }
      return change(db, type, user.employeeId, 'SaveApprovals', () => {
        const at = clock.nowIso();
        db.prepare(`DELETE FROM approval_moves WHERE targetApplicationRecordStateId IN
          (SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = ?)`).run(type.applicationRecordKey);
        const insertMove = db.prepare(`INSERT INTO approval_moves (applicationRecordKey, targetApplicationRecordStateId, notSubmitter, notPreviousApprover, modifiedAt)
          VALUES (?, ?, ?, ?, ?)`);
        const insertLimit = db.prepare(`INSERT INTO approval_limits (approvalMoveId, applicationKey, roleName, upToAmount, modifiedAt) VALUES (?, ?, ?, ?, ?)`);
        for (const move of moves) {
          const moveId = Number(insertMove.run(type.applicationRecordKey, move.target, move.notSubmitter ? 1 : 0, move.notPreviousApprover ? 1 : 0, at).lastInsertRowid);
          for (const limit of limits.filter((l) => l.target === move.target)) {
            insertLimit.run(moveId, type.applicationKey, limit.roleName, limit.upToAmount ?? null, at);
          }
        }
      });
    },
  }),
]);
