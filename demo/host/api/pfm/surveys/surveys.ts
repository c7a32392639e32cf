/**
 * Project surveys (issue 12, migration 006): loads, answers and state moves, in the style of the
 * other PFM areas (GET loads with recordKey/recordId/lastLoad, form-data POSTs, `{ data }`).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/pfm/getsurveys | recordKey Project/Budget/Survey (any PFM role); LegalEntity or SurveyTemplate (Admin, RPM); none: every survey (Admin, RPM) or the caller's own as respondent (others); lastLoad, open | surveys with template, milestone, due date, respondent, state |
 * | GET /api/pfm/getsurveyquestions | recordKey Survey (its answers in `value`) or SurveyTemplate, recordId | questions in order |
 * | GET /api/pfm/getsurveytemplates | lastLoad | templates with milestones and questions (Admin, RPM) |
 * | GET /api/pfm/getsurveyaverages | recordKey SurveyTemplate? | per question: submitted responses and their average (Admin, RPM) |
 * | POST /api/pfm/SaveSurveyAnswers | SurveyId, OldRecordStateId?, answers[i].surveyQuestionId / .value, Submit? | the survey with its questions |
 * | POST /api/pfm/UpdateSurveyState | ItemId, OldRecordStateId, RouteStateId | the survey |
 *
 * Only the survey's respondent (the project manager it was assigned to) may answer or submit it;
 * anyone else gets 403. A submitted (or canceled) survey is read-only: writes are refused with a
 * 400 autoAlert. Submitting with required questions unanswered is a 400 autoAlert naming them.
 * Canceling and reopening a canceled survey is for PFM Admin and RPM.
 */
import type Database from 'better-sqlite3';
import { ruleAllows } from '../../../../../src/core/access';
import {
  answerScore, averageScore, missingRequired, missingRequiredMessage, normalizeAnswer, SURVEY_ADMINS, SURVEY_PATHS, SURVEY_TEXT, SURVEY_TEXT_MAX, type QuestionKind,
} from '../../../../../src/core/surveys/contract';
import type { Caller } from '../../context';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, conflict, forbidden, invalid, refuseIfChangedSince, type FeedbackItem } from '../../http';
import { moveRecordState, recordOr404, stateByName } from '../../records';
import { requestedMove, stateUpdateParams } from '../../state-update-params';
import { rowsToApi, toApi } from '../../rows';
import { loadParamSpecs, loadParams, OPEN_PARAM, scopeWhere } from '../../scope';
import * as clock from '../../../../../src/core/clock';

type Row = Record<string, unknown>;

const SAVE = 'SaveSurveyAnswers';
const UPDATE = 'UpdateSurveyState';

const SURVEY_SELECT = `SELECT t.surveyId, t.surveyTemplateId, tp.name AS templateName, t.projectId, p.number AS projectNumber, p.name AS projectName,
  p.budgetId, p.contractAmount, t.milestone, t.number, t.milestoneDate, t.dueDate, t.respondentEmployeeId, e.preferredName AS respondentName,
  t.applicationRecordStateId, st.name AS recordStateName, st.closed AS closed, t.submittedAt, t.submittedByEmployeeId, t.displayText, t.modifiedAt,
  (SELECT count(*) FROM survey_answers a WHERE a.surveyId = t.surveyId) AS answerCount,
  (SELECT count(*) FROM survey_questions q WHERE q.surveyTemplateId = t.surveyTemplateId) AS questionCount
  FROM surveys t JOIN survey_templates tp ON tp.surveyTemplateId = t.surveyTemplateId JOIN projects p ON p.projectId = t.projectId
  LEFT JOIN employees e ON e.employeeId = t.respondentEmployeeId
  JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId`;

const isSurveyAdmin = (user: Caller) => SURVEY_ADMINS.some((rule) => ruleAllows(user.roles, rule));

function requireSurveyAdmin(user: Caller): void {
  if (!isSurveyAdmin(user)) throw forbidden(SURVEY_TEXT.adminsOnly);
}

const GET_SURVEYS = { ...loadParamSpecs(['Project', 'Budget', 'LegalEntity', 'Survey', 'SurveyTemplate']), ...OPEN_PARAM };

function getSurveys({ db, params: parsed, user }: RouteCtx<ParamsOf<typeof GET_SURVEYS>>): unknown {
  const params = loadParams(db, parsed);
  // Across projects by legal entity or template is for the admin-level roles; without a scope, the
  // others get the surveys they are the respondent of (their own, across projects).
  if (params.recordKey === 'LegalEntity' || params.recordKey === 'SurveyTemplate') requireSurveyAdmin(user);
  const { where, args } = scopeWhere(params, { project: 't.projectId', keys: { Survey: 't.surveyId', SurveyTemplate: 't.surveyTemplateId' } });
  if (!params.recordKey && !isSurveyAdmin(user)) {
    where.push('t.respondentEmployeeId = ?');
    args.push(user.employeeId);
  }
  // A survey asked for by id answers whether open or closed.
  if (params.recordKey !== 'Survey') where.push(`st.closed = ${params.open ? 0 : 1}`);
  if (params.lastLoad) {
    where.push('t.modifiedAt > ?');
    args.push(params.lastLoad);
  }
  return rowsToApi(db.prepare(`${SURVEY_SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY t.dueDate, t.number`).all(...args) as Row[]);
}

