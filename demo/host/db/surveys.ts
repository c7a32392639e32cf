/**
 * Project surveys (migration 006, issue 12): the default templates (GSA Project Pulse anchor:
 * questions, the milestones a survey is due at, a project-value threshold) and the creation of due
 * surveys. `syncSurveys` is idempotent: the seed runs it on its "today", the host on every start
 * (so surveys that became due since are created, and an upgraded database gets the templates).
 */
import type Database from 'better-sqlite3';
import * as clock from '../../../src/core/clock';
import { isSurveyDue, milestoneDate, surveyDueDate, SURVEY_MILESTONES, type QuestionKind, type SurveyMilestone } from '../../../src/core/surveys/contract';

interface TemplateDef {
  name: string;
  description: string;
  valueThreshold: number;
  milestones: readonly SurveyMilestone[];
  questions: ReadonlyArray<readonly [text: string, kind: QuestionKind, required: boolean]>;
}

/** The default templates, in id order. */
export const SURVEY_TEMPLATES: readonly TemplateDef[] = [
  {
    name: 'Project Pulse: Client Experience',
    description: 'The client’s view of the team at acceptance, midpoint and substantial completion.',
    valueThreshold: 25_000_000,
    milestones: ['Acceptance', 'Midpoint', 'Substantial Completion'],
    questions: [
      ['How satisfied is the client with the project team overall?', 'rating', true],
      ['How well does the team communicate schedule changes?', 'rating', true],
      ['Is the project on schedule?', 'yesNo', true],
      ['How many open issues does the client raise?', 'number', false],
      ['What should the team do differently?', 'text', false],
    ],
  },
  {
    name: 'Project Pulse: Closeout',
    description: 'A short closeout check at substantial completion.',
    valueThreshold: 10_000_000,
    milestones: ['Substantial Completion'],
    questions: [
      ['How satisfied is the client with the finished project?', 'rating', true],
      ['Would the client hire us again?', 'yesNo', true],
      ['Comments', 'text', false],
    ],
  },
];

const MILESTONE_LETTER: Record<SurveyMilestone, string> = { Acceptance: 'A', Midpoint: 'M', 'Substantial Completion': 'S' };

/** A survey's number: SV-{project number}-{template id}{A|M|S}. */
export const surveyNumber = (projectNumber: string, templateId: number, milestone: SurveyMilestone): string =>
  `SV-${projectNumber}-${templateId}${MILESTONE_LETTER[milestone]}`;

/** Insert the default templates when there are none. */
export function ensureSurveyTemplates(db: Database.Database, at: string): void {
  if (db.prepare('SELECT 1 FROM survey_templates LIMIT 1').get()) return;
  for (const template of SURVEY_TEMPLATES) {
    const id = Number(db.prepare(`INSERT INTO survey_templates (name, description, valueThreshold, active, displayText, modifiedAt)
      VALUES (?, ?, ?, 1, ?, ?)`).run(template.name, template.description, template.valueThreshold, template.name, at).lastInsertRowid);
    for (const milestone of template.milestones) db.prepare('INSERT INTO survey_template_milestones (surveyTemplateId, milestone) VALUES (?, ?)').run(id, milestone);
    template.questions.forEach(([text, kind, required], index) => db.prepare(`INSERT INTO survey_questions
      (surveyTemplateId, displayOrder, text, kind, required, modifiedAt) VALUES (?, ?, ?, ?, ?, ?)`).run(id, index + 1, text, kind, required ? 1 : 0, at));
  }
}

/**
 * Create every survey due by `today` (YYYY-MM-DD) that does not exist yet: for each active
 * template and each of its milestones, each active project whose contract value reaches the
 * threshold and that has reached the milestone. Open, the project manager as respondent. Answers
 * the ids created.
 */
