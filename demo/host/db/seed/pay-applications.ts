/**
 * Pay applications (migration 026): the approval authority's defaults for 'PayApplication' (its states come
 * from states.ts with the other records), and the monthly applications of every commitment that can be
 * billed, on a stream of its own (20261126), after every commitment and its billing:
 * - the certified applications are the ledger: the cost-code transactions a commitment is the source of are
 *   what its approvals for payment wrote, so each certified application's work per cost code is that month's
 *   transactions (the oldest one carries everything before it), its certified figures are the shared rules'
 *   (src/core/pay-applications/rules), and the commitment's billed (its last certificate) equals its ledger;
 * - billing beyond the schedule of values is not the commitment's: the part of a transaction past its cost
 *   code's scheduled value stays on the line (the actual to date is unchanged) without the commitment as its
 *   source, so no line is ever billed over its value;
 * - an executed commitment (an issued or received purchase order) has 1–6 applications for the months up to
 *   the current one: Paid, the newest certified one sometimes Approved for Payment, and often an open one for
 *   the current month (Draft, Submitted or Approved; one Revise and Resubmit with its reason) billing new work;
 *   a closed commitment keeps one historic Paid application, as the migration makes on an upgraded database;
 * - lien waivers on file (a small PDF in the record files of the application): for each certified or submitted
 *   application a conditional waiver for its payment and an unconditional one for the previous payment;
 * - on pm's 24-1032 exactly one application is Approved and waiting for both of its waivers (the portal shows
 *   it), and the one Revise and Resubmit is there too.
 * Commitments that already have an application (the benchmark project's) are left alone.
 */
import type Database from 'better-sqlite3';
import { PAY_APPLICATION_APPROVAL_DEFAULTS_026 } from '../migrations/026_pay_applications';
import { PAY_APPLICATION_RECORD_KEY } from '../../../../src/core/pay-applications/contract';
import {
  PAY_APPLICATION_STATES as S, payApplicationFigures, payApplicationNumber, periodEndOf, type LienWaiverKind, type PayLineInput,
} from '../../../../src/core/pay-applications/rules';
import { cents } from '../../../../src/core/format/numbers';
import { Rng } from '../prng';
import { addDays, addMonths, atHour, insert, stateId, type SeedCalendar } from './support';

/** The project whose one Approved application waits for its waivers (pm's 24-1032). */
export const WAITING_FOR_WAIVERS_PROJECT_ID = 1;
/** The reason of the seed's one Revise and Resubmit. */
export const SEED_REVISE_REASON = 'Stored materials need the supplier invoice and a photo of the material on site; resubmit with both attached.';

const KEY = PAY_APPLICATION_RECORD_KEY;

interface Commitment {
  k: 'Subcontract' | 'PurchaseAgreement' | 'PurchaseOrder';
  id: number;
  projectId: number;
  budgetId: number;
  vendorId: number;
  vendorName: string;
  number: string;
  pct: number;
  reduce: number;
  stateName: string;
  pmId: number;
  rpmId: number;
}

interface ScheduleLine { source: 'original' | 'changeOrder'; itemId: number; costCodeId: number; amount: number }

/** An application being written: its lines (as PayLineInput with the source and cost code) and state. */
interface Planned {
  periodEnd: string;
  state: string;
  lines: Array<PayLineInput & { source: string; costCodeId: number }>;
}

