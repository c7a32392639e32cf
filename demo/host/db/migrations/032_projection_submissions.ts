/**
 * 032: who submitted a month's projections and when, and who re-opened them (ReopenProjections), when and why.
 * Rows already submitted: submitted by the employee who saved them, at the time they were last written (the best
 * the old rows know). A re-opened month's rows are not submitted; their submittedBy / submittedAt are cleared (the
 * record history keeps them). Frozen: no live imports.
 */
export const PROJECTION_SUBMISSIONS_032 = `
ALTER TABLE projections ADD COLUMN submittedBy INTEGER REFERENCES employees(employeeId);
ALTER TABLE projections ADD COLUMN submittedAt TEXT;
ALTER TABLE projections ADD COLUMN reopenedBy INTEGER REFERENCES employees(employeeId);
ALTER TABLE projections ADD COLUMN reopenedAt TEXT;
ALTER TABLE projections ADD COLUMN reopenReason TEXT;

UPDATE projections SET submittedBy = employeeId, submittedAt = modifiedAt WHERE submitted = 1;
`;
