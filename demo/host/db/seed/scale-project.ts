/**
 * The benchmark project (`--scale` only): 26-9001 Benchmark Tower with 5,000 budget lines, 20-21 postings on each
 * (≥ 100,000 transactions) and 10,000 cost adjustments and direct costs. Written after the surveys on its own
 * stream (90001), through the main seed's sections (it shares their state: vendors, record numbers).
 */
import { addPeriods, firstDayOf, lastDayOf } from '../../../../src/core/clock';
import { COST_CODE_CATALOG, PROJECTS } from '../catalog';
import { Rng } from '../prng';
import { postByType } from './actual-cost';
import { backFill, budgetLine } from './projects';
import type { LineInfo, ProjectInfo, Seeder } from './seeder';
import { addDays, addMonths, findStateId, insert, pad, stateId } from './support';
import { PAY_APPLICATION_RECORD_KEY } from '../../../../src/core/pay-applications/contract';
import { PAY_APPLICATION_STATES, payApplicationFigures, payApplicationNumber, periodEndOf } from '../../../../src/core/pay-applications/rules';

export function seedScaleProject(s: Seeder): void {
  const t = s.cal.stamp;
  const rng = new Rng(90001);
  const projectId = PROJECTS.length + 1;
  const number = SCALE_PROJECT_NUMBER;
  // Started 22 months before the current period, finishing 19 months after it.
  const start = firstDayOf(addPeriods(s.cal.period, -22));
  insert(s.db, 'projects', {
    projectId, legalEntityId: 1, number, name: 'Benchmark Tower (scale test)', classification: 'GC', budgetId: null,
    legacyProjectId: 19001, legacyBudgetId: null, buyoutProjectId: 9001, procoreProjectId: 5629999,
    projectDescription: 'Synthetic project for benchmarks: 5,000 budget lines and 100,000+ transactions.', city: 'Dallas', state: 'TX',
    projectManagerEmployeeId: 2, regionalProjectManagerEmployeeId: 3, contractAmount: 900_000_000, startDate: start,
    completionDate: lastDayOf(addPeriods(s.cal.period, 19)), active: 1, displayText: `${number} Benchmark Tower (scale test)`, modifiedAt: t,
  });
  const budgetId = insert(s.db, 'budgets', {
    projectId, jobNumber: number, name: 'Benchmark Tower', displayText: `${number} Benchmark Tower`, budgetLock: 0,
    budgetLockReason: null, rollUpBudgetId: null, modifiedAt: t,
  });
  s.pendingProjectBudget.push([projectId, budgetId]);
  const info: ProjectInfo = {
    projectId, index: 0, number, name: 'Benchmark Tower', legalEntityId: 1, active: true, progress: 0.55, start, pmId: 2, budgets: [], ownerAgreementId: 0,
  };
  const lines: LineInfo[] = [];
  const saved = s.rng;
  // The budget lines and postings below draw from this project's stream (budgetLine and postByType read s.rng).
  s.rng = rng;
  outer: for (let suffix = 0; suffix < 100; suffix++) {
    for (const entry of COST_CODE_CATALOG) {
      for (const type of ['L', 'M', 'S', 'E', 'W']) {
        if (lines.length >= 5000) break outer;
        if (!entry.types.includes(type) && (suffix + type.charCodeAt(0)) % 3 !== 0) continue;
        const code = entry.code.slice(0, 6) + pad(suffix, 2);
        lines.push(budgetLine(s, budgetId, projectId, entry, type, Math.round(rng.between(5_000, 400_000)), code,
          suffix === 0 ? entry.description : `${entry.description} - Area ${suffix}`));
      }
    }
  }
  // 20-21 postings per line over 18 months: ≥ 100,000 in all.
  const months = 18;
  // Month by month, so posting order (the id) is date order as in a real ledger.
  for (let k = 0; k < 21; k++) {
    for (const line of lines) {
      const date = `${addMonths(s.windowStart, Math.floor((k * months) / 21)).slice(0, 7)}-${pad(1 + ((k * 7 + line.costCodeId) % 28), 2)}`;
      postByType(s, info, line, date, Math.round(line.amount * 0.55 / 21 * rng.between(0.6, 1.4)));
    }
  }
  insert(s.db, 'budgets_pending_projections', { budgetId, employeeId: 2, month: s.cal.period, modifiedAt: t });
  scaleAdjustmentsAndDirectCosts(s, info, budgetId, number, lines);
  scaleCommitmentsAndPayApplications(s, info, budgetId, number, lines);
  s.rng = saved;
  backFill(s);
}

