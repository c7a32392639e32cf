/**
 * Numbered schema migrations. Each runs once, in order, inside a transaction; the applied ones are
 * recorded in `schema_migrations` and mirrored in `PRAGMA user_version`. Append, never edit.
 *
 * Column names are the §3 field names, so API answers are rows as they are. Every table carries
 * `modifiedAt` (ISO-8601 UTC text) for the `lastLoad` incremental loads. Every reference table
 * carries `displayText`, what a lookup shows.
 */
import { ADVANCEMENTS, APPLICATION_RECORDS, RECORD_STATES } from './states';
import { PROJECT_ROLES, TEAM_SOURCES } from '../../../src/core/projects/team';
import { billingReferenceSql, departmentAssignmentSql } from './seed-billing';
import { APPROVAL_AUTHORITY_022 } from './migrations/022_approval_authority';
import { SIGNING_LINK_HASH_023 } from './migrations/023_signing_link_hash';
import { TIMECARD_REMINDERS_024 } from './migrations/024_timecard_reminders';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const REF = (table: string, id: string, extra = '') => `
CREATE TABLE ${table} (
  ${id} INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,${extra}
  modifiedAt TEXT NOT NULL
);`;

const INITIAL = `
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  stringValue TEXT NOT NULL
);

CREATE TABLE legal_entities (
  legalEntityId INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE employees (
  employeeId INTEGER PRIMARY KEY,
  login TEXT UNIQUE,
  employeeKey TEXT NOT NULL UNIQUE,
  firstName TEXT NOT NULL,
  lastName TEXT NOT NULL,
  preferredName TEXT NOT NULL,
  initials TEXT NOT NULL,
  jobTitle TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  active INTEGER NOT NULL DEFAULT 1,
  betaUser INTEGER NOT NULL DEFAULT 0,
  managerEmployeeId INTEGER REFERENCES employees(employeeId),
  legalEntityId INTEGER REFERENCES legal_entities(legalEntityId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE applications (
  applicationId INTEGER PRIMARY KEY,
  applicationKey TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE employee_roles (
  employeeRoleId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  applicationId INTEGER NOT NULL REFERENCES applications(applicationId),
  applicationKey TEXT NOT NULL,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (employeeId, applicationId, name)
);

CREATE TABLE application_records (
  applicationRecordId INTEGER PRIMARY KEY,
  applicationRecordKey TEXT NOT NULL UNIQUE,
  applicationId INTEGER NOT NULL REFERENCES applications(applicationId),
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE application_record_states (
  applicationRecordStateId INTEGER PRIMARY KEY,
  applicationRecordKey TEXT NOT NULL REFERENCES application_records(applicationRecordKey),
  name TEXT NOT NULL,
  closed INTEGER NOT NULL DEFAULT 0,
  displayOrder INTEGER NOT NULL,
  isInitial INTEGER NOT NULL DEFAULT 0,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (applicationRecordKey, name)
);

CREATE TABLE state_advancements (
  stateAdvancementId INTEGER PRIMARY KEY,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  targetApplicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  quickRoute INTEGER NOT NULL DEFAULT 0,
  displayOrder INTEGER NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (applicationRecordStateId, targetApplicationRecordStateId)
);

-- Field security per record state: a row with neither roleName nor employeeId is the default,
-- a roleName row (any application key's role of that name) overrides it, an employeeId row wins.
CREATE TABLE field_security (
  fieldSecurityId INTEGER PRIMARY KEY,
  lookupApplicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  fieldName TEXT NOT NULL,
  roleName TEXT,
  employeeId INTEGER REFERENCES employees(employeeId),
  editable INTEGER NOT NULL,
  visible INTEGER NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX field_security_state ON field_security(lookupApplicationRecordStateId);

CREATE TABLE cost_types (
  costType TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  hidden INTEGER NOT NULL DEFAULT 0,
  disabled INTEGER NOT NULL DEFAULT 0,
  displayOrder INTEGER NOT NULL,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

${REF('change_record_types', 'changeRecordTypeId')}
${REF('initiating_document_types', 'initiatingDocumentTypeId', '\n  abbreviation TEXT NOT NULL,')}
${REF('change_reasons', 'changeReasonId')}
${REF('reimbursable_types', 'reimbursableTypeId')}
${REF('cost_adjustment_reasons', 'costAdjustmentReasonId')}
${REF('direct_cost_types', 'directCostTypeId')}
${REF('subcontract_types', 'subcontractTypeId')}

CREATE TABLE vendors (
  vendorId INTEGER PRIMARY KEY,
  vendorNumber TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  trade TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

-- projects.budgetId is the primary budget; no foreign key because budgets point back at projects.
CREATE TABLE projects (
  projectId INTEGER PRIMARY KEY,
  legalEntityId INTEGER NOT NULL REFERENCES legal_entities(legalEntityId),
  number TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  classification TEXT NOT NULL,
  budgetId INTEGER,
  legacyProjectId INTEGER,
  legacyBudgetId INTEGER,
  buyoutProjectId INTEGER,
  procoreProjectId INTEGER,
  projectDescription TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  projectManagerEmployeeId INTEGER REFERENCES employees(employeeId),
  regionalProjectManagerEmployeeId INTEGER REFERENCES employees(employeeId),
  contractAmount REAL NOT NULL DEFAULT 0,
  startDate TEXT,
  completionDate TEXT,
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE budgets (
  budgetId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  jobNumber TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  budgetLock INTEGER NOT NULL DEFAULT 0,
  budgetLockReason TEXT,
  rollUpBudgetId INTEGER REFERENCES budgets(budgetId),
  modifiedAt TEXT NOT NULL
);
CREATE INDEX budgets_project ON budgets(projectId);

-- One budget line: a cost code of one cost type in one budget (§3 cost code).
CREATE TABLE cost_codes (
  costCodeId INTEGER PRIMARY KEY,
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  code TEXT NOT NULL CHECK (length(code) = 8),
  type TEXT NOT NULL REFERENCES cost_types(costType),
  description TEXT NOT NULL,
  displayText TEXT NOT NULL,
  originalBudget REAL NOT NULL DEFAULT 0,
  unitOfMeasure TEXT,
  budgetUnits REAL NOT NULL DEFAULT 0,
  budgetHours REAL NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL,
  UNIQUE (budgetId, code, type)
);

CREATE TABLE subcontracts (
  subcontractId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  subcontractTypeId INTEGER NOT NULL REFERENCES subcontract_types(subcontractTypeId),
  number TEXT NOT NULL,
  description TEXT NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  retainagePercent REAL NOT NULL,
  excessLiability INTEGER,
  executedDate TEXT,
  billedToDate REAL NOT NULL DEFAULT 0,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE subcontract_items (
  subcontractItemId INTEGER PRIMARY KEY,
  subcontractId INTEGER NOT NULL REFERENCES subcontracts(subcontractId),
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  description TEXT NOT NULL,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE subcontract_change_orders (
  subcontractChangeOrderId INTEGER PRIMARY KEY,
  subcontractId INTEGER NOT NULL REFERENCES subcontracts(subcontractId),
  number TEXT NOT NULL,
  description TEXT NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  changeOrderDate TEXT NOT NULL,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE subcontract_change_order_items (
  subcontractChangeOrderItemId INTEGER PRIMARY KEY,
  subcontractChangeOrderId INTEGER NOT NULL REFERENCES subcontract_change_orders(subcontractChangeOrderId),
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  changeEventItemId INTEGER,
  description TEXT NOT NULL,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE purchase_agreements (
  purchaseAgreementId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  number TEXT NOT NULL,
  description TEXT NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  retainagePercent REAL NOT NULL,
  executedDate TEXT,
  billedToDate REAL NOT NULL DEFAULT 0,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE purchase_agreement_items (
  purchaseAgreementItemId INTEGER PRIMARY KEY,
  purchaseAgreementId INTEGER NOT NULL REFERENCES purchase_agreements(purchaseAgreementId),
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  description TEXT NOT NULL,
  quantity REAL NOT NULL,
  unitPrice REAL NOT NULL,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE purchase_agreement_change_orders (
  purchaseAgreementChangeOrderId INTEGER PRIMARY KEY,
  purchaseAgreementId INTEGER NOT NULL REFERENCES purchase_agreements(purchaseAgreementId),
  number TEXT NOT NULL,
  description TEXT NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  changeOrderDate TEXT NOT NULL,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE purchase_agreement_change_order_items (
  purchaseAgreementChangeOrderItemId INTEGER PRIMARY KEY,
  purchaseAgreementChangeOrderId INTEGER NOT NULL REFERENCES purchase_agreement_change_orders(purchaseAgreementChangeOrderId),
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  changeEventItemId INTEGER,
  description TEXT NOT NULL,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE purchase_orders (
  purchaseOrderId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  purchaseAgreementId INTEGER REFERENCES purchase_agreements(purchaseAgreementId),
  number TEXT NOT NULL,
  description TEXT NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  orderDate TEXT NOT NULL,
  billedToDate REAL NOT NULL DEFAULT 0,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE purchase_order_items (
  purchaseOrderItemId INTEGER PRIMARY KEY,
  purchaseOrderId INTEGER NOT NULL REFERENCES purchase_orders(purchaseOrderId),
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  description TEXT NOT NULL,
  quantity REAL NOT NULL,
  unitPrice REAL NOT NULL,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE owner_agreements (
  ownerAgreementId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  number TEXT NOT NULL,
  ownerName TEXT NOT NULL,
  description TEXT NOT NULL,
  contractType TEXT NOT NULL,
  contractAmount REAL NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  executedDate TEXT,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE owner_agreement_change_orders (
  ownerAgreementChangeOrderId INTEGER PRIMARY KEY,
  ownerAgreementId INTEGER NOT NULL REFERENCES owner_agreements(ownerAgreementId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  number TEXT NOT NULL,
  description TEXT NOT NULL,
  amount REAL NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  changeOrderDate TEXT NOT NULL,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE rfis (
  rfiId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  number INTEGER NOT NULL,
  subject TEXT NOT NULL,
  question TEXT NOT NULL,
  status TEXT NOT NULL,
  isOfficial INTEGER NOT NULL,
  dueDate TEXT,
  procoreRfiId INTEGER,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

-- Initiating documents (§3 change records).
CREATE TABLE change_records (
  changeRecordId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  changeRecordTypeId INTEGER NOT NULL REFERENCES change_record_types(changeRecordTypeId),
  initiatingDocumentTypeId INTEGER NOT NULL REFERENCES initiating_document_types(initiatingDocumentTypeId),
  changeReasonId INTEGER REFERENCES change_reasons(changeReasonId),
  rfiId INTEGER REFERENCES rfis(rfiId),
  number TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  documentDate TEXT NOT NULL,
  estimatedAmount REAL NOT NULL DEFAULT 0,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE change_events (
  changeEventId INTEGER PRIMARY KEY,
  changeRecordId INTEGER REFERENCES change_records(changeRecordId),
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  ownerAgreementId INTEGER REFERENCES owner_agreements(ownerAgreementId),
  ownerAgreementChangeOrderId INTEGER REFERENCES owner_agreement_change_orders(ownerAgreementChangeOrderId),
  reimbursableTypeId INTEGER NOT NULL REFERENCES reimbursable_types(reimbursableTypeId),
  changeReasonId INTEGER REFERENCES change_reasons(changeReasonId),
  number TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE change_event_items (
  changeEventItemId INTEGER PRIMARY KEY,
  changeEventId INTEGER NOT NULL REFERENCES change_events(changeEventId),
  parentChangeEventItemId INTEGER REFERENCES change_event_items(changeEventItemId),
  costCodeId INTEGER REFERENCES cost_codes(costCodeId),
  vendorId INTEGER REFERENCES vendors(vendorId),
  description TEXT NOT NULL,
  estimatedAmount REAL NOT NULL DEFAULT 0,
  proposedAmount REAL,
  approvedAmount REAL,
  coItemRecordKey TEXT,
  coItemRecordId INTEGER,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX change_event_items_event ON change_event_items(changeEventId);

CREATE TABLE cost_adjustments (
  costAdjustmentId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  costAdjustmentReasonId INTEGER NOT NULL REFERENCES cost_adjustment_reasons(costAdjustmentReasonId),
  number TEXT NOT NULL,
  description TEXT NOT NULL,
  adjustmentDate TEXT NOT NULL,
  amount REAL NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE cost_adjustment_items (
  costAdjustmentItemId INTEGER PRIMARY KEY,
  costAdjustmentId INTEGER NOT NULL REFERENCES cost_adjustments(costAdjustmentId),
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  description TEXT NOT NULL,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE cost_adjustment_reference_documents (
  costAdjustmentReferenceDocumentId INTEGER PRIMARY KEY,
  costAdjustmentId INTEGER NOT NULL REFERENCES cost_adjustments(costAdjustmentId),
  documentType TEXT NOT NULL,
  documentNumber TEXT NOT NULL,
  documentDate TEXT NOT NULL,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE direct_costs (
  directCostId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  directCostTypeId INTEGER NOT NULL REFERENCES direct_cost_types(directCostTypeId),
  vendorId INTEGER REFERENCES vendors(vendorId),
  number TEXT NOT NULL,
  directCostDate TEXT NOT NULL,
  description TEXT NOT NULL,
  amount REAL NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE direct_cost_items (
  directCostItemId INTEGER PRIMARY KEY,
  directCostId INTEGER NOT NULL REFERENCES direct_costs(directCostId),
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  description TEXT NOT NULL,
  units REAL NOT NULL DEFAULT 0,
  hours REAL NOT NULL DEFAULT 0,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);

-- Actual cost: every posting against a budget line (payroll, AP invoices, sub pay apps, ...).
CREATE TABLE cost_code_transactions (
  costCodeTransactionId INTEGER PRIMARY KEY,
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  transactionDate TEXT NOT NULL,
  sourceType TEXT NOT NULL,
  sourceRecordKey TEXT,
  sourceRecordId INTEGER,
  documentNumber TEXT NOT NULL,
  vendorId INTEGER REFERENCES vendors(vendorId),
  description TEXT NOT NULL,
  units REAL NOT NULL DEFAULT 0,
  hours REAL NOT NULL DEFAULT 0,
  amount REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX cct_cost_code ON cost_code_transactions(costCodeId);
CREATE INDEX cct_budget ON cost_code_transactions(budgetId);
CREATE INDEX cct_project ON cost_code_transactions(projectId);

-- Projections per budget line per month ('YYYY-MM').
CREATE TABLE projections (
  projectionId INTEGER PRIMARY KEY,
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  month TEXT NOT NULL,
  method TEXT NOT NULL CHECK (method IN ('auto', 'manual')),
  projectedCostToComplete REAL NOT NULL,
  projectedUnits REAL,
  projectedHours REAL,
  projectedFinalCost REAL NOT NULL,
  reason TEXT,
  employeeId INTEGER REFERENCES employees(employeeId),
  submitted INTEGER NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL,
  UNIQUE (costCodeId, month)
);
CREATE INDEX projections_budget ON projections(budgetId, month);

CREATE TABLE budgets_pending_projections (
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  month TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  PRIMARY KEY (budgetId, employeeId, month)
);

CREATE TABLE project_pins (
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  pinnedAt TEXT NOT NULL,
  PRIMARY KEY (employeeId, projectId)
);

-- Change tracking: a change to a record (applicationRecordId, of recordType) under a parent record,
-- unacknowledged until the employee acknowledges it (§4 orange asterisk).
CREATE TABLE change_tracking (
  changeTrackingId INTEGER PRIMARY KEY,
  applicationId INTEGER NOT NULL REFERENCES applications(applicationId),
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  parentApplicationRecordId INTEGER NOT NULL,
  parentRecordType TEXT NOT NULL,
  applicationRecordId INTEGER NOT NULL,
  recordType TEXT NOT NULL,
  changedByEmployeeId INTEGER REFERENCES employees(employeeId),
  description TEXT NOT NULL,
  acknowledged INTEGER NOT NULL DEFAULT 0,
  changedAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX change_tracking_employee ON change_tracking(employeeId, applicationId, acknowledged);

CREATE TABLE open_workflows (
  workflowInstanceId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  documentNumber TEXT NOT NULL,
  workflowTrigger TEXT NOT NULL,
  phaseName TEXT NOT NULL,
  directLink TEXT NOT NULL,
  applicationRecordKey TEXT,
  recordId INTEGER,
  open INTEGER NOT NULL DEFAULT 1,
  startedAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE pto_requests (
  requestId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  managerEmployeeId INTEGER REFERENCES employees(employeeId),
  title TEXT NOT NULL,
  ptoType TEXT NOT NULL,
  startDate TEXT NOT NULL,
  endDate TEXT NOT NULL,
  ptoHours REAL NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('Pending', 'Approved', 'Denied', 'Canceled')),
  modifiedAt TEXT NOT NULL
);

CREATE TABLE timecards (
  timecardId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  weekEnding TEXT NOT NULL,
  dueDate TEXT NOT NULL,
  enteredHours REAL NOT NULL,
  expectedHours REAL NOT NULL,
  submitted INTEGER NOT NULL DEFAULT 0,
  submittedAt TEXT,
  modifiedAt TEXT NOT NULL,
  UNIQUE (employeeId, weekEnding)
);
CREATE TABLE timecard_entries (
  timecardEntryId INTEGER PRIMARY KEY,
  timecardId INTEGER NOT NULL REFERENCES timecards(timecardId),
  workDate TEXT NOT NULL,
  projectId INTEGER REFERENCES projects(projectId),
  costCodeId INTEGER REFERENCES cost_codes(costCodeId),
  hours REAL NOT NULL,
  modifiedAt TEXT NOT NULL
);

-- Files attached to a record (applicationRecordKey + recordId).
CREATE TABLE files (
  fileId INTEGER PRIMARY KEY,
  applicationRecordKey TEXT NOT NULL,
  recordId INTEGER NOT NULL,
  name TEXT NOT NULL,
  mime TEXT NOT NULL,
  size INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  uploadedByEmployeeId INTEGER REFERENCES employees(employeeId),
  uploadedAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX files_record ON files(applicationRecordKey, recordId);

-- Contract document tracking per commitment (insurance certificates, bonds, signed contracts).
CREATE TABLE contract_document_tracking (
  contractDocumentTrackingId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  budgetId INTEGER NOT NULL REFERENCES budgets(budgetId),
  commitmentRecordKey TEXT NOT NULL,
  commitmentId INTEGER NOT NULL,
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  documentType TEXT NOT NULL,
  required INTEGER NOT NULL,
  received INTEGER NOT NULL,
  receivedDate TEXT,
  expirationDate TEXT,
  modifiedAt TEXT NOT NULL
);
`;

