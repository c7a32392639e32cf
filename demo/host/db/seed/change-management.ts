/**
 * Change management of a budget: initiating documents (change records), change events and their items in every
 * state (the pm's showcase budget has a fixed set, SHOWCASE_CHANGE_EVENTS), owner change orders for the approved
 * ones, and a committed item's subcontract change order; and each project's RFIs.
 */
import { catalogDescription, OWNERS } from '../catalog';
import { RECORD_STATES } from '../states';
import { vendorFor } from './company';
import { SEED_FACTS } from './facts';
import type { BudgetInfo, LineInfo, ProjectInfo, Seeder } from './seeder';
import { addDays, insert, pad, stateId } from './support';

/** Titles of the generated change records and events. */
const CHANGE_TITLES = [
  'Owner-requested finish upgrades', 'Added electrical outlets in break room', 'Revised storefront elevations', 'Unforeseen underground utilities',
  'Code-required fire rated corridor', 'Value engineering: ductwork reroute', 'Additional structural steel bracing', 'Roof top unit curb changes',
  'Revised site grading at entry drive', 'Owner security system rough-in', 'ADA restroom modifications', 'Soil remediation at building pad',
  'Added casework in nurse station', 'Lighting control upgrade', 'Schedule acceleration overtime',
];
/** Subjects of the generated RFIs. */
const RFI_SUBJECTS = [
  'Conflict between duct and beam at gridline C-4', 'Door hardware set at stair 2', 'Slab depression at restrooms',
  'Curtain wall embed locations', 'Fire damper access at corridor', 'Ceiling height in lobby', 'Masonry control joint spacing',
  'Roof drain sizing', 'Electrical panel clearance in room 114', 'Finish schedule discrepancy on level 3',
];

/** The pm's showcase change events: [CE state, item states (a '>' prefix nests under the previous top item)]. */
export const SHOWCASE_CHANGE_EVENTS: ReadonlyArray<readonly [string, readonly string[], string]> = [
  ['Open', ['Open', 'Route for Proposal', '>Open'], 'Added exam room casework per owner'],
  ['Pending', ['Pending Approval', 'Approved', 'Rejected'], 'Revised MEP coordination at level 2'],
  ['Approved', ['Approved', 'Pending Commitment', '>Committed'], 'Unforeseen rock at elevator pit'],
  ['Approved', ['Committed', 'Canceled'], 'Upgraded lobby storefront hardware'],
  ['Pending', ['Approved', 'Committed', 'Void'], 'Additional fire dampers per fire marshal'],
  ['Complete', ['Committed', 'Void'], 'Owner-requested data outlets'],
  ['No Change', ['Void'], 'Roof drain relocation (no cost)'],
  ['Rejected', ['Canceled'], 'Alternate flooring proposal'],
  ['Canceled', ['Canceled', '>Canceled'], 'Deleted canopy scope'],
  ['Open', [], 'Parking lot striping revisions'],
  ['Pending', ['Proposal Received', '>Pending Approval', 'Open'], 'ASI-07 ceiling height changes'],
  ['Open', ['Open', 'Open'], 'Additional site lighting'],
];

