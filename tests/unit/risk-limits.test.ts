import { expect } from 'chai';
import {
  aggregateLimitInForce, averageEmr, effectiveStatus, isPrequalified, LIMIT_RULES, LIMIT_STEPS, LIMIT_TEXT, PREQUAL_STATUSES,
  singleLimitInForce, stepDown, stepFloor, suggestLimits, type FinancialStatement, type LimitInput, type SafetyYear,
} from '../../src/core/risk/limits';

// Working capital $400,000 (10 × = $4,000,000) and net worth $25,000,000 (20 % = $5,000,000): the lower is $4,000,000, a rung.
const statement = (over: Partial<FinancialStatement> = {}): FinancialStatement => ({
  year: 2025, currentAssets: 2_000_000, currentLiabilities: 1_600_000, totalLiabilities: 25_000_000, netWorth: 25_000_000,
  revenue: 60_000_000, backlog: 30_000_000, ...over,
});
const safety = (emrs: number[]): SafetyYear[] => emrs.map((emr, i) => ({ year: 2025 - i, emr, oshaRecordableRate: 1.2 }));
const input = (over: Partial<LimitInput> = {}): LimitInput => ({
  financials: [statement()], safety: safety([0.9, 0.9, 0.9]), glPerOccurrence: 1_000_000, glAggregate: 2_000_000, glExpiresOn: '2027-06-30',
  today: '2026-11-23', ...over,
});
const step = (result: ReturnType<typeof suggestLimits>, key: string) => result.steps.find((s) => s.key === key);

