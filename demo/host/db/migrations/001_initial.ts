/**
 * 001: the initial schema: settings, legal entities, employees and their roles, applications with
 * their application records, states, advancements and field security, the reference tables, vendors,
 * projects, budgets and cost codes, the commitments (subcontracts, purchase agreements, purchase
 * orders) with their items and change orders, owner agreements, RFIs, change records and change
 * events, cost adjustments, direct costs, cost code transactions, projections, pins, change tracking,
 * open workflows, the bell's summary rows (pto_requests, timecards, timecard_entries), files and
 * contract document tracking.
 *
 * Column names are the §3 field names, so API answers are rows as they are. Every table carries
 * `modifiedAt` (ISO-8601 UTC text) for the `lastLoad` incremental loads. Every reference table
 * carries `displayText`, what a lookup shows.
 *
 * Frozen as it shipped, with no live imports: this SQL was generated from the REF(table, id) helper
 * of migrations.ts (the reference tables).
 * Editing that code no longer changes it. Never edit a shipped migration: add a new one.
 */
export const INITIAL_001 = `
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


CREATE TABLE change_record_types (
  changeRecordTypeId INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE initiating_document_types (
  initiatingDocumentTypeId INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  abbreviation TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE change_reasons (
  changeReasonId INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE reimbursable_types (
  reimbursableTypeId INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE cost_adjustment_reasons (
  costAdjustmentReasonId INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE direct_cost_types (
  directCostTypeId INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  modifiedAt TEXT NOT NULL
);

CREATE TABLE subcontract_types (
  subcontractTypeId INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  displayText TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  modifiedAt TEXT NOT NULL
);

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
