/**
 * SRA records (issue 14) as the contract's SraRow / SraRecord / SraLoad: the list query, the
 * scoring of a Draft afresh (core scoreSra from the vendor's record, its open backlog without the
 * SRA's own subcontract, the project's completion date and the risk clock) and the moves the caller
 * may make now. Shared by the SRA calls, the gate and the bell.
 */
import type Database from 'better-sqlite3';
import { roleAllows } from '../../../../../src/core/access';
import { SRA_RECORD_KEY, type SlimPerson, type SraLoad, type SraRecord, type SraRow } from '../../../../../src/core/risk/contract';
import { scoreSra, type MitigationKey, type RiskLevel, type SraFactor, type SraScore } from '../../../../../src/core/risk/sra';
import type { Caller } from '../../context';
import { notFound } from '../../http';
import { statesOf } from '../../records';
import { currentLimits, openBacklog, vendorRecordOr404 } from '../prequal';
import * as clock from '../../../../../src/core/clock';

export type SraState = SraRow['state'];

/** One sras row with what the lists show (state name, project, vendor, creator). */
export interface SraDbRow {
  sraId: number; number: string; projectId: number; vendorId: number; amount: number; subcontractId: number | null; description: string;
  level: RiskLevel; factors: string; mitigationNote: string | null; applicationRecordStateId: number; state: SraState;
  createdByEmployeeId: number; createdAt: string; submittedByEmployeeId: number | null; submittedAt: string | null; decidedAt: string | null;
  rejectedByEmployeeId: number | null; rejectionReason: string | null; version: number; modifiedAt: string;
  projectNumber: string; projectName: string; completionDate: string | null; vendorName: string; createdByName: string;
}

export const SRA_SELECT = `SELECT s.sraId, s.number, s.projectId, s.vendorId, s.amount, s.subcontractId, s.description, s.level, s.factors, s.mitigationNote,
  s.applicationRecordStateId, st.name AS state, s.createdByEmployeeId, s.createdAt, s.submittedByEmployeeId, s.submittedAt, s.decidedAt,
  s.rejectedByEmployeeId, s.rejectionReason, s.version, s.modifiedAt,
  p.number AS projectNumber, p.name AS projectName, p.completionDate, v.name AS vendorName, e.preferredName AS createdByName
  FROM sras s JOIN application_record_states st ON st.applicationRecordStateId = s.applicationRecordStateId
  JOIN projects p ON p.projectId = s.projectId JOIN vendors v ON v.vendorId = s.vendorId JOIN employees e ON e.employeeId = s.createdByEmployeeId`;

export function sraDbRow(db: Database.Database, sraId: number): SraDbRow | undefined {
  return db.prepare(`${SRA_SELECT} WHERE s.sraId = ?`).get(sraId) as SraDbRow | undefined;
}

export function sraDbRowOr404(db: Database.Database, sraId: number): SraDbRow {
  const row = sraDbRow(db, sraId);
  if (!row) throw notFound(`SRA ${sraId} not found.`);
  return row;
}

/** The state id of an SRA state by name. */
export function sraStateId(db: Database.Database, name: SraState): number {
  const state = statesOf(db, SRA_RECORD_KEY).find((s) => s.name === name);
  if (!state) throw new Error(`no Sra state ${name}`);
  return state.applicationRecordStateId;
}

// --- who may do what -----------------------------------------------------------------------------

/** keyRISK Risk or Admin: approves and rejects. */
export const isRiskApprover = (user: Pick<Caller, 'roles'>): boolean => roleAllows(user.roles, 'keyRISK', ['Risk', 'Admin']);
/** keyRISK Admin: the second approval of a High SRA. */
export const isRiskAdmin = (user: Pick<Caller, 'roles'>): boolean => roleAllows(user.roles, 'keyRISK', ['Admin']);
/** The keyRISK role an approval is recorded under ('Admin' before 'Risk'). */
export const approverRole = (user: Pick<Caller, 'roles'>): string => (isRiskAdmin(user) ? 'Admin' : 'Risk');
/** The creator, or Risk / Admin, may change a Draft and submit it. */
export const mayEdit = (user: Caller, row: Pick<SraDbRow, 'createdByEmployeeId'>): boolean =>
  user.employeeId === row.createdByEmployeeId || isRiskApprover(user);
