/**
 * 017 (issue 15, project closeouts; rules and words: src/core/toolbox/closeout.ts, host:
 * demo/host/api/toolbox/closeouts.ts): a project's closeout state (Open → Soft Closed → Final Closed,
 * reopened by an Admin) with who soft and final closed it and when, and every closeout action with
 * its reason in project_closeout_events (the state columns say where it is, the events how it got
 * there). Existing projects start Open.
 */
export const PROJECT_CLOSEOUTS_017 = `
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
