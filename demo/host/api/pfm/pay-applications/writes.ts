/**
 * Pay applications' writes (contract: src/core/pay-applications/contract.ts; rules: ./rules there). Form-data
 * POSTs answering `{ data: PayApplication }`; a refusal a user reads is the 400 autoAlert, a field's the
 * `invalid` feedback (`lines[i].thisPeriod`); nothing is written on a refusal.
 *
 * - Create: only a billable commitment (Executed; a purchase order Issued or Received); one open application
 *   per commitment; one per period; the period end a month's last day, not past the current month, and not
 *   in a closed period (rules.periodProblem: a month whose forecast period is closed on the commitment's budget),
 *   and after the commitment's last application. The lines are the schedule of values as of now (original items, then the items of
 *   approved change orders), carrying work completed and materials stored from the previous application.
 *   The application is the final one (rate 0, releasing the retainage held) when every line was completed
 *   by the previous applications: it bills no work.
 * - Save: Draft or Revise and Resubmit only; lastLoad required (409 when the application changed since);
 *   each line's total at most its scheduled value, stored materials not negative (rules.payLineProblems).
 *   Every write moves modifiedAt strictly forward, so two saves from the same load can not both pass.
 * - State: Draft → Submitted → Approved → Approved for Payment (the approval authority on this payment's
 *   amount, and the lien waivers rules.missingLienWaivers asks for) → Paid; Revise and Resubmit (from
 *   Submitted or Approved) needs a Reason, kept in reviseReason. Approved for Payment keeps the certified
 *   figures and writes the cost of the work certified (per cost code, the change in total completed and
 *   stored since the previous certificate) as cost-code transactions sourced by the commitment, as the
 *   seeded billing is, so the commitment's billed and the projection grid's actual to date move; and files the
 *   application's document on the record (./document).
 * - Lien waiver: a file (record files of the PayApplication, files.ts' upload checks), its kind, amount and
 *   through-date.
 */
import type Database from 'better-sqlite3';
import { BILLABLE_COMMITMENT_KEYS, PAY_APPLICATION_RECORD_KEY, type BillableCommitmentKey } from '../../../../../src/core/pay-applications/contract';
import {
  allLinesComplete, isBillableState, LIEN_WAIVER_KINDS, missingLienWaivers, OPEN_PAY_APPLICATION_STATES, PAY_APPLICATION_STATES, payApplicationNumber,
  payLineProblems, periodProblem, type PayLineInput,
} from '../../../../../src/core/pay-applications/rules';
import { formatMoney } from '../../../../../src/core/format/numbers';
import * as clock from '../../../../../src/core/clock';
import { p, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, conflict, invalid, notFound, type FeedbackItem } from '../../http';
import { moveRecordState, stateByName, trackChange } from '../../records';
import { requestedMove, stateUpdateParams } from '../../state-update-params';
import { assertProjectTakesCosts } from '../../toolbox/closeouts';
import { checkedUploads, storedName } from '../files';
import { COMMITMENT_TABLES, currentFigures, payApplicationById, storedLines, waiverNeeds, type StoredLine } from './loads';
import { closedMonths } from '../projections/periods/store';
import { certificateAhead, fileCertificate } from './document';

type Row = Record<string, unknown>;
const KEY = PAY_APPLICATION_RECORD_KEY;
const S = PAY_APPLICATION_STATES;
const EDITABLE_STATES: readonly string[] = [S.draft, S.revise];
/** The longest Revise and Resubmit reason. */
export const REVISE_REASON_MAX = 2000;

/** The application as answered, after a write (404 when it is gone). */
function answer(db: Database.Database, id: number) {
  const record = payApplicationById(db, id);
  if (!record) throw notFound(`Pay application ${id} not found.`);
  return record;
}

/** A write's time stamp: now, but always after `previous` (a pinned or coarse clock must not let a stale save pass). */
function stampAfter(previous: unknown): string {
  const now = clock.nowMs();
  const before = typeof previous === 'string' ? Date.parse(previous) : Number.NaN;
  return new Date(Number.isFinite(before) && before >= now ? before + 1 : now).toISOString();
}