/**
 * 002: direct costs get an approval workflow (issue 11). The invoice number, who submitted it and
 * when (data quality flags one pending approval for more than 14 days), and the reason of the last
 * Revise and Resubmit. States: Submitted is renamed Pending Approval and Approved is added, keeping
 * the ids of the existing states so every direct cost stays valid; the advancements and the field
 * security (editable in Draft only) are rewritten. On an empty database (a fresh one, seeded after
 * the migrations) the state statements touch nothing: the seed writes states.ts, which matches.
 */
const DIRECT_COST_APPROVAL = `
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

/**
 * 003 (issue 11, cost adjustments): `transfer` marks an adjustment that moves budget between lines
 * (its items must net to zero before it is posted); a reference document may carry a file (`fileId`,
 * a row of `files`; no foreign key, so deleting the file leaves the document row and its number).
 */
const COST_ADJUSTMENTS_003 = `
ALTER TABLE cost_adjustments ADD COLUMN transfer INTEGER NOT NULL DEFAULT 0;
ALTER TABLE cost_adjustment_reference_documents ADD COLUMN fileId INTEGER;
CREATE INDEX cost_adjustment_items_adjustment ON cost_adjustment_items(costAdjustmentId);
CREATE INDEX cost_adjustment_documents_adjustment ON cost_adjustment_reference_documents(costAdjustmentId);
`;

/**
 * 004 (issue 11): what was billed against a commitment is summed by the transactions' source record
 * (commitment loads, data quality's over-billing rule); without an index each sum scanned every transaction.
 */
const SOURCE_INDEX = `
CREATE INDEX IF NOT EXISTS cct_source ON cost_code_transactions(sourceRecordKey, sourceRecordId);
`;

/**
 * 005 (issue 12): opportunities, pursuits that are not yet contracted projects, and the labour cost
 * codes their staff may charge time to (§2 /pfm/opportunitytimecardcostcode). The schema has no
 * region, so an opportunity has its legal entity only. A fresh database gets its opportunities from
 * the seed (seed.ts `opportunities()`); an existing database that upgrades gets the two tables empty.
 */
const OPPORTUNITIES = `
CREATE TABLE opportunities (
  opportunityId INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  client TEXT NOT NULL,
  legalEntityId INTEGER REFERENCES legal_entities(legalEntityId),
  status TEXT NOT NULL CHECK (status IN ('Pursuit', 'Won', 'Lost')),
  estimatedValue REAL NOT NULL DEFAULT 0,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE opportunity_cost_codes (
  opportunityCostCodeId INTEGER PRIMARY KEY,
  opportunityId INTEGER NOT NULL REFERENCES opportunities(opportunityId),
  code TEXT NOT NULL CHECK (length(code) = 8 AND code NOT GLOB '*[^0-9]*'),
  description TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'L' CHECK (type = 'L'),
  active INTEGER NOT NULL DEFAULT 1,
  addedByEmployeeId INTEGER REFERENCES employees(employeeId),
  addedAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (opportunityId, code)
);
`;

const SURVEYS = `
CREATE TABLE survey_templates (
  surveyTemplateId INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  valueThreshold REAL NOT NULL DEFAULT 0 CHECK (valueThreshold >= 0),
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE survey_template_milestones (
  surveyTemplateId INTEGER NOT NULL REFERENCES survey_templates(surveyTemplateId),
  milestone TEXT NOT NULL CHECK (milestone IN ('Acceptance', 'Midpoint', 'Substantial Completion')),
  PRIMARY KEY (surveyTemplateId, milestone)
);
CREATE TABLE survey_questions (
  surveyQuestionId INTEGER PRIMARY KEY,
  surveyTemplateId INTEGER NOT NULL REFERENCES survey_templates(surveyTemplateId),
  displayOrder INTEGER NOT NULL,
  text TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('rating', 'yesNo', 'number', 'text')),
  required INTEGER NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX survey_questions_template ON survey_questions(surveyTemplateId, displayOrder);
CREATE TABLE surveys (
  surveyId INTEGER PRIMARY KEY,
  surveyTemplateId INTEGER NOT NULL REFERENCES survey_templates(surveyTemplateId),
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  milestone TEXT NOT NULL CHECK (milestone IN ('Acceptance', 'Midpoint', 'Substantial Completion')),
  number TEXT NOT NULL UNIQUE,
  milestoneDate TEXT NOT NULL,
  dueDate TEXT NOT NULL,
  respondentEmployeeId INTEGER REFERENCES employees(employeeId),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  submittedAt TEXT,
  submittedByEmployeeId INTEGER REFERENCES employees(employeeId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (surveyTemplateId, projectId, milestone)
);
CREATE INDEX surveys_project ON surveys(projectId);
CREATE TABLE survey_answers (
  surveyId INTEGER NOT NULL REFERENCES surveys(surveyId),
  surveyQuestionId INTEGER NOT NULL REFERENCES survey_questions(surveyQuestionId),
  value TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  PRIMARY KEY (surveyId, surveyQuestionId)
);

-- An existing database gets the Survey record, its states and advancements (a fresh one: the seed writes them, from states.ts).
INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'Survey', applicationId, 'Survey', 'Survey', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM applications
  WHERE applicationKey = 'keyPFM' AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Survey');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'Survey', m.name, m.closed, m.displayOrder, m.displayOrder = 1, m.name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Open' AS name, 0 AS closed, 1 AS displayOrder UNION ALL SELECT 'In Progress', 0, 2
        UNION ALL SELECT 'Submitted', 1, 3 UNION ALL SELECT 'Canceled', 1, 4) m
  WHERE EXISTS (SELECT 1 FROM applications)
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'Survey')
  ORDER BY m.displayOrder;
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, m.quickRoute, m.displayOrder, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Open' AS f, 'In Progress' AS t, 1 AS quickRoute, 1 AS displayOrder
        UNION ALL SELECT 'Open', 'Canceled', 0, 2
        UNION ALL SELECT 'In Progress', 'Submitted', 1, 1
        UNION ALL SELECT 'In Progress', 'Open', 0, 2
        UNION ALL SELECT 'In Progress', 'Canceled', 0, 3
        UNION ALL SELECT 'Canceled', 'Open', 0, 1) m
  JOIN application_record_states f ON f.applicationRecordKey = 'Survey' AND f.name = m.f
  JOIN application_record_states t ON t.applicationRecordKey = 'Survey' AND t.name = m.t
  WHERE NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId);
