/**
 * The §7 loads of budget lines (the table of loads.ts): a budget's cost codes, their transactions, and
 * the transactions counted per line and per source record.
 */
import { CODE_DISPLAY_SQL } from '../../rows';
import { keysOf, scopeWhere } from '../../scope';
import type { RecordLoads, SpecialLoads } from '../load-kinds';

// The SELECT of cost codes, shared by these loads and the single-object lookups (lookups.ts), so a record looks the
// same whichever call returns it. Each is `SELECT … FROM … ` with the main table aliased `t`; callers append WHERE/ORDER
// BY.

export const COST_CODE_SELECT = `SELECT t.costCodeId, t.budgetId, b.projectId, t.code, ${CODE_DISPLAY_SQL('t.code')} AS codeDisplay, t.type,
  ct.name AS costTypeName, t.description, t.displayText, t.originalBudget, t.unitOfMeasure, t.budgetUnits, t.budgetHours, t.modifiedAt
  FROM cost_codes t JOIN budgets b ON b.budgetId = t.budgetId JOIN cost_types ct ON ct.costType = t.type`;

export const BUDGET_LINE_RECORD_LOADS: RecordLoads = {
  getcostcodes: {
    select: COST_CODE_SELECT, columns: { project: 'b.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } }, orderBy: 't.budgetId, t.code, t.type',
  },
  getcostcodetransaction: {
    select: `SELECT t.costCodeTransactionId, t.costCodeId, t.budgetId, t.projectId, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay,
      cc.type AS costType, t.transactionDate, t.sourceType, t.sourceRecordKey, t.sourceRecordId, t.documentNumber, t.vendorId, v.name AS vendorName,
      t.description, t.units, t.hours, t.amount, t.kind, t.modifiedAt
      FROM cost_code_transactions t JOIN cost_codes cc ON cc.costCodeId = t.costCodeId LEFT JOIN vendors v ON v.vendorId = t.vendorId`,
    columns: { project: 't.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId', Vendor: 't.vendorId' } },
    // Posting order: the index order, so 100,000 rows need no sort (clients sort by date themselves).
    orderBy: 't.costCodeTransactionId',
  },
};

export const BUDGET_LINE_SPECIAL_LOADS: SpecialLoads = {
  getcostcodetransactioncount: {
    keys: keysOf({ keys: { CostCode: '' } }),
    run: (db, params) => {
      const { where, args } = scopeWhere(params, { project: 't.projectId', budget: 't.budgetId', keys: { CostCode: 't.costCodeId' } });
      if (params.lastLoad) {
        where.push('t.modifiedAt > ?');
        args.push(params.lastLoad);
      }
      // amount is actual cost only: a budget transfer (kind 'budgetTransfer', migration 030) moves budget, not cost.
      return db.prepare(`SELECT t.costCodeId, count(*) AS transactionCount, sum(CASE WHEN t.kind = 'actual' THEN t.amount ELSE 0 END) AS amount,
          max(t.transactionDate) AS lastTransactionDate
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
};
