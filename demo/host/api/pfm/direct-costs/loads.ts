/** The §7 loads of direct costs (the table of loads.ts): direct costs with their items, and the items alone. */
import * as Q from '../../queries';
import { CODE_DISPLAY_SQL } from '../../rows';
import { STATEFUL, withItems, type RecordLoads } from '../load-kinds';

export const DIRECT_COST_RECORD_LOADS: RecordLoads = {
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
};