/** Nobody approves an SRA they created or submitted. */
export const isOwn = (user: Caller, row: Pick<SraDbRow, 'createdByEmployeeId' | 'submittedByEmployeeId'>): boolean =>
  user.employeeId === row.createdByEmployeeId || user.employeeId === row.submittedByEmployeeId;

export interface ApprovalRow { employeeId: number; name: string; role: string; at: string }

export const approvalsOf = (db: Database.Database, sraId: number): ApprovalRow[] =>
  db.prepare(`SELECT a.employeeId, e.preferredName AS name, a.role, a.at FROM sra_approvals a JOIN employees e ON e.employeeId = a.employeeId
    WHERE a.sraId = ? ORDER BY a.at, a.rowid`).all(sraId) as ApprovalRow[];

export const mitigationsOf = (db: Database.Database, sraId: number): MitigationKey[] =>
  (db.prepare(`SELECT mitigation FROM sra_mitigations WHERE sraId = ?
    ORDER BY CASE mitigation WHEN 'bond' THEN 1 WHEN 'sdi' THEN 2 WHEN 'parentGuarantee' THEN 3 ELSE 4 END`).pluck().all(sraId) as MitigationKey[]);

/**
 * Why an approval by `user` of the Submitted `row` would be refused now: 'role' (403), 'own' (403),
 * 'twice' (already approved by them), 'admin' (a High SRA's two approvals would include no Admin), or null.
 */
export function approvalRefusal(user: Caller, row: SraDbRow, approvals: readonly ApprovalRow[]): 'role' | 'own' | 'twice' | 'admin' | null {
  if (!isRiskApprover(user)) return 'role';
  if (isOwn(user, row)) return 'own';
  if (row.level !== 'High') return null;
  if (approvals.some((a) => a.employeeId === user.employeeId)) return 'twice';
  if (approvals.length >= 1 && !isRiskAdmin(user) && !approvals.some((a) => a.role === 'Admin')) return 'admin';
  return null;
}

/** The moves the caller may make now on the SRA (as updatesrastate would accept them, mitigations aside). */
export function sraMoves(db: Database.Database, user: Caller, row: SraDbRow, approvals: readonly ApprovalRow[]): SraLoad['moves'] {
  const names: SraState[] = [];
  if (row.state === 'Draft' && mayEdit(user, row)) names.push('Submitted');
  if (row.state === 'Submitted') {
    if (approvalRefusal(user, row, approvals) === null) names.push('Approved');
    if (isRiskApprover(user)) names.push('Rejected');
    if (user.employeeId === row.submittedByEmployeeId) names.push('Draft');
  }
  return names.map((name) => ({ applicationRecordStateId: sraStateId(db, name), name }));
}

// --- scoring -------------------------------------------------------------------------------------

/**
 * What scoring many Drafts in one answer shares: a vendor's record and open backlog are read once per
 * vendor (and excepted subcontract), not once per Draft (issue 16: the SRA list's p99 under 10 connections).
 */
export interface ScoreCache { vendors: Map<number, ReturnType<typeof vendorRecordOr404>>; backlogs: Map<string, number> }
const remember = <K, V>(map: Map<K, V>, key: K, read: () => V): V => {
  if (!map.has(key)) map.set(key, read());
  return map.get(key)!;
};

/** Score the SRA's proposal now (a Draft's factors and level). */
export function scoreNow(
  db: Database.Database, input: { vendorId: number; amount: number; subcontractId: number | null; completionDate: string | null }, today = clock.today(), cache?: ScoreCache,
): SraScore {
  const vendor = cache ? remember(cache.vendors, input.vendorId, () => vendorRecordOr404(db, input.vendorId, today)) : vendorRecordOr404(db, input.vendorId, today);
  // Without a subcontract to leave out, the backlog is the record's own (openBacklog with none excepted).
  const backlog = input.subcontractId === null ? vendor.openBacklog
    : cache ? remember(cache.backlogs, `${input.vendorId}:${input.subcontractId}`, () => openBacklog(db, input.vendorId, input.subcontractId))
    : openBacklog(db, input.vendorId, input.subcontractId);
  return scoreSra({
    amount: input.amount, limits: currentLimits(vendor), openBacklog: backlog,
    revenue: vendor.financials[0]?.revenue ?? null, latestEmr: vendor.safety[0]?.emr ?? null, glExpiresOn: vendor.glExpiresOn,
    subRatingAverage: vendor.subRatingAverage, projectEnd: input.completionDate, today,
  });
}

