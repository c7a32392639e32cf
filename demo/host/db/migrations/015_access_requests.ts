/**
 * 015 (issue 15, access requests; host: demo/host/api/toolbox): a request to join a project's team.
 * An application record ('AccessRequest': Pending → Approved / Denied / Withdrawn, or Expired by the
 * host 14 days after it was made). Approval adds a project_team_members row (source 'request',
 * sourceId = the request) and names it here. Also the states of 'ItBillingRun' (the IT billing month,
 * whose tables come with the billing migration).
 *
 * Frozen as it shipped, with no live imports: this SQL was generated from src/core/projects/team.ts
 * (PROJECT_ROLES) and states.ts (the records, states and advancements of 'AccessRequest' and 'ItBillingRun').
 * Editing that code no longer changes it. Never edit a shipped migration: add a new one.
 */
export const ACCESS_REQUESTS_015 = `
CREATE TABLE access_requests (
  accessRequestId INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  requesterEmployeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  projectRole TEXT NOT NULL CHECK (projectRole IN ('Project Manager', 'Project Engineer', 'Superintendent', 'Project Accountant', 'Viewer')),
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

INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'AccessRequest', applicationId, 'Project Access Request', 'Project Access Request', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM applications WHERE applicationKey = 'keyProjectSecurity'
    AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'AccessRequest');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'AccessRequest', 'Pending', 0, 1, 1, 'Pending', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'AccessRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'AccessRequest' AND name = 'Pending');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'AccessRequest', 'Approved', 1, 2, 0, 'Approved', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'AccessRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'AccessRequest' AND name = 'Approved');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'AccessRequest', 'Denied', 1, 3, 0, 'Denied', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'AccessRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'AccessRequest' AND name = 'Denied');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'AccessRequest', 'Withdrawn', 1, 4, 0, 'Withdrawn', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'AccessRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'AccessRequest' AND name = 'Withdrawn');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'AccessRequest', 'Expired', 1, 5, 0, 'Expired', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'AccessRequest')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'AccessRequest' AND name = 'Expired');
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Approved'
  WHERE f.applicationRecordKey = 'AccessRequest' AND f.name = 'Pending'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Denied'
  WHERE f.applicationRecordKey = 'AccessRequest' AND f.name = 'Pending'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 0, 3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Withdrawn'
  WHERE f.applicationRecordKey = 'AccessRequest' AND f.name = 'Pending'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'ItBillingRun', applicationId, 'IT Billing Month', 'IT Billing Month', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM applications WHERE applicationKey = 'keyIT'
    AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'ItBillingRun');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'ItBillingRun', 'Draft', 0, 1, 1, 'Draft', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'ItBillingRun')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'ItBillingRun' AND name = 'Draft');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'ItBillingRun', 'Posted', 1, 2, 0, 'Posted', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'ItBillingRun')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'ItBillingRun' AND name = 'Posted');
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, 1, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM application_record_states f JOIN application_record_states t ON t.applicationRecordKey = f.applicationRecordKey AND t.name = 'Posted'
  WHERE f.applicationRecordKey = 'ItBillingRun' AND f.name = 'Draft'
    AND NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
`;
