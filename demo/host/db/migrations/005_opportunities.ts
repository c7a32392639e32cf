/**
 * 005 (issue 12): opportunities, pursuits that are not yet contracted projects, and the labour cost
 * codes their staff may charge time to (§2 /pfm/opportunitytimecardcostcode). The schema has no
 * region, so an opportunity has its legal entity only. A fresh database gets its opportunities from
 * the seed (seed.ts `opportunities()`); an existing database that upgrades gets the two tables empty.
 */
export const OPPORTUNITIES_005 = `
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