/** The level and factors in force: scored now while Draft, as stored once submitted. */
function scoreOf(db: Database.Database, row: SraDbRow): { level: RiskLevel; factors: SraFactor[]; required: number; securing: boolean } {
  if (row.state === 'Draft') {
    const score = scoreNow(db, row);
    return { level: score.level, factors: score.factors, required: score.mitigationsRequired, securing: score.securingMitigationRequired };
  }
  const level = row.level;
  return { level, factors: JSON.parse(row.factors) as SraFactor[], required: level === 'High' ? 2 : level === 'Medium' ? 1 : 0, securing: level === 'High' };
}

// --- rows and loads ------------------------------------------------------------------------------

type CostCode = SraRow['costCodes'][number];

function costCodesOf(db: Database.Database, sraIds: readonly number[]): Map<number, CostCode[]> {
  const out = new Map<number, CostCode[]>();
  if (!sraIds.length) return out;
  const rows = db.prepare(`SELECT x.sraId, c.costCodeId, c.code, c.description FROM sra_cost_codes x JOIN cost_codes c ON c.costCodeId = x.costCodeId
    WHERE x.sraId IN (SELECT value FROM json_each(?)) ORDER BY c.code, c.costCodeId`).all(JSON.stringify(sraIds)) as Array<CostCode & { sraId: number }>;
  for (const { sraId, ...code } of rows) out.set(sraId, [...(out.get(sraId) ?? []), code]);
  return out;
}

function asRow(db: Database.Database, row: SraDbRow, costCodes: CostCode[], level: RiskLevel): SraRow {
  return {
    sraId: row.sraId, number: row.number, projectId: row.projectId, projectNumber: row.projectNumber, projectName: row.projectName,
    vendorId: row.vendorId, vendorName: row.vendorName, amount: row.amount, costCodes, subcontractId: row.subcontractId, level,
    applicationRecordStateId: row.applicationRecordStateId, state: row.state, createdBy: { employeeId: row.createdByEmployeeId, name: row.createdByName },
    createdAt: row.createdAt, submittedAt: row.submittedAt, decidedAt: row.decidedAt,
  };
}

/** Rows of the list (a Draft's level scored now). */
export function sraRows(db: Database.Database, rows: readonly SraDbRow[]): SraRow[] {
  const codes = costCodesOf(db, rows.map((r) => r.sraId));
  const today = clock.today();
  const cache: ScoreCache = { vendors: new Map(), backlogs: new Map() };
  return rows.map((row) => asRow(db, row, codes.get(row.sraId) ?? [], row.state === 'Draft' ? scoreNow(db, row, today, cache).level : row.level));
}

export function sraLoad(db: Database.Database, user: Caller, sraId: number): SraLoad {
  const row = sraDbRowOr404(db, sraId);
  const score = scoreOf(db, row);
  const approvals = approvalsOf(db, sraId);
  const person = (employeeId: number, name: string): SlimPerson => ({ employeeId, name });
  const sra: SraRecord = {
    ...asRow(db, row, costCodesOf(db, [sraId]).get(sraId) ?? [], score.level),
    description: row.description, factors: score.factors, mitigations: mitigationsOf(db, sraId), mitigationNote: row.mitigationNote,
    mitigationsRequired: score.required, securingMitigationRequired: score.securing,
    approvals: approvals.map((a) => ({ by: person(a.employeeId, a.name), at: a.at, role: a.role })),
    rejectionReason: row.rejectionReason, version: row.version, modifiedAt: row.modifiedAt,
  };
  return {
    sra, vendor: vendorRecordOr404(db, row.vendorId), moves: sraMoves(db, user, row, approvals),
    editable: row.state === 'Draft' && mayEdit(user, row),
  };
}

