import { expect } from 'chai';
import '../../src/elements/wb-email/define';
import { EMAIL_TARGET_STATE, changeEventItems } from '../../src/features/change-management';
import type { ChangeEventItem } from '../../src/features/change-management';
import { fetchRequests, mount, stubFetch, waitFor } from '../support/browser';
import type { StubFor } from '../support/browser';
import { cleanPage, freshPage, ok, referenceAnswers, stateOf, toastMessages, workbenchInAddress } from './change-workbenches-support';

const item = (stateId: number): ChangeEventItem => ({
  changeEventItemId: 1, changeEventId: 1, parentChangeEventItemId: null, projectId: 1, budgetId: 1, costCodeId: 40, vendorId: 5, vendorName: 'Vendor 5',
  description: 'Canopy steel', estimatedAmount: 100, proposedAmount: 120, approvedAmount: null, coItemRecordKey: null, coItemRecordId: null,
  applicationRecordStateId: stateId, recordStateName: stateOf(stateId).name, closed: stateOf(stateId).closed,
});

function answers(stateId: number, update: StubFor): Record<string, StubFor> {
  return {
    ...referenceAnswers(),
    '/api/pfm/getchangeeventitems': ({ query }) => ok(query.get('open') === 'false' ? [] : [item(stateId)]),
    '/api/pfm/UpdateChangeEventItemState': update,
  };
}
const applyButton = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>('[data-apply-state] button');
const updates = () => fetchRequests.filter((r) => r.path === '/api/pfm/UpdateChangeEventItemState').map((r) => r.body);

async function openAndSend(kind: 'rfp' | 'revise-rfp'): Promise<ShadowRoot> {
  const root = await mount('wb-email', { 'record-key': 'ChangeEventItem', 'record-id': '1', 'active-tab': kind });
  const send = await waitFor(() => root.querySelector<HTMLButtonElement>('button[type=submit]'));
  expect(applyButton(root), 'offered only once the e-mail is out').to.equal(null);
  send.click();
  return root;
}

describe('<wb-email> state after sending', () => {
  beforeEach(freshPage);
  afterEach(cleanPage);

  it("RFP: after Send, one button sets the item to 'Route for Proposal' directly (no e-mail reopened)", async () => {
    expect(EMAIL_TARGET_STATE).to.deep.equal({ rfp: 'Route for Proposal', 'revise-rfp': 'Rejected' });
    stubFetch(answers(13, () => ok(item(14))));
    const root = await openAndSend('rfp');
    const apply = await waitFor(() => applyButton(root));
    expect(apply.textContent).to.equal("Set item to 'Route for Proposal'");
    apply.click();
    await waitFor(() => changeEventItems().get(1)?.recordStateName === 'Route for Proposal');
    expect(updates()).to.deep.equal([{ ItemId: '1', OldRecordStateId: '13', RouteStateId: '14' }]);
    expect(workbenchInAddress().workbench).to.equal(null);
    await waitFor(() => toastMessages().includes("Item 1 is now 'Route for Proposal'."));
    await waitFor(() => applyButton(root) === null);
  });

  it("revise-RFP: the button sets 'Rejected'; a failed update restores the item and says why", async () => {
    stubFetch(answers(15, { status: 500, body: { message: 'boom' } }));
    const root = await openAndSend('revise-rfp');
    const apply = await waitFor(() => applyButton(root));
    expect(apply.textContent).to.equal("Set item to 'Rejected'");
    apply.click();
    await waitFor(() => toastMessages().some((m) => m.startsWith('Change event item 1 could not be moved to')));
    expect(toastMessages()).to.include("Change event item 1 could not be moved to 'Rejected' (HTTP error! Status: 500); it stays 'Proposal Received'.");
    expect(updates()).to.deep.equal([{ ItemId: '1', OldRecordStateId: '15', RouteStateId: '17' }]);
    expect(changeEventItems().get(1)?.recordStateName).to.equal('Proposal Received');
  });
});
