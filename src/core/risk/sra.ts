/**
 * Subcontractor risk assessment (SRA, issue 14): the factors of one proposed subcontract, each scored
 * green, amber or red with its reason, the risk level they give, the mitigation each level requires,
 * and the commitment gate. Pure; shared by the demo host (api/risk) and the client.
 *
 * Factors and thresholds (SRA_RULES):
 * - amount ÷ single limit in force: ≤ 75 % green, ≤ 100 % amber, above red;
 * - (open backlog with the company + amount) ÷ aggregate limit in force: ≤ 75 % green, ≤ 100 % amber, above red;
 * - amount ÷ the vendor's annual revenue: ≤ 10 % green, ≤ 25 % amber, above red (no revenue: red);
 * - latest EMR: ≤ 1.0 green, below 1.25 amber, 1.25 or more red (none on file: amber);
 * - general liability expiry: on or after the project end green, before it amber, already expired (or none) red;
 * - average sub rating (1–5): ≥ 3.5 green, ≥ 2.5 amber, below red (no ratings: amber);
 * - prequalification: Prequalified and not expiring before the project end green; with Conditions, or
 *   expiring before the project end, amber; anything else (Not Prequalified, Pending, Denied, Expired) red.
 *
 * Level: High with 2 or more reds; Medium with 1 red or 3 or more ambers; else Low.
 * Mitigation: Low none; Medium at least one; High at least two, one of them a performance and payment
 * bond or subcontractor default insurance.
 */
import {
  aggregateLimitInForce, effectiveStatus, LIMIT_RULES, singleLimitInForce, type CurrentLimits, type PrequalStatus,
} from './limits';

