/** The §7 loads of cost adjustments (the table of loads.ts): cost adjustments with their rules, their items and reference documents. */
import * as Q from '../../queries';
import { CODE_DISPLAY_SQL } from '../../rows';
import { STATEFUL, type RecordLoads } from '../load-kinds';
import { withCostAdjustmentRules } from './rules';

export const COST_ADJUSTMENT_RECORD_LOADS: RecordLoads = {
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
};
