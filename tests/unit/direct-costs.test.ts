import { expect } from 'chai';
import {
  DIRECT_COST_TEXT, REVISE_AND_RESUBMIT, directCostMoveLabel, directCostProblems, isDirectCostApprover, isReviseAndResubmit, moveNeedsApprover, movePostsCost,
} from '../../src/core/direct-costs/contract';
import { directCostTotal } from '../../src/features/direct-costs';
import { OPEN } from '../elements/direct-costs-support';

describe('direct costs: rules (src/core/direct-costs/contract.ts)', () => {
  it('at least one item; items sum to the amount to the cent; a real date, not after today', () => {
    const ok = { directCostDate: '2026-10-01', amount: 100.1, items: [{ amount: 60.05 }, { amount: 40.05 }] };
    expect(directCostProblems(ok, '2026-10-01')).to.deep.equal([]);
    expect(directCostProblems({ ...ok, items: [] }, '2026-11-01')).to.deep.equal([{ field: 'items', message: DIRECT_COST_TEXT.noItems }]);
    expect(directCostProblems({ ...ok, amount: 100.11 }, '2026-11-01')).to.deep.equal([
      { field: 'amount', message: 'The items total $100.10, not the amount of $100.11: they must add up to it.' },
    ]);
    expect(directCostProblems(ok, '2026-09-30')).to.deep.equal([{ field: 'directCostDate', message: DIRECT_COST_TEXT.futureDate }]);
    expect(directCostProblems({ ...ok, directCostDate: '1989-12-31' }, '2026-11-01')[0]!.message).to.equal(DIRECT_COST_TEXT.badDate);
    expect(directCostProblems({ ...ok, directCostDate: '2026-02-30' }, '2026-11-01')[0]!.message).to.equal(DIRECT_COST_TEXT.badDate);
  });

  it('Revise and Resubmit is Pending Approval → Draft; approving and sending back need RPM or Admin; Approved and Posted put cost on the job', () => {
    expect(isReviseAndResubmit('Pending Approval', 'Draft')).to.equal(true);
    expect(isReviseAndResubmit('Approved', 'Draft')).to.equal(false);
    expect(directCostMoveLabel('Pending Approval', 'Draft')).to.equal(REVISE_AND_RESUBMIT);
    expect(directCostMoveLabel('Draft', 'Pending Approval')).to.equal('Pending Approval');
    expect(moveNeedsApprover('Pending Approval', 'Approved')).to.equal(true);
    expect(moveNeedsApprover('Pending Approval', 'Draft')).to.equal(true);
    expect(moveNeedsApprover('Approved', 'Posted')).to.equal(false);
    expect(isDirectCostApprover([{ applicationKey: 'keyPFM', name: 'RPM' }])).to.equal(true);
    expect(isDirectCostApprover([{ applicationKey: 'keyPFM', name: 'admin' }])).to.equal(true);
    expect(isDirectCostApprover([{ applicationKey: 'keyPFM', name: 'Project Manager' }, { applicationKey: 'keyAdmin', name: 'RPM' }])).to.equal(false);
    expect(['Draft', 'Pending Approval', 'Approved', 'Posted', 'Void'].filter(movePostsCost)).to.deep.equal(['Approved', 'Posted']);
    expect(directCostTotal(OPEN)).to.equal(160.25);
  });
});