interface QuestionRow {
  surveyQuestionId: number;
  surveyTemplateId: number;
  displayOrder: number;
  text: string;
  kind: QuestionKind;
  required: number;
}

const questionsOf = (db: Database.Database, templateId: number) => db.prepare(`SELECT surveyQuestionId, surveyTemplateId, displayOrder, text, kind, required, modifiedAt
  FROM survey_questions WHERE surveyTemplateId = ? ORDER BY displayOrder, surveyQuestionId`).all(templateId) as QuestionRow[];

function surveyRow(db: Database.Database, id: number): Row {
  return recordOr404<Row>(db, SURVEY_SELECT, 't.surveyId', id, 'Survey');
}

/** The questions of a survey with its answers (`value`, null when unanswered). */
function surveyQuestions(db: Database.Database, surveyId: number, templateId: number): Row[] {
  const answers = new Map((db.prepare('SELECT surveyQuestionId, value FROM survey_answers WHERE surveyId = ?').all(surveyId) as Array<{ surveyQuestionId: number; value: string }>)
    .map((a) => [a.surveyQuestionId, a.value]));
  return rowsToApi(questionsOf(db, templateId).map((q) => ({ ...q, surveyId, value: answers.get(q.surveyQuestionId) ?? null })) as unknown as Row[]);
}

/** A load's recordKey and recordId, both required (loadParams makes the 404 and project checks). */
const GET_QUESTIONS = {
  recordKey: p.recordKey(['Survey', 'SurveyTemplate'], { required: true }),
  recordId: p.id({ required: true }),
};

function getSurveyQuestions({ db, params: parsed }: RouteCtx<ParamsOf<typeof GET_QUESTIONS>>): unknown {
  const params = { ...loadParams(db, parsed), recordId: parsed.recordId };
  if (params.recordKey === 'Survey') {
    const survey = surveyRow(db, params.recordId);
    return surveyQuestions(db, params.recordId, survey.surveyTemplateId as number);
  }
  return rowsToApi(questionsOf(db, params.recordId) as unknown as Row[]);
}

const GET_TEMPLATES = loadParamSpecs(['SurveyTemplate']);

function getSurveyTemplates({ db, params: parsed, user }: RouteCtx<ParamsOf<typeof GET_TEMPLATES>>): unknown {
  requireSurveyAdmin(user);
  const params = loadParams(db, parsed);
  const where: string[] = [];
  const args: unknown[] = [];
  if (params.recordKey) { where.push('t.surveyTemplateId = ?'); args.push(params.recordId); }
  if (params.lastLoad) { where.push('t.modifiedAt > ?'); args.push(params.lastLoad); }
  const templates = db.prepare(`SELECT t.*, (SELECT count(*) FROM surveys s WHERE s.surveyTemplateId = t.surveyTemplateId) AS surveyCount
    FROM survey_templates t${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY t.surveyTemplateId`).all(...args) as Row[];
  return rowsToApi(templates).map((t) => {
    const milestones = db.prepare('SELECT milestone FROM survey_template_milestones WHERE surveyTemplateId = ?').pluck().all(t.surveyTemplateId) as string[];
    const order = ['Acceptance', 'Midpoint', 'Substantial Completion'];
    return { ...t, milestones: milestones.sort((a, b) => order.indexOf(a) - order.indexOf(b)), questions: rowsToApi(questionsOf(db, t.surveyTemplateId as number) as unknown as Row[]) };
  });
}

/** Per question of every (or one) template: the submitted answers across projects and their average. */
export function surveyAverages(db: Database.Database, templateId?: number): Row[] {
  const questions = db.prepare(`SELECT q.surveyQuestionId, q.surveyTemplateId, tp.name AS templateName, q.displayOrder, q.text, q.kind, q.required
    FROM survey_questions q JOIN survey_templates tp ON tp.surveyTemplateId = q.surveyTemplateId
    ${templateId ? 'WHERE q.surveyTemplateId = ?' : ''} ORDER BY q.surveyTemplateId, q.displayOrder`).all(...(templateId ? [templateId] : [])) as Array<QuestionRow & { templateName: string }>;
  const answers = db.prepare(`SELECT a.value, s.projectId FROM survey_answers a JOIN surveys s ON s.surveyId = a.surveyId
    JOIN application_record_states st ON st.applicationRecordStateId = s.applicationRecordStateId
    WHERE a.surveyQuestionId = ? AND st.applicationRecordKey = 'Survey' AND st.name = 'Submitted'`);
  return questions.map((q) => {
    const rows = answers.all(q.surveyQuestionId) as Array<{ value: string; projectId: number }>;
    const scores = rows.map((r) => answerScore(q.kind, r.value));
    return toApi({
      ...q, responses: rows.length, projects: new Set(rows.map((r) => r.projectId)).size,
      average: averageScore(scores),
    } as unknown as Row);
  });
}

