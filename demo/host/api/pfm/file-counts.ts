/** The §7 load of file counts per record (the table of loads.ts; the files themselves are files.ts'). */
import { keysOf } from '../scope';
import { currentReach, projectOfRecordExpr, reachWhere } from '../project-access';
import type { SpecialLoads } from './load-kinds';

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
  WHEN 'PayApplication' THEN (SELECT projectId FROM pay_applications WHERE payApplicationId = f.recordId)
  END`;

/** Record keys that files can hang on (besides the standard scope keys). */
const FILE_RECORD_KEYS = ['ChangeRecord', 'ChangeEvent', 'ChangeEventItem', 'Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement',
  'PurchaseAgreementChangeOrder', 'PurchaseOrder', 'OwnerAgreement', 'OwnerAgreementChangeOrder', 'CostAdjustment', 'DirectCost', 'Rfi', 'PayApplication'];

export const FILE_COUNT_LOADS: SpecialLoads = {
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
};
