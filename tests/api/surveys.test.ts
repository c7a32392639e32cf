/**
 * Surveys (issue 12, pfm/surveys, migration 006): due surveys by the value threshold and milestones,
 * the project and admin-level loads and who may call them, answering (respondent only, bad input 4xx,
 * 409 stale), submit refused with required questions unanswered, read-only once submitted, the
 * averages, and migration 006 on an existing database.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../demo/host/db/index';
import { TEST_SEED_DAY } from './support/seed-day';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import { createDueSurveys, syncSurveys } from '../../demo/host/db/surveys';
import { isSurveyDue, SURVEY_MILESTONES, type SurveyMilestone } from '../../src/core/surveys/contract';
import { databaseBefore, inTempFolder } from './support/migrations';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, all } = useTestHost();

const LIST = '/api/pfm/getsurveys';
const QUESTIONS = '/api/pfm/getsurveyquestions';
const TEMPLATES = '/api/pfm/getsurveytemplates';
const AVERAGES = '/api/pfm/getsurveyaverages';
const SAVE = '/api/pfm/SaveSurveyAnswers';
const STATE = '/api/pfm/UpdateSurveyState';
const PM = 2;
const SURVEY_TABLES = ['surveys', 'survey_answers'];

/** An Open survey of the pm, not yet used by another test. */
const used = new Set<number>();
function pmOpenSurvey(): Row {
  const rows = all(`SELECT s.* FROM surveys s JOIN application_record_states st USING (applicationRecordStateId)
    WHERE st.name = 'Open' AND s.respondentEmployeeId = ? ORDER BY s.surveyId`, PM);
  const row = rows.find((r) => !used.has(r.surveyId));
  if (!row) throw new Error('no open survey of the pm left');
  used.add(row.surveyId);
  return row;
}
const questionsOf = (survey: Row) => all('SELECT * FROM survey_questions WHERE surveyTemplateId = ? ORDER BY displayOrder', survey.surveyTemplateId);
/** A valid answer per kind. */
const answerFor = (kind: string) => ({ rating: '4', yesNo: 'Yes', number: '3', text: 'Fine work' } as Record<string, string>)[kind]!;
function answersForm(questions: Row[], pick: (q: Row) => boolean = () => true): Record<string, string> {
  const form: Record<string, string> = {};
  questions.filter(pick).forEach((q, i) => {
    form[`answers[${i}].surveyQuestionId`] = String(q.surveyQuestionId);
    form[`answers[${i}].value`] = answerFor(q.kind);
  });
  return form;
}

