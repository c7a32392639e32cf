/** The data-quality screen's seeded defects (src/core/data-quality). */
import { OWNERS } from '../catalog';
import { insertCommitment } from './commitments';
import type { Seeder } from './seeder';
import { addDays, insert, pad, stateId } from './support';

/**
 * Known defects on the pm's project 1 so the data-quality screen (src/core/data-quality) has work
 * to show: written last and without the PRNG, so every other seeded row stays as it was.
 * - a Draft subcontract without items (rule commitment-without-items);
 * - a Draft purchase order of an inactive vendor whose item is on another project's cost code
 *   (inactive-vendor, item-cost-code-off-budget);
 * - a Draft owner change order without change events (owner-change-order-without-change-events);
 * - direct cost DC-24-1032-002 awaiting approval since 20 days before the seed date
 *   (direct-cost-pending-approval);
 * - the first Approved, unlinked item of CE-003 approved 45 days before the seed date
 *   (approved-item-not-committed).
 * Unreconciled cost adjustments, the unsubmitted projection and long-open change events arise from the data itself.
 */
export function seedDataQualityDefects(s: Seeder): void {
  const t = s.cal.stamp;
  const project = s.projects[0]!;
  const budget = project.budgets[0]!;
  const activeVendor = s.vendorsByTrade.values().next().value![0]!;
  const scNumber = `SC-${budget.jobNumber}-${pad(s.next(`sc:${budget.budgetId}`), 3)}`;
  insertCommitment(s, 'Subcontract', 'subcontracts', {
    projectId: project.projectId, budgetId: budget.budgetId, vendorId: activeVendor, subcontractTypeId: 2, number: scNumber,
    description: 'Temporary protection and weather enclosures', applicationRecordStateId: stateId(s.db, 'Subcontract', 'Draft'),
    retainagePercent: 10, excessLiability: null, executedDate: null, billedToDate: 0,
    displayText: `${scNumber} ${s.vendorName.get(activeVendor)}`, modifiedAt: t,
  });
  const inactiveName = 'Gulf Coast Shoring Co. (closed)';
  const inactiveVendor = insert(s.db, 'vendors', {
    vendorNumber: 'V29999', name: inactiveName, trade: 'equipment', city: 'Houston', state: 'TX', phone: '(713) 555-0199',
    email: 'office@gulfcoastshoring.example', active: 0, displayText: `${inactiveName} (Houston, TX)`, modifiedAt: t,
  });
  s.vendorName.set(inactiveVendor, inactiveName);
  const poNumber = `PO-${budget.jobNumber}-${pad(s.next(`po:${budget.budgetId}`), 3)}`;
  const purchaseOrderId = insertCommitment(s, 'PurchaseOrder', 'purchase_orders', {
    projectId: project.projectId, budgetId: budget.budgetId, vendorId: inactiveVendor, purchaseAgreementId: null, number: poNumber,
    description: 'Shoring rental (vendor closed)', applicationRecordStateId: stateId(s.db, 'PurchaseOrder', 'Draft'), orderDate: addDays(s.cal.today, -12),
    billedToDate: 0, displayText: `${poNumber} ${inactiveName}`, modifiedAt: t,
  });
  const foreignLine = s.projects[1]!.budgets[0]!.lines[0]!;
  insert(s.db, 'purchase_order_items', {
    purchaseOrderId, costCodeId: foreignLine.costCodeId, description: 'Shoring frames (coded to another job)', quantity: 4, unitPrice: 1250, amount: 5000, modifiedAt: t,
  });
  const ocoNumber = `OCO-${pad(s.next(`oaco:${project.ownerAgreementId}`), 3)}`;
  insert(s.db, 'owner_agreement_change_orders', {
    ownerAgreementId: project.ownerAgreementId, budgetId: budget.budgetId, number: ocoNumber, description: 'Owner change order: weather protection (no change events yet)',
    amount: 0, applicationRecordStateId: stateId(s.db, 'OwnerAgreementChangeOrder', 'Draft'), changeOrderDate: addDays(s.cal.today, -8),
    displayText: `${ocoNumber} ${OWNERS[project.index]}`, modifiedAt: t,
  });
  s.db.exec(`UPDATE direct_costs SET modifiedAt = '${addDays(s.cal.today, -20)}T12:00:00.000Z' WHERE budgetId = ${budget.budgetId} AND number = 'DC-${budget.jobNumber}-002'`);
  s.db.exec(`UPDATE change_event_items SET modifiedAt = '${addDays(s.cal.today, -45)}T12:00:00.000Z' WHERE changeEventItemId = (
    SELECT min(i.changeEventItemId) FROM change_event_items i JOIN change_events ce USING (changeEventId)
    JOIN application_record_states s ON s.applicationRecordStateId = i.applicationRecordStateId
    WHERE ce.budgetId = ${budget.budgetId} AND ce.number = 'CE-003' AND s.name = 'Approved' AND i.coItemRecordId IS NULL)`);
}

