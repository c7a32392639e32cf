/**
 * Default assignments (issue 15, toolbox/default-assignments): THE matching rule, the seeded rules,
 * access (keyProjectSecurity Admin; create project also keyPFM Admin), preview without writing, save
 * with its checks and 409 on a stale ModifiedAt, apply with its report (source 'rule', sourceId), an
 * ended membership renewed, delete refused once a rule added anyone, record history, and a new project
 * getting its team from the rules.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_ASSIGNMENTS_API as API, RULE_TEXT, ruleMatches } from '../../src/core/toolbox';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { checksum } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, all } = useTestHost();

/** A staff member (no sign-in) with `title`, the first by id. */
const staff = (title: string, skip = 0) => one('SELECT employeeId, displayText FROM employees WHERE login IS NULL AND active = 1 AND jobTitle = ? ORDER BY employeeId LIMIT 1 OFFSET ?', title, skip);

describe('ruleMatches (src/core/toolbox/assignments.ts)', () => {
  const project = { regionId: 3, legalEntityId: 3, classification: 'DB' };
  it('needs at least one scope field, and every one given must match', () => {
    assert.equal(ruleMatches({ regionId: null, legalEntityId: null, classification: null }, project), false);
    assert.equal(ruleMatches({ regionId: 3, legalEntityId: null, classification: null }, project), true);
    assert.equal(ruleMatches({ regionId: 3, legalEntityId: 3, classification: 'DB' }, project), true);
    assert.equal(ruleMatches({ regionId: 3, legalEntityId: 3, classification: 'CM' }, project), false);
    assert.equal(ruleMatches({ regionId: 2, legalEntityId: null, classification: 'DB' }, project), false);
    assert.equal(ruleMatches({ regionId: null, legalEntityId: 1, classification: null }, project), false);
    assert.equal(ruleMatches({ regionId: null, legalEntityId: null, classification: 'DB' }, project), true);
  });
});

