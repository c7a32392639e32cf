/**
 * 026: pay applications (rules: src/core/pay-applications; host: demo/host/api/pfm/pay-applications).
 * - pay_applications: a commitment's monthly bill (one per commitment per period end, numbered by its
 *   sequence), an application record 'PayApplication'; the retainage terms as of the application; the
 *   current payment due as last saved (what the approval authority judges); the certified figures kept
 *   when it is approved for payment; the reason of the last Revise and Resubmit; who and when.
 * - pay_application_lines: one per line of the schedule of values (a commitment item, or an item of an
 *   approved change order: `source`), its scheduled value as of the application, work completed in
 *   previous applications, this period, and materials presently stored.
 * - lien_waivers: a waiver on file for an application (kind, amount, through-date), its signed copy a
 *   record file of the PayApplication.
 * - the record, its states, advancements and approval authority (Approved for Payment: Project Manager up
 *   to $100,000, RPM up to $1,000,000, Admin any; not by who submitted it or by its previous approver).
 *   On an empty database (fresh, seeded after the migrations) these touch nothing: the seed writes
 *   states.ts and runs {@link PAY_APPLICATION_APPROVAL_DEFAULTS_026}.
 * - every commitment billed before pay applications existed gets one historic Paid application: its
 *   amount is what the product showed as billed (the cost-code transactions the commitment is the source
 *   of; its `billedToDate` where it has none), spread over its lines (original items and items of approved
 *   change orders) pro rata to their amounts (the last line takes the cents left), the commitment's
 *   retainage held (each figure rounded to cents as the rules round: Math.round(n * 100) / 100); its period is the
 *   month of the last billing. It writes no cost (the ledger has it).
 *   A commitment without items can not carry a line and gets none.
 * Frozen: no live imports.
 */
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

const TABLES = `
CREATE TABLE pay_applications (
  payApplicationId INTEGER PRIMARY KEY,
  commitmentKey TEXT NOT NULL CHECK (commitmentKey IN ('Subcontract', 'PurchaseAgreement', 'PurchaseOrder')),
  commitmentId INTEGER NOT NULL,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  sequence INTEGER NOT NULL CHECK (sequence >= 1),
  number TEXT NOT NULL,
  periodEnd TEXT NOT NULL CHECK (coalesce(date(periodEnd) = periodEnd, 0)),
  final INTEGER NOT NULL DEFAULT 0 CHECK (final IN (0, 1)),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  retainagePercent REAL NOT NULL CHECK (retainagePercent >= 0 AND retainagePercent <= 100),
  reduceRetainageAtHalf INTEGER NOT NULL DEFAULT 0 CHECK (reduceRetainageAtHalf IN (0, 1)),
  currentPaymentDue REAL NOT NULL DEFAULT 0,
  certifiedCompletedAndStored REAL,
  certifiedRetainage REAL,
  certifiedEarnedLessRetainage REAL,
  certifiedPaymentDue REAL,
  reviseReason TEXT,
  revisedAt TEXT,
  revisedByEmployeeId INTEGER REFERENCES employees(employeeId),
  createdAt TEXT NOT NULL,
  createdByEmployeeId INTEGER REFERENCES employees(employeeId),
  submittedAt TEXT,
  submittedByEmployeeId INTEGER REFERENCES employees(employeeId),
  approvedAt TEXT,
  approvedByEmployeeId INTEGER REFERENCES employees(employeeId),
  approvedForPaymentAt TEXT,
  approvedForPaymentByEmployeeId INTEGER REFERENCES employees(employeeId),
  paidAt TEXT,
  paidByEmployeeId INTEGER REFERENCES employees(employeeId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (commitmentKey, commitmentId, periodEnd),
  UNIQUE (commitmentKey, commitmentId, sequence)
);
CREATE INDEX pay_applications_project ON pay_applications(projectId, applicationRecordStateId);
CREATE INDEX pay_applications_budget ON pay_applications(budgetId);
CREATE INDEX pay_applications_modified ON pay_applications(modifiedAt);

CREATE TABLE pay_application_lines (
  payApplicationLineId INTEGER PRIMARY KEY,
  payApplicationId INTEGER NOT NULL REFERENCES pay_applications(payApplicationId) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('original', 'changeOrder')),
  itemId INTEGER NOT NULL,
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  scheduledValue REAL NOT NULL,
  previousCompleted REAL NOT NULL DEFAULT 0,
  thisPeriod REAL NOT NULL DEFAULT 0,
  storedMaterials REAL NOT NULL DEFAULT 0 CHECK (storedMaterials >= 0),
  modifiedAt TEXT NOT NULL,
  UNIQUE (payApplicationId, source, itemId)
);

CREATE TABLE lien_waivers (
  lienWaiverId INTEGER PRIMARY KEY,
  payApplicationId INTEGER NOT NULL REFERENCES pay_applications(payApplicationId) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('Conditional Progress', 'Unconditional Progress', 'Conditional Final', 'Unconditional Final')),
  amount REAL NOT NULL CHECK (amount >= 0),
  throughDate TEXT NOT NULL CHECK (coalesce(date(throughDate) = throughDate, 0)),
  fileId INTEGER NOT NULL REFERENCES files(fileId),
  uploadedByEmployeeId INTEGER REFERENCES employees(employeeId),
  uploadedAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX lien_waivers_application ON lien_waivers(payApplicationId);
`;

