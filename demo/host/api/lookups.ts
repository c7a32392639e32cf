/**
 * Single-object and whole-list reference calls, generated from the shared lookup table
 * (src/core/lookups/types.ts, the lookups convention): the id field is the query parameter,
 * answers are `{ data: object }` / `{ data: [...] }`, every object has `displayText`; an unknown id
 * is 404 JSON, a malformed one 400.
 */
import type Database from 'better-sqlite3';
import { LOOKUP_TYPES, type LookupType } from '../../../src/core/lookups/types';
import type { Caller } from './context';
import { declared, p, route, type RouteAccess, type RouteDeclaration } from './declare';
import { badRequest, notFound } from './http';
import { COST_CODE_SELECT } from './pfm/budget-lines/loads';
import { PURCHASE_AGREEMENT_CO_SELECT, PURCHASE_AGREEMENT_SELECT, PURCHASE_ORDER_SELECT, SUBCONTRACT_CO_SELECT, SUBCONTRACT_SELECT } from './pfm/commitments/loads';
import { OWNER_AGREEMENT_CO_SELECT, OWNER_AGREEMENT_SELECT } from './pfm/owner-agreements/loads';
import { BUDGET_SELECT, PROJECT_SELECT } from './pfm/projections/loads';
import { rowsToApi, toApi } from './rows';
import { currentReach, reaches } from './project-access';
import { withoutHiddenFields } from './field-reads';
import { stateFieldSecurity } from './field-security';

/**
 * Project security (project-access.ts): the lookups of project data. A record of a project out of the
 * caller's reach answers 404 with the words of an unknown one (ids cannot be probed); their lists keep
 * only reachable projects. The token lookup `project` answers the whole project row (contract amount,
 * team, budget), so it is scoped as well: any signed-in employee gets the projects of his teams (the
 * Request access screen finds other projects through its own call, ACCESS_REQUEST_API.getProjects).
 * Vendors are not project data.
 */
const PROJECT_SCOPED: ReadonlySet<LookupType> = new Set<LookupType>([
  'project', 'pfm-project', 'pfm-budget', 'pfm-owner-agreement', 'pfm-owner-agreement-change-order', 'subcontract', 'pfm-subcontract',
  'pfm-purchase-agreement', 'pfm-subcontract-change-order', 'pfm-purchase-agreement-change-order', 'pfm-purchase-order', 'costCode',
]);

/** True when the caller reaches the row's project (rows of unscoped types always). */
function rowReachable(type: LookupType, row: Record<string, unknown>): boolean {
  if (!PROJECT_SCOPED.has(type)) return true;
  return reaches(currentReach(), Number(row.projectId));
}

/**
 * Field security on reads (field-reads.ts): the lookups that answer a record with secured fields, by
 * its record key; the fields hidden for the caller in the record's state are left out.
 */
const SECURED_LOOKUPS: Partial<Record<LookupType, string>> = { subcontract: 'Subcontract', 'pfm-subcontract': 'Subcontract' };

