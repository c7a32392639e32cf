/**
 * Surveys in Open and Closed lists (§4 record lists): number (opens the Survey Instance workbench),
 * template, milestone, due date (overdue marked), respondent, answered count and state; the
 * admin-level list adds the project.
 */
import { useState } from 'react';
import { formatDate } from '../../core/format';
import { openWorkbench } from '../../core/workbench';
import { RecordLists, type RecordColumn, type RecordListTab } from '../../ui/records';
import type { Survey } from '../../core/surveys/contract';
import { today } from '../../core/clock';

export const LIST_TEXT = {
  overdue: 'Overdue',
  emptyOpen: 'No open surveys.',
  emptyClosed: 'No submitted or canceled surveys.',
} as const;

/** True when an open survey's due date has passed by `today` (YYYY-MM-DD). */
export const isOverdue = (survey: Pick<Survey, 'closed' | 'dueDate'>, today: string): boolean => !survey.closed && survey.dueDate < today;


export function SurveyList({ records, withProject, label }: { records: readonly Survey[]; withProject?: boolean; label: string }) {
  const [tab, setTab] = useState<RecordListTab>('open');
  const now = today();
  const columns: Array<RecordColumn<Survey>> = [
    {
      key: 'number', label: 'Survey', render: (r) => (
        <button type="button" className="btn btn-link p-0 text-start text-nowrap" data-open={r.surveyId} aria-label={`Open survey ${r.number}`}
          onClick={() => openWorkbench('SurveyInstance', { recordKey: 'Survey', recordId: r.surveyId })}>{r.number}</button>
      ),
    },
    ...(withProject ? [{ key: 'project', label: 'Project', render: (r: Survey) => `${r.projectNumber} ${r.projectName}` }] : []),
    { key: 'template', label: 'Template', render: (r) => r.templateName },
    { key: 'milestone', label: 'Milestone', render: (r) => r.milestone },
    {
      key: 'due', label: 'Due', render: (r) => (
        <span className="text-nowrap">{formatDate(r.dueDate)}{isOverdue(r, now) ? <span className="badge text-bg-warning ms-2" data-overdue>{LIST_TEXT.overdue}</span> : null}</span>
      ),
    },
    { key: 'respondent', label: 'Respondent', render: (r) => r.respondentName ?? '' },
    { key: 'answered', label: 'Answered', numeric: true, render: (r) => `${r.answerCount} of ${r.questionCount}` },
    { key: 'state', label: 'State', render: (r) => <span data-state>{r.recordStateName}</span> },
  ];
  return (
    <RecordLists records={records} idOf={(r) => r.surveyId} isClosed={(r) => r.closed} columns={columns} label={label}
      tab={tab} onTabChange={setTab} emptyText={{ open: LIST_TEXT.emptyOpen, closed: LIST_TEXT.emptyClosed }} testId="list-Survey" />
  );
}
