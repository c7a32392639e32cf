/**
 * The §7 data loads under /api/pfm/ (GET with recordKey, recordId, lastLoad, open, type; see
 * scope.ts for the parameters), each a declared route (declare.ts) built from the tables below:
 * `recordKey` is exactly one of the keys the load accepts, `open` is declared only on the loads with an
 * open state (and projects/getmenu), `type` only on the summaries; any other name is a 400.
 * Record loads answer rows with the §3 id fields, `displayText`, the
 * state's name and `closed`; commitments and change orders carry their `items`.
 *
 * `open` (default true) selects open records, `open=false` closed ones (by record state; projects by
 * `active`, budgets by their project). With `lastLoad`, every changed row is returned whatever its
 * state, each with `closed`, so a client can move it between its open and closed lists.
 */
import type Database from 'better-sqlite3';
import { declared, route, type RouteDeclaration } from '../declare';
import * as Q from '../queries';
import type { PfmLoadName } from '../routes';
import { CODE_DISPLAY_SQL, rowsToApi } from '../rows';
import { keysOf, loadParams, loadParamSpecs, OPEN_PARAM, scopeWhere, TYPE_PARAM, type LoadParams, type ScopeColumns } from '../scope';
import { currentReach, projectOfRecordExpr, reachWhere } from '../project-access';
import { budgetSummaries, lineSummaries, projectSummaries } from './projections/summaries';
import * as clock from '../../../../src/core/clock';
import { pendingProjections } from './projections/pending';
import { withCostAdjustmentRules } from './cost-adjustments/rules';
import type { Caller } from '../context';
import { hiddenFieldsIn, withoutHiddenFields } from '../field-reads';

type Row = Record<string, unknown>;

interface RecordLoad {
  select: string;
  columns: ScopeColumns;
  /** SQL that is 1 for an open row (omit: `open` does not apply). */
  openExpr?: string;
  orderBy: string;
  /** Attach child rows (items) to the answer. */
  children?: (db: Database.Database, rows: Row[]) => void;
  /**
   * Field security on reads (field-reads.ts): the record key whose secured fields, hidden for the
   * caller in a row's state, are left out of the row; or, for item rows, the parent record whose
   * pseudo-field `items` hides them (the parent's id column in the row, its table).
   */
  secured?: string | { parentKey: string; parentTable: string; parentId: string };
}

