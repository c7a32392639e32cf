/** The §7 loads of direct costs (the table of loads.ts): direct costs with their items, and the items alone. */
import { CODE_DISPLAY_SQL, STATE_COLUMNS, STATE_JOIN } from '../../rows';
import { STATEFUL, withItems, type RecordLoads } from '../load-kinds';

// The SELECT of direct costs, shared by these loads and the writes, so a record looks the same whichever call returns
// it. Each is `SELECT … FROM … ` with the main table aliased `t`; callers append WHERE/ORDER BY.

/** Direct costs with the approval facts of migration 002 (who submitted, the last Revise and Resubmit reason and who gave it). */
export const DIRECT_COST_SELECT = `SELECT t.directCostId, t.projectId, t.budgetId, b.jobNumber, b.budgetLock, t.directCostTypeId, t.vendorId, v.name AS vendorName, t.number,
  t.invoiceNumber, t.directCostDate, t.description, t.amount, t.applicationRecordStateId, ${STATE_COLUMNS},
  t.submittedAt, t.submittedByEmployeeId, se.displayText AS submittedByName,
  t.reviseReason, t.revisedAt, t.revisedByEmployeeId, re.displayText AS revisedByName, t.displayText, t.modifiedAt
  FROM direct_costs t JOIN budgets b ON b.budgetId = t.budgetId LEFT JOIN vendors v ON v.vendorId = t.vendorId
  LEFT JOIN employees se ON se.employeeId = t.submittedByEmployeeId LEFT JOIN employees re ON re.employeeId = t.revisedByEmployeeId ${STATE_JOIN('t')}`;

export const DIRECT_COST_RECORD_LOADS: RecordLoads = {
  getdirectcosts: {
    select: DIRECT_COST_SELECT, columns: { project: 't.projectId', budget: 't.budgetId', keys: { Vendor: 't.vendorId', DirectCost: 't.directCostId' } },
    openExpr: STATEFUL, orderBy: 't.number', children: withItems('direct_cost_items', 'directCostId'), record: 'DirectCost', secured: true,
  },
  getdirectcostitems: {
    select: `SELECT t.*, dc.projectId, dc.budgetId, cc.code AS costCode, ${CODE_DISPLAY_SQL('cc.code')} AS codeDisplay, cc.type AS costType
      FROM direct_cost_items t JOIN direct_costs dc ON dc.directCostId = t.directCostId JOIN cost_codes cc ON cc.costCodeId = t.costCodeId`,
    columns: { project: 'dc.projectId', budget: 'dc.budgetId', keys: { DirectCost: 't.directCostId' } }, orderBy: 't.directCostItemId',
    secured: { parentKey: 'DirectCost', parentTable: 'direct_costs', parentId: 'directCostId' },
  },
};
