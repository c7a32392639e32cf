/**
 * 020 (issue 15, IT billing; rules: src/core/billing.ts, host: demo/host/api/billing):
 * - departments, and employees.departmentId (existing employees assigned by job title);
 * - it_cost_items (per-seat licences, devices, phone lines at a monthly cost; the catalogue is written
 *   here) and it_cost_assignments (who holds one, from / until; a holding on any day of a month is
 *   charged for the whole month);
 * - it_billing_runs: one per month, an application record 'ItBillingRun' (Draft → Posted, states of
 *   migration 015), with its method; it_billing_run_lines: one share of one employee's cost item,
 *   charged to a project or a department, with its basis in words. A re-run of a Draft replaces its lines.
 *
 * Frozen as it shipped, with no live imports: this SQL was generated from seed-billing.ts
 * (billingReferenceSql: departments and the cost item catalogue; departmentAssignmentSql: departments by
 * job title).
 * Editing that code no longer changes it. Never edit a shipped migration: add a new one.
 */
export const IT_BILLING_020 = `
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

INSERT INTO departments (departmentId, code, name, displayText, modifiedAt) VALUES
  (1, 'ACCT', 'Accounting', 'Accounting', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (2, 'IT', 'IT', 'IT', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (3, 'EST', 'Estimating', 'Estimating', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (4, 'OPS', 'Operations', 'Operations', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (5, 'SAFE', 'Safety', 'Safety', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (6, 'EXEC', 'Executive', 'Executive', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
INSERT INTO it_cost_items (itCostItemId, kind, name, vendor, monthlyCost, displayText, modifiedAt) VALUES
  (1, 'licence', 'Procore', 'Procore Technologies', 95, 'Procore', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (2, 'licence', 'Autodesk Construction Cloud', 'Autodesk', 85, 'Autodesk Construction Cloud', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (3, 'licence', 'Bluebeam Revu', 'Bluebeam', 26.67, 'Bluebeam Revu', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (4, 'licence', 'Microsoft 365 E3', 'Microsoft', 36, 'Microsoft 365 E3', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (5, 'licence', 'Viewpoint Vista', 'Trimble Viewpoint', 75, 'Viewpoint Vista', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (6, 'licence', 'HCSS HeavyBid', 'HCSS', 150, 'HCSS HeavyBid', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (7, 'device', 'Laptop – Dell Latitude 5550', 'Dell Financial Services', 62.5, 'Laptop – Dell Latitude 5550', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (8, 'device', 'Rugged tablet – Panasonic Toughbook G2', 'Panasonic', 88, 'Rugged tablet – Panasonic Toughbook G2', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (9, 'device', 'iPad Pro 11"', 'Apple', 41.25, 'iPad Pro 11"', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (10, 'device', 'Mobile hotspot – Verizon Jetpack', 'Verizon', 39.99, 'Mobile hotspot – Verizon Jetpack', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (11, 'phoneLine', 'Mobile line – Verizon', 'Verizon', 45, 'Mobile line – Verizon', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  (12, 'phoneLine', 'Mobile line – AT&T FirstNet', 'AT&T', 42.99, 'Mobile line – AT&T FirstNet', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
UPDATE employees SET departmentId = (SELECT departmentId FROM departments WHERE code = CASE jobTitle WHEN 'Project Accountant' THEN 'ACCT' WHEN 'Payroll and Timecard Administrator' THEN 'ACCT' WHEN 'Internal Auditor' THEN 'ACCT' WHEN 'Director of Business Applications' THEN 'IT' WHEN 'IT Systems Analyst' THEN 'IT' WHEN 'Estimator' THEN 'EST' WHEN 'Safety Manager' THEN 'SAFE' WHEN 'Safety Coordinator' THEN 'SAFE' WHEN 'Subcontractor Risk Manager' THEN 'SAFE' WHEN 'Risk Escalation Reviewer' THEN 'SAFE' WHEN 'Regional Project Manager' THEN 'EXEC' WHEN 'Operations Manager, Gulf Coast' THEN 'EXEC' WHEN 'Operations Manager, Central Texas' THEN 'EXEC' ELSE 'OPS' END)
  WHERE departmentId IS NULL;
`;
