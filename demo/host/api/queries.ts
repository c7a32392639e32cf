/**
 * The SQL pieces of commitment amounts that several areas read, so a subcontract's approved changes and billing come
 * out the same on its screens, in the SRA gate, the prequal backlog and a closeout. Each area's SELECTs live in its
 * own host folder (pfm/<area>/loads.ts).
 */

/**
 * The sum of the items of contract `alias`'s change orders in state `stateName`. Shared: a commitment's approvedChanges
 * (pfm/commitments/loads.ts contractAmounts), the SRA gate's sums (risk/sra/gate.ts) and the prequal backlog (risk/prequal.ts).
 */
export const changeOrderItemsSum = (contract: 'subcontract' | 'purchase_agreement', idColumn: string, stateName: string, alias = 't') => {
  const changeOrderId = idColumn.replace(/Id$/, 'ChangeOrderId');
  return `(SELECT coalesce(sum(ci.amount), 0) FROM ${contract}_change_order_items ci JOIN ${contract}_change_orders co USING (${changeOrderId})
     JOIN application_record_states cs ON cs.applicationRecordStateId = co.applicationRecordStateId
     WHERE co.${idColumn} = ${alias}.${idColumn} AND cs.name = '${stateName}')`;
};

/**
 * `column` of commitment `alias`'s last certified pay application, else 0. Shared: a commitment's billed and
 * retainageHeld (pfm/commitments/loads.ts), the vendor's open backlog (risk/prequal.ts) and the retainage a closeout
 * finds held (toolbox/closeouts.ts).
 */
export const lastCertified = (recordKey: string, idColumn: string, column: string, alias = 't') =>
  `coalesce((SELECT p.${column} FROM pay_applications p WHERE p.commitmentKey = '${recordKey}'
    AND p.commitmentId = ${alias}.${idColumn} AND p.certifiedCompletedAndStored IS NOT NULL ORDER BY p.sequence DESC LIMIT 1), 0)`;