describe('due surveys', () => {
  it('the seed made exactly the surveys due by its today: active projects at or above each template threshold, per milestone', () => {
    const templates = all('SELECT * FROM survey_templates ORDER BY surveyTemplateId');
    assert.deepEqual(templates.map((t) => [t.name, t.valueThreshold]), [['Project Pulse: Client Experience', 25_000_000], ['Project Pulse: Closeout', 10_000_000]]);
    const projects = all('SELECT * FROM projects');
    const today = new Date().toISOString().slice(0, 10);
    for (const t of templates) {
      const milestones = new Set(all('SELECT milestone FROM survey_template_milestones WHERE surveyTemplateId = ?', t.surveyTemplateId).map((r) => r.milestone));
      for (const milestone of SURVEY_MILESTONES) {
        // The host's start created those due by the real today; the seed those due by its day (TEST_SEED_DAY).
        const expected = milestones.has(milestone) ? projects.filter((p) => isSurveyDue({
          contractAmount: p.contractAmount, valueThreshold: t.valueThreshold, active: p.active === 1, startDate: p.startDate, completionDate: p.completionDate,
          milestone: milestone as SurveyMilestone, today,
        })).map((p) => p.projectId).sort((a, b) => a - b) : [];
        const actual = all('SELECT projectId FROM surveys WHERE surveyTemplateId = ? AND milestone = ? ORDER BY projectId', t.surveyTemplateId, milestone).map((r) => r.projectId);
        assert.deepEqual(actual, expected, `${t.name} / ${milestone}`);
      }
    }
    // The threshold matters: a project below 25 M has no Client Experience survey, one above has.
    assert.equal(one("SELECT count(*) AS n FROM surveys s JOIN projects p USING (projectId) WHERE s.surveyTemplateId = 1 AND p.contractAmount < 25000000").n, 0);
    assert.ok(one("SELECT count(*) AS n FROM surveys WHERE surveyTemplateId = 1 AND milestone = 'Acceptance'").n >= 10);
    // Respondent: the project's manager.
    assert.equal(one('SELECT count(*) AS n FROM surveys s JOIN projects p USING (projectId) WHERE s.respondentEmployeeId IS NOT p.projectManagerEmployeeId').n, 0);
  });

  it('creating due surveys is idempotent, and a project raised over the threshold gets its survey on the next run', () => {
    const before = checksum(host, SURVEY_TABLES);
    assert.deepEqual(syncSurveys(host.db, new Date().toISOString().slice(0, 10)), []);
    assert.equal(checksum(host, SURVEY_TABLES), before);
    const small = one(`SELECT * FROM projects WHERE active = 1 AND contractAmount < 10000000 AND startDate <= ? ORDER BY projectId LIMIT 1`, TEST_SEED_DAY);
    assert.equal(one('SELECT count(*) AS n FROM surveys WHERE projectId = ?', small.projectId).n, 0);
    host.db.prepare('UPDATE projects SET contractAmount = 30000000 WHERE projectId = ?').run(small.projectId);
    try {
      const created = createDueSurveys(host.db, TEST_SEED_DAY, '2026-11-01T12:00:00.000Z');
      const rows = all('SELECT * FROM surveys WHERE projectId = ? ORDER BY surveyId', small.projectId);
      assert.deepEqual(created, rows.map((r) => r.surveyId));
      assert.ok(rows.some((r) => r.milestone === 'Acceptance' && r.surveyTemplateId === 1));
      assert.ok(rows.every((r) => r.number.startsWith(`SV-${one('SELECT number FROM projects WHERE projectId = ?', small.projectId).number}-`)));
    } finally {
      host.db.prepare('UPDATE projects SET contractAmount = ? WHERE projectId = ?').run(small.contractAmount, small.projectId);
    }
  });
});