export type Rating = 'green' | 'amber' | 'red';
export const RISK_LEVELS = ['Low', 'Medium', 'High'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const SRA_RULES = {
  singleAmber: 0.75, singleRed: 1.0,
  aggregateAmber: 0.75, aggregateRed: 1.0,
  revenueAmber: 0.10, revenueRed: 0.25,
  emrAmber: 1.0, emrRed: LIMIT_RULES.emrLetterAt,
  ratingGreen: 3.5, ratingAmber: 2.5,
  highReds: 2, mediumReds: 1, mediumAmbers: 3,
} as const;

/** The mitigations an SRA may record, in the form's order. */
export const MITIGATIONS = [
  { key: 'bond', label: 'Performance and payment bond' },
  { key: 'sdi', label: 'Subcontractor default insurance enrolment' },
  { key: 'parentGuarantee', label: 'Parent company guarantee' },
  { key: 'reducedScope', label: 'Reduced scope' },
] as const;
export type MitigationKey = (typeof MITIGATIONS)[number]['key'];
/** The mitigations that secure performance (a High SRA needs one of them). */
export const SECURING_MITIGATIONS: readonly MitigationKey[] = ['bond', 'sdi'];

/** What the assessment reads. Dates are 'YYYY-MM-DD'. */
export interface SraInput {
  amount: number;
  limits: CurrentLimits;
  /** The vendor's open backlog with the company (executed and pending-signature subcontracts not yet billed), without this amount. */
  openBacklog: number;
  /** The vendor's latest annual revenue (null when no statement). */
  revenue: number | null;
  latestEmr: number | null;
  glExpiresOn: string | null;
  subRatingAverage: number | null;
  /** The project's completion date (null: unknown, treated as today). */
  projectEnd: string | null;
  today: string;
}

export type SraFactorKey = 'singleLimit' | 'aggregateLimit' | 'revenueShare' | 'emr' | 'insurance' | 'subRating' | 'prequalification';

export interface SraFactor {
  key: SraFactorKey;
  label: string;
  rating: Rating;
  /** Why, with the numbers. */
  reason: string;
  /** The measured value (a ratio, an EMR, a rating) or null. */
  value: number | null;
}

export interface SraScore {
  factors: SraFactor[];
  level: RiskLevel;
  reds: number;
  ambers: number;
  /** How many mitigations the level requires (0, 1 or 2). */
  mitigationsRequired: number;
  /** True when the level requires a bond or SDI among them. */
  securingMitigationRequired: boolean;
}

export const SRA_TEXT = {
  mitigationMedium: 'A Medium-risk SRA needs at least one mitigation.',
  mitigationHigh: 'A High-risk SRA needs at least two mitigations, one of them a performance and payment bond or subcontractor default insurance.',
  highNeedsAdmin: 'A High-risk SRA also needs an Admin\'s approval.',
  approverRole: 'Only the Risk role approves or rejects an SRA.',
  ownApproval: 'Nobody approves an SRA they submitted.',
  rejectReason: 'Give a reason for rejecting the SRA.',
  onlyDraftEditable: 'Only a Draft SRA can be changed.',
  amountPositive: 'The subcontract amount must be more than $0.',
} as const;

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const band = (value: number, amber: number, red: number): Rating => (value <= amber ? 'green' : value <= red ? 'amber' : 'red');

/** Score one proposed subcontract. */
export function scoreSra(input: SraInput): SraScore {
  const R = SRA_RULES;
  const single = singleLimitInForce(input.limits, input.today);
  const aggregate = aggregateLimitInForce(input.limits, input.today);
  const status: PrequalStatus = effectiveStatus(input.limits, input.today);
  const projectEnd = input.projectEnd ?? input.today;
  const factors: SraFactor[] = [];

  const singleShare = single > 0 ? input.amount / single : Infinity;
  factors.push({ key: 'singleLimit', label: 'Amount against single limit', rating: band(singleShare, R.singleAmber, R.singleRed), value: Number.isFinite(singleShare) ? singleShare : null,
    reason: `${money(input.amount)} is ${Number.isFinite(singleShare) ? pct(singleShare) : 'more than'} of the ${money(single)} single limit${single === LIMIT_RULES.defaultSingleLimit && status !== 'Prequalified' && status !== 'Prequalified with Conditions' ? ' (the default for a vendor not prequalified)' : ''}` });

  const exposure = input.openBacklog + input.amount;
  const aggregateShare = aggregate > 0 ? exposure / aggregate : Infinity;
  factors.push({ key: 'aggregateLimit', label: 'Backlog with us against aggregate limit', rating: band(aggregateShare, R.aggregateAmber, R.aggregateRed), value: Number.isFinite(aggregateShare) ? aggregateShare : null,
    reason: `${money(input.openBacklog)} open backlog + ${money(input.amount)} = ${money(exposure)}, ${Number.isFinite(aggregateShare) ? pct(aggregateShare) : 'more than all'} of the ${money(aggregate)} aggregate limit` });

  if (input.revenue === null || input.revenue <= 0) {
    factors.push({ key: 'revenueShare', label: 'Share of vendor revenue', rating: 'red', value: null, reason: 'No revenue on file' });
  } else {
    const share = input.amount / input.revenue;
    factors.push({ key: 'revenueShare', label: 'Share of vendor revenue', rating: band(share, R.revenueAmber, R.revenueRed), value: share,
      reason: `${money(input.amount)} is ${pct(share)} of ${money(input.revenue)} annual revenue` });
  }

  if (input.latestEmr === null) factors.push({ key: 'emr', label: 'EMR', rating: 'amber', value: null, reason: 'No EMR on file' });
  else {
    const emr = input.latestEmr;
    const rating: Rating = emr >= R.emrRed ? 'red' : emr > R.emrAmber ? 'amber' : 'green';
    factors.push({ key: 'emr', label: 'EMR', rating, value: emr,
      reason: rating === 'red' ? `EMR ${emr.toFixed(2)} is 1.25 or more` : rating === 'amber' ? `EMR ${emr.toFixed(2)} is above 1.00` : `EMR ${emr.toFixed(2)} is 1.00 or less` });
  }

  if (input.glExpiresOn === null) factors.push({ key: 'insurance', label: 'Insurance expiry', rating: 'red', value: null, reason: 'No general liability certificate on file' });
  else if (input.glExpiresOn < input.today) factors.push({ key: 'insurance', label: 'Insurance expiry', rating: 'red', value: null, reason: `General liability expired on ${input.glExpiresOn}` });
  else if (input.glExpiresOn < projectEnd) factors.push({ key: 'insurance', label: 'Insurance expiry', rating: 'amber', value: null, reason: `General liability expires on ${input.glExpiresOn}, before the project ends on ${projectEnd}` });
  else factors.push({ key: 'insurance', label: 'Insurance expiry', rating: 'green', value: null, reason: `General liability runs to ${input.glExpiresOn}, past the project end` });

  if (input.subRatingAverage === null) factors.push({ key: 'subRating', label: 'Sub rating', rating: 'amber', value: null, reason: 'No sub ratings yet' });
  else {
    const r = input.subRatingAverage;
    const rating: Rating = r >= R.ratingGreen ? 'green' : r >= R.ratingAmber ? 'amber' : 'red';
    factors.push({ key: 'subRating', label: 'Sub rating', rating, value: r, reason: `Average sub rating ${r.toFixed(1)} of 5` });
  }

  const expires = input.limits.limitExpiresOn;
  if (status === 'Prequalified' && (expires === null || expires >= projectEnd)) {
    factors.push({ key: 'prequalification', label: 'Prequalification', rating: 'green', value: null, reason: `Prequalified${expires ? ` to ${expires}` : ''}` });
  } else if (status === 'Prequalified' || status === 'Prequalified with Conditions') {
    const why = status === 'Prequalified with Conditions' ? 'Prequalified with conditions' : 'Prequalified';
    const early = expires !== null && expires < projectEnd ? `, expiring ${expires} before the project ends` : '';
    factors.push({ key: 'prequalification', label: 'Prequalification', rating: 'amber', value: null, reason: `${why}${early}` });
  } else {
    factors.push({ key: 'prequalification', label: 'Prequalification', rating: 'red', value: null, reason: status === 'Expired' ? `Prequalification expired on ${expires}` : status });
  }

  const reds = factors.filter((f) => f.rating === 'red').length;
  const ambers = factors.filter((f) => f.rating === 'amber').length;
  const level: RiskLevel = reds >= R.highReds ? 'High' : reds >= R.mediumReds || ambers >= R.mediumAmbers ? 'Medium' : 'Low';
  return {
    factors, level, reds, ambers,
    mitigationsRequired: level === 'High' ? 2 : level === 'Medium' ? 1 : 0,
    securingMitigationRequired: level === 'High',
  };
}

/** Null when the chosen mitigations meet the level, else the message to show. */
export function mitigationProblem(level: RiskLevel, chosen: readonly MitigationKey[]): string | null {
  const distinct = new Set(chosen);
  if (level === 'Medium' && distinct.size < 1) return SRA_TEXT.mitigationMedium;
  if (level === 'High' && (distinct.size < 2 || !SECURING_MITIGATIONS.some((k) => distinct.has(k)))) return SRA_TEXT.mitigationHigh;
  return null;
}

// --- the commitment gate ---------------------------------------------------------------------------

/** The subcontract states the gate guards: the advance to either needs an approved SRA when required (why: core/commitments/terms gateReasons). */
export const GATED_SUBCONTRACT_STATES: readonly string[] = ['Pending Signature', 'Executed'];

/** An approved SRA covers a subcontract when it is for the same project and vendor, for the amount or more. */
export interface SraCover { projectId: number; vendorId: number; amount: number; state: string }
export const sraCovers = (sra: SraCover, subcontract: { projectId: number; vendorId: number; amount: number }): boolean =>
  sra.state === 'Approved' && sra.projectId === subcontract.projectId && sra.vendorId === subcontract.vendorId && sra.amount + 0.005 >= subcontract.amount;
