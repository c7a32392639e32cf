/**
 * Data quality (issue 11): GET /api/pfm/getdataqualityissues evaluates the rules of
 * src/core/data-quality over one project's rows, loaded with a handful of SQL statements (one per
 * kind of row, never one per record), and answers every failure.
 *
 * | parameter | meaning |
 * |---|---|
 * | recordKey | `Project` (or `Budget`: the budget's project) |
 * | recordId | the project (or budget) id; required |
 * | lastLoad | accepted and checked like every load, but the whole list is always answered: a fixed record must drop off |
 *
 * Answer: `{ data: DataQualityIssue[] }` (rule id, title and severity, the record's key, id, number,
 * budget and project, the workbench that opens it or null, and the message), and a `Server-Timing`
 * header `dq;dur=<ms>` with the time spent loading and evaluating.
 *
 * "Today" and the period come from the one clock (src/core/clock): ages count to today.
 *
 * Ages: a change event is open since its initiating document's date; an approved change event item
 * and a direct cost awaiting approval are in their state since their last change (`modifiedAt`:
 * every state move stamps it).
 */
import type Database from 'better-sqlite3';
import {
  DATA_QUALITY_PATH, evaluateDataQuality, PENDING_DIRECT_COST_STATES, workbenchKindFor, type BudgetLineRow, type BudgetRow, type ChangeEventItemRow, type ChangeEventRow, type CommitmentRow,
  type CostAdjustmentRow, type DataQualityResult, type DataQualityRows, type DirectCostRow, type ItemRow, type OwnerChangeOrderRow,
  type VendorRecordRow,
} from '../../../../../src/core/data-quality/contract';
import * as clock from '../../../../../src/core/clock';
import { declared, p, route } from '../../declare';
import { badRequest, notFound } from '../../http';
import { CODE_DISPLAY_SQL } from '../../rows';
import { lineSummaries } from '../projections/summaries';
import { payApplicationQualityRows } from '../pay-applications/loads';

/** One answered failure. */
export interface DataQualityIssue extends DataQualityResult {
  projectId: number;
  /** The workbench kind that opens the record, or null (budgets and budget lines: the projection grid). */
  workbench: string | null;
}

const STATE = (alias: string) => `JOIN application_record_states st ON st.applicationRecordStateId = ${alias}.applicationRecordStateId`;
const COMMITMENTS: ReadonlyArray<readonly [CommitmentRow['recordKey'], string, string, string, string, string | null]> = [
  // key, table, id, items table, change-order table, change-order items table
  ['Subcontract', 'subcontracts', 'subcontractId', 'subcontract_items', 'subcontract_change_orders', 'subcontract_change_order_items'],
  ['PurchaseAgreement', 'purchase_agreements', 'purchaseAgreementId', 'purchase_agreement_items', 'purchase_agreement_change_orders', 'purchase_agreement_change_order_items'],
  ['PurchaseOrder', 'purchase_orders', 'purchaseOrderId', 'purchase_order_items', '', null],
];
const bool = (value: unknown) => value === 1 || value === true;

/**
 * The items of a record kind (its table, id column, items table) whose cost code is a line of another
 * budget than the record's: the SELECT narrows to these candidates (a 10,000-record project stays fast);
 * the core rule decides.
 */
const itemsOnOtherBudget = (table: string, id: string, itemTable: string) => `SELECT t.${id} AS recordId, t.number, t.budgetId, st.closed,
      cc.budgetId AS costCodeBudgetId, ${CODE_DISPLAY_SQL('cc.code')} || ' (' || cc.type || ')' AS costCode
    FROM ${itemTable} i JOIN ${table} t USING (${id}) ${STATE('t')} JOIN cost_codes cc ON cc.costCodeId = i.costCodeId
    WHERE t.projectId = ? AND cc.budgetId <> t.budgetId`;

