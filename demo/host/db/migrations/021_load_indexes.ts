/**
 * 021 (issue 16, the host under load: list calls' p99 at 10 connections): indexes for lookups that
 * scanned a whole table on every call.
 * - A vendor's open backlog (risk/prequal.ts openBacklog, scored for every Draft of the SRA list and the
 *   gate) scanned every subcontract, and per subcontract every item and change order; SQLite built a
 *   throwaway index on change order items each time.
 * - App Records counts the records in each state: cost adjustments and direct costs (10,000+ each with
 *   the benchmark project) and subcontracts were scanned and sorted.
 * - The users list is ordered by name and capped: with the index its first rows are read in order,
 *   not all employees sorted.
 */
export const LOAD_INDEXES_021 = `
CREATE INDEX subcontracts_vendor ON subcontracts(vendorId);
CREATE INDEX subcontract_items_subcontract ON subcontract_items(subcontractId);
CREATE INDEX subcontract_change_orders_subcontract ON subcontract_change_orders(subcontractId);
CREATE INDEX subcontract_change_order_items_change_order ON subcontract_change_order_items(subcontractChangeOrderId);
CREATE INDEX subcontracts_state ON subcontracts(applicationRecordStateId);
CREATE INDEX cost_adjustments_state ON cost_adjustments(applicationRecordStateId);
CREATE INDEX direct_costs_state ON direct_costs(applicationRecordStateId);
CREATE INDEX employees_name ON employees(preferredName, employeeId);
`;
