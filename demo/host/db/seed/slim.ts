/**
 * The seed's SLIM requests (issue 14): after the prequalification seed (risk.ts), on its OWN
 * random stream (20261115), so every row written before stays as it was.
 *
 * What it writes (tests/api/slim-seed.test.ts checks it):
 * - keySLIM roles for three non-login employees: Maria Mitchell (a second Prequal Administrator, a
 *   reassignment target), Kevin Richardson and Patricia Gutierrez (Regional Reviewers of Gulf Coast and
 *   Central Texas; Linda Okafor, `rpm`, reviews North Texas);
 * - 42 requests in every state and type, raised by `pm` and other project managers on projects of
 *   every region, each with the events of its path (so the overview's average days per step mean
 *   something) and a few comments:
 *   - `risk` has Submitted requests (any Prequal Administrator) and In Review ones assigned to her;
 *   - `reviewer` has Escalated requests; `rpm` has Regional Review requests in North Texas;
 *   - `pm` has a request On Hold waiting for his answer;
 *   - a few open requests past their due date (most are not, no On Hold one is): ages in days before the
 *     seed's today, so that holds on any seed day;
 *   - an approved request and a Renewal based on it whose vendor's record changed since (a newer
 *     financial statement and EMR than the approved request's snapshot).
 * - the expiry watch's Renewal requests as of the seed day (api/risk/vendor-record.ts syncExpiryRenewals), after
 *   the 42: one per prequalified vendor whose GL insurance or prequalification is within 60 days of expiry or past it;
 * - Decided approvals name the request on the vendor's record (lastSlimRequestId, lastDecidedAt/By);
 *   the limits stay as the prequalification seed wrote them (no seeded subcontract changes its gate).
 */
import type Database from 'better-sqlite3';
import { LIMIT_RULES } from '../../../../src/core/risk/limits';
import { escalationReasons, slimDueDate, type SlimRequestType, type SlimState } from '../../../../src/core/risk';
import { vendorRecord } from '../../api/risk/prequal';
import { syncExpiryRenewals } from '../../api/risk/vendor-record';
import { Rng } from '../prng';
import { addDaysToInstant, applicationIdOf, insert, stateId, type Row } from './support';

/** The stream of this part. */
export const SLIM_SEED = 20261115;

/** Employees given keySLIM roles by this seed: [employeeId, role]. */
export const SLIM_SEED_ROLES: ReadonlyArray<readonly [number, string]> = [
  [37, 'Prequal Administrator'], [46, 'Regional Reviewer'], [47, 'Regional Reviewer'],
];

const PM = 2;
const RPM = 3;
const RISK = 4;
const REVIEWER = 5;
const MARIA = 37;
/** The region's Regional Reviewer. */
const REGIONAL: Record<number, number> = { 1: RPM, 2: 46, 3: 47 };

type Path = readonly SlimState[];
const S: Record<string, SlimState> = {
  sub: 'Submitted', ir: 'In Review', hold: 'On Hold – Missing Data', rr: 'Regional Review', esc: 'Escalated',
  ok: 'Approved', cond: 'Approved with Conditions', deny: 'Denied', wd: 'Withdrawn',
};

/** One planned request: its type, its path of states, who raised it, who works it, its vendor kind. */
interface Plan {
  type: SlimRequestType;
  path: Path;
  requester: number;
  assignee?: number;
  region: 1 | 2 | 3;
  vendor: 'qualified' | 'pending' | 'unqualified' | 'denied' | 'highEmr';
  /** Requested amount above $5M (escalates). */
  big?: boolean;
  /** Days before the seed date it was submitted (else drawn). */
  ageDays?: number;
  escalationNote?: string;
}

const p = (...names: string[]): Path => names.map((n) => S[n]!);

