/**
 * Who reads subcontractor-risk data beyond their own projects, and what a vendor's record shows to whom.
 *
 * Risk readers are the risk roles only: keyRISK Risk or Admin; keySLIM Admin (core: it holds every SLIM
 * role), Prequal Administrator, Escalation Reviewer, and a Regional Reviewer for the projects of her
 * region. keyRISK Default and keySLIM Default lift nothing: such a caller (the demo pm) reads only the
 * SRAs of the projects in his reach (project-access.ts currentReach), like any PFM user.
 *
 * Vendors' financial statements, EMR and bonding are confidential to the risk roles (any of the above,
 * a Regional Reviewer included): anyone else sees a vendor's status and limits (redactVendor).
 */
import type Database from 'better-sqlite3';
import { ruleAllows, type AccessRule } from '../../../../src/core/access';
import type { SlimChange, VendorPrequalLoad, VendorPrequalRecord } from '../../../../src/core/risk/contract';
import type { SuggestedLimits } from '../../../../src/core/risk/limits';
import { VENDOR_RECORD_KEEPERS } from '../../../../src/core/risk/vendor-record';
import type { Caller } from '../context';
import { HttpError } from '../http';
import { currentReach, projectRefusal, reaches, reachWhere, type ProjectReach } from '../project-access';
import { PROJECT_SECURITY_TEXT } from '../../../../src/core/projects/team';

/** The roles that read every project's risk data (and enter vendors' records: core VENDOR_RECORD_KEEPERS). */
const EVERY_PROJECT: readonly AccessRule[] = VENDOR_RECORD_KEEPERS;
/** A Regional Reviewer reads the risk data of her region's projects. */
const REGIONAL: AccessRule = { key: 'keySLIM', roles: ['Regional Reviewer'] };

/**
 * The routes' `unscopedFor`: callers passing any of these skip the team guard. A Regional Reviewer
 * passes it too; the handler then limits her to her region (requireRiskProject).
 */
export const RISK_READERS: readonly AccessRule[] = [...EVERY_PROJECT, REGIONAL];

/** True for a risk role (confidential vendor data: financial statements, EMR, bonding). */
export const isRiskReader = (user: Pick<Caller, 'roles'>): boolean => RISK_READERS.some((rule) => ruleAllows(user.roles, rule));

/** What the caller reads of risk data: every project, or the reach plus (a Regional Reviewer) her region. */
export interface RiskReach {
  all: boolean;
  reach: ProjectReach;
  /** The Regional Reviewer's region; null for anyone else. */
  regionId: number | null;
}

export function riskReach(db: Database.Database, user: Pick<Caller, 'employeeId' | 'roles'>): RiskReach {
  const reach = currentReach();
  if (reach.all || EVERY_PROJECT.some((rule) => ruleAllows(user.roles, rule))) return { all: true, reach, regionId: null };
  const regionId = ruleAllows(user.roles, REGIONAL)
    ? ((db.prepare('SELECT regionId FROM employees WHERE employeeId = ?').pluck().get(user.employeeId) as number | null | undefined) ?? null)
    : null;
  return { all: false, reach, regionId };
}

/** True when the caller reads project `projectId`'s risk data (`write`: may change it: not a Viewer membership). */
export function riskReaches(db: Database.Database, risk: RiskReach, projectId: number, write = false): boolean {
  if (risk.all || reaches(risk.reach, projectId, write)) return true;
  if (risk.regionId === null) return false;
  const regionId = db.prepare('SELECT regionId FROM projects WHERE projectId = ?').pluck().get(projectId) as number | null | undefined;
  return regionId === risk.regionId;
}

/** A WHERE fragment limiting `projectColumn` (with the project's `regionColumn`) to what the caller reads. */
export function riskWhere(risk: RiskReach, projectColumn: string, regionColumn: string): string {
  if (risk.all) return '1';
  const teams = reachWhere(risk.reach, projectColumn);
  return risk.regionId === null ? teams : `(${teams} OR ${regionColumn} = ${Number(risk.regionId)})`;
}

/**
 * Refuse unless the caller reads project `projectId`'s risk data: 403 with the refusal facts (the
 * client's Request access), or with `single` a 404 in the words of an unknown record (ids are not probed).
 */
export function requireRiskProject(
  db: Database.Database, user: Pick<Caller, 'employeeId' | 'roles'>, projectId: number,
  options: { write?: boolean; single?: { recordKey: string; recordId: number; message?: string } } = {},
): void {
  const risk = riskReach(db, user);
  if (riskReaches(db, risk, projectId, options.write)) return;
  if (options.single) throw new HttpError(404, options.single.message ?? PROJECT_SECURITY_TEXT.notFound(options.single.recordKey, options.single.recordId));
  throw projectRefusal(db, projectId, options.write && riskReaches(db, risk, projectId) ? 'readOnly' : 'notOnTeam');
}

// --- the confidential part of a vendor's record ---------------------------------------------------

/** The vendor record as a caller without a risk role sees it: status, limits and insurance; no statements, EMR nor bonding. */
export type RedactedVendor = VendorPrequalRecord & { confidential?: true };

/**
 * The record without its confidential figures: financial statements and safety years empty, the surety
 * and bonding capacities null, `confidential: true`. (The fields stay, empty: the client's workbenches
 * read `vendor.safety.length` and `vendor.financials.length`.)
 */
export function redactVendor(vendor: VendorPrequalRecord): RedactedVendor {
  return { ...vendor, financials: [], safety: [], surety: null, bondSingleCapacity: null, bondAggregateCapacity: null, confidential: true };
}

/** The suggestion without the figures it was worked from (ratios, EMR, the steps' working); the limits stay. */
export function redactSuggested(suggested: SuggestedLimits): SuggestedLimits {
  return { ...suggested, statementYear: null, workingCapital: null, currentRatio: null, debtToEquity: null, averageEmr: null, latestEmr: null, steps: [] };
}

/** The vendor record for `user`: whole for a risk role, else redacted. */
export const vendorFor = (user: Pick<Caller, 'roles'>, vendor: VendorPrequalRecord): VendorPrequalRecord => (isRiskReader(user) ? vendor : redactVendor(vendor));

/** The fields of a renewal's comparison (load.ts changesSince) that are confidential. */
export const CONFIDENTIAL_CHANGES: readonly string[] = [
  'statementYear', 'currentAssets', 'currentLiabilities', 'totalLiabilities', 'netWorth', 'revenue', 'backlog', 'emr', 'oshaRecordableRate',
  'surety', 'bondSingleCapacity', 'bondAggregateCapacity',
];

/** What changed since a renewal's base, for `user`: every field for a risk role, else without the confidential ones. */
export const changesFor = (user: Pick<Caller, 'roles'>, changes: SlimChange[]): SlimChange[] =>
  (isRiskReader(user) ? changes : changes.filter((c) => !CONFIDENTIAL_CHANGES.includes(c.field)));

/** The prequalification load for `user`: whole for a risk role, else redacted. */
export function prequalLoadFor(user: Pick<Caller, 'roles'>, load: VendorPrequalLoad): VendorPrequalLoad {
  return isRiskReader(user) ? load : { vendor: redactVendor(load.vendor), suggested: redactSuggested(load.suggested) };
}
