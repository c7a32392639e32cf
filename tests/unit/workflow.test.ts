import { expect } from 'chai';
import {
  canLinkChangeEventToOwnerChangeOrder, canLinkItemToCommitment, cascadesToCanceled, canceledItemState,
  checkChangeEventAdvance, checkChangeEventItemAdvance, checkChangeRecordAdvance, flattenItems,
  type ItemWithState, type State,
} from '../../src/core/workflow';

const st = (id: number, name: string, key: string, displayOrder: number, closed = false): State =>
  ({ applicationRecordStateId: id, name, applicationRecordKey: key, closed, displayOrder });

const ITEM_STATES: State[] = [
  st(101, 'Open', 'ChangeEventItem', 1),
  st(102, 'Route for Proposal', 'ChangeEventItem', 2),
  st(103, 'Proposal Received', 'ChangeEventItem', 3),
  st(104, 'Pending Approval', 'ChangeEventItem', 4),
  st(105, 'Rejected', 'ChangeEventItem', 5),
  st(106, 'Approved', 'ChangeEventItem', 6),
  st(107, 'Pending Commitment', 'ChangeEventItem', 7),
  st(108, 'Committed', 'ChangeEventItem', 8, true),
  st(109, 'Canceled', 'ChangeEventItem', 9, true),
  st(110, 'Void', 'ChangeEventItem', 10, true),
];
const CE = {
  open: st(1, 'Open', 'ChangeEvent', 1),
  pending: st(2, 'Pending', 'ChangeEvent', 2),
  approved: st(3, 'Approved', 'ChangeEvent', 3),
  complete: st(4, 'Complete', 'ChangeEvent', 4, true),
  noChange: st(5, 'No Change', 'ChangeEvent', 5, true),
  rejected: st(6, 'Rejected', 'ChangeEvent', 6, true),
  canceled: st(7, 'Canceled', 'ChangeEvent', 7, true),
};
const item = (id: number, stateId: number, parent: number | null = null): ItemWithState =>
  ({ changeEventItemId: id, applicationRecordStateId: stateId, parentChangeEventItemId: parent });

