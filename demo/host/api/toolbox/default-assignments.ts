/**
 * Default assignments (issue 15, §2 /defaultAssignments, keyProjectSecurity Admin; the contract and
 * THE matching rule: src/core/toolbox/assignments.ts):
 * - list, preview (unsaved fields), save (create / edit, 409 on a stale ModifiedAt), delete (only a rule
 *   that never added anyone) and apply a rule to the existing active projects (a report of whom it added);
 * - create a project (keyPFM Admin or keyProjectSecurity Admin): the project, its primary budget (as the
 *   seed makes them) and its team: the project manager, then every matching active rule
 *   ({@link applyRulesToProject}, which the seed calls too: db/seed-assignments.ts).
 * Members a rule adds: source 'rule', sourceId = ruleId. A person with a membership that has ended
 * gets it closed (removedReason names the rule) and a new one. Rule changes are kept in record_history.
 */
import type Database from 'better-sqlite3';
import {
  CLASSIFICATION_NAMES, DEFAULT_ASSIGNMENTS_API as API, PROJECT_CLASSIFICATIONS, checkRule, ruleMatches,
  type ApplyReport, type AssignmentOptions, type AssignmentRow, type CreatedProject, type DefaultAssignmentRule, type RulePreview, type RuleScope,
} from '../../../../src/core/toolbox/assignments';
import { PROJECT_ROLES, membershipCurrent, type ProjectRole } from '../../../../src/core/projects/team';
import type { FeedbackItem } from '../../../../src/core/feedback';
import type { Ctx, Handlers } from '../context';
import {
  autoAlert, badRequest, booleanParam, conflict, enumParam, idParam, invalid, notFound, nowIso, numberParam, rawParam, stringParam, type Params,
} from '../http';
import { routeKey } from '../routes';

const POST = (path: string) => routeKey('POST', path);
const GET = (path: string) => routeKey('GET', path);

/** Who adds the members (null: the seed) and when. */
export interface AssignmentActor {
  employeeId: number | null;
  /** ISO timestamp; its date is the day the memberships start. Default now. */
  at?: string;
}

interface RuleRecord extends RuleScope {
  ruleId: number;
  employeeId: number;
  projectRole: ProjectRole;
  endDays: number | null;
  active: number;
}

interface ProjectRow {
  projectId: number;
  number: string;
  name: string;
  regionId: number | null;
  legalEntityId: number | null;
  classification: string;
  regionName: string | null;
}

const PROJECT_SELECT = `SELECT p.projectId, p.number, p.name, p.regionId, p.legalEntityId, p.classification, r.name AS regionName
  FROM projects p LEFT JOIN regions r ON r.regionId = p.regionId`;

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const employeeName = (db: Database.Database, employeeId: number): string =>
  (db.prepare('SELECT displayText FROM employees WHERE employeeId = ?').get(employeeId) as { displayText: string } | undefined)?.displayText ?? `Employee ${employeeId}`;

/**
 * What `rule` would add to `projects` on `today`: one row per project in scope where the person is not
 * a current member (an ended membership is renewed).
 */
function planRule(db: Database.Database, rule: Omit<RuleRecord, 'ruleId' | 'active'>, projects: readonly ProjectRow[], today: string): RulePreview {
  const existing = db.prepare('SELECT endDate, removedAt FROM project_team_members WHERE projectId = ? AND employeeId = ? AND removedAt IS NULL');
  const name = employeeName(db, rule.employeeId);
  const endDate = rule.endDays === null ? null : addDays(today, rule.endDays);
  const rows: AssignmentRow[] = [];
  let projectsInScope = 0;
  let alreadyMembers = 0;
  for (const project of projects) {
    if (!ruleMatches(rule, project)) continue;
    projectsInScope += 1;
    const member = existing.get(project.projectId, rule.employeeId) as { endDate: string | null; removedAt: string | null } | undefined;
    if (member && membershipCurrent(member, today)) {
      alreadyMembers += 1;
      continue;
    }
    rows.push({
      projectId: project.projectId, projectNumber: project.number, projectName: project.name, regionName: project.regionName,
      employeeId: rule.employeeId, employeeName: name, projectRole: rule.projectRole, endDate, renews: !!member,
    });
  }
  return { rows, projectsInScope, alreadyMembers };
}