describe('suggested limits (issue 14)', () => {
  it('names its rules and statuses', () => {
    expect(LIMIT_RULES).to.deep.include({
      workingCapitalMultiple: 10, netWorthShare: 0.2, aggregateMultiple: 2, minCurrentRatio: 1.2, maxDebtToEquity: 2.0, maxAverageEmr: 1.0,
      emrLetterAt: 1.25, minGlPerOccurrence: 1_000_000, minGlAggregate: 2_000_000, defaultSingleLimit: 100_000, escalationAmount: 5_000_000,
    });
    expect(PREQUAL_STATUSES).to.deep.equal(['Not Prequalified', 'Pending', 'Prequalified', 'Prequalified with Conditions', 'Denied', 'Expired']);
  });

  it('single = the lower of 10 × working capital and 20 % of net worth, on the ladder; aggregate = 2 × single', () => {
    const r = suggestLimits(input());
    expect([r.workingCapital, r.currentRatio, r.debtToEquity]).to.deep.equal([400_000, 1.25, 1]);
    expect([step(r, 'byWorkingCapital')?.value, step(r, 'byNetWorth')?.value]).to.deep.equal([4_000_000, 5_000_000]);
    expect([r.baseSingleLimit, r.stepsDown, r.singleLimit, r.aggregateLimit]).to.deep.equal([4_000_000, 0, 4_000_000, 8_000_000]);
    // Net worth the lower: 20 % of $10M = $2M.
    const byNetWorth = suggestLimits(input({ financials: [statement({ netWorth: 10_000_000, totalLiabilities: 10_000_000 })] }));
    expect(byNetWorth.singleLimit).to.equal(2_000_000);
    // Between rungs: $3.6M rounds down to $3M.
    expect(suggestLimits(input({ financials: [statement({ currentAssets: 1_960_000 })] })).singleLimit).to.equal(3_000_000);
    // The latest statement is used, whatever the order given.
    expect(suggestLimits(input({ financials: [statement({ year: 2023, netWorth: 1 }), statement()] })).statementYear).to.equal(2025);
  });

  it('every input and step is in the working, in order', () => {
    expect(suggestLimits(input()).steps.map((s) => s.key)).to.deep.equal([
      'workingCapital', 'currentRatio', 'debtToEquity', 'byWorkingCapital', 'byNetWorth', 'base', 'balanceSheetStep', 'emrStep', 'single', 'aggregate',
    ]);
    expect(step(suggestLimits(input()), 'workingCapital')?.detail).to.equal('$2,000,000 current assets − $1,600,000 current liabilities (2025)');
  });

  it('current ratio: 1.2 is no reduction, just below is one step', () => {
    // Working capital kept at $400,000: CA/CL = 1.2 exactly, then 1.19…
    const at = suggestLimits(input({ financials: [statement({ currentAssets: 2_400_000, currentLiabilities: 2_000_000 })] }));
    expect([at.currentRatio, at.stepsDown, at.singleLimit]).to.deep.equal([1.2, 0, 4_000_000]);
    const below = suggestLimits(input({ financials: [statement({ currentAssets: 2_500_000, currentLiabilities: 2_100_000 })] }));
    expect(below.currentRatio).to.be.below(1.2);
    expect([below.stepsDown, below.singleLimit, below.aggregateLimit]).to.deep.equal([1, 3_000_000, 6_000_000]);
    expect(step(below, 'balanceSheetStep')?.label).to.equal('Balance sheet: one step down');
  });

  it('debt-to-equity: 2.0 is no reduction, above is one step; both weak is still one step', () => {
    expect(suggestLimits(input({ financials: [statement({ totalLiabilities: 50_000_000 })] })).stepsDown).to.equal(0);
    expect(suggestLimits(input({ financials: [statement({ totalLiabilities: 50_000_001 })] })).stepsDown).to.equal(1);
    const both = suggestLimits(input({ financials: [statement({ totalLiabilities: 60_000_000, currentAssets: 2_500_000, currentLiabilities: 2_100_000 })] }));
    expect([both.stepsDown, both.singleLimit]).to.deep.equal([1, 3_000_000]);
  });

  it('3-year average EMR: 1.0 is no reduction, above is one more step', () => {
    expect(suggestLimits(input({ safety: safety([1.0, 1.0, 1.0]) })).stepsDown).to.equal(0);
    const above = suggestLimits(input({ safety: safety([1.0, 1.0, 1.01]) }));
    expect([above.averageEmr, above.stepsDown, above.singleLimit]).to.deep.equal([1.003, 1, 3_000_000]);
    // Only the latest three years count.
    expect(averageEmr(safety([0.9, 0.9, 0.9, 3.0]))).to.equal(0.9);
    const twoSteps = suggestLimits(input({ safety: safety([1.1, 1.1, 1.1]), financials: [statement({ totalLiabilities: 60_000_000 })] }));
    expect([twoSteps.stepsDown, twoSteps.singleLimit, twoSteps.aggregateLimit]).to.deep.equal([2, 2_000_000, 4_000_000]);
  });

  it('EMR at or above 1.25 (latest year) needs a letter of explanation', () => {
    expect(suggestLimits(input({ safety: safety([1.24, 0.8, 0.8]) })).requiredAttachments).to.deep.equal([]);
    const letter = suggestLimits(input({ safety: safety([1.25, 0.8, 0.8]) }));
    expect([letter.emrNeedsLetter, letter.requiredAttachments]).to.deep.equal([true, [LIMIT_TEXT.emrLetter]]);
    expect(LIMIT_TEXT.emrLetter).to.equal('EMR letter of explanation');
  });

  it('insurance below $1M per occurrence / $2M aggregate, expired or missing is a condition', () => {
    expect(suggestLimits(input()).conditions).to.deep.equal([]);
    expect(suggestLimits(input({ glPerOccurrence: 999_999 })).conditions).to.deep.equal([LIMIT_TEXT.glPerOccurrence]);
    expect(suggestLimits(input({ glAggregate: 1_999_999 })).conditions).to.deep.equal([LIMIT_TEXT.glAggregate]);
    expect(suggestLimits(input({ glExpiresOn: '2026-11-22' })).conditions).to.deep.equal([LIMIT_TEXT.glExpired]);
    expect(suggestLimits(input({ glExpiresOn: '2026-11-23' })).conditions).to.deep.equal([]);
    expect(suggestLimits(input({ glPerOccurrence: null })).conditions).to.deep.equal([LIMIT_TEXT.glMissing]);
  });

  it('no statement: no suggestion; negative working capital: $0', () => {
    const none = suggestLimits(input({ financials: [] }));
    expect([none.statementYear, none.singleLimit, none.aggregateLimit, none.steps[0]?.detail]).to.deep.equal([null, 0, 0, LIMIT_TEXT.noStatement]);
    expect(suggestLimits(input({ financials: [statement({ currentAssets: 1_000_000 })] })).singleLimit).to.equal(0);
  });

  it('the ladder: floor and steps down never below 0', () => {
    expect(LIMIT_STEPS[0]).to.equal(0);
    expect([stepFloor(99_999), stepFloor(100_000), stepFloor(4_999_999), stepFloor(1e12)]).to.deep.equal([0, 100_000, 4_000_000, 50_000_000]);
    expect([stepDown(250_000, 1), stepDown(100_000, 2), stepDown(5_000_000, 2)]).to.deep.equal([100_000, 0, 3_000_000]);
  });

  it('limits in force: the default $100,000 unless prequalified and not expired', () => {
    const approved = { status: 'Prequalified' as const, singleLimit: 2_000_000, aggregateLimit: 4_000_000, limitExpiresOn: '2026-11-23' };
    expect([effectiveStatus(approved, '2026-11-23'), singleLimitInForce(approved, '2026-11-23'), aggregateLimitInForce(approved, '2026-11-23')])
      .to.deep.equal(['Prequalified', 2_000_000, 4_000_000]);
    expect([effectiveStatus(approved, '2026-11-24'), isPrequalified(approved, '2026-11-24'), singleLimitInForce(approved, '2026-11-24'), aggregateLimitInForce(approved, '2026-11-24')])
      .to.deep.equal(['Expired', false, 100_000, 200_000]);
    const conditions = { ...approved, status: 'Prequalified with Conditions' as const, limitExpiresOn: null };
    expect(isPrequalified(conditions, '2030-01-01')).to.equal(true);
    for (const status of ['Not Prequalified', 'Pending', 'Denied', 'Expired'] as const) {
      expect(singleLimitInForce({ ...approved, status }, '2026-01-01'), status).to.equal(LIMIT_RULES.defaultSingleLimit);
    }
  });
});
