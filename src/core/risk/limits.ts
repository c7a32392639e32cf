/**
 * Suggested subcontractor limits (issue 14): one pure function shared by the demo host (the SLIM
 * request load, approval) and the client (the workbench shows the working), so the two cannot
 * disagree. It answers every input and every step, so the reviewer can follow the arithmetic.
 *
 * - working capital = current assets − current liabilities; current ratio = current assets ÷ current
 *   liabilities; debt-to-equity = total liabilities ÷ net worth (of the latest statement year);
 * - base single limit = the lower of 10 × working capital and 20 % of net worth (never below 0),
 *   rounded DOWN to the limit ladder (LIMIT_STEPS);
 * - one step down the ladder for a current ratio below 1.2 or a debt-to-equity above 2.0 (one step for
 *   either or both), and one step for a 3-year average EMR above 1.0;
 * - aggregate limit = 2 × single limit;
 * - the latest year's EMR at or above 1.25 needs a letter of explanation (a required attachment);
 * - general liability below $1M per occurrence or $2M aggregate, or expired, is a condition.
 */

/** The ladder a limit moves on: a "step" is one rung. */
export const LIMIT_STEPS: readonly number[] = [
  0, 100_000, 250_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000,
  7_500_000, 10_000_000, 15_000_000, 20_000_000, 25_000_000, 30_000_000, 40_000_000, 50_000_000,
];

/** The thresholds of the rules, named once (tests pin them). */
export const LIMIT_RULES = {
  workingCapitalMultiple: 10,
  netWorthShare: 0.2,
  aggregateMultiple: 2,
  minCurrentRatio: 1.2,
  maxDebtToEquity: 2.0,
  maxAverageEmr: 1.0,
  emrLetterAt: 1.25,
  minGlPerOccurrence: 1_000_000,
  minGlAggregate: 2_000_000,
  /** The single limit of a vendor that is not prequalified. */
  defaultSingleLimit: 100_000,
  /** A request above this needs an Escalation Reviewer. */
  escalationAmount: 5_000_000,
} as const;

/** A vendor's prequalification statuses. */
export const PREQUAL_STATUSES = ['Not Prequalified', 'Pending', 'Prequalified', 'Prequalified with Conditions', 'Denied', 'Expired'] as const;
export type PrequalStatus = (typeof PREQUAL_STATUSES)[number];

/** One year's financial statement. */
export interface FinancialStatement {
  year: number;
  currentAssets: number;
  currentLiabilities: number;
  totalLiabilities: number;
  netWorth: number;
  revenue: number;
  backlog: number;
}

/** One year's safety record. */
export interface SafetyYear {
  year: number;
  emr: number;
  oshaRecordableRate: number;
}

/** What the limit function reads. */
export interface LimitInput {
  /** Any order; the latest year is used. */
  financials: readonly FinancialStatement[];
  /** Any order; the latest 3 years are averaged. */
  safety: readonly SafetyYear[];
  glPerOccurrence: number | null;
  glAggregate: number | null;
  /** 'YYYY-MM-DD' or null. */
  glExpiresOn: string | null;
  /** 'YYYY-MM-DD': the day the suggestion is made (insurance expiry is compared with it). */
  today: string;
}

/** One line of the working. */
export interface LimitStep {
  key: string;
  label: string;
  /** How the value came about, in words and numbers. */
  detail: string;
  value: number | null;
}

export interface SuggestedLimits {
  /** null when there is no financial statement (nothing to suggest). */
  statementYear: number | null;
  workingCapital: number | null;
  currentRatio: number | null;
  debtToEquity: number | null;
  /** Average of the latest 3 years' EMR (null without safety data). */
  averageEmr: number | null;
  /** The latest year's EMR. */
  latestEmr: number | null;
  baseSingleLimit: number;
  /** Rungs taken off the base (0–2). */
  stepsDown: number;
  singleLimit: number;
  aggregateLimit: number;
  /** Every step, in order. */
  steps: LimitStep[];
  /** Conditions the approval should carry (insurance). */
  conditions: string[];
  /** Attachments that must be on file before approval ('EMR letter of explanation'). */
  requiredAttachments: string[];
  /** True when the latest EMR is at or above 1.25 (also escalates a SLIM request). */
  emrNeedsLetter: boolean;
}

export const LIMIT_TEXT = {
  emrLetter: 'EMR letter of explanation',
  noStatement: 'No financial statement on file: no limit can be suggested.',
  glPerOccurrence: 'General liability per occurrence below $1,000,000: raise it before work starts.',
  glAggregate: 'General liability aggregate below $2,000,000: raise it before work starts.',
  glExpired: 'General liability insurance has expired: a current certificate is required.',
  glMissing: 'No general liability insurance on file: a certificate is required.',
} as const;

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
const fixed = (n: number, digits = 2) => n.toFixed(digits);

