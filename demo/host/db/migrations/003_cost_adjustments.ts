/**
 * 003 (issue 11, cost adjustments): `transfer` marks an adjustment that moves budget between lines
 * (its items must net to zero before it is posted); a reference document may carry a file (`fileId`,
 * a row of `files`; no foreign key, so deleting the file leaves the document row and its number).
 */
export const COST_ADJUSTMENTS_003 = `
ALTER TABLE cost_adjustments ADD COLUMN transfer INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cost_adjustment_reference_documents ADD COLUMN fileId INTEGER;
CREATE INDEX cost_adjustment_items_adjustment ON cost_adjustment_items(costAdjustmentId);
CREATE INDEX cost_adjustment_documents_adjustment ON cost_adjustment_reference_documents(costAdjustmentId);
`;