export function seedPayApplications(db: Database.Database, cal: SeedCalendar): void {
  const stamp = cal.stamp;
  db.exec(PAY_APPLICATION_APPROVAL_DEFAULTS_026);
  db.prepare(`UPDATE approval_moves SET modifiedAt = ? WHERE applicationRecordKey = 'PayApplication'`).run(stamp);
  db.prepare(`UPDATE approval_limits SET modifiedAt = ? WHERE approvalMoveId IN (SELECT approvalMoveId FROM approval_moves WHERE applicationRecordKey = 'PayApplication')`).run(stamp);
  const writer = new PayApplicationWriter(db, cal);
  const rng = new Rng(20261126);
  const commitments = db.prepare(`SELECT c.*, v.name AS vendorName, p.projectManagerEmployeeId AS pmId, p.regionalProjectManagerEmployeeId AS rpmId FROM (
      SELECT 'Subcontract' AS k, t.subcontractId AS id, t.projectId, t.budgetId, t.vendorId, t.number, t.retainagePercent AS pct, t.reduceRetainageAtHalf AS reduce,
        s.name AS stateName FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId)
      UNION ALL
      SELECT 'PurchaseAgreement', t.purchaseAgreementId, t.projectId, t.budgetId, t.vendorId, t.number, t.retainagePercent, t.reduceRetainageAtHalf, s.name
        FROM purchase_agreements t JOIN application_record_states s USING (applicationRecordStateId)
      UNION ALL
      SELECT 'PurchaseOrder', t.purchaseOrderId, t.projectId, t.budgetId, t.vendorId, t.number, coalesce(t.retainagePercent, 0), coalesce(t.reduceRetainageAtHalf, 0), s.name
        FROM purchase_orders t JOIN application_record_states s USING (applicationRecordStateId)) c
    JOIN vendors v ON v.vendorId = c.vendorId JOIN projects p ON p.projectId = c.projectId
    WHERE c.stateName IN ('Executed', 'Issued', 'Received', 'Closed')
      AND NOT EXISTS (SELECT 1 FROM pay_applications a WHERE a.commitmentKey = c.k AND a.commitmentId = c.id)
    ORDER BY c.projectId, c.k DESC, c.id`).all() as Commitment[];
  const currentEnd = periodEndOf(cal.today);
  const previousEnd = periodEndOf(addDays(`${cal.today.slice(0, 7)}-01`, -1));
  // On 24-1032: the first open application waits for its waivers, the second is sent back.
  const showcase: string[] = [S.approved, S.revise];
  for (const c of commitments) {
    const schedule = scheduleOf(db, c);
    if (!schedule.length) continue;
    const ledger = keepLedgerWithinSchedule(db, c, schedule, stamp);
    const billable = c.stateName !== 'Closed';
    const lastBilled = ledger.length ? periodEndOf(ledger[ledger.length - 1]!.transactionDate) : null;
    if (!billable && !lastBilled) continue;
    const planned: Planned[] = [];
    // Certified applications: the months of the ledger, the newest the month of its last billing (the month before this one).
    if (lastBilled) {
      const newest = billable && lastBilled < previousEnd ? previousEnd : lastBilled;
      const first = periodEndOf(ledger[0]!.transactionDate);
      const months = monthsFrom(first, newest) + 1;
      const count = billable ? Math.min(months, rng.int(1, 5)) : 1;
      for (let i = count - 1; i >= 0; i--) {
        const periodEnd = periodEndOf(addMonths(`${newest.slice(0, 7)}-01`, -i));
        planned.push({ periodEnd, state: S.paid, lines: linesThrough(schedule, ledger, periodEnd, planned.at(-1)) });
      }
      if (billable && rng.chance(0.3)) planned.at(-1)!.state = S.approvedForPayment;
    }
    // An open application for the current month, billing work not yet certified.
    const onShowcase = c.projectId === WAITING_FOR_WAIVERS_PROJECT_ID && showcase.length > 0 && planned.length > 0;
    // (pm's other subcontracts on 24-1032 are left without one: free to bill in the API tests and the demo.)
    const mayOpen = c.projectId !== WAITING_FOR_WAIVERS_PROJECT_ID || c.k !== 'Subcontract' || onShowcase;
    if (billable && newestBefore(planned, currentEnd) && (onShowcase || (mayOpen && rng.chance(0.5)) || planned.length === 0)) {
      const previous = planned.at(-1);
      const lines = schedule.map((item) => {
        const before = previous?.lines.find((l) => l.source === item.source && l.itemId === item.itemId);
        const previousCompleted = before ? cents(before.previousCompleted + before.thisPeriod) : 0;
        const thisPeriod = cents(Math.min(item.amount - previousCompleted, item.amount * rng.between(0.04, 0.15)));
        return { itemId: item.itemId, source: item.source, costCodeId: item.costCodeId, scheduledValue: item.amount, previousCompleted, thisPeriod, storedMaterials: 0 };
      });
      if (lines.some((l) => l.thisPeriod > 0)) {
        const state = onShowcase ? showcase.shift()! : c.projectId === WAITING_FOR_WAIVERS_PROJECT_ID ? rng.pick([S.draft, S.submitted])
          : rng.pick([S.draft, S.submitted, S.submitted, S.approved]);
        planned.push({ periodEnd: currentEnd, state, lines });
      }
    }
    writer.write(c, planned, rng);
  }
}