const PLANS: Plan[] = [
  // Submitted: waiting for any Prequal Administrator (risk).
  { type: 'New Prequalification', path: p('sub'), requester: PM, region: 1, vendor: 'pending', ageDays: 2 },
  { type: 'Limit Increase', path: p('sub'), requester: 10, region: 1, vendor: 'qualified', ageDays: 1 },
  { type: 'Exception', path: p('sub'), requester: 11, region: 2, vendor: 'unqualified', ageDays: 2 },
  { type: 'New Prequalification', path: p('sub'), requester: 12, region: 3, vendor: 'pending', ageDays: 14 },
  { type: 'Limit Increase', path: p('sub'), requester: PM, region: 1, vendor: 'qualified', ageDays: 3 },
  // In Review: assigned to risk (some past due) and to Maria.
  { type: 'New Prequalification', path: p('sub', 'ir'), requester: 13, assignee: RISK, region: 1, vendor: 'pending', ageDays: 4 },
  { type: 'Limit Increase', path: p('sub', 'ir'), requester: PM, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 9 },
  { type: 'Exception', path: p('sub', 'ir'), requester: 14, assignee: RISK, region: 1, vendor: 'unqualified', ageDays: 2 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'hold', 'ir'), requester: 16, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 4 },
  { type: 'New Prequalification', path: p('sub', 'ir'), requester: 35, assignee: MARIA, region: 2, vendor: 'pending', ageDays: 5 },
  { type: 'Limit Increase', path: p('sub', 'ir'), requester: 36, assignee: MARIA, region: 3, vendor: 'qualified', ageDays: 3 },
  // On Hold: pm's to answer, and others' (none past due: the answer is awaited, not late).
  { type: 'Limit Increase', path: p('sub', 'ir', 'hold'), requester: PM, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 3 },
  { type: 'New Prequalification', path: p('sub', 'ir', 'hold'), requester: 17, assignee: MARIA, region: 1, vendor: 'pending', ageDays: 7 },
  { type: 'Exception', path: p('sub', 'ir', 'hold'), requester: 42, assignee: RISK, region: 3, vendor: 'unqualified', ageDays: 1 },
  // Regional Review: rpm's region (North Texas) and the others.
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr'), requester: PM, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 4 },
  { type: 'Exception', path: p('sub', 'ir', 'rr'), requester: 13, assignee: RISK, region: 1, vendor: 'unqualified', ageDays: 3 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'hold', 'ir', 'rr'), requester: 10, assignee: MARIA, region: 1, vendor: 'qualified', ageDays: 12 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr'), requester: 11, assignee: RISK, region: 2, vendor: 'qualified', ageDays: 5 },
  { type: 'Exception', path: p('sub', 'ir', 'rr'), requester: 12, assignee: MARIA, region: 3, vendor: 'unqualified', ageDays: 2 },
  // Escalated: waiting for reviewer.
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr', 'esc'), requester: PM, assignee: RISK, region: 1, vendor: 'qualified', big: true, ageDays: 4 },
  { type: 'New Prequalification', path: p('sub', 'ir', 'esc'), requester: 14, assignee: RISK, region: 1, vendor: 'highEmr', ageDays: 9 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr', 'esc'), requester: 35, assignee: MARIA, region: 2, vendor: 'highEmr', ageDays: 4 },
  { type: 'Renewal', path: p('sub', 'ir', 'esc'), requester: 16, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 16, escalationNote: 'Two claims on the last job; the Escalation Reviewer should look.' },
  // Approved / Approved with Conditions / Denied / Withdrawn (closed).
  { type: 'New Prequalification', path: p('sub', 'ir', 'ok'), requester: PM, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 40 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr', 'ir', 'ok'), requester: 10, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 30 },
  { type: 'Renewal', path: p('sub', 'ir', 'hold', 'ir', 'ok'), requester: 11, assignee: MARIA, region: 2, vendor: 'qualified', ageDays: 45 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr', 'esc', 'ok'), requester: 13, assignee: RISK, region: 1, vendor: 'qualified', big: true, ageDays: 25 },
  { type: 'New Prequalification', path: p('sub', 'ir', 'cond'), requester: 14, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 35 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr', 'ir', 'cond'), requester: 36, assignee: MARIA, region: 3, vendor: 'qualified', ageDays: 22 },
  { type: 'New Prequalification', path: p('sub', 'ir', 'esc', 'cond'), requester: 42, assignee: RISK, region: 3, vendor: 'highEmr', ageDays: 28 },
  { type: 'Exception', path: p('sub', 'ir', 'rr', 'ir', 'ok'), requester: PM, assignee: RISK, region: 1, vendor: 'unqualified', ageDays: 18 },
  { type: 'New Prequalification', path: p('sub', 'ir', 'deny'), requester: 17, assignee: RISK, region: 1, vendor: 'denied', ageDays: 33 },
  { type: 'New Prequalification', path: p('sub', 'ir', 'hold', 'ir', 'deny'), requester: 12, assignee: MARIA, region: 3, vendor: 'denied', ageDays: 50 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr', 'esc', 'deny'), requester: 16, assignee: RISK, region: 1, vendor: 'highEmr', ageDays: 20 },
  { type: 'Exception', path: p('sub', 'ir', 'rr', 'ir', 'deny'), requester: 11, assignee: MARIA, region: 2, vendor: 'unqualified', ageDays: 15 },
  { type: 'Limit Increase', path: p('sub', 'wd'), requester: PM, region: 1, vendor: 'qualified', ageDays: 10 },
  { type: 'New Prequalification', path: p('sub', 'ir', 'hold', 'wd'), requester: 35, assignee: MARIA, region: 2, vendor: 'pending', ageDays: 26 },
  { type: 'Renewal', path: p('sub', 'ir', 'ok'), requester: 13, assignee: RISK, region: 1, vendor: 'qualified', ageDays: 60 },
  { type: 'Limit Increase', path: p('sub', 'ir', 'rr', 'ir', 'ok'), requester: 17, assignee: MARIA, region: 1, vendor: 'qualified', ageDays: 38 },
  { type: 'New Prequalification', path: p('sub', 'ir', 'ok'), requester: 36, assignee: RISK, region: 3, vendor: 'qualified', ageDays: 55 },
];

const NOTES: Partial<Record<SlimState, string[]>> = {
  'On Hold – Missing Data': ['The {lastYear} audited financial statement is missing.', 'Send a current certificate of insurance.', 'The EMR letter from the carrier is missing.'],
  'Approved with Conditions': ['Raise GL per occurrence to $1,000,000 before mobilising.', 'Performance and payment bond on every subcontract over $500,000.'],
  Denied: ['Net worth is negative in the latest statement.', 'Two defaults in the last three years.', 'Incomplete financials after two requests.'],
  Withdrawn: ['The scope went to another subcontractor.', 'The project was put on hold.'],
};

const JUSTIFICATIONS = [
  'Low bidder on the package; we want to carry them.',
  'Long-standing subcontractor with a good record on our jobs.',
  'Only qualified bidder for the scope in the region.',
  'The owner named this subcontractor in the contract.',
  'Schedule: they can mobilise in two weeks.',
];

/** Seed the SLIM requests; `seedDate` is the seed's today. */
export function seedSlim(db: Database.Database, seedDate: string, stamp: string): void {
  const rng = new Rng(SLIM_SEED);
  const app = applicationIdOf(db, 'keySLIM');
  for (const [employeeId, role] of SLIM_SEED_ROLES) {
    insert(db, 'employee_roles', { employeeId, applicationId: app, applicationKey: 'keySLIM', name: role, displayText: `SLIM Service Requests: ${role}`, modifiedAt: stamp });
  }
  const state = (name: SlimState) => stateId(db, 'SlimRequest', name);

  // Vendors by kind, in id order; each plan takes the next of its kind.
  const latestEmr = '(SELECT s.emr FROM vendor_safety s WHERE s.vendorId = v.vendorId ORDER BY s.year DESC LIMIT 1)';
  const pool = (where: string) => (db.prepare(`SELECT v.vendorId FROM vendors v LEFT JOIN vendor_prequalifications q ON q.vendorId = v.vendorId
    WHERE v.vendorId > 69 AND ${where} ORDER BY v.vendorId`).all() as { vendorId: number }[]).map((r) => r.vendorId);
  const pools: Record<Plan['vendor'], number[]> = {
    qualified: pool(`q.status IN ('Prequalified', 'Prequalified with Conditions') AND q.limitExpiresOn >= '${seedDate}' AND coalesce(${latestEmr}, 0) < ${LIMIT_RULES.emrLetterAt}
      AND EXISTS (SELECT 1 FROM vendor_financials f WHERE f.vendorId = v.vendorId)`),
    pending: pool(`q.status = 'Pending' AND coalesce(${latestEmr}, 0) < ${LIMIT_RULES.emrLetterAt}`),
    unqualified: pool(`(q.status IS NULL OR q.status = 'Not Prequalified') AND coalesce(${latestEmr}, 0) < ${LIMIT_RULES.emrLetterAt}`),
    denied: pool(`q.status = 'Denied' AND coalesce(${latestEmr}, 0) < ${LIMIT_RULES.emrLetterAt}`),
    highEmr: pool(`${latestEmr} >= ${LIMIT_RULES.emrLetterAt}`),
  };
  const used: Record<string, number> = {};
  const takeVendor = (kind: Plan['vendor']) => {
    const list = pools[kind];
    const n = used[kind] ?? 0;
    used[kind] = n + 1;
    return list[(n * 5) % list.length]!;
  };
  const projectsOf = (region: number) => (db.prepare('SELECT projectId FROM projects WHERE regionId = ? AND active = 1 ORDER BY projectId').all(region) as { projectId: number }[]).map((r) => r.projectId);
  const projects: Record<number, number[]> = { 1: projectsOf(1), 2: projectsOf(2), 3: projectsOf(3) };

  // Plan every request's times first, then number them in submission order.
  const seedNoon = `${seedDate}T15:00:00.000Z`;
  const planned = PLANS.map((plan, index) => {
    const submittedAt = addDaysToInstant(seedNoon, -(plan.ageDays ?? rng.int(3, 30)) - rng.between(0, 0.4));
    const span = (Date.parse(seedNoon) - Date.parse(submittedAt)) / 86_400_000;
    // Step lengths: shares of the time since submission (the last state is still running for open ones).
    const weights = plan.path.map(() => rng.between(0.5, 2));
    const total = weights.reduce((a, b) => a + b, 0);
    const times: string[] = [];
    let t = 0;
    plan.path.forEach((_, i) => {
      times.push(addDaysToInstant(submittedAt, t));
      t += (span * 0.9 * weights[i]!) / total;
    });
    return { plan, index, submittedAt, times };
  }).sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.index - b.index);

  const insertEvent = (requestId: number, kind: string, fromStateId: number | null, toStateId: number, byEmployeeId: number, at: string, note: string | null) =>
    insert(db, 'slim_request_events', { requestId, kind, fromStateId, toStateId, byEmployeeId, at, note, modifiedAt: at });
  const insertComment = (requestId: number, authorEmployeeId: number, body: string, createdAt: string) =>
    insert(db, 'slim_comments', { requestId, authorEmployeeId, body, createdAt, modifiedAt: stamp });

  let approvedBase: { requestId: number; vendorId: number } | null = null;
  planned.forEach(({ plan, submittedAt, times }, n) => {
    const number = `SLIM-${String(n + 1).padStart(4, '0')}`;
    const vendorId = takeVendor(plan.vendor);
    const vendor = vendorRecord(db, vendorId, seedDate)!;
    const onProject = plan.type === 'Limit Increase' || plan.type === 'Exception';
    const projectId = onProject ? rng.pick(projects[plan.region]!) : null;
    const current = vendor.singleLimit ?? LIMIT_RULES.defaultSingleLimit;
    const requestedAmount = plan.big ? 6_000_000 + rng.int(0, 8) * 250_000
      : plan.type === 'Limit Increase' ? Math.min(4_500_000, Math.round((current * rng.between(1.3, 2)) / 50_000) * 50_000)
        : plan.type === 'Exception' ? rng.int(3, 18) * 25_000 : null;
    const last = plan.path[plan.path.length - 1]!;
    const row: Row = {
      number, type: plan.type, vendorId, projectId, regionId: plan.region, requestedAmount, priority: rng.pick(['High', 'Normal', 'Normal', 'Low']),
      justification: rng.pick(JUSTIFICATIONS), mitigation: plan.type === 'Exception' ? 'Performance and payment bond; weekly progress review by the PM.' : null,
      applicationRecordStateId: state(last), requestedByEmployeeId: plan.requester, assignedToEmployeeId: plan.assignee ?? null, submittedAt,
      dueDate: slimDueDate(plan.type, submittedAt.slice(0, 10)), missingData: null, answer: null, escalationNote: plan.escalationNote ?? null,
      regionalPassedAt: null, regionalPassedByEmployeeId: null, decidedAt: null, decidedByEmployeeId: null, decisionReason: null, conditions: null,
      approvedSingleLimit: null, approvedAggregateLimit: null, approvedLimitExpiresOn: null, basedOnRequestId: null, snapshot: JSON.stringify(vendor),
      version: plan.path.length, displayText: `${number} ${plan.type}: ${vendor.name}`, modifiedAt: times[times.length - 1]!,
    };
    // Who made each move, and the notes along the way.
    const events: Array<[string, SlimState | null, SlimState, number, string | null, string]> = [];
    plan.path.forEach((to, i) => {
      const from = i === 0 ? null : plan.path[i - 1]!;
      const at = times[i]!;
      let by = plan.assignee ?? RISK;
      let note: string | null = null;
      let kind = 'state';
      if (to === 'Submitted') by = plan.requester;
      else if (to === 'Withdrawn') {
        by = plan.requester;
        note = rng.pick(NOTES.Withdrawn!);
      } else if (from === 'On Hold – Missing Data') {
        by = plan.requester;
        kind = 'answer';
        note = 'Attached as asked.';
        row.answer = note;
      } else if (from === 'Regional Review') {
        by = REGIONAL[plan.region]!;
        row.regionalPassedAt = at;
        row.regionalPassedByEmployeeId = by;
      } else if (from === 'Escalated') by = REVIEWER;
      if (to === 'On Hold – Missing Data') {
        // The statement asked for is of the year before the seed's.
        note = rng.pick(NOTES['On Hold – Missing Data']!).replace('{lastYear}', String(Number(seedDate.slice(0, 4)) - 1));
        row.missingData = note;
        row.answer = null;
      }
      if (to === 'Escalated') note = plan.escalationNote ?? null;
      if (to === 'Approved' || to === 'Approved with Conditions' || to === 'Denied') {
        note = to === 'Approved' ? 'Financials and safety support the limits.' : rng.pick(NOTES[to]!);
        Object.assign(row, { decidedAt: at, decidedByEmployeeId: by, decisionReason: to === 'Approved with Conditions' ? null : note, conditions: to === 'Approved with Conditions' ? note : null });
        if (to !== 'Denied' && plan.type !== 'Exception') {
          Object.assign(row, {
            approvedSingleLimit: vendor.singleLimit ?? LIMIT_RULES.defaultSingleLimit,
            approvedAggregateLimit: vendor.aggregateLimit ?? 2 * LIMIT_RULES.defaultSingleLimit, approvedLimitExpiresOn: vendor.limitExpiresOn,
          });
        }
      }
      events.push([kind, from, to, by, note, at]);
    });
    // The rules hold for every seeded request: an undecided escalation trigger goes through Escalated.
    const triggers = escalationReasons({ requestedAmount, latestEmr: vendor.safety[0]?.emr ?? null, reviewerAsked: plan.escalationNote ?? null });
    const decided = last === 'Approved' || last === 'Approved with Conditions' || last === 'Denied';
    if (decided && triggers.length && !plan.path.includes('Escalated')) throw new Error(`seed (slim.ts): ${number} must escalate`);
    const isBase = plan.type === 'Renewal' && last === 'Approved' && approvedBase === null && vendor.financials.length > 1;
    if (isBase) {
      // The base of the open renewal below: its snapshot is the record as it stood a year earlier.
      row.snapshot = JSON.stringify({ ...vendor, financials: vendor.financials.slice(1), safety: vendor.safety.slice(1), glExpiresOn: vendor.glExpiresOn ? `${Number(vendor.glExpiresOn.slice(0, 4)) - 1}${vendor.glExpiresOn.slice(4)}` : null });
    }
    const requestId = insert(db, 'slim_requests', row);
    for (const [kind, from, to, by, note, at] of events) insertEvent(requestId, kind, from === null ? null : state(from), state(to), by, at, note);
    if (decided && row.approvedSingleLimit !== null) {
      db.prepare(`UPDATE vendor_prequalifications SET lastDecidedAt = ?, lastDecidedByEmployeeId = ?, lastSlimRequestId = ? WHERE vendorId = ?
        AND (lastDecidedAt IS NULL OR lastDecidedAt < ?)`).run(row.decidedAt, row.decidedByEmployeeId, requestId, vendorId, row.decidedAt);
    }
    if (isBase) approvedBase = { requestId, vendorId };
    // Comments between the requester and the assignee on some open requests.
    if (plan.assignee && n % 3 === 0) {
      insertComment(requestId, plan.requester, 'Any news on this one? The buyout closes soon.', addDaysToInstant(submittedAt, 0.2));
      insertComment(requestId, plan.assignee, 'Looking at the financials today.', addDaysToInstant(submittedAt, 0.3));
    }
  });

  // The open Renewal based on the approved one: In Review with risk, the vendor's record changed since.
  if (approvedBase) {
    const base: { requestId: number; vendorId: number } = approvedBase;
    const number = `SLIM-${String(planned.length + 1).padStart(4, '0')}`;
    const vendor = vendorRecord(db, base.vendorId, seedDate)!;
    const submittedAt = addDaysToInstant(seedNoon, -3);
    const reviewAt = addDaysToInstant(submittedAt, 1.5);
    const requestId = insert(db, 'slim_requests', {
      number, type: 'Renewal', vendorId: base.vendorId, projectId: null, regionId: 1, requestedAmount: null, priority: 'Normal',
      justification: 'Annual renewal; the limits expire soon.', mitigation: null, applicationRecordStateId: state('In Review'), requestedByEmployeeId: PM,
      assignedToEmployeeId: RISK, submittedAt, dueDate: slimDueDate('Renewal', submittedAt.slice(0, 10)), missingData: null, answer: null, escalationNote: null,
      regionalPassedAt: null, regionalPassedByEmployeeId: null, decidedAt: null, decidedByEmployeeId: null, decisionReason: null, conditions: null,
      approvedSingleLimit: null, approvedAggregateLimit: null, approvedLimitExpiresOn: null, basedOnRequestId: base.requestId, snapshot: JSON.stringify(vendor),
      version: 2, displayText: `${number} Renewal: ${vendor.name}`, modifiedAt: reviewAt,
    });
    insertEvent(requestId, 'state', null, state('Submitted'), PM, submittedAt, null);
    insertEvent(requestId, 'state', state('Submitted'), state('In Review'), RISK, reviewAt, null);
  }

  // The expiry watch as of the seed day (the host's scheduled job does the same from then on): the Renewal
  // requests of the GL insurance and prequalifications within 60 days of expiry or past it (risk.ts put some there).
  syncExpiryRenewals(db, seedDate, { at: stamp });
}