/** [name, closed, displayOrder]. */
const STATES: ReadonlyArray<readonly [string, number, number]> = [
  ['Draft', 0, 1], ['Submitted', 0, 2], ['Approved', 0, 3], ['Approved for Payment', 1, 4], ['Paid', 1, 5], ['Revise and Resubmit', 0, 6],
];
/** [from, to, quickRoute, displayOrder]. */
const ADVANCEMENTS: ReadonlyArray<readonly [string, string, number, number]> = [
  ['Draft', 'Submitted', 1, 1],
  ['Submitted', 'Approved', 1, 1], ['Submitted', 'Revise and Resubmit', 0, 2],
  ['Approved', 'Approved for Payment', 1, 1], ['Approved', 'Revise and Resubmit', 0, 2],
  ['Approved for Payment', 'Paid', 1, 1],
  ['Revise and Resubmit', 'Submitted', 1, 1],
];

const RECORD = `
INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'PayApplication', applicationId, 'Pay Application', 'Pay Application', ${NOW} FROM applications WHERE applicationKey = 'keyPFM'
    AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'PayApplication');
${STATES.map(([name, closed, order]) => `INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'PayApplication', '${name}', ${closed}, ${order}, ${order === 1 ? 1 : 0}, '${name}', ${NOW}
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'PayApplication')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'PayApplication' AND name = '${name}');`).join('\n')}
${ADVANCEMENTS.map(([from, to, quick, order]) => `INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, ${quick}, ${order}, ${NOW}
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = '${to}'
  WHERE f.applicationRecordKey = 'PayApplication' AND f.name = '${from}'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);`).join('\n')}
`;

/** The approval authority's defaults for pay applications (also run by the seed once its states exist; idempotent). */
export const PAY_APPLICATION_APPROVAL_DEFAULTS_026 = `
INSERT OR IGNORE INTO approval_moves (applicationRecordKey, targetApplicationRecordStateId, notSubmitter, notPreviousApprover, modifiedAt)
SELECT s.applicationRecordKey, s.applicationRecordStateId, 1, 1, ${NOW}
FROM application_record_states s WHERE s.applicationRecordKey = 'PayApplication' AND s.name = 'Approved for Payment';

INSERT OR IGNORE INTO approval_limits (approvalMoveId, applicationKey, roleName, upToAmount, modifiedAt)
SELECT m.approvalMoveId, 'keyPFM', v.column1, v.column2, ${NOW}
FROM (VALUES ('Project Manager', 100000), ('RPM', 1000000), ('Admin', NULL)) v
JOIN application_record_states s ON s.applicationRecordKey = 'PayApplication' AND s.name = 'Approved for Payment'
JOIN approval_moves m ON m.targetApplicationRecordStateId = s.applicationRecordStateId;
`;