/** Write the planned memberships of rule `ruleId` (closing ended ones first). */
function addMembers(db: Database.Database, ruleId: number, rows: readonly AssignmentRow[], actor: AssignmentActor, at: string): void {
  const close = db.prepare(`UPDATE project_team_members SET removedAt = ?, removedByEmployeeId = ?, removedReason = ?, modifiedAt = ?
    WHERE projectId = ? AND employeeId = ? AND removedAt IS NULL`);
  const insert = db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, endDate, source, sourceId, addedByEmployeeId, addedAt, modifiedAt)
    VALUES (?, ?, ?, ?, 'rule', ?, ?, ?, ?)`);
  for (const row of rows) {
    if (row.renews) close.run(at, actor.employeeId, `Membership ended; renewed by default-assignment rule ${ruleId}.`, at, row.projectId, row.employeeId);
    insert.run(row.projectId, row.employeeId, row.projectRole, row.endDate, ruleId, actor.employeeId, at, at);
  }
}

const RULE_COLUMNS = 'ruleId, employeeId, projectRole, regionId, legalEntityId, classification, endDays, active';

/**
 * Give project `projectId` the people of every matching active rule (in rule order). Used by the
 * create-project call and the seed. Returns what it added.
 */
export function applyRulesToProject(db: Database.Database, projectId: number, actor: AssignmentActor): AssignmentRow[] {
  const at = actor.at ?? nowIso();
  const today = at.slice(0, 10);
  const project = db.prepare(`${PROJECT_SELECT} WHERE p.projectId = ?`).get(projectId) as ProjectRow | undefined;
  if (!project) return [];
  const rules = db.prepare(`SELECT ${RULE_COLUMNS} FROM default_assignment_rules WHERE active = 1 ORDER BY ruleId`).all() as RuleRecord[];
  const added: AssignmentRow[] = [];
  for (const rule of rules) {
    const { rows } = planRule(db, rule, [project], today);
    addMembers(db, rule.ruleId, rows, actor, at);
    added.push(...rows);
  }
  return added;
}

// --- reading ---------------------------------------------------------------------------------

const RULE_SELECT = `SELECT d.ruleId, d.employeeId, e.displayText AS employeeName, e.jobTitle, d.projectRole,
    d.regionId, r.name AS regionName, d.legalEntityId, l.name AS legalEntityName, d.classification, d.endDays, d.active,
    c.displayText AS createdByName, d.createdAt, m.displayText AS modifiedByName, d.modifiedAt,
    (SELECT count(*) FROM project_team_members t WHERE t.source = 'rule' AND t.sourceId = d.ruleId AND t.removedAt IS NULL) AS membersAdded
  FROM default_assignment_rules d
  JOIN employees e ON e.employeeId = d.employeeId
  LEFT JOIN regions r ON r.regionId = d.regionId
  LEFT JOIN legal_entities l ON l.legalEntityId = d.legalEntityId
  LEFT JOIN employees c ON c.employeeId = d.createdByEmployeeId
  LEFT JOIN employees m ON m.employeeId = d.modifiedByEmployeeId`;

function getRule(db: Database.Database, ruleId: number): DefaultAssignmentRule {
  const rule = db.prepare(`${RULE_SELECT} WHERE d.ruleId = ?`).get(ruleId) as DefaultAssignmentRule | undefined;
  if (!rule) throw notFound(`Default-assignment rule ${ruleId} not found.`);
  return rule;
}

function options(db: Database.Database): AssignmentOptions {
  return {
    employees: db.prepare(`SELECT e.employeeId AS id, e.displayText AS name, e.jobTitle, r.name AS regionName
      FROM employees e LEFT JOIN regions r ON r.regionId = e.regionId WHERE e.active = 1 ORDER BY e.lastName, e.firstName, e.employeeId`).all() as AssignmentOptions['employees'],
    regions: db.prepare('SELECT regionId AS id, name FROM regions WHERE active = 1 ORDER BY name').all() as AssignmentOptions['regions'],
    legalEntities: db.prepare('SELECT legalEntityId AS id, name FROM legal_entities ORDER BY name').all() as AssignmentOptions['legalEntities'],
    classifications: PROJECT_CLASSIFICATIONS,
    roles: PROJECT_ROLES,
  };
}

// --- the rule's fields ---------------------------------------------------------------------------

/** The rule's fields from a form, checked (400 with feedback items naming the fields). */
function ruleFields(db: Database.Database, body: Params): Omit<RuleRecord, 'ruleId' | 'active'> {
  const employeeId = idParam(body, 'EmployeeId') ?? null;
  const projectRole = (enumParam(body, 'ProjectRole', PROJECT_ROLES) ?? '') as ProjectRole | '';
  const regionId = idParam(body, 'RegionId') ?? null;
  const legalEntityId = idParam(body, 'LegalEntityId') ?? null;
  const classification = enumParam(body, 'Classification', PROJECT_CLASSIFICATIONS) ?? null;
  const rawEnd = numberParam(body, 'EndDays');
  const endDays = rawEnd === undefined ? null : rawEnd;
  const items: FeedbackItem[] = checkRule({ employeeId, projectRole, regionId, legalEntityId, classification, endDays });
  if (employeeId !== null && !db.prepare('SELECT 1 FROM employees WHERE employeeId = ? AND active = 1').get(employeeId)) {
    items.push({ integerValue: 1, stringValue: 'EmployeeId', message: `Employee ${employeeId} is not an active employee.` });
  }
  if (regionId !== null && !db.prepare('SELECT 1 FROM regions WHERE regionId = ?').get(regionId)) {
    items.push({ integerValue: 1, stringValue: 'RegionId', message: `Region ${regionId} does not exist.` });
  }
  if (legalEntityId !== null && !db.prepare('SELECT 1 FROM legal_entities WHERE legalEntityId = ?').get(legalEntityId)) {
    items.push({ integerValue: 1, stringValue: 'LegalEntityId', message: `Legal entity ${legalEntityId} does not exist.` });
  }
  if (items.length) throw invalid(items);
  return { employeeId: employeeId!, projectRole: projectRole as ProjectRole, regionId, legalEntityId, classification, endDays };
}

const activeProjects = (db: Database.Database) => db.prepare(`${PROJECT_SELECT} WHERE p.active = 1 ORDER BY p.number, p.projectId`).all() as ProjectRow[];

function previewRule({ db, body }: Ctx): RulePreview {
  return planRule(db, ruleFields(db, body), activeProjects(db), nowIso().slice(0, 10));
}

/** Refuse a stale edit: the ModifiedAt read must be the rule's. */
function checkFresh(rule: DefaultAssignmentRule, body: Params): void {
  const read = rawParam(body, 'ModifiedAt')?.trim();
  if (!read) throw badRequest("Parameter 'ModifiedAt' is required: the rule's modifiedAt as it was read.", { parameter: 'ModifiedAt' });
  if (read !== rule.modifiedAt) {
    throw conflict(`Rule ${rule.ruleId} was changed by ${rule.modifiedByName ?? 'someone else'} at ${rule.modifiedAt} after you read it; reload it and try again.`, { current: rule });
  }
}

function saveRule({ db, body, user }: Ctx): DefaultAssignmentRule {
  const ruleId = idParam(body, 'RuleId');
  const fields = ruleFields(db, body);
  const active = booleanParam(body, 'Active', true);
  const now = nowIso();
  return db.transaction(() => {
    if (ruleId !== undefined) checkFresh(getRule(db, ruleId), body);
    const same = db.prepare(`SELECT ruleId FROM default_assignment_rules WHERE active = 1 AND employeeId = ? AND projectRole = ?
      AND regionId IS ? AND legalEntityId IS ? AND classification IS ? AND ruleId IS NOT ?`)
      .get(fields.employeeId, fields.projectRole, fields.regionId, fields.legalEntityId, fields.classification, ruleId ?? null) as { ruleId: number } | undefined;
    if (active && same) throw autoAlert('SaveDefaultAssignmentRule', `Rule ${same.ruleId} already adds this person in this role to the same scope.`, { fieldName: 'EmployeeId', ruleId: same.ruleId });
    let id = ruleId;
    if (id !== undefined) {
      db.prepare(`UPDATE default_assignment_rules SET employeeId = ?, projectRole = ?, regionId = ?, legalEntityId = ?, classification = ?, endDays = ?, active = ?,
        modifiedByEmployeeId = ?, modifiedAt = ? WHERE ruleId = ?`)
        .run(fields.employeeId, fields.projectRole, fields.regionId, fields.legalEntityId, fields.classification, fields.endDays, active ? 1 : 0, user.employeeId, now, id);
    } else {
      id = Number(db.prepare(`INSERT INTO default_assignment_rules (employeeId, projectRole, regionId, legalEntityId, classification, endDays, active,
        createdByEmployeeId, createdAt, modifiedByEmployeeId, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(fields.employeeId, fields.projectRole, fields.regionId, fields.legalEntityId, fields.classification, fields.endDays, active ? 1 : 0,
          user.employeeId, now, user.employeeId, now).lastInsertRowid);
    }
    return getRule(db, id);
  })();
}