`;

/**
 * 009 (issue 12): document templates (§2 Document Template Administration). One active template per
 * record kind (the partial unique index) is what the generated document of a commitment or change
 * order is merged from (demo/host/api/pfm/documents). `version` counts saves (409 on a stale one).
 * The default templates are part of the migration, so a fresh and an upgraded database both get them,
 * always the same (fixed stamps); the merge-field language is src/core/documents.ts.
 */
const TEMPLATE_STAMP = '2026-11-01T12:00:00.000Z';
const TEMPLATE_CONTRACT_TERMS = `Retainage: {{retainage}} of each progress payment is held until final completion and acceptance of the work.`;
const DEFAULT_TEMPLATES: ReadonlyArray<{ id: number; recordKey: string; title: string; body: string }> = [
  {
    id: 1, recordKey: 'Subcontract', title: 'Standard Subcontract Agreement',
    body: `# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Date: {{documentDate}}

This Subcontract Agreement is made between Summit Builders ("Contractor") and {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}} ("Subcontractor"), for the work described below on the project named above.

# Scope of work
{{description}} ({{subcontractType}})

{{items}}

# Contract sum
The Contractor shall pay the Subcontractor {{totalAmount}} for the work itemized above, subject to additions and deductions by change order.
${TEMPLATE_CONTRACT_TERMS}

# Insurance
The Subcontractor shall carry commercial general liability insurance and excess liability coverage of {{excessLiability}}, naming the Contractor as additional insured.

Executed date: {{executedDate}}

Contractor: Summit Builders                    Subcontractor: {{vendorName}}`,
  },
  {
    id: 2, recordKey: 'SubcontractChangeOrder', title: 'Standard Subcontract Change Order',
    body: `# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Date: {{documentDate}}

Subcontractor: {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}}
Subcontract: {{parentNumber}}, {{parentDescription}}
Change order date: {{changeOrderDate}}

# Change
{{description}}

{{items}}

The subcontract sum changes by {{totalAmount}}. Retainage of {{retainage}} and excess liability coverage of {{excessLiability}} apply as in the subcontract. All other terms of subcontract {{parentNumber}} remain unchanged.

Contractor: Summit Builders                    Subcontractor: {{vendorName}}`,
  },
  {
    id: 3, recordKey: 'PurchaseAgreement', title: 'Standard Purchase Agreement',
    body: `# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Date: {{documentDate}}

Supplier: {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}}

# Materials and equipment
{{description}}

{{items}}

# Price
The agreed price is {{totalAmount}} for the materials itemized above, delivered to the project site.
${TEMPLATE_CONTRACT_TERMS}

Executed date: {{executedDate}}

Buyer: Summit Builders                    Supplier: {{vendorName}}`,
  },
  {
    id: 4, recordKey: 'PurchaseAgreementChangeOrder', title: 'Standard Purchase Agreement Change Order',
    body: `# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Date: {{documentDate}}

Supplier: {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}}
Purchase agreement: {{parentNumber}}, {{parentDescription}}
Change order date: {{changeOrderDate}}

# Change
{{description}}

{{items}}

The agreement price changes by {{totalAmount}}; retainage of {{retainage}} applies. All other terms of purchase agreement {{parentNumber}} remain unchanged.

Buyer: Summit Builders                    Supplier: {{vendorName}}`,
  },
  {
    id: 5, recordKey: 'PurchaseOrder', title: 'Standard Purchase Order',
    body: `# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Order date: {{orderDate}}
Purchase agreement: {{purchaseAgreementNumber}}

Vendor: {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}}

# Order
{{description}}

{{items}}

Order total: {{totalAmount}}. Deliver to the project site; quote the order number {{number}} on every invoice.

