/**
 * Reads that must answer only what the caller may read (project security, issue 15):
 * - the project lookups (`/api/projects/GetProjectByProjectId`, `/api/pfm/projects/GetProjectByProjectId`)
 *   answer 404 for a project out of the caller's reach, with the words of an unknown id, like every
 *   other single-object lookup of project data (lookups.ts);
 * - the record history (`/api/pfm/getrecordhistory`) answers only for a record the caller may read
 *   under the rules of the record's own load: a record of a project out of reach (or an item of one,
 *   or a file on one) → 403 with the Request-access facts; a document template only for its
 *   administrators; a file only under the Files rules of its record; an item's history only under the
 *   parent that was checked.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, employeeId: employeeOf } = useTestHost();

const HIDDEN = SEED_TEAM_FACTS.pmHiddenProjectIds as readonly number[];
const HIDDEN_PROJECT = HIDDEN[0]!;
const memberOf = (login: string) => (host.db.prepare(`SELECT DISTINCT projectId FROM project_team_members
  WHERE employeeId = ? AND removedAt IS NULL AND (endDate IS NULL OR endDate >= date('now')) ORDER BY projectId`).all(employeeOf(login)) as Row[]).map((r) => r.projectId as number);
const HISTORY = '/api/pfm/getrecordhistory';

describe('project lookups: a project out of reach is 404', () => {
  const PATHS = ['/api/projects/GetProjectByProjectId', '/api/pfm/projects/GetProjectByProjectId'];

  it('the token lookup gives an employee only the projects of his teams (no contract amount of any other)', async () => {
    const mine = memberOf('employee');
    assert.ok(mine.length > 0, 'the demo employee is on a team');
    const other = one(`SELECT min(projectId) AS projectId FROM projects WHERE projectId NOT IN (${mine.join(', ')})`).projectId as number;
    const refused = await api.get('employee', PATHS[0]!, { projectId: other });
    assert.equal(refused.status, 404);
    assert.equal(refused.body.data, undefined);
    assert.doesNotMatch(JSON.stringify(refused.body), /contractAmount/);
    const unknown = await api.get('employee', PATHS[0]!, { projectId: 999999 });
    assert.equal(unknown.status, 404);
    assert.equal(refused.body.message, unknown.body.message.replace('999999', String(other)), 'the words of an unknown id');
    const own = await api.get('employee', PATHS[0]!, { projectId: mine[0]! });
    assert.equal(own.status, 200);
    assert.equal(own.body.data.projectId, mine[0]);
  });

  it('both lookups: 404 for the pm on a hidden project, 200 on his own, 200 for the admin on any', async () => {
    const own = memberOf('pm')[0]!;
    for (const path of PATHS) {
      const hidden = await api.get('pm', path, { projectId: HIDDEN_PROJECT });
      assert.equal(hidden.status, 404, path);
      assert.match(hidden.body.message, new RegExp(`projectId ${HIDDEN_PROJECT}\\.$`), path);
      assert.equal((await api.get('pm', path, { projectId: own })).status, 200, path);
      const admin = await api.get('admin', path, { projectId: HIDDEN_PROJECT });
      assert.equal(admin.status, 200, path);
      assert.equal(admin.body.data.projectId, HIDDEN_PROJECT, path);
    }
  });
});

describe('record history: only records the caller may read', () => {
  it("a hidden project's record, item, projection and file: 403 with the Request-access facts; the admin reads them", async () => {
    const sub = one('SELECT min(subcontractId) AS id FROM subcontracts WHERE projectId = ?', HIDDEN_PROJECT).id as number;
    const item = one('SELECT min(i.subcontractItemId) AS id FROM subcontract_items i JOIN subcontracts s USING (subcontractId) WHERE s.projectId = ?', HIDDEN_PROJECT).id as number;
    const budget = one('SELECT min(budgetId) AS id FROM budgets WHERE projectId = ?', HIDDEN_PROJECT).id as number;
    const fileId = Number(host.db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedAt, modifiedAt)
      VALUES ('Subcontract', ?, 'hidden.txt', 'text/plain', 1, x'41', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run(sub).lastInsertRowid);
    const projection = host.db.prepare('SELECT min(projectionId) AS id FROM projections WHERE budgetId = ?').get(budget) as { id: number | null };
    const cases: Array<[string, number]> = [
      ['Project', HIDDEN_PROJECT], ['Budget', budget], ['Subcontract', sub], ['SubcontractItem', item], ['File', fileId],
      ...(projection.id !== null ? [['Projection', projection.id] as [string, number]] : []),
    ];
    for (const [recordKey, recordId] of cases) {
      const refused = await api.get('pm', HISTORY, { recordKey, recordId });
      assert.equal(refused.status, 403, recordKey);
      assert.equal(refused.body.projectAccess, 'notOnTeam', recordKey);
      assert.equal(refused.body.projectId, HIDDEN_PROJECT, recordKey);
      assert.equal((await api.get('admin', HISTORY, { recordKey, recordId })).status, 200, recordKey);
    }
    host.db.prepare('DELETE FROM files WHERE fileId = ?').run(fileId);
  });

  it('a document template: its administrators only (the template loads are keyPFM Admin)', async () => {
    const template = one('SELECT min(documentTemplateId) AS id FROM document_templates').id as number;
    const refused = await api.get('pm', HISTORY, { recordKey: 'DocumentTemplate', recordId: template });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.data, undefined);
    assert.equal((await api.get('rpm', HISTORY, { recordKey: 'DocumentTemplate', recordId: template })).status, 403);
    const admin = await api.get('admin', HISTORY, { recordKey: 'DocumentTemplate', recordId: template });
    assert.equal(admin.status, 200);
    assert.equal(admin.body.data.record.documentTemplateId, template);
  });

  it("a file: the Files rules of its record (a SLIM request's file needs keySLIM)", async () => {
    const request = one('SELECT min(requestId) AS id FROM slim_requests').id as number;
    const fileId = Number(host.db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedAt, modifiedAt)
      VALUES ('SlimRequest', ?, 'limits.pdf', 'application/pdf', 1, x'41', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run(request).lastInsertRowid);
    const rpmId = employeeOf('rpm');
    const slimRoles = host.db.prepare("SELECT * FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keySLIM'").all(rpmId) as Row[];
    assert.ok(slimRoles.length > 0);
    host.db.prepare("DELETE FROM employee_roles WHERE employeeId = ? AND applicationKey = 'keySLIM'").run(rpmId);
    try {
      const refused = await api.get('rpm', HISTORY, { recordKey: 'File', recordId: fileId });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.data, undefined);
    } finally {
      for (const role of slimRoles) {
        const columns = Object.keys(role);
        host.db.prepare(`INSERT INTO employee_roles (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...columns.map((c) => role[c]));
      }
      host.db.prepare('DELETE FROM files WHERE fileId = ?').run(fileId);
    }
  });

  it("an item's history is read under the parent that was checked: no answer of a hidden project's survey", async () => {
    // A survey answer's id is its question's: the same id names an answer on every survey that has one.
    const reachable = one(`SELECT a.surveyId, a.surveyQuestionId FROM survey_answers a JOIN surveys s USING (surveyId)
      WHERE s.projectId IN (${memberOf('pm').join(', ')}) ORDER BY a.rowid LIMIT 1`);
    const first = one('SELECT surveyId FROM survey_answers WHERE surveyQuestionId = ? ORDER BY rowid LIMIT 1', reachable.surveyQuestionId);
    assert.equal(first.surveyId, reachable.surveyId, 'the first answer of the question is on a survey the pm reaches');
    const hidden = one(`SELECT a.surveyId FROM survey_answers a JOIN surveys s USING (surveyId)
      WHERE a.surveyQuestionId = ? AND s.projectId IN (${HIDDEN.join(', ')}) LIMIT 1`, reachable.surveyQuestionId);
    assert.ok(hidden, 'a hidden project answered the same question');
    const insert = host.db.prepare(`INSERT INTO record_history (recordKey, recordId, childKey, childId, action, field, oldValue, newValue,
      changedByEmployeeId, changedAt, changeSetId) VALUES ('Survey', ?, 'SurveyAnswer', ?, 'update', 'value', 'before', ?, 1, '2026-01-02T00:00:00.000Z', ?)`);
    insert.run(hidden.surveyId, reachable.surveyQuestionId, 'hidden project answer', 'authority-hidden');
    insert.run(reachable.surveyId, reachable.surveyQuestionId, 'own project answer', 'authority-own');
    try {
      const answer = await api.get('pm', HISTORY, { recordKey: 'SurveyAnswer', recordId: reachable.surveyQuestionId });
      assert.equal(answer.status, 200);
      const values = (answer.body.data.history as Row[]).map((h) => h.newValue);
      assert.ok(values.includes('own project answer'));
      assert.ok(!values.includes('hidden project answer'), 'a hidden survey answer leaked');
      assert.ok((answer.body.data.history as Row[]).every((h) => h.recordKey === 'Survey' && h.recordId === reachable.surveyId));
    } finally {
      host.db.prepare("DELETE FROM record_history WHERE changeSetId IN ('authority-hidden', 'authority-own')").run();
    }
  });
});