/** Load the rows the rules read for project `projectId`. */
export function loadDataQualityRows(db: Database.Database, projectId: number, today = clock.today(), currentPeriod = clock.currentPeriod()): DataQualityRows {
  const all = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];

  // What was billed against each commitment of the project (through the cct_source index of migration 004).
  const billed = new Map<string, number>();
  for (const [key, table, id] of COMMITMENTS) {
    for (const r of all<{ id: number; amount: number }>(`SELECT x.sourceRecordId AS id, sum(x.amount) AS amount FROM cost_code_transactions x
      WHERE x.sourceRecordKey = ? AND x.sourceRecordId IN (SELECT ${id} FROM ${table} WHERE projectId = ?) GROUP BY x.sourceRecordId`, key, projectId)) {
      billed.set(`${key}:${r.id}`, r.amount);
    }
  }

  const commitments: CommitmentRow[] = [];
  const items: ItemRow[] = [];
  const vendorRecords: VendorRecordRow[] = [];
  for (const [key, table, id, itemTable, coTable, coItemTable] of COMMITMENTS) {
    const changes = coItemTable ? `(SELECT coalesce(sum(ci.amount), 0) FROM ${coItemTable} ci JOIN ${coTable} co USING (${coTable === 'subcontract_change_orders' ? 'subcontractChangeOrderId' : 'purchaseAgreementChangeOrderId'})
      JOIN application_record_states cs ON cs.applicationRecordStateId = co.applicationRecordStateId WHERE co.${id} = t.${id} AND cs.name = 'Approved')` : '0';
    const rows = all<{ recordId: number; number: string; budgetId: number; stateName: string; closed: number; itemCount: number; original: number; changes: number;
      vendorName: string; vendorActive: number }>(`SELECT t.${id} AS recordId, t.number, t.budgetId, st.name AS stateName, st.closed,
        (SELECT count(*) FROM ${itemTable} i WHERE i.${id} = t.${id}) AS itemCount,
        (SELECT coalesce(sum(i.amount), 0) FROM ${itemTable} i WHERE i.${id} = t.${id}) AS original, ${changes} AS changes,
        v.name AS vendorName, v.active AS vendorActive
      FROM ${table} t ${STATE('t')} JOIN vendors v ON v.vendorId = t.vendorId WHERE t.projectId = ? AND st.name <> 'Void'`, projectId);
    for (const r of rows) {
      commitments.push({
        recordKey: key, recordId: r.recordId, number: r.number, budgetId: r.budgetId, stateName: r.stateName, closed: bool(r.closed),
        itemCount: r.itemCount, currentAmount: Math.round((r.original + r.changes) * 100) / 100, billed: billed.get(`${key}:${r.recordId}`) ?? 0,
      });
      if (!bool(r.closed)) {
        vendorRecords.push({ recordKey: key, recordId: r.recordId, number: r.number, budgetId: r.budgetId, vendorName: r.vendorName, vendorActive: bool(r.vendorActive) });
      }
    }
    items.push(...itemRows(db, key, itemsOnOtherBudget(table, id, itemTable), projectId));
  }
  // Items of the other records (the same budget rule): key, table, id, items table.
  const otherItems = [
    ['ChangeEvent', 'change_events', 'changeEventId', 'change_event_items'],
    ['CostAdjustment', 'cost_adjustments', 'costAdjustmentId', 'cost_adjustment_items'],
    ['DirectCost', 'direct_costs', 'directCostId', 'direct_cost_items'],
  ] as const;
  for (const [key, table, id, itemTable] of otherItems) items.push(...itemRows(db, key, itemsOnOtherBudget(table, id, itemTable), projectId));

  const changeEvents = all<Omit<ChangeEventRow, 'closed'> & { closed: number }>(`SELECT t.changeEventId, t.number, t.budgetId, st.name AS stateName, st.closed,
      cr.documentDate AS openedDate
    FROM change_events t ${STATE('t')} LEFT JOIN change_records cr ON cr.changeRecordId = t.changeRecordId WHERE t.projectId = ?`, projectId)
    .map((r) => ({ ...r, closed: bool(r.closed) }));

  const changeEventItems = all<ChangeEventItemRow>(`SELECT i.changeEventItemId, i.changeEventId, ce.number AS eventNumber, es.name AS eventStateName,
      ce.budgetId, i.description, st.name AS stateName, i.approvedAmount, i.coItemRecordId, i.modifiedAt AS stateSince
    FROM change_event_items i JOIN change_events ce USING (changeEventId) ${STATE('i')}
      JOIN application_record_states es ON es.applicationRecordStateId = ce.applicationRecordStateId
    WHERE ce.projectId = ? AND (es.name = 'Approved' OR st.name IN ('Approved', 'Pending Commitment'))`, projectId);
  for (const r of all<{ recordId: number; number: string; budgetId: number; vendorName: string; vendorActive: number }>(`SELECT i.changeEventItemId AS recordId,
      ce.number || ': ' || i.description AS number, ce.budgetId, v.name AS vendorName, v.active AS vendorActive
    FROM change_event_items i JOIN change_events ce USING (changeEventId) ${STATE('i')} JOIN vendors v ON v.vendorId = i.vendorId
    WHERE ce.projectId = ? AND st.closed = 0 AND v.active = 0`, projectId)) {
    vendorRecords.push({ recordKey: 'ChangeEventItem', ...r, vendorActive: bool(r.vendorActive) });
  }

  const ownerChangeOrders = all<OwnerChangeOrderRow>(`SELECT t.ownerAgreementChangeOrderId, t.number, t.budgetId, st.name AS stateName,
      (SELECT count(*) FROM change_events ce WHERE ce.ownerAgreementChangeOrderId = t.ownerAgreementChangeOrderId) AS changeEventCount
    FROM owner_agreement_change_orders t JOIN owner_agreements oa USING (ownerAgreementId) ${STATE('t')} WHERE oa.projectId = ?`, projectId);

  // One grouped pass over the items (no index on costAdjustmentId: a correlated subquery would scan once per adjustment).
  const costAdjustments = all<CostAdjustmentRow>(`SELECT t.costAdjustmentId, t.number, t.budgetId, t.amount, st.name AS stateName, li.linkedItemId
    FROM cost_adjustments t ${STATE('t')}
      LEFT JOIN (SELECT i.costAdjustmentId, min(i.costAdjustmentItemId) AS linkedItemId FROM cost_adjustment_items i
        JOIN cost_adjustments a USING (costAdjustmentId) WHERE a.projectId = ? GROUP BY i.costAdjustmentId) li ON li.costAdjustmentId = t.costAdjustmentId
    WHERE t.projectId = ?`, projectId, projectId);

  const directCosts: DirectCostRow[] = [];
  for (const r of all<DirectCostRow & { vendorName: string | null; vendorActive: number | null; closed: number }>(`SELECT t.directCostId, t.number, t.budgetId,
      st.name AS stateName, st.closed, t.modifiedAt AS stateSince, v.name AS vendorName, v.active AS vendorActive
    FROM direct_costs t ${STATE('t')} LEFT JOIN vendors v ON v.vendorId = t.vendorId
    WHERE t.projectId = ? AND st.closed = 0 AND (st.name IN (${PENDING_DIRECT_COST_STATES.map(() => '?').join(', ')}) OR v.active = 0)`,
  projectId, ...PENDING_DIRECT_COST_STATES)) {
    // Candidates only (awaiting approval, or of an inactive vendor): 10,000 open direct costs stay quick; the rules decide.
    directCosts.push({ directCostId: r.directCostId, number: r.number, budgetId: r.budgetId, stateName: r.stateName, stateSince: r.stateSince });
    if (r.vendorName !== null) {
      vendorRecords.push({ recordKey: 'DirectCost', recordId: r.directCostId, number: r.number, budgetId: r.budgetId, vendorName: r.vendorName, vendorActive: bool(r.vendorActive) });
    }
  }

  const budgets = all<Omit<BudgetRow, 'locked' | 'rollUp'> & { locked: number; rollUp: number }>(`SELECT b.budgetId, b.jobNumber, b.budgetLock AS locked,
      EXISTS (SELECT 1 FROM budgets c WHERE c.rollUpBudgetId = b.budgetId) AS rollUp,
      (SELECT max(p.month) FROM projections p WHERE p.budgetId = b.budgetId AND p.submitted = 1) AS lastSubmittedMonth
    FROM budgets b JOIN projects pr ON pr.projectId = b.projectId WHERE b.projectId = ? AND pr.active = 1 ORDER BY b.jobNumber`, projectId)
    .map((b) => ({ ...b, locked: bool(b.locked), rollUp: bool(b.rollUp) }));

  // The automatic cost to complete is never negative (src/core/projection.ts), so only budgets with a
  // manual value saved for the period can fail: their lines' figures come from the grid's own summary.
  const budgetLines: BudgetLineRow[] = [];
  for (const { budgetId } of all<{ budgetId: number }>(`SELECT DISTINCT p.budgetId FROM projections p JOIN budgets b USING (budgetId)
    WHERE b.projectId = ? AND p.month = ? AND p.method = 'manual'`, projectId, currentPeriod)) {
    for (const line of lineSummaries(db, { recordKey: 'Budget', recordId: budgetId, budgetIds: [budgetId], open: true })) {
      if (line.projectionMethod !== 'manual') continue;
      budgetLines.push({
        costCodeId: line.costCodeId, budgetId: line.budgetId, costCode: `${line.codeDisplay} (${line.type})`, currentBudget: line.currentBudget,
        actualToDate: line.actualToDate, remainingCommitment: line.remainingCommitment, projectionMethod: 'manual', manualCostToComplete: line.projectedCostToComplete,
      });
    }
  }

  return {
    today, currentPeriod, commitments, items, changeEvents, changeEventItems, ownerChangeOrders, costAdjustments, directCosts, budgetLines, budgets, vendorRecords,
    payApplications: payApplicationQualityRows(db, projectId),
  };
}

