/**
 * 028: field security of a commitment's header terms (migration 025's scope, contractDate, startDate, endDate,
 * reduceRetainageAtHalf; retainagePercent of purchase agreements and orders): editable while the commitment
 * is open and unsigned, fixed once it is signed (a subcontract or purchase agreement Executed; a purchase
 * order Issued or Received), as a subcontract's retainage already was; visible in every state. One default
 * row (no role, no employee) per state and field, written only where the state has none for the field, so
 * rows an administrator set are kept. On an empty database (fresh, seeded after the migrations) this
 * touches nothing: the seed writes the same rows from states.ts.
 * Frozen: no live imports.
 */
const TERMS: ReadonlyArray<readonly [string, readonly string[], readonly string[]]> = [
  ['Subcontract', ['scope', 'contractDate', 'startDate', 'endDate', 'reduceRetainageAtHalf', 'retainagePercent'], ['Executed']],
  ['PurchaseAgreement', ['scope', 'contractDate', 'startDate', 'endDate', 'reduceRetainageAtHalf', 'retainagePercent'], ['Executed']],
  ['PurchaseOrder', ['scope', 'startDate', 'endDate', 'reduceRetainageAtHalf', 'retainagePercent'], ['Issued', 'Received']],
];

const list = (names: readonly string[]) => names.map((n) => `'${n}'`).join(', ');

export const COMMITMENT_TERMS_SECURITY_028 = TERMS.map(([key, fields, signed]) => fields.map((field) => `
INSERT INTO field_security (lookupApplicationRecordStateId, fieldName, roleName, employeeId, editable, visible, modifiedAt)
  SELECT s.applicationRecordStateId, '${field}', NULL, NULL, CASE WHEN s.closed = 0 AND s.name NOT IN (${list(signed)}) THEN 1 ELSE 0 END, 1,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states s
  WHERE s.applicationRecordKey = '${key}'
    AND NOT EXISTS (SELECT 1 FROM field_security f WHERE f.lookupApplicationRecordStateId = s.applicationRecordStateId AND f.fieldName = '${field}'
      AND f.roleName IS NULL AND f.employeeId IS NULL)
  ORDER BY s.displayOrder;`).join('')).join('\n');