describe('getsurveys and the admin-level loads', () => {
  it('a project’s surveys for any PFM role, open and closed apart, with template, milestone, due date, respondent and state', async () => {
    const open = await api.get('pm', LIST, { recordKey: 'Project', recordId: 1 });
    const closed = await api.get('pm', LIST, { recordKey: 'Project', recordId: 1, open: 'false' });
    assert.equal(open.status, 200, JSON.stringify(open.body));
    const expected = all(`SELECT s.number, st.closed FROM surveys s JOIN application_record_states st USING (applicationRecordStateId) WHERE s.projectId = 1 ORDER BY s.number`);
    assert.deepEqual([...open.body.data, ...closed.body.data].map((r: Row) => r.number).sort(), expected.map((r) => r.number));
    for (const r of open.body.data as Row[]) {
      assert.equal(r.closed, false);
      for (const key of ['templateName', 'milestone', 'dueDate', 'respondentName', 'recordStateName']) assert.ok(r[key], key);
    }
    assert.ok((closed.body.data as Row[]).every((r) => r.closed === true));
  });

  it('across projects (no scope), the templates and the averages: PFM Admin and RPM; a Project Manager gets only their own surveys and is refused the rest 403; a non-PFM user 403', async () => {
    for (const login of ['admin', 'rpm']) {
      for (const [p, q] of [[LIST, {}], [TEMPLATES, {}], [AVERAGES, {}]] as const) {
        const answer = await api.get(login, p, q);
        assert.equal(answer.status, 200, `${login} ${p}`);
      }
    }
    for (const p of [TEMPLATES, AVERAGES]) assert.equal((await api.get('pm', p)).status, 403, `pm ${p}`);
    assert.equal((await api.get('pm', LIST, { recordKey: 'SurveyTemplate', recordId: 1 })).status, 403);
    for (const p of [LIST, TEMPLATES, AVERAGES]) assert.equal((await api.get('employee', p)).status, 403, `employee ${p}`);
    // Without a scope a Project Manager gets the surveys they answer, across projects.
    const own = (await api.get('pm', LIST)).body.data as Row[];
    assert.ok(own.length > 0);
    assert.deepEqual(own.map((r) => r.surveyId).sort((a, b) => a - b), all(`SELECT s.surveyId FROM surveys s JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.closed = 0 AND s.respondentEmployeeId = ? ORDER BY s.surveyId`, PM).map((r) => r.surveyId));
    assert.equal((await api.get('employee', LIST, { recordKey: 'Project', recordId: 1 })).status, 403);
    assert.equal((await api.get(null, LIST, { recordKey: 'Project', recordId: 1 })).status, 401);
    const every = (await api.get('admin', LIST)).body.data as Row[];
    assert.equal(every.length, one("SELECT count(*) AS n FROM surveys s JOIN application_record_states st USING (applicationRecordStateId) WHERE st.closed = 0").n);
    const templates = (await api.get('rpm', TEMPLATES)).body.data as Row[];
    assert.deepEqual(templates[0]!.milestones, ['Acceptance', 'Midpoint', 'Substantial Completion']);
    assert.deepEqual(templates[1]!.milestones, ['Substantial Completion']);
    assert.deepEqual(templates[0]!.questions.map((q: Row) => [q.kind, q.required]),
      [['rating', true], ['rating', true], ['yesNo', true], ['number', false], ['text', false]]);
  });

  it('bad input is a 4xx naming the parameter', async () => {
    assert.equal((await api.get('pm', LIST, { recordKey: 'Bogus', recordId: 1 })).status, 400);
    assert.equal((await api.get('pm', LIST, { recordKey: 'Project', recordId: 'x' })).status, 400);
    assert.equal((await api.get('pm', LIST, { recordKey: 'Project', recordId: 999999 })).status, 404);
    assert.equal((await api.get('pm', LIST, { recordKey: 'Project', recordId: 1, lastLoad: 'yesterday' })).status, 400);
    assert.equal((await api.get('pm', QUESTIONS)).status, 400);
    assert.equal((await api.get('pm', QUESTIONS, { recordKey: 'Survey', recordId: 999999 })).status, 404);
  });

  it('averages per question are over submitted answers across projects (ratings averaged, Yes/No as the share of Yes)', async () => {
    const rows = (await api.get('admin', AVERAGES)).body.data as Row[];
    const question = rows.find((r) => r.kind === 'rating')!;
    const values = all(`SELECT a.value FROM survey_answers a JOIN surveys s USING (surveyId) JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.name = 'Submitted' AND a.surveyQuestionId = ?`, question.surveyQuestionId).map((r) => Number(r.value));
    assert.ok(values.length > 3);
    assert.equal(question.responses, values.length);
    assert.equal(question.average, Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100);
    const yes = rows.find((r) => r.kind === 'yesNo')!;
    const yn = all(`SELECT a.value FROM survey_answers a JOIN surveys s USING (surveyId) JOIN application_record_states st USING (applicationRecordStateId)
      WHERE st.name = 'Submitted' AND a.surveyQuestionId = ?`, yes.surveyQuestionId).map((r) => r.value);
    assert.equal(yes.average, Math.round((yn.filter((v) => v === 'Yes').length / yn.length) * 100) / 100);
    assert.equal(rows.find((r) => r.kind === 'text')!.average, null);
  });
});

