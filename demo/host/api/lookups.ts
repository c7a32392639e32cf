/**
 * Single-object and whole-list reference calls, generated from the shared lookup table
 * (src/core/lookups/types.ts, the lookups convention): the id field is the query parameter,
 * answers are `{ data: object }` / `{ data: [...] }`, every object has `displayText`; an unknown id
 * is 404 JSON, a malformed one 400.
 */
import type Database from 'better-sqlite3';
import { LOOKUP_TYPES, type LookupType } from '../../../src/core/lookups/types';
import type { RoleEntry } from '../../../src/core/access';
import type { Caller, Handler, Handlers } from './context';
import { badRequest, idParam, notFound, rawParam } from './http';
import * as Q from './queries';
import { routeKey } from './routes';
import { rowsToApi, toApi } from './rows';
import { currentReach, reaches } from './project-access';

/**
 * Project security (project-access.ts): the lookups of PFM project data and the record key named in
 * their 404. A record of a project out of the caller's reach answers 404 with the words of an unknown
 * one (ids cannot be probed); their lists keep only reachable projects. The token lookup `project`
 * (number and name, for the Request access screen) and vendors are not project data.
 */
const PROJECT_SCOPED: ReadonlySet<LookupType> = new Set<LookupType>([
  'pfm-project', 'pfm-budget', 'pfm-owner-agreement', 'pfm-owner-agreement-change-order', 'subcontract', 'pfm-subcontract',
  'pfm-purchase-agreement', 'pfm-subcontract-change-order', 'pfm-purchase-agreement-change-order', 'pfm-purchase-order', 'costCode',
]);

/** True when the caller reaches the row's project (rows of unscoped types always). */
function rowReachable(type: LookupType, row: Record<string, unknown>): boolean {
  if (!PROJECT_SCOPED.has(type)) return true;
  return reaches(currentReach(), Number(row.projectId));
}

interface Source {
  /** SELECT … FROM … (main table aliased t). */
  select: string;
  /** The id column, qualified. */
  idColumn: string;
  orderBy: string;
}

const simple = (table: string, id: string): Source => ({
  select: `SELECT t.* FROM ${table} t`, idColumn: `t.${id}`, orderBy: 't.name',
});

const SOURCES: Record<Exclude<LookupType, 'fieldSecurity'>, Source> = {
  employee: {
    select: `SELECT t.employeeId, t.employeeKey, t.firstName, t.lastName, t.preferredName, t.initials, t.jobTitle, t.email, t.active,
      t.betaUser, t.managerEmployeeId, t.legalEntityId, t.displayText, t.modifiedAt FROM employees t`,
    idColumn: 't.employeeId', orderBy: 't.lastName, t.firstName',
  },
  employeeRole: {
    select: 'SELECT t.employeeRoleId, t.employeeId, t.applicationId, t.applicationKey, t.name, t.displayText, t.modifiedAt FROM employee_roles t',
    idColumn: 't.employeeRoleId', orderBy: 't.employeeRoleId',
  },
  project: { select: Q.PROJECT_SELECT, idColumn: 't.projectId', orderBy: 't.number' },
  'pfm-project': { select: Q.PROJECT_SELECT, idColumn: 't.projectId', orderBy: 't.number' },
  'pfm-budget': { select: Q.BUDGET_SELECT, idColumn: 't.budgetId', orderBy: 't.jobNumber' },
  'pfm-owner-agreement': { select: Q.OWNER_AGREEMENT_SELECT, idColumn: 't.ownerAgreementId', orderBy: 't.number' },
  'pfm-owner-agreement-change-order': { select: Q.OWNER_AGREEMENT_CO_SELECT, idColumn: 't.ownerAgreementChangeOrderId', orderBy: 't.number' },
  vendor: { select: Q.VENDOR_SELECT, idColumn: 't.vendorId', orderBy: 't.name' },
  subcontract: { select: Q.SUBCONTRACT_SELECT, idColumn: 't.subcontractId', orderBy: 't.number' },
  'pfm-subcontract': { select: Q.SUBCONTRACT_SELECT, idColumn: 't.subcontractId', orderBy: 't.number' },
  'pfm-purchase-agreement': { select: Q.PURCHASE_AGREEMENT_SELECT, idColumn: 't.purchaseAgreementId', orderBy: 't.number' },
  'pfm-subcontract-change-order': { select: Q.SUBCONTRACT_CO_SELECT, idColumn: 't.subcontractChangeOrderId', orderBy: 't.number' },
  'pfm-purchase-agreement-change-order': { select: Q.PURCHASE_AGREEMENT_CO_SELECT, idColumn: 't.purchaseAgreementChangeOrderId', orderBy: 't.number' },
  'pfm-purchase-order': { select: Q.PURCHASE_ORDER_SELECT, idColumn: 't.purchaseOrderId', orderBy: 't.number' },
  application: {
    select: 'SELECT t.applicationId, t.applicationKey, t.name, t.displayText, t.modifiedAt FROM applications t',
    idColumn: 't.applicationKey', orderBy: 't.applicationKey',
  },
  legalEntity: simple('legal_entities', 'legalEntityId'),
  applicationRecord: {
    select: `SELECT t.applicationRecordId, t.applicationRecordKey, t.applicationId, a.applicationKey, t.name, t.displayText, t.modifiedAt
      FROM application_records t JOIN applications a ON a.applicationId = t.applicationId`,
    idColumn: 't.applicationRecordId', orderBy: 't.applicationRecordId',
  },
  applicationRecordState: {
    select: `SELECT t.applicationRecordStateId, t.name, t.applicationRecordKey, t.closed, t.displayOrder, t.isInitial, t.displayText, t.modifiedAt
      FROM application_record_states t`,
    idColumn: 't.applicationRecordStateId', orderBy: 't.applicationRecordKey, t.displayOrder',
  },
  changeRecordType: simple('change_record_types', 'changeRecordTypeId'),
  initiatingDocumentType: simple('initiating_document_types', 'initiatingDocumentTypeId'),
  changeReason: simple('change_reasons', 'changeReasonId'),
  reimbursableType: { ...simple('reimbursable_types', 'reimbursableTypeId'), orderBy: 't.reimbursableTypeId' },
  costAdjustmentReason: simple('cost_adjustment_reasons', 'costAdjustmentReasonId'),
  directCostType: simple('direct_cost_types', 'directCostTypeId'),
  subcontractType: { ...simple('subcontract_types', 'subcontractTypeId'), orderBy: 't.subcontractTypeId' },
  costCode: { select: Q.COST_CODE_SELECT, idColumn: 't.costCodeId', orderBy: 't.code, t.type' },
};

