import { expect } from 'chai';
import { commitmentAmounts, commitmentTotals, contractFieldEditable } from '../../src/features/commitments';
import { SUBCONTRACTS_OPEN } from '../elements/commitments-support';

describe('commitments: rules', () => {
  it('amounts: current = original + approved changes; billed and retainage held as the pay applications say; totals add up', () => {
    const a = commitmentAmounts(SUBCONTRACTS_OPEN[0] as never);
    expect(a).to.deep.equal({ original: 1000, approvedChanges: 250, current: 1250, billed: 400, retainage: 40 });
    // SC-002 is billed $100 at 5% but its retainage was released: it holds none (not 5% of what was billed).
    expect(commitmentAmounts(SUBCONTRACTS_OPEN[1] as never).retainage).to.equal(0);
    expect(commitmentTotals(SUBCONTRACTS_OPEN as never)).to.deep.equal({ original: 1500, approvedChanges: 250, current: 1750, billed: 500, retainage: 40 });
  });

  it('field security: a listed field follows its row; an unlisted one is editable only while the state is open; unknown security is read-only', () => {
    const security = { lookupApplicationRecordStateId: 33, fields: [{ fieldName: 'retainagePercent', editable: false, visible: true }] };
    expect(contractFieldEditable(security, false, 'retainagePercent')).to.equal(false);
    expect(contractFieldEditable(security, false, 'description')).to.equal(true);
    expect(contractFieldEditable(security, true, 'description')).to.equal(false);
    expect(contractFieldEditable(null, false, 'description')).to.equal(false);
  });
});