function itemRows(db: Database.Database, recordKey: string, sql: string, projectId: number): ItemRow[] {
  return (db.prepare(sql).all(projectId) as Array<Omit<ItemRow, 'recordKey' | 'closed'> & { closed: number }>)
    .map((r) => ({ ...r, recordKey, closed: bool(r.closed) }));
}

/** The project a Project or Budget scope names (404 when unknown). */
function projectOf(db: Database.Database, recordKey: string, recordId: number): number {
  if (recordKey === 'Project') {
    if (!db.prepare('SELECT 1 FROM projects WHERE projectId = ?').get(recordId)) throw notFound(`Project ${recordId} not found.`);
    return recordId;
  }
  const budget = db.prepare('SELECT projectId FROM budgets WHERE budgetId = ?').get(recordId) as { projectId: number } | undefined;
  if (!budget) throw notFound(`Budget ${recordId} not found.`);
  return budget.projectId;
}

/** Evaluate the rules for a project: every failure with what the client needs to open its record. */
export function dataQualityIssues(db: Database.Database, projectId: number): DataQualityIssue[] {
  return evaluateDataQuality(loadDataQualityRows(db, projectId)).map((r) => ({ ...r, projectId, workbench: workbenchKindFor(r.recordKey) }));
}

export const dataQualityHandlers = declared([
  route({
    method: 'GET', path: DATA_QUALITY_PATH, access: 'pfm',
    note: 'added: data-quality rule failures of a project (recordKey Project or Budget, recordId); Server-Timing dq',
    // Both required, checked by the handler in this order (recordKey's message names its keys).
    // lastLoad is accepted and checked like every load's, but the whole list is always answered.
    params: { recordKey: p.recordKey(['Project', 'Budget']), recordId: p.id({ scope: { keyParam: 'recordKey' } }), lastLoad: p.timestamp() },
    handler: ({ db, params, reply }) => {
      const started = performance.now();
      const { recordKey, recordId } = params;
      if (!recordKey) throw badRequest("Parameter 'recordKey' is required: Project or Budget.", { parameter: 'recordKey' });
      if (recordId === undefined) throw badRequest("Parameter 'recordId' is required.", { parameter: 'recordId' });
      const issues = dataQualityIssues(db, projectOf(db, recordKey, recordId));
      reply.header('Server-Timing', `dq;desc="data-quality rules";dur=${(performance.now() - started).toFixed(1)}`);
      return issues;
    },
  }),
]);