describe('workflow: change event advance (§4)', () => {
  it('Complete with every item closed applies', () => {
    expect(checkChangeEventAdvance(CE.complete, [item(1, 108), item(2, 109), item(3, 110, 1)], ITEM_STATES))
      .to.deep.equal({ kind: 'apply' });
  });

  it('Complete with an open item is blocked with the exact texts and lists the blocking item', () => {
    const decision = checkChangeEventAdvance(CE.complete, [item(1, 108), item(2, 106)], ITEM_STATES);
    expect(decision.kind).to.equal('blocked');
    if (decision.kind !== 'blocked') return;
    expect(decision.title).to.equal('Unable to Complete Change Event');
    expect(decision.message).to.equal(
      'Change Event can not be advanced to Completed State until all change event items are in a closed state.');
    expect(decision.blockingItems.map((i) => i.changeEventItemId)).to.deep.equal([2]);
  });

  it('Complete is blocked by a nested open item (flat list with parent id)', () => {
    const decision = checkChangeEventAdvance(CE.complete, [item(1, 108), item(2, 101, 1)], ITEM_STATES);
    expect(decision.kind).to.equal('blocked');
  });

  it('Complete is blocked by a nested open item given as a tree', () => {
    const tree: ItemWithState[] = [{ ...item(1, 108), children: [item(2, 104, 1)] }];
    const decision = checkChangeEventAdvance(CE.complete, tree, ITEM_STATES);
    expect(decision.kind).to.equal('blocked');
    if (decision.kind === 'blocked') expect(decision.blockingItems.map((i) => i.changeEventItemId)).to.deep.equal([2]);
  });

  it('No Change with an open item is blocked with its own title', () => {
    const decision = checkChangeEventAdvance(CE.noChange, [item(1, 103)], ITEM_STATES);
    expect(decision).to.deep.include({
      kind: 'blocked',
      title: 'Unable to set Change Event to No Change',
      message: 'Change Event can not be set to No Change until all change event items are in a closed state.',
    });
  });

  it('No Change with all items closed (and with no items) applies', () => {
    expect(checkChangeEventAdvance(CE.noChange, [item(1, 109)], ITEM_STATES).kind).to.equal('apply');
    expect(checkChangeEventAdvance(CE.noChange, [], ITEM_STATES).kind).to.equal('apply');
  });

  it('Approved with an item before Approved is blocked', () => {
    const decision = checkChangeEventAdvance(CE.approved, [item(1, 106), item(2, 104)], ITEM_STATES);
    expect(decision).to.deep.include({
      kind: 'blocked',
      title: 'Unable to Approve Change Event',
      message: 'Change Event can not be Approved until all change event items are approved or closed.',
    });
  });

  it('Approved is blocked by a Rejected item (display order before Approved)', () => {
    expect(checkChangeEventAdvance(CE.approved, [item(1, 105)], ITEM_STATES).kind).to.equal('blocked');
  });

  it('Approved with items Approved, Pending Commitment, Committed, Canceled and Void applies', () => {
    const items = [item(1, 106), item(2, 107), item(3, 108), item(4, 109), item(5, 110, 1)];
    expect(checkChangeEventAdvance(CE.approved, items, ITEM_STATES)).to.deep.equal({ kind: 'apply' });
  });

  it('an item whose state is unknown blocks Approved and Complete', () => {
    expect(checkChangeEventAdvance(CE.approved, [item(1, 999)], ITEM_STATES).kind).to.equal('blocked');
    expect(checkChangeEventAdvance(CE.complete, [item(1, 999)], ITEM_STATES).kind).to.equal('blocked');
  });

  it('Canceled asks Confirm Cancel with the exact text', () => {
    expect(checkChangeEventAdvance(CE.canceled, [item(1, 101)], ITEM_STATES)).to.deep.equal({
      kind: 'confirm', title: 'Confirm Cancel',
      message: 'This will cancel the change event and change all change event items to Canceled. Please Confirm.',
    });
  });

  it('Rejected asks Confirm Reject with the same text', () => {
    expect(checkChangeEventAdvance(CE.rejected, [], ITEM_STATES)).to.deep.equal({
      kind: 'confirm', title: 'Confirm Reject',
      message: 'This will cancel the change event and change all change event items to Canceled. Please Confirm.',
    });
  });

  it('other targets apply directly, whatever the items', () => {
    expect(checkChangeEventAdvance(CE.pending, [item(1, 101)], ITEM_STATES)).to.deep.equal({ kind: 'apply' });
    expect(checkChangeEventAdvance(CE.open, [item(1, 101)], ITEM_STATES)).to.deep.equal({ kind: 'apply' });
  });

  it('state names match case-insensitively', () => {
    const upper = { ...CE.complete, name: 'COMPLETE' };
    expect(checkChangeEventAdvance(upper, [item(1, 101)], ITEM_STATES).kind).to.equal('blocked');
  });

  it('cancel and reject cascade to the Canceled item state; others do not', () => {
    expect(cascadesToCanceled(CE.canceled)).to.equal(true);
    expect(cascadesToCanceled(CE.rejected)).to.equal(true);
    expect(cascadesToCanceled(CE.complete)).to.equal(false);
    expect(canceledItemState(ITEM_STATES)?.applicationRecordStateId).to.equal(109);
  });

  it('flattenItems lists parents before their children', () => {
    const tree: ItemWithState[] = [{ ...item(1, 101), children: [{ ...item(2, 101, 1), children: [item(3, 101, 2)] }] }, item(4, 101)];
    expect(flattenItems(tree).map((i) => i.changeEventItemId)).to.deep.equal([1, 2, 3, 4]);
  });
});

describe('workflow: change event item advance (§4)', () => {
  const byName = (name: string) => ITEM_STATES.find((s) => s.name === name)!;

  it('Route for Proposal opens the RFP e-mail', () => {
    expect(checkChangeEventItemAdvance(byName('Route for Proposal'))).to.deep.equal({ kind: 'email', email: 'rfp' });
  });
  it('Rejected opens the revise-RFP e-mail', () => {
    expect(checkChangeEventItemAdvance(byName('Rejected'))).to.deep.equal({ kind: 'email', email: 'revise-rfp' });
  });
  it('a closed target asks for confirmation with the exact text', () => {
    for (const name of ['Committed', 'Canceled', 'Void']) {
      expect(checkChangeEventItemAdvance(byName(name))).to.deep.equal({
        kind: 'confirm', title: 'Confirm Close', message: 'This will close the change event item. Please Confirm.',
      });
    }
  });
  it('any other target applies', () => {
    for (const name of ['Open', 'Proposal Received', 'Pending Approval', 'Approved', 'Pending Commitment']) {
      expect(checkChangeEventItemAdvance(byName(name))).to.deep.equal({ kind: 'apply' });
    }
  });
});

