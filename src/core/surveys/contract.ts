/**
 * Surveys (§2, issue 12): project surveys after the GSA Project Pulse anchor. A template holds
 * questions and the milestones at which a survey is due (acceptance, midpoint, substantial
 * completion) for projects whose value reaches its threshold. The area's contract: the calls and
 * what they answer, the survey states, and the pure rules shared by the demo host (pfm/surveys) and
 * the client (the Survey Instance workbench), so the two cannot disagree.
 */
import type { AccessRule } from '../access';
import type { AdvancementTable, RecordStateTable } from '../records/state-table';

/** The milestones a survey can be due at, in project order. */
export const SURVEY_MILESTONES = ['Acceptance', 'Midpoint', 'Substantial Completion'] as const;
export type SurveyMilestone = (typeof SURVEY_MILESTONES)[number];

/** The kinds of question: a 1–5 rating, yes/no, a number, free text. */
export const QUESTION_KINDS = ['rating', 'yesNo', 'number', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** The states of a survey record (record key 'Survey'); Submitted and Canceled are closed. */
export const SURVEY_STATES = { open: 'Open', inProgress: 'In Progress', submitted: 'Submitted', canceled: 'Canceled' } as const;
type SurveyState = (typeof SURVEY_STATES)[keyof typeof SURVEY_STATES];
export const SURVEY_RECORD_STATES: RecordStateTable<SurveyState> = [
  [SURVEY_STATES.open, false], [SURVEY_STATES.inProgress, false], [SURVEY_STATES.submitted, true], [SURVEY_STATES.canceled, true],
];
/** Submitting checks the required answers (pfm/surveys); a Submitted survey is read-only and stays so. */
export const SURVEY_ADVANCEMENTS: AdvancementTable<SurveyState> = {
  Open: [['In Progress', true], ['Canceled', false]],
  'In Progress': [['Submitted', true], ['Open', false], ['Canceled', false]],
  Canceled: [['Open', false]],
};

/** Days a respondent has to answer once the milestone is reached. */
export const SURVEY_RESPONSE_DAYS = 14;

/** Longest free-text answer accepted. */
export const SURVEY_TEXT_MAX = 2000;

/** Who sees every survey across projects, the templates and the averages (admin-level screen). */
export const SURVEY_ADMINS: readonly AccessRule[] = [{ key: 'keyPFM', roles: ['Admin', 'RPM'] }];

/** A survey as getsurveys answers it. */
export interface Survey {
  surveyId: number;
  surveyTemplateId: number;
  templateName: string;
  projectId: number;
  projectNumber: string;
  projectName: string;
  budgetId: number | null;
  milestone: SurveyMilestone;
  number: string;
  milestoneDate: string;
  dueDate: string;
  respondentEmployeeId: number | null;
  respondentName: string | null;
  applicationRecordStateId: number;
  recordStateName: string;
  closed: boolean;
  submittedAt: string | null;
  answerCount: number;
  questionCount: number;
  modifiedAt?: string;
}

/** A question, with the survey's answer in `value` when loaded for a survey. */
export interface SurveyQuestion {
  surveyQuestionId: number;
  surveyTemplateId: number;
  displayOrder: number;
  text: string;
  kind: QuestionKind;
  required: boolean;
  value?: string | null;
}

/** A template with its milestones, threshold and questions. */
export interface SurveyTemplate {
  surveyTemplateId: number;
  name: string;
  description: string;
  valueThreshold: number;
  active: boolean;
  milestones: SurveyMilestone[];
  questions: SurveyQuestion[];
  surveyCount: number;
}

/** One question's average across projects (submitted surveys only). */
export interface QuestionAverage {
  surveyQuestionId: number;
  surveyTemplateId: number;
  templateName: string;
  displayOrder: number;
  text: string;
  kind: QuestionKind;
  required: boolean;
  responses: number;
  projects: number;
  average: number | null;
}

/** The survey calls (demo/host/api/pfm/surveys). */
export const SURVEY_PATHS = {
  load: '/api/pfm/getsurveys',
  questions: '/api/pfm/getsurveyquestions',
  templates: '/api/pfm/getsurveytemplates',
  averages: '/api/pfm/getsurveyaverages',
  save: '/api/pfm/SaveSurveyAnswers',
  updateState: '/api/pfm/UpdateSurveyState',
} as const;

const day = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The date a project reaches `milestone`: acceptance at its start, midpoint halfway (rounded down
 * to a day), substantial completion at its completion date. Null without both dates.
 */
export function milestoneDate(startDate: string | null | undefined, completionDate: string | null | undefined, milestone: SurveyMilestone): string | null {
  if (!startDate || !completionDate || Number.isNaN(day(startDate)) || Number.isNaN(day(completionDate))) return null;
  const start = day(startDate);
  const end = day(completionDate);
  if (milestone === 'Acceptance') return isoDay(start);
  if (milestone === 'Substantial Completion') return isoDay(end);
  return isoDay(start + Math.floor((end - start) / 86_400_000 / 2) * 86_400_000);
}

/** A survey's due date: {@link SURVEY_RESPONSE_DAYS} after its milestone. */
export const surveyDueDate = (milestoneOn: string): string => isoDay(day(milestoneOn) + SURVEY_RESPONSE_DAYS * 86_400_000);

/** What decides whether a survey is due for a project. */
export interface DueCheck {
  contractAmount: number;
  valueThreshold: number;
  active: boolean;
  startDate: string | null;
  completionDate: string | null;
  milestone: SurveyMilestone;
  /** YYYY-MM-DD. */
  today: string;
}

/**
 * True when a survey is due: the project is active, its value reaches the template's threshold,
 * and it has reached the milestone by `today`.
 */
export function isSurveyDue(check: DueCheck): boolean {
  if (!check.active || !(check.contractAmount >= check.valueThreshold)) return false;
  const on = milestoneDate(check.startDate, check.completionDate, check.milestone);
  return on !== null && on <= check.today.slice(0, 10);
}

/**
 * The stored form of an answer, or an error message: rating an integer 1–5, yes/no 'Yes' or 'No'
 * (true/false accepted), a plain decimal number, text up to {@link SURVEY_TEXT_MAX} characters.
 * Empty means "no answer" and is stored as nothing (`value: null`).
 */
export function normalizeAnswer(kind: QuestionKind, raw: string): { value: string | null } | { error: string } {
  const text = raw.trim();
  if (text === '') return { value: null };
  switch (kind) {
    case 'rating':
      return /^[1-5]$/.test(text) ? { value: text } : { error: 'must be a rating from 1 to 5' };
    case 'yesNo': {
      const lower = text.toLowerCase();
      if (lower === 'yes' || lower === 'true') return { value: 'Yes' };
      if (lower === 'no' || lower === 'false') return { value: 'No' };
      return { error: 'must be Yes or No' };
    }
    case 'number':
      return /^-?\d{1,13}(\.\d{1,6})?$/.test(text) ? { value: String(Number(text)) } : { error: 'must be a number' };
    case 'text':
      return text.length > SURVEY_TEXT_MAX ? { error: `is longer than ${SURVEY_TEXT_MAX.toLocaleString('en-US')} characters` } : { value: text };
    default:
      return { error: 'has an unknown kind' };
  }
}

/** A question as the rules need it. */
export interface QuestionRule {
  surveyQuestionId: number;
  text: string;
  required: boolean;
}

/** The required questions without an answer, in order. */
export function missingRequired<Q extends QuestionRule>(questions: readonly Q[], answers: ReadonlyMap<number, string | null | undefined>): Q[] {
  return questions.filter((q) => q.required && !(answers.get(q.surveyQuestionId) ?? '').trim());
}

/** The refusal of a submit with required questions unanswered (server autoAlert and client say the same). */
export function missingRequiredMessage(number: string, missing: readonly Pick<QuestionRule, 'text'>[]): string {
  return `${number} can not be submitted: ${missing.length === 1 ? 'this required question has' : `these ${missing.length} required questions have`} no answer: ${missing.map((q) => `“${q.text}”`).join(', ')}.`;
}

/**
 * The value an answer counts for in the averages: a rating or number as itself, Yes as 1 and No as
 * 0 (so a yes/no average is the share of Yes); text and empty answers count for nothing.
 */
export function answerScore(kind: QuestionKind, value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'yesNo') return value === 'Yes' ? 1 : value === 'No' ? 0 : null;
  if (kind === 'rating' || kind === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The average of the scores (rounded to 2 decimals), or null with none. */
export function averageScore(scores: readonly (number | null)[]): number | null {
  const counted = scores.filter((s): s is number => s !== null);
  if (counted.length === 0) return null;
  return Math.round((counted.reduce((a, b) => a + b, 0) / counted.length) * 100) / 100;
}

/** The shown form of an average: a rating or number to 2 decimals, a yes/no as the share of Yes in %. */
export function formatAverage(kind: QuestionKind, average: number | null): string {
  if (average === null) return '—';
  if (kind === 'yesNo') return `${Math.round(average * 100)}% Yes`;
  return average.toFixed(2);
}

export const SURVEY_TEXT = {
  readOnly: (number: string) => `${number} was submitted: it is read-only.`,
  respondentOnly: (name: string) => `Only the survey's respondent (${name}) may answer it.`,
  adminsOnly: 'Only PFM Admin and RPM may see every survey, the templates and the averages.',
  canceled: (number: string) => `${number} was canceled: it can not be answered.`,
} as const;