const GET_AVERAGES = {
  recordKey: p.recordKey(['SurveyTemplate']),
  recordId: p.id(),
};

function getSurveyAverages({ db, params: parsed, user }: RouteCtx<ParamsOf<typeof GET_AVERAGES>>): unknown {
  requireSurveyAdmin(user);
  const params = loadParams(db, parsed);
  return surveyAverages(db, params.recordKey ? params.recordId : undefined);
}

/** 403 unless `user` is the survey's respondent. */
function requireRespondent(db: Database.Database, survey: Row, user: Caller): void {
  if (survey.respondentEmployeeId === user.employeeId) return;
  const name = (db.prepare('SELECT preferredName FROM employees WHERE employeeId = ?').pluck().get(survey.respondentEmployeeId) as string | undefined) ?? 'unassigned';
  throw forbidden(SURVEY_TEXT.respondentOnly(name));
}

/** 400 autoAlert when the survey is closed (submitted: read-only; canceled). */
function requireWritable(survey: Row, functionName: string): void {
  if (survey.recordStateName === 'Submitted') throw autoAlert(functionName, SURVEY_TEXT.readOnly(survey.number as string));
  if (survey.closed === 1 || survey.closed === true) throw autoAlert(functionName, SURVEY_TEXT.canceled(survey.number as string));
}

const answersOf = (db: Database.Database, surveyId: number) => new Map((db.prepare('SELECT surveyQuestionId, value FROM survey_answers WHERE surveyId = ?')
  .all(surveyId) as Array<{ surveyQuestionId: number; value: string }>).map((a) => [a.surveyQuestionId, a.value]));

function submitRefusal(db: Database.Database, survey: Row, functionName: string): void {
  const questions = questionsOf(db, survey.surveyTemplateId as number).map((q) => ({ ...q, required: q.required === 1 }));
  const missing = missingRequired(questions, answersOf(db, survey.surveyId as number));
  if (missing.length) {
    throw autoAlert(functionName, missingRequiredMessage(survey.number as string, missing), { missingQuestionIds: missing.map((q) => q.surveyQuestionId) });
  }
}

const SAVE_ANSWERS = {
  SurveyId: p.id({ required: true, scope: 'Survey' }),
  OldRecordStateId: p.id(),
  lastLoad: p.timestamp(),
  Submit: p.boolean(),
  // An answer as typed (normalizeAnswer trims it and answers per-question feedback); the parse caps it.
  answers: p.list({ surveyQuestionId: p.id({ required: true }), value: p.string(SURVEY_TEXT_MAX * 5, { empty: 'keep', trim: false }) }, { max: 200 }),
};

