/**
 * 025: the header terms of a commitment written in the portal (pfm/commitments/create.ts).
 * - subcontracts, purchase_agreements, purchase_orders: `scope` (the title stays `description`),
 *   `startDate`, `endDate`, `reduceRetainageAtHalf` (0/1: retainage drops to 5% at 50% complete) and
 *   `buyoutCostCodeId` (the buyout line, a budget line, the commitment was awarded from);
 * - subcontracts and purchase agreements: `contractDate` (purchase orders keep `orderDate` as theirs);
 * - purchase_orders: `retainagePercent` (0 for existing orders, as none was held).
 * Existing rows: the scope is the description, the contract date the executed date, the start date the
 * contract (or order) date, the end date the project's completion date; no buyout link.
 */
export const COMMITMENT_TERMS_025 = `
ALTER TABLE subcontracts ADD COLUMN scope TEXT NOT NULL DEFAULT '';
ALTER TABLE subcontracts ADD COLUMN contractDate TEXT;
ALTER TABLE subcontracts ADD COLUMN startDate TEXT;
ALTER TABLE subcontracts ADD COLUMN endDate TEXT;
ALTER TABLE subcontracts ADD COLUMN reduceRetainageAtHalf INTEGER NOT NULL DEFAULT 0 CHECK (reduceRetainageAtHalf IN (0, 1));
ALTER TABLE subcontracts ADD COLUMN buyoutCostCodeId INTEGER REFERENCES cost_codes(costCodeId);

ALTER TABLE purchase_agreements ADD COLUMN scope TEXT NOT NULL DEFAULT '';
ALTER TABLE purchase_agreements ADD COLUMN contractDate TEXT;
ALTER TABLE purchase_agreements ADD COLUMN startDate TEXT;
ALTER TABLE purchase_agreements ADD COLUMN endDate TEXT;
ALTER TABLE purchase_agreements ADD COLUMN reduceRetainageAtHalf INTEGER NOT NULL DEFAULT 0 CHECK (reduceRetainageAtHalf IN (0, 1));
ALTER TABLE purchase_agreements ADD COLUMN buyoutCostCodeId INTEGER REFERENCES cost_codes(costCodeId);

ALTER TABLE purchase_orders ADD COLUMN scope TEXT NOT NULL DEFAULT '';
ALTER TABLE purchase_orders ADD COLUMN startDate TEXT;
ALTER TABLE purchase_orders ADD COLUMN endDate TEXT;
ALTER TABLE purchase_orders ADD COLUMN retainagePercent REAL NOT NULL DEFAULT 0;
ALTER TABLE purchase_orders ADD COLUMN reduceRetainageAtHalf INTEGER NOT NULL DEFAULT 0 CHECK (reduceRetainageAtHalf IN (0, 1));
ALTER TABLE purchase_orders ADD COLUMN buyoutCostCodeId INTEGER REFERENCES cost_codes(costCodeId);

UPDATE subcontracts SET scope = description, contractDate = executedDate, startDate = executedDate,
  endDate = (SELECT p.completionDate FROM projects p WHERE p.projectId = subcontracts.projectId);
UPDATE purchase_agreements SET scope = description, contractDate = executedDate, startDate = executedDate,
  endDate = (SELECT p.completionDate FROM projects p WHERE p.projectId = purchase_agreements.projectId);
UPDATE purchase_orders SET scope = description, startDate = orderDate,
  endDate = (SELECT p.completionDate FROM projects p WHERE p.projectId = purchase_orders.projectId);

CREATE INDEX subcontracts_buyout_line ON subcontracts(buyoutCostCodeId) WHERE buyoutCostCodeId IS NOT NULL;
CREATE INDEX purchase_agreements_buyout_line ON purchase_agreements(buyoutCostCodeId) WHERE buyoutCostCodeId IS NOT NULL;
CREATE INDEX purchase_orders_buyout_line ON purchase_orders(buyoutCostCodeId) WHERE buyoutCostCodeId IS NOT NULL;
`;
