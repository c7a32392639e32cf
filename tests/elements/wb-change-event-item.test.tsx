import { expect } from 'chai';
import '../../src/elements/wb-change-event-item/define';
import { changeEventItems } from '../../src/features/change-management';
import type { ChangeEventItem } from '../../src/features/change-management';
import { fetchRequests, mount, setValue, stubFetch, waitFor } from '../support/browser';
import type { StubFor } from '../support/browser';
import { changeEventItem, cleanPage, freshPage, ok, referenceAnswers, security, toastMessages } from './change-workbenches-support';

const SUBCONTRACTS = [
  { subcontractId: 1, number: 'SC-001', vendorId: 5, description: 'Structural steel', recordStateName: 'Executed' },
  { subcontractId: 2, number: 'SC-002', vendorId: 6, description: 'Glazing', recordStateName: 'Executed' },
  // The item's vendor, but not executed: no change order is written to it yet.
  { subcontractId: 8, number: 'SC-008', vendorId: 5, description: 'Steel erection', recordStateName: 'Pending Signature' },
];
const AGREEMENTS = [
  { purchaseAgreementId: 3, number: 'PA-003', vendorId: 5, description: 'Steel supply', recordStateName: 'Executed' },
  { purchaseAgreementId: 9, number: 'PA-009', vendorId: 5, description: 'Bolts', recordStateName: 'Draft' },
];

function answers(record: ChangeEventItem, overrides: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    ...referenceAnswers(),
    '/api/pfm/getchangeeventitems': ({ query }) => ok(query.get('open') === 'false' ? (record.closed ? [record] : []) : (record.closed ? [] : [record])),
    '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': security(record.applicationRecordStateId, ['description']),
    '/api/pfm/getsubcontracts': ok(SUBCONTRACTS),
    '/api/pfm/getpurchaseagreements': ok(AGREEMENTS),
    ...overrides,
  };
}

const linkSection = (root: ShadowRoot) => root.querySelector('[data-testid=link-commitment]');
const candidateLabels = (root: ShadowRoot) => [...root.querySelectorAll<HTMLOptionElement>('[data-candidates] option')].map((o) => o.textContent);

