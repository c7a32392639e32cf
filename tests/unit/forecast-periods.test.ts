import { expect } from 'chai';
import {
  compareSnapshots, lineMovement, MOVEMENT_LABELS, periodLabel, whyMoved, type SnapshotLine, type SourceRecord,
} from '../../src/core/projections/periods';
import { periodProblem } from '../../src/core/pay-applications/rules';

/** A line with an automatic forecast consistent with its figures (unless `over` says otherwise). */
function line(over: Partial<SnapshotLine> & { costCodeId: number }): SnapshotLine {
  const base = { originalBudget: 100_000, approvedChanges: 0, committed: 0, remainingCommitment: 0, actualToDate: 0, pendingBudgetChanges: 0, pendingCostChanges: 0, ...over };
  const currentBudget = over.currentBudget ?? base.originalBudget + base.approvedChanges;
  const method = over.method ?? 'auto';
  const ctc = over.projectedCostToComplete ?? Math.max(0, currentBudget - base.actualToDate, base.remainingCommitment);
  const eac = over.estimateAtCompletion ?? Math.round((base.actualToDate + ctc) * 100) / 100;
  return {
    code: `0${over.costCodeId}000000`, reason: null, ...base, currentBudget, method, projectedCostToComplete: ctc, estimateAtCompletion: eac,
    variance: Math.round((currentBudget - eac) * 100) / 100, ...over,
  } as SnapshotLine;
}
const src = (costCodeId: number, component: SourceRecord['component'], recordKey: string, recordId: number, amount: number): SourceRecord =>
  ({ costCodeId, component, recordKey, recordId, number: `${recordKey}-${recordId}`, amount });
const cents = (n: number) => Math.round(n * 100);
const partOf = (m: ReturnType<typeof whyMoved>, source: string) => m.parts.find((p) => p.source === source);

