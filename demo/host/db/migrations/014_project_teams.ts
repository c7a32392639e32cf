/**
 * 014 (issue 15, project security; the rules: src/core/projects/team.ts, the enforcer:
 * demo/host/api/project-access.ts):
 * - project_team_members: who is on a project's team, in which project role, until when. A removal
 *   keeps the row (removedAt, removedByEmployeeId, removedReason), so the team's past stays readable;
 *   at most one current row per project and employee.
 * - An existing database keeps every project open to its project manager: each project's
 *   projectManagerEmployeeId becomes a 'Project Manager' member (source 'upgrade'). A fresh database
 *   gets its teams from the seed (seed-teams.ts).
 *
 * Frozen as it shipped, with no live imports: this SQL was generated from src/core/projects/team.ts
 * (PROJECT_ROLES, TEAM_SOURCES).
 * Editing that code no longer changes it. Never edit a shipped migration: add a new one.
 */
export const PROJECT_TEAMS_014 = `
CREATE TABLE project_team_members (
  projectTeamMemberId INTEGER PRIMARY KEY,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  projectRole TEXT NOT NULL CHECK (projectRole IN ('Project Manager', 'Project Engineer', 'Superintendent', 'Project Accountant', 'Viewer')),
  endDate TEXT CHECK (endDate IS NULL OR coalesce(date(endDate) = endDate, 0)),
  source TEXT NOT NULL CHECK (source IN ('seed', 'upgrade', 'request', 'rule', 'manual')),
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