describe('default assignments', () => {
  it('seeds rules for staff (never a demo account) and their members; the pm stays off every Gulf Coast project', () => {
    const rules = all('SELECT r.*, e.login FROM default_assignment_rules r JOIN employees e USING (employeeId) ORDER BY ruleId');
    assert.ok(rules.length >= 3);
    assert.ok(rules.every((r) => r.login === null));
    const central = rules.find((r) => r.projectRole === 'Project Accountant' && r.regionId === 3)!;
    assert.ok(central, 'a Project Accountant of Central Texas');
    // Every active Central Texas project has that accountant as a current member.
    for (const p of all('SELECT projectId FROM projects WHERE active = 1 AND regionId = 3')) {
      assert.ok(one('SELECT 1 AS x FROM project_team_members WHERE projectId = ? AND employeeId = ? AND removedAt IS NULL', p.projectId, central.employeeId), `project ${p.projectId}`);
    }
    const cm = rules.find((r) => r.classification === 'CM')!;
    const cmProjects = all("SELECT projectId FROM projects WHERE active = 1 AND classification = 'CM'").map((p) => p.projectId);
    const cmMembers = all("SELECT projectId FROM project_team_members WHERE source = 'rule' AND sourceId = ? ORDER BY projectId", cm.ruleId).map((p) => p.projectId);
    assert.deepEqual(cmMembers, cmProjects.filter((id) => !one("SELECT 1 AS x FROM project_team_members WHERE projectId = ? AND employeeId = ? AND source <> 'rule'", id, cm.employeeId)));
    const pmGulf = all('SELECT projectId FROM project_team_members WHERE employeeId = 2 AND projectId IN (SELECT projectId FROM projects WHERE regionId = ?)', SEED_TEAM_FACTS.pmHiddenRegionId);
    assert.deepEqual(pmGulf, []);
  });

  it('is for keyProjectSecurity Admin only (pm, rpm, it: 403); create project also for keyPFM Admin, not for the pm', async () => {
    for (const login of ['pm', 'rpm', 'it']) assert.equal((await api.get(login, API.getRules)).status, 403, login);
    assert.equal((await api.post('rpm', API.saveRule, { EmployeeId: 20, ProjectRole: 'Viewer', RegionId: 1 })).status, 403);
    assert.equal((await api.post('pm', API.createProject, { Number: '26-9001' })).status, 403);
    const answer = await api.get('admin', API.getRules);
    assert.equal(answer.status, 200);
    assert.ok(answer.body.data.length >= 3);
    assert.ok(answer.body.data[0].employeeName);
    const options = (await api.get('admin', API.getOptions)).body.data;
    assert.deepEqual(options.classifications, ['GC', 'CM', 'DB']);
    assert.deepEqual(options.regions.map((r: Row) => r.name), ['Central Texas', 'Gulf Coast', 'North Texas']);
  });

  it('previews an unsaved rule: whom it would add to which active project, skipping current members; nothing is written', async () => {
    const person = staff('Project Engineer');
    const tables = ['project_team_members', 'default_assignment_rules'];
    const sum = checksum(host, tables);
    const answer = await api.post('admin', API.previewRule, { EmployeeId: person.employeeId, ProjectRole: 'Project Engineer', RegionId: 2 });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const preview = answer.body.data;
    const gulf = all('SELECT projectId FROM projects WHERE active = 1 AND regionId = 2').map((p) => p.projectId);
    const on = all("SELECT projectId FROM project_team_members WHERE employeeId = ? AND removedAt IS NULL AND (endDate IS NULL OR endDate >= date('now'))", person.employeeId).map((p) => p.projectId);
    const expected = gulf.filter((id) => !on.includes(id));
    assert.equal(preview.projectsInScope, gulf.length);
    assert.equal(preview.alreadyMembers, gulf.length - expected.length);
    assert.deepEqual(preview.rows.map((r: Row) => r.projectId).sort((a: number, b: number) => a - b), expected);
    assert.ok(preview.rows.every((r: Row) => r.employeeId === person.employeeId && r.projectRole === 'Project Engineer' && r.regionName === 'Gulf Coast'));
    assert.equal(checksum(host, tables), sum);
  });

  it('refuses bad rules with feedback naming the field (no scope, bad end days, unknown employee, inactive apply)', async () => {
    const noScope = await api.post('admin', API.saveRule, { EmployeeId: 20, ProjectRole: 'Viewer' });
    assert.equal(noScope.status, 400);
    assert.deepEqual(noScope.body.feedback.map((f: Row) => f.stringValue), ['Scope']);
    assert.equal(noScope.body.feedback[0].message, RULE_TEXT.scopeRequired);
    const badDays = await api.post('admin', API.previewRule, { EmployeeId: 20, ProjectRole: 'Viewer', RegionId: 1, EndDays: 0 });
    assert.equal(badDays.status, 400);
    assert.equal(badDays.body.feedback[0].stringValue, 'EndDays');
    const nobody = await api.post('admin', API.saveRule, { EmployeeId: 99999, ProjectRole: 'Viewer', RegionId: 1 });
    assert.equal(nobody.status, 400);
    assert.equal(nobody.body.feedback[0].stringValue, 'EmployeeId');
    assert.equal((await api.post('admin', API.saveRule, { EmployeeId: 20, ProjectRole: 'Boss', RegionId: 1 })).status, 400);
    assert.equal((await api.post('admin', API.saveRule, { EmployeeId: 20, ProjectRole: 'Viewer', Classification: 'XX' })).status, 400);
  });

  it('saves, refuses a stale edit (409 naming who), applies with a report, then applies nothing twice; history keeps who changed it', async () => {
    const person = staff('Field Engineer', 1);
    const saved = await api.post('admin', API.saveRule, { EmployeeId: person.employeeId, ProjectRole: 'Project Engineer', Classification: 'DB', EndDays: 90 });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const rule = saved.body.data;
    assert.equal(rule.createdByName, one('SELECT displayText FROM employees WHERE login = ?', 'admin').displayText);
    const duplicate = await api.post('admin', API.saveRule, { EmployeeId: person.employeeId, ProjectRole: 'Project Engineer', Classification: 'DB' });
    assert.equal(duplicate.status, 400);
    assert.equal(duplicate.body.autoAlert, true);

    const edited = await api.post('admin', API.saveRule, { RuleId: rule.ruleId, ModifiedAt: rule.modifiedAt, EmployeeId: person.employeeId, ProjectRole: 'Project Engineer', Classification: 'DB', EndDays: 120 });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const stale = await api.post('admin', API.saveRule, { RuleId: rule.ruleId, ModifiedAt: rule.modifiedAt, EmployeeId: person.employeeId, ProjectRole: 'Viewer', Classification: 'DB' });
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /was changed by .+ at /);
    assert.equal(one('SELECT endDays FROM default_assignment_rules WHERE ruleId = ?', rule.ruleId).endDays, 120);
    assert.equal((await api.post('admin', API.applyRule, { RuleId: rule.ruleId, ModifiedAt: rule.modifiedAt })).status, 409);

    const preview = (await api.post('admin', API.previewRule, { EmployeeId: person.employeeId, ProjectRole: 'Project Engineer', Classification: 'DB', EndDays: 120 })).body.data;
    const applied = await api.post('admin', API.applyRule, { RuleId: rule.ruleId, ModifiedAt: edited.body.data.modifiedAt });
    assert.equal(applied.status, 200, JSON.stringify(applied.body));
    const report = applied.body.data;
    assert.deepEqual(report.added.map((r: Row) => r.projectId), preview.rows.map((r: Row) => r.projectId));
    assert.ok(report.added.length > 0);
    const members = all("SELECT projectId, projectRole, endDate, addedByEmployeeId FROM project_team_members WHERE source = 'rule' AND sourceId = ? ORDER BY projectId", rule.ruleId);
    assert.equal(members.length, report.added.length);
    const end = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
    assert.ok(members.every((m) => m.projectRole === 'Project Engineer' && m.endDate === end && m.addedByEmployeeId === 1));
    const again = (await api.post('admin', API.applyRule, { RuleId: rule.ruleId, ModifiedAt: edited.body.data.modifiedAt })).body.data;
    assert.deepEqual(again.added, []);
    assert.equal(again.alreadyMembers, report.added.length + report.alreadyMembers);

    const history = all("SELECT field, oldValue, newValue, changedByEmployeeId FROM record_history WHERE recordKey = 'DefaultAssignmentRule' AND recordId = ? ORDER BY recordHistoryId", rule.ruleId);
    assert.ok(history.some((h) => h.field === 'endDays' && Number(h.oldValue) === 90 && Number(h.newValue) === 120 && h.changedByEmployeeId === 1), JSON.stringify(history));

    const used = await api.post('admin', API.deleteRule, { RuleId: rule.ruleId });
    assert.equal(used.status, 400);
    assert.match(used.body.message, /deactivate it instead/);
    const off = await api.post('admin', API.saveRule, { RuleId: rule.ruleId, ModifiedAt: edited.body.data.modifiedAt, EmployeeId: person.employeeId, ProjectRole: 'Project Engineer', Classification: 'DB', EndDays: 120, Active: 'false' });
    assert.equal(off.body.data.active, 0);
    const inactive = await api.post('admin', API.applyRule, { RuleId: rule.ruleId, ModifiedAt: off.body.data.modifiedAt });
    assert.equal(inactive.status, 400);
    assert.match(inactive.body.message, /inactive/);
  });

  it('renews a membership that has ended, and deletes a rule that never added anyone', async () => {
    const person = staff('Estimator', 2);
    const project = one("SELECT projectId FROM projects WHERE active = 1 AND regionId = 1 AND classification = 'GC' ORDER BY projectId LIMIT 1");
    host.db.prepare("DELETE FROM project_team_members WHERE projectId = ? AND employeeId = ?").run(project.projectId, person.employeeId);
    host.db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, endDate, source, addedAt, modifiedAt)
      VALUES (?, ?, 'Viewer', '2025-01-31', 'manual', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')`).run(project.projectId, person.employeeId);
    const rule = (await api.post('admin', API.saveRule, { EmployeeId: person.employeeId, ProjectRole: 'Viewer', RegionId: 1, Classification: 'GC' })).body.data;
    const report = (await api.post('admin', API.applyRule, { RuleId: rule.ruleId, ModifiedAt: rule.modifiedAt })).body.data;
    const row = report.added.find((r: Row) => r.projectId === project.projectId);
    assert.equal(row.renews, true);
    const rows = all('SELECT source, removedAt, removedReason FROM project_team_members WHERE projectId = ? AND employeeId = ? ORDER BY projectTeamMemberId', project.projectId, person.employeeId);
    assert.equal(rows.length, 2);
    assert.match(rows[0]!.removedReason, new RegExp(`rule ${rule.ruleId}`));
    assert.equal(rows[1]!.source, 'rule');
    assert.equal(rows[1]!.removedAt, null);

    const unused = (await api.post('admin', API.saveRule, { EmployeeId: person.employeeId, ProjectRole: 'Viewer', LegalEntityId: 2, Active: 'false' })).body.data;
    const deleted = await api.post('admin', API.deleteRule, { RuleId: unused.ruleId });
    assert.equal(deleted.status, 200);
    assert.equal(one('SELECT count(*) AS n FROM default_assignment_rules WHERE ruleId = ?', unused.ruleId).n, 0);
    assert.equal((await api.post('admin', API.deleteRule, { RuleId: unused.ruleId })).status, 404);
  });

  it('creates a project with its primary budget and its team: the PM, then every matching active rule', async () => {
    const person = staff('Superintendent');
    const rule = (await api.post('admin', API.saveRule, { EmployeeId: person.employeeId, ProjectRole: 'Superintendent', RegionId: 2 })).body.data;
    const cmRule = one("SELECT ruleId, employeeId FROM default_assignment_rules WHERE active = 1 AND classification = 'CM' AND regionId IS NULL AND legalEntityId IS NULL ORDER BY ruleId LIMIT 1");
    const pm = staff('Project Manager');
    const form = {
      Number: '26-9001', Name: 'Port Arthur Terminal Expansion', LegalEntityId: 2, RegionId: 2, Classification: 'CM',
      ProjectManagerEmployeeId: pm.employeeId, City: 'Port Arthur', State: 'tx', StartDate: '2026-12-01', ContractAmount: 12500000,
    };
    const bad = await api.post('admin', API.createProject, { ...form, State: 'Texas', StartDate: '2026-13-01' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.feedback.map((f: Row) => f.stringValue).sort(), ['StartDate', 'State']);
    const created = await api.post('it', API.createProject, form);
    assert.equal(created.status, 403);
    const answer = await api.post('admin', API.createProject, form);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const made = answer.body.data;
    const project = one('SELECT * FROM projects WHERE projectId = ?', made.projectId);
    assert.equal(project.regionId, 2);
    assert.equal(project.state, 'TX');
    assert.equal(one('SELECT jobNumber FROM budgets WHERE budgetId = ?', project.budgetId).jobNumber, '26-9001');
    const team = all('SELECT employeeId, projectRole, source, sourceId FROM project_team_members WHERE projectId = ? AND removedAt IS NULL ORDER BY projectTeamMemberId', made.projectId);
    assert.deepEqual(team[0], { employeeId: pm.employeeId, projectRole: 'Project Manager', source: 'manual', sourceId: null });
    assert.ok(team.some((m) => m.employeeId === person.employeeId && m.source === 'rule' && m.sourceId === rule.ruleId));
    assert.ok(team.some((m) => m.employeeId === cmRule.employeeId && m.source === 'rule' && m.sourceId === cmRule.ruleId));
    assert.ok(!team.some((m) => m.employeeId === 2), 'the pm is not on a Gulf Coast project');
    assert.equal(made.team.length, team.length);
    const again = await api.post('admin', API.createProject, form);
    assert.equal(again.status, 400);
    assert.equal(again.body.feedback[0].stringValue, 'Number');
  });
});
