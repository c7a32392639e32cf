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
 * - The application records, states and advancements of both, for an existing database (a fresh one
 *   gets them from the seed); idempotent.
 * (A date CHECK is written coalesce(date(x) = x, 0): date() of a malformed text is NULL, and a NULL CHECK passes.)
 *
 * Frozen as it shipped, with no live imports: this SQL was generated from states.ts (APPLICATION_RECORDS,
 * RECORD_STATES and ADVANCEMENTS of 'SlimRequest' and 'Sra').
 * Editing that code no longer changes it. Never edit a shipped migration: add a new one.
 */
export const SUBCONTRACTOR_RISK_013 = `
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

INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'SlimRequest', applicationId, 'SLIM Request', 'SLIM Request', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM applications WHERE applicationKey = 'keySLIM'
    AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'Submitted', 0, 1, 1, 'Submitted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'Submitted');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'In Review', 0, 2, 0, 'In Review', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'In Review');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'On Hold – Missing Data', 0, 3, 0, 'On Hold – Missing Data', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'On Hold – Missing Data');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'Regional Review', 0, 4, 0, 'Regional Review', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'Regional Review');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'Escalated', 0, 5, 0, 'Escalated', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'Escalated');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'Approved', 1, 6, 0, 'Approved', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'Approved');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'Approved with Conditions', 1, 7, 0, 'Approved with Conditions', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'Approved with Conditions');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'Denied', 1, 8, 0, 'Denied', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'Denied');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'SlimRequest', 'Withdrawn', 1, 9, 0, 'Withdrawn', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'SlimRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'Withdrawn');
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'In Review'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Submitted'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Withdrawn'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Submitted'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Regional Review'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'In Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'On Hold – Missing Data'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'In Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Escalated'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'In Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 4, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Approved'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'In Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 5, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Approved with Conditions'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'In Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 6, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Denied'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'In Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 7, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Withdrawn'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'In Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'In Review'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'On Hold – Missing Data'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Withdrawn'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'On Hold – Missing Data'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'In Review'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Regional Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Escalated'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Regional Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Withdrawn'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Regional Review'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Approved'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Escalated'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Approved with Conditions'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Escalated'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Denied'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Escalated'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 4, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Withdrawn'
  WHERE f.applicationRecordKey = 'SlimRequest' AND f.name = 'Escalated'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'Sra', applicationId, 'Subcontractor Risk Assessment', 'Subcontractor Risk Assessment', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM applications WHERE applicationKey = 'keyRISK'
    AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Sra');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'Sra', 'Draft', 0, 1, 1, 'Draft', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Sra')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'Sra' AND name = 'Draft');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'Sra', 'Submitted', 0, 2, 0, 'Submitted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Sra')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'Sra' AND name = 'Submitted');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'Sra', 'Approved', 1, 3, 0, 'Approved', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Sra')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'Sra' AND name = 'Approved');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'Sra', 'Rejected', 1, 4, 0, 'Rejected', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Sra')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'Sra' AND name = 'Rejected');
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Submitted'
  WHERE f.applicationRecordKey = 'Sra' AND f.name = 'Draft'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Approved'
  WHERE f.applicationRecordKey = 'Sra' AND f.name = 'Submitted'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Rejected'
  WHERE f.applicationRecordKey = 'Sra' AND f.name = 'Submitted'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Draft'
  WHERE f.applicationRecordKey = 'Sra' AND f.name = 'Submitted'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
`;