describe('forecast periods: why did the forecast move', () => {
  it('an approved budget change moves an automatic line by the change; its record is listed', () => {
    const before = [line({ costCodeId: 1 })];
    const after = [line({ costCodeId: 1, approvedChanges: 12_500.25 })];
    const m = whyMoved(before, after, { before: [], after: [src(1, 'approvedChanges', 'ChangeEvent', 7, 12_500.25)] }, { from: '2026-10', to: '2026-11' });
    expect(m.change).to.equal(12_500.25);
    expect(partOf(m, 'budgetChanges')).to.include({ amount: 12_500.25, figureChange: 12_500.25, unlinked: 0 });
    expect(partOf(m, 'budgetChanges')!.records).to.deep.equal([{ recordKey: 'ChangeEvent', recordId: 7, number: 'ChangeEvent-7', amount: 12_500.25 }]);
    expect(partOf(m, 'budgetChanges')!.label).to.equal('Approved owner and budget changes');
    expect(partOf(m, 'remainder')).to.equal(undefined);
    expect([m.from, m.to]).to.deep.equal(['2026-10', '2026-11']);
  });

  it('a commitment over the budget moves the forecast by what it commits beyond the budget left', () => {
    const before = [line({ costCodeId: 1, actualToDate: 40_000 })];
    const after = [line({ costCodeId: 1, actualToDate: 40_000, committed: 75_000, remainingCommitment: 75_000 })];
    const m = whyMoved(before, after, { before: [], after: [src(1, 'committed', 'Subcontract', 3, 70_000), src(1, 'committed', 'SubcontractChangeOrder', 9, 5_000)] });
    expect(m.change).to.equal(15_000);
    expect(partOf(m, 'commitments')!.amount).to.equal(15_000);
    expect(partOf(m, 'commitments')!.figureChange).to.equal(75_000);
    expect(partOf(m, 'commitments')!.records.map((r) => [r.recordKey, r.amount])).to.deep.equal([['Subcontract', 70_000], ['SubcontractChangeOrder', 5_000]]);
  });

  it('actual cost within the forecast does not move it; beyond it moves it by the excess (automatic and typed lines)', () => {
    const within = whyMoved([line({ costCodeId: 1, actualToDate: 10_000 })], [line({ costCodeId: 1, actualToDate: 90_000 })], { before: [], after: [] });
    expect(within.change).to.equal(0);
    expect(within.parts.every((p) => p.amount === 0)).to.equal(true);
    const beyond = whyMoved([line({ costCodeId: 1, actualToDate: 10_000 })], [line({ costCodeId: 1, actualToDate: 104_000.1 })], { before: [], after: [] });
    expect(partOf(beyond, 'actualCost')!.amount).to.equal(4_000.1);
    // A typed cost to complete of 20,000 covers the first 20,000 spent; the PM kept it, so 5,000 more is beyond it.
    const typedBefore = line({ costCodeId: 2, method: 'manual', actualToDate: 50_000, projectedCostToComplete: 20_000 });
    const typedAfter = line({ costCodeId: 2, method: 'manual', actualToDate: 75_000, projectedCostToComplete: 0 });
    expect(lineMovement(typedBefore, typedAfter)).to.deep.equal({ budgetChanges: 0, commitments: 0, actualCost: 500_000, projections: 0, remainder: 0 });
  });

  it("the PM's typed change is listed with the reasons before and after; a budget change under a typed forecast moves nothing", () => {
    const before = [line({ costCodeId: 4, method: 'manual', projectedCostToComplete: 30_000, reason: 'Buyout pending' })];
    const after = [line({ costCodeId: 4, method: 'manual', approvedChanges: 10_000, projectedCostToComplete: 42_000, reason: 'Re-bid came in high' })];
    const m = whyMoved(before, after, { before: [], after: [src(4, 'approvedChanges', 'CostAdjustment', 2, 10_000)] });
    expect(m.change).to.equal(12_000);
    expect(partOf(m, 'budgetChanges')!.amount).to.equal(0);
    expect(partOf(m, 'budgetChanges')!.figureChange).to.equal(10_000);
    expect(partOf(m, 'projections')!.amount).to.equal(12_000);
    expect(partOf(m, 'projections')!.records[0]).to.deep.include({ recordKey: 'CostCode', recordId: 4, amount: 12_000, reason: 'Re-bid came in high', previousReason: 'Buyout pending' });
    expect(partOf(m, 'projections')!.label).to.equal(MOVEMENT_LABELS.projections);
  });

  it('a record on both sides is listed by its change; a record gone shows negative; unexplained figure changes are "unlinked"', () => {
    const m = whyMoved([line({ costCodeId: 1, committed: 50_000, remainingCommitment: 50_000 })], [line({ costCodeId: 1, committed: 58_000, remainingCommitment: 58_000 })], {
      before: [src(1, 'committed', 'Subcontract', 1, 30_000), src(1, 'committed', 'PurchaseOrder', 5, 20_000)],
      after: [src(1, 'committed', 'Subcontract', 1, 36_000), src(1, 'committed', 'PurchaseOrder', 6, 20_000)],
    });
    expect(partOf(m, 'commitments')!.records.map((r) => [r.recordKey, r.recordId, r.amount])).to.deep.equal([
      ['PurchaseOrder', 5, -20_000], ['PurchaseOrder', 6, 20_000], ['Subcontract', 1, 6_000],
    ]);
    expect(partOf(m, 'commitments')!.unlinked).to.equal(2_000);
  });

  it('a line whose own figures disagree (an automatic estimate that is not its formula) leaves a remainder, listed, and the parts still add up', () => {
    const m = whyMoved([line({ costCodeId: 1, estimateAtCompletion: 99_000 })], [line({ costCodeId: 1 })], { before: [], after: [] });
    expect(m.change).to.equal(1_000);
    expect(partOf(m, 'remainder')!.amount).to.equal(1_000);
    expect(partOf(m, 'remainder')!.label).to.equal('Not explained by the sources');
  });

  it('the breakdown sums to the total change exactly, in cents, over many lines of awkward amounts (added and dropped lines too)', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    const money = (n: number) => Math.round(n * 100) / 100;
    const side = (shift: number) => Array.from({ length: 300 }, (_, i) => {
      const actualToDate = money(rnd() * 150_000);
      const committed = money(rnd() * 120_000 * shift);
      const manual = rnd() < 0.3;
      return line({
        costCodeId: i + (shift > 1 && i % 50 === 0 ? 1000 : 0), approvedChanges: money((rnd() - 0.3) * 20_000), actualToDate, committed,
        remainingCommitment: money(Math.max(0, committed - actualToDate * 0.5)),
        ...(manual ? { method: 'manual' as const, projectedCostToComplete: money(rnd() * 40_000 - 5_000) } : {}),
      });
    });
    const before = side(1);
    const after = side(1.1);
    const m = whyMoved(before, after, { before: [], after: [] });
    const total = after.reduce((n, l) => n + cents(l.estimateAtCompletion), 0) - before.reduce((n, l) => n + cents(l.estimateAtCompletion), 0);
    expect(cents(m.change)).to.equal(total);
    expect(m.parts.reduce((n, p) => n + cents(p.amount), 0)).to.equal(total);
    expect(m.lines.reduce((n, l) => n + cents(l.change), 0)).to.equal(total);
    expect(partOf(m, 'remainder')).to.equal(undefined);
    const moves = m.lines.map((l) => Math.abs(l.change));
    expect(moves).to.deep.equal([...moves].sort((a, b) => b - a));
  });
});

