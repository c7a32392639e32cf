/**
 * Actual cost: the cost-code transactions (the job-cost ledger). Monthly postings on every line from the project's
 * start (what fell before the 18-month window is one balance-forward posting) to the seed's today, by the line's cost
 * type; billed against the line's commitment once it can be billed.
 */
import { addPeriods, periodOf } from '../../../../src/core/clock';
import { cents } from '../prng';
import { vendorFor } from './company';
import type { LineInfo, ProjectInfo, Seeder } from './seeder';
import { addMonths, insert, monthName, monthsBetween, pad } from './support';

export function postTransaction(
  s: Seeder, info: ProjectInfo, line: LineInfo, date: string, sourceType: string, sourceRecordKey: string | null, sourceRecordId: number | null,
  documentNumber: string, vendorId: number | null, description: string, amount: number, hours = 0,
): void {
  const units = line.unitPrice ? cents(amount / line.unitPrice) : 0;
  // A posted cost adjustment moves budget, not cost (migration 030): no units, no hours, not actual.
  const transfer = sourceRecordKey === 'CostAdjustment';
  insert(s.db, 'cost_code_transactions', {
    costCodeId: line.costCodeId, budgetId: line.budgetId, projectId: info.projectId, transactionDate: date, sourceType,
    sourceRecordKey, sourceRecordId, documentNumber, vendorId, description, units: transfer ? 0 : units,
    hours: transfer ? 0 : hours || (line.type === 'L' ? cents(amount / line.rate) : 0), amount, kind: transfer ? 'budgetTransfer' : 'actual', modifiedAt: s.cal.stamp,
  });
  if (!transfer) line.actual = cents(line.actual + amount);
}

/** Monthly postings from the project start (or the 18-month window) to the seed date. */
export function postTransactions(s: Seeder, info: ProjectInfo, lines: LineInfo[], perMonth: [number, number] = [0, 2]): void {
  const rng = s.rng;
  const firstMonth = info.start > s.windowStart ? info.start.slice(0, 7) + '-01' : s.windowStart;
  const months = Math.max(1, monthsBetween(firstMonth, s.cal.today));
  for (const line of lines) {
    if (line.type === 'R') continue;
    const target = line.amount * info.progress * rng.between(0.82, 1.08);
    let posted = 0;
    // What fell before the window is one balance-forward posting.
    if (info.start < s.windowStart) {
      const before = target * (monthsBetween(info.start, s.windowStart) / Math.max(1, monthsBetween(info.start, s.cal.today)));
      if (before > 1) {
        postTransaction(s, info, line, s.windowStart, 'Balance Forward', null, null, `BF-${addPeriods(periodOf(s.windowStart), -1)}`, null,
          `Cost to date before ${monthName(s.windowStart)}`, Math.round(before));
        posted += Math.round(before);
      }
    }
    const remaining = target - posted;
    for (let m = 0; m < months; m++) {
      const month = addMonths(firstMonth, m).slice(0, 7);
      const count = rng.int(perMonth[0], perMonth[1]) + (m === months - 1 ? 1 : 0);
      for (let k = 0; k < count; k++) {
        const amount = Math.round((remaining / months / Math.max(1, (perMonth[0] + perMonth[1]) / 2)) * rng.between(0.5, 1.5));
        if (amount === 0) continue;
        const date = `${month}-${pad(rng.int(1, 28), 2)}`;
        postByType(s, info, line, date, amount);
      }
    }
  }
}

export function postByType(s: Seeder, info: ProjectInfo, line: LineInfo, date: string, amount: number): void {
  const ym = date.slice(0, 7);
  // A commitment not yet signed (or a purchase order not issued) is billed nothing: the cost stands on the line alone.
  const [sourceKey, sourceId] = billedTo(s, line);
  switch (line.type) {
    case 'L':
      postTransaction(s, info, line, date, 'Payroll', null, null, `PR-${ym}-${date.slice(8)}`, null, 'Field labor', amount);
      break;
    case 'S':
      postTransaction(s, info, line, date, 'Subcontract Pay Application', sourceKey, sourceId, `PAY-${ym.replace('-', '')}`,
        line.committedVendorId, 'Progress billing', amount);
      break;
    case 'M':
      postTransaction(s, info, line, date, 'AP Invoice', sourceKey, sourceId, `INV-${s.rng.int(100000, 999999)}`,
        line.committedVendorId ?? vendorFor(s, line.trade, line.costCodeId), 'Material invoice', amount);
      break;
    case 'E':
      postTransaction(s, info, line, date, 'Equipment Charge', sourceKey, sourceId, `EQ-${ym}`, line.committedVendorId, 'Equipment usage', amount);
      break;
    default:
      postTransaction(s, info, line, date, 'Warehouse Issue', sourceKey, sourceId, `WH-${ym}`, line.committedVendorId, 'Warehouse material', amount);
  }
}

/** The commitment a line's costs are billed against: its own once billable, none before. */
function billedTo(s: Seeder, line: LineInfo): [string | null, number | null] {
  return line.commitmentKey && line.commitmentId && s.billable.has(`${line.commitmentKey}:${line.commitmentId}`)
    ? [line.commitmentKey, line.commitmentId] : [null, null];
}
