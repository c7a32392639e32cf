/**
 * Projects and budgets: the 40 projects of the catalogue, each with its budgets (one primary; project 5 a roll-up
 * with two children; project 3 a second package), budget lines on CSI MasterFormat cost codes and the owner's prime
 * contract; then, budget by budget, the sections that hang off it (commitments, change management, cost adjustments
 * and direct costs, actual cost, projections) and the project's RFIs, in that order (one random stream).
 */
import { COST_CODE_CATALOG, OWNERS, type CatalogCode } from '../catalog';
import { OWNER_CHANGE_ORDER_AMOUNT_SQL } from '../derived';
import { cents } from '../prng';
import { postTransactions } from './actual-cost';
import { seedChangeManagement, seedRfis } from './change-management';
import { seedCommitments } from './commitments';
import { seedCostAdjustmentsAndDirectCosts } from './direct-costs';
import { SEED_FACTS } from './facts';
import { seedProjections } from './projections';
import type { LineInfo, ProjectInfo, Seeder } from './seeder';
import { addDays, addMonths, insert, monthsBetween, stateId } from './support';

/** Project `index` of the catalogue (projectId = index + 1), its budgets and everything on them. */
export function seedProject(s: Seeder, index: number, [name, city, state, contractMillions]: readonly [string, string, string, number]): void {
  const t = s.cal.stamp;
  const rng = s.rng;
  const projectId = index + 1;
  const yy = index === 0 ? 24 : 23 + (index % 4);
  const number = `${yy}-${index === 0 ? 1032 : 1000 + 3 * index + (index % 3)}`;
  const legalEntityId = /Renovation|Remodel|Fit-Out|TI$/.test(name) ? 3 : /Houston|Galveston|Bellaire|Woodlands|Corpus/.test(city) ? 2 : 1;
  const classification = (SEED_FACTS.cmProjectIds as readonly number[]).includes(projectId) ? 'CM' : index % 5 === 4 ? 'DB' : 'GC';
  const active = !(SEED_FACTS.closedProjectIds as readonly number[]).includes(projectId);
  const pmId = (SEED_FACTS.pmProjectIds as readonly number[]).includes(projectId) ? 2 : s.projectManagers[index % s.projectManagers.length]!;
  const duration = rng.int(12, 30);
  const start = active ? addMonths(s.cal.today, -rng.int(3, Math.min(26, duration + 2))) : addMonths(s.cal.today, -duration - rng.int(2, 8));
  const end = addMonths(start, duration);
  const progress = active ? Math.min(0.97, Math.max(0.05, monthsBetween(start, s.cal.today) / duration)) : 1;
  const contract = contractMillions * 1_000_000;
  insert(s.db, 'projects', {
    projectId, legalEntityId, number, name, classification, budgetId: null, legacyProjectId: 10000 + projectId,
    legacyBudgetId: null, buyoutProjectId: 300 + projectId, procoreProjectId: 5629499 + projectId * 13,
    projectDescription: `${name}: ${duration}-month ${classification === 'CM' ? 'CM at-risk' : classification === 'DB' ? 'design-build' : 'general contract'} project in ${city}, ${state} for ${OWNERS[index]}.`,
    city, state, projectManagerEmployeeId: pmId, regionalProjectManagerEmployeeId: index < 15 ? 3 : 1, contractAmount: contract,
    startDate: start, completionDate: end, active: active ? 1 : 0, displayText: `${number} ${name}`, modifiedAt: t,
  });
  const info: ProjectInfo = { projectId, index, number, name, legalEntityId, active, progress, start, pmId, budgets: [], ownerAgreementId: 0 };
  s.projects.push(info);

  // Budgets: one primary; project 5 a roll-up with two children; project 3 a second package.
  const lockedReason = (SEED_FACTS.lockedProjectIds as readonly number[]).includes(projectId)
    ? (active ? (projectId === 13 ? 'Budget locked for month-end close' : 'Budget locked: owner audit in progress') : 'Project closed')
    : null;
  const budgetRow = (jobNumber: string, budgetName: string, rollUpBudgetId: number | null, lock: string | null) => insert(s.db, 'budgets', {
    projectId, jobNumber, name: budgetName, displayText: `${jobNumber} ${budgetName}`, budgetLock: lock ? 1 : 0,
    budgetLockReason: lock, rollUpBudgetId, modifiedAt: t,
  });
  const primaryId = budgetRow(number, projectId === SEED_FACTS.rollUpProjectId ? `${name} (Program Roll-Up)` : name, null, lockedReason);
  s.pendingProjectBudget.push([projectId, primaryId]);
  if (projectId === SEED_FACTS.rollUpProjectId) {
    info.budgets.push({ budgetId: primaryId, jobNumber: number, lines: [], locked: false, rollUp: true });
    const a = budgetRow(`${number}-01`, 'Patient Tower Renovation', primaryId, null);
    const b = budgetRow(`${number}-02`, 'Central Plant Upgrade', primaryId, null);
    info.budgets.push({ budgetId: a, jobNumber: `${number}-01`, lines: budgetLines(s, a, projectId, contract * 0.68, 0.9), locked: false, rollUp: false });
    info.budgets.push({ budgetId: b, jobNumber: `${number}-02`, lines: budgetLines(s, b, projectId, contract * 0.32, 0.45), locked: false, rollUp: false });
  } else {
    const share = projectId === 3 ? 0.8 : 1;
    info.budgets.push({ budgetId: primaryId, jobNumber: number, lines: budgetLines(s, primaryId, projectId, contract * share, 1), locked: !!lockedReason, rollUp: false });
    if (projectId === 3) {
      const extra = budgetRow(`${number}-01`, 'Site Work Package', null, null);
      info.budgets.push({ budgetId: extra, jobNumber: `${number}-01`, lines: budgetLines(s, extra, projectId, contract * 0.2, 0.35), locked: false, rollUp: false });
    }
  }

  seedOwnerAgreement(s, info, contract);
  for (const budget of info.budgets) {
    if (budget.rollUp) continue;
    seedCommitments(s, info, budget);
    seedChangeManagement(s, info, budget);
    seedCostAdjustmentsAndDirectCosts(s, info, budget);
    postTransactions(s, info, budget.lines);
    seedProjections(s, info, budget);
  }
  seedRfis(s, info);
}

