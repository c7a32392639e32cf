import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import { clearLibraries } from '../../src/core/lookups';
import { averagesSheet, INSTANCE_TEXT, SCREEN_TEXT, type QuestionAverage, type Survey, type SurveyQuestion } from '../../src/features/surveys';
import { sheetToCsv, sheetToExcelBlob } from '../../src/ui/grid/export';
import '../../src/elements/pfm-surveys/define';
import '../../src/elements/wb-survey-instance/define';
import { fetchRequests, mount, restoreFetch, setValue, stubFetch, textOf, waitFor, type StubFor } from '../support/browser';
import { resetPageStores } from '../support/elements';

const survey = (over: Partial<Survey>): Survey => ({
  surveyId: 1, surveyTemplateId: 1, templateName: 'Project Pulse: Client Experience', projectId: 1, projectNumber: '24-1032', projectName: 'Riverside <b>MOB</b>',
  budgetId: 1, milestone: 'Acceptance', number: 'SV-24-1032-1A', milestoneDate: '2026-06-01', dueDate: '2026-06-15', respondentEmployeeId: 2,
  respondentName: 'Marcus Reyes', applicationRecordStateId: 91, recordStateName: 'Open', closed: false, submittedAt: null, answerCount: 0, questionCount: 4, ...over,
});
const QUESTIONS: SurveyQuestion[] = [
  { surveyQuestionId: 11, surveyTemplateId: 1, displayOrder: 1, text: 'How satisfied is the client?', kind: 'rating', required: true, value: null },
  { surveyQuestionId: 12, surveyTemplateId: 1, displayOrder: 2, text: 'On schedule?', kind: 'yesNo', required: true, value: null },
  { surveyQuestionId: 13, surveyTemplateId: 1, displayOrder: 3, text: 'Open issues', kind: 'number', required: false, value: null },
  { surveyQuestionId: 14, surveyTemplateId: 1, displayOrder: 4, text: 'Comments', kind: 'text', required: false, value: null },
];

function answers(record: Survey, over: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    '/api/pfm/getsurveys': ({ query }) => ({ body: { data: query.get('open') === 'false' ? (record.closed ? [record] : []) : record.closed ? [] : [record] } }),
    '/api/pfm/getsurveyquestions': { body: { data: QUESTIONS } },
    '/api/employees/GetCurrentUser': { body: { data: { employeeId: 2 } } },
    '/api/pfm/projects/GetProjectByProjectId': { body: { data: { projectId: 1, displayText: '24-1032 Riverside' } } },
    ...over,
  };
}

