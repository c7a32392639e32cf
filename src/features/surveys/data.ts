/**
 * Surveys (§2, issue 12): the loads and writes of demo/host/api/pfm/surveys (the contract:
 * src/core/surveys/contract.ts), the page's record store the lists and the Survey Instance workbench
 * share, and the averages as an export sheet.
 */
import { getJson, postForm } from '../../core/api';
import { formatAverage, SURVEY_PATHS, type QuestionAverage, type QuestionKind, type Survey, type SurveyQuestion, type SurveyTemplate } from '../../core/surveys/contract';
import { recordStore, type RecordStore } from '../../core/records';
import { listSheet, sheetColumns, type ExportSheet } from '../../core/format/spreadsheet';

/** The page's store of surveys. */
export function surveyStore(): RecordStore<Survey> {
  return recordStore<Survey>('Survey', 'surveyId');
}

async function openAndClosed(query: Record<string, string | number>, signal?: AbortSignal): Promise<Survey[]> {
  const mark = surveyStore().readMark();
  const [open, closed] = await Promise.all([
    getJson<Survey[]>(SURVEY_PATHS.load, query, { signal }),
    getJson<Survey[]>(SURVEY_PATHS.load, { ...query, open: false }, { signal }),
  ]);
  const rows = [...(Array.isArray(open) ? open : []), ...(Array.isArray(closed) ? closed : [])];
  surveyStore().loaded(rows, mark);
  return rows;
}

/** The surveys of a project (or a budget's project), open and closed, into the store. */
export function loadSurveys(scope: { recordKey: string; recordId: number }, signal?: AbortSignal): Promise<Survey[]> {
  return openAndClosed({ recordKey: scope.recordKey, recordId: scope.recordId }, signal);
}

/** Every survey across projects (PFM Admin and RPM), into the store. */
export function loadAllSurveys(signal?: AbortSignal): Promise<Survey[]> {
  return openAndClosed({}, signal);
}

/** The templates (PFM Admin and RPM). */
export async function loadTemplates(signal?: AbortSignal): Promise<SurveyTemplate[]> {
  const rows = await getJson<SurveyTemplate[]>(SURVEY_PATHS.templates, {}, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** The averages per question across projects (PFM Admin and RPM). */
export async function loadAverages(signal?: AbortSignal): Promise<QuestionAverage[]> {
  const rows = await getJson<QuestionAverage[]>(SURVEY_PATHS.averages, {}, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** One survey (open or closed) and its questions with their answers. */
export async function loadSurvey(id: number, signal?: AbortSignal): Promise<{ survey: Survey; questions: SurveyQuestion[] }> {
  const scope = { recordKey: 'Survey', recordId: id };
  const [rows, questions] = await Promise.all([
    getJson<Survey[]>(SURVEY_PATHS.load, scope, { signal }),
    getJson<SurveyQuestion[]>(SURVEY_PATHS.questions, scope, { signal }),
  ]);
  const survey = Array.isArray(rows) ? rows.find((r) => r.surveyId === id) : undefined;
  if (!survey) throw new Error(`Survey ${id} was not found.`);
  surveyStore().upsert(survey);
  return { survey, questions: Array.isArray(questions) ? questions : [] };
}

/** POST SaveSurveyAnswers: every answer of the form (empty = no answer); `submit` submits too. The answer goes into the store. */
export async function saveSurvey(survey: Survey, answers: ReadonlyMap<number, string>, submit: boolean): Promise<Survey & { questions: SurveyQuestion[] }> {
  const saved = await postForm<Survey & { questions: SurveyQuestion[] }>(SURVEY_PATHS.save, {
    SurveyId: survey.surveyId, OldRecordStateId: survey.applicationRecordStateId, Submit: submit ? 'true' : 'false',
    answers: [...answers].map(([surveyQuestionId, value]) => ({ surveyQuestionId, value })),
  });
  const { questions: _questions, ...record } = saved;
  surveyStore().upsert(record as Survey);
  return saved;
}

/**
 * Move a survey to `target` (POST UpdateSurveyState, the change events' call shape): shown at once
 * in every list, put back when the server refuses (400 autoAlert, 403, 409 stale) or the call fails.
 */
export function advanceSurvey(survey: Survey, target: { applicationRecordStateId: number; name: string; closed: boolean }): Promise<Survey> {
  const next: Survey = { ...survey, applicationRecordStateId: target.applicationRecordStateId, recordStateName: target.name, closed: target.closed };
  return surveyStore().optimistic(next, () => postForm<Survey>(SURVEY_PATHS.updateState, {
    ItemId: survey.surveyId, OldRecordStateId: survey.applicationRecordStateId, RouteStateId: target.applicationRecordStateId,
  }));
}

/** The averages as an export sheet (CSV and Excel): template, question, kind, responses, projects, average. */
export function averagesSheet(rows: readonly QuestionAverage[]): ExportSheet {
  const columns = sheetColumns({
    templateName: 'Template',
    text: 'Question',
    kind: 'Kind',
    responses: 'Responses',
    projects: 'Projects',
    average: 'Average',
    shown: 'Shown as',
  }, { responses: '0', projects: '0', average: '0.00' });
  return listSheet(columns, rows, (r) => [r.templateName, r.text, KIND_LABELS[r.kind], r.responses, r.projects, r.average, formatAverage(r.kind, r.average)]);
}

/** How each kind of question is named on screen and in exports. */
export const KIND_LABELS: Record<QuestionKind, string> = { rating: 'Rating 1–5', yesNo: 'Yes / No', number: 'Number', text: 'Free text' };