/** The first of `names` that `key` has as a state (a state renamed by a later issue keeps working). */
function stateOf(s: Seeder, key: string, names: readonly string[]): number {
  for (const name of names) {
    const id = findStateId(s.db, key, name);
    if (id !== undefined) return id;
  }
  return stateId(s.db, key, names[0]!);
}

/**
 * The benchmark project's 10,000 cost adjustments and 10,000 direct costs (issue 11), one item
 * each, none posted (so the transactions stay as they are). Every 20th adjustment has no item
 * (unreconciled), so the data-quality screen has 500 rows to show. Arithmetic, not the PRNG.
 */
function scaleAdjustmentsAndDirectCosts(s: Seeder, info: ProjectInfo, budgetId: number, jobNumber: string, lines: LineInfo[]): void {
  const t = s.cal.stamp;
  const open = stateOf(s, 'CostAdjustment', ['Open', 'Draft']);
  const vendors = [...s.vendorsByTrade.values()].flat();
  const dcStates = [stateId(s.db, 'DirectCost', 'Draft'), stateOf(s, 'DirectCost', ['Pending Approval', 'Submitted'])];
  for (let n = 1; n <= 10_000; n++) {
    const line = lines[(n * 7) % lines.length]!;
    const number = `CA-${jobNumber}-${pad(n, 5)}`;
    const amount = ((n * 37) % 2_000 + 100) * (n % 3 === 0 ? -1 : 1);
    const costAdjustmentId = insert(s.db, 'cost_adjustments', {
      projectId: info.projectId, budgetId, costAdjustmentReasonId: 1 + (n % 5), number, description: `Benchmark adjustment ${n}`,
      adjustmentDate: addDays(s.cal.today, -(n % 300)), amount, applicationRecordStateId: open, displayText: number, modifiedAt: t,
    });
    if (n % 20 !== 0) insert(s.db, 'cost_adjustment_items', { costAdjustmentId, costCodeId: line.costCodeId, description: 'Reclass', amount, modifiedAt: t });
  }
  for (let n = 1; n <= 10_000; n++) {
    const line = lines[(n * 11) % lines.length]!;
    const number = `DC-${jobNumber}-${pad(n, 5)}`;
    const amount = (n * 53) % 5_000 + 150;
    const directCostTypeId = 1 + (n % 6);
    const directCostId = insert(s.db, 'direct_costs', {
      projectId: info.projectId, budgetId, directCostTypeId, vendorId: vendors[n % vendors.length]!, number, directCostDate: addDays(s.cal.today, -(n % 365)),
      description: `Benchmark direct cost ${n}`, amount, applicationRecordStateId: dcStates[n % 2]!, displayText: number, modifiedAt: t,
    });
    insert(s.db, 'direct_cost_items', { directCostId, costCodeId: line.costCodeId, description: 'Direct cost', units: 0, hours: 0, amount, modifiedAt: t });
  }
}

/** The benchmark project's executed subcontracts (issue 31's pay applications bench). */
/** The benchmark project's number (the forecast periods' seed closes its months too, for the comparison bench). */
export const SCALE_PROJECT_NUMBER = '26-9001';
export const SCALE_SUBCONTRACTS = 2_000;
/** Application lines in all on the benchmark project; its first subcontract's application has {@link SCALE_LARGEST_APPLICATION_LINES}. */
export const SCALE_APPLICATION_LINES = 20_000;
export const SCALE_LARGEST_APPLICATION_LINES = 200;

