import { expect } from 'chai';
import { INSTANCE_TEXT } from '../../src/features/surveys';
import '../../src/elements/wb-survey-instance/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { QUESTIONS, answers, survey } from './surveys-support';

describe('surveys', () => {
  useElementTestPage({ login: null });

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
