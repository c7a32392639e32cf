/**
 * `<pfm-surveys>`'s view. With a project (or budget) it is the project's surveys (§2
 * /pfm/projects/surveys); without one it is the admin-level screen (/pfm/surveys, whose route strips
 * projectId, budgetId and programId), loaded as its own chunk.
 */
import { lazy, Suspense, useCallback } from 'react';
import { RecordListsStatus, ScreenTitle, projectSubject, useRecords } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import type { Survey } from '../../core/surveys/contract';
import { loadSurveys, surveyStore } from './data';
import { SurveyList } from './SurveyList';
import { attributeId } from '../../core/attributes';

export interface SurveysProps {
  projectId?: number;
  budgetId?: number;
}

export const SCREEN_TEXT = {
  title: 'Surveys',
  adminTitle: 'Surveys (all projects)',
  loading: 'Loading surveys…',
  loadFailed: 'The surveys could not be loaded.',
  noAccess: 'You do not have access to these surveys. Project surveys are for PFM Admin, Project Manager and RPM roles.',
} as const;

const AdminSurveys = lazy(() => import('./AdminSurveys'));

const LOAD_OPTIONS = { what: 'Surveys load' };


function ProjectSurveys({ scopeKey }: { scopeKey: string }) {
  const [recordKey, recordId] = scopeKey.split(':') as [string, string];
  const inScope = useCallback((r: Survey) => (recordKey === 'Project' ? r.projectId === Number(recordId) : r.budgetId === Number(recordId)), [recordKey, recordId]);
  const compare = useCallback((a: Survey, b: Survey) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number), []);
  const records = useRecords(surveyStore(), recordKey === 'Project' ? inScope : undefined, compare);
  return (
    <section aria-label="Project surveys" data-list-kind="Survey">
      <SurveyList records={records} label="Surveys" />
    </section>
  );
}

export function Surveys(props: SurveysProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const scope = projectId > 0 ? { recordKey: 'Project', recordId: projectId } : budgetId > 0 ? { recordKey: 'Budget', recordId: budgetId } : null;
  const scopeKey = scope ? `${scope.recordKey}:${scope.recordId}` : '';
  const { state: load, retry } = useLoad(scope ? scopeKey : null, (signal) => loadSurveys(scope!, signal), LOAD_OPTIONS);
  if (!scope) {
    return (
      <Suspense fallback={<main className="container-fluid py-3"><div role="status" className="text-body-secondary">{SCREEN_TEXT.loading}</div></main>}>
        <AdminSurveys />
      </Suspense>
    );
  }
  return (
    <main className="container-fluid py-3" data-screen="surveys">
      <ScreenTitle title={SCREEN_TEXT.title} subject={projectSubject(projectId, budgetId)} />
      <RecordListsStatus load={load} retry={retry} text={SCREEN_TEXT}>
        <ProjectSurveys scopeKey={scopeKey} />
      </RecordListsStatus>
    </main>
  );
}