describe('workflow: change record advance (§4)', () => {
  it('Potential Costs opens the new change event workbench', () => {
    expect(checkChangeRecordAdvance(st(1, 'Potential Costs', 'ChangeRecord', 2))).to.deep.equal({ kind: 'new-change-event' });
  });
  it('other targets apply', () => {
    expect(checkChangeRecordAdvance(st(1, 'Submitted', 'ChangeRecord', 3))).to.deep.equal({ kind: 'apply' });
    expect(checkChangeRecordAdvance(st(1, 'Closed', 'ChangeRecord', 4, true))).to.deep.equal({ kind: 'apply' });
  });
});

describe('workflow: link rules (§5)', () => {
  const commitment = { vendorId: 7 };

  it('an Approved or Pending Commitment item of the same vendor without a linked item can be linked', () => {
    expect(canLinkItemToCommitment({ vendorId: 7, coItemRecordId: null, stateName: 'Approved' }, commitment)).to.deep.equal({ ok: true });
    expect(canLinkItemToCommitment({ vendorId: 7, state: { name: 'Pending Commitment' } }, commitment)).to.deep.equal({ ok: true });
  });
  it('an item in another state can not', () => {
    expect(canLinkItemToCommitment({ vendorId: 7, stateName: 'Open' }, commitment)).to.deep.equal({
      ok: false, message: 'Only change event items that are Approved or Pending Commitment can be linked to a commitment.',
    });
    expect(canLinkItemToCommitment({ vendorId: 7, stateName: 'Committed' }, commitment).ok).to.equal(false);
  });
  it('an item of another vendor (or none) can not', () => {
    expect(canLinkItemToCommitment({ vendorId: 8, stateName: 'Approved' }, commitment)).to.deep.equal({
      ok: false, message: 'The change event item and the commitment must have the same vendor.',
    });
    expect(canLinkItemToCommitment({ vendorId: null, stateName: 'Approved' }, commitment).ok).to.equal(false);
  });
  it('an item already linked to a change-order item can not', () => {
    expect(canLinkItemToCommitment({ vendorId: 7, coItemRecordId: 55, stateName: 'Approved' }, commitment)).to.deep.equal({
      ok: false, message: 'The change event item is already linked to a change order item.',
    });
  });

  const oaco = { ownerAgreementId: 3, budgetId: 9 };
  const ce = { ownerAgreementId: 3, budgetId: 9, reimbursableTypeId: 1, stateName: 'Approved' };
  it('an Approved change event of the same owner agreement and budget can be linked', () => {
    expect(canLinkChangeEventToOwnerChangeOrder(ce, oaco)).to.deep.equal({ ok: true });
  });
  it('a change event that is not Approved can not', () => {
    expect(canLinkChangeEventToOwnerChangeOrder({ ...ce, stateName: 'Pending' }, oaco)).to.deep.equal({
      ok: false, message: 'Only Approved change events can be linked to an owner agreement change order.',
    });
  });
  it('another owner agreement can not', () => {
    expect(canLinkChangeEventToOwnerChangeOrder({ ...ce, ownerAgreementId: 4 }, oaco)).to.deep.equal({
      ok: false, message: 'The change event and the owner agreement change order must belong to the same owner agreement.',
    });
  });
  it('another budget can not', () => {
    expect(canLinkChangeEventToOwnerChangeOrder({ ...ce, budgetId: 10 }, oaco)).to.deep.equal({
      ok: false, message: 'The change event and the owner agreement change order must belong to the same budget.',
    });
  });
  it('reimbursable type 5 can not; other types can', () => {
    expect(canLinkChangeEventToOwnerChangeOrder({ ...ce, reimbursableTypeId: 5 }, oaco)).to.deep.equal({
      ok: false, message: 'Change events of reimbursable type 5 can not be linked to an owner agreement change order.',
    });
    expect(canLinkChangeEventToOwnerChangeOrder({ ...ce, reimbursableTypeId: 4 }, oaco).ok).to.equal(true);
  });
});