export function seedChangeManagement(s: Seeder, info: ProjectInfo, budget: BudgetInfo): void {
  const rng = s.rng;
  const t = s.cal.stamp;
  const showcase = info.projectId === SEED_FACTS.pmProjectId && budget.budgetId === SEED_FACTS.pmBudgetId;
  const ceStates = ['Open', 'Pending', 'Approved', 'Complete', 'No Change', 'Rejected', 'Canceled', 'Approved', 'Complete'];
  const recordCount = showcase ? 6 : info.active ? rng.int(2, 5) : 2;
  const itemLines = budget.lines.filter((l) => l.type === 'S' || l.type === 'M');
  if (itemLines.length === 0) return;
  const plans: Array<{ ceState: string; items: readonly string[]; title: string }> = [];
  if (showcase) for (const [ceState, items, title] of SHOWCASE_CHANGE_EVENTS) plans.push({ ceState, items, title });
  else {
    for (let i = 0; i < recordCount; i++) {
      const ceState = info.active ? rng.pick(ceStates) : rng.pick(['Complete', 'No Change', 'Canceled']);
      plans.push({ ceState, items: itemStatesFor(s, ceState), title: rng.pick(CHANGE_TITLES) });
    }
  }
  if (showcase) extraChangeRecords(s, info, budget.budgetId);
  let oacoForBudget = 0;
  plans.forEach((plan, index) => {
    // One initiating document per change event (two per document on the showcase).
    const recordIndex = showcase ? Math.floor(index / 2) : index;
    let changeRecordId = s.crIds.get(`${budget.budgetId}:${recordIndex}`);
    if (!changeRecordId) {
      const crState = plan.ceState === 'Open' || plan.ceState === 'Pending' ? 'Potential Costs' : plan.ceState === 'Approved' ? 'Submitted' : 'Closed';
      const idType = rng.int(1, 7);
      const n = s.next(`cr:${budget.budgetId}`);
      const number = `${['RFI', 'ASI', 'BUL', 'OD', 'FD', 'CCD', 'PR'][idType - 1]}-${pad(n, 3)}`;
      changeRecordId = insert(s.db, 'change_records', {
        projectId: info.projectId, budgetId: budget.budgetId, changeRecordTypeId: rng.int(1, 5), initiatingDocumentTypeId: idType,
        changeReasonId: rng.int(1, 8), rfiId: null, number, title: plan.title, description: `${plan.title}. See attached documentation.`,
        documentDate: addDays(s.cal.today, -rng.int(10, 240)), estimatedAmount: Math.round(rng.between(2_000, 90_000)),
        applicationRecordStateId: stateId(s.db, 'ChangeRecord', crState), displayText: `${number} ${plan.title}`, modifiedAt: t,
      });
      s.crIds.set(`${budget.budgetId}:${recordIndex}`, changeRecordId);
    }
    const ceNumber = `CE-${pad(s.next(`ce:${budget.budgetId}`), 3)}`;
    const reimbursableTypeId = showcase ? (index === 3 ? 5 : 1 + (index % 4)) : rng.chance(0.15) ? 5 : rng.int(1, 4);
    let ownerAgreementChangeOrderId: number | null = null;
    if ((plan.ceState === 'Complete' || (plan.ceState === 'Approved' && index % 2 === 1)) && reimbursableTypeId !== 5) {
      if (!oacoForBudget) {
        const n = s.next(`oaco:${info.ownerAgreementId}`);
        oacoForBudget = insert(s.db, 'owner_agreement_change_orders', {
          ownerAgreementId: info.ownerAgreementId, budgetId: budget.budgetId, number: `OCO-${pad(n, 3)}`,
          description: 'Owner change order: approved changes', amount: 0,
          applicationRecordStateId: stateId(s.db, 'OwnerAgreementChangeOrder', plan.ceState === 'Complete' ? 'Approved' : 'Pending Approval'),
          changeOrderDate: addDays(s.cal.today, -rng.int(5, 90)), displayText: `OCO-${pad(n, 3)} ${OWNERS[info.index]}`, modifiedAt: t,
        });
      }
      ownerAgreementChangeOrderId = oacoForBudget;
    }
    const changeEventId = insert(s.db, 'change_events', {
      changeRecordId, projectId: info.projectId, budgetId: budget.budgetId,
      ownerAgreementId: budget.budgetId === info.budgets[0]!.budgetId || info.budgets[0]!.rollUp ? info.ownerAgreementId : null,
      ownerAgreementChangeOrderId, reimbursableTypeId, changeReasonId: rng.int(1, 8), number: ceNumber, title: plan.title,
      description: `${plan.title}: pricing and schedule impact.`, applicationRecordStateId: stateId(s.db, 'ChangeEvent', plan.ceState),
      displayText: `${ceNumber} ${plan.title}`, modifiedAt: t,
    });
    let parent: number | null = null;
    for (const raw of plan.items) {
      const nested = raw.startsWith('>');
      const itemState = nested ? raw.slice(1) : raw;
      const line = rng.pick(itemLines);
      const vendorId = line.committedVendorId ?? vendorFor(s, line.trade, changeEventId);
      const estimate = Math.round(rng.between(1_500, 65_000));
      const order = RECORD_STATES.ChangeEventItem!.findIndex(([name]) => name === itemState) + 1;
      const proposed = order >= 3 && itemState !== 'Void' ? Math.round(estimate * rng.between(0.9, 1.2)) : null;
      const approved = order >= 6 && order <= 8 ? Math.round((proposed ?? estimate) * rng.between(0.92, 1)) : null;
      const description = `${catalogDescription(line.code)}: ${plan.title.toLowerCase()}`;
      const changeEventItemId = insert(s.db, 'change_event_items', {
        changeEventId, parentChangeEventItemId: nested ? parent : null, costCodeId: line.costCodeId, vendorId, description,
        estimatedAmount: estimate, proposedAmount: proposed, approvedAmount: approved, coItemRecordKey: null, coItemRecordId: null,
        applicationRecordStateId: stateId(s.db, 'ChangeEventItem', itemState), displayText: description, modifiedAt: t,
      });
      if (!nested) parent = changeEventItemId;
      if (itemState === 'Committed' && line.commitmentKey === 'Subcontract' && line.commitmentId) {
        commitItem(s, line, changeEventItemId, approved ?? estimate, description);
      }
    }
  });
}