describe('answering a survey', () => {
  it('save as draft: Open → In Progress with the answers kept; the questions answer with their values', async () => {
    const survey = pmOpenSurvey();
    const questions = questionsOf(survey);
    const answer = await api.post('pm', SAVE, { SurveyId: survey.surveyId, OldRecordStateId: survey.applicationRecordStateId, ...answersForm(questions.slice(0, 1)) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.recordStateName, 'In Progress');
    assert.deepEqual(all('SELECT surveyQuestionId, value FROM survey_answers WHERE surveyId = ?', survey.surveyId),
      [{ surveyQuestionId: questions[0]!.surveyQuestionId, value: answerFor(questions[0]!.kind) }]);
    const loaded = (await api.get('pm', QUESTIONS, { recordKey: 'Survey', recordId: survey.surveyId })).body.data as Row[];
    assert.deepEqual(loaded.map((q) => q.value), questions.map((q, i) => (i === 0 ? answerFor(q.kind) : null)));
  });

  it('submit with required questions unanswered: 400 autoAlert naming them, nothing written; then submitted with them', async () => {
    const survey = pmOpenSurvey();
    const questions = questionsOf(survey);
    const before = checksum(host, SURVEY_TABLES);
    const refused = await api.post('pm', SAVE, { SurveyId: survey.surveyId, Submit: 'true', ...answersForm(questions, (q) => q.required === 0) });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.autoAlert, true);
    assert.equal(refused.body.functionName, 'SaveSurveyAnswers');
    for (const q of questions.filter((q) => q.required === 1)) assert.ok(refused.body.message.includes(`“${q.text}”`), q.text);
    for (const q of questions.filter((q) => q.required === 0)) assert.ok(!refused.body.message.includes(`“${q.text}”`), q.text);
    assert.deepEqual(refused.body.missingQuestionIds, questions.filter((q) => q.required === 1).map((q) => q.surveyQuestionId));
    assert.equal(checksum(host, SURVEY_TABLES), before, 'nothing written');

    const done = await api.post('pm', SAVE, { SurveyId: survey.surveyId, OldRecordStateId: survey.applicationRecordStateId, Submit: 'true', ...answersForm(questions, (q) => q.required === 1) });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const stored = one('SELECT s.*, st.name FROM surveys s JOIN application_record_states st USING (applicationRecordStateId) WHERE surveyId = ?', survey.surveyId);
    assert.equal(stored.name, 'Submitted');
    assert.equal(stored.submittedByEmployeeId, PM);
    assert.ok(stored.submittedAt);

    // Read-only once submitted: answers and state moves are refused, nothing changes.
    const after = checksum(host, SURVEY_TABLES);
    const write = await api.post('pm', SAVE, { SurveyId: survey.surveyId, ...answersForm(questions.slice(0, 1)) });
    assert.equal(write.status, 400);
    assert.equal(write.body.autoAlert, true);
    assert.match(write.body.message, /was submitted: it is read-only/);
    const move = await api.post('pm', STATE, { ItemId: survey.surveyId, OldRecordStateId: stateId(host, 'Survey', 'Submitted'), RouteStateId: stateId(host, 'Survey', 'Open') });
    assert.equal(move.status, 400);
    assert.equal(checksum(host, SURVEY_TABLES), after);
  });

  it('only the respondent answers: the admin and the rpm are refused 403 (nothing written); an employee without PFM 403', async () => {
    const survey = pmOpenSurvey();
    const before = checksum(host, SURVEY_TABLES);
    for (const login of ['admin', 'rpm', 'employee']) {
      const answer = await api.post(login, SAVE, { SurveyId: survey.surveyId, ...answersForm(questionsOf(survey)) });
      assert.equal(answer.status, 403, login);
    }
    const move = await api.post('rpm', STATE, { ItemId: survey.surveyId, OldRecordStateId: survey.applicationRecordStateId, RouteStateId: stateId(host, 'Survey', 'In Progress') });
    assert.equal(move.status, 403);
    assert.equal(checksum(host, SURVEY_TABLES), before);
    used.delete(survey.surveyId);
  });

  it('bad answers are a 400 with feedback per question; unknown survey 404; a stale OldRecordStateId 409', async () => {
    const survey = pmOpenSurvey();
    const questions = questionsOf(survey);
    const rating = questions.find((q) => q.kind === 'rating')!;
    const before = checksum(host, SURVEY_TABLES);
    const bad = await api.post('pm', SAVE, { SurveyId: survey.surveyId, 'answers[0].surveyQuestionId': rating.surveyQuestionId, 'answers[0].value': '6',
      'answers[1].surveyQuestionId': 999999, 'answers[1].value': '1' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.feedback.map((f: Row) => f.stringValue), [`q${rating.surveyQuestionId}`, 'answers[1].surveyQuestionId']);
    assert.match(bad.body.feedback[0].message, /must be a rating from 1 to 5/);
    assert.equal((await api.post('pm', SAVE, { SurveyId: 999999 })).status, 404);
    assert.equal((await api.post('pm', SAVE, { SurveyId: 'abc' })).status, 400);
    assert.equal((await api.post('pm', SAVE, { SurveyId: survey.surveyId, Submit: 'maybe' })).status, 400);
    const stale = await api.post('pm', SAVE, { SurveyId: survey.surveyId, OldRecordStateId: stateId(host, 'Survey', 'In Progress'), ...answersForm(questions) });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateName, 'Open');
    const staleMove = await api.post('pm', STATE, { ItemId: survey.surveyId, OldRecordStateId: stateId(host, 'Survey', 'In Progress'), RouteStateId: stateId(host, 'Survey', 'Submitted') });
    assert.equal(staleMove.status, 409);
    assert.equal(checksum(host, SURVEY_TABLES), before);
    used.delete(survey.surveyId);
  });

  it('UpdateSurveyState: In Progress → Submitted refused while required answers are missing; cancel is for Admin and RPM', async () => {
    const survey = pmOpenSurvey();
    const open = stateId(host, 'Survey', 'Open');
    const progress = stateId(host, 'Survey', 'In Progress');
    const started = await api.post('pm', STATE, { ItemId: survey.surveyId, OldRecordStateId: open, RouteStateId: progress });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const refused = await api.post('pm', STATE, { ItemId: survey.surveyId, OldRecordStateId: progress, RouteStateId: stateId(host, 'Survey', 'Submitted') });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.functionName, 'UpdateSurveyState');
    assert.match(refused.body.message, /required questions have no answer/);
    assert.equal((await api.post('pm', STATE, { ItemId: survey.surveyId, OldRecordStateId: progress, RouteStateId: stateId(host, 'Survey', 'Canceled') })).status, 403);
    const canceled = await api.post('rpm', STATE, { ItemId: survey.surveyId, OldRecordStateId: progress, RouteStateId: stateId(host, 'Survey', 'Canceled') });
    assert.equal(canceled.status, 200);
    const write = await api.post('pm', SAVE, { SurveyId: survey.surveyId, ...answersForm(questionsOf(survey)) });
    assert.equal(write.status, 400);
    assert.match(write.body.message, /was canceled/);
  });
});

