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
} from '../../../../src/core/toolbox';
import { PROJECT_ROLES, membershipCurrent, type ProjectRole } from '../../../../src/core/projects/team';
import type { FeedbackItem } from '../../../../src/core/feedback';
import { ACCESS } from '../../../../src/core/access';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { autoAlert, badRequest, conflict, invalid } from '../http';
import { recordOr404 } from '../records';
import * as clock from '../../../../src/core/clock';

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
  const at = actor.at ?? clock.nowIso();
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
  return recordOr404<DefaultAssignmentRule>(db, RULE_SELECT, 'd.ruleId', ruleId, 'Default-assignment rule');
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

/** A rule's fields as the form sends them (preview, save). */
const RULE_FIELDS = {
  EmployeeId: p.id(),
  ProjectRole: p.enum(PROJECT_ROLES),
  RegionId: p.id(),
  LegalEntityId: p.id(),
  Classification: p.enum(PROJECT_CLASSIFICATIONS),
  EndDays: p.number(),
};

/** The rule's fields from a form, checked (400 with feedback items naming the fields). */
function ruleFields(db: Database.Database, params: ParamsOf<typeof RULE_FIELDS>): Omit<RuleRecord, 'ruleId' | 'active'> {
  const employeeId = params.EmployeeId ?? null;
  const projectRole = (params.ProjectRole ?? '') as ProjectRole | '';
  const regionId = params.RegionId ?? null;
  const legalEntityId = params.LegalEntityId ?? null;
  const classification = params.Classification ?? null;
  const endDays = params.EndDays ?? null;
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

function previewRule({ db, params }: RouteCtx<ParamsOf<typeof RULE_FIELDS>>): RulePreview {
  return planRule(db, ruleFields(db, params), activeProjects(db), clock.nowIso().slice(0, 10));
}

/** Refuse a stale edit: the ModifiedAt read (parsed to ISO) must be the rule's modifiedAt, compared as times. */
function checkFresh(rule: DefaultAssignmentRule, read: string | undefined): void {
  if (!read) throw badRequest("Parameter 'ModifiedAt' is required: the rule's modifiedAt as it was read.", { parameter: 'ModifiedAt' });
  if (Date.parse(read) !== Date.parse(rule.modifiedAt)) {
    throw conflict(`Rule ${rule.ruleId} was changed by ${rule.modifiedByName ?? 'someone else'} at ${rule.modifiedAt} after you read it; reload it and try again.`, { current: rule });
  }
}

const SAVE_RULE = { ...RULE_FIELDS, RuleId: p.id(), ModifiedAt: p.timestamp(), Active: p.boolean() };

function saveRule({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE_RULE>>): DefaultAssignmentRule {
  const ruleId = params.RuleId;
  const fields = ruleFields(db, params);
  const active = params.Active ?? true;
  const now = clock.nowIso();
  return db.transaction(() => {
    if (ruleId !== undefined) checkFresh(getRule(db, ruleId), params.ModifiedAt);
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

const DELETE_RULE = { RuleId: p.id({ required: true }) };

function deleteRule({ db, params }: RouteCtx<ParamsOf<typeof DELETE_RULE>>): { ruleId: number; deleted: true } {
  const ruleId = params.RuleId;
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

const APPLY_RULE = { RuleId: p.id({ required: true }), ModifiedAt: p.timestamp() };

function applyRule({ db, params, user }: RouteCtx<ParamsOf<typeof APPLY_RULE>>): ApplyReport {
  const ruleId = params.RuleId;
  return db.transaction(() => {
    const rule = getRule(db, ruleId);
    checkFresh(rule, params.ModifiedAt);
    if (!rule.active) throw autoAlert('ApplyDefaultAssignmentRule', `Rule ${ruleId} is inactive: activate it before applying it.`, { ruleId });
    const at = clock.nowIso();
    const plan = planRule(db, rule, activeProjects(db), at.slice(0, 10));
    addMembers(db, ruleId, plan.rows, { employeeId: user.employeeId }, at);
    return { ruleId, added: plan.rows, alreadyMembers: plan.alreadyMembers };
  })();
}

// --- create project --------------------------------------------------------------------------------

const PROJECT_NUMBER = /^[0-9]{2}-[0-9]{4}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | undefined) => !!value && ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The new project's form: the number, state and dates stay text so each gets its own feedback item. */
const CREATE_PROJECT = {
  Number: p.string(20),
  Name: p.string(200),
  LegalEntityId: p.id(),
  RegionId: p.id(),
  Classification: p.enum(PROJECT_CLASSIFICATIONS),
  ProjectManagerEmployeeId: p.id(),
  RegionalProjectManagerEmployeeId: p.id(),
  City: p.string(100),
  State: p.string(40),
  StartDate: p.string(40),
  CompletionDate: p.string(40),
  ContractAmount: p.number(),
};

function createProject({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE_PROJECT>>): CreatedProject {
  const items: FeedbackItem[] = [];
  const fail = (field: string, message: string) => items.push({ integerValue: 1, stringValue: field, message });
  const { Number: number, Name: name, LegalEntityId: legalEntityId, RegionId: regionId, Classification: classification } = params;
  const pmId = params.ProjectManagerEmployeeId;
  const rpmId = params.RegionalProjectManagerEmployeeId ?? null;
  const city = params.City;
  const state = params.State?.toUpperCase();
  const { StartDate: startDate, CompletionDate: completionDate } = params;
  const contract = params.ContractAmount ?? 0;

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

  const at = clock.nowIso();
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

export const defaultAssignmentHandlers = declaredFor('defaultAssignments', [
  route({
    method: 'GET', path: API.getRules,
    note: 'added: every default-assignment rule with its names and how many current members it added',
    params: {}, handler: ({ db }) => db.prepare(`${RULE_SELECT} ORDER BY d.active DESC, e.displayText, d.ruleId`).all(),
  }),
  route({
    method: 'GET', path: API.getOptions,
    note: 'added: the rule form\'s choices (active employees, regions, legal entities, classifications, project roles)',
    params: {}, handler: ({ db }) => options(db),
  }),
  route({
    method: 'POST', path: API.previewRule,
    note: 'added: EmployeeId, ProjectRole, RegionId?, LegalEntityId?, Classification?, EndDays?: whom it would add to which active project (not saved)',
    params: RULE_FIELDS, handler: previewRule,
  }),
  route({
    method: 'POST', path: API.saveRule,
    note: 'added: RuleId? + ModifiedAt (409 stale), the rule\'s fields, Active; 400 feedback items naming the field',
    params: SAVE_RULE, handler: saveRule,
  }),
  route({
    method: 'POST', path: API.deleteRule,
    note: 'added: RuleId; a rule that added anyone is refused (400 autoAlert: deactivate it)',
    params: DELETE_RULE, handler: deleteRule,
  }),
  route({
    method: 'POST', path: API.applyRule,
    note: 'added: RuleId, ModifiedAt (409 stale): adds the person to the active projects in scope (source rule): ApplyReport',
    params: APPLY_RULE, handler: applyRule,
  }),
  route({
    method: 'POST', path: API.createProject, access: { anyOf: [{ key: 'keyPFM', roles: ['Admin'] }, ACCESS.defaultAssignments] },
    note: 'added: a new project, its primary budget and its team (the PM, then every matching active rule)',
    params: CREATE_PROJECT, handler: createProject,
  }),
]);
