/**
 * 022: approval authority, part of the record machinery (demo/host/api/approvals.ts).
 * - approval_moves: a move into a state that is an approval, per record type (the target state names
 *   the type), with its segregation of duties: not by the person who submitted the record, and not by
 *   the person who made its previous approval.
 * - approval_limits: per approval move, which roles may make it and the amount up to which
 *   (NULL: any amount).
 * - record_approvals: each approval made: who, in which role, under which limit, of what amount, and
 *   how (a user's move, or the e-sign completion) with the reason typed.
 * The seeded defaults are the company's: PM, RPM and keyPFM Admin by amount (Frozen: no live imports.)
 */
const TABLES = `
CREATE TABLE approval_moves (
  approvalMoveId INTEGER PRIMARY KEY,
  applicationRecordKey TEXT NOT NULL,
  targetApplicationRecordStateId INTEGER NOT NULL UNIQUE REFERENCES application_record_states(applicationRecordStateId) ON DELETE CASCADE,
  notSubmitter INTEGER NOT NULL DEFAULT 1 CHECK (notSubmitter IN (0, 1)),
  notPreviousApprover INTEGER NOT NULL DEFAULT 1 CHECK (notPreviousApprover IN (0, 1)),
  modifiedAt TEXT NOT NULL
);

CREATE TABLE approval_limits (
  approvalLimitId INTEGER PRIMARY KEY,
  approvalMoveId INTEGER NOT NULL REFERENCES approval_moves(approvalMoveId) ON DELETE CASCADE,
  applicationKey TEXT NOT NULL,
  roleName TEXT NOT NULL,
  upToAmount REAL CHECK (upToAmount IS NULL OR upToAmount >= 0),
  modifiedAt TEXT NOT NULL,
  UNIQUE (approvalMoveId, applicationKey, roleName)
);

CREATE TABLE record_approvals (
  recordApprovalId INTEGER PRIMARY KEY,
  applicationRecordKey TEXT NOT NULL,
  recordId INTEGER NOT NULL,
  fromApplicationRecordStateId INTEGER NOT NULL,
  toApplicationRecordStateId INTEGER NOT NULL,
  employeeId INTEGER REFERENCES employees(employeeId),
  applicationKey TEXT,
  roleName TEXT,
  upToAmount REAL,
  amount REAL NOT NULL,
  via TEXT NOT NULL DEFAULT 'user' CHECK (via IN ('user', 'esign')),
  reason TEXT,
  approvedAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX record_approvals_record ON record_approvals(applicationRecordKey, recordId);
`;

/**
 * The company's defaults (also run by the seed once its states exist; idempotent). Frozen with the migration.
 */
export const APPROVAL_DEFAULTS_022 = `
INSERT OR IGNORE INTO approval_moves (applicationRecordKey, targetApplicationRecordStateId, notSubmitter, notPreviousApprover, modifiedAt)
SELECT s.applicationRecordKey, s.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM application_record_states s
WHERE (s.applicationRecordKey, s.name) IN (VALUES
  ('Subcontract', 'Executed'), ('PurchaseAgreement', 'Executed'), ('PurchaseOrder', 'Issued'),
  ('SubcontractChangeOrder', 'Approved'), ('PurchaseAgreementChangeOrder', 'Approved'),
  ('OwnerAgreementChangeOrder', 'Approved'), ('ChangeEventItem', 'Approved'),
  ('CostAdjustment', 'Reconciled'), ('DirectCost', 'Approved'));

INSERT OR IGNORE INTO approval_limits (approvalMoveId, applicationKey, roleName, upToAmount, modifiedAt)
SELECT m.approvalMoveId, 'keyPFM', v.column3, v.column4, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM (VALUES
  ('Subcontract', 'Executed', 'Project Manager', 250000), ('Subcontract', 'Executed', 'RPM', 2000000), ('Subcontract', 'Executed', 'Admin', NULL),
  ('PurchaseAgreement', 'Executed', 'Project Manager', 250000), ('PurchaseAgreement', 'Executed', 'RPM', 2000000), ('PurchaseAgreement', 'Executed', 'Admin', NULL),
  ('PurchaseOrder', 'Issued', 'Project Manager', 250000), ('PurchaseOrder', 'Issued', 'RPM', 2000000), ('PurchaseOrder', 'Issued', 'Admin', NULL),
  ('SubcontractChangeOrder', 'Approved', 'Project Manager', 25000), ('SubcontractChangeOrder', 'Approved', 'RPM', 250000), ('SubcontractChangeOrder', 'Approved', 'Admin', NULL),
  ('PurchaseAgreementChangeOrder', 'Approved', 'Project Manager', 25000), ('PurchaseAgreementChangeOrder', 'Approved', 'RPM', 250000), ('PurchaseAgreementChangeOrder', 'Approved', 'Admin', NULL),
  ('OwnerAgreementChangeOrder', 'Approved', 'Project Manager', 100000), ('OwnerAgreementChangeOrder', 'Approved', 'RPM', NULL), ('OwnerAgreementChangeOrder', 'Approved', 'Admin', NULL),
  ('ChangeEventItem', 'Approved', 'Project Manager', 25000), ('ChangeEventItem', 'Approved', 'RPM', 250000), ('ChangeEventItem', 'Approved', 'Admin', NULL),
  ('CostAdjustment', 'Reconciled', 'RPM', NULL), ('CostAdjustment', 'Reconciled', 'Admin', NULL),
  ('DirectCost', 'Approved', 'RPM', NULL), ('DirectCost', 'Approved', 'Admin', NULL)
) v
JOIN application_record_states s ON s.applicationRecordKey = v.column1 AND s.name = v.column2
JOIN approval_moves m ON m.targetApplicationRecordStateId = s.applicationRecordStateId;
`;

export const APPROVAL_AUTHORITY_022 = TABLES + APPROVAL_DEFAULTS_022;