/** The schedule of values now: original items, then the items of approved change orders (as the host's create reads it). */
function scheduleOf(db: Database.Database, c: Commitment): ScheduleLine[] {
  const tables = {
    Subcontract: ['subcontract_items', 'subcontractItemId', 'subcontractId', 'subcontract_change_order'],
    PurchaseAgreement: ['purchase_agreement_items', 'purchaseAgreementItemId', 'purchaseAgreementId', 'purchase_agreement_change_order'],
    PurchaseOrder: ['purchase_order_items', 'purchaseOrderItemId', 'purchaseOrderId', null],
  } as const;
  const [items, itemId, id, co] = tables[c.k];
  const original = db.prepare(`SELECT 'original' AS source, ${itemId} AS itemId, costCodeId, amount FROM ${items} WHERE ${id} = ? ORDER BY ${itemId}`).all(c.id) as ScheduleLine[];
  const coId = `${id.replace(/Id$/, '')}ChangeOrderId`;
  const changes = co ? db.prepare(`SELECT 'changeOrder' AS source, ci.${coId.replace(/Id$/, 'ItemId')} AS itemId, ci.costCodeId, ci.amount
    FROM ${co}_items ci JOIN ${co}s x ON x.${coId} = ci.${coId} JOIN application_record_states s ON s.applicationRecordStateId = x.applicationRecordStateId
    WHERE x.${id} = ? AND s.name = 'Approved' ORDER BY itemId`).all(c.id) as ScheduleLine[] : [];
  return [...original, ...changes].filter((l) => l.amount > 0);
}

interface LedgerRow { costCodeTransactionId: number; costCodeId: number; amount: number; transactionDate: string }

/**
 * The commitment's ledger in date order, kept within its schedule: per cost code, what a transaction bills past
 * the scheduled value of the commitment's lines on that code is split off without the commitment as source.
 */
function keepLedgerWithinSchedule(db: Database.Database, c: Commitment, schedule: readonly ScheduleLine[], stamp: string): LedgerRow[] {
  const rows = db.prepare(`SELECT costCodeTransactionId, costCodeId, amount, transactionDate FROM cost_code_transactions WHERE sourceRecordKey = ? AND sourceRecordId = ?
    ORDER BY transactionDate, costCodeTransactionId`).all(c.k, c.id) as LedgerRow[];
  const room = new Map<number, number>();
  for (const line of schedule) room.set(line.costCodeId, cents((room.get(line.costCodeId) ?? 0) + line.amount));
  const kept: LedgerRow[] = [];
  for (const row of rows) {
    const left = room.get(row.costCodeId) ?? 0;
    if (row.amount <= left) {
      room.set(row.costCodeId, cents(left - row.amount));
      kept.push(row);
      continue;
    }
    if (left > 0) {
      db.prepare(`INSERT INTO cost_code_transactions (costCodeId, budgetId, projectId, transactionDate, sourceType, sourceRecordKey, sourceRecordId, documentNumber,
        vendorId, description, units, hours, amount, modifiedAt) SELECT costCodeId, budgetId, projectId, transactionDate, sourceType, NULL, NULL, documentNumber,
        vendorId, description || ' (beyond the commitment)', 0, 0, ?, ? FROM cost_code_transactions WHERE costCodeTransactionId = ?`)
        .run(cents(row.amount - left), stamp, row.costCodeTransactionId);
      db.prepare('UPDATE cost_code_transactions SET amount = ?, units = 0, hours = 0 WHERE costCodeTransactionId = ?').run(left, row.costCodeTransactionId);
      room.set(row.costCodeId, 0);
      kept.push({ ...row, amount: left });
    } else {
      db.prepare(`UPDATE cost_code_transactions SET sourceRecordKey = NULL, sourceRecordId = NULL, description = description || ' (beyond the commitment)'
        WHERE costCodeTransactionId = ?`).run(row.costCodeTransactionId);
    }
  }
  return kept;
}