/** The highest rung at or below `amount` (0 for anything below the first rung). */
export function stepFloor(amount: number): number {
  let rung = 0;
  for (const step of LIMIT_STEPS) if (step <= amount) rung = step;
  return rung;
}

/** `steps` rungs below `amount`'s rung (never below 0). */
export function stepDown(amount: number, steps: number): number {
  const index = LIMIT_STEPS.indexOf(stepFloor(amount));
  return LIMIT_STEPS[Math.max(0, index - steps)]!;
}

const latest = <T extends { year: number }>(rows: readonly T[]): T | null =>
  rows.length ? [...rows].sort((a, b) => b.year - a.year)[0]! : null;

/** 3-year average EMR (of the latest three years on file), or null. */
export function averageEmr(safety: readonly SafetyYear[]): number | null {
  const years = [...safety].sort((a, b) => b.year - a.year).slice(0, 3);
  if (!years.length) return null;
  return Math.round((years.reduce((s, y) => s + y.emr, 0) / years.length) * 1000) / 1000;
}

/** The suggested limits with their working. */
export function suggestLimits(input: LimitInput): SuggestedLimits {
  const R = LIMIT_RULES;
  const statement = latest(input.financials);
  const avg = averageEmr(input.safety);
  const latestEmr = latest(input.safety)?.emr ?? null;
  const steps: LimitStep[] = [];
  const conditions: string[] = [];
  const requiredAttachments: string[] = [];
  const emrNeedsLetter = latestEmr !== null && latestEmr >= R.emrLetterAt;

  // Insurance conditions apply with or without a statement.
  if (input.glPerOccurrence === null || input.glAggregate === null) conditions.push(LIMIT_TEXT.glMissing);
  else {
    if (input.glPerOccurrence < R.minGlPerOccurrence) conditions.push(LIMIT_TEXT.glPerOccurrence);
    if (input.glAggregate < R.minGlAggregate) conditions.push(LIMIT_TEXT.glAggregate);
    if (input.glExpiresOn !== null && input.glExpiresOn < input.today) conditions.push(LIMIT_TEXT.glExpired);
  }
  if (emrNeedsLetter) requiredAttachments.push(LIMIT_TEXT.emrLetter);

  if (!statement) {
    steps.push({ key: 'statement', label: 'Financial statement', detail: LIMIT_TEXT.noStatement, value: null });
    return {
      statementYear: null, workingCapital: null, currentRatio: null, debtToEquity: null, averageEmr: avg, latestEmr,
      baseSingleLimit: 0, stepsDown: 0, singleLimit: 0, aggregateLimit: 0, steps, conditions, requiredAttachments, emrNeedsLetter,
    };
  }
  const s = statement;
  const workingCapital = s.currentAssets - s.currentLiabilities;
  const currentRatio = s.currentLiabilities > 0 ? s.currentAssets / s.currentLiabilities : null;
  const debtToEquity = s.netWorth > 0 ? s.totalLiabilities / s.netWorth : null;
  steps.push({ key: 'workingCapital', label: 'Working capital', detail: `${money(s.currentAssets)} current assets − ${money(s.currentLiabilities)} current liabilities (${s.year})`, value: workingCapital });
  steps.push({ key: 'currentRatio', label: 'Current ratio', detail: currentRatio === null ? 'No current liabilities' : `${money(s.currentAssets)} ÷ ${money(s.currentLiabilities)} = ${fixed(currentRatio)}`, value: currentRatio });
  steps.push({ key: 'debtToEquity', label: 'Debt-to-equity', detail: debtToEquity === null ? 'Net worth is zero or negative' : `${money(s.totalLiabilities)} total liabilities ÷ ${money(s.netWorth)} net worth = ${fixed(debtToEquity)}`, value: debtToEquity });
  const byWorkingCapital = Math.max(0, R.workingCapitalMultiple * workingCapital);
  const byNetWorth = Math.max(0, R.netWorthShare * s.netWorth);
  const raw = Math.min(byWorkingCapital, byNetWorth);
  steps.push({ key: 'byWorkingCapital', label: '10 × working capital', detail: `10 × ${money(workingCapital)}`, value: byWorkingCapital });
  steps.push({ key: 'byNetWorth', label: '20 % of net worth', detail: `20 % × ${money(s.netWorth)}`, value: byNetWorth });
  const base = stepFloor(raw);
  steps.push({ key: 'base', label: 'Base single limit', detail: `the lower, ${money(raw)}, rounded down to the limit ladder`, value: base });

  let stepsDown = 0;
  const weakBalanceSheet = (currentRatio !== null && currentRatio < R.minCurrentRatio) || debtToEquity === null || debtToEquity > R.maxDebtToEquity;
  if (weakBalanceSheet) {
    stepsDown += 1;
    const why = [
      currentRatio !== null && currentRatio < R.minCurrentRatio ? `current ratio ${fixed(currentRatio)} below 1.20` : null,
      debtToEquity === null ? 'no positive net worth' : debtToEquity > R.maxDebtToEquity ? `debt-to-equity ${fixed(debtToEquity)} above 2.00` : null,
    ].filter(Boolean).join(' and ');
    steps.push({ key: 'balanceSheetStep', label: 'Balance sheet: one step down', detail: why, value: stepDown(base, stepsDown) });
  } else {
    steps.push({ key: 'balanceSheetStep', label: 'Balance sheet: no reduction', detail: `current ratio ${currentRatio === null ? '—' : fixed(currentRatio)} ≥ 1.20 and debt-to-equity ${fixed(debtToEquity!)} ≤ 2.00`, value: base });
  }
  if (avg !== null && avg > R.maxAverageEmr) {
    stepsDown += 1;
    steps.push({ key: 'emrStep', label: 'Safety: one step down', detail: `3-year average EMR ${fixed(avg, 3)} above 1.00`, value: stepDown(base, stepsDown) });
  } else {
    steps.push({ key: 'emrStep', label: 'Safety: no reduction', detail: avg === null ? 'no EMR on file' : `3-year average EMR ${fixed(avg, 3)} ≤ 1.00`, value: stepDown(base, stepsDown) });
  }
  const singleLimit = stepDown(base, stepsDown);
  const aggregateLimit = R.aggregateMultiple * singleLimit;
  steps.push({ key: 'single', label: 'Suggested single limit', detail: stepsDown ? `${money(base)} less ${stepsDown} step${stepsDown > 1 ? 's' : ''}` : `${money(base)}`, value: singleLimit });
  steps.push({ key: 'aggregate', label: 'Suggested aggregate limit', detail: `2 × ${money(singleLimit)}`, value: aggregateLimit });
  return {
    statementYear: s.year, workingCapital, currentRatio, debtToEquity, averageEmr: avg, latestEmr,
    baseSingleLimit: base, stepsDown, singleLimit, aggregateLimit, steps, conditions, requiredAttachments, emrNeedsLetter,
  };
}