describe('surveys', () => {
  beforeEach(() => { localStorage.clear(); clearLibraries(); });
  afterEach(() => {
    document.body.innerHTML = '';
    restoreFetch();
    resetPageStores();
  });

  it('the averages export to CSV with formulas neutralised and numbers as numbers', () => {
    const rows: QuestionAverage[] = [
      { surveyQuestionId: 1, surveyTemplateId: 1, templateName: '=HYPERLINK("x")', displayOrder: 1, text: '+1 rating', kind: 'rating', required: true, responses: 3, projects: 2, average: 4.33 },
      { surveyQuestionId: 2, surveyTemplateId: 1, templateName: 'T', displayOrder: 2, text: '@on time', kind: 'yesNo', required: true, responses: 4, projects: 4, average: 0.75 },
      { surveyQuestionId: 3, surveyTemplateId: 1, templateName: 'T', displayOrder: 3, text: '-notes', kind: 'text', required: false, responses: 1, projects: 1, average: null },
    ];
    expect(sheetToCsv(averagesSheet(rows))).to.equal([
      'Template,Question,Kind,Responses,Projects,Average,Shown as',
      `"'=HYPERLINK(""x"")",'+1 rating,Rating 1–5,3,2,4.33,4.33`,
      `T,'@on time,Yes / No,4,4,0.75,75% Yes`,
      `T,'-notes,Free text,1,1,,—`,
      '',
    ].join('\r\n'));
  });

  it('the averages export to Excel with text as text cells, never formulas', async () => {
    const rows: QuestionAverage[] = [
      { surveyQuestionId: 1, surveyTemplateId: 1, templateName: '=SUM(A1:A2)', displayOrder: 1, text: 'Q', kind: 'rating', required: true, responses: 3, projects: 2, average: 4.5 },
    ];
    const blob = await sheetToExcelBlob(averagesSheet(rows));
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const strings = files['xl/sharedStrings.xml'] ? strFromU8(files['xl/sharedStrings.xml']) : '';
    expect(sheet).to.not.contain('<f>');
    expect(sheet + strings).to.contain('=SUM(A1:A2)');
    expect(sheet).to.match(/<v>4\.5<\/v>/);
  });

  it('<pfm-surveys project-id> lists the project’s surveys (loading status first, user text as text)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const record = survey({});
    stubFetch(answers(record, { '/api/pfm/getsurveys': async ({ query }) => { await held; return { body: { data: query.get('open') === 'false' ? [] : [record] } }; } }));
    const root = await mount('pfm-surveys', { 'project-id': '1' });
    await waitFor(() => root.querySelector('[role="status"][data-state="loading"]'));
    expect(textOf(root, '[data-state="loading"]')).to.equal(SCREEN_TEXT.loading);
    release();
    const row = await waitFor(() => root.querySelector('[data-open="1"]'));
    expect(row.textContent).to.equal('SV-24-1032-1A');
    expect(root.querySelector('b')).to.equal(null);
    expect(textOf(root, '[data-state]:not([data-state="loading"])')).to.equal('Open');
  });

  it('<pfm-surveys> says so on 403 and retries after a failure', async () => {
    let calls = 0;
    stubFetch(answers(survey({}), { '/api/pfm/getsurveys': () => (++calls <= 2 ? { status: 500, body: {} } : { body: { data: [] } }) }));
    const root = await mount('pfm-surveys', { 'project-id': '1' });
    const retry = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-state="failed"] button'));
    retry.click();
    await waitFor(() => root.querySelector('[data-list-kind="Survey"]'));
  });

  it('<wb-survey-instance>: required answers checked before the call; rating is a radio group; submit sends every answer', async () => {
    const record = survey({});
    stubFetch(answers(record, {
      '/api/pfm/SaveSurveyAnswers': () => ({ body: { data: { ...record, recordStateName: 'Submitted', closed: true, applicationRecordStateId: 93,
        questions: QUESTIONS.map((q) => ({ ...q, value: q.kind === 'rating' ? '4' : q.kind === 'yesNo' ? 'Yes' : null })) } } }),
    }));
    const root = await mount('wb-survey-instance', { 'record-key': 'Survey', 'record-id': '1' });
    const submit = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-action="submit"]'));
    submit.click();
    const problem = await waitFor(() => root.querySelector('[data-problem]'));
    expect(problem.textContent).to.contain('“How satisfied is the client?”');
    expect(problem.textContent).to.contain('“On schedule?”');
    expect(fetchRequests.some((r) => r.path === '/api/pfm/SaveSurveyAnswers')).to.equal(false);

    const group = root.querySelector('[data-question="11"] [role="radiogroup"]')!;
    expect(group.querySelectorAll('input[type="radio"]').length).to.equal(5);
    expect(group.getAttribute('aria-required')).to.equal('true');
    root.querySelector<HTMLInputElement>('#q-11-4')!.click();
    root.querySelector<HTMLInputElement>('#q-12-Yes')!.click();
    setValue(root.querySelector<HTMLInputElement>('[data-question="13"] input')!, 'abc');
    submit.click();
    await waitFor(() => textOf(root, '[data-problem]').includes('must be a number'));
    setValue(root.querySelector<HTMLInputElement>('[data-question="13"] input')!, '');
    submit.click();
    await waitFor(() => root.querySelector('[data-read-only]'));
    const sent = fetchRequests.find((r) => r.path === '/api/pfm/SaveSurveyAnswers')!.body as Record<string, string>;
    expect(sent.Submit).to.equal('true');
    expect(sent.SurveyId).to.equal('1');
    expect(sent['answers[0].surveyQuestionId']).to.equal('11');
    expect(sent['answers[0].value']).to.equal('4');
    expect(sent['answers[1].value']).to.equal('Yes');
    expect(textOf(root, '[data-read-only]')).to.equal(INSTANCE_TEXT.readOnly('SV-24-1032-1A', 'Submitted'));
    expect(root.querySelector('[data-action="submit"]')).to.equal(null);
    expect(root.querySelector<HTMLInputElement>('#q-11-4')!.disabled).to.equal(true);
  });

  it('<wb-survey-instance>: a refused save keeps the answers and names the questions the server named', async () => {
    const record = survey({});
    stubFetch(answers(record, {
      '/api/pfm/SaveSurveyAnswers': { status: 400, body: { message: 'SV-24-1032-1A can not be submitted: this required question has no answer: “On schedule?”.', missingQuestionIds: [12] } },
    }));
    const root = await mount('wb-survey-instance', { 'record-id': '1' });
    await waitFor(() => root.querySelector('[data-action="save-draft"]'));
    root.querySelector<HTMLInputElement>('#q-11-2')!.click();
    setValue(root.querySelector<HTMLTextAreaElement>('[data-question="14"] textarea')!, 'Keep <b>it</b> up');
    root.querySelector<HTMLButtonElement>('[data-action="save-draft"]')!.click();
    await waitFor(() => textOf(root, '[data-problem]').includes('“On schedule?”'));
    expect(root.querySelector<HTMLInputElement>('#q-11-2')!.checked).to.equal(true);
    expect(root.querySelector<HTMLTextAreaElement>('[data-question="14"] textarea')!.value).to.equal('Keep <b>it</b> up');
    expect(root.querySelector('[data-question="12"]')!.className).to.contain('border-danger');
  });

  it('<wb-survey-instance>: read-only for anyone but the respondent', async () => {
    stubFetch(answers(survey({}), { '/api/employees/GetCurrentUser': { body: { data: { employeeId: 1 } } } }));
    const root = await mount('wb-survey-instance', { 'record-id': '1' });
    await waitFor(() => root.querySelector('[data-read-only]'));
    expect(textOf(root, '[data-read-only]')).to.equal(INSTANCE_TEXT.notRespondent('Marcus Reyes'));
    expect(root.querySelector('[data-action="submit"]')).to.equal(null);
  });

  it('<wb-survey-instance>: Change state posts the change events’ call shape; a 409 puts the state back and says so', async () => {
    const record = survey({});
    let status = 409;
    stubFetch(answers(record, {
      '/api/applications/GetRecordStateAdvancements': { body: { data: [
        { quickRoute: true, targetApplicationRecordState: { applicationRecordStateId: 92, name: 'In Progress', applicationRecordKey: 'Survey', closed: false, displayOrder: 2 } },
      ] } },
      '/api/pfm/UpdateSurveyState': () => (status === 409 ? { status: 409, body: { message: 'stale', currentRecordStateName: 'Canceled' } }
        : { body: { data: { ...record, applicationRecordStateId: 92, recordStateName: 'In Progress' } } }),
    }));
    const root = await mount('wb-survey-instance', { 'record-id': '1' });
    const menu = await waitFor(() => root.querySelector<HTMLButtonElement>('button[aria-label="Change state of SV-24-1032-1A"]'));
    menu.click();
    (await waitFor(() => [...root.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')].find((b) => b.textContent?.includes('In Progress'))))!.click();
    await waitFor(() => textOf(root, '[data-problem] span') === INSTANCE_TEXT.stale);
    expect(textOf(root, '[data-state-name]')).to.equal('Open');
    const sent = fetchRequests.find((r) => r.path === '/api/pfm/UpdateSurveyState')!.body as Record<string, string>;
    expect([sent.ItemId, sent.OldRecordStateId, sent.RouteStateId]).to.deep.equal(['1', '91', '92']);
    status = 200;
    menu.click();
    (await waitFor(() => [...root.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')].find((b) => b.textContent?.includes('In Progress'))))!.click();
    await waitFor(() => textOf(root, '[data-state-name]') === 'In Progress');
  });
});