/** The rows of lookup `type` as the caller may see them (hidden secured fields left out). */
function readable(db: Database.Database, user: Caller, type: LookupType, rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const recordKey = SECURED_LOOKUPS[type];
  return recordKey ? withoutHiddenFields(db, user, recordKey, rows) : rows;
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

/** Vendors have no host area of their own: their SELECT lives beside its one reader, the `vendor` lookup. */
export const VENDOR_SELECT = `SELECT t.vendorId, t.vendorNumber, t.name, t.trade, t.city, t.state, t.phone, t.email, t.active, t.displayText, t.modifiedAt
  FROM vendors t`;

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
  project: { select: PROJECT_SELECT, idColumn: 't.projectId', orderBy: 't.number' },
  'pfm-project': { select: PROJECT_SELECT, idColumn: 't.projectId', orderBy: 't.number' },
  'pfm-budget': { select: BUDGET_SELECT, idColumn: 't.budgetId', orderBy: 't.jobNumber' },
  'pfm-owner-agreement': { select: OWNER_AGREEMENT_SELECT, idColumn: 't.ownerAgreementId', orderBy: 't.number' },
  'pfm-owner-agreement-change-order': { select: OWNER_AGREEMENT_CO_SELECT, idColumn: 't.ownerAgreementChangeOrderId', orderBy: 't.number' },
  vendor: { select: VENDOR_SELECT, idColumn: 't.vendorId', orderBy: 't.name' },
  subcontract: { select: SUBCONTRACT_SELECT, idColumn: 't.subcontractId', orderBy: 't.number' },
  'pfm-subcontract': { select: SUBCONTRACT_SELECT, idColumn: 't.subcontractId', orderBy: 't.number' },
  'pfm-purchase-agreement': { select: PURCHASE_AGREEMENT_SELECT, idColumn: 't.purchaseAgreementId', orderBy: 't.number' },
  'pfm-subcontract-change-order': { select: SUBCONTRACT_CO_SELECT, idColumn: 't.subcontractChangeOrderId', orderBy: 't.number' },
  'pfm-purchase-agreement-change-order': { select: PURCHASE_AGREEMENT_CO_SELECT, idColumn: 't.purchaseAgreementChangeOrderId', orderBy: 't.number' },
  'pfm-purchase-order': { select: PURCHASE_ORDER_SELECT, idColumn: 't.purchaseOrderId', orderBy: 't.number' },
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
  costCode: { select: COST_CODE_SELECT, idColumn: 't.costCodeId', orderBy: 't.code, t.type' },
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


function one(db: Database.Database, source: Source, id: number | string): Record<string, unknown> | undefined {
  return db.prepare(`${source.select} WHERE ${source.idColumn} = ?`).get(id) as Record<string, unknown> | undefined;
}

function all(db: Database.Database, source: Source): Array<Record<string, unknown>> {
  return db.prepare(`${source.select} ORDER BY ${source.orderBy}`).all() as Array<Record<string, unknown>>;
}

/** An application key as the application lookup takes it ('keyPFM'). */
const APPLICATION_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Access and note of each lookup route (its row of the access table): the single-object call, and the
 * whole-list call when the type has one of its own. Reference data is for any signed-in employee
 * ('token'); PFM data for ACCESS.pfm (the legacy subcontract path also for keyCostManagement).
 */
const ROUTES: Record<LookupType, { single: readonly [RouteAccess, string]; list?: readonly [RouteAccess, string] }> = {
  employee: { single: ['token', 'lookup employee (employeeId)'] },
  employeeRole: { single: ['token', 'lookup employeeRole (employeeRoleId)'], list: ['token', 'list employeeRole'] },
  project: { single: ['token', 'lookup project (projectId)'] },
  'pfm-project': { single: ['pfm', 'lookup pfm-project (projectId)'] },
  'pfm-budget': { single: ['pfm', 'lookup pfm-budget (budgetId)'] },
  'pfm-owner-agreement': { single: ['pfm', 'lookup (ownerAgreementId)'] },
  'pfm-owner-agreement-change-order': { single: ['pfm', 'lookup (ownerAgreementChangeOrderId)'] },
  vendor: { single: ['pfm', 'lookup vendor (vendorId)'], list: ['pfm', 'added: list vendor (every vendor, inactive ones too)'] },
  subcontract: {
    single: [{ anyOf: [{ key: 'keyPFM', roles: ['Admin', 'Project Manager', 'RPM'] }, { key: 'keyCostManagement' }] }, 'lookup subcontract (subcontractId), legacy path'],
  },
  'pfm-subcontract': { single: ['pfm', 'lookup (subcontractId)'] },
  'pfm-purchase-agreement': { single: ['pfm', 'lookup (purchaseAgreementId)'] },
  'pfm-subcontract-change-order': { single: ['pfm', 'lookup (subcontractChangeOrderId)'] },
  'pfm-purchase-agreement-change-order': { single: ['pfm', 'lookup (purchaseAgreementChangeOrderId)'] },
  'pfm-purchase-order': { single: ['pfm', 'lookup (purchaseOrderId)'] },
  application: { single: ['token', 'lookup application (applicationKey)'] },
  legalEntity: { single: ['token', 'lookup (legalEntityId)'], list: ['token', 'list legalEntity'] },
  applicationRecord: { single: ['token', 'lookup (applicationRecordId)'], list: ['token', 'list applicationRecord'] },
  applicationRecordState: { single: ['token', 'lookup (applicationRecordStateId)'] },
  changeRecordType: { single: ['token', 'lookup with changeRecordTypeId, list without'] },
  initiatingDocumentType: { single: ['token', 'lookup with initiatingDocumentTypeId, list without'] },
  changeReason: { single: ['token', 'lookup (changeReasonId)'], list: ['token', 'list changeReason'] },
  reimbursableType: { single: ['token', 'lookup (reimbursableTypeId)'], list: ['token', 'list reimbursableType'] },
  costAdjustmentReason: { single: ['token', 'lookup (costAdjustmentReasonId)'], list: ['token', 'list costAdjustmentReason'] },
  directCostType: { single: ['token', 'lookup (directCostTypeId)'], list: ['token', 'list directCostType'] },
  subcontractType: { single: ['token', 'lookup (subcontractTypeId)'], list: ['token', 'list subcontractType'] },
  fieldSecurity: { single: ['token', 'lookup fieldSecurity (applicationRecordStateId)'], list: ['token', 'list fieldSecurity'] },
  costCode: { single: ['pfm', 'lookup costCode (costCodeId)'] },
};

/** The single-object call of `type`: its id field (required, or optional when the call lists without it). */
function singleRoute(type: Exclude<LookupType, 'fieldSecurity'>, listToo: boolean): RouteDeclaration {
  const source = SOURCES[type];
  const config = LOOKUP_TYPES[type];
  const [access, note] = ROUTES[type].single;
  const answer = (db: Database.Database, user: Caller, id: number | string | undefined): unknown => {
    if (id === undefined) return readable(db, user, type, rowsToApi(all(db, source).filter((row) => rowReachable(type, row))));
    const row = one(db, source, id);
    if (!row || !rowReachable(type, row)) throw notFound(`No ${type} with ${config.idField} ${id}.`);
    if (type === 'applicationRecordState') return { ...toApi(row), advancements: advancementsFrom(db, id as number) };
    return readable(db, user, type, [toApi(row)])[0];
  };
  if (config.idKind === 'string') {
    // The application lookup: an application key like 'keyPFM' (text, checked here).
    return route({
      method: 'GET', path: config.single, access, note,
      params: { [config.idField]: p.string(64, { required: true }) },
      handler: ({ db, user, params }) => {
        const key = params[config.idField]!;
        if (!APPLICATION_KEY.test(key)) throw badRequest(`Parameter '${config.idField}' must be an application key like 'keyPFM'.`, { parameter: config.idField });
        return answer(db, user, key);
      },
    });
  }
  if (listToo) {
    return route({
      method: 'GET', path: config.single, access, note, params: { [config.idField]: p.id() },
      handler: ({ db, user, params }) => answer(db, user, params[config.idField]),
    });
  }
  return route({
    method: 'GET', path: config.single, access, note, params: { [config.idField]: p.id({ required: true }) },
    handler: ({ db, user, params }) => answer(db, user, params[config.idField]),
  });
}

/** Every lookup route, declared from the shared lookup table (src/core/lookups/types.ts). */
function build(): RouteDeclaration[] {
  const routes: RouteDeclaration[] = [];
  for (const [name, config] of Object.entries(LOOKUP_TYPES) as Array<[LookupType, (typeof LOOKUP_TYPES)[LookupType]]>) {
    if (name === 'fieldSecurity') continue;
    const listToo = config.list !== undefined && config.list === config.single;
    routes.push(singleRoute(name, listToo));
    const list = ROUTES[name].list;
    if (config.list && !listToo && list) {
      const source = SOURCES[name];
      routes.push(route({
        method: 'GET', path: config.list, access: list[0], note: list[1], params: {},
        handler: ({ db, user }) => readable(db, user, name, rowsToApi(all(db, source).filter((row) => rowReachable(name, row)))),
      }));
    }
  }
  const fs = LOOKUP_TYPES.fieldSecurity;
  routes.push(route({
    method: 'GET', path: fs.single, access: ROUTES.fieldSecurity.single[0], note: ROUTES.fieldSecurity.single[1],
    params: { [fs.idField]: p.id({ required: true }) },
    handler: ({ db, user, params }) => {
      const id = params[fs.idField]!;
      const state = db.prepare('SELECT * FROM application_record_states WHERE applicationRecordStateId = ?').get(id) as Record<string, unknown> | undefined;
      if (!state) throw notFound(`No fieldSecurity with applicationRecordStateId ${id}.`);
      return stateFieldSecurity(db, user, state);
    },
  }));
  routes.push(route({
    method: 'GET', path: fs.list, access: ROUTES.fieldSecurity.list![0], note: ROUTES.fieldSecurity.list![1], params: {},
    handler: ({ db, user }) =>
      (db.prepare(`SELECT * FROM application_record_states WHERE applicationRecordStateId IN (SELECT lookupApplicationRecordStateId FROM field_security)
        ORDER BY applicationRecordKey, displayOrder`).all() as Array<Record<string, unknown>>).map((state) => stateFieldSecurity(db, user, state)),
  }));
  return routes;
}

export const lookupHandlers = declared(build());