/** A vendor's current limits as they stand on `today`. */
export interface CurrentLimits {
  status: PrequalStatus;
  singleLimit: number | null;
  aggregateLimit: number | null;
  /** 'YYYY-MM-DD' or null. */
  limitExpiresOn: string | null;
  /** The general-liability insurance's expiry, 'YYYY-MM-DD' or null (none on file). */
  glExpiresOn?: string | null;
}

/**
 * The status in force on `today`: a prequalification whose limits expired, or whose general-liability
 * insurance expired, is 'Expired' (a date still covers its own day: expired is the day after it).
 */
export function effectiveStatus(limits: CurrentLimits, today: string): PrequalStatus {
  const qualified = limits.status === 'Prequalified' || limits.status === 'Prequalified with Conditions';
  if (qualified && limits.limitExpiresOn !== null && limits.limitExpiresOn < today) return 'Expired';
  if (qualified && limits.glExpiresOn != null && limits.glExpiresOn < today) return 'Expired';
  return limits.status;
}

/** True when the vendor is prequalified (with or without conditions) and not expired on `today`. */
export const isPrequalified = (limits: CurrentLimits, today: string): boolean => {
  const status = effectiveStatus(limits, today);
  return status === 'Prequalified' || status === 'Prequalified with Conditions';
};

/** The single limit in force: the approved one while prequalified, else the default $100,000. */
export function singleLimitInForce(limits: CurrentLimits, today: string): number {
  return isPrequalified(limits, today) && limits.singleLimit !== null ? limits.singleLimit : LIMIT_RULES.defaultSingleLimit;
}

/** The aggregate limit in force: the approved one while prequalified, else 2 × the default single limit. */
export function aggregateLimitInForce(limits: CurrentLimits, today: string): number {
  return isPrequalified(limits, today) && limits.aggregateLimit !== null
    ? limits.aggregateLimit : LIMIT_RULES.aggregateMultiple * LIMIT_RULES.defaultSingleLimit;
}