export function createDueSurveys(db: Database.Database, today: string, at: string): number[] {
  const openState = db.prepare("SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = 'Survey' AND name = 'Open'").pluck().get() as number | undefined;
  if (openState === undefined) return [];
  const templates = db.prepare('SELECT surveyTemplateId, name, valueThreshold FROM survey_templates WHERE active = 1 ORDER BY surveyTemplateId').all() as
    Array<{ surveyTemplateId: number; name: string; valueThreshold: number }>;
  const projects = db.prepare(`SELECT projectId, number, name, contractAmount, active, startDate, completionDate, projectManagerEmployeeId
    FROM projects ORDER BY projectId`).all() as Array<{ projectId: number; number: string; name: string; contractAmount: number; active: number;
    startDate: string | null; completionDate: string | null; projectManagerEmployeeId: number | null }>;
  const insert = db.prepare(`INSERT OR IGNORE INTO surveys (surveyTemplateId, projectId, milestone, number, milestoneDate, dueDate, respondentEmployeeId,
    applicationRecordStateId, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const created: number[] = [];
  db.transaction(() => {
    for (const template of templates) {
      const milestones = new Set(db.prepare('SELECT milestone FROM survey_template_milestones WHERE surveyTemplateId = ?').pluck().all(template.surveyTemplateId) as string[]);
      for (const milestone of SURVEY_MILESTONES) {
        if (!milestones.has(milestone)) continue;
        for (const p of projects) {
          if (!isSurveyDue({ contractAmount: p.contractAmount, valueThreshold: template.valueThreshold, active: p.active === 1,
            startDate: p.startDate, completionDate: p.completionDate, milestone, today })) continue;
          const on = milestoneDate(p.startDate, p.completionDate, milestone)!;
          const number = surveyNumber(p.number, template.surveyTemplateId, milestone);
          const result = insert.run(template.surveyTemplateId, p.projectId, milestone, number, on, surveyDueDate(on), p.projectManagerEmployeeId,
            openState, `${number} ${template.name} (${milestone})`, at);
          if (result.changes === 1) created.push(Number(result.lastInsertRowid));
        }
      }
    }
  })();
  return created;
}

/** The templates when missing, then the surveys due by `today`. Idempotent. */
export function syncSurveys(db: Database.Database, today: string, at: string = clock.nowIso()): number[] {
  ensureSurveyTemplates(db, at);
  return createDueSurveys(db, today, at);
}

const COMMENTS = [
  'Keep the weekly look-ahead meetings.', 'Send the RFI log before the OAC meeting.', 'More notice before utility shutdowns, please.',
  '=Great superintendent', 'Faster submittal turnaround.',
];

/**
 * The seed's answers (deterministic, no PRNG): a survey whose due date has passed by `today` is
 * Submitted with every question answered, except every fourth (ids 1, 5, 9, …: overdue); of the
 * others every third is In Progress with its first answer given; the rest stay Open.
 */
export function seedSurveyAnswers(db: Database.Database, today: string, at: string): void {
  const state = (name: string) => db.prepare("SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = 'Survey' AND name = ?").pluck().get(name) as number;
  const surveys = db.prepare('SELECT surveyId, surveyTemplateId, dueDate, respondentEmployeeId FROM surveys ORDER BY surveyId').all() as
    Array<{ surveyId: number; surveyTemplateId: number; dueDate: string; respondentEmployeeId: number | null }>;
  const answer = db.prepare('INSERT INTO survey_answers (surveyId, surveyQuestionId, value, modifiedAt) VALUES (?, ?, ?, ?)');
  for (const s of surveys) {
    const questions = db.prepare('SELECT surveyQuestionId, kind FROM survey_questions WHERE surveyTemplateId = ? ORDER BY displayOrder').all(s.surveyTemplateId) as
      Array<{ surveyQuestionId: number; kind: QuestionKind }>;
    const value = (q: { surveyQuestionId: number; kind: QuestionKind }) => {
      const salt = s.surveyId * 7 + q.surveyQuestionId * 3;
      if (q.kind === 'rating') return String(2 + (salt % 4));
      if (q.kind === 'yesNo') return salt % 3 === 0 ? 'No' : 'Yes';
      if (q.kind === 'number') return String(salt % 9);
      return COMMENTS[salt % COMMENTS.length]!;
    };
    if (s.dueDate < today && s.surveyId % 4 !== 1) {
      const submittedAt = `${s.dueDate}T16:00:00.000Z`;
      for (const q of questions) answer.run(s.surveyId, q.surveyQuestionId, value(q), submittedAt);
      db.prepare('UPDATE surveys SET applicationRecordStateId = ?, submittedAt = ?, submittedByEmployeeId = respondentEmployeeId, modifiedAt = ? WHERE surveyId = ?')
        .run(state('Submitted'), submittedAt, at, s.surveyId);
    } else if (s.surveyId % 3 === 0 && questions[0]) {
      answer.run(s.surveyId, questions[0].surveyQuestionId, value(questions[0]), at);
      db.prepare('UPDATE surveys SET applicationRecordStateId = ?, modifiedAt = ? WHERE surveyId = ?').run(state('In Progress'), at, s.surveyId);
    }
  }
}