/** Attach `items` (rows of `table` by `parentId`) to each row. */
const withItems = (table: string, parentId: string, extra = '') => (db: Database.Database, rows: Row[]) => {
  if (!rows.length) return;
  const byParent = new Map<unknown, Row[]>();
  const ids = rows.map((r) => r[parentId]);
  // Chunks keep the statement under SQLite's parameter limit.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const items = db.prepare(`SELECT i.*, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay, cc.type AS costType${extra}
      FROM ${table} i JOIN cost_codes cc ON cc.costCodeId = i.costCodeId
      WHERE i.${parentId} IN (${chunk.map(() => '?').join(',')}) ORDER BY i.rowid`).all(...chunk) as Row[];
    for (const item of items) byParent.set(item[parentId], [...(byParent.get(item[parentId]) ?? []), item]);
  }
  for (const row of rows) row.items = byParent.get(row[parentId]) ?? [];
};

const STATEFUL = 'st.closed = 0';

const RECORD_LOADS: Partial<Record<PfmLoadName, RecordLoad>> = {
  getprojects: { select: Q.PROJECT_SELECT, columns: { project: 't.projectId' }, openExpr: 't.active = 1', orderBy: 't.number' },
  getbudgets: {
    select: Q.BUDGET_SELECT, columns: { project: 't.projectId', budget: 't.budgetId' }, openExpr: 'p.active = 1', orderBy: 't.jobNumber',
  },
  getcostcodes: {
    select: Q.COST_CODE_SELECT, columns: { project: 'b.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } }, orderBy: 't.budgetId, t.code, t.type',
  },
  getsubcontracts: {
    select: Q.SUBCONTRACT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', Subcontract: 't.subcontractId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('subcontract_items', 'subcontractId'), secured: 'Subcontract',
  },
  getpurchaseagreements: {
    select: Q.PURCHASE_AGREEMENT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', PurchaseAgreement: 't.purchaseAgreementId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('purchase_agreement_items', 'purchaseAgreementId'),
  },
  getpurchaseorders: {
    select: Q.PURCHASE_ORDER_SELECT,
    columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', PurchaseAgreement: 't.purchaseAgreementId', PurchaseOrder: 't.purchaseOrderId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('purchase_order_items', 'purchaseOrderId'),
  },
  getsubcontractchangeorders: {
    select: Q.SUBCONTRACT_CO_SELECT, columns: { project: 's.projectId', budget: 's.budgetId', keys: { Subcontract: 't.subcontractId' } },
    openExpr: STATEFUL, orderBy: 't.subcontractId, t.number', children: withItems('subcontract_change_order_items', 'subcontractChangeOrderId'),
  },
  getpurchaseagreementchangeorders: {
    select: Q.PURCHASE_AGREEMENT_CO_SELECT, columns: { project: 'a.projectId', budget: 'a.budgetId', keys: { PurchaseAgreement: 't.purchaseAgreementId' } },
    openExpr: STATEFUL, orderBy: 't.purchaseAgreementId, t.number', children: withItems('purchase_agreement_change_order_items', 'purchaseAgreementChangeOrderId'),
  },
  getowneragreements: {
    select: Q.OWNER_AGREEMENT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId' }, openExpr: STATEFUL, orderBy: 't.number',
  },
  getowneragreementchangeorders: {
    select: Q.OWNER_AGREEMENT_CO_SELECT, columns: { project: 'oa.projectId', budget: 't.budgetId', keys: { OwnerAgreement: 't.ownerAgreementId' } },
    openExpr: STATEFUL, orderBy: 't.ownerAgreementId, t.number',
  },
  getinitiatingdocuments: {
    select: Q.CHANGE_RECORD_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Rfi: 't.rfiId', ChangeRecord: 't.changeRecordId' } },
    openExpr: STATEFUL, orderBy: 't.number', secured: 'ChangeRecord',
  },
  getchangeevents: {
    select: Q.CHANGE_EVENT_SELECT,
    columns: {
      project: 't.projectId', budget: 't.budgetId',
      keys: { ChangeRecord: 't.changeRecordId', OwnerAgreement: 't.ownerAgreementId', OwnerAgreementChangeOrder: 't.ownerAgreementChangeOrderId', ChangeEvent: 't.changeEventId' },
    },
    openExpr: STATEFUL, orderBy: 't.number', secured: 'ChangeEvent',
  },
  getchangeeventitems: {
    select: Q.CHANGE_EVENT_ITEM_SELECT,
    columns: { project: 'ce.projectId', budget: 'ce.budgetId', keys: { ChangeEvent: 't.changeEventId', Vendor: 't.vendorId', CostCode: 't.costCodeId', ChangeEventItem: 't.changeEventItemId' } },
    openExpr: STATEFUL, orderBy: 't.changeEventId, t.changeEventItemId', secured: 'ChangeEventItem',
  },
  getcostadjustments: {
    select: Q.COST_ADJUSTMENT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { CostAdjustment: 't.costAdjustmentId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: (_db, rows) => { withCostAdjustmentRules(rows); },
  },
  getcostadjustmentitems: {
    select: `SELECT t.*, ca.projectId, ca.budgetId, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay, cc.type AS costType
      FROM cost_adjustment_items t JOIN cost_adjustments ca ON ca.costAdjustmentId = t.costAdjustmentId JOIN cost_codes cc ON cc.costCodeId = t.costCodeId`,
    columns: { project: 'ca.projectId', budget: 'ca.budgetId', keys: { CostAdjustment: 't.costAdjustmentId' } }, orderBy: 't.costAdjustmentItemId',
  },
  getcostadjustmentreferencedocuments: {
    select: `SELECT t.*, ca.projectId, ca.budgetId, f.name AS fileName, f.size AS fileSize FROM cost_adjustment_reference_documents t
      JOIN cost_adjustments ca ON ca.costAdjustmentId = t.costAdjustmentId LEFT JOIN files f ON f.fileId = t.fileId`,
    columns: { project: 'ca.projectId', budget: 'ca.budgetId', keys: { CostAdjustment: 't.costAdjustmentId' } }, orderBy: 't.costAdjustmentReferenceDocumentId',
  },
  getdirectcosts: {
    select: Q.DIRECT_COST_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', DirectCost: 't.directCostId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('direct_cost_items', 'directCostId'), secured: 'DirectCost',
  },
  getdirectcostitems: {
    select: `SELECT t.*, dc.projectId, dc.budgetId, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay, cc.type AS costType
      FROM direct_cost_items t JOIN direct_costs dc ON dc.directCostId = t.directCostId JOIN cost_codes cc ON cc.costCodeId = t.costCodeId`,
    columns: { project: 'dc.projectId', budget: 'dc.budgetId', keys: { DirectCost: 't.directCostId' } }, orderBy: 't.directCostItemId',
    secured: { parentKey: 'DirectCost', parentTable: 'direct_costs', parentId: 'directCostId' },
  },
  getcostcodetransaction: {
    select: `SELECT t.costCodeTransactionId, t.costCodeId, t.budgetId, t.projectId, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay,
      cc.type AS costType, t.transactionDate, t.sourceType, t.sourceRecordKey, t.sourceRecordId, t.documentNumber, t.vendorId, v.name AS vendorName,
      t.description, t.units, t.hours, t.amount, t.modifiedAt
      FROM cost_code_transactions t JOIN cost_codes cc ON cc.costCodeId = t.costCodeId LEFT JOIN vendors v ON v.vendorId = t.vendorId`,
    columns: { project: 't.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId', Vendor: 't.vendorId' } },
    // Posting order: the index order, so 100,000 rows need no sort (clients sort by date themselves).
    orderBy: 't.costCodeTransactionId',
  },
  getspectrumcontractdocumenttracking: {
    select: 'SELECT t.*, v.name AS vendorName FROM contract_document_tracking t JOIN vendors v ON v.vendorId = t.vendorId',
    columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', Subcontract: "CASE t.commitmentRecordKey WHEN 'Subcontract' THEN t.commitmentId END" } },
    orderBy: 't.commitmentRecordKey, t.commitmentId, t.contractDocumentTrackingId',
  },
};

/**
 * Item rows without those of parents whose pseudo-field `items` the caller may not see in the parent's
 * state (direct cost items of a direct cost hiding `items`); parents' states read once, in chunks.
 */
function withoutHiddenItems(db: Database.Database, user: Caller, rows: Row[], parent: { parentKey: string; parentTable: string; parentId: string }): Row[] {
  if (!rows.length) return rows;
  const ids = [...new Set(rows.map((r) => r[parent.parentId]))];
  const stateOf = new Map<unknown, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const states = db.prepare(`SELECT ${parent.parentId} AS id, applicationRecordStateId AS stateId FROM ${parent.parentTable}
      WHERE ${parent.parentId} IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as Array<{ id: unknown; stateId: number }>;
    for (const s of states) stateOf.set(s.id, s.stateId);
  }
  const hides = new Map<number, boolean>();
  return rows.filter((row) => {
    const stateId = stateOf.get(row[parent.parentId]);
    if (stateId === undefined) return true;
    let hidden = hides.get(stateId);
    if (hidden === undefined) hides.set(stateId, (hidden = hiddenFieldsIn(db, user, parent.parentKey, stateId).has('items')));
    return !hidden;
  });
}