Ordered by: Summit Builders`,
  },
];
const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const DOCUMENT_TEMPLATES = `
CREATE TABLE document_templates (
  documentTemplateId INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  recordKey TEXT NOT NULL CHECK (recordKey IN ('Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement', 'PurchaseAgreementChangeOrder', 'PurchaseOrder')),
  body TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  modifiedByEmployeeId INTEGER,
  modifiedBy TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE UNIQUE INDEX document_templates_active ON document_templates(recordKey) WHERE active = 1;
${DEFAULT_TEMPLATES.map((t) => `INSERT INTO document_templates (documentTemplateId, title, recordKey, body, active, version, modifiedByEmployeeId, modifiedBy, modifiedAt)
VALUES (${t.id}, ${sqlText(t.title)}, ${sqlText(t.recordKey)}, ${sqlText(t.body)}, 1, 1, NULL, 'System', '${TEMPLATE_STAMP}');`).join('\n')}
`;

/**
 * 008 (issue 12): record history. One row per changed field of a write to a tracked table (the
 * triggers are generated from db/history.ts on every open, so a later column or table joins without
 * editing them here); `childKey`/`childId` name an item recorded under its parent record. A
 * change-tracking row (the orange asterisk) carries the change set that made it.
 */
const RECORD_HISTORY = `
CREATE TABLE record_history (
  recordHistoryId INTEGER PRIMARY KEY,
  recordKey TEXT NOT NULL,
  recordId INTEGER NOT NULL,
  childKey TEXT,
  childId INTEGER,
  action TEXT NOT NULL CHECK (action IN ('insert', 'update', 'delete')),
  field TEXT NOT NULL,
  oldValue,
  newValue,
  changedByEmployeeId INTEGER REFERENCES employees(employeeId),
  changedAt TEXT NOT NULL,
  changeSetId TEXT NOT NULL
);
CREATE INDEX record_history_record ON record_history(recordKey, recordId);
CREATE INDEX record_history_child ON record_history(childKey, childId) WHERE childKey IS NOT NULL;
ALTER TABLE change_tracking ADD COLUMN changeSetId TEXT;
`;

/**
 * 007 (issue 12, e-sign): signature envelopes of a commitment's or change order's generated document
 * (demo/host/api/pfm/esign/), their signers (each with the unguessable token of their signing link)
 * and the demo outbox of "sent e-mails". The 'Envelope' application record and its states are
 * seeded from states.ts on a fresh database; an existing one gets them here.
 */
const ESIGN = `
CREATE TABLE envelopes (
  envelopeId INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  recordKey TEXT NOT NULL,
  recordId INTEGER NOT NULL,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  documentNumber TEXT NOT NULL,
  documentTitle TEXT NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  createdByEmployeeId INTEGER REFERENCES employees(employeeId),
  createdAt TEXT NOT NULL,
  sentAt TEXT,
  expiresAt TEXT,
  documentFileId INTEGER,
  signedFileId INTEGER,
  completedAt TEXT,
  declinedAt TEXT,
  voidedAt TEXT,
  voidReason TEXT,
  voidedByEmployeeId INTEGER REFERENCES employees(employeeId),
  executionNote TEXT,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX envelopes_project ON envelopes(projectId);
CREATE INDEX envelopes_record ON envelopes(recordKey, recordId);
CREATE TABLE envelope_signers (
  envelopeSignerId INTEGER PRIMARY KEY,
  envelopeId INTEGER NOT NULL REFERENCES envelopes(envelopeId),
  signingOrder INTEGER NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL DEFAULT 'Waiting' CHECK (state IN ('Waiting', 'Sent', 'Viewed', 'Signed', 'Declined')),
  viewedAt TEXT,
  signedAt TEXT,
  declinedAt TEXT,
  declineReason TEXT,
  signedName TEXT,
  ipAddress TEXT,
  lastReminderAt TEXT,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX envelope_signers_envelope ON envelope_signers(envelopeId);
CREATE TABLE esign_outbox (
  outboxId INTEGER PRIMARY KEY,
  envelopeId INTEGER NOT NULL REFERENCES envelopes(envelopeId),
  envelopeSignerId INTEGER NOT NULL REFERENCES envelope_signers(envelopeSignerId),
  kind TEXT NOT NULL CHECK (kind IN ('Signing request', 'Reminder', 'Voided')),
  toName TEXT NOT NULL,
  toEmail TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  sentAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'Envelope', applicationId, 'Envelope', 'Envelope', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM applications
  WHERE applicationKey = 'keyPFM' AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Envelope');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'Envelope', m.name, m.closed, m.displayOrder, m.displayOrder = 1, m.name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Draft' AS name, 0 AS closed, 1 AS displayOrder UNION ALL SELECT 'Sent', 0, 2 UNION ALL SELECT 'Viewed', 0, 3
        UNION ALL SELECT 'Signed', 1, 4 UNION ALL SELECT 'Declined', 1, 5 UNION ALL SELECT 'Voided', 1, 6 UNION ALL SELECT 'Expired', 1, 7) m
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Envelope')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'Envelope');
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, m.quickRoute, m.displayOrder, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Draft' AS f, 'Sent' AS t, 1 AS quickRoute, 1 AS displayOrder
        UNION ALL SELECT 'Draft', 'Voided', 0, 2
        UNION ALL SELECT 'Sent', 'Viewed', 1, 1 UNION ALL SELECT 'Sent', 'Signed', 0, 2 UNION ALL SELECT 'Sent', 'Declined', 0, 3
        UNION ALL SELECT 'Sent', 'Voided', 0, 4 UNION ALL SELECT 'Sent', 'Expired', 0, 5
        UNION ALL SELECT 'Viewed', 'Signed', 1, 1 UNION ALL SELECT 'Viewed', 'Declined', 0, 2
        UNION ALL SELECT 'Viewed', 'Voided', 0, 3 UNION ALL SELECT 'Viewed', 'Expired', 0, 4) m
  JOIN application_record_states f ON f.applicationRecordKey = 'Envelope' AND f.name = m.f
  JOIN application_record_states t ON t.applicationRecordKey = 'Envelope' AND t.name = m.t
  WHERE NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId
    AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
`;

/** 010 (issue 12): history written by someone outside the company (an e-sign signer) names them. */
const HISTORY_OUTSIDE_ACTOR = `
ALTER TABLE record_history ADD COLUMN changedByName TEXT;
`;

/**
 * 011 (issue 13): weekly timecards and time off (foundations; the screens come later).
 *
 * The initial schema's `timecards`, `timecard_entries` and `pto_requests` are the bell's old summary
 * rows (demo/host/api/session.ts reads them); they stay as they are. The real records are new tables:
 * `weekly_timecards` (record 'Timecard', keyTC) with `timecard_lines`, and `time_off_requests`
 * (record 'PtoRequest', keyPTO).
 *
 * - Regions: every employee may have one (`employees.regionId`); holidays are per region, 8 hours or
 *   4 (a half day).
 * - Schedules: `employee_schedules` holds the hours per weekday; an employee without a row works the
 *   default, 8 hours Monday to Friday (40 a week).
 * - A timecard covers Sunday (`weekStart`) to Saturday (`weekEnding`). `version` counts saves (409 on a
 *   stale one). A line charges one project + labour cost code, or one opportunity + its timecard code
 *   (source 'manual'); lines the system writes for approved time off (source 'pto', with the request)
 *   and for the region's holidays (source 'holiday') charge nothing. Hours per day: 0-24 in quarters.
 * - `timecard_changes`: a Timecard Admin's change of an Approved card, with its reason (who, when, what).
 * - `timecard_corrections`: a time-off change that hit an Approved or Processed week, waiting for a
 *   Timecard Admin (hours per day, added or removed).
 * - `approval_delegations`: a manager's approvals delegated to another manager for a date range.
 * - Time off balances: `pto_balances` holds the opening hours of a year (carry-over from the year
 *   before, capped by the type's `carryOverCapHours`, plus any grant). Accruals are COMPUTED, not
 *   stored: `accrualHoursPerPeriod` of the type for every biweekly pay period completed in the year,
 *   periods counted from the `payPeriodAnchor` setting (a Sunday). Balance at a date = opening +
 *   accruals up to that date − hours of Approved requests up to that date.
 * - States (Draft, Submitted, Approved, Processed; Pending, Approved, Denied, Canceled): an existing
 *   database gets them here; a fresh one from the seed (states.ts).
 */
const TIMECARDS_011 = `
CREATE TABLE regions (
  regionId INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL UNIQUE,
  timeZone TEXT NOT NULL DEFAULT 'America/Chicago',
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
ALTER TABLE employees ADD COLUMN regionId INTEGER REFERENCES regions(regionId);
CREATE INDEX employees_region ON employees(regionId);
CREATE INDEX employees_manager ON employees(managerEmployeeId);

CREATE TABLE employee_schedules (
  employeeId INTEGER PRIMARY KEY REFERENCES employees(employeeId),
  sunHours REAL NOT NULL DEFAULT 0 CHECK (sunHours BETWEEN 0 AND 24),
  monHours REAL NOT NULL DEFAULT 8 CHECK (monHours BETWEEN 0 AND 24),
  tueHours REAL NOT NULL DEFAULT 8 CHECK (tueHours BETWEEN 0 AND 24),
  wedHours REAL NOT NULL DEFAULT 8 CHECK (wedHours BETWEEN 0 AND 24),
  thuHours REAL NOT NULL DEFAULT 8 CHECK (thuHours BETWEEN 0 AND 24),
  friHours REAL NOT NULL DEFAULT 8 CHECK (friHours BETWEEN 0 AND 24),
  satHours REAL NOT NULL DEFAULT 0 CHECK (satHours BETWEEN 0 AND 24),
  modifiedAt TEXT NOT NULL
);

CREATE TABLE holidays (
  holidayId INTEGER PRIMARY KEY,
  regionId INTEGER NOT NULL REFERENCES regions(regionId),
  holidayDate TEXT NOT NULL CHECK (date(holidayDate) = holidayDate),
  name TEXT NOT NULL CHECK (length(trim(name)) > 0),
  hours REAL NOT NULL DEFAULT 8 CHECK (hours IN (4, 8)),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (regionId, holidayDate)
);
CREATE INDEX holidays_date ON holidays(holidayDate);

CREATE TABLE pto_types (
  ptoTypeId INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  allowsNegative INTEGER NOT NULL DEFAULT 0 CHECK (allowsNegative IN (0, 1)),
  accrualHoursPerPeriod REAL NOT NULL DEFAULT 0 CHECK (accrualHoursPerPeriod >= 0),
  carryOverCapHours REAL NOT NULL DEFAULT 0 CHECK (carryOverCapHours >= 0),
  displayOrder INTEGER NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
INSERT INTO pto_types (ptoTypeId, name, allowsNegative, accrualHoursPerPeriod, carryOverCapHours, displayOrder, displayText, modifiedAt) VALUES
  (1, 'Vacation', 0, 4.62, 40, 1, 'Vacation', '2026-11-01T12:00:00.000Z'),
  (2, 'Sick', 1, 3.08, 80, 2, 'Sick', '2026-11-01T12:00:00.000Z'),
  (3, 'Personal', 0, 0, 0, 3, 'Personal', '2026-11-01T12:00:00.000Z'),
  (4, 'Bereavement', 1, 0, 0, 4, 'Bereavement', '2026-11-01T12:00:00.000Z'),
  (5, 'Jury Duty', 1, 0, 0, 5, 'Jury Duty', '2026-11-01T12:00:00.000Z');
INSERT OR IGNORE INTO settings (key, stringValue) VALUES ('payPeriodAnchor', '2026-01-04');

CREATE TABLE pto_balances (
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  ptoTypeId INTEGER NOT NULL REFERENCES pto_types(ptoTypeId),
  year INTEGER NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  openingHours REAL NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL,
  PRIMARY KEY (employeeId, ptoTypeId, year)
);

CREATE TABLE time_off_requests (
  requestId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  ptoTypeId INTEGER NOT NULL REFERENCES pto_types(ptoTypeId),
  title TEXT NOT NULL CHECK (length(trim(title)) > 0),
  startDate TEXT NOT NULL CHECK (date(startDate) = startDate),
  endDate TEXT NOT NULL CHECK (date(endDate) = endDate),
  hoursPerDay REAL NOT NULL CHECK (hoursPerDay > 0 AND hoursPerDay <= 24 AND hoursPerDay * 4 = CAST(hoursPerDay * 4 AS INTEGER)),
  totalHours REAL NOT NULL CHECK (totalHours >= 0),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  requestedAt TEXT NOT NULL,
  decidedByEmployeeId INTEGER REFERENCES employees(employeeId),
  decidedAt TEXT,
  denialReason TEXT CHECK (denialReason IS NULL OR length(trim(denialReason)) > 0),
  canceledAt TEXT,
  canceledByEmployeeId INTEGER REFERENCES employees(employeeId),
  version INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  CHECK (endDate >= startDate),
  CHECK (decidedByEmployeeId IS NULL OR decidedByEmployeeId <> employeeId)
);
CREATE INDEX time_off_requests_employee ON time_off_requests(employeeId, startDate);
CREATE INDEX time_off_requests_state ON time_off_requests(applicationRecordStateId);
CREATE INDEX time_off_requests_dates ON time_off_requests(startDate, endDate);

CREATE TABLE weekly_timecards (
  timecardId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  weekStart TEXT NOT NULL CHECK (date(weekStart) = weekStart AND strftime('%w', weekStart) = '0'),
  weekEnding TEXT NOT NULL CHECK (weekEnding = date(weekStart, '+6 days')),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  submittedAt TEXT,
  submittedByEmployeeId INTEGER REFERENCES employees(employeeId),
  approvedAt TEXT,
  approvedByEmployeeId INTEGER REFERENCES employees(employeeId),
  onBehalfOfEmployeeId INTEGER REFERENCES employees(employeeId),
  processedAt TEXT,
  rejectedAt TEXT,
  rejectedByEmployeeId INTEGER REFERENCES employees(employeeId),
  rejectionReason TEXT CHECK (rejectionReason IS NULL OR length(trim(rejectionReason)) > 0),
  shortfallReason TEXT CHECK (shortfallReason IS NULL OR length(trim(shortfallReason)) > 0),
  version INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (employeeId, weekStart),
  CHECK (approvedByEmployeeId IS NULL OR approvedByEmployeeId <> employeeId),
  CHECK (onBehalfOfEmployeeId IS NULL OR approvedByEmployeeId IS NOT NULL)
);
CREATE INDEX weekly_timecards_week ON weekly_timecards(weekStart, applicationRecordStateId);
CREATE INDEX weekly_timecards_state ON weekly_timecards(applicationRecordStateId);

CREATE TABLE timecard_lines (
  timecardLineId INTEGER PRIMARY KEY,
  timecardId INTEGER NOT NULL REFERENCES weekly_timecards(timecardId) ON DELETE CASCADE,
  projectId INTEGER REFERENCES projects(projectId),
  costCodeId INTEGER REFERENCES cost_codes(costCodeId),
  opportunityId INTEGER REFERENCES opportunities(opportunityId),
  opportunityCostCodeId INTEGER REFERENCES opportunity_cost_codes(opportunityCostCodeId),
  timeType TEXT NOT NULL CHECK (timeType IN ('Regular', 'Overtime', 'PTO', 'Holiday')),
  sunHours REAL NOT NULL DEFAULT 0 CHECK (sunHours BETWEEN 0 AND 24 AND sunHours * 4 = CAST(sunHours * 4 AS INTEGER)),
  monHours REAL NOT NULL DEFAULT 0 CHECK (monHours BETWEEN 0 AND 24 AND monHours * 4 = CAST(monHours * 4 AS INTEGER)),
  tueHours REAL NOT NULL DEFAULT 0 CHECK (tueHours BETWEEN 0 AND 24 AND tueHours * 4 = CAST(tueHours * 4 AS INTEGER)),
  wedHours REAL NOT NULL DEFAULT 0 CHECK (wedHours BETWEEN 0 AND 24 AND wedHours * 4 = CAST(wedHours * 4 AS INTEGER)),
  thuHours REAL NOT NULL DEFAULT 0 CHECK (thuHours BETWEEN 0 AND 24 AND thuHours * 4 = CAST(thuHours * 4 AS INTEGER)),
  friHours REAL NOT NULL DEFAULT 0 CHECK (friHours BETWEEN 0 AND 24 AND friHours * 4 = CAST(friHours * 4 AS INTEGER)),
  satHours REAL NOT NULL DEFAULT 0 CHECK (satHours BETWEEN 0 AND 24 AND satHours * 4 = CAST(satHours * 4 AS INTEGER)),
  source TEXT NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'pto', 'holiday')),
  ptoRequestId INTEGER REFERENCES time_off_requests(requestId),
  displayOrder INTEGER NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL,
  CHECK (
    (source = 'manual' AND ptoRequestId IS NULL AND timeType <> 'Holiday' AND (
      (projectId IS NOT NULL AND costCodeId IS NOT NULL AND opportunityId IS NULL AND opportunityCostCodeId IS NULL)
      OR (projectId IS NULL AND costCodeId IS NULL AND opportunityId IS NOT NULL AND opportunityCostCodeId IS NOT NULL)))
    OR (source = 'pto' AND timeType = 'PTO' AND ptoRequestId IS NOT NULL
      AND projectId IS NULL AND costCodeId IS NULL AND opportunityId IS NULL AND opportunityCostCodeId IS NULL)
    OR (source = 'holiday' AND timeType = 'Holiday' AND ptoRequestId IS NULL
      AND projectId IS NULL AND costCodeId IS NULL AND opportunityId IS NULL AND opportunityCostCodeId IS NULL))
);
CREATE INDEX timecard_lines_card ON timecard_lines(timecardId, displayOrder);
CREATE INDEX timecard_lines_request ON timecard_lines(ptoRequestId) WHERE ptoRequestId IS NOT NULL;
CREATE INDEX timecard_lines_project ON timecard_lines(projectId) WHERE projectId IS NOT NULL;
CREATE UNIQUE INDEX timecard_lines_one_project ON timecard_lines(timecardId, costCodeId, timeType) WHERE source = 'manual' AND costCodeId IS NOT NULL;
CREATE UNIQUE INDEX timecard_lines_one_opportunity ON timecard_lines(timecardId, opportunityCostCodeId, timeType) WHERE source = 'manual' AND opportunityCostCodeId IS NOT NULL;
CREATE UNIQUE INDEX timecard_lines_one_request ON timecard_lines(timecardId, ptoRequestId) WHERE source = 'pto';
CREATE UNIQUE INDEX timecard_lines_one_holiday ON timecard_lines(timecardId) WHERE source = 'holiday';

CREATE TABLE timecard_changes (
  timecardChangeId INTEGER PRIMARY KEY,
  timecardId INTEGER NOT NULL REFERENCES weekly_timecards(timecardId),
  changedByEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  changedAt TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  description TEXT NOT NULL DEFAULT '',
  hoursBefore REAL NOT NULL DEFAULT 0,
  hoursAfter REAL NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX timecard_changes_card ON timecard_changes(timecardId, changedAt);

CREATE TABLE timecard_corrections (
  correctionId INTEGER PRIMARY KEY,
  timecardId INTEGER NOT NULL REFERENCES weekly_timecards(timecardId),
  requestId INTEGER NOT NULL REFERENCES time_off_requests(requestId),
  kind TEXT NOT NULL CHECK (kind IN ('Add', 'Remove')),
  sunHours REAL NOT NULL DEFAULT 0 CHECK (sunHours BETWEEN 0 AND 24),
  monHours REAL NOT NULL DEFAULT 0 CHECK (monHours BETWEEN 0 AND 24),
  tueHours REAL NOT NULL DEFAULT 0 CHECK (tueHours BETWEEN 0 AND 24),
  wedHours REAL NOT NULL DEFAULT 0 CHECK (wedHours BETWEEN 0 AND 24),
  thuHours REAL NOT NULL DEFAULT 0 CHECK (thuHours BETWEEN 0 AND 24),
  friHours REAL NOT NULL DEFAULT 0 CHECK (friHours BETWEEN 0 AND 24),
  satHours REAL NOT NULL DEFAULT 0 CHECK (satHours BETWEEN 0 AND 24),
  status TEXT NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Resolved')),
  createdAt TEXT NOT NULL,
  resolvedByEmployeeId INTEGER REFERENCES employees(employeeId),
  resolvedAt TEXT,
  note TEXT,
  modifiedAt TEXT NOT NULL,
  CHECK (status = 'Open' OR (resolvedByEmployeeId IS NOT NULL AND resolvedAt IS NOT NULL))
);
CREATE INDEX timecard_corrections_open ON timecard_corrections(status, createdAt);

CREATE TABLE approval_delegations (
  delegationId INTEGER PRIMARY KEY,
  managerEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  delegateEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  startDate TEXT NOT NULL CHECK (date(startDate) = startDate),
  endDate TEXT NOT NULL CHECK (date(endDate) = endDate),
  createdByEmployeeId INTEGER REFERENCES employees(employeeId),
  createdAt TEXT NOT NULL,
  canceledAt TEXT,
  modifiedAt TEXT NOT NULL,
  CHECK (endDate >= startDate),
  CHECK (delegateEmployeeId <> managerEmployeeId)
);
CREATE INDEX approval_delegations_delegate ON approval_delegations(delegateEmployeeId, startDate, endDate);
CREATE INDEX approval_delegations_manager ON approval_delegations(managerEmployeeId, startDate, endDate);

-- An existing database gets the states and advancements of 'Timecard' and 'PtoRequest' (a fresh one: the seed, from states.ts).
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT m.k, m.name, m.closed, m.displayOrder, m.displayOrder = 1, m.name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Timecard' AS k, 'Draft' AS name, 0 AS closed, 1 AS displayOrder UNION ALL SELECT 'Timecard', 'Submitted', 0, 2
        UNION ALL SELECT 'Timecard', 'Approved', 0, 3 UNION ALL SELECT 'Timecard', 'Processed', 1, 4
        UNION ALL SELECT 'PtoRequest', 'Pending', 0, 1 UNION ALL SELECT 'PtoRequest', 'Approved', 0, 2
        UNION ALL SELECT 'PtoRequest', 'Denied', 1, 3 UNION ALL SELECT 'PtoRequest', 'Canceled', 1, 4) m
  WHERE EXISTS (SELECT 1 FROM application_records r WHERE r.applicationRecordKey = m.k)
    AND NOT EXISTS (SELECT 1 FROM application_record_states s WHERE s.applicationRecordKey = m.k AND s.name = m.name)
  ORDER BY m.k DESC, m.displayOrder;
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, m.quickRoute, m.displayOrder, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Timecard' AS k, 'Draft' AS f, 'Submitted' AS t, 1 AS quickRoute, 1 AS displayOrder
        UNION ALL SELECT 'Timecard', 'Submitted', 'Approved', 1, 1
        UNION ALL SELECT 'Timecard', 'Submitted', 'Draft', 0, 2
        UNION ALL SELECT 'Timecard', 'Approved', 'Processed', 1, 1
        UNION ALL SELECT 'PtoRequest', 'Pending', 'Approved', 1, 1
        UNION ALL SELECT 'PtoRequest', 'Pending', 'Denied', 0, 2
        UNION ALL SELECT 'PtoRequest', 'Pending', 'Canceled', 0, 3
        UNION ALL SELECT 'PtoRequest', 'Approved', 'Canceled', 0, 1) m
  JOIN application_record_states f ON f.applicationRecordKey = m.k AND f.name = m.f
  JOIN application_record_states t ON t.applicationRecordKey = m.k AND t.name = m.t
  WHERE NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId
    AND a.targetApplicationRecordStateId = t.applicationRecordStateId)
  ORDER BY m.k DESC, f.displayOrder, m.displayOrder;