/**
 * The benchmark project's 2,000 executed subcontracts, each with one open application for the current month
 * (Draft, Submitted, Approved in turn; nothing certified, so no cost is written and none is billed): the first
 * with 200 lines, the others 10 or 9, 20,000 lines in all. Arithmetic, not the PRNG.
 */
function scaleCommitmentsAndPayApplications(s: Seeder, info: ProjectInfo, budgetId: number, jobNumber: string, lines: LineInfo[]): void {
  const t = s.cal.stamp;
  const vendors = [...s.vendorsByTrade.values()].flat();
  const executed = stateId(s.db, 'Subcontract', 'Executed');
  const appStates = [PAY_APPLICATION_STATES.draft, PAY_APPLICATION_STATES.submitted, PAY_APPLICATION_STATES.approved]
    .map((name) => stateId(s.db, PAY_APPLICATION_RECORD_KEY, name));
  const periodEnd = periodEndOf(s.cal.today);
  const endDate = s.db.prepare('SELECT completionDate FROM projects WHERE projectId = ?').pluck().get(info.projectId) as string;
  // 200 lines on the first, then 10 on each up to the 1,810th and 9 on the rest: 20,000 in all.
  const tenUpTo = 1 + (SCALE_APPLICATION_LINES - SCALE_LARGEST_APPLICATION_LINES - 9 * (SCALE_SUBCONTRACTS - 1));
  for (let n = 1; n <= SCALE_SUBCONTRACTS; n++) {
    const itemCount = n === 1 ? SCALE_LARGEST_APPLICATION_LINES : n <= tenUpTo ? 10 : 9;
    const vendorId = vendors[n % vendors.length]!;
    const number = `SC-${jobNumber}-${pad(n, 4)}`;
    const executedDate = addDays(info.start, n % 200);
    const subcontractId = insert(s.db, 'subcontracts', {
      projectId: info.projectId, budgetId, vendorId, subcontractTypeId: 1, number, description: `Benchmark subcontract ${n}`,
      applicationRecordStateId: executed, retainagePercent: n % 4 === 0 ? 5 : 10, excessLiability: null, executedDate, billedToDate: 0,
      scope: `Benchmark subcontract ${n}`, contractDate: executedDate, startDate: executedDate, endDate, displayText: `${number} ${s.vendorName.get(vendorId) ?? ''}`,
      modifiedAt: t,
    });
    const items = Array.from({ length: itemCount }, (_, j) => {
      const line = lines[(n * 13 + j * 7) % lines.length]!;
      const amount = 10_000 + ((n * 31 + j * 17) % 90) * 1_000;
      const itemId = insert(s.db, 'subcontract_items', { subcontractId, costCodeId: line.costCodeId, description: `Scope item ${j + 1}`, amount, modifiedAt: t });
      return { itemId, costCodeId: line.costCodeId, scheduledValue: amount, previousCompleted: 0, thisPeriod: amount * (20 + ((n + j) % 21)) / 100, storedMaterials: 0 };
    });
    const { totals } = payApplicationFigures(items, { retainagePercent: n % 4 === 0 ? 5 : 10, reduceRetainageAtHalf: false }, 0);
    const state = appStates[n % appStates.length]!;
    const appNumber = payApplicationNumber(number, 1);
    const payApplicationId = insert(s.db, 'pay_applications', {
      commitmentKey: 'Subcontract', commitmentId: subcontractId, projectId: info.projectId, budgetId, vendorId, sequence: 1, number: appNumber, periodEnd,
      final: 0, applicationRecordStateId: state, retainagePercent: n % 4 === 0 ? 5 : 10, reduceRetainageAtHalf: 0, currentPaymentDue: totals.currentPaymentDue,
      createdAt: t, createdByEmployeeId: info.pmId, displayText: appNumber, modifiedAt: t,
    });
    for (const item of items) {
      insert(s.db, 'pay_application_lines', {
        payApplicationId, source: 'original', itemId: item.itemId, costCodeId: item.costCodeId, scheduledValue: item.scheduledValue,
        previousCompleted: 0, thisPeriod: item.thisPeriod, storedMaterials: 0, modifiedAt: t,
      });
    }
  }
}