interface Commitment {
  projectId: number;
  budgetId: number;
  vendorId: number;
  number: string;
  stateName: string;
  retainagePercent: number;
  reduceRetainageAtHalf: number;
}

function commitmentOf(db: Database.Database, key: BillableCommitmentKey, id: number): Commitment | undefined {
  const t = COMMITMENT_TABLES[key];
  return db.prepare(`SELECT c.projectId, c.budgetId, c.vendorId, c.number, s.name AS stateName, c.retainagePercent, c.reduceRetainageAtHalf
    FROM ${t.table} c JOIN application_record_states s ON s.applicationRecordStateId = c.applicationRecordStateId WHERE c.${t.id} = ?`).get(id) as Commitment | undefined;
}

/** The refusal when `commitment` can not be billed (its state). */
function billableRefusal(key: BillableCommitmentKey, commitment: Commitment): string | null {
  return isBillableState(key, commitment.stateName) ? null
    : `${commitment.number} is ${commitment.stateName}: only ${key === 'PurchaseOrder' ? 'an issued purchase order' : 'an executed commitment'} can be billed.`;
}

/** The schedule of values now: original items, then the items of approved change orders. */
function scheduleOf(db: Database.Database, key: BillableCommitmentKey, id: number): Array<{ source: 'original' | 'changeOrder'; itemId: number; costCodeId: number; amount: number }> {
  const t = COMMITMENT_TABLES[key];
  const original = db.prepare(`SELECT 'original' AS source, ${t.itemId} AS itemId, costCodeId, amount FROM ${t.items} WHERE ${t.id} = ? ORDER BY ${t.itemId}`).all(id);
  const changes = t.changeOrders ? db.prepare(`SELECT 'changeOrder' AS source, ci.${t.changeOrderId!.replace(/Id$/, 'ItemId')} AS itemId, ci.costCodeId, ci.amount
    FROM ${t.changeOrderItems} ci JOIN ${t.changeOrders} co ON co.${t.changeOrderId} = ci.${t.changeOrderId}
    JOIN application_record_states s ON s.applicationRecordStateId = co.applicationRecordStateId
    WHERE co.${t.id} = ? AND s.name = 'Approved' ORDER BY itemId`).all(id) : [];
  return [...original, ...changes] as Array<{ source: 'original' | 'changeOrder'; itemId: number; costCodeId: number; amount: number }>;
}

// --- create -----------------------------------------------------------------------------------------

export const CREATE = {
  RecordKey: p.recordKey(BILLABLE_COMMITMENT_KEYS, { required: true }),
  CommitmentId: p.id({ required: true, scope: { keyParam: 'RecordKey' } }),
  PeriodEnd: p.date({ required: true }),
};

/** Why `periodEnd` can not take a new application today (null: it can): the shared rule, at the field. `closedMonths`: the budget's closed forecast periods. */
export function periodRefusal(periodEnd: string, today = clock.today(), closedMonths?: ReadonlySet<string>): FeedbackItem | null {
  const problem = periodProblem(periodEnd, today, closedMonths);
  return problem ? { integerValue: 1, stringValue: 'PeriodEnd', message: problem } : null;
}