`;

/**
 * 012 (issue 13, time off): who a delegate decided a time-off request for. `decidedByEmployeeId` is
 * the manager, delegate or Timecard Admin who approved or denied it; `onBehalfOfEmployeeId` is the
 * manager a delegate acted for (null otherwise), as on weekly_timecards.
 */
const TIME_OFF_012 = `
ALTER TABLE time_off_requests ADD COLUMN onBehalfOfEmployeeId INTEGER REFERENCES employees(employeeId);
`;

/**
 * The application record, states and advancements of `keys` for an EXISTING database (a fresh one
 * gets them from the seed), generated from states.ts so the two cannot differ. Idempotent.
 */
function recordStatesSql(keys: readonly string[]): string {
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  const out: string[] = [];
  for (const key of keys) {
    const record = APPLICATION_RECORDS.find(([k]) => k === key)!;
    out.push(`INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT ${sqlText(key)}, applicationId, ${sqlText(record[1])}, ${sqlText(record[1])}, ${now} FROM applications WHERE applicationKey = ${sqlText(record[2])}
    AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = ${sqlText(key)});`);
    RECORD_STATES[key]!.forEach(([name, closed], index) => {
      out.push(`INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT ${sqlText(key)}, ${sqlText(name)}, ${closed ? 1 : 0}, ${index + 1}, ${index === 0 ? 1 : 0}, ${sqlText(name)}, ${now}
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = ${sqlText(key)})
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = ${sqlText(key)} AND name = ${sqlText(name)});`);
    });
    for (const [from, targets] of Object.entries(ADVANCEMENTS[key] ?? {})) {
      targets.forEach(([to, quick], index) => {
        out.push(`INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, ${quick ? 1 : 0}, ${index + 1}, ${now}
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = ${sqlText(to)}
  WHERE f.applicationRecordKey = ${sqlText(key)} AND f.name = ${sqlText(from)}
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);`);
      });
    }
  }
  return out.join('\n');
}

/**
 * 013 (issue 14, subcontractor risk; demo/host/api/risk, rules in src/core/risk):
 * - projects.regionId: the region a project belongs to (its Regional Reviewers); existing projects get
 *   their legal entity's region, as employees did in 011.
 * - vendor_prequalifications: one row per vendor (no row = Not Prequalified, $100,000 default single
 *   limit); its financial statements by year (vendor_financials) and safety by year (vendor_safety).
 *   `status` is as decided; an expired limitExpiresOn reads 'Expired' (core effectiveStatus).
 * - slim_requests (record key 'SlimRequest'), their events (every state move, assignment and answer:
 *   the history and the average days per step), their comments, and risk_notifications (the bell's
 *   notes to one employee: a comment, a reassignment), read when the request is opened.
 * - sras (record key 'Sra'): one proposed subcontract (project, vendor, amount, the cost codes of its
 *   scope), its factors as scored at submission (JSON of core SraFactor[]), chosen mitigations and approvals.
 * - The states and advancements of both records (generated from states.ts).
 * (A date CHECK is written coalesce(date(x) = x, 0): date() of a malformed text is NULL, and a NULL CHECK passes.)
 */
const RISK_013 = `
ALTER TABLE projects ADD COLUMN regionId INTEGER REFERENCES regions(regionId);
UPDATE projects SET regionId = (SELECT regionId FROM regions WHERE regionId = projects.legalEntityId) WHERE regionId IS NULL;
CREATE INDEX projects_region ON projects(regionId);

