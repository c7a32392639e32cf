/**
 * The records a forecast snapshot keeps as the sources of a line's figures (projections/periods/sources.ts) follow the
 * line summaries' rules: committed cost only from commitments in a committed state (core isCommittedState: not Draft,
 * not Pending Signature), actual cost only from transactions of kind 'actual' (not a budget transfer).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isCommittedState } from '../../src/core/commitments/terms';
import { currentSources } from '../../demo/host/api/pfm/projections/periods/store';
import { useTestHost } from './support/use-host';

const { host, all } = useTestHost();

const TABLES = {
  Subcontract: ['subcontracts', 'subcontractId'],
  PurchaseAgreement: ['purchase_agreements', 'purchaseAgreementId'],
  PurchaseOrder: ['purchase_orders', 'purchaseOrderId'],
} as const;

describe("a snapshot's source records", () => {
  it('name as committed no commitment outside a committed state, and as actual cost no budget transfer', () => {
    // The seed has both kinds this guards against: the rule would pass without them.
    const pending = all("SELECT c.budgetId FROM subcontracts c JOIN application_record_states s USING (applicationRecordStateId) JOIN subcontract_items i USING (subcontractId) WHERE s.name = 'Pending Signature'");
    const transfers = all("SELECT budgetId FROM cost_code_transactions WHERE kind <> 'actual' AND sourceRecordKey IS NOT NULL");
    assert.ok(pending.length > 0 && transfers.length > 0, 'the seed has a Pending Signature subcontract with items and a transfer with a record');
    const budgets = [...new Set([...pending, ...transfers].map((row) => row.budgetId as number))];
    let committed = 0;
    let actual = 0;
    for (const budgetId of budgets) {
      for (const source of currentSources(host.db, budgetId)) {
        if (source.component === 'committed' && source.recordKey in TABLES) {
          const [table, id] = TABLES[source.recordKey as keyof typeof TABLES];
          const state = host.db.prepare(`SELECT s.name FROM ${table} c JOIN application_record_states s USING (applicationRecordStateId) WHERE c.${id} = ?`).pluck().get(source.recordId) as string;
          assert.ok(isCommittedState(source.recordKey as keyof typeof TABLES, state), `${source.number} (${state}) is not committed`);
          committed += 1;
        }
        if (source.component === 'actualToDate') {
          const kinds = host.db.prepare('SELECT DISTINCT kind FROM cost_code_transactions WHERE budgetId = ? AND costCodeId = ? AND sourceRecordKey = ? AND sourceRecordId = ?')
            .pluck().all(budgetId, source.costCodeId, source.recordKey, source.recordId) as string[];
          assert.ok(kinds.includes('actual'), `${source.recordKey} ${source.recordId}: actual cost from ${kinds.join(', ')}`);
          actual += 1;
        }
      }
    }
    assert.ok(committed > 0 && actual > 0, `committed ${committed}, actual ${actual}: both components were read`);
  });
});
