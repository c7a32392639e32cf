/**
 * Setup shared by the survey element tests (pfm-surveys, wb-survey-instance): a survey of one project, its
 * template's questions and stub answers for the calls their screens make. Mounting and typing come from
 * ../support/browser.
 */
import type { Survey, SurveyQuestion } from '../../src/core/surveys/contract';
import type { StubFor } from '../support/browser';

export const survey = (over: Partial<Survey>): Survey => ({
  surveyId: 1, surveyTemplateId: 1, templateName: 'Project Pulse: Client Experience', projectId: 1, projectNumber: '24-1032', projectName: 'Riverside <b>MOB</b>',
  budgetId: 1, milestone: 'Acceptance', number: 'SV-24-1032-1A', milestoneDate: '2026-06-01', dueDate: '2026-06-15', respondentEmployeeId: 2,
  respondentName: 'Marcus Reyes', applicationRecordStateId: 91, recordStateName: 'Open', closed: false, submittedAt: null, answerCount: 0, questionCount: 4, ...over,
});
export const QUESTIONS: SurveyQuestion[] = [
  { surveyQuestionId: 11, surveyTemplateId: 1, displayOrder: 1, text: 'How satisfied is the client?', kind: 'rating', required: true, value: null },
  { surveyQuestionId: 12, surveyTemplateId: 1, displayOrder: 2, text: 'On schedule?', kind: 'yesNo', required: true, value: null },
  { surveyQuestionId: 13, surveyTemplateId: 1, displayOrder: 3, text: 'Open issues', kind: 'number', required: false, value: null },
  { surveyQuestionId: 14, surveyTemplateId: 1, displayOrder: 4, text: 'Comments', kind: 'text', required: false, value: null },
];

export function answers(record: Survey, over: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    '/api/pfm/getsurveys': ({ query }) => ({ body: { data: query.get('open') === 'false' ? (record.closed ? [record] : []) : record.closed ? [] : [record] } }),
    '/api/pfm/getsurveyquestions': { body: { data: QUESTIONS } },
    '/api/employees/GetCurrentUser': { body: { data: { employeeId: 2 } } },
    '/api/pfm/projects/GetProjectByProjectId': { body: { data: { projectId: 1, displayText: '24-1032 Riverside' } } },
    ...over,
  };
}
