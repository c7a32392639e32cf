import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import type { QuestionAverage } from '../../src/core/surveys/contract';
import { averagesSheet, SCREEN_TEXT } from '../../src/features/surveys';
import { sheetToCsv, sheetToExcelBlob } from '../../src/ui/grid/export';
import '../../src/elements/pfm-surveys/define';
import { mount, stubFetch, textOf, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { answers, survey } from './surveys-support';

describe('surveys', () => {
  useElementTestPage({ login: null });

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
});
