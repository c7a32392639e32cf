/**
 * The Survey Instance workbench body (§2): the template's questions (rating 1–5 and yes/no as radio
 * groups, number, free text), required ones marked, Save as draft and Submit. Read-only once
 * submitted (or canceled), and for anyone but the survey's respondent. The client checks the
 * required answers and the answer shapes with the core rules the server applies; a failed save keeps
 * every typed answer and says why (the server's refusal names the questions).
 */
import { currentEmployeeId } from '../../core/auth/current-user';
import { useId, useMemo, useState } from 'react';
import { ApiError } from '../../core/api';
import { formatDate } from '../../core/format';
import { showToast } from '../../core/messages';
import { missingRequired, missingRequiredMessage, normalizeAnswer, SURVEY_TEXT_MAX, type SurveyQuestion } from '../../core/surveys/contract';
import { useDraft } from '../../ui/drafts';
import { StateAdvanceMenu, useRecord, useWorkbenchRecordName } from '../../ui/records';
import { advanceSurvey, loadSurvey, saveSurvey, surveyStore } from './data';
import { useLoad } from '../../ui/useLoad';

export const INSTANCE_TEXT = {
  loading: 'Loading survey…',
  loadFailed: 'The survey could not be loaded.',
  notFound: (id: number) => `Survey ${id} was not found.`,
  noAccess: 'You do not have access to this survey. Surveys are for PFM Admin, Project Manager and RPM roles.',
  noRecord: 'No survey was given.',
  saveDraft: 'Save as draft',
  submit: 'Submit',
  saved: (number: string) => `${number} saved as a draft.`,
  submitted: (number: string) => `${number} submitted.`,
  readOnly: (number: string, state: string) => `${number} is ${state}: it is read-only.`,
  notRespondent: (name: string) => `Only the respondent (${name}) may answer this survey; you can read it.`,
  saveFailed: (why: string) => `The survey was not saved (${why}). Your answers are still here: correct them or try again.`,
  stale: 'Someone else changed this survey since you opened it. Reload it to see the current answers; yours are still here.',
  reload: 'Reload',
  required: 'required',
  noAnswer: 'No answer',
  ratingLow: 'poor',
  ratingHigh: 'excellent',
  changeState: 'Change state',
  moved: (number: string, state: string) => `${number} is now ${state}.`,
  notMoved: (number: string, state: string, why: string) => `${number} stays ${state}: ${why}`,
} as const;

/** Why survey `recordId` could not be loaded. */
const loadFailedText = (recordId: number, error: unknown) => (error instanceof ApiError && error.status === 404 ? INSTANCE_TEXT.notFound(recordId)
  : error instanceof ApiError && error.status === 403 ? INSTANCE_TEXT.noAccess
    : error instanceof Error && /was not found/.test(error.message) ? INSTANCE_TEXT.notFound(recordId) : INSTANCE_TEXT.loadFailed);

const errorWhy = (error: unknown) => {
  if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'message' in error.body) return String((error.body as { message: unknown }).message);
  return error instanceof Error ? error.message : String(error);
};

function RadioGroup({ question, options, value, disabled, onChange, invalid, describedBy }: {
  question: SurveyQuestion; options: ReadonlyArray<readonly [string, string]>; value: string; disabled: boolean; onChange(value: string): void;
  invalid: boolean; describedBy?: string;
}) {
  const name = `q-${question.surveyQuestionId}`;
  return (
    <div role="radiogroup" aria-labelledby={`${name}-label`} aria-required={question.required} aria-invalid={invalid || undefined}
      aria-describedby={describedBy} className="d-flex flex-wrap gap-3" data-kind={question.kind}>
      {options.map(([optionValue, label]) => (
        <div className="form-check form-check-inline me-0" key={optionValue}>
          <input className="form-check-input" type="radio" id={`${name}-${optionValue}`} name={name} value={optionValue}
            checked={value === optionValue} disabled={disabled} onChange={() => onChange(optionValue)} />
          <label className="form-check-label" htmlFor={`${name}-${optionValue}`}>{label}</label>
        </div>
      ))}
    </div>
  );
}

/** Answers as a draft keeps them (JSON has no Map): by question id. */
type KeptAnswers = Record<string, string>;
const keptAnswersOf = (answers: Iterable<readonly [number, string]>): KeptAnswers => Object.fromEntries([...answers].map(([id, value]) => [String(id), value]));

const RATING_OPTIONS = [['1', `1 (${INSTANCE_TEXT.ratingLow})`], ['2', '2'], ['3', '3'], ['4', '4'], ['5', `5 (${INSTANCE_TEXT.ratingHigh})`]] as const;
const YES_NO_OPTIONS = [['Yes', 'Yes'], ['No', 'No']] as const;

