/**
 * 016 (issue 15, default assignments; the rule: src/core/toolbox/assignments.ts, the host:
 * demo/host/api/toolbox/default-assignments.ts): rules that put a person on projects' teams. A scope of
 * region, legal entity and/or classification (at least one; every one given must match), a project
 * role and an optional membership length (endDays). Deactivated rather than deleted once a rule has
 * added anyone (project_team_members.source 'rule', sourceId = ruleId). Tracked in record_history.
 *
 * Frozen as it shipped, with no live imports: this SQL was generated from src/core/projects/team.ts
 * (PROJECT_ROLES).
 * Editing that code no longer changes it. Never edit a shipped migration: add a new one.
 */
export const DEFAULT_ASSIGNMENTS_016 = `
CREATE TABLE default_assignment_rules (
  ruleId INTEGER PRIMARY KEY,
  employeeId INTEGER NOT NULL REFERENCES employees(employeeId),
  projectRole TEXT NOT NULL CHECK (projectRole IN ('Project Manager', 'Project Engineer', 'Superintendent', 'Project Accountant', 'Viewer')),
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