CREATE TABLE vendor_prequalifications (
  vendorId INTEGER PRIMARY KEY REFERENCES vendors(vendorId),
  status TEXT NOT NULL DEFAULT 'Not Prequalified'
    CHECK (status IN ('Not Prequalified', 'Pending', 'Prequalified', 'Prequalified with Conditions', 'Denied', 'Expired')),
  singleLimit REAL CHECK (singleLimit >= 0),
  aggregateLimit REAL CHECK (aggregateLimit >= 0),
  limitExpiresOn TEXT CHECK (limitExpiresOn IS NULL OR coalesce(date(limitExpiresOn) = limitExpiresOn, 0)),
  conditions TEXT,
  glPerOccurrence REAL,
  glAggregate REAL,
  glExpiresOn TEXT CHECK (glExpiresOn IS NULL OR coalesce(date(glExpiresOn) = glExpiresOn, 0)),
  surety TEXT,
  bondSingleCapacity REAL,
  bondAggregateCapacity REAL,
  subRatingAverage REAL CHECK (subRatingAverage IS NULL OR subRatingAverage BETWEEN 1 AND 5),
  subRatingCount INTEGER NOT NULL DEFAULT 0,
  lastDecidedAt TEXT,
  lastDecidedByEmployeeId INTEGER REFERENCES employees(employeeId),
  lastSlimRequestId INTEGER,
  version INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE vendor_financials (
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  year INTEGER NOT NULL,
  currentAssets REAL NOT NULL,
  currentLiabilities REAL NOT NULL,
  totalLiabilities REAL NOT NULL,
  netWorth REAL NOT NULL,
  revenue REAL NOT NULL,
  backlog REAL NOT NULL,
  modifiedAt TEXT NOT NULL,
  PRIMARY KEY (vendorId, year)
);
CREATE TABLE vendor_safety (
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  year INTEGER NOT NULL,
  emr REAL NOT NULL CHECK (emr > 0),
  oshaRecordableRate REAL NOT NULL CHECK (oshaRecordableRate >= 0),
  modifiedAt TEXT NOT NULL,
  PRIMARY KEY (vendorId, year)
);

CREATE TABLE slim_requests (
  requestId INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('New Prequalification', 'Limit Increase', 'Renewal', 'Exception')),
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  projectId INTEGER REFERENCES projects(projectId),
  regionId INTEGER REFERENCES regions(regionId),
  requestedAmount REAL CHECK (requestedAmount IS NULL OR requestedAmount > 0),
  priority TEXT NOT NULL DEFAULT 'Normal' CHECK (priority IN ('High', 'Normal', 'Low')),
  justification TEXT NOT NULL,
  mitigation TEXT,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  requestedByEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  assignedToEmployeeId INTEGER REFERENCES employees(employeeId),
  submittedAt TEXT NOT NULL,
  dueDate TEXT NOT NULL CHECK (coalesce(date(dueDate) = dueDate, 0)),
  missingData TEXT,
  answer TEXT,
  escalationNote TEXT,
  regionalPassedAt TEXT,
  regionalPassedByEmployeeId INTEGER REFERENCES employees(employeeId),
  decidedAt TEXT,
  decidedByEmployeeId INTEGER REFERENCES employees(employeeId),
  decisionReason TEXT,
  conditions TEXT,
  approvedSingleLimit REAL,
  approvedAggregateLimit REAL,
  approvedLimitExpiresOn TEXT,
  basedOnRequestId INTEGER REFERENCES slim_requests(requestId),
  -- JSON of the vendor's prequalification record (core VendorPrequalRecord) when submitted: what a renewal compares with.
  snapshot TEXT,
  version INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX slim_requests_state ON slim_requests(applicationRecordStateId);
CREATE INDEX slim_requests_assignee ON slim_requests(assignedToEmployeeId);
CREATE INDEX slim_requests_requester ON slim_requests(requestedByEmployeeId);
CREATE INDEX slim_requests_vendor ON slim_requests(vendorId);

CREATE TABLE slim_request_events (
  eventId INTEGER PRIMARY KEY,
  requestId INTEGER NOT NULL REFERENCES slim_requests(requestId),
  kind TEXT NOT NULL CHECK (kind IN ('state', 'assign', 'answer')),
  fromStateId INTEGER REFERENCES application_record_states(applicationRecordStateId),
  toStateId INTEGER REFERENCES application_record_states(applicationRecordStateId),
  byEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  at TEXT NOT NULL,
  note TEXT,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX slim_request_events_request ON slim_request_events(requestId, at);

CREATE TABLE slim_comments (
  commentId INTEGER PRIMARY KEY,
  requestId INTEGER NOT NULL REFERENCES slim_requests(requestId),
  authorEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  createdAt TEXT NOT NULL,
  editedAt TEXT,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX slim_comments_request ON slim_comments(requestId, createdAt);

CREATE TABLE risk_notifications (
  notificationId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  recordKey TEXT NOT NULL,
  recordId INTEGER NOT NULL,
  documentNumber TEXT NOT NULL,
  kind TEXT NOT NULL,
  message TEXT NOT NULL,
  directLink TEXT NOT NULL,
  createdAt TEXT NOT NULL,
  readAt TEXT,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX risk_notifications_employee ON risk_notifications(employeeId, readAt);

CREATE TABLE sras (
  sraId INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  amount REAL NOT NULL CHECK (amount > 0),
  subcontractId INTEGER REFERENCES subcontracts(subcontractId),
  description TEXT NOT NULL DEFAULT '',
  level TEXT NOT NULL CHECK (level IN ('Low', 'Medium', 'High')),
  -- JSON of core SraFactor[] as scored when submitted (a Draft is scored afresh on every load).
  factors TEXT NOT NULL DEFAULT '[]',
  mitigationNote TEXT,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  createdByEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  createdAt TEXT NOT NULL,
  submittedByEmployeeId INTEGER REFERENCES employees(employeeId),
  submittedAt TEXT,
  decidedAt TEXT,
  rejectedByEmployeeId INTEGER REFERENCES employees(employeeId),
  rejectionReason TEXT,
  version INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX sras_project_vendor ON sras(projectId, vendorId);
CREATE TABLE sra_cost_codes (
  sraId INTEGER NOT NULL REFERENCES sras(sraId),
  costCodeId INTEGER NOT NULL REFERENCES cost_codes(costCodeId),
  PRIMARY KEY (sraId, costCodeId)
);
CREATE INDEX sra_cost_codes_cost_code ON sra_cost_codes(costCodeId);
CREATE TABLE sra_mitigations (
  sraId INTEGER NOT NULL REFERENCES sras(sraId),
  mitigation TEXT NOT NULL CHECK (mitigation IN ('bond', 'sdi', 'parentGuarantee', 'reducedScope')),
  chosenByEmployeeId INTEGER REFERENCES employees(employeeId),
  chosenAt TEXT NOT NULL,
  PRIMARY KEY (sraId, mitigation)
);
CREATE TABLE sra_approvals (
  sraId INTEGER NOT NULL REFERENCES sras(sraId),
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  role TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (sraId, employeeId)
);

${recordStatesSql(['SlimRequest', 'Sra'])}
`;

/**
 * 014 (issue 15, project security; the rules: src/core/projects/team.ts, the enforcer:
 * demo/host/api/project-access.ts):
 * - project_team_members: who is on a project's team, in which project role, until when. A removal
 *   keeps the row (removedAt, removedByEmployeeId, removedReason), so the team's past stays readable;
 *   at most one current row per project and employee.
 * - An existing database keeps every project open to its project manager: each project's
 *   projectManagerEmployeeId becomes a 'Project Manager' member (source 'upgrade'). A fresh database
 *   gets its teams from the seed (seed-teams.ts).
 */
const PROJECT_TEAMS_014 = `
CREATE TABLE project_team_members (
  projectTeamMemberId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  projectRole TEXT NOT NULL CHECK (projectRole IN (${PROJECT_ROLES.map(sqlText).join(', ')})),
  endDate TEXT CHECK (endDate IS NULL OR coalesce(date(endDate) = endDate, 0)),
  source TEXT NOT NULL CHECK (source IN (${TEAM_SOURCES.map(sqlText).join(', ')})),
  sourceId INTEGER,
  addedByEmployeeId INTEGER REFERENCES employees(employeeId),
  addedAt TEXT NOT NULL,
  removedAt TEXT,
  removedByEmployeeId INTEGER REFERENCES employees(employeeId),
  removedReason TEXT,
  modifiedAt TEXT NOT NULL
);
CREATE UNIQUE INDEX project_team_current ON project_team_members(projectId, employeeId) WHERE removedAt IS NULL;
CREATE INDEX project_team_employee ON project_team_members(employeeId, projectId) WHERE removedAt IS NULL;
INSERT INTO project_team_members (projectId, employeeId, projectRole, source, addedAt, modifiedAt)
  SELECT projectId, projectManagerEmployeeId, 'Project Manager', 'upgrade', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM projects WHERE projectManagerEmployeeId IS NOT NULL ORDER BY projectId;
`;

/**
 * 015 (issue 15, access requests; host: demo/host/api/toolbox): a request to join a project's team.
 * An application record ('AccessRequest': Pending → Approved / Denied / Withdrawn, or Expired by the
 * host 14 days after it was made). Approval adds a project_team_members row (source 'request',
 * sourceId = the request) and names it here. Also the states of 'ItBillingRun' (the IT billing month,
 * whose tables come with the billing migration).
 */
const ACCESS_REQUESTS_015 = `
CREATE TABLE access_requests (
  accessRequestId INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  requesterEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  projectRole TEXT NOT NULL CHECK (projectRole IN (${PROJECT_ROLES.map(sqlText).join(', ')})),
  justification TEXT NOT NULL CHECK (length(trim(justification)) > 0),
  endDate TEXT CHECK (endDate IS NULL OR coalesce(date(endDate) = endDate, 0)),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  requestedAt TEXT NOT NULL,
  expiresOn TEXT NOT NULL CHECK (coalesce(date(expiresOn) = expiresOn, 0)),
  decidedByEmployeeId INTEGER REFERENCES employees(employeeId),
  decidedAt TEXT,
  decisionReason TEXT,
  projectTeamMemberId INTEGER REFERENCES project_team_members(projectTeamMemberId),
  modifiedAt TEXT NOT NULL
);
CREATE INDEX access_requests_project ON access_requests(projectId, applicationRecordStateId);
CREATE INDEX access_requests_requester ON access_requests(requesterEmployeeId);

${recordStatesSql(['AccessRequest', 'ItBillingRun'])}
`;

/**
 * 016 (issue 15, default assignments; the rule: src/core/toolbox/assignments.ts, the host:
 * demo/host/api/toolbox/default-assignments.ts): rules that put a person on projects' teams. A scope of
 * region, legal entity and/or classification (at least one; every one given must match), a project
 * role and an optional membership length (endDays). Deactivated rather than deleted once a rule has
 * added anyone (project_team_members.source 'rule', sourceId = ruleId). Tracked in record_history.
 */
const DEFAULT_ASSIGNMENTS_016 = `
CREATE TABLE default_assignment_rules (
  ruleId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  projectRole TEXT NOT NULL CHECK (projectRole IN (${PROJECT_ROLES.map(sqlText).join(', ')})),
  regionId INTEGER REFERENCES regions(regionId),
  legalEntityId INTEGER REFERENCES legal_entities(legalEntityId),
  classification TEXT CHECK (classification IS NULL OR classification IN ('GC', 'CM', 'DB')),
  endDays INTEGER CHECK (endDays IS NULL OR (endDays >= 1 AND endDays <= 3650)),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  createdByEmployeeId INTEGER REFERENCES employees(employeeId),
  createdAt TEXT NOT NULL,
  modifiedByEmployeeId INTEGER REFERENCES employees(employeeId),
  modifiedAt TEXT NOT NULL,
  CHECK (regionId IS NOT NULL OR legalEntityId IS NOT NULL OR classification IS NOT NULL)
);
CREATE INDEX default_assignment_rules_active ON default_assignment_rules(active, ruleId);
CREATE INDEX project_team_source ON project_team_members(source, sourceId);
`;

/**
 * 017 (issue 15, project closeouts; rules and words: src/core/toolbox/closeout.ts, host:
 * demo/host/api/toolbox/closeouts.ts): a project's closeout state (Open → Soft Closed → Final Closed,
 * reopened by an Admin) with who soft and final closed it and when, and every closeout action with
 * its reason in project_closeout_events (the state columns say where it is, the events how it got
 * there). Existing projects start Open.
 */
const PROJECT_CLOSEOUTS_017 = `
ALTER TABLE projects ADD COLUMN closeoutState TEXT NOT NULL DEFAULT 'Open' CHECK (closeoutState IN ('Open', 'Soft Closed', 'Final Closed'));
ALTER TABLE projects ADD COLUMN softClosedAt TEXT;
ALTER TABLE projects ADD COLUMN softClosedByEmployeeId INTEGER REFERENCES employees(employeeId);
ALTER TABLE projects ADD COLUMN finalClosedAt TEXT;
ALTER TABLE projects ADD COLUMN finalClosedByEmployeeId INTEGER REFERENCES employees(employeeId);
CREATE TABLE project_closeout_events (
  projectCloseoutEventId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  action TEXT NOT NULL CHECK (action IN ('softClose', 'finalClose', 'reopen')),
  fromState TEXT NOT NULL,
  toState TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  at TEXT NOT NULL
);
CREATE INDEX project_closeout_events_project ON project_closeout_events(projectId, projectCloseoutEventId);
`;

/**
 * 018 (issue 15, user management; host: demo/host/api/admin/users.ts, contract src/core/admin/users.ts):
 * - admin_audit_log: every change an administrator makes to a user (grantRole, revokeRole, activate,
 *   deactivate, setBeta, copyRoles, …): who (actor), to whom (subject), when, the application key
 *   where there is one, before and after as text, the reason. Rows are only ever added.
 * - employees.deactivatedAt / deactivatedByEmployeeId: users are never deleted; `active` = 0 stops
 *   their tokens at the API and their sign-in.
 */
const USER_ADMIN_018 = `
CREATE TABLE admin_audit_log (
  auditId INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  actorEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  subjectEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  action TEXT NOT NULL CHECK (length(action) > 0),
  applicationKey TEXT,
  before TEXT,
  after TEXT,
  reason TEXT
);
CREATE INDEX admin_audit_subject ON admin_audit_log(subjectEmployeeId, at);
CREATE INDEX admin_audit_actor ON admin_audit_log(actorEmployeeId, at);
CREATE INDEX admin_audit_action ON admin_audit_log(action, at);
CREATE INDEX admin_audit_at ON admin_audit_log(at);
ALTER TABLE employees ADD COLUMN deactivatedAt TEXT;
ALTER TABLE employees ADD COLUMN deactivatedByEmployeeId INTEGER REFERENCES employees(employeeId);
`;

/**
 * 020 (issue 15, IT billing; rules: src/core/billing.ts, host: demo/host/api/billing):
 * - departments, and employees.departmentId (existing employees assigned by job title: seed-billing.ts);
 * - it_cost_items (per-seat licences, devices, phone lines at a monthly cost; the catalogue is written
 *   here) and it_cost_assignments (who holds one, from / until; a holding on any day of a month is
 *   charged for the whole month);
 * - it_billing_runs: one per month, an application record 'ItBillingRun' (Draft → Posted, states of
 *   migration 015), with its method; it_billing_run_lines: one share of one employee's cost item,
 *   charged to a project or a department, with its basis in words. A re-run of a Draft replaces its lines.
 */
const IT_BILLING_020 = `
CREATE TABLE departments (
  departmentId INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL UNIQUE,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
ALTER TABLE employees ADD COLUMN departmentId INTEGER REFERENCES departments(departmentId);
CREATE TABLE it_cost_items (
  itCostItemId INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('licence', 'device', 'phoneLine')),
  name TEXT NOT NULL UNIQUE,
  vendor TEXT NOT NULL,
  monthlyCost REAL NOT NULL CHECK (monthlyCost >= 0),
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE it_cost_assignments (
  itCostAssignmentId INTEGER PRIMARY KEY,
  itCostItemId INTEGER NOT NULL REFERENCES it_cost_items(itCostItemId),
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  reference TEXT,
  startDate TEXT NOT NULL CHECK (coalesce(date(startDate) = startDate, 0)),
  endDate TEXT CHECK (endDate IS NULL OR (coalesce(date(endDate) = endDate, 0) AND endDate >= startDate)),
  modifiedAt TEXT NOT NULL
);
CREATE INDEX it_cost_assignments_employee ON it_cost_assignments(employeeId, itCostItemId);
CREATE TABLE it_billing_runs (
  itBillingRunId INTEGER PRIMARY KEY,
  month TEXT NOT NULL UNIQUE CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  method TEXT NOT NULL CHECK (method IN ('hours', 'perHead')),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  totalAmount REAL NOT NULL,
  runAt TEXT NOT NULL,
  runByEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  postedAt TEXT,
  postedByEmployeeId INTEGER REFERENCES employees(employeeId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE it_billing_run_lines (
  itBillingRunLineId INTEGER PRIMARY KEY,
  itBillingRunId INTEGER NOT NULL REFERENCES it_billing_runs(itBillingRunId) ON DELETE CASCADE,
  projectId INTEGER REFERENCES projects(projectId),
  departmentId INTEGER REFERENCES departments(departmentId),
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  itCostItemId INTEGER NOT NULL REFERENCES it_cost_items(itCostItemId),
  basis TEXT NOT NULL,
  amount REAL NOT NULL,
  CHECK (projectId IS NULL OR departmentId IS NULL)
);
CREATE INDEX it_billing_run_lines_run ON it_billing_run_lines(itBillingRunId);

${billingReferenceSql()}
${departmentAssignmentSql()}
`;

/**
 * 019 (issue 15, app records; host: demo/host/api/admin/app-records.ts): a record type's
 * configuration (its states, advancements and field security) carries one version, raised by every
 * admin change, so a stale editor is answered 409 naming who changed it last. The changes
 * themselves are recorded in record_history (TRACKED_TABLES, applicationKey keyAdmin).
 */
const APP_RECORDS_019 = `
ALTER TABLE application_records ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE application_records ADD COLUMN modifiedByEmployeeId INTEGER REFERENCES employees(employeeId);
`;

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
const LOAD_INDEXES_021 = `
CREATE INDEX subcontracts_vendor ON subcontracts(vendorId);
CREATE INDEX subcontract_items_subcontract ON subcontract_items(subcontractId);
CREATE INDEX subcontract_change_orders_subcontract ON subcontract_change_orders(subcontractId);
CREATE INDEX subcontract_change_order_items_change_order ON subcontract_change_order_items(subcontractChangeOrderId);
CREATE INDEX subcontracts_state ON subcontracts(applicationRecordStateId);
CREATE INDEX cost_adjustments_state ON cost_adjustments(applicationRecordStateId);
CREATE INDEX direct_costs_state ON direct_costs(applicationRecordStateId);
CREATE INDEX employees_name ON employees(preferredName, employeeId);
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '001_initial', sql: INITIAL },
  { version: 2, name: '002_direct_cost_approval', sql: DIRECT_COST_APPROVAL },
  { version: 3, name: '003_cost_adjustments', sql: COST_ADJUSTMENTS_003 },
  { version: 4, name: '004_transaction_source_index', sql: SOURCE_INDEX },
  { version: 5, name: '005_opportunities', sql: OPPORTUNITIES },
  { version: 6, name: '006_surveys', sql: SURVEYS },
  { version: 7, name: '007_esign', sql: ESIGN },
  { version: 8, name: '008_record_history', sql: RECORD_HISTORY },
  { version: 9, name: '009_document_templates', sql: DOCUMENT_TEMPLATES },
  { version: 10, name: '010_history_outside_actor', sql: HISTORY_OUTSIDE_ACTOR },
  { version: 11, name: '011_timecards', sql: TIMECARDS_011 },
  { version: 12, name: '012_time_off_on_behalf_of', sql: TIME_OFF_012 },
  { version: 13, name: '013_subcontractor_risk', sql: RISK_013 },
  { version: 14, name: '014_project_teams', sql: PROJECT_TEAMS_014 },
  { version: 15, name: '015_access_requests', sql: ACCESS_REQUESTS_015 },
  { version: 16, name: '016_default_assignments', sql: DEFAULT_ASSIGNMENTS_016 },
  { version: 17, name: '017_project_closeouts', sql: PROJECT_CLOSEOUTS_017 },
  { version: 18, name: '018_user_admin', sql: USER_ADMIN_018 },
  { version: 19, name: '019_app_records_version', sql: APP_RECORDS_019 },
  { version: 20, name: '020_it_billing', sql: IT_BILLING_020 },
  { version: 21, name: '021_load_indexes', sql: LOAD_INDEXES_021 },
  { version: 22, name: '022_approval_authority', sql: APPROVAL_AUTHORITY_022 },
  { version: 23, name: '023_signing_link_hash', sql: SIGNING_LINK_HASH_023 },
  { version: 24, name: '024_timecard_reminders', sql: TIMECARD_REMINDERS_024 },
];