/** The workbench body for survey `recordId`. */
export function SurveyInstance({ recordId }: { recordId: number }) {
  const survey = useRecord(surveyStore(), recordId);
  const [questions, setQuestions] = useState<SurveyQuestion[]>([]);
  const [answers, setAnswers] = useState<Map<number, string>>(new Map());
  const [me, setMe] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ text: string; stale?: boolean; questionIds?: number[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const nameRef = useWorkbenchRecordName<HTMLDivElement>(survey?.number);
  // The survey's questions go into the answers being edited; who answers decides what may be typed.
  const { state: load, retry } = useLoad(recordId >= 1 ? String(recordId) : null, async (signal) => {
    const [loaded, user] = await Promise.all([loadSurvey(recordId, signal), currentEmployeeId(signal).catch(() => null)]);
    if (!signal.aborted) {
      setQuestions(loaded.questions);
      setAnswers(new Map(loaded.questions.map((q) => [q.surveyQuestionId, q.value ?? ''])));
      setMe(user);
      setProblem(null);
    }
    return loaded;
  }, { what: `Survey ${recordId} load` });

  const shapeErrors = useMemo(() => {
    const errors = new Map<number, string>();
    for (const q of questions) {
      const checked = normalizeAnswer(q.kind, answers.get(q.surveyQuestionId) ?? '');
      if ('error' in checked) errors.set(q.surveyQuestionId, `“${q.text}” ${checked.error}.`);
    }
    return errors;
  }, [questions, answers]);

  const isRespondent = me === null || survey?.respondentEmployeeId === me;
  const readOnly = !survey || survey.closed || !isRespondent;
  // Typed answers survive a reload: kept while they differ from the saved ones, offered back.
  const ready = load.status === 'ready';
  const savedAnswers = useMemo(() => keptAnswersOf(questions.map((q) => [q.surveyQuestionId, q.value ?? ''] as const)), [questions]);
  const kept = useDraft<KeptAnswers>({
    screen: 'wb-survey-instance', recordKey: 'Survey', recordId, value: ready ? keptAnswersOf(answers) : undefined, saved: ready ? savedAnswers : undefined,
    enabled: ready && !readOnly,
    restore: (value) => setAnswers((current) => new Map([...current].map(([id, answer]) => [id, typeof value?.[id] === 'string' ? value[id] : answer]))),
  });

  if (recordId < 1 || load.status === 'failed') {
    return (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state="failed">
        <span>{load.status === 'failed' ? loadFailedText(recordId, load.error) : INSTANCE_TEXT.noRecord}</span>
        {recordId > 0 ? <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>Retry</button> : null}
      </div>
    );
  }
  if (load.status === 'loading' || !survey) {
    return <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{INSTANCE_TEXT.loading}</div>;
  }

  const flagged = new Set(problem?.questionIds ?? []);
  const set = (id: number, value: string) => {
    setAnswers((current) => new Map(current).set(id, value));
    if (flagged.has(id)) setProblem((p) => (p ? { ...p, questionIds: p.questionIds?.filter((q) => q !== id) } : p));
  };

  const save = async (submit: boolean) => {
    if (shapeErrors.size) {
      setProblem({ text: [...shapeErrors.values()].join(' '), questionIds: [...shapeErrors.keys()] });
      return;
    }
    if (submit) {
      const missing = missingRequired(questions, answers);
      if (missing.length) {
        setProblem({ text: missingRequiredMessage(survey.number, missing), questionIds: missing.map((q) => q.surveyQuestionId) });
        return;
      }
    }
    setBusy(true);
    setProblem(null);
    try {
      const saved = await saveSurvey(survey, answers, submit);
      kept.clear(); // here, not by the hook: a submitted survey is read-only (the draft turns off) before its answers come back
      setQuestions(saved.questions);
      setAnswers(new Map(saved.questions.map((q) => [q.surveyQuestionId, q.value ?? ''])));
      showToast(submit ? INSTANCE_TEXT.submitted(survey.number) : INSTANCE_TEXT.saved(survey.number), { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setProblem({ text: INSTANCE_TEXT.stale, stale: true });
      else {
        const body = error instanceof ApiError && error.body && typeof error.body === 'object' ? error.body as { missingQuestionIds?: number[] } : {};
        setProblem({ text: INSTANCE_TEXT.saveFailed(errorWhy(error)), questionIds: Array.isArray(body.missingQuestionIds) ? body.missingQuestionIds : undefined });
      }
    } finally {
      setBusy(false);
    }
  };

  const advance = async (target: { applicationRecordStateId: number; name: string; closed: boolean }) => {
    setBusy(true);
    setProblem(null);
    try {
      await advanceSurvey(survey, target);
      showToast(INSTANCE_TEXT.moved(survey.number, target.name), { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setProblem({ text: INSTANCE_TEXT.stale, stale: true });
      else setProblem({ text: INSTANCE_TEXT.notMoved(survey.number, survey.recordStateName, errorWhy(error)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={nameRef} data-survey={survey.surveyId} className="d-flex flex-column gap-3">
      {survey.recordStateName === 'Submitted' ? null : (
        <div className="d-flex justify-content-end">
          <StateAdvanceMenu stateId={survey.applicationRecordStateId} onSelect={(a) => void advance(a.targetApplicationRecordState)} disabled={busy}
            label={INSTANCE_TEXT.changeState} ariaLabel={`${INSTANCE_TEXT.changeState} of ${survey.number}`} />
        </div>
      )}
      <dl className="row small mb-0">
        <dt className="col-sm-3">Project</dt><dd className="col-sm-9 mb-1">{survey.projectNumber} {survey.projectName}</dd>
        <dt className="col-sm-3">Template</dt><dd className="col-sm-9 mb-1">{survey.templateName}</dd>
        <dt className="col-sm-3">Milestone</dt><dd className="col-sm-9 mb-1">{survey.milestone} ({formatDate(survey.milestoneDate)})</dd>
        <dt className="col-sm-3">Due</dt><dd className="col-sm-9 mb-1">{formatDate(survey.dueDate)}</dd>
        <dt className="col-sm-3">Respondent</dt><dd className="col-sm-9 mb-1">{survey.respondentName ?? ''}</dd>
        <dt className="col-sm-3">State</dt><dd className="col-sm-9 mb-1" data-state-name>{survey.recordStateName}</dd>
      </dl>
      {survey.closed ? <div className="alert alert-secondary mb-0" role="status" data-read-only>{INSTANCE_TEXT.readOnly(survey.number, survey.recordStateName)}</div>
        : !isRespondent ? <div className="alert alert-info mb-0" role="status" data-read-only>{INSTANCE_TEXT.notRespondent(survey.respondentName ?? '')}</div> : null}
      {problem ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3 mb-0" role="alert" data-problem>
          <span>{problem.text}</span>
          {problem.stale ? <button type="button" className="btn btn-sm btn-outline-secondary" onClick={retry}>{INSTANCE_TEXT.reload}</button> : null}
        </div>
      ) : null}
      {kept.banner}
      <form className="d-flex flex-column gap-3" noValidate onSubmit={(e) => { e.preventDefault(); void save(true); }} aria-label={`Survey ${survey.number}`}>
        {questions.map((q, index) => {
          const value = answers.get(q.surveyQuestionId) ?? '';
          const invalid = flagged.has(q.surveyQuestionId);
          const labelId = `q-${q.surveyQuestionId}-label`;
          const inputId = `${ids}-q-${q.surveyQuestionId}`;
          const errorId = invalid ? `${ids}-q-${q.surveyQuestionId}-error` : undefined;
          const label = (
            <span id={labelId}>
              {index + 1}. {q.text}
              {q.required ? <span className="text-danger ms-1" aria-hidden="true">*</span> : null}
              {q.required ? <span className="visually-hidden"> ({INSTANCE_TEXT.required})</span> : null}
            </span>
          );
          return (
            <div key={q.surveyQuestionId} className={`border rounded p-2${invalid ? ' border-danger' : ''}`} data-question={q.surveyQuestionId} data-kind={q.kind}>
              {q.kind === 'rating' || q.kind === 'yesNo' ? (
                <>
                  <div className="fw-semibold mb-2">{label}</div>
                  <RadioGroup question={q} options={q.kind === 'rating' ? RATING_OPTIONS : YES_NO_OPTIONS} value={value} disabled={readOnly || busy}
                    onChange={(v) => set(q.surveyQuestionId, v)} invalid={invalid} describedBy={errorId} />
                </>
              ) : (
                <>
                  <label className="form-label fw-semibold" htmlFor={inputId}>{label}</label>
                  {q.kind === 'number' ? (
                    <input id={inputId} className={`form-control${invalid ? ' is-invalid' : ''}`} type="text" inputMode="decimal" value={value}
                      readOnly={readOnly} disabled={busy} aria-required={q.required} aria-invalid={invalid || undefined} aria-describedby={errorId}
                      onChange={(e) => set(q.surveyQuestionId, e.currentTarget.value)} />
                  ) : (
                    <textarea id={inputId} className={`form-control${invalid ? ' is-invalid' : ''}`} rows={3} maxLength={SURVEY_TEXT_MAX} value={value}
                      readOnly={readOnly} disabled={busy} aria-required={q.required} aria-invalid={invalid || undefined} aria-describedby={errorId}
                      onChange={(e) => set(q.surveyQuestionId, e.currentTarget.value)} />
                  )}
                </>
              )}
              {invalid ? <div id={errorId} className="small text-danger-emphasis mt-1">{shapeErrors.get(q.surveyQuestionId) ?? `${INSTANCE_TEXT.noAnswer}.`}</div> : null}
              {readOnly && value === '' ? <div className="small text-body-secondary">{INSTANCE_TEXT.noAnswer}</div> : null}
            </div>
          );
        })}
        {readOnly ? null : (
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-outline-primary" data-action="save-draft" disabled={busy} onClick={() => void save(false)}>{INSTANCE_TEXT.saveDraft}</button>
            <button type="submit" className="btn btn-primary" data-action="submit" disabled={busy}>{INSTANCE_TEXT.submit}</button>
          </div>
        )}
      </form>
    </div>
  );
}
