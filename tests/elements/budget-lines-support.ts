/**
 * Setup shared by the budget line tests (wb-cost-code-transactions, tests/unit/budget-lines): three transactions of
 * one cost code, two of them on the same day.
 */
import type { CostCodeTransaction } from '../../src/core/budget-lines/contract';

const transaction = (id: number, transactionDate: string, amount: number, extra: Partial<CostCodeTransaction> = {}): CostCodeTransaction => ({
  costCodeTransactionId: id, costCodeId: 101, budgetId: 1, projectId: 1, costCode: '09200000', codeDisplay: '09-2000-00', costType: 'S', transactionDate,
  sourceType: 'Subcontract', sourceRecordKey: 'Subcontract', sourceRecordId: 1, documentNumber: 'SC-001', vendorId: 7, vendorName: 'Acme', description: 'Framing',
  units: null, hours: null, amount, ...extra,
});
export const TRANSACTIONS = [transaction(1, '2026-03-02', 100.1), transaction(2, '2026-01-15', 200.2), transaction(3, '2026-03-02', 0.3, { sourceType: 'Direct Cost', documentNumber: null })];