/** Run a record load for `user` (field security: hidden fields left out, field-reads.ts). */
function runRecordLoad(db: Database.Database, load: RecordLoad, params: LoadParams, user: Caller): Row[] {
  const { where, args } = scopeWhere(params, load.columns);
  if (params.lastLoad) {
    where.push('t.modifiedAt > ?');
    args.push(params.lastLoad);
  } else if (load.openExpr) {
    where.push(params.open ? `(${load.openExpr})` : `NOT (${load.openExpr})`);
  }
  const sql = `${load.select}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${load.orderBy}`;
  const rows = db.prepare(sql).all(...args) as Row[];
  load.children?.(db, rows);
  const answer = rowsToApi(rows);
  if (typeof load.secured === 'string') return withoutHiddenFields(db, user, load.secured, answer);
  if (load.secured) return withoutHiddenItems(db, user, answer, load.secured);
  return answer;
}

const lineKeys: ScopeColumns = { project: 'b.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } };

/** Project of a file's record (files only know their record key and id). */
const FILE_PROJECT_SQL = `CASE f.applicationRecordKey
  WHEN 'Project' THEN f.recordId
  WHEN 'Budget' THEN (SELECT projectId FROM budgets WHERE budgetId = f.recordId)
  WHEN 'ChangeRecord' THEN (SELECT projectId FROM change_records WHERE changeRecordId = f.recordId)
  WHEN 'ChangeEvent' THEN (SELECT projectId FROM change_events WHERE changeEventId = f.recordId)
  WHEN 'ChangeEventItem' THEN (SELECT ce.projectId FROM change_event_items i JOIN change_events ce USING (changeEventId) WHERE i.changeEventItemId = f.recordId)
  WHEN 'Subcontract' THEN (SELECT projectId FROM subcontracts WHERE subcontractId = f.recordId)
  WHEN 'PurchaseAgreement' THEN (SELECT projectId FROM purchase_agreements WHERE purchaseAgreementId = f.recordId)
  WHEN 'PurchaseOrder' THEN (SELECT projectId FROM purchase_orders WHERE purchaseOrderId = f.recordId)
  WHEN 'OwnerAgreement' THEN (SELECT projectId FROM owner_agreements WHERE ownerAgreementId = f.recordId)
  WHEN 'CostAdjustment' THEN (SELECT projectId FROM cost_adjustments WHERE costAdjustmentId = f.recordId)
  WHEN 'DirectCost' THEN (SELECT projectId FROM direct_costs WHERE directCostId = f.recordId)
  END`;

/** Record keys that files can hang on (besides the standard scope keys). */
const FILE_RECORD_KEYS = ['ChangeRecord', 'ChangeEvent', 'ChangeEventItem', 'Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement',
  'PurchaseAgreementChangeOrder', 'PurchaseOrder', 'OwnerAgreement', 'OwnerAgreementChangeOrder', 'CostAdjustment', 'DirectCost', 'Rfi'];

interface SpecialLoad {
  keys: string[];
  /** Accepts `open` (its run reads params.open). */
  open?: boolean;
  /** Accepts `type` (unit / hour: the summaries). */
  type?: boolean;
  run: (db: Database.Database, params: LoadParams, user: Caller) => unknown;
}

const SPECIAL_LOADS: Partial<Record<PfmLoadName, SpecialLoad>> = {
  getcostcodetransactionsummary: { keys: keysOf(lineKeys), type: true, run: lineSummaries },
  getcostcodetransactionsummarybudget: { keys: keysOf({}), type: true, run: budgetSummaries },
  getcostcodetransactionsummaryproject: { keys: keysOf({}), type: true, run: projectSummaries },
  getcostcodetransactioncount: {
    keys: keysOf({ keys: { CostCode: '' } }),
    run: (db, params) => {
      const { where, args } = scopeWhere(params, { project: 't.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } });
      if (params.lastLoad) {
        where.push('t.modifiedAt > ?');
        args.push(params.lastLoad);
      }
      return db.prepare(`SELECT t.costCodeId, count(*) AS transactionCount, sum(t.amount) AS amount, max(t.transactionDate) AS lastTransactionDate
        FROM cost_code_transactions t ${where.length ? 'WHERE ' + where.join(' AND ') : ''} GROUP BY t.costCodeId ORDER BY t.costCodeId`).all(...args);
    },
  },
  getcostcodetransactionrecordreference: {
    keys: keysOf({ keys: { CostCode: '' } }),
    run: (db, params) => {
      const { where, args } = scopeWhere(params, { project: 't.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } });
      where.push('t.sourceRecordKey IS NOT NULL');
      if (params.lastLoad) {
        where.push('t.modifiedAt > ?');
        args.push(params.lastLoad);
      }
      return db.prepare(`SELECT t.sourceRecordKey, t.sourceRecordId, count(*) AS transactionCount, sum(t.amount) AS amount,
          CASE t.sourceRecordKey
            WHEN 'Subcontract' THEN (SELECT displayText FROM subcontracts WHERE subcontractId = t.sourceRecordId)
            WHEN 'PurchaseAgreement' THEN (SELECT displayText FROM purchase_agreements WHERE purchaseAgreementId = t.sourceRecordId)
            WHEN 'PurchaseOrder' THEN (SELECT displayText FROM purchase_orders WHERE purchaseOrderId = t.sourceRecordId)
            WHEN 'DirectCost' THEN (SELECT displayText FROM direct_costs WHERE directCostId = t.sourceRecordId)
            WHEN 'CostAdjustment' THEN (SELECT displayText FROM cost_adjustments WHERE costAdjustmentId = t.sourceRecordId)
          END AS displayText
        FROM cost_code_transactions t WHERE ${where.join(' AND ')}
        GROUP BY t.sourceRecordKey, t.sourceRecordId ORDER BY t.sourceRecordKey, t.sourceRecordId`).all(...args);
    },
  },
  getcommitmentvendors: {
    keys: keysOf({}),
    run: (db, params) => {
      const parts = ['subcontracts', 'purchase_agreements', 'purchase_orders'].map((table) => {
        const { where, args } = scopeWhere(params, { project: 't.projectId', budget: 't.budgetId' });
        return { sql: `SELECT t.vendorId, '${table}' AS source FROM ${table} t ${where.length ? 'WHERE ' + where.join(' AND ') : ''}`, args };
      });
      const rows = db.prepare(`SELECT v.vendorId, v.vendorNumber, v.name, v.trade, v.city, v.state, v.displayText, v.modifiedAt,
          sum(c.source = 'subcontracts') AS subcontractCount, sum(c.source = 'purchase_agreements') AS purchaseAgreementCount,
          sum(c.source = 'purchase_orders') AS purchaseOrderCount
        FROM (${parts.map((p) => p.sql).join(' UNION ALL ')}) c JOIN vendors v ON v.vendorId = c.vendorId
        ${params.lastLoad ? 'WHERE v.modifiedAt > ?' : ''}
        GROUP BY v.vendorId ORDER BY v.name`).all(...parts.flatMap((p) => p.args), ...(params.lastLoad ? [params.lastLoad] : [])) as Row[];
      return rows;
    },
  },
  getapplicationrecordfilecounts: {
    keys: [...keysOf({}), ...FILE_RECORD_KEYS],
    run: (db, params) => {
      const where: string[] = [];
      const args: unknown[] = [];
      if (params.recordKey === 'Project') { where.push(`${FILE_PROJECT_SQL} = ?`); args.push(params.recordId); }
      else if (params.recordKey === 'Budget') { where.push(`${FILE_PROJECT_SQL} = (SELECT projectId FROM budgets WHERE budgetId = ?)`); args.push(params.recordId); }
      else if (params.recordKey === 'LegalEntity') { where.push(`${FILE_PROJECT_SQL} IN (SELECT projectId FROM projects WHERE legalEntityId = ?)`); args.push(params.recordId); }
      else if (params.recordKey) { where.push('f.applicationRecordKey = ? AND f.recordId = ?'); args.push(params.recordKey, params.recordId); }
      if (params.lastLoad) { where.push('f.modifiedAt > ?'); args.push(params.lastLoad); }
      // Project security: the files of the caller's projects only (a named record was checked in loadParams).
      const reach = currentReach();
      if (!params.projectChecked && !reach.all) where.push(reachWhere(reach, projectOfRecordExpr('f.applicationRecordKey', 'f.recordId')));
      return db.prepare(`SELECT f.applicationRecordKey, f.recordId, count(*) AS fileCount, max(f.modifiedAt) AS modifiedAt FROM files f
        ${where.length ? 'WHERE ' + where.join(' AND ') : ''} GROUP BY f.applicationRecordKey, f.recordId ORDER BY f.applicationRecordKey, f.recordId`).all(...args);
    },
  },
  'projects/getmenu': {
    keys: keysOf({}),
    open: true,
    run: (db, params, user) => {
      const projects = runRecordLoad(db, RECORD_LOADS.getprojects!, params, user);
      const budgets = db.prepare(`SELECT budgetId, projectId, jobNumber, name, displayText, budgetLock, rollUpBudgetId FROM budgets ORDER BY jobNumber`).all() as Row[];
      const pending = new Set(pendingProjections(db, clock.currentPeriod()).map((r) => r.budgetId));
      return projects.map((p) => ({
        ...p, isCM: p.classification === 'CM',
        budgets: rowsToApi(budgets.filter((b) => b.projectId === p.projectId)).map((b) => ({ ...b, pendingProjection: pending.has(b.budgetId as number) })),
      }));
    },
  },
};

/** One §7 load's declaration: GET /api/pfm/<name>, ACCESS.pfm, its record keys and the flags it reads. */
function loadRoute(name: PfmLoadName, keys: readonly string[], flags: { open: boolean; type: boolean }, run: (db: Database.Database, params: LoadParams, user: Caller) => unknown): RouteDeclaration {
  return route({
    method: 'GET', path: `/api/pfm/${name}`, access: 'pfm', note: 'data load',
    params: { ...loadParamSpecs(keys), ...(flags.open ? OPEN_PARAM : {}), ...(flags.type ? TYPE_PARAM : {}) },
    // The project check is loadParams' (no `scope` on recordId), so a direct call (services/bi.ts) is checked alike.
    // The caller is passed on: record loads leave out the fields hidden for them (field-reads.ts), so BI's direct call is filtered alike.
    handler: ({ db, params, user }) => run(db, loadParams(db, params), user),
  });
}

/** Every §7 load as a declared route, from the tables above. */
function build(): RouteDeclaration[] {
  const routes: RouteDeclaration[] = [];
  for (const [name, load] of Object.entries(RECORD_LOADS) as Array<[PfmLoadName, RecordLoad]>) {
    routes.push(loadRoute(name, keysOf(load.columns), { open: load.openExpr !== undefined, type: false }, (db, params, user) => runRecordLoad(db, load, params, user)));
  }
  for (const [name, load] of Object.entries(SPECIAL_LOADS) as Array<[PfmLoadName, SpecialLoad]>) {
    routes.push(loadRoute(name, load.keys, { open: load.open ?? false, type: load.type ?? false }, load.run));
  }
  return routes;
}

/** The §7 loads' declarations, by `GET /api/pfm/<name>` (services/bi.ts calls their handlers directly). */
export const loadHandlers = declared(build());

/** The accepted record keys of every load (for documentation and tests). */
export function acceptedRecordKeys(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, load] of Object.entries(RECORD_LOADS)) out[name] = keysOf(load!.columns);
  for (const [name, load] of Object.entries(SPECIAL_LOADS)) out[name] = load!.keys;
  return out;
}