function budgetLines(s: Seeder, budgetId: number, projectId: number, amount: number, breadth: number): LineInfo[] {
  const rng = s.rng;
  const always = new Set(['01310000', '01500000', '03300000', '09210000', '26050000', '23300000', '22100000', '01740000']);
  const chosen = COST_CODE_CATALOG.filter((c) => always.has(c.code) || rng.chance(0.78 * breadth));
  const total = chosen.reduce((sum, c) => sum + c.weight, 0);
  const lines: LineInfo[] = [];
  for (const entry of chosen) {
    const lineAmount = (amount * 0.93 * entry.weight) / total * rng.between(0.75, 1.25);
    const types = entry.types.split('');
    types.forEach((type, i) => {
      const share = types.length === 1 ? 1 : type === 'S' ? 0.6 : i === 0 ? 0.55 / Math.max(1, types.length - 1) + 0.2 : 0.4 / types.length;
      lines.push(budgetLine(s, budgetId, projectId, entry, type, Math.round(lineAmount * share)));
    });
  }
  return lines;
}

/** One budget line (a cost code of one cost type) of `amount`. */
export function budgetLine(
  s: Seeder, budgetId: number, projectId: number, entry: CatalogCode, type: string, amount: number, code = entry.code, description = entry.description,
): LineInfo {
  const rng = s.rng;
  const unitPrice = entry.unitOfMeasure ? cents(rng.between(8, 140)) : 0;
  const rate = cents(rng.between(42, 86));
  const budgetUnits = unitPrice ? Math.round(amount / unitPrice) : 0;
  const budgetHours = type === 'L' ? Math.round(amount / rate) : 0;
  const display = `${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6, 8)} ${description}`;
  const costCodeId = insert(s.db, 'cost_codes', {
    budgetId, code, type, description, displayText: `${display} (${type})`, originalBudget: amount,
    unitOfMeasure: entry.unitOfMeasure ?? null, budgetUnits, budgetHours, modifiedAt: s.cal.stamp,
  });
  return {
    costCodeId, budgetId, projectId, code, type, trade: entry.trade, amount, unitOfMeasure: entry.unitOfMeasure ?? null,
    unitPrice, rate, actual: 0, committedVendorId: null, commitmentKey: null, commitmentId: null,
  };
}

/** The owner's prime contract on the primary budget. */
function seedOwnerAgreement(s: Seeder, info: ProjectInfo, contract: number): void {
  const primary = info.budgets[0]!;
  info.ownerAgreementId = insert(s.db, 'owner_agreements', {
    projectId: info.projectId, budgetId: primary.budgetId, number: `OA-${info.number}`, ownerName: OWNERS[info.index]!,
    description: `Prime contract: ${info.name}`, contractType: s.rng.pick(['GMP', 'Lump Sum', 'Cost Plus Fee']),
    contractAmount: contract, applicationRecordStateId: stateId(s.db, 'OwnerAgreement', info.active ? 'Executed' : 'Closed'),
    executedDate: addDays(info.start, -20), displayText: `OA-${info.number} ${OWNERS[info.index]}`, modifiedAt: s.cal.stamp,
  });
}

/** Back-fill what needed later ids: project primary budgets, change-order links, owner change order amounts. */
export function backFill(s: Seeder): void {
  for (const [projectId, budgetId] of s.pendingProjectBudget) {
    s.db.exec(`UPDATE projects SET budgetId = ${budgetId}, legacyBudgetId = ${20000 + budgetId} WHERE projectId = ${projectId}`);
  }
  for (const [itemId, coItemId] of s.coLinks) {
    s.db.exec(`UPDATE change_event_items SET coItemRecordKey = 'SubcontractChangeOrderItem', coItemRecordId = ${coItemId} WHERE changeEventItemId = ${itemId}`);
  }
  // Owner change orders are inserted before their change events and items.
  s.db.exec(`UPDATE owner_agreement_change_orders SET amount = ${OWNER_CHANGE_ORDER_AMOUNT_SQL}`);
  s.pendingProjectBudget = [];
  s.coLinks = [];
}
