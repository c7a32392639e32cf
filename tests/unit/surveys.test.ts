import { expect } from 'chai';
import {
  answerScore, averageScore, formatAverage, isSurveyDue, milestoneDate, missingRequired, missingRequiredMessage, normalizeAnswer, surveyDueDate,
  SURVEY_ADMINS, SURVEY_MILESTONES,
} from '../../src/core/surveys/contract';
import { ruleAllows } from '../../src/core/access';

describe('survey rules', () => {
  it('milestones: acceptance at the start, midpoint halfway (rounded down), substantial completion at the end; due 14 days later', () => {
    expect(SURVEY_MILESTONES).to.deep.equal(['Acceptance', 'Midpoint', 'Substantial Completion']);
    expect(milestoneDate('2026-01-01', '2026-12-31', 'Acceptance')).to.equal('2026-01-01');
    expect(milestoneDate('2026-01-01', '2026-01-04', 'Midpoint')).to.equal('2026-01-02');
    expect(milestoneDate('2026-01-01', '2026-12-31', 'Substantial Completion')).to.equal('2026-12-31');
    expect(milestoneDate(null, '2026-12-31', 'Acceptance')).to.equal(null);
    expect(milestoneDate('bogus', '2026-12-31', 'Midpoint')).to.equal(null);
    expect(surveyDueDate('2026-12-20')).to.equal('2027-01-03');
  });

  it('a survey is due for an active project whose value reaches the threshold once the milestone is reached', () => {
    const base = { contractAmount: 25_000_000, valueThreshold: 25_000_000, active: true, startDate: '2026-01-01', completionDate: '2026-12-31', milestone: 'Midpoint' as const, today: '2026-07-02' };
    expect(isSurveyDue(base)).to.equal(true);
    expect(isSurveyDue({ ...base, contractAmount: 24_999_999.99 })).to.equal(false);
    expect(isSurveyDue({ ...base, active: false })).to.equal(false);
    expect(isSurveyDue({ ...base, today: '2026-07-01' })).to.equal(false);
    expect(isSurveyDue({ ...base, milestone: 'Substantial Completion' })).to.equal(false);
  });

  it('answers: rating 1-5, Yes/No, plain numbers, text up to 2,000; empty is no answer', () => {
    expect(normalizeAnswer('rating', ' 4 ')).to.deep.equal({ value: '4' });
    for (const bad of ['0', '6', '3.5', 'x']) expect(normalizeAnswer('rating', bad)).to.have.property('error');
    expect(normalizeAnswer('yesNo', 'true')).to.deep.equal({ value: 'Yes' });
    expect(normalizeAnswer('yesNo', 'NO')).to.deep.equal({ value: 'No' });
    expect(normalizeAnswer('yesNo', 'maybe')).to.deep.equal({ error: 'must be Yes or No' });
    expect(normalizeAnswer('number', '007.50')).to.deep.equal({ value: '7.5' });
    expect(normalizeAnswer('number', '1e3')).to.deep.equal({ error: 'must be a number' });
    expect(normalizeAnswer('text', 'x'.repeat(2001))).to.deep.equal({ error: 'is longer than 2,000 characters' });
    expect(normalizeAnswer('text', '  ')).to.deep.equal({ value: null });
  });

  it('required questions without an answer are named in the refusal', () => {
    const questions = [
      { surveyQuestionId: 1, text: 'Overall?', required: true },
      { surveyQuestionId: 2, text: 'Comments', required: false },
      { surveyQuestionId: 3, text: 'On schedule?', required: true },
    ];
    const missing = missingRequired(questions, new Map([[1, ' '], [2, '']]));
    expect(missing.map((q) => q.surveyQuestionId)).to.deep.equal([1, 3]);
    expect(missingRequiredMessage('SV-1', missing)).to.equal('SV-1 can not be submitted: these 2 required questions have no answer: “Overall?”, “On schedule?”.');
    expect(missingRequiredMessage('SV-1', missing.slice(1))).to.equal('SV-1 can not be submitted: this required question has no answer: “On schedule?”.');
  });

  it('averages: ratings and numbers as themselves, Yes = 1 and No = 0, text not counted', () => {
    expect(averageScore(['5', '4', '4'].map((v) => answerScore('rating', v)))).to.equal(4.33);
    expect(averageScore(['Yes', 'No', 'Yes', 'Yes'].map((v) => answerScore('yesNo', v)))).to.equal(0.75);
    expect(averageScore(['a', 'b'].map((v) => answerScore('text', v)))).to.equal(null);
    expect(formatAverage('yesNo', 0.75)).to.equal('75% Yes');
    expect(formatAverage('rating', 4.333)).to.equal('4.33');
    expect(formatAverage('rating', null)).to.equal('—');
  });

  it('the admin-level lists are for PFM Admin and RPM', () => {
    const allows = (name: string) => SURVEY_ADMINS.some((rule) => ruleAllows([{ applicationKey: 'keyPFM', name }], rule));
    expect(allows('Admin')).to.equal(true);
    expect(allows('RPM')).to.equal(true);
    expect(allows('Project Manager')).to.equal(false);
  });
});