function deleteRule({ db, body }: Ctx): { ruleId: number; deleted: true } {
  const ruleId = idParam(body, 'RuleId', true);
  return db.transaction(() => {
    getRule(db, ruleId);
    const used = (db.prepare("SELECT count(*) AS n FROM project_team_members WHERE source = 'rule' AND sourceId = ?").get(ruleId) as { n: number }).n;
    if (used > 0) {
      throw autoAlert('DeleteDefaultAssignmentRule', `Rule ${ruleId} has added people to projects (${used}); deactivate it instead, so the record of why they are on those teams stays.`, { ruleId });
    }
    db.prepare('DELETE FROM default_assignment_rules WHERE ruleId = ?').run(ruleId);
    return { ruleId, deleted: true as const };
  })();
}

function applyRule({ db, body, user }: Ctx): ApplyReport {
  const ruleId = idParam(body, 'RuleId', true);
  return db.transaction(() => {
    const rule = getRule(db, ruleId);
    checkFresh(rule, body);
    if (!rule.active) throw autoAlert('ApplyDefaultAssignmentRule', `Rule ${ruleId} is inactive: activate it before applying it.`, { ruleId });
    const at = nowIso();
    const plan = planRule(db, rule, activeProjects(db), at.slice(0, 10));
    addMembers(db, ruleId, plan.rows, { employeeId: user.employeeId }, at);
    return { ruleId, added: plan.rows, alreadyMembers: plan.alreadyMembers };
  })();
}