/**
 * One historic Paid application per commitment billed before pay applications (see the module comment).
 * Idempotent: a commitment that already has an application is left alone. Also run by the seed.
 */
export const HISTORIC_PAY_APPLICATIONS_026 = `
CREATE TEMP TABLE pay_app_commitments_026 AS
WITH commitments AS (
  SELECT 'Subcontract' AS k, t.subcontractId AS id, t.projectId, t.budgetId, t.vendorId, t.number, t.retainagePercent AS pct,
    t.reduceRetainageAtHalf AS reduce, t.billedToDate FROM subcontracts t
  UNION ALL
  SELECT 'PurchaseAgreement', t.purchaseAgreementId, t.projectId, t.budgetId, t.vendorId, t.number, t.retainagePercent,
    t.reduceRetainageAtHalf, t.billedToDate FROM purchase_agreements t
  UNION ALL
  SELECT 'PurchaseOrder', t.purchaseOrderId, t.projectId, t.budgetId, t.vendorId, t.number, t.retainagePercent,
    t.reduceRetainageAtHalf, t.billedToDate FROM purchase_orders t),
billed AS (
  SELECT c.*, (SELECT sum(x.amount) FROM cost_code_transactions x WHERE x.sourceRecordKey = c.k AND x.sourceRecordId = c.id) AS tx,
    (SELECT max(x.transactionDate) FROM cost_code_transactions x WHERE x.sourceRecordKey = c.k AND x.sourceRecordId = c.id) AS lastDate
  FROM commitments c)
SELECT k, id, projectId, budgetId, vendorId, number, pct, reduce,
  (round((CASE WHEN coalesce(tx, 0) > 0 THEN tx ELSE billedToDate END) * 100) / 100.0) AS amount,
  date(coalesce(CASE WHEN coalesce(tx, 0) > 0 THEN lastDate END, date('now', 'start of month', '-1 day')), 'start of month', '+1 month', '-1 day') AS periodEnd
FROM billed
WHERE (round((CASE WHEN coalesce(tx, 0) > 0 THEN tx ELSE billedToDate END) * 100) / 100.0) > 0
  AND NOT EXISTS (SELECT 1 FROM pay_applications p WHERE p.commitmentKey = billed.k AND p.commitmentId = billed.id);

CREATE TEMP TABLE pay_app_items_026 AS
SELECT 'Subcontract' AS k, i.subcontractId AS id, 'original' AS source, i.subcontractItemId AS itemId, i.costCodeId, i.amount FROM subcontract_items i
UNION ALL
SELECT 'Subcontract', co.subcontractId, 'changeOrder', ci.subcontractChangeOrderItemId, ci.costCodeId, ci.amount
  FROM subcontract_change_order_items ci JOIN subcontract_change_orders co ON co.subcontractChangeOrderId = ci.subcontractChangeOrderId
  JOIN application_record_states s ON s.applicationRecordStateId = co.applicationRecordStateId WHERE s.name = 'Approved'
UNION ALL
SELECT 'PurchaseAgreement', i.purchaseAgreementId, 'original', i.purchaseAgreementItemId, i.costCodeId, i.amount FROM purchase_agreement_items i
UNION ALL
SELECT 'PurchaseAgreement', co.purchaseAgreementId, 'changeOrder', ci.purchaseAgreementChangeOrderItemId, ci.costCodeId, ci.amount
  FROM purchase_agreement_change_order_items ci JOIN purchase_agreement_change_orders co ON co.purchaseAgreementChangeOrderId = ci.purchaseAgreementChangeOrderId
  JOIN application_record_states s ON s.applicationRecordStateId = co.applicationRecordStateId WHERE s.name = 'Approved'
UNION ALL
SELECT 'PurchaseOrder', i.purchaseOrderId, 'original', i.purchaseOrderItemId, i.costCodeId, i.amount FROM purchase_order_items i;

DELETE FROM pay_app_commitments_026 WHERE (SELECT coalesce(sum(i.amount), 0) FROM pay_app_items_026 i
  WHERE i.k = pay_app_commitments_026.k AND i.id = pay_app_commitments_026.id) <= 0;

INSERT INTO pay_applications (commitmentKey, commitmentId, projectId, budgetId, vendorId, sequence, number, periodEnd, final, applicationRecordStateId,
  retainagePercent, reduceRetainageAtHalf, createdAt, displayText, modifiedAt)
SELECT c.k, c.id, c.projectId, c.budgetId, c.vendorId, 1, c.number || ' Pay App 01', c.periodEnd, 0, s.applicationRecordStateId,
  c.pct, c.reduce, ${NOW}, c.number || ' Pay App 01', ${NOW}
FROM pay_app_commitments_026 c JOIN application_record_states s ON s.applicationRecordKey = 'PayApplication' AND s.name = 'Paid';

INSERT INTO pay_application_lines (payApplicationId, source, itemId, costCodeId, scheduledValue, previousCompleted, thisPeriod, storedMaterials, modifiedAt)
SELECT payApplicationId, source, itemId, costCodeId, amount, 0,
  CASE WHEN rn = n THEN round((total - (sumShare - share)) * 100) / 100.0 ELSE share END, 0, ${NOW}
FROM (
  SELECT p.payApplicationId, i.source, i.itemId, i.costCodeId, i.amount, c.amount AS total,
    round(c.amount * i.amount / (SELECT sum(j.amount) FROM pay_app_items_026 j WHERE j.k = i.k AND j.id = i.id) * 100) / 100.0 AS share,
    sum(round(c.amount * i.amount / (SELECT sum(j.amount) FROM pay_app_items_026 j WHERE j.k = i.k AND j.id = i.id) * 100) / 100.0) OVER (PARTITION BY i.k, i.id) AS sumShare,
    row_number() OVER (PARTITION BY i.k, i.id ORDER BY i.source DESC, i.itemId) AS rn,
    count(*) OVER (PARTITION BY i.k, i.id) AS n
  FROM pay_app_items_026 i JOIN pay_app_commitments_026 c ON c.k = i.k AND c.id = i.id
  JOIN pay_applications p ON p.commitmentKey = c.k AND p.commitmentId = c.id AND p.sequence = 1);

UPDATE pay_applications SET certifiedCompletedAndStored = (SELECT c.amount FROM pay_app_commitments_026 c WHERE c.k = commitmentKey AND c.id = commitmentId)
  WHERE EXISTS (SELECT 1 FROM pay_app_commitments_026 c WHERE c.k = commitmentKey AND c.id = commitmentId) AND sequence = 1;
UPDATE pay_applications SET certifiedRetainage = (
    SELECT round(coalesce(sum(round(l.thisPeriod * (CASE WHEN pay_applications.reduceRetainageAtHalf = 1
        AND pay_applications.certifiedCompletedAndStored >= 0.5 * (SELECT sum(m.scheduledValue) FROM pay_application_lines m WHERE m.payApplicationId = pay_applications.payApplicationId)
      THEN min(pay_applications.retainagePercent, 5) ELSE pay_applications.retainagePercent END) / 100 * 100) / 100.0), 0) * 100) / 100.0
    FROM pay_application_lines l WHERE l.payApplicationId = pay_applications.payApplicationId)
  WHERE EXISTS (SELECT 1 FROM pay_app_commitments_026 c WHERE c.k = commitmentKey AND c.id = commitmentId) AND sequence = 1;
UPDATE pay_applications SET certifiedEarnedLessRetainage = round((certifiedCompletedAndStored - certifiedRetainage) * 100) / 100.0,
    certifiedPaymentDue = round((certifiedCompletedAndStored - certifiedRetainage) * 100) / 100.0,
    currentPaymentDue = round((certifiedCompletedAndStored - certifiedRetainage) * 100) / 100.0
  WHERE EXISTS (SELECT 1 FROM pay_app_commitments_026 c WHERE c.k = commitmentKey AND c.id = commitmentId) AND sequence = 1;

DROP TABLE pay_app_commitments_026;
DROP TABLE pay_app_items_026;
`;

export const PAY_APPLICATIONS_026 = TABLES + RECORD + PAY_APPLICATION_APPROVAL_DEFAULTS_026 + HISTORIC_PAY_APPLICATIONS_026;
