/**
 * The seed's subcontractor risk assessments (issue 14). Runs after the prequalification seed
 * (risk.ts) on its OWN random stream (SRA_SEED), so every row written before it stays as it was.
 *
 * What it writes (tests/api/sra-data.test.ts checks it):
 * - 12 SRAs at each risk level (Low, Medium, High) on North Texas (region 1) projects, most of them
 *   Marcus Reyes's (`pm`, the creator there; Linda Okafor `rpm` elsewhere), vendors of every
 *   prequalification status, each level in every state (Draft, Submitted, Approved, Rejected), the
 *   mitigations each level needs once submitted, the factors frozen as scored on the seed date;
 *   Priya Natarajan (`risk`) approves and rejects; a High one is approved also by Dana Whitfield (`admin`);
 * - one High SRA Submitted with Priya's approval, waiting for an Admin (the bell of `admin`);
 * - THE GATE CASE: a new Draft subcontract on Riverside Medical Office Building (24-1032, `pm`'s) for
 *   a vendor that is not prequalified, $240,000, with no SRA at all (SEED_GATE.blockedNumber);
 * - a second new Draft subcontract there, $180,000, of another vendor not prequalified, that an
 *   Approved SRA of $200,000 covers (SEED_GATE.coveredNumber).
 * Existing subcontracts are not touched; the new ones are numbered after the budget's highest.
 */
import type Database from 'better-sqlite3';
import { effectiveStatus, singleLimitInForce, type PrequalStatus } from '../../../../src/core/risk/limits';
import { scoreSra, type MitigationKey, type RiskLevel } from '../../../../src/core/risk/sra';
import { currentLimits, openBacklog, vendorRecord } from '../../api/risk/prequal';
import { Rng } from '../prng';
import { addDays, atHour, employeeIdOf, insert, stateId } from './support';

/** The stream of this part. */
export const SRA_SEED = 20261116;

/** The gate's demo data (names the README and the tests use). */
export const SEED_GATE = {
  projectNumber: '24-1032',
  blockedAmount: 240_000,
  coveredAmount: 180_000,
  coveringSraAmount: 200_000,
} as const;

type State = 'Draft' | 'Submitted' | 'Approved' | 'Rejected';
const STATES: readonly State[] = ['Draft', 'Submitted', 'Approved', 'Rejected'];
const PER_LEVEL = 12;

const MITIGATION_SETS: Record<RiskLevel, ReadonlyArray<readonly MitigationKey[]>> = {
  Low: [[], [], ['reducedScope']],
  Medium: [['bond'], ['parentGuarantee'], ['sdi', 'reducedScope']],
  High: [['bond', 'sdi'], ['sdi', 'parentGuarantee'], ['bond', 'reducedScope']],
};
const REJECTIONS = [
  'Backlog with us is already at the aggregate limit: rebid the scope or split it.',
  'Insurance certificate expires before the work is done; resubmit with a renewal binder.',
  'The financial statements are two years old; ask for the latest before we commit.',
];
const DESCRIPTIONS = ['Base bid scope per the bid leveling', 'Scope with alternates 1 and 2', 'Buyout after the value-engineering round', 'Scope including the phase 2 work'];


