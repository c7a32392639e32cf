/**
 * Cost adjustments and direct costs of a budget: adjustments (the reconciled ones reclass cost on a line), and
 * direct costs in every state with their approval facts; an approved or posted one is cost on the job.
 */
import { vendorFor } from './company';
import { postTransaction } from './actual-cost';
import { SEED_FACTS } from './facts';
import type { BudgetInfo, ProjectInfo, Seeder } from './seeder';
import { addDays, insert, pad, stateId } from './support';

export function seedCostAdjustmentsAndDirectCosts(s: Seeder, info: ProjectInfo, budget: BudgetInfo): void {
  const rng = s.rng;
  const t = s.cal.stamp;
  const lines = budget.lines;
  const adjustments = info.projectId === 1 ? 4 : rng.int(0, 3);
  for (let i = 0; i < adjustments; i++) {
    const n = s.next(`ca:${budget.budgetId}`);
    const number = `CA-${budget.jobNumber}-${pad(n, 3)}`;
    const reconciled = i % 2 === 0;
    const amount = Math.round(rng.between(500, 25_000)) * (rng.chance(0.3) ? -1 : 1);
    const costAdjustmentId = insert(s.db, 'cost_adjustments', {
      projectId: info.projectId, budgetId: budget.budgetId, costAdjustmentReasonId: rng.int(1, 5), number,
      description: reconciled ? 'Reclass of misposted invoice' : 'Pending reclass: awaiting AP detail', adjustmentDate: addDays(s.cal.today, -rng.int(3, 200)),
      amount, applicationRecordStateId: stateId(s.db, 'CostAdjustment', reconciled ? 'Reconciled' : 'Open'), displayText: number, modifiedAt: t,
    });
    insert(s.db, 'cost_adjustment_reference_documents', {
      costAdjustmentId, documentType: rng.pick(['AP Invoice', 'Journal Entry', 'Payroll Batch']), documentNumber: `INV-${rng.int(100000, 999999)}`,
      documentDate: addDays(s.cal.today, -rng.int(10, 220)), amount, modifiedAt: t,
    });
    if (reconciled) {
      const line = rng.pick(lines);
      insert(s.db, 'cost_adjustment_items', { costAdjustmentId, costCodeId: line.costCodeId, description: 'Reclass', amount, modifiedAt: t });
      postTransaction(s, info, line, addDays(s.cal.today, -rng.int(3, 60)), 'Cost Adjustment', 'CostAdjustment', costAdjustmentId, number, null, 'Cost adjustment reclass', amount);
    }
  }
  const directCosts = info.projectId === 1 ? 5 : rng.int(1, 4);
  const candidates = lines.filter((l) => l.type === 'L' || l.type === 'M' || l.type === 'E');
  if (candidates.length === 0) return;
  for (let i = 0; i < directCosts; i++) {
    const n = s.next(`dc:${budget.budgetId}`);
    const number = `DC-${budget.jobNumber}-${pad(n, 3)}`;
    const stateName = directCostState(s, info, i);
    let date = addDays(s.cal.today, -rng.int(2, 400));
    const vendorId = vendorFor(s, rng.pick(['supply', 'equipment', 'testing']), i + info.index);
    const itemCount = rng.int(1, 3);
    const items = Array.from({ length: itemCount }, () => ({ line: rng.pick(candidates), amount: Math.round(rng.between(150, 9_000)) }));
    const total = items.reduce((sum, item) => sum + item.amount, 0);
    const directCostTypeId = rng.int(1, 6);
    // Approval facts (no PRNG draws, so everything seeded after stays as it was): the pm's showcase
    // project has one pending approval for 21 days (data quality flags > 14) and one Draft sent
    // back with a Revise and Resubmit reason; other pending ones were submitted 3 days ago.
    const showcase = info.projectId === SEED_FACTS.pmProjectId;
    let submittedAt: string | null = null;
    let revise: { reason: string; at: string } | null = null;
    if (stateName === 'Pending Approval') {
      submittedAt = addDays(s.cal.today, showcase ? -21 : -3);
      if (date > submittedAt) date = submittedAt;
    } else if (stateName === 'Approved' || stateName === 'Posted') {
      submittedAt = date;
    } else if (stateName === 'Draft' && showcase) {
      submittedAt = addDays(s.cal.today, -9);
      if (date > submittedAt) date = submittedAt;
      revise = { reason: 'Attach the signed delivery ticket, and put the freight charge on its own line.', at: addDays(s.cal.today, -6) };
    }
    const directCostId = insert(s.db, 'direct_costs', {
      projectId: info.projectId, budgetId: budget.budgetId, directCostTypeId, vendorId, number, directCostDate: date,
      description: ['Reimbursable expense', 'Small tools purchase', 'Permit fee', 'Testing & inspection', 'Travel', 'Equipment rental'][directCostTypeId - 1]!,
      amount: total, applicationRecordStateId: stateId(s.db, 'DirectCost', stateName), displayText: number, modifiedAt: t,
      invoiceNumber: `INV-${100000 + ((budget.budgetId * 1009 + n * 7919) % 900000)}`,
      submittedAt: submittedAt ? `${submittedAt}T15:00:00.000Z` : null, submittedByEmployeeId: submittedAt ? info.pmId : null,
      reviseReason: revise?.reason ?? null, revisedAt: revise ? `${revise.at}T16:30:00.000Z` : null,
      revisedByEmployeeId: revise ? SEED_FACTS.employeeIdByLogin.rpm! : null,
    });
    for (const item of items) {
      const hours = item.line.type === 'L' ? Math.round(item.amount / item.line.rate) : 0;
      insert(s.db, 'direct_cost_items', {
        directCostId, costCodeId: item.line.costCodeId, description: 'Direct cost', units: 0, hours, amount: item.amount, modifiedAt: t,
      });
      // An approved direct cost is cost on the job (as a posted one is).
      if ((stateName === 'Posted' || stateName === 'Approved') && date >= s.windowStart) {
        postTransaction(s, info, item.line, date, 'Direct Cost', 'DirectCost', directCostId, number, vendorId, 'Direct cost', item.amount, hours);
      }
    }
  }
}

/**
 * The state of the `i`-th direct cost of a budget: closed projects' are Posted; active ones run
 * Draft, Pending Approval, Approved, then Posted, but for one Void (a record that had no postings).
 */
function directCostState(s: Seeder, info: ProjectInfo, i: number): string {
  if (!info.active) return 'Posted';
  if (i === 1 && info.projectId !== SEED_FACTS.pmProjectId && !s.directCostVoided) {
    s.directCostVoided = true;
    return 'Void';
  }
  return ['Draft', 'Pending Approval', 'Approved'][i] ?? 'Posted';
}