describe('<wb-change-event-item>', () => {
  beforeEach(freshPage);
  afterEach(cleanPage);

  it('a linked item names its change order and opens it in the workbench', async () => {
    const linked = changeEventItem(18, {
      coItemRecordKey: 'SubcontractChangeOrderItem', coItemRecordId: 9, changeOrderKey: 'SubcontractChangeOrder', changeOrderId: 4, changeOrderNumber: 'SCO-02', commitmentNumber: 'SC-001',
    });
    stubFetch(answers(linked));
    const root = await mount('wb-change-event-item', { 'record-key': 'ChangeEventItem', 'record-id': '7' });
    const note = await waitFor(() => root.querySelector('[data-linked-change-order]'));
    expect(note.textContent).to.equal('Linked to change order SCO-02 of SC-001. Open SCO-02');
    note.querySelector('button')?.click();
    await waitFor(() => new URLSearchParams(location.search).get('workbench') === 'SubcontractChangeOrder');
    const params = new URLSearchParams(location.search);
    expect([params.get('recordKey'), params.get('recordId')]).to.deep.equal(['SubcontractChangeOrder', '4']);
    expect(root.querySelector('[data-candidates]')).to.equal(null);
  });

  it('offers only the executed commitments of the item vendor for an Approved item', async () => {
    stubFetch(answers(changeEventItem(18)));
    const root = await mount('wb-change-event-item', { 'record-key': 'ChangeEventItem', 'record-id': '7' });
    await waitFor(() => root.querySelectorAll('[data-candidates] option').length === 3);
    expect(candidateLabels(root)).to.deep.equal(['Choose a commitment…', 'SC-001 Structural steel', 'PA-003 Steel supply']);
    expect(linkSection(root)?.querySelector('[data-link-rule]')).to.equal(null);
  });

  it('shows the cost code in 2-4-2 digit groups with its cost type (§3)', async () => {
    stubFetch(answers(changeEventItem(18)));
    const root = await mount('wb-change-event-item', { 'record-key': 'ChangeEventItem', 'record-id': '7' });
    expect((await waitFor(() => root.querySelector('[data-cost-code]'))).textContent).to.equal('05-1200-00 (S)');
  });

  it('shows the §5 rule instead of candidates when the item may not be linked', async () => {
    const cases: Array<[ChangeEventItem, string]> = [
      [changeEventItem(13), 'Only change event items that are Approved or Pending Commitment can be linked to a commitment.'],
      [changeEventItem(19, { coItemRecordId: 9, coItemRecordKey: 'SubcontractChangeOrderItem' }), 'The change event item is already linked to a change order item.'],
      [changeEventItem(18, { vendorId: null, vendorName: null }), 'The change event item and the commitment must have the same vendor.'],
    ];
    for (const [record, message] of cases) {
      stubFetch(answers(record));
      const root = await mount('wb-change-event-item', { 'record-key': 'ChangeEventItem', 'record-id': '7' });
      const rule = await waitFor(() => root.querySelector('[data-link-rule]'));
      expect(rule.textContent).to.equal(message);
      expect(root.querySelector('[data-candidates]')).to.equal(null);
      cleanPage();
      freshPage();
    }
  });

  it('says so when no commitment has the item vendor', async () => {
    stubFetch(answers(changeEventItem(18, { vendorId: 8 })));
    const root = await mount('wb-change-event-item', { 'record-key': 'ChangeEventItem', 'record-id': '7' });
    await waitFor(() => linkSection(root)?.textContent?.includes("No commitment of this project has the item's vendor."));
    expect(root.querySelector('[data-candidates]')).to.equal(null);
  });

  it('links to the chosen commitment (call body), updates the item, and toasts; a failure toasts and keeps the item', async () => {
    let fail = true;
    stubFetch(answers(changeEventItem(18), {
      '/api/pfm/LinkChangeEventItemToCommitment': () => (fail ? { status: 500, body: { message: 'boom' } }
        : ok({ changeEventItem: changeEventItem(18, { coItemRecordId: 31, coItemRecordKey: 'PurchaseAgreementChangeOrderItem' }), changeOrder: { purchaseAgreementChangeOrderId: 4 } })),
    }));
    const root = await mount('wb-change-event-item', { 'record-key': 'ChangeEventItem', 'record-id': '7' });
    const select = await waitFor(() => root.querySelector<HTMLSelectElement>('[data-candidates]'));
    await waitFor(() => select.options.length === 3);
    setValue(select, 'PurchaseAgreement:3');
    const link = [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Link')!;
    await waitFor(() => !link.disabled);
    link.click();
    await waitFor(() => toastMessages().includes('Item 7 was not linked to PA-003.'));
    expect(changeEventItems().get(7)?.coItemRecordId).to.equal(null);

    fail = false;
    link.click();
    await waitFor(() => toastMessages().includes('Item 7 is linked to PA-003; a change order was drafted.'));
    const calls = fetchRequests.filter((r) => r.path === '/api/pfm/LinkChangeEventItemToCommitment');
    expect(calls.map((c) => c.body)).to.deep.equal([
      { ChangeEventItemId: '7', CommitmentKey: 'PurchaseAgreement', CommitmentId: '3' },
      { ChangeEventItemId: '7', CommitmentKey: 'PurchaseAgreement', CommitmentId: '3' },
    ]);
    expect(changeEventItems().get(7)?.coItemRecordId).to.equal(31);
    await waitFor(() => root.querySelector('[data-link-rule]')?.textContent === 'The change event item is already linked to a change order item.');
  });

  // Issue 16: the link section says when the project's commitments are still loading or failed, never "no commitment".
  it('a failed load of the commitments says so with a Retry that loads them, not that no commitment has the vendor', async () => {
    let fail = true;
    stubFetch(answers(changeEventItem(18), { '/api/pfm/getsubcontracts': () => (fail ? { status: 500, body: { message: 'boom' } } : ok(SUBCONTRACTS)) }));
    const root = await mount('wb-change-event-item', { 'record-key': 'ChangeEventItem', 'record-id': '7' });
    const problem = await waitFor(() => linkSection(root)?.querySelector('[role=alert]'));
    expect(problem.querySelector('span')!.textContent).to.equal("The project's commitments could not be loaded, so the item cannot be linked yet.");
    expect(linkSection(root)!.textContent).not.to.contain('No commitment of this project');
    fail = false;
    problem.querySelector('button')!.click();
    await waitFor(() => root.querySelectorAll('[data-candidates] option').length === 3);
    expect(linkSection(root)!.querySelector('[role=alert]')).to.equal(null);
  });

  // Issue 16: the store's copy shows at once; a failed refresh says the copy may be out of date, with Retry.
  it('an item the store already holds shows at once; a failed refresh says it may be out of date, and Retry refreshes it', async () => {
    const held = changeEventItem(18);
    changeEventItems().upsert(held);
    let fail = true;
    stubFetch(answers(held, { '/api/pfm/getchangeeventitems': () => (fail ? { status: 500, body: { message: 'boom' } } : ok([held])) }));
    const root = await mount('wb-change-event-item', { 'record-key': 'ChangeEventItem', 'record-id': '7' });
    const notice = await waitFor(() => root.querySelector('[data-workbench="change-event-item"] > [role=alert]'));
    expect(notice.querySelector('span')!.textContent).to.equal('Change event item 7 could not be refreshed, so what is shown may be out of date.');
    expect(root.querySelector('[data-cost-code]')?.textContent).to.equal('05-1200-00 (S)');
    fail = false;
    notice.querySelector('button')!.click();
    await waitFor(() => root.querySelector('[data-workbench="change-event-item"] > [role=alert]') === null);
  });
});