function saveSurveyAnswers({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE_ANSWERS>>): unknown {
  const id = params.SurveyId;
  const oldStateId = params.OldRecordStateId;
  const submit = params.Submit ?? false;
  const entries = params.answers ?? [];
  return db.transaction(() => {
    const survey = surveyRow(db, id);
    requireRespondent(db, survey, user);
    if (oldStateId !== undefined && oldStateId !== survey.applicationRecordStateId) {
      throw conflict(`Survey ${String(survey.number)} is now '${String(survey.recordStateName)}': it changed since it was loaded. Reload it and try again.`, {
        currentRecordStateId: survey.applicationRecordStateId, currentRecordStateName: survey.recordStateName,
      });
    }
    refuseIfChangedSince(params.lastLoad, survey.modifiedAt, `survey ${String(survey.number)}`);
    requireWritable(survey, SAVE);
    const questions = new Map(questionsOf(db, survey.surveyTemplateId as number).map((q) => [q.surveyQuestionId, q]));
    const feedback: FeedbackItem[] = [];
    const values = new Map<number, string | null>();
    for (const { index, surveyQuestionId, value } of entries) {
      const question = questions.get(surveyQuestionId);
      if (!question) {
        feedback.push({ integerValue: 1, stringValue: `answers[${index}].surveyQuestionId`, message: `Answer ${index + 1}: '${surveyQuestionId}' is not a question of this survey.` });
        continue;
      }
      const normalized = normalizeAnswer(question.kind, value ?? '');
      if ('error' in normalized) {
        feedback.push({ integerValue: 1, stringValue: `q${question.surveyQuestionId}`, message: `“${question.text}” ${normalized.error}.` });
        continue;
      }
      values.set(question.surveyQuestionId, normalized.value);
    }
    if (feedback.length) throw invalid(feedback);
    const at = clock.nowIso();
    for (const [questionId, value] of values) {
      if (value === null) db.prepare('DELETE FROM survey_answers WHERE surveyId = ? AND surveyQuestionId = ?').run(id, questionId);
      else {
        db.prepare(`INSERT INTO survey_answers (surveyId, surveyQuestionId, value, modifiedAt) VALUES (?, ?, ?, ?)
          ON CONFLICT (surveyId, surveyQuestionId) DO UPDATE SET value = excluded.value, modifiedAt = excluded.modifiedAt`).run(id, questionId, value, at);
      }
    }
    let stateId = survey.applicationRecordStateId as number;
    if (submit) {
      submitRefusal(db, survey, SAVE);
      stateId = stateByName(db, 'Survey', 'Submitted').applicationRecordStateId;
      db.prepare('UPDATE surveys SET submittedAt = ?, submittedByEmployeeId = ? WHERE surveyId = ?').run(at, user.employeeId, id);
    } else if (survey.recordStateName === 'Open' && values.size > 0) {
      stateId = stateByName(db, 'Survey', 'In Progress').applicationRecordStateId;
    }
    db.prepare('UPDATE surveys SET applicationRecordStateId = ?, modifiedAt = ? WHERE surveyId = ?').run(stateId, at, id);
    return { ...toApi(surveyRow(db, id)), questions: surveyQuestions(db, id, survey.surveyTemplateId as number) };
  }).immediate();
}

const UPDATE_STATE = stateUpdateParams('Survey');

function updateSurveyState({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_STATE>>): unknown {
  const request = { ...requestedMove(params), actorId: user.employeeId };
  const kind = { recordKey: 'Survey', table: 'surveys', idColumn: 'surveyId', label: 'survey', functionName: UPDATE };
  return moveRecordState(db, kind, request, (move) => {
    const survey = surveyRow(db, request.itemId);
    const touchesCanceled = move.target.name === 'Canceled' || move.current.name === 'Canceled';
    if (touchesCanceled) {
      if (!isSurveyAdmin(user)) throw forbidden('Only PFM Admin and RPM may cancel or reopen a survey.');
    } else {
      requireRespondent(db, survey, user);
    }
    if (move.target.name === 'Submitted') {
      submitRefusal(db, survey, UPDATE);
      db.prepare('UPDATE surveys SET submittedAt = ?, submittedByEmployeeId = ? WHERE surveyId = ?').run(move.at, user.employeeId, request.itemId);
    }
    return { projectId: survey.projectId as number, parentId: request.itemId, parentType: 'Survey' };
  }, () => toApi(surveyRow(db, request.itemId)));
}

export const surveyHandlers = declaredFor('pfm', [
  route({
    method: 'GET', path: SURVEY_PATHS.load,
    note: 'added: surveys (recordKey Project/Budget/Survey; LegalEntity or SurveyTemplate: Admin or RPM only, else 403; none: every survey for Admin and RPM, the caller\'s own as respondent for others), lastLoad, open (pfm/surveys)',
    params: GET_SURVEYS, handler: getSurveys,
  }),
  route({
    method: 'GET', path: SURVEY_PATHS.questions,
    note: 'added: questions of recordKey Survey (with its answers) or SurveyTemplate',
    params: GET_QUESTIONS, handler: getSurveyQuestions,
  }),
  route({
    method: 'GET', path: SURVEY_PATHS.templates, access: { anyOf: SURVEY_ADMINS },
    note: 'added: survey templates with milestones, threshold and questions; PFM Admin or RPM',
    params: GET_TEMPLATES, handler: getSurveyTemplates,
  }),
  route({
    method: 'GET', path: SURVEY_PATHS.averages, access: { anyOf: SURVEY_ADMINS },
    note: 'added: per question, submitted answers across projects and their average; PFM Admin or RPM',
    params: GET_AVERAGES, handler: getSurveyAverages,
  }),
  route({
    method: 'POST', path: SURVEY_PATHS.save,
    note: "added: SurveyId, OldRecordStateId?, answers[i].surveyQuestionId/.value, Submit?; the survey's respondent only (else 403); read-only once submitted (400 autoAlert)",
    params: SAVE_ANSWERS, handler: saveSurveyAnswers,
  }),
  route({
    method: 'POST', path: SURVEY_PATHS.updateState,
    note: 'added: ItemId, OldRecordStateId, RouteStateId; submit checks required answers (400 autoAlert); cancel/reopen: Admin or RPM',
    params: UPDATE_STATE, handler: updateSurveyState,
  }),
]);
