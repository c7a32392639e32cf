/**
 * 002: direct costs get an approval workflow (issue 11). The invoice number, who submitted it and
 * when (data quality flags one pending approval for more than 14 days), and the reason of the last
 * Revise and Resubmit. States: Submitted is renamed Pending Approval and Approved is added, keeping
 * the ids of the existing states so every direct cost stays valid; the advancements and the field
 * security (editable in Draft only) are rewritten. On an empty database (a fresh one, seeded after
 * the migrations) the state statements touch nothing: the seed writes states.ts, which matches.
 */
export const DIRECT_COST_APPROVAL_002 = `
ALTER TABLE direct_costs ADD COLUMN invoiceNumber TEXT;
ALTER TABLE direct_costs ADD COLUMN submittedAt TEXT;
ALTER TABLE direct_costs ADD COLUMN submittedByEmployeeId INTEGER REFERENCES employees(employeeId);
ALTER TABLE direct_costs ADD COLUMN reviseReason TEXT;
ALTER TABLE direct_costs ADD COLUMN revisedAt TEXT;
ALTER TABLE direct_costs ADD COLUMN revisedByEmployeeId INTEGER REFERENCES employees(employeeId);
CREATE INDEX direct_costs_project ON direct_costs(projectId);
CREATE INDEX direct_cost_items_direct_cost ON direct_cost_items(directCostId);

UPDATE application_record_states SET name = 'Pending Approval', displayText = 'Pending Approval'
  WHERE applicationRecordKey = 'DirectCost' AND name = 'Submitted';
UPDATE application_record_states SET displayOrder = 4 WHERE applicationRecordKey = 'DirectCost' AND name = 'Posted';
UPDATE application_record_states SET displayOrder = 5 WHERE applicationRecordKey = 'DirectCost' AND name = 'Void';
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'DirectCost', 'Approved', 0, 3, 0, 'Approved', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'DirectCost')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'DirectCost' AND name = 'Approved');
UPDATE direct_costs SET submittedAt = modifiedAt
  WHERE applicationRecordStateId IN (SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = 'DirectCost' AND name = 'Pending Approval');

DELETE FROM state_advancements WHERE applicationRecordStateId IN
  (SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = 'DirectCost');
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, m.quickRoute, m.displayOrder, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Draft' AS f, 'Pending Approval' AS t, 1 AS quickRoute, 1 AS displayOrder
        UNION ALL SELECT 'Draft', 'Void', 0, 2
        UNION ALL SELECT 'Pending Approval', 'Approved', 1, 1
        UNION ALL SELECT 'Pending Approval', 'Draft', 0, 2
        UNION ALL SELECT 'Pending Approval', 'Void', 0, 3
        UNION ALL SELECT 'Approved', 'Posted', 1, 1
        UNION ALL SELECT 'Approved', 'Void', 0, 2) m
  JOIN application_record_states f ON f.applicationRecordKey = 'DirectCost' AND f.name = m.f
  JOIN application_record_states t ON t.applicationRecordKey = 'DirectCost' AND t.name = m.t;

DELETE FROM field_security WHERE lookupApplicationRecordStateId IN
  (SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = 'DirectCost');
INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt)
  SELECT s.applicationRecordStateId, f.name, NULL, NULL, s.name = 'Draft', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states s
  JOIN (SELECT 'directCostDate' AS name UNION ALL SELECT 'directCostTypeId' UNION ALL SELECT 'vendorId' UNION ALL SELECT 'invoiceNumber'
        UNION ALL SELECT 'description' UNION ALL SELECT 'amount' UNION ALL SELECT 'items') f
  WHERE s.applicationRecordKey = 'DirectCost'
  ORDER BY s.displayOrder;
`;