// --- create project --------------------------------------------------------------------------------

const PROJECT_NUMBER = /^[0-9]{2}-[0-9]{4}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | undefined) => !!value && ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function createProject({ db, body, user }: Ctx): CreatedProject {
  const items: FeedbackItem[] = [];
  const fail = (field: string, message: string) => items.push({ integerValue: 1, stringValue: field, message });
  const number = stringParam(body, 'Number', 20);
  const name = stringParam(body, 'Name', 200);
  const legalEntityId = idParam(body, 'LegalEntityId');
  const regionId = idParam(body, 'RegionId');
  const classification = enumParam(body, 'Classification', PROJECT_CLASSIFICATIONS);
  const pmId = idParam(body, 'ProjectManagerEmployeeId');
  const rpmId = idParam(body, 'RegionalProjectManagerEmployeeId') ?? null;
  const city = stringParam(body, 'City', 100);
  const state = stringParam(body, 'State', 40)?.toUpperCase();
  const startDate = stringParam(body, 'StartDate', 40);
  const completionDate = stringParam(body, 'CompletionDate', 40);
  const contract = numberParam(body, 'ContractAmount') ?? 0;

  if (!number || !PROJECT_NUMBER.test(number)) fail('Number', 'Enter the project number as YY-NNNN (for example 26-1001).');
  else if (db.prepare('SELECT 1 FROM projects WHERE number = ? UNION SELECT 1 FROM budgets WHERE jobNumber = ?').get(number, number)) fail('Number', `Project number ${number} is already used.`);
  if (!name) fail('Name', 'Enter the project name.');
  if (!legalEntityId) fail('LegalEntityId', 'Choose the legal entity.');
  else if (!db.prepare('SELECT 1 FROM legal_entities WHERE legalEntityId = ?').get(legalEntityId)) fail('LegalEntityId', `Legal entity ${legalEntityId} does not exist.`);
  if (!regionId) fail('RegionId', 'Choose the region.');
  else if (!db.prepare('SELECT 1 FROM regions WHERE regionId = ?').get(regionId)) fail('RegionId', `Region ${regionId} does not exist.`);
  if (!classification) fail('Classification', 'Choose the classification (GC, CM or DB).');
  if (!pmId) fail('ProjectManagerEmployeeId', 'Choose the project manager.');
  else if (!db.prepare('SELECT 1 FROM employees WHERE employeeId = ? AND active = 1').get(pmId)) fail('ProjectManagerEmployeeId', `Employee ${pmId} is not an active employee.`);
  if (rpmId !== null && !db.prepare('SELECT 1 FROM employees WHERE employeeId = ? AND active = 1').get(rpmId)) fail('RegionalProjectManagerEmployeeId', `Employee ${rpmId} is not an active employee.`);
  if (!city) fail('City', 'Enter the city.');
  if (!state || !/^[A-Z]{2}$/.test(state)) fail('State', 'Enter the two-letter state code.');
  if (!isDay(startDate)) fail('StartDate', 'Enter the start date (YYYY-MM-DD).');
  if (completionDate !== undefined && (!isDay(completionDate) || (isDay(startDate) && completionDate < startDate!))) fail('CompletionDate', 'The completion date must be a date on or after the start date.');
  if (contract < 0) fail('ContractAmount', 'The contract amount cannot be negative.');
  if (items.length) throw invalid(items);

  const at = nowIso();
  return db.transaction(() => {
    const kind = CLASSIFICATION_NAMES[classification!];
    const projectId = Number(db.prepare(`INSERT INTO projects (legalEntityId, number, name, classification, budgetId, projectDescription, city, state,
      projectManagerEmployeeId, regionalProjectManagerEmployeeId, contractAmount, startDate, completionDate, active, displayText, modifiedAt, regionId)
      VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`).run(
      legalEntityId, number, name, classification, `${name}: ${kind} project in ${city}, ${state}.`, city, state,
      pmId, rpmId, contract, startDate, completionDate ?? null, `${number} ${name}`, at, regionId,
    ).lastInsertRowid);
    const budgetId = Number(db.prepare(`INSERT INTO budgets (projectId, jobNumber, name, displayText, budgetLock, budgetLockReason, rollUpBudgetId, modifiedAt)
      VALUES (?, ?, ?, ?, 0, NULL, NULL, ?)`).run(projectId, number, name, `${number} ${name}`, at).lastInsertRowid);
    db.prepare('UPDATE projects SET budgetId = ? WHERE projectId = ?').run(budgetId, projectId);
    db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, endDate, source, sourceId, addedByEmployeeId, addedAt, modifiedAt)
      VALUES (?, ?, 'Project Manager', NULL, 'manual', NULL, ?, ?, ?)`).run(projectId, pmId, user.employeeId, at, at);
    applyRulesToProject(db, projectId, { employeeId: user.employeeId, at });
    const team = db.prepare(`SELECT t.employeeId, e.displayText AS employeeName, t.projectRole, t.source, t.sourceId
      FROM project_team_members t JOIN employees e ON e.employeeId = t.employeeId WHERE t.projectId = ? AND t.removedAt IS NULL ORDER BY t.projectTeamMemberId`).all(projectId) as CreatedProject['team'];
    return { projectId, number: number!, name: name!, budgetId, team };
  })();
}

export const defaultAssignmentHandlers: Handlers = {
  [GET(API.getRules)]: ({ db }) => db.prepare(`${RULE_SELECT} ORDER BY d.active DESC, e.displayText, d.ruleId`).all(),
  [GET(API.getOptions)]: ({ db }) => options(db),
  [POST(API.previewRule)]: previewRule,
  [POST(API.saveRule)]: saveRule,
  [POST(API.deleteRule)]: deleteRule,
  [POST(API.applyRule)]: applyRule,
  [POST(API.createProject)]: createProject,
};
