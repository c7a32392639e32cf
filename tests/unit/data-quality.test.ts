import { expect } from 'chai';
import {
  countByRule, DATA_QUALITY_RULES, daysBetween, emptyRows, evaluateDataQuality, projectedCostToComplete, workbenchKindFor,
  type DataQualityIssue, type DataQualityRows,
} from '../../src/core/data-quality/contract';
import { issueLink, issuesSheet, recordLabel, ruleCounts, sortIssues } from '../../src/features/data-quality/data';
import { sheetToCsv } from '../../src/ui/grid/export';

const TODAY = '2026-11-01';
const rows = (extra: Partial<DataQualityRows>): DataQualityRows => ({ ...emptyRows(TODAY, '2026-11'), ...extra });
const rule = (id: string) => {
  const found = DATA_QUALITY_RULES.find((r) => r.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};
const failing = (id: string, input: Partial<DataQualityRows>) => rule(id).evaluate(rows(input));
/** The date `days` before TODAY. */
const ago = (days: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - days * 86_400_000).toISOString();

const commitment = (over: Partial<DataQualityRows['commitments'][number]> = {}) => ({
  recordKey: 'Subcontract' as const, recordId: 7, number: 'SC-1', budgetId: 1, stateName: 'Draft', closed: false, itemCount: 1,
  currentAmount: 1000, billed: 0, ...over,
});

describe('data-quality rules', () => {
  it('has at least twelve rules with unique ids, a title and a severity each', () => {
    expect(DATA_QUALITY_RULES.length).to.be.at.least(12);
    expect(new Set(DATA_QUALITY_RULES.map((r) => r.id)).size).to.equal(DATA_QUALITY_RULES.length);
    for (const r of DATA_QUALITY_RULES) {
      expect(r.title).to.be.a('string').and.not.equal('');
      expect(['error', 'warning', 'info']).to.include(r.severity);
    }
    expect(DATA_QUALITY_RULES.map((r) => [r.id, r.severity])).to.deep.equal([
      ['commitment-without-items', 'error'], ['item-cost-code-off-budget', 'error'], ['commitment-over-billed', 'error'],
      ['approved-change-event-unpriced-items', 'error'], ['approved-item-not-committed', 'warning'],
      ['owner-change-order-without-change-events', 'warning'], ['unreconciled-cost-adjustment', 'warning'],
      ['direct-cost-pending-approval', 'warning'], ['negative-cost-to-complete', 'error'], ['projection-not-submitted', 'info'],
      ['inactive-vendor', 'warning'], ['change-event-open-too-long', 'info'],
      ['pay-application-without-waivers', 'error'], ['pay-line-over-scheduled-value', 'error'], ['retainage-differs-from-rate', 'warning'],
    ]);
  });

  it('daysBetween counts whole days between the date parts', () => {
    expect(daysBetween('2026-10-02', TODAY)).to.equal(30);
    expect(daysBetween('2026-10-01T23:59:00.000Z', TODAY)).to.equal(31);
    expect(Number.isNaN(daysBetween('garbage', TODAY))).to.equal(true);
  });

  it('commitment without items: an open one with 0 items fails; 1 item or closed passes', () => {
    const out = failing('commitment-without-items', { commitments: [commitment({ itemCount: 0 }), commitment({ recordId: 8, itemCount: 1 }), commitment({ recordId: 9, itemCount: 0, closed: true })] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([7]);
    expect(out[0]!.record).to.deep.equal({ recordKey: 'Subcontract', recordId: 7, number: 'SC-1', budgetId: 1 });
    expect(out[0]!.message).to.equal('SC-1 has no items: add at least one item with its cost code and amount, or void it.');
  });

  it('items on cost codes off the budget: another budget fails, the same passes, closed records pass', () => {
    const item = { recordKey: 'DirectCost', recordId: 3, number: 'DC-3', budgetId: 1, costCodeBudgetId: 1, costCode: '03-3000-00 (L)', closed: false };
    const out = failing('item-cost-code-off-budget', { items: [item, { ...item, recordId: 4, number: 'DC-4', costCodeBudgetId: 2 }, { ...item, recordId: 5, costCodeBudgetId: 2, closed: true }] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([4]);
    expect(out[0]!.message).to.equal('An item of DC-4 is on cost code 03-3000-00 (L), which is not a line of its budget: move the item to a cost code of the budget.');
  });

  it('over-billed: billed above current by more than half a cent fails; at or within rounding passes', () => {
    const out = failing('commitment-over-billed', { commitments: [
      commitment({ recordId: 1, billed: 1000 }), commitment({ recordId: 2, billed: 1000.005 }), commitment({ recordId: 3, number: 'SC-3', billed: 1000.01 }),
    ] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([3]);
    expect(out[0]!.message).to.equal('SC-3 is billed $1,000.01 against a current amount of $1,000.00 ($0.01 over): add an approved change order or correct the billing.');
  });

  const event = { changeEventId: 1, number: 'CE-001', budgetId: 1, stateName: 'Approved', closed: false, openedDate: TODAY };
  const item = (over: Partial<DataQualityRows['changeEventItems'][number]> = {}) => ({
    changeEventItemId: 11, changeEventId: 1, eventNumber: 'CE-001', eventStateName: 'Approved', budgetId: 1, description: 'Casework',
    stateName: 'Approved', approvedAmount: 500 as number | null, coItemRecordId: null as number | null, stateSince: TODAY as string | null, ...over,
  });

  it('approved change event with unpriced items: counts items without an approved amount, not canceled ones; only Approved events', () => {
    const out = failing('approved-change-event-unpriced-items', { changeEvents: [event, { ...event, changeEventId: 2, number: 'CE-002', stateName: 'Pending' }], changeEventItems: [
      item({ approvedAmount: null }), item({ changeEventItemId: 12, approvedAmount: null }), item({ changeEventItemId: 13, approvedAmount: null, stateName: 'Canceled' }),
      item({ changeEventItemId: 14, approvedAmount: 0 }),
      item({ changeEventItemId: 21, changeEventId: 2, eventNumber: 'CE-002', eventStateName: 'Pending', approvedAmount: null }),
    ] });
    expect(out).to.have.length(1);
    expect(out[0]!.record).to.deep.equal({ recordKey: 'ChangeEvent', recordId: 1, number: 'CE-001', budgetId: 1 });
    expect(out[0]!.message).to.equal('CE-001 is Approved but 2 items have no approved amount: enter the approved amounts or move the event back to Pending.');
    expect(failing('approved-change-event-unpriced-items', { changeEvents: [event], changeEventItems: [item({ approvedAmount: null })] })[0]!.message)
      .to.contain('1 item has no approved amount');
  });

  it('approved item not on a commitment change order: more than 30 days fails, 30 passes, linked passes', () => {
    const out = failing('approved-item-not-committed', { changeEventItems: [
      item({ changeEventItemId: 1, stateSince: ago(30) }), item({ changeEventItemId: 2, stateSince: ago(31), stateName: 'Pending Commitment' }),
      item({ changeEventItemId: 3, stateSince: ago(90), coItemRecordId: 5 }), item({ changeEventItemId: 4, stateSince: ago(90), stateName: 'Committed' }),
      item({ changeEventItemId: 5, stateSince: null }),
    ] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([2]);
    expect(out[0]!.record.recordKey).to.equal('ChangeEventItem');
    expect(out[0]!.message).to.equal('This item of CE-001 has been Pending Commitment for 31 days without a commitment change order: link it to a commitment (or cancel it).');
  });

  it('owner change order without change events: 0 fails, 1 passes, Void passes', () => {
    const oco = { ownerAgreementChangeOrderId: 4, number: 'OCO-004', budgetId: 1, stateName: 'Draft', changeEventCount: 0 };
    const out = failing('owner-change-order-without-change-events', { ownerChangeOrders: [oco, { ...oco, ownerAgreementChangeOrderId: 5, changeEventCount: 1 }, { ...oco, ownerAgreementChangeOrderId: 6, stateName: 'Void' }] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([4]);
    expect(out[0]!.message).to.equal('OCO-004 has no change events, so its amount is $0.00: link the approved change events it covers, or void it.');
  });

  it('unreconciled cost adjustment (§5): non-zero (≥ 1e-6) without a linked item fails; below 1e-6, linked, or Void passes', () => {
    const ca = { costAdjustmentId: 1, number: 'CA-1', budgetId: 1, amount: 1e-6, linkedItemId: null as number | null, stateName: 'Open' };
    const out = failing('unreconciled-cost-adjustment', { costAdjustments: [
      ca, { ...ca, costAdjustmentId: 2, amount: 9e-7 }, { ...ca, costAdjustmentId: 3, amount: -250, linkedItemId: 8 },
      { ...ca, costAdjustmentId: 4, amount: -250, number: 'CA-4' }, { ...ca, costAdjustmentId: 5, amount: 100, stateName: 'Void' },
    ] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([1, 4]);
    expect(out[1]!.message).to.equal('CA-4 moves -$250.00 but has no item: add the items (cost codes) it adjusts.');
  });

  it("direct cost pending approval: more than 14 days fails ('Pending Approval' or its old name 'Submitted'); 14 passes; Draft passes", () => {
    const dc = { directCostId: 1, number: 'DC-1', budgetId: 1, stateName: 'Pending Approval', stateSince: ago(15) };
    const out = failing('direct-cost-pending-approval', { directCosts: [
      dc, { ...dc, directCostId: 2, stateName: 'Submitted' }, { ...dc, directCostId: 3, stateSince: ago(14) }, { ...dc, directCostId: 4, stateName: 'Draft' },
    ] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([1, 2]);
    expect(out[0]!.message).to.equal('DC-1 has waited 15 days for approval: approve it, or send it back with Revise and Resubmit.');
  });

  it('negative cost to complete: a manual value below 0 fails, 0 passes; automatic never fails (projection.ts clamps)', () => {
    const line = { costCodeId: 1, budgetId: 1, costCode: '03-3000-00 (S)', currentBudget: 100, actualToDate: 500, remainingCommitment: 0, projectionMethod: 'manual' as const, manualCostToComplete: -0.01 as number | null };
    expect(projectedCostToComplete({ ...line, projectionMethod: 'auto' })).to.equal(0);
    const out = failing('negative-cost-to-complete', { budgetLines: [line, { ...line, costCodeId: 2, manualCostToComplete: 0 }, { ...line, costCodeId: 3, projectionMethod: 'auto' }] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([1]);
    expect(out[0]!.record.recordKey).to.equal('CostCode');
    expect(out[0]!.message).to.equal('03-3000-00 (S) projects a cost to complete of -$0.01: enter zero or more in the projection grid (credits belong in a cost adjustment).');
  });

  it('projections not submitted this month: last submitted before the period fails; this month, locked and roll-up pass', () => {
    const budget = { budgetId: 1, jobNumber: '24-1032', locked: false, rollUp: false, lastSubmittedMonth: '2026-10' as string | null };
    const out = failing('projection-not-submitted', { budgets: [
      budget, { ...budget, budgetId: 2, jobNumber: '24-1033', lastSubmittedMonth: null }, { ...budget, budgetId: 3, lastSubmittedMonth: '2026-11' },
      { ...budget, budgetId: 4, locked: true }, { ...budget, budgetId: 5, rollUp: true },
    ] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([1, 2]);
    expect(out[0]!.message).to.equal('24-1032 has no submitted projection for 2026-11 (last: 2026-10): review and submit the projection grid.');
    expect(out[1]!.message).to.equal('24-1033 has no submitted projection for 2026-11: review and submit the projection grid.');
  });

  it('inactive vendor: an open record whose vendor is inactive fails', () => {
    const r = { recordKey: 'PurchaseOrder', recordId: 2, number: 'PO-2', budgetId: 1, vendorName: 'Acme', vendorActive: false };
    const out = failing('inactive-vendor', { vendorRecords: [r, { ...r, recordId: 3, vendorActive: true }] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([2]);
    expect(out[0]!.message).to.equal('PO-2 names Acme, an inactive vendor: choose an active vendor, or close the record.');
  });

  it('change event open too long: more than 90 days fails, 90 passes, closed or undated passes', () => {
    const out = failing('change-event-open-too-long', { changeEvents: [
      { ...event, openedDate: ago(91), stateName: 'Open' }, { ...event, changeEventId: 2, openedDate: ago(90) },
      { ...event, changeEventId: 3, openedDate: ago(200), closed: true }, { ...event, changeEventId: 4, openedDate: null },
    ] });
    expect(out.map((f) => f.record.recordId)).to.deep.equal([1]);
    expect(out[0]!.message).to.equal('CE-001 has been open for 91 days (Open): price and approve it, or close it (Complete, No Change or Canceled).');
  });

  it('evaluateDataQuality flattens failures with the rule, and countByRule counts them', () => {
    const results = evaluateDataQuality(rows({ commitments: [commitment({ itemCount: 0 }), commitment({ recordId: 8, itemCount: 0 })] }));
    expect(results).to.have.length(2);
    expect(results[0]).to.deep.include({ ruleId: 'commitment-without-items', ruleTitle: 'Commitment without items', severity: 'error', recordKey: 'Subcontract', recordId: 7 });
    expect([...countByRule(results)]).to.deep.equal([['commitment-without-items', 2]]);
  });

  it('workbenchKindFor: records with a workbench, none for budgets and budget lines', () => {
    expect(workbenchKindFor('CostAdjustment')).to.equal('CostAdjustment');
    expect(workbenchKindFor('OwnerAgreementChangeOrder')).to.equal('OwnerAgreementChangeOrder');
    expect(workbenchKindFor('ChangeRecord')).to.equal('InitiatingDocument');
    expect(workbenchKindFor('Budget')).to.equal(null);
    expect(workbenchKindFor('CostCode')).to.equal(null);
  });
});

describe('data-quality screen helpers', () => {
  const issue = (over: Partial<DataQualityIssue> = {}): DataQualityIssue => ({
    ruleId: 'unreconciled-cost-adjustment', ruleTitle: 'Unreconciled cost adjustment', severity: 'warning', recordKey: 'CostAdjustment', recordId: 4,
    number: 'CA-4', budgetId: 1, projectId: 1, workbench: 'CostAdjustment', message: 'CA-4 moves $1.00 but has no item: add the items (cost codes) it adjusts.', ...over,
  });

  it('the export sheet goes through the grid CSV writer, which neutralises =, +, - and @', () => {
    const csv = sheetToCsv(issuesSheet([
      issue({ number: '=HYPERLINK("http://x")' }), issue({ number: '+1', message: '-2' }), issue({ number: '@SUM(A1)', message: 'plain, with comma' }),
    ]));
    expect(csv.split('\r\n')).to.deep.equal([
      'Severity,Rule,Record type,Record,Message',
      `Warning,Unreconciled cost adjustment,Cost Adjustment,"'=HYPERLINK(""http://x"")",CA-4 moves $1.00 but has no item: add the items (cost codes) it adjusts.`,
      "Warning,Unreconciled cost adjustment,Cost Adjustment,'+1,'-2",
      "Warning,Unreconciled cost adjustment,Cost Adjustment,'@SUM(A1),\"plain, with comma\"",
      '',
    ]);
  });

  it('links: a workbench over the current page, or the projection grid of the budget', () => {
    expect(issueLink(issue(), 'https://h/pfm/projects/dataquality?projectId=1&budgetId=1')).to.deep.equal({
      href: '/pfm/projects/dataquality?projectId=1&budgetId=1&workbench=CostAdjustment&recordKey=CostAdjustment&recordId=4', workbench: 'CostAdjustment',
    });
    expect(issueLink(issue({ recordKey: 'Budget', recordId: 1, workbench: null }), 'https://h/x')).to.deep.equal({
      href: '/pfm/projects/projectiongrid?projectId=1&budgetId=1', workbench: null,
    });
    expect(recordLabel('OwnerAgreementChangeOrder')).to.equal('Owner Agreement Change Order');
    expect(recordLabel('CostCode')).to.equal('Budget Line');
  });

  it('counts per failing rule and sorts by severity, then rule order, then number', () => {
    const list = [issue({ number: 'CA-10' }), issue({ severity: 'info', ruleId: 'projection-not-submitted', ruleTitle: 'P', number: '24-1' }),
      issue({ number: 'CA-9' }), issue({ severity: 'error', ruleId: 'commitment-without-items', ruleTitle: 'C', number: 'SC-1' })];
    expect(sortIssues(list).map((i) => i.number)).to.deep.equal(['SC-1', 'CA-9', 'CA-10', '24-1']);
    expect(ruleCounts(list).map((r) => [r.id, r.count])).to.deep.equal([
      ['commitment-without-items', 1], ['unreconciled-cost-adjustment', 2], ['projection-not-submitted', 1],
    ]);
  });

});

describe('data-quality rules of pay applications', () => {
  const application = (over: Partial<DataQualityRows['payApplications'][number]> = {}): DataQualityRows['payApplications'][number] => ({
    payApplicationId: 4, number: 'SC-1 Pay App 02', budgetId: 1, stateName: 'Approved for Payment', retainagePercent: 10, reduceRetainageAtHalf: false, final: false,
    lines: [{ itemId: 1, scheduledValue: 100_000, previousCompleted: 20_000, thisPeriod: 20_000, storedMaterials: 0 }],
    retainageHeld: 4_000, waiversMissing: [], ...over,
  });

  it('names an application approved for payment or paid without its waivers, with what is missing', () => {
    const missing = ['An unconditional waiver for the previous payment of $18,000.00 (SC-1 Pay App 01) through 2026-09-30.'];
    expect(failing('pay-application-without-waivers', { payApplications: [application({ waiversMissing: missing })] })).to.deep.equal([{
      record: { recordKey: 'PayApplication', recordId: 4, number: 'SC-1 Pay App 02', budgetId: 1 },
      message: `SC-1 Pay App 02 is Approved for Payment without its lien waivers: ${missing[0]} Attach them to the application.`,
    }]);
    expect(failing('pay-application-without-waivers', { payApplications: [application({ stateName: 'Paid', waiversMissing: missing })] })).to.have.length(1);
    // Still open: the server asks for them before approval, so it is not a data problem.
    expect(failing('pay-application-without-waivers', { payApplications: [application({ stateName: 'Submitted', waiversMissing: missing })] })).to.deep.equal([]);
    expect(failing('pay-application-without-waivers', { payApplications: [application()] })).to.deep.equal([]);
  });

  it('names an application with a line billed over its scheduled value, not one billed exactly to it', () => {
    const over = application({ lines: [{ itemId: 1, scheduledValue: 100_000, previousCompleted: 90_000, thisPeriod: 10_000, storedMaterials: 250 }], retainageHeld: 10_025 });
    expect(failing('pay-line-over-scheduled-value', { payApplications: [over] })).to.deep.equal([{
      record: { recordKey: 'PayApplication', recordId: 4, number: 'SC-1 Pay App 02', budgetId: 1 },
      message: 'SC-1 Pay App 02 bills 1 line over the scheduled value ($250.00 over): correct the application, or approve the change order that raises the value.',
    }]);
    const exact = application({ lines: [{ itemId: 1, scheduledValue: 100_000, previousCompleted: 90_000, thisPeriod: 10_000, storedMaterials: 0 }], retainageHeld: 10_000 });
    expect(failing('pay-line-over-scheduled-value', { payApplications: [exact] })).to.deep.equal([]);
  });

  it('names retainage held that differs from the rate by more than rounding', () => {
    expect(failing('retainage-differs-from-rate', { payApplications: [application()] })).to.deep.equal([]);
    expect(failing('retainage-differs-from-rate', { payApplications: [application({ retainageHeld: 4_000.004 })] })).to.deep.equal([]);
    expect(failing('retainage-differs-from-rate', { payApplications: [application({ retainageHeld: 2_000 })] })).to.deep.equal([{
      record: { recordKey: 'PayApplication', recordId: 4, number: 'SC-1 Pay App 02', budgetId: 1 },
      message: 'SC-1 Pay App 02 holds $2,000.00 of retainage where 10% of $40,000.00 is $4,000.00: correct the retainage, or the commitment\'s terms.',
    }]);
    // The final application holds none; with the 50% reduction, 5% of everything.
    expect(failing('retainage-differs-from-rate', { payApplications: [application({ final: true, retainageHeld: 0 })] })).to.deep.equal([]);
    const half = application({ reduceRetainageAtHalf: true, lines: [{ itemId: 1, scheduledValue: 100_000, previousCompleted: 30_000, thisPeriod: 20_000, storedMaterials: 0 }], retainageHeld: 2_500 });
    expect(failing('retainage-differs-from-rate', { payApplications: [half] })).to.deep.equal([]);
  });
});