export function createPayApplication({ db, params, user }: RouteCtx<ParamsOf<typeof CREATE>>): unknown {
  const key = params.RecordKey;
  return db.transaction(() => {
    const commitment = commitmentOf(db, key, params.CommitmentId);
    if (!commitment) throw notFound(`${key} ${params.CommitmentId} not found.`);
    const fn = 'CreatePayApplication';
    const notBillable = billableRefusal(key, commitment);
    if (notBillable) throw autoAlert(fn, notBillable);
    assertProjectTakesCosts(db, commitment.projectId, fn);
    const period = periodRefusal(params.PeriodEnd, clock.today(), closedMonths(db, commitment.budgetId));
    if (period) throw invalid([period]);
    const others = db.prepare(`SELECT a.*, s.name AS stateName FROM pay_applications a JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId
      WHERE a.commitmentKey = ? AND a.commitmentId = ? ORDER BY a.sequence`).all(key, params.CommitmentId) as Row[];
    const open = others.find((o) => OPEN_PAY_APPLICATION_STATES.includes(String(o.stateName)));
    if (open) throw autoAlert(fn, `${String(open.number)} (${String(open.stateName)}) is still open: finish it before a new application for ${commitment.number}.`, { payApplicationId: open.payApplicationId });
    const last = others.at(-1);
    if (last && String(last.periodEnd) >= params.PeriodEnd) {
      throw autoAlert(fn, `${commitment.number} was billed through ${String(last.periodEnd)} (${String(last.number)}): a new application must be for a later period.`);
    }
    const schedule = scheduleOf(db, key, params.CommitmentId);
    if (!schedule.length) throw autoAlert(fn, `${commitment.number} has no items to bill.`);
    const previousLines = last ? storedLines(db, last.payApplicationId as number) : [];
    const carried = new Map(previousLines.map((l) => [`${l.source}:${l.itemId}`, l]));
    const lines = schedule.map((item): PayLineInput & { source: string; costCodeId: number } => {
      const before = carried.get(`${item.source}:${item.itemId}`);
      return {
        itemId: item.itemId, source: item.source, costCodeId: item.costCodeId, scheduledValue: item.amount,
        previousCompleted: before ? Math.round((before.previousCompleted + before.thisPeriod) * 100) / 100 : 0, thisPeriod: 0,
        storedMaterials: before?.storedMaterials ?? 0,
      };
    });
    // Every line completed by the previous applications: this one releases the retainage held.
    const final = last !== undefined && allLinesComplete(lines);
    const sequence = ((last?.sequence as number | undefined) ?? 0) + 1;
    const number = payApplicationNumber(commitment.number, sequence);
    const at = clock.nowIso();
    const id = Number(db.prepare(`INSERT INTO pay_applications (commitmentKey, commitmentId, projectId, budgetId, vendorId, sequence, number, periodEnd, final,
      applicationRecordStateId, retainagePercent, reduceRetainageAtHalf, createdAt, createdByEmployeeId, displayText, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      key, params.CommitmentId, commitment.projectId, commitment.budgetId, commitment.vendorId, sequence, number, params.PeriodEnd, final ? 1 : 0,
      stateByName(db, KEY, S.draft).applicationRecordStateId, commitment.retainagePercent ?? 0, commitment.reduceRetainageAtHalf ? 1 : 0, at, user.employeeId, number, at,
    ).lastInsertRowid);
    const insert = db.prepare(`INSERT INTO pay_application_lines (payApplicationId, source, itemId, costCodeId, scheduledValue, previousCompleted, thisPeriod,
      storedMaterials, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`);
    for (const line of lines) insert.run(id, line.source, line.itemId, line.costCodeId, line.scheduledValue, line.previousCompleted, line.storedMaterials, at);
    keepPaymentDue(db, id);
    trackChange(db, { projectId: commitment.projectId, actorId: user.employeeId, parentId: id, parentType: KEY, recordId: id, recordType: KEY, description: 'Created', at });
    return answer(db, id);
  }).immediate();
}

/** Keep the application's current payment due as its lines say now (what the approval authority judges). */
function keepPaymentDue(db: Database.Database, id: number): void {
  const header = db.prepare('SELECT * FROM pay_applications WHERE payApplicationId = ?').get(id) as Row;
  const { totals } = currentFigures(db, header);
  db.prepare('UPDATE pay_applications SET currentPaymentDue = ? WHERE payApplicationId = ?').run(totals.currentPaymentDue, id);
}

// --- save -------------------------------------------------------------------------------------------

export const SAVE = {
  PayApplicationId: p.id({ required: true, scope: KEY }),
  lastLoad: p.timestamp({ required: true }),
  lines: p.list({
    itemId: p.id({ required: true }),
    /** Needed only when an original item and a change-order item of the application share the id. */
    source: p.enum(['original', 'changeOrder']),
    thisPeriod: p.money(),
    storedMaterials: p.money(),
  }, { max: 2000, required: true }),
};

export function savePayApplication({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE>>): unknown {
  const id = params.PayApplicationId;
  return db.transaction(() => {
    const header = db.prepare(`SELECT a.*, s.name AS stateName FROM pay_applications a JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId
      WHERE a.payApplicationId = ?`).get(id) as Row | undefined;
    if (!header) throw notFound(`Pay application ${id} not found.`);
    if (Date.parse(String(header.modifiedAt)) > Date.parse(params.lastLoad)) {
      throw conflict(`${String(header.number)} was changed since you loaded it: reload it and enter your amounts again.`, { modifiedAt: header.modifiedAt });
    }
    if (!EDITABLE_STATES.includes(String(header.stateName))) {
      throw autoAlert('SavePayApplication', `${String(header.number)} is ${String(header.stateName)}: only a Draft or an application sent back to Revise and Resubmit can be changed.`);
    }
    if (header.final === 1) throw autoAlert('SavePayApplication', `${String(header.number)} is the final application: it releases the retainage held and bills no work.`);
    const lines = storedLines(db, id);
    const feedback: FeedbackItem[] = [];
    const bad = (field: string, message: string) => feedback.push({ integerValue: 1, stringValue: field, message });
    const changed = new Map<number, StoredLine>();
    for (const entry of params.lines) {
      const field = (name: string) => `lines[${entry.index}].${name}`;
      const matches = lines.filter((l) => l.itemId === entry.itemId && (entry.source === undefined || l.source === entry.source));
      if (matches.length !== 1) {
        bad(field('itemId'), matches.length ? `Line ${entry.index + 1}: item ${entry.itemId} is on two lines: send its source (original or changeOrder).`
          : `Line ${entry.index + 1}: item ${entry.itemId} is not a line of ${String(header.number)}.`);
        continue;
      }
      const line = matches[0]!;
      if (changed.has(line.payApplicationLineId)) {
        bad(field('itemId'), `Line ${entry.index + 1}: item ${entry.itemId} is sent twice.`);
        continue;
      }
      const next = { ...line, thisPeriod: entry.thisPeriod ?? line.thisPeriod, storedMaterials: entry.storedMaterials ?? line.storedMaterials };
      for (const problem of payLineProblems(next)) bad(field(problem.startsWith('Stored') ? 'storedMaterials' : 'thisPeriod'), `Line ${entry.index + 1}: ${problem}`);
      changed.set(line.payApplicationLineId, next);
    }
    if (feedback.length) throw invalid(feedback);
    const at = stampAfter(header.modifiedAt);
    const update = db.prepare('UPDATE pay_application_lines SET thisPeriod = ?, storedMaterials = ?, modifiedAt = ? WHERE payApplicationLineId = ?');
    for (const line of changed.values()) update.run(line.thisPeriod, line.storedMaterials, at, line.payApplicationLineId);
    db.prepare('UPDATE pay_applications SET modifiedAt = ? WHERE payApplicationId = ?').run(at, id);
    keepPaymentDue(db, id);
    trackChange(db, {
      projectId: header.projectId as number, actorId: user.employeeId, parentId: id, parentType: KEY, recordId: id, recordType: KEY,
      description: `Changed ${changed.size} line${changed.size === 1 ? '' : 's'}`, at,
    });
    return answer(db, id);
  }).immediate();
}

// --- state ------------------------------------------------------------------------------------------

export const UPDATE_STATE = { ...stateUpdateParams(KEY), Reason: p.string(4000, { empty: 'keep' }) };
const FUNCTION = 'UpdatePayApplicationState';

/** Write the cost of the work certified: per cost code, the change in total completed and stored since the previous certificate. */
function postCertifiedCost(db: Database.Database, header: Row, lines: readonly StoredLine[], previous: Row | undefined, at: string): void {
  const before = new Map((previous ? storedLines(db, previous.payApplicationId as number) : [])
    .map((l) => [`${l.source}:${l.itemId}`, l.previousCompleted + l.thisPeriod + l.storedMaterials]));
  const byCostCode = new Map<number, number>();
  for (const line of lines) {
    const change = line.previousCompleted + line.thisPeriod + line.storedMaterials - (before.get(`${line.source}:${line.itemId}`) ?? 0);
    byCostCode.set(line.costCodeId, (byCostCode.get(line.costCodeId) ?? 0) + change);
  }
  const today = clock.today();
  const date = String(header.periodEnd) < today ? String(header.periodEnd) : today;
  const insert = db.prepare(`INSERT INTO cost_code_transactions (costCodeId, budgetId, projectId, transactionDate, sourceType, sourceRecordKey, sourceRecordId,
    documentNumber, vendorId, description, units, hours, amount, modifiedAt)
    SELECT costCodeId, budgetId, ?, ?, 'Pay Application', ?, ?, ?, ?, ?, 0, 0, ?, ? FROM cost_codes WHERE costCodeId = ?`);
  for (const [costCodeId, amount] of byCostCode) {
    const cents = Math.round(amount * 100) / 100;
    if (cents === 0) continue;
    insert.run(header.projectId, date, header.commitmentKey, header.commitmentId, header.number, header.vendorId,
      `Pay application through ${String(header.periodEnd)}`, cents, at, costCodeId);
  }
}

export async function updatePayApplicationState({ db, params, user }: RouteCtx<ParamsOf<typeof UPDATE_STATE>>): Promise<unknown> {
  const request = { ...requestedMove(params), actorId: user.employeeId, reason: params.Reason };
  // Approved for Payment files the application's document; drawing it is asynchronous, so it is drawn before the transaction.
  const certificate = await certificateAhead(db, request, user);
  const reason = (params.Reason ?? '').trim();
  const kind = { recordKey: KEY, table: 'pay_applications', idColumn: 'payApplicationId', label: 'pay application', functionName: FUNCTION };
  return moveRecordState(db, kind, request, ({ record, target, at }) => {
    const id = record.payApplicationId as number;
    const number = String(record.number);
    const stamp = (column: string) => db.prepare(`UPDATE pay_applications SET ${column}At = ?, ${column}ByEmployeeId = ? WHERE payApplicationId = ?`).run(at, user.employeeId, id);
    if (target.name === S.revise) {
      if (reason === '') throw invalid([{ integerValue: 1, stringValue: 'Reason', message: `Type why ${number} is sent back, for the submitter to read.` }]);
      if (reason.length > REVISE_REASON_MAX) throw invalid([{ integerValue: 1, stringValue: 'Reason', message: `The reason is longer than ${REVISE_REASON_MAX.toLocaleString('en-US')} characters.` }]);
      db.prepare('UPDATE pay_applications SET reviseReason = ? WHERE payApplicationId = ?').run(reason, id);
      stamp('revised');
    }
    const { totals, previous, storedLines: lines } = currentFigures(db, record);
    if ([S.submitted, S.approved, S.approvedForPayment].includes(target.name as never)) {
      const problems = lines.flatMap((line, index) => payLineProblems(line).map((problem) => `Line ${index + 1}: ${problem}`));
      if (problems.length) throw autoAlert(FUNCTION, `${number} can not move to '${target.name}': ${problems.join(' ')}`);
    }
    if (target.name === S.submitted) stamp('submitted');
    if (target.name === S.approved) stamp('approved');
    if (target.name === S.approvedForPayment) {
      const key = record.commitmentKey as BillableCommitmentKey;
      const commitment = commitmentOf(db, key, record.commitmentId as number)!;
      const notBillable = billableRefusal(key, commitment);
      if (notBillable) throw autoAlert(FUNCTION, notBillable);
      assertProjectTakesCosts(db, record.projectId as number, FUNCTION);
      const budget = db.prepare('SELECT jobNumber, budgetLock, budgetLockReason FROM budgets WHERE budgetId = ?').get(record.budgetId) as
        { jobNumber: string; budgetLock: number; budgetLockReason: string | null };
      if (budget.budgetLock === 1) throw autoAlert(FUNCTION, `Budget ${budget.jobNumber} is locked${budget.budgetLockReason ? ` (${budget.budgetLockReason})` : ''}: no cost can be posted to it.`);
      const waivers = db.prepare('SELECT kind, amount, throughDate FROM lien_waivers WHERE payApplicationId = ?').all(id) as Array<{ kind: never; amount: number; throughDate: string }>;
      const missing = missingLienWaivers(waiverNeeds(record, totals, previous), waivers);
      if (missing.length) {
        throw autoAlert(FUNCTION, `${number} can not be approved for payment of ${formatMoney(totals.currentPaymentDue)} without its lien waivers. Missing: ${missing.join(' ')}`, { waiversMissing: missing });
      }
      db.prepare(`UPDATE pay_applications SET currentPaymentDue = ?, certifiedCompletedAndStored = ?, certifiedRetainage = ?, certifiedEarnedLessRetainage = ?,
        certifiedPaymentDue = ? WHERE payApplicationId = ?`).run(totals.currentPaymentDue, totals.totalCompletedAndStored, totals.retainage,
        totals.totalEarnedLessRetainage, totals.currentPaymentDue, id);
      stamp('approvedForPayment');
      postCertifiedCost(db, record, lines, previous, at);
      fileCertificate(db, certificate, { payApplicationId: id, totals, employeeId: user.employeeId, at });
    }
    if (target.name === S.paid) stamp('paid');
    return { projectId: record.projectId as number, parentId: id, parentType: KEY };
  }, () => answer(db, request.itemId));
}

// --- lien waivers -----------------------------------------------------------------------------------

export const ADD_WAIVER = {
  PayApplicationId: p.id({ required: true, scope: KEY }),
  Kind: p.enum(LIEN_WAIVER_KINDS, { required: true }),
  Amount: p.money({ required: true }),
  ThroughDate: p.date({ required: true }),
  /** Required; declared optional so that the team guard answers first for an application out of reach (the handler asks for it). */
  file: p.file(),
};

export function addLienWaiver({ db, params, user }: RouteCtx<ParamsOf<typeof ADD_WAIVER>>): unknown {
  const id = params.PayApplicationId;
  if (params.Amount < 0) throw invalid([{ integerValue: 1, stringValue: 'Amount', message: 'The waiver amount may not be negative.' }]);
  if (!params.file) throw invalid([{ integerValue: 1, stringValue: 'file', message: 'Attach the signed lien waiver.' }]);
  const [upload] = checkedUploads([{ field: 'file', file: params.file }]);
  return db.transaction(() => {
    const header = db.prepare('SELECT payApplicationId, projectId, modifiedAt FROM pay_applications WHERE payApplicationId = ?').get(id) as Row | undefined;
    if (!header) throw notFound(`Pay application ${id} not found.`);
    const at = stampAfter(header.modifiedAt);
    const fileId = Number(db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedByEmployeeId, uploadedAt, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(KEY, id, storedName(upload!.file.filename), upload!.type.mime, upload!.file.data.length, upload!.file.data,
      user.employeeId, at, at).lastInsertRowid);
    db.prepare(`INSERT INTO lien_waivers (payApplicationId, kind, amount, throughDate, fileId, uploadedByEmployeeId, uploadedAt, modifiedAt)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(id, params.Kind, params.Amount, params.ThroughDate, fileId, user.employeeId, at, at);
    db.prepare('UPDATE pay_applications SET modifiedAt = ? WHERE payApplicationId = ?').run(at, id);
    trackChange(db, {
      projectId: header.projectId as number, actorId: user.employeeId, parentId: id, parentType: KEY, recordId: id, recordType: KEY,
      description: `${params.Kind} lien waiver added`, at,
    });
    return answer(db, id);
  }).immediate();
}
