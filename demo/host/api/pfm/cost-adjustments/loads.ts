/** The §7 loads of cost adjustments (the table of loads.ts): cost adjustments with their rules, their items and reference documents. */
import { CODE_DISPLAY_SQL, STATE_COLUMNS, STATE_JOIN } from '../../rows';
import { STATEFUL, type RecordLoads } from '../load-kinds';
import { withCostAdjustmentRules } from './rules';

// The SELECT of cost adjustments, shared by these loads and the writes, so a record looks the same whichever call
// returns it. Each is `SELECT … FROM … ` with the main table aliased `t`; callers append WHERE/ORDER BY.

export const COST_ADJUSTMENT_SELECT = `SELECT t.costAdjustmentId, t.projectId, t.budgetId, t.costAdjustmentReasonId, t.number, t.description,
  t.adjustmentDate, t.amount, t.transfer, t.applicationRecordStateId, ${STATE_COLUMNS},
  (SELECT count(*) FROM cost_adjustment_items i WHERE i.costAdjustmentId = t.costAdjustmentId) AS itemCount,
  (SELECT min(i.costAdjustmentItemId) FROM cost_adjustment_items i WHERE i.costAdjustmentId = t.costAdjustmentId) AS linkedItemId,
  (SELECT r.documentType || ' ' || r.documentNumber FROM cost_adjustment_reference_documents r WHERE r.costAdjustmentId = t.costAdjustmentId
    ORDER BY r.costAdjustmentReferenceDocumentId LIMIT 1) AS referenceDocument,
  (SELECT count(*) FROM cost_adjustment_reference_documents r WHERE r.costAdjustmentId = t.costAdjustmentId) AS referenceDocumentCount,
  t.displayText, t.modifiedAt
  FROM cost_adjustments t ${STATE_JOIN('t')}`;

export const COST_ADJUSTMENT_RECORD_LOADS: RecordLoads = {
  getcostadjustments: {
    select: COST_ADJUSTMENT_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { CostAdjustment: 't.costAdjustmentId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: (_db, rows) => { withCostAdjustmentRules(rows); }, record: 'CostAdjustment',
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
};
