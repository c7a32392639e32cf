import { expect } from 'chai';
import { linkCandidates, type Commitment } from '../../src/features/change-management';
import { changeEventItem, stateOf } from '../elements/change-workbenches-support';

describe('change management: rules', () => {
  it('linkCandidates (§5): Approved or Pending Commitment, same vendor, no linked change-order item', () => {
    const commitments: Commitment[] = [
      { key: 'Subcontract', id: 1, number: 'SC-001', vendorId: 5, description: '' },
      { key: 'Subcontract', id: 2, number: 'SC-002', vendorId: 6, description: '' },
      { key: 'PurchaseAgreement', id: 3, number: 'PA-003', vendorId: 5, description: '' },
    ];
    const ids = (list: Commitment[]) => list.map((c) => c.number);
    expect(ids(linkCandidates(changeEventItem(18), commitments))).to.deep.equal(['SC-001', 'PA-003']);
    expect(ids(linkCandidates(changeEventItem(19), commitments))).to.deep.equal(['SC-001', 'PA-003']);
    for (const state of [13, 14, 15, 16, 17, 20, 21, 22]) expect(linkCandidates(changeEventItem(state), commitments), stateOf(state).name).to.deep.equal([]);
    expect(linkCandidates(changeEventItem(18, { coItemRecordId: 9, coItemRecordKey: 'SubcontractChangeOrderItem' }), commitments)).to.deep.equal([]);
    expect(linkCandidates(changeEventItem(18, { vendorId: null }), commitments)).to.deep.equal([]);
  });
});