export function seedSra(db: Database.Database, seedDate: string, stamp: string): void {
  const rng = new Rng(SRA_SEED);
  const PM = employeeIdOf(db, 'pm');
  const RPM = employeeIdOf(db, 'rpm');
  const RISK = employeeIdOf(db, 'risk');
  const ADMIN = employeeIdOf(db, 'admin');
  /** 15:00 UTC (or `hour`) `daysBack` days before the seed's today. */
  const at = (daysBack: number, hour = 15) => atHour(addDays(seedDate, -daysBack), hour);

  const projects = db.prepare(`SELECT projectId, budgetId, number, name, completionDate, projectManagerEmployeeId AS pm FROM projects
    WHERE regionId = 1 AND active = 1 AND budgetId IS NOT NULL ORDER BY (projectManagerEmployeeId = ?) DESC, projectId`).all(PM) as Array<{
    projectId: number; budgetId: number; number: string; name: string; completionDate: string | null; pm: number | null }>;
  const gateProject = projects.find((p) => p.number === SEED_GATE.projectNumber)!;
  const subCodes = (projectId: number) => db.prepare(`SELECT c.costCodeId FROM cost_codes c JOIN budgets b ON b.budgetId = c.budgetId
    WHERE b.projectId = ? AND c.type = 'S' ORDER BY c.costCodeId`).pluck().all(projectId) as number[];

  // Vendors by the status in force on the seed date.
  const vendors = (db.prepare('SELECT vendorId FROM vendors WHERE active = 1 ORDER BY vendorId').pluck().all() as number[]).map((vendorId) => {
    const record = vendorRecord(db, vendorId, seedDate)!;
    return { vendorId, name: record.name, record, status: effectiveStatus(currentLimits(record), seedDate) as PrequalStatus };
  });
  const notPrequalified = vendors.filter((v) => v.status === 'Not Prequalified');
  const gateVendor = notPrequalified[0]!;
  const coveredVendor = notPrequalified[1]!;

  let sraCount = 0;
  const addSra = (args: {
    project: (typeof projects)[number]; vendorId: number; vendorName: string; amount: number; state: State; creator: number;
    mitigations: readonly MitigationKey[]; subcontractId?: number | null; costCodeIds: number[]; highWaiting?: boolean; daysBack: number;
  }): { sraId: number; level: RiskLevel } => {
    const record = vendorRecord(db, args.vendorId, seedDate)!;
    const score = scoreSra({
      amount: args.amount, limits: currentLimits(record), openBacklog: openBacklog(db, args.vendorId, args.subcontractId ?? null),
      revenue: record.financials[0]?.revenue ?? null, latestEmr: record.safety[0]?.emr ?? null, glExpiresOn: record.glExpiresOn,
      subRatingAverage: record.subRatingAverage, projectEnd: args.project.completionDate, today: seedDate,
    });
    sraCount += 1;
    const number = `SRA-${String(sraCount).padStart(4, '0')}`;
    const created = at(args.daysBack, 14);
    const submitted = args.state === 'Draft' ? null : at(args.daysBack - 2, 16);
    const decided = args.state === 'Approved' || args.state === 'Rejected' ? at(args.daysBack - 4, 11) : null;
    const sraId = insert(db, 'sras', {
      number, projectId: args.project.projectId, vendorId: args.vendorId, amount: args.amount, subcontractId: args.subcontractId ?? null,
      description: rng.pick(DESCRIPTIONS), level: score.level, factors: JSON.stringify(score.factors),
      mitigationNote: args.mitigations.length ? 'Bond and insurance certificates to be collected before the notice to proceed.' : null,
      applicationRecordStateId: stateId(db, 'Sra', args.state), createdByEmployeeId: args.creator, createdAt: created,
      submittedByEmployeeId: submitted ? args.creator : null, submittedAt: submitted, decidedAt: decided,
      rejectedByEmployeeId: args.state === 'Rejected' ? RISK : null, rejectionReason: args.state === 'Rejected' ? rng.pick(REJECTIONS) : null,
      version: args.state === 'Draft' ? 1 : args.state === 'Submitted' ? 2 : 3, displayText: `${number} ${args.vendorName}`, modifiedAt: decided ?? submitted ?? created,
    });
    for (const costCodeId of args.costCodeIds) insert(db, 'sra_cost_codes', { sraId, costCodeId });
    for (const mitigation of args.mitigations) insert(db, 'sra_mitigations', { sraId, mitigation, chosenByEmployeeId: args.creator, chosenAt: created });
    if (args.state === 'Approved' || args.highWaiting) insert(db, 'sra_approvals', { sraId, employeeId: RISK, role: 'Risk', at: decided ?? at(args.daysBack - 3, 10) });
    if (args.state === 'Approved' && score.level === 'High') insert(db, 'sra_approvals', { sraId, employeeId: ADMIN, role: 'Admin', at: at(args.daysBack - 4, 12) });
    return { sraId, level: score.level };
  };

  // --- 12 per level, every state, on region-1 projects (pm's first) ----------------------------------
  const wanted: Record<RiskLevel, number> = { Low: 0, Medium: 0, High: 0 };
  const candidates = vendors.filter((v) => v.vendorId !== gateVendor.vendorId && v.vendorId !== coveredVendor.vendorId);
  const shares = [0.3, 0.5, 0.7, 0.9, 1.2, 1.6];
  let highWaitingDone = false;
  for (let attempt = 0; attempt < 2000 && (wanted.Low < PER_LEVEL || wanted.Medium < PER_LEVEL || wanted.High < PER_LEVEL); attempt++) {
    const vendor = rng.pick(candidates);
    const project = projects[attempt % 6 < 4 ? attempt % 4 : 4 + rng.int(0, projects.length - 5)]!;
    const single = singleLimitInForce(currentLimits(vendor.record), seedDate);
    const amount = Math.max(25_000, Math.round((single * rng.pick(shares)) / 5_000) * 5_000);
    const record = vendor.record;
    const level = scoreSra({
      amount, limits: currentLimits(record), openBacklog: openBacklog(db, vendor.vendorId), revenue: record.financials[0]?.revenue ?? null,
      latestEmr: record.safety[0]?.emr ?? null, glExpiresOn: record.glExpiresOn, subRatingAverage: record.subRatingAverage,
      projectEnd: project.completionDate, today: seedDate,
    }).level;
    if (wanted[level] >= PER_LEVEL) continue;
    const index = wanted[level]++;
    const state = STATES[index % STATES.length]!;
    const codes = subCodes(project.projectId);
    const first = rng.int(0, Math.max(0, codes.length - 1));
    const costCodeIds = codes.slice(first, first + rng.int(1, 2));
    if (!costCodeIds.length) { wanted[level]--; continue; }
    const highWaiting = level === 'High' && state === 'Submitted' && !highWaitingDone;
    if (highWaiting) highWaitingDone = true;
    const sets = MITIGATION_SETS[level];
    addSra({
      project, vendorId: vendor.vendorId, vendorName: vendor.name, amount, state, creator: project.pm === PM ? PM : RPM,
      mitigations: state === 'Draft' && index % 2 === 0 ? [] : sets[index % sets.length]!, costCodeIds, highWaiting, daysBack: 40 - attempt % 30,
    });
  }

  // --- the gate's two Draft subcontracts on 24-1032 -----------------------------------------------------
  const budget = db.prepare('SELECT budgetId, jobNumber FROM budgets WHERE budgetId = ?').get(gateProject.budgetId) as { budgetId: number; jobNumber: string };
  const prefix = `SC-${budget.jobNumber}-`;
  let next = (db.prepare('SELECT coalesce(max(CAST(substr(number, ?) AS INTEGER)), 0) FROM subcontracts WHERE budgetId = ? AND number LIKE ?')
    .pluck().get(prefix.length + 1, budget.budgetId, `${prefix}%`) as number) + 1;
  const codes = db.prepare("SELECT costCodeId, description FROM cost_codes WHERE budgetId = ? AND type = 'S' ORDER BY costCodeId").all(budget.budgetId) as Array<{ costCodeId: number; description: string }>;
  const draft = stateId(db, 'Subcontract', 'Draft');
  const addSubcontract = (vendor: (typeof vendors)[number], amount: number, code: { costCodeId: number; description: string }): number => {
    const number = `${prefix}${String(next++).padStart(3, '0')}`;
    const subcontractId = insert(db, 'subcontracts', {
      projectId: gateProject.projectId, budgetId: budget.budgetId, vendorId: vendor.vendorId, subcontractTypeId: 1, number,
      description: `${code.description} (proposed award)`, applicationRecordStateId: draft, retainagePercent: 10, excessLiability: null, executedDate: null,
      billedToDate: 0, displayText: `${number} ${vendor.name}`, modifiedAt: stamp,
    });
    insert(db, 'subcontract_items', { subcontractId, costCodeId: code.costCodeId, description: code.description, amount, modifiedAt: stamp });
    return subcontractId;
  };
  addSubcontract(gateVendor, SEED_GATE.blockedAmount, codes[0]!);
  const covered = addSubcontract(coveredVendor, SEED_GATE.coveredAmount, codes[1] ?? codes[0]!);
  const coveringLevel = scoreSra({
    amount: SEED_GATE.coveringSraAmount, limits: currentLimits(coveredVendor.record), openBacklog: 0, revenue: coveredVendor.record.financials[0]?.revenue ?? null,
    latestEmr: coveredVendor.record.safety[0]?.emr ?? null, glExpiresOn: coveredVendor.record.glExpiresOn, subRatingAverage: coveredVendor.record.subRatingAverage,
    projectEnd: gateProject.completionDate, today: seedDate,
  }).level;
  addSra({
    project: gateProject, vendorId: coveredVendor.vendorId, vendorName: coveredVendor.name, amount: SEED_GATE.coveringSraAmount, state: 'Approved', creator: PM,
    mitigations: MITIGATION_SETS[coveringLevel][0]!, subcontractId: covered, costCodeIds: [(codes[1] ?? codes[0]!).costCodeId], daysBack: 12,
  });
}
