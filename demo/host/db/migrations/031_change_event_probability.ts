/**
 * 031: a change event's probability (0–100 %, default 100): its pending amount in the projection grid's
 * pending budget changes is weighted by it. Existing events are 100 % (as they counted before).
 * Field security of the new field, as its neighbours on the change event: editable while the event is
 * open and not yet Approved (an approved event counts in full), visible in every state. One default row
 * (no role, no employee) per state, written only where the state has none for the field. On an empty
 * database (fresh, seeded after the migrations) this touches nothing: the seed writes the same rows from states.ts.
 * Frozen: no live imports.
 */
export const CHANGE_EVENT_PROBABILITY_031 = `
ALTER TABLE change_events ADD COLUMN probability INTEGER NOT NULL DEFAULT 100 CHECK (probability BETWEEN 0 AND 100);

INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt)
  SELECT s.applicationRecordStateId, 'probability', NULL, NULL, CASE WHEN s.closed = 0 AND s.name <> 'Approved' THEN 1 ELSE 0 END, 1,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states s
  WHERE s.applicationRecordKey = 'ChangeEvent'
    AND NOT EXISTS (SELECT 1 FROM field_security f WHERE f.lookupApplicationRecordStateId = s.applicationRecordStateId AND f.fieldName = 'probability'
      AND f.roleName IS NULL AND f.employeeId IS NULL)
  ORDER BY s.displayOrder;
`;
