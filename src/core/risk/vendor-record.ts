/**
 * Keeping a vendor's prequalification record current: the rules of the four entries the risk roles
 * make (financial statements by year, EMR and OSHA rate, insurance certificates, bonding capacity) and
 * the expiry watch. Pure; shared by the demo host (api/risk/vendor-record.ts) and the client's forms
 * (src/features/risk/vendor-record), so both refuse the same input with the same words.
 *
 * Expiry watch:
 * - a date is expired the day AFTER it: a certificate expiring today still covers today;
 * - a vendor whose general-liability insurance or prequalification limits expired counts as not
 *   prequalified (limits.ts effectiveStatus reads it 'Expired', and so the gate);
 * - from {@link RENEWAL_NOTICE_DAYS} days before an expiry (and after it), a Renewal request is due in
 *   the SLIM queue: the host's scheduled job creates one per vendor and expiry.
 */
import type { AccessRule } from '../access';

/** Who enters a vendor's record: the company-wide risk roles (api/risk/readers.ts reads the same list). */
export const VENDOR_RECORD_KEEPERS: readonly AccessRule[] = [
  { key: 'keyRISK', roles: ['Risk', 'Admin'] },
  { key: 'keySLIM', roles: ['Admin', 'Prequal Administrator', 'Escalation Reviewer'] },
];

/** Days before an expiry when its Renewal request is created. */
export const RENEWAL_NOTICE_DAYS = 60;

/** The coverages a certificate of insurance lists; general liability is the one the gate watches. */
export const INSURANCE_COVERAGES = ['General Liability', 'Automobile Liability', 'Umbrella / Excess Liability', "Workers' Compensation"] as const;
export type InsuranceCoverage = (typeof INSURANCE_COVERAGES)[number];
export const GENERAL_LIABILITY: InsuranceCoverage = 'General Liability';

/** The expiries the watch follows. */
export const WATCHED_EXPIRIES = ['General liability insurance', 'Prequalification'] as const;
export type WatchedExpiryKind = (typeof WATCHED_EXPIRIES)[number];

/** Longest carrier / surety / policy number. */
export const VENDOR_TEXT_MAX = 200;
/** The highest EMR and OSHA recordable rate a form takes (anything above is a typing slip). */
export const MAX_EMR = 5;
export const MAX_OSHA_RATE = 100;
/** The earliest statement or safety year. */
export const EARLIEST_RECORD_YEAR = 1990;

export const VENDOR_RECORD_TEXT = {
  year: (latest: number) => `Enter the year as four digits, from ${EARLIEST_RECORD_YEAR} to ${latest}.`,
  amount: 'Enter an amount in dollars and cents, such as 1250000 or 1,250,000.00.',
  notNegative: 'The amount can not be negative.',
  positive: 'The amount must be more than $0.',
  emr: `Enter the EMR as a number more than 0 and at most ${MAX_EMR}, such as 0.85.`,
  osha: `Enter the OSHA recordable rate as a number from 0 to ${MAX_OSHA_RATE}, such as 2.1.`,
  carrier: 'Enter the insurance carrier.',
  surety: 'Enter the surety.',
  coverage: `Choose the coverage: ${INSURANCE_COVERAGES.join(', ')}.`,
  date: 'Enter a date (YYYY-MM-DD).',
  expiresAfterEffective: 'The expiry must be after the effective date.',
  aggregateBelowOccurrence: 'The aggregate can not be less than the each-occurrence limit.',
  aggregateBelowSingle: 'The aggregate capacity can not be less than the single capacity.',
  tooLong: `At most ${VENDOR_TEXT_MAX} characters.`,
  expired: (date: string) => `Expired ${date}`,
  expiresIn: (days: number) => (days === 0 ? 'Expires today' : `Expires in ${days} day${days === 1 ? '' : 's'}`),
} as const;

// --- entries ----------------------------------------------------------------------------------------

