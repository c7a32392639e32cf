/**
 * The admin-level Surveys screen (§2 /pfm/surveys): for PFM Admin and RPM every survey across
 * projects in Open and Closed lists, the templates (questions, milestones, value threshold) and the
 * average answer per question across projects, exported to CSV and Excel (formulas neutralised by
 * the export writers); a Project Manager sees the surveys they answer, across projects (the server
 * refuses them the rest). Loaded on demand: the project screen does not render it.
 */
import { useCallback } from 'react';
import { ApiError } from '../../core/api';
import { formatMoney } from '../../core/format';
import { formatAverage, type QuestionAverage, type Survey, type SurveyTemplate } from '../../core/surveys/contract';
import { downloadCsv, downloadExcel } from '../../ui/grid/export';
import { RecordListsStatus, ScreenTitle, useRecords } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { averagesSheet, KIND_LABELS, loadAllSurveys, loadAverages, loadTemplates, surveyStore } from './data';
import { SurveyList } from './SurveyList';

export const ADMIN_TEXT = {
  title: 'Surveys',
  subject: 'All projects',
  loading: 'Loading surveys, templates and averages…',
  loadFailed: 'The surveys could not be loaded.',
  noAccess: 'You do not have access to every survey. The admin-level survey screen is for PFM Admin and RPM roles.',
  surveys: 'Surveys across projects',
  ownSurveys: 'Your surveys across projects',
  adminsOnly: 'The templates and the averages per question are for PFM Admin and RPM roles.',
  templates: 'Templates',
  averages: 'Average answer per question',
  averagesNote: 'Over submitted surveys only. Ratings and numbers are averaged; a yes/no question shows its share of Yes.',
  exportCsv: 'Export CSV',
  exportExcel: 'Export Excel',
  filename: 'survey-averages',
  required: 'Required',
  threshold: 'Project value threshold',
  milestones: 'Due at',
} as const;

/** The templates and averages; null when the server refuses them (403: not PFM Admin or RPM). */
interface AdminData {
  templates: SurveyTemplate[] | null;
  averages: QuestionAverage[] | null;
}

const NO_DATA: AdminData = { templates: null, averages: null };
const LOAD_OPTIONS = { what: 'Surveys (admin) load' };

/** A load whose 403 answers null (the section says why) while other failures still fail the screen. */
const unlessForbidden = <T,>(load: Promise<T>): Promise<T | null> =>
  load.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  });

function Templates({ templates }: { templates: readonly SurveyTemplate[] }) {
  return (
    <div className="row g-3">
      {templates.map((t) => (
        <div className="col-12 col-xl-6" key={t.surveyTemplateId}>
          <article className="card h-100" data-template={t.surveyTemplateId} aria-labelledby={`template-${t.surveyTemplateId}`}>
            <div className="card-body">
              <h3 className="h6 card-title" id={`template-${t.surveyTemplateId}`}>{t.name}</h3>
              <p className="text-body-secondary small mb-2">{t.description}</p>
              <dl className="row small mb-2">
                <dt className="col-sm-5">{ADMIN_TEXT.threshold}</dt>
                <dd className="col-sm-7 mb-1" data-threshold>{formatMoney(t.valueThreshold)}</dd>
                <dt className="col-sm-5">{ADMIN_TEXT.milestones}</dt>
                <dd className="col-sm-7 mb-1" data-milestones>{t.milestones.join(', ')}</dd>
              </dl>
              <ol className="small mb-0 ps-3">
                {t.questions.map((q) => (
                  <li key={q.surveyQuestionId} data-question={q.surveyQuestionId}>
                    {q.text} <span className="text-body-secondary">({KIND_LABELS[q.kind]}{q.required ? `, ${ADMIN_TEXT.required.toLowerCase()}` : ''})</span>
                  </li>
                ))}
              </ol>
            </div>
          </article>
        </div>
      ))}
    </div>
  );
}

function Averages({ rows }: { rows: readonly QuestionAverage[] }) {
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <p className="text-body-secondary small mb-0 me-auto">{ADMIN_TEXT.averagesNote}</p>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-export="csv" onClick={() => downloadCsv(averagesSheet(rows), ADMIN_TEXT.filename)}>{ADMIN_TEXT.exportCsv}</button>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-export="excel" onClick={() => void downloadExcel(averagesSheet(rows), ADMIN_TEXT.filename)}>{ADMIN_TEXT.exportExcel}</button>
      </div>
      <div className="table-responsive">
        <table className="table table-sm align-middle" data-testid="survey-averages">
          <caption className="visually-hidden">{ADMIN_TEXT.averages}</caption>
          <thead>
            <tr>
              <th scope="col">Template</th>
              <th scope="col">Question</th>
              <th scope="col">Kind</th>
              <th scope="col" className="text-end">Responses</th>
              <th scope="col" className="text-end">Projects</th>
              <th scope="col" className="text-end">Average</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.surveyQuestionId} data-question={r.surveyQuestionId}>
                <td>{r.templateName}</td>
                <td>{r.text}</td>
                <td>{KIND_LABELS[r.kind]}</td>
                <td className="text-end" data-responses>{r.responses}</td>
                <td className="text-end">{r.projects}</td>
                <td className="text-end" data-average={r.average ?? ''}>{formatAverage(r.kind, r.average)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function AllSurveys() {
  const compare = useCallback((a: Survey, b: Survey) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number), []);
  const records = useRecords(surveyStore(), undefined, compare);
  return <SurveyList records={records} withProject label="Surveys across projects" />;
}

export default function AdminSurveys() {
  const { state: load, retry } = useLoad<AdminData>('all', async (signal) => {
    const [, templates, averages] = await Promise.all([loadAllSurveys(signal), unlessForbidden(loadTemplates(signal)), unlessForbidden(loadAverages(signal))]);
    return { templates, averages };
  }, LOAD_OPTIONS);
  const data = load.status === 'ready' ? load.data : NO_DATA;
  const admin = data.averages !== null && data.templates !== null;
  return (
    <main className="container-fluid py-3" data-screen="surveys-admin">
      <ScreenTitle title={ADMIN_TEXT.title} />
      <p className="text-body-secondary mt-n2" data-subject="all">{ADMIN_TEXT.subject}</p>
      <RecordListsStatus load={load} retry={retry} text={ADMIN_TEXT}>
        <section aria-labelledby="surveys-all" className="mb-4" data-list-kind="Survey">
          <h2 className="h5" id="surveys-all">{admin ? ADMIN_TEXT.surveys : ADMIN_TEXT.ownSurveys}</h2>
          <AllSurveys />
        </section>
        {data.averages ? (
          <section aria-labelledby="surveys-averages" className="mb-4" data-section="averages">
            <h2 className="h5" id="surveys-averages">{ADMIN_TEXT.averages}</h2>
            <Averages rows={data.averages} />
          </section>
        ) : null}
        {data.templates ? (
          <section aria-labelledby="surveys-templates" data-section="templates">
            <h2 className="h5" id="surveys-templates">{ADMIN_TEXT.templates}</h2>
            <Templates templates={data.templates} />
          </section>
        ) : null}
        {admin ? null : <p className="text-body-secondary" role="note" data-admins-only>{ADMIN_TEXT.adminsOnly}</p>}
      </RecordListsStatus>
    </main>
  );
}