/** Whole months from period end `a` to period end `b`. */
const monthsFrom = (a: string, b: string): number => (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

const newestBefore = (planned: readonly Planned[], periodEnd: string): boolean => (planned.at(-1)?.periodEnd ?? '') < periodEnd;

/** The lines of the certified application through `periodEnd`: per cost code the ledger to that day, filling its lines in schedule order. */
function linesThrough(schedule: readonly ScheduleLine[], ledger: readonly LedgerRow[], periodEnd: string, previous: Planned | undefined): Planned['lines'] {
  const toDate = new Map<number, number>();
  for (const row of ledger) if (row.transactionDate <= periodEnd) toDate.set(row.costCodeId, cents((toDate.get(row.costCodeId) ?? 0) + row.amount));
  return schedule.map((item) => {
    const left = toDate.get(item.costCodeId) ?? 0;
    const completed = cents(Math.min(left, item.amount));
    toDate.set(item.costCodeId, cents(left - completed));
    const before = previous?.lines.find((l) => l.source === item.source && l.itemId === item.itemId);
    const previousCompleted = before ? cents(before.previousCompleted + before.thisPeriod) : 0;
    return {
      itemId: item.itemId, source: item.source, costCodeId: item.costCodeId, scheduledValue: item.amount, previousCompleted,
      thisPeriod: cents(completed - previousCompleted), storedMaterials: 0,
    };
  });
}

/** Writes planned applications with their figures, people, times and waivers. */
class PayApplicationWriter {
  readonly states: Record<string, number>;
  readonly today: string;

  constructor(readonly db: Database.Database, readonly cal: SeedCalendar) {
    this.states = Object.fromEntries(Object.values(S).map((name) => [name, stateId(db, KEY, name)]));
    this.today = cal.today;
  }

  /** `day` at mid-morning, never after the seed's today. */
  private at(day: string, hour = 15): string {
    return atHour(day < this.today ? day : this.today, hour);
  }

  write(c: Commitment, planned: readonly Planned[], rng: Rng): void {
    const terms = { retainagePercent: c.pct, reduceRetainageAtHalf: c.reduce === 1 };
    let previous: { number: string; periodEnd: string; earned: number; payment: number } | null = null;
    planned.forEach((plan, index) => {
      const sequence = index + 1;
      const number = payApplicationNumber(c.number, sequence);
      const { totals } = payApplicationFigures(plan.lines, terms, previous?.earned ?? 0);
      const certified = plan.state === S.paid || plan.state === S.approvedForPayment;
      const approved = plan.state === S.approved || certified;
      const open = plan.periodEnd >= periodEndOf(this.today);
      // Billed at the month's end (an open one: in the days so far of this month); approved and paid after it.
      const submittedDay = open ? this.today : addDays(plan.periodEnd, -rng.int(0, 3));
      const id = insert(this.db, 'pay_applications', {
        commitmentKey: c.k, commitmentId: c.id, projectId: c.projectId, budgetId: c.budgetId, vendorId: c.vendorId, sequence, number,
        periodEnd: plan.periodEnd, final: 0, applicationRecordStateId: this.states[plan.state]!, retainagePercent: c.pct, reduceRetainageAtHalf: c.reduce,
        currentPaymentDue: totals.currentPaymentDue,
        certifiedCompletedAndStored: certified ? totals.totalCompletedAndStored : null, certifiedRetainage: certified ? totals.retainage : null,
        certifiedEarnedLessRetainage: certified ? totals.totalEarnedLessRetainage : null, certifiedPaymentDue: certified ? totals.currentPaymentDue : null,
        reviseReason: plan.state === S.revise ? SEED_REVISE_REASON : null, revisedAt: plan.state === S.revise ? this.at(this.today, 14) : null,
        revisedByEmployeeId: plan.state === S.revise ? c.pmId : null,
        createdAt: this.at(submittedDay, 13), createdByEmployeeId: c.pmId,
        submittedAt: plan.state !== S.draft ? this.at(submittedDay) : null, submittedByEmployeeId: plan.state !== S.draft ? c.pmId : null,
        approvedAt: approved ? this.at(open ? this.today : addDays(plan.periodEnd, 5)) : null, approvedByEmployeeId: approved ? c.pmId : null,
        approvedForPaymentAt: certified ? this.at(addDays(plan.periodEnd, 10)) : null, approvedForPaymentByEmployeeId: certified ? c.rpmId : null,
        paidAt: plan.state === S.paid ? this.at(addDays(plan.periodEnd, 25)) : null, paidByEmployeeId: plan.state === S.paid ? c.rpmId : null,
        displayText: number, modifiedAt: this.cal.stamp,
      });
      for (const line of plan.lines) {
        insert(this.db, 'pay_application_lines', {
          payApplicationId: id, source: line.source, itemId: line.itemId, costCodeId: line.costCodeId, scheduledValue: line.scheduledValue,
          previousCompleted: line.previousCompleted, thisPeriod: line.thisPeriod, storedMaterials: line.storedMaterials, modifiedAt: this.cal.stamp,
        });
      }
      // The waivers come with the application once submitted; the one on 24-1032 waiting for them has none.
      const waiting = plan.state === S.approved && c.projectId === WAITING_FOR_WAIVERS_PROJECT_ID;
      if (plan.state !== S.draft && !waiting) {
        const uploaded = this.at(submittedDay, 16);
        this.waiver(c, id, number, 'Conditional Progress', Math.max(0, totals.currentPaymentDue), plan.periodEnd, uploaded);
        if (previous) this.waiver(c, id, number, 'Unconditional Progress', Math.max(0, previous.payment), previous.periodEnd, uploaded);
      }
      previous = { number, periodEnd: plan.periodEnd, earned: totals.totalEarnedLessRetainage, payment: totals.currentPaymentDue };
    });
  }

  private waiver(c: Commitment, payApplicationId: number, number: string, kind: LienWaiverKind, amount: number, throughDate: string, at: string): void {
    const bytes = waiverPdf([`${kind} Waiver and Release`, `${c.vendorName}`, `${number}`, `Amount $${amount.toFixed(2)} through ${throughDate}`]);
    const fileId = insert(this.db, 'files', {
      applicationRecordKey: KEY, recordId: payApplicationId, name: `${number} ${kind} waiver.pdf`, mime: 'application/pdf', size: bytes.length, bytes,
      uploadedByEmployeeId: c.pmId, uploadedAt: at, modifiedAt: this.cal.stamp,
    });
    insert(this.db, 'lien_waivers', {
      payApplicationId, kind, amount: cents(amount), throughDate, fileId, uploadedByEmployeeId: c.pmId, uploadedAt: at, modifiedAt: this.cal.stamp,
    });
  }
}

/** A one-page PDF showing `lines` (a signed waiver's stand-in), with a correct cross-reference table. */
export function waiverPdf(lines: readonly string[]): Buffer {
  const text = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (ch) => `\\${ch}`);
  const content = ['BT /F1 12 Tf 72 720 Td 16 TL', ...lines.map((line) => `(${text(line)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