/** The advancements offered from a state (§3: quickRoute and targetApplicationRecordState). */
export function advancementsFrom(db: Database.Database, stateId: number): unknown[] {
  return (db.prepare(`SELECT a.stateAdvancementId, a.quickRoute, a.displayOrder, s.applicationRecordStateId, s.name, s.applicationRecordKey,
      s.closed, s.displayOrder AS stateDisplayOrder, s.displayText
    FROM state_advancements a JOIN application_record_states s ON s.applicationRecordStateId = a.targetApplicationRecordStateId
    WHERE a.applicationRecordStateId = ? ORDER BY a.displayOrder`).all(stateId) as Array<Record<string, unknown>>)
    .map((r) => ({
      stateAdvancementId: r.stateAdvancementId, quickRoute: r.quickRoute === 1, displayOrder: r.displayOrder,
      targetApplicationRecordState: toApi({
        applicationRecordStateId: r.applicationRecordStateId, name: r.name, applicationRecordKey: r.applicationRecordKey,
        closed: r.closed, displayOrder: r.stateDisplayOrder, displayText: r.displayText,
      }),
    }));
}

/** One field's effective permission for a user. */
export interface FieldPermission {
  fieldName: string;
  editable: boolean;
  visible: boolean;
}

/** Who field security is worked out for: an employee (per-user rows apply) or a role list ("test as": no employee). */
export interface FieldSecuritySubject {
  employeeId: number | null;
  roles: readonly RoleEntry[];
}

/** The application key of the record type a state belongs to ('keyTC' for a Timecard state), or undefined. */
export function stateApplicationKey(db: Database.Database, stateId: number): string | undefined {
  const row = db.prepare(`SELECT a.applicationKey FROM application_record_states s
    JOIN application_records r ON r.applicationRecordKey = s.applicationRecordKey JOIN applications a ON a.applicationId = r.applicationId
    WHERE s.applicationRecordStateId = ?`).get(stateId) as { applicationKey: string } | undefined;
  return row?.applicationKey;
}

/**
 * THE field permissions of a subject in one state, shared by the workbenches (the fieldSecurity
 * lookup), the server's writes and the app-records "test as" preview: a per-user row wins, then role
 * rows (any of the subject's role names on keyPFM, keyAdmin or the record type's own application key;
 * editable if any says so), then the default row. `fields` adds fields without rows (visible, not
 * editable, as the workbenches treat them).
 */
export function fieldPermissionsFor(db: Database.Database, who: FieldSecuritySubject, stateId: number, fields: readonly string[] = []): FieldPermission[] {
  const rows = db.prepare(`SELECT fieldName, roleName, employeeId, editable, visible FROM field_security
    WHERE lookupApplicationRecordStateId = ? ORDER BY fieldSecurityId`).all(stateId) as Array<{
    fieldName: string; roleName: string | null; employeeId: number | null; editable: number; visible: number;
  }>;
  const keys = new Set(['keypfm', 'keyadmin', (stateApplicationKey(db, stateId) ?? 'keyPFM').toLowerCase()]);
  const roleNames = new Set(who.roles.filter((r) => keys.has(r.applicationKey.toLowerCase())).map((r) => r.name.toLowerCase()));
  const names = [...new Set([...rows.map((r) => r.fieldName), ...fields])];
  return names.map((fieldName) => {
    const mine = rows.filter((r) => r.fieldName === fieldName);
    const own = who.employeeId === null ? undefined : mine.find((r) => r.employeeId === who.employeeId);
    const roles = mine.filter((r) => r.roleName && roleNames.has(r.roleName.toLowerCase()));
    const base = mine.find((r) => r.roleName === null && r.employeeId === null);
    if (own) return { fieldName, editable: own.editable === 1, visible: own.visible === 1 };
    if (roles.length) return { fieldName, editable: roles.some((r) => r.editable === 1), visible: roles.some((r) => r.visible === 1) };
    return { fieldName, editable: base?.editable === 1, visible: base ? base.visible === 1 : true };
  });
}