/** A field refused: which, and why (the host answers them as §7 feedback; the form shows them at the field). */
export interface FieldProblem {
  field: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

/** The raw form of each entry, as typed (strings; absent = ''). */
export type RawEntry<K extends string> = Partial<Record<K, string | null | undefined>>;

export const FINANCIAL_FIELDS = ['year', 'currentAssets', 'currentLiabilities', 'totalLiabilities', 'netWorth', 'revenue', 'backlog'] as const;
export const SAFETY_FIELDS = ['year', 'emr', 'oshaRecordableRate'] as const;
export const INSURANCE_FIELDS = ['coverage', 'carrier', 'policyNumber', 'eachOccurrence', 'aggregate', 'effectiveOn', 'expiresOn'] as const;
export const BONDING_FIELDS = ['surety', 'singleCapacity', 'aggregateCapacity'] as const;

export interface FinancialEntryInput {
  year: number; currentAssets: number; currentLiabilities: number; totalLiabilities: number; netWorth: number; revenue: number; backlog: number;
}
export interface SafetyEntryInput { year: number; emr: number; oshaRecordableRate: number }
export interface InsuranceEntryInput {
  coverage: InsuranceCoverage; carrier: string; policyNumber: string | null;
  eachOccurrence: number; aggregate: number | null; effectiveOn: string | null; expiresOn: string;
}
export interface BondingEntryInput { surety: string; singleCapacity: number; aggregateCapacity: number }

const AMOUNT = /^-?\d{1,13}(\.\d{1,2})?$/;
const DECIMAL = /^\d{1,3}(\.\d{1,4})?$/;

/** An amount as typed ('$1,250,000.00', '1250000'), or NaN. Cents rounded as money is. */
export function parseAmount(raw: string | null | undefined): number {
  const text = (raw ?? '').trim().replace(/^\$/, '').replace(/,/g, '');
  if (!AMOUNT.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100) / 100;
}

const isDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** Collects problems while reading a raw entry. */
class Reader<K extends string> {
  readonly problems: FieldProblem[] = [];
  constructor(private readonly raw: RawEntry<K>) {}
  text(field: K): string { return (this.raw[field] ?? '').trim(); }
  refuse(field: K, message: string): void { if (!this.problems.some((p) => p.field === field)) this.problems.push({ field, message }); }
  year(field: K, latest: number): number {
    const text = this.text(field);
    const n = /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= EARLIEST_RECORD_YEAR && n <= latest)) { this.refuse(field, VENDOR_RECORD_TEXT.year(latest)); return 0; }
    return n;
  }
  amount(field: K, rule: 'any' | 'notNegative' | 'positive'): number {
    const n = parseAmount(this.text(field));
    if (Number.isNaN(n)) { this.refuse(field, VENDOR_RECORD_TEXT.amount); return 0; }
    if (rule === 'notNegative' && n < 0) this.refuse(field, VENDOR_RECORD_TEXT.notNegative);
    if (rule === 'positive' && n <= 0) this.refuse(field, VENDOR_RECORD_TEXT.positive);
    return n;
  }
  optionalAmount(field: K): number | null { return this.text(field) === '' ? null : this.amount(field, 'positive'); }
  decimal(field: K, ok: (n: number) => boolean, message: string): number {
    const text = this.text(field);
    const n = DECIMAL.test(text) ? Number(text) : Number.NaN;
    if (!ok(n)) { this.refuse(field, message); return 0; }
    return n;
  }
  name(field: K, missing: string, required: boolean): string | null {
    const text = this.text(field);
    if (!text) { if (required) this.refuse(field, missing); return null; }
    if (text.length > VENDOR_TEXT_MAX) this.refuse(field, VENDOR_RECORD_TEXT.tooLong);
    return text;
  }
  day(field: K, required: boolean): string | null {
    const text = this.text(field);
    if (!text) { if (required) this.refuse(field, VENDOR_RECORD_TEXT.date); return null; }
    if (!isDay(text)) { this.refuse(field, VENDOR_RECORD_TEXT.date); return null; }
    return text;
  }
  done<T>(value: T): Checked<T> { return this.problems.length ? { ok: false, problems: this.problems } : { ok: true, value }; }
}

/** A financial statement of one year (`today` bounds the year). Net worth may be negative; the rest not. */
export function checkFinancialEntry(raw: RawEntry<(typeof FINANCIAL_FIELDS)[number]>, today: string): Checked<FinancialEntryInput> {
  const r = new Reader(raw);
  const value: FinancialEntryInput = {
    year: r.year('year', Number(today.slice(0, 4))),
    currentAssets: r.amount('currentAssets', 'notNegative'),
    currentLiabilities: r.amount('currentLiabilities', 'notNegative'),
    totalLiabilities: r.amount('totalLiabilities', 'notNegative'),
    netWorth: r.amount('netWorth', 'any'),
    revenue: r.amount('revenue', 'notNegative'),
    backlog: r.amount('backlog', 'notNegative'),
  };
  return r.done(value);
}

/** One year's EMR (more than 0, at most {@link MAX_EMR}) and OSHA recordable rate (0 to {@link MAX_OSHA_RATE}). */
export function checkSafetyEntry(raw: RawEntry<(typeof SAFETY_FIELDS)[number]>, today: string): Checked<SafetyEntryInput> {
  const r = new Reader(raw);
  const value: SafetyEntryInput = {
    year: r.year('year', Number(today.slice(0, 4))),
    emr: r.decimal('emr', (n) => n > 0 && n <= MAX_EMR, VENDOR_RECORD_TEXT.emr),
    oshaRecordableRate: r.decimal('oshaRecordableRate', (n) => n >= 0 && n <= MAX_OSHA_RATE, VENDOR_RECORD_TEXT.osha),
  };
  return r.done(value);
}