describe('migration 006', () => {
  it('adds the survey tables and the Survey record with its states and advancements to an existing database, data kept', () => {
    inTempFolder('bizapps-survey-migration-', (file) => {
      const old = databaseBefore(file, 6);
      old.prepare("INSERT INTO applications VALUES (1, 'keyPFM', 'PFM', 'PFM', 't')").run();
      old.prepare("INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt) VALUES ('Subcontract', 1, 'Subcontract', 'Subcontract', 't')").run();
      old.prepare("INSERT INTO application_record_states VALUES (1, 'Subcontract', 'Draft', 0, 1, 1, 'Draft', 't')").run();
      old.close();
      const db = openDatabase({ file });
      try {
        assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.at(-1)!.version);
        assert.deepEqual(db.prepare("SELECT applicationRecordStateId AS id, name FROM application_record_states WHERE applicationRecordKey = 'Subcontract'").all(), [{ id: 1, name: 'Draft' }]);
        assert.deepEqual(db.prepare("SELECT name, closed FROM application_record_states WHERE applicationRecordKey = 'Survey' ORDER BY displayOrder").all(),
          [{ name: 'Open', closed: 0 }, { name: 'In Progress', closed: 0 }, { name: 'Submitted', closed: 1 }, { name: 'Canceled', closed: 1 }]);
        assert.equal((db.prepare("SELECT count(*) AS n FROM application_records WHERE applicationRecordKey = 'Survey'").get() as Row).n, 1);
        const moves = db.prepare(`SELECT f.name AS f, t.name AS t FROM state_advancements a JOIN application_record_states f ON f.applicationRecordStateId = a.applicationRecordStateId
          JOIN application_record_states t ON t.applicationRecordStateId = a.targetApplicationRecordStateId WHERE f.applicationRecordKey = 'Survey' ORDER BY f.displayOrder, a.displayOrder`).all() as Row[];
        assert.deepEqual(moves.map((m) => `${m.f}→${m.t}`), ['Open→In Progress', 'Open→Canceled', 'In Progress→Submitted', 'In Progress→Open', 'In Progress→Canceled', 'Canceled→Open']);
        // The host's start then writes the templates (idempotent).
        syncSurveys(db, '2026-11-01');
        syncSurveys(db, '2026-11-01');
        assert.equal((db.prepare('SELECT count(*) AS n FROM survey_templates').get() as Row).n, 2);
      } finally {
        db.close();
      }
    });
  });

  it('a fresh database has the Survey advancements of states.ts exactly once', () => {
    const moves = all(`SELECT count(*) AS n FROM state_advancements a JOIN application_record_states f ON f.applicationRecordStateId = a.applicationRecordStateId WHERE f.applicationRecordKey = 'Survey'`);
    assert.equal(moves[0]!.n, 6);
  });
});