describe('forecast periods: compare two snapshots', () => {
  it('per line and total: each figure on both sides and its change, the reasons and methods; largest movement of the estimate first', () => {
    const a = [line({ costCodeId: 1 }), line({ costCodeId: 2, actualToDate: 120_000 }), line({ costCodeId: 3, reason: 'Old reason', method: 'manual', projectedCostToComplete: 5 })];
    const b = [line({ costCodeId: 1, approvedChanges: 0.1 }), line({ costCodeId: 2, actualToDate: 150_000 }), line({ costCodeId: 4, originalBudget: 1_000 })];
    const c = compareSnapshots(a, b, { from: '2026-09', to: 'current' });
    expect([c.from, c.to]).to.deep.equal(['2026-09', 'current']);
    expect(c.lines.map((l) => [l.costCodeId, l.change.estimateAtCompletion])).to.deep.equal([[3, -5], [2, 30_000], [4, 1_000], [1, 0.1]].sort((x, y) => Math.abs(y[1]!) - Math.abs(x[1]!)));
    const gone = c.lines.find((l) => l.costCodeId === 3)!;
    expect(gone.to).to.equal(null);
    expect(gone.reason).to.deep.equal({ from: 'Old reason', to: null });
    expect(gone.method).to.deep.equal({ from: 'manual', to: null });
    expect(c.lines.find((l) => l.costCodeId === 4)!.from).to.equal(null);
    expect(c.total.change.estimateAtCompletion).to.equal(31_000 - 5 + 0.1);
    expect(cents(c.total.to.estimateAtCompletion) - cents(c.total.from.estimateAtCompletion)).to.equal(cents(c.total.change.estimateAtCompletion));
    expect(c.total.change.actualToDate).to.equal(30_000);
  });

  it('names a period as people say it', () => {
    expect(periodLabel('2026-11')).to.equal('November 2026');
    expect(periodLabel('2027-01')).to.equal('January 2027');
  });
});

describe('pay applications: a closed forecast period closes the billing period', () => {
  it('refuses a month the budget closed, even when it is this or last month', () => {
    expect(periodProblem('2030-02-28', '2030-03-05', new Set(['2030-02']))).to.equal('The period ending 2030-02-28 is closed: the job\'s forecast period was closed. Bill an open period.');
    expect(periodProblem('2030-03-31', '2030-03-05', new Set(['2030-02']))).to.equal(null);
    expect(periodProblem('2030-02-28', '2030-03-05', new Set())).to.equal(null);
  });
});