/** A certificate: coverage, carrier, limits (aggregate optional, not below each occurrence) and expiry (after the effective date). */
export function checkInsuranceEntry(raw: RawEntry<(typeof INSURANCE_FIELDS)[number]>): Checked<InsuranceEntryInput> {
  const r = new Reader(raw);
  const coverageText = r.text('coverage').toLowerCase();
  const coverage = INSURANCE_COVERAGES.find((c) => c.toLowerCase() === coverageText);
  if (!coverage) r.refuse('coverage', VENDOR_RECORD_TEXT.coverage);
  const carrier = r.name('carrier', VENDOR_RECORD_TEXT.carrier, true) ?? '';
  const policyNumber = r.name('policyNumber', '', false);
  const eachOccurrence = r.amount('eachOccurrence', 'positive');
  const aggregate = r.optionalAmount('aggregate');
  if (aggregate !== null && eachOccurrence > 0 && aggregate < eachOccurrence) r.refuse('aggregate', VENDOR_RECORD_TEXT.aggregateBelowOccurrence);
  const effectiveOn = r.day('effectiveOn', false);
  const expiresOn = r.day('expiresOn', true) ?? '';
  if (effectiveOn && expiresOn && expiresOn <= effectiveOn) r.refuse('expiresOn', VENDOR_RECORD_TEXT.expiresAfterEffective);
  return r.done({ coverage: coverage ?? GENERAL_LIABILITY, carrier, policyNumber, eachOccurrence, aggregate, effectiveOn, expiresOn });
}

/** Bonding capacity: the surety, single and aggregate (not below single) capacities. */
export function checkBondingEntry(raw: RawEntry<(typeof BONDING_FIELDS)[number]>): Checked<BondingEntryInput> {
  const r = new Reader(raw);
  const surety = r.name('surety', VENDOR_RECORD_TEXT.surety, true) ?? '';
  const singleCapacity = r.amount('singleCapacity', 'positive');
  const aggregateCapacity = r.amount('aggregateCapacity', 'positive');
  if (singleCapacity > 0 && aggregateCapacity > 0 && aggregateCapacity < singleCapacity) r.refuse('aggregateCapacity', VENDOR_RECORD_TEXT.aggregateBelowSingle);
  return r.done({ surety, singleCapacity, aggregateCapacity });
}

// --- the expiry watch ---------------------------------------------------------------------------------

/** Whole days from `today` to `day` (negative once past). */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** True once `expiresOn` has passed: the day after it (a date expiring today still covers today). */
export const isExpired = (expiresOn: string | null | undefined, today: string): boolean => !!expiresOn && expiresOn < today;

/** True from {@link RENEWAL_NOTICE_DAYS} days before `expiresOn` on (and after it): its Renewal request is due. */
export const renewalDue = (expiresOn: string | null | undefined, today: string): boolean =>
  !!expiresOn && daysUntil(expiresOn, today) <= RENEWAL_NOTICE_DAYS;

/** One watched expiry of a vendor. */
export interface WatchedExpiry {
  kind: WatchedExpiryKind;
  expiresOn: string;
  expired: boolean;
  /** Days from today (negative once past). */
  daysLeft: number;
  renewalDue: boolean;
}

/** What the watch reads of a vendor: its GL expiry and, while prequalified as decided, its limits' expiry. */
export interface WatchedDates {
  status: string | null;
  glExpiresOn: string | null;
  limitExpiresOn: string | null;
}

/**
 * The vendor's watched expiries on `today`, the GL insurance's and the prequalification's, while the
 * vendor is prequalified as decided (a Denied, Pending or unqualified vendor has nothing to renew).
 */
export function watchedExpiries(vendor: WatchedDates, today: string): WatchedExpiry[] {
  const qualified = vendor.status === 'Prequalified' || vendor.status === 'Prequalified with Conditions';
  if (!qualified) return [];
  const dates: Array<[WatchedExpiryKind, string | null]> = [
    ['General liability insurance', vendor.glExpiresOn],
    ['Prequalification', vendor.limitExpiresOn],
  ];
  return dates.filter((d): d is [WatchedExpiryKind, string] => d[1] !== null).map(([kind, expiresOn]) => ({
    kind, expiresOn, expired: isExpired(expiresOn, today), daysLeft: daysUntil(expiresOn, today), renewalDue: renewalDue(expiresOn, today),
  }));
}

/** The justification of an automatic Renewal request: what expires and when. */
export function renewalJustification(vendorName: string, due: readonly Pick<WatchedExpiry, 'kind' | 'expiresOn' | 'expired'>[]): string {
  const what = due.map((d) => `${d.kind} ${d.expired ? 'expired' : 'expires'} ${d.expiresOn}`).join('; ');
  return `Raised by the expiry watch: ${vendorName}: ${what}. Collect the renewal and update the vendor's record.`;
}