/** The caller's field permissions in one state ({@link fieldPermissionsFor} for the caller). */
export function fieldPermissions(db: Database.Database, user: Caller, stateId: number): FieldPermission[] {
  return fieldPermissionsFor(db, { employeeId: user.employeeId, roles: user.roles }, stateId);
}

function fieldSecurityObject(db: Database.Database, user: Caller, state: Record<string, unknown>): unknown {
  const stateId = state.applicationRecordStateId as number;
  return {
    lookupApplicationRecordStateId: stateId, applicationRecordKey: state.applicationRecordKey, stateName: state.name,
    closed: state.closed === 1, displayText: `${state.applicationRecordKey}: ${state.name}`, fields: fieldPermissions(db, user, stateId),
  };
}

function one(db: Database.Database, source: Source, id: number | string): Record<string, unknown> | undefined {
  return db.prepare(`${source.select} WHERE ${source.idColumn} = ?`).get(id) as Record<string, unknown> | undefined;
}

function all(db: Database.Database, source: Source): Array<Record<string, unknown>> {
  return db.prepare(`${source.select} ORDER BY ${source.orderBy}`).all() as Array<Record<string, unknown>>;
}

/** Parse the id of `type`: a positive integer, or for application a key like 'keyPFM'. */
function lookupId(type: LookupType, query: Record<string, unknown>, required: boolean): number | string | undefined {
  const config = LOOKUP_TYPES[type];
  if (config.idKind === 'string') {
    const raw = rawParam(query, config.idField)?.trim();
    if (!raw) {
      if (required) throw badRequest(`Parameter '${config.idField}' is required.`, { parameter: config.idField });
      return undefined;
    }
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(raw)) throw badRequest(`Parameter '${config.idField}' must be an application key like 'keyPFM'.`, { parameter: config.idField });
    return raw;
  }
  return required ? idParam(query, config.idField, true) : idParam(query, config.idField);
}

function singleHandler(type: Exclude<LookupType, 'fieldSecurity'>, listToo: boolean): Handler {
  const source = SOURCES[type];
  const config = LOOKUP_TYPES[type];
  return ({ db, query }) => {
    const id = lookupId(type, query, !listToo);
    if (id === undefined) return rowsToApi(all(db, source).filter((row) => rowReachable(type, row)));
    const row = one(db, source, typeof id === 'string' ? id : id);
    if (!row || !rowReachable(type, row)) throw notFound(`No ${type} with ${config.idField} ${id}.`);
    if (type === 'applicationRecordState') return { ...toApi(row), advancements: advancementsFrom(db, id as number) };
    return toApi(row);
  };
}

function build(): Handlers {
  const handlers: Handlers = {};
  for (const [name, config] of Object.entries(LOOKUP_TYPES) as Array<[LookupType, (typeof LOOKUP_TYPES)[LookupType]]>) {
    if (name === 'fieldSecurity') continue;
    const listToo = config.list !== undefined && config.list === config.single;
    handlers[routeKey('GET', config.single)] = singleHandler(name, listToo);
    if (config.list && !listToo) {
      const source = SOURCES[name];
      handlers[routeKey('GET', config.list)] = ({ db }) => rowsToApi(all(db, source).filter((row) => rowReachable(name, row)));
    }
  }
  const fs = LOOKUP_TYPES.fieldSecurity;
  handlers[routeKey('GET', fs.single)] = ({ db, user, query }) => {
    const id = idParam(query, fs.idField, true);
    const state = db.prepare('SELECT * FROM application_record_states WHERE applicationRecordStateId = ?').get(id) as Record<string, unknown> | undefined;
    if (!state) throw notFound(`No fieldSecurity with applicationRecordStateId ${id}.`);
    return fieldSecurityObject(db, user, state);
  };
  handlers[routeKey('GET', fs.list!)] = ({ db, user }) =>
    (db.prepare(`SELECT * FROM application_record_states WHERE applicationRecordStateId IN (SELECT lookupApplicationRecordStateId FROM field_security)
      ORDER BY applicationRecordKey, displayOrder`).all() as Array<Record<string, unknown>>).map((state) => fieldSecurityObject(db, user, state));
  return handlers;
}

export const lookupHandlers: Handlers = build();