/** Initiating documents without change events yet (Draft) and a voided one, on the showcase budget. */
function extraChangeRecords(s: Seeder, info: ProjectInfo, budgetId: number): void {
  const docs: Array<[string, string, number]> = [
    ['Draft', 'Owner request: additional exterior signage', 4], ['Draft', 'RFI #9 response: revised slab edge detail', 1],
    ['Void', 'Duplicate bulletin (entered twice)', 3],
  ];
  for (const [stateName, title, idType] of docs) {
    const n = s.next(`cr:${budgetId}`);
    const number = `${['RFI', 'ASI', 'BUL', 'OD', 'FD', 'CCD', 'PR'][idType - 1]}-${pad(n, 3)}`;
    insert(s.db, 'change_records', {
      projectId: info.projectId, budgetId, changeRecordTypeId: 1, initiatingDocumentTypeId: idType, changeReasonId: 1, rfiId: null, number,
      title, description: `${title}.`, documentDate: addDays(s.cal.today, -n * 3), estimatedAmount: 0,
      applicationRecordStateId: stateId(s.db, 'ChangeRecord', stateName), displayText: `${number} ${title}`, modifiedAt: s.cal.stamp,
    });
  }
}

function itemStatesFor(s: Seeder, ceState: string): string[] {
  const rng = s.rng;
  const count = rng.int(1, 4);
  const pools: Record<string, string[]> = {
    Open: ['Open', 'Route for Proposal', 'Proposal Received'],
    Pending: ['Proposal Received', 'Pending Approval', 'Approved', 'Rejected'],
    Approved: ['Approved', 'Pending Commitment', 'Committed'],
    Complete: ['Committed', 'Void', 'Committed'],
    'No Change': ['Void', 'Canceled'],
    Rejected: ['Canceled'],
    Canceled: ['Canceled'],
  };
  const pool = pools[ceState] ?? ['Open'];
  const list: string[] = [];
  for (let i = 0; i < count; i++) list.push((i > 0 && rng.chance(0.2) ? '>' : '') + rng.pick(pool));
  return list;
}

/** A committed item becomes an approved subcontract change order item linked back to it. */
function commitItem(s: Seeder, line: LineInfo, changeEventItemId: number, amount: number, description: string): void {
  const t = s.cal.stamp;
  const n = s.next(`sco:${line.commitmentId}`);
  const subcontractChangeOrderId = insert(s.db, 'subcontract_change_orders', {
    subcontractId: line.commitmentId!, number: `SCO-${pad(n, 2)}`, description,
    applicationRecordStateId: stateId(s.db, 'SubcontractChangeOrder', 'Approved'), changeOrderDate: addDays(s.cal.today, -s.rng.int(5, 120)),
    displayText: `SCO-${pad(n, 2)} ${description}`, modifiedAt: t,
  });
  const itemId = insert(s.db, 'subcontract_change_order_items', {
    subcontractChangeOrderId, costCodeId: line.costCodeId, changeEventItemId, description, amount, modifiedAt: t,
  });
  s.coLinks.push([changeEventItemId, itemId]);
}

export function seedRfis(s: Seeder, info: ProjectInfo): void {
  const count = info.projectId === 1 ? 8 : s.rng.int(2, 7);
  for (let n = 1; n <= count; n++) {
    const subject = s.rng.pick(RFI_SUBJECTS);
    insert(s.db, 'rfis', {
      projectId: info.projectId, number: n, subject, question: `Please clarify: ${subject.toLowerCase()}.`,
      status: s.rng.pick(['Open', 'Answered', 'Closed', 'Answered']), isOfficial: n % 3 === 0 ? 0 : 1,
      dueDate: addDays(s.cal.today, s.rng.int(-60, 21)), procoreRfiId: 880000 + info.projectId * 100 + n,
      displayText: `RFI #${n} ${subject}`, modifiedAt: s.cal.stamp,
    });
  }
}
