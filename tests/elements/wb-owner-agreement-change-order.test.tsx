import { expect } from 'chai';
import { WORKBENCH_TEXT } from '../../src/features/commitments';
import '../../src/elements/wb-owner-agreement-change-order/define';
import { mount, setValue, textOf, waitFor, type StubAnswer } from '../support/browser';
import { useElementTestPage } from '../support/elements';
import { answers, currentQuery, header, postsTo, ready, stub } from './owner-agreements-support';

describe('owner agreements', () => {
  const startUrl = location.pathname + location.search;
  useElementTestPage({ after: () => { history.replaceState(null, '', startUrl); } });

  describe('<wb-owner-agreement-change-order> header', () => {
    it('a failed save (500) and a stale one (409) keep the typed values and say why; 400 feedback shows per field', async () => {
      let answer: StubAnswer = { status: 500, body: { message: 'boom' } };
      stub(answers({ '/api/pfm/SaveCommitment': () => answer }));
      const root = await ready(await mount('wb-owner-agreement-change-order', { 'record-id': '2' }));
      setValue(header(root, 'description')!, 'Typed by hand');
      setValue(header(root, 'changeOrderDate')!, '2026-11-20');
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => root.querySelector('[data-problem]'));
      expect(textOf(root, '[data-problem]')).to.equal(WORKBENCH_TEXT.saveFailed('Owner Agreement Change Order', 'HTTP error! Status: 500'));
      expect(header(root, 'description')!.value).to.equal('Typed by hand');
      expect(header(root, 'changeOrderDate')!.value).to.equal('2026-11-20');

      answer = { status: 409, body: { message: 'stale', currentRecordStateId: 50 } };
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => textOf(root, '[data-problem]').startsWith('Someone else'));
      expect(textOf(root, '[data-problem] span')).to.equal(WORKBENCH_TEXT.stale('Owner Agreement Change Order'));
      expect(header(root, 'description')!.value).to.equal('Typed by hand');

      answer = { status: 400, body: { message: 'x', data: [{ integerValue: 1, stringValue: 'changeOrderDate', message: 'changeOrderDate must be a date (YYYY-MM-DD) on or after 1990-01-01.' }] } };
      root.querySelector<HTMLButtonElement>('[data-save]')!.click();
      await waitFor(() => root.querySelector('[data-field-feedback="changeOrderDate"]'));
      expect(textOf(root, '[data-field-feedback="changeOrderDate"]')).to.equal('Error: changeOrderDate must be a date (YYYY-MM-DD) on or after 1990-01-01.');
      expect(header(root, 'changeOrderDate')!.value).to.equal('2026-11-20');
      const sent = postsTo('/api/pfm/SaveCommitment').map((p) => [p.body.get('RecordKey'), p.body.get('OldRecordStateId'), p.body.get('description')]);
      expect(sent).to.deep.equal(Array(3).fill(['OwnerAgreementChangeOrder', '49', 'Typed by hand']));
    });

    it('an approved (closed) change order is read-only; its amount is shown, not a field', async () => {
      stub(answers());
      const root = await ready(await mount('wb-owner-agreement-change-order', { 'record-id': '1' }));
      await waitFor(() => root.querySelector('[data-read-only]'));
      expect(header(root, 'description')!.readOnly).to.equal(true);
      expect(header(root, 'changeOrderDate')!.readOnly).to.equal(true);
      expect(root.querySelector('[data-field="amount"]') === null).to.equal(true);
      expect(textOf(root, '[data-amount="amount"]')).to.contain('$5,000.00');
    });
  });

  describe('<wb-owner-agreement-change-order> link candidates (§5)', () => {
    const event = (id: number, extra: Record<string, unknown> = {}) => ({
      changeEventId: id, number: `CE-00${id}`, title: `Event ${id}`, budgetId: 1, ownerAgreementId: 1, ownerAgreementChangeOrderId: null,
      reimbursableTypeId: 1, recordStateName: 'Approved', approvedAmount: 1000 * id, ...extra,
    });
    const EVENTS = [
      event(1), event(2, { ownerAgreementChangeOrderId: 5, ownerChangeOrderNumber: 'OCO-005', ownerChangeOrderClosed: false }),
      event(3, { ownerAgreementChangeOrderId: 2, ownerChangeOrderNumber: 'OCO-002', ownerChangeOrderClosed: false }), event(4, { reimbursableTypeId: 5 }),
      event(5, { recordStateName: 'Pending' }), event(6, { budgetId: 9 }), event(7, { ownerAgreementId: 3 }),
      event(8, { ownerAgreementChangeOrderId: 1, ownerChangeOrderNumber: 'OCO-001', ownerChangeOrderClosed: true }),
    ];
    const eventAnswers = () => answers({
      '/api/pfm/getchangeevents': () => {
        const query = currentQuery();
        const rows = query.get('recordKey') === 'OwnerAgreementChangeOrder' ? EVENTS.filter((e) => e.ownerAgreementChangeOrderId === Number(query.get('recordId'))) : EVENTS;
        return { body: { data: query.get('open') === 'false' ? [] : rows } };
      },
    });

    it('offers only eligible events not on this or a closed change order, and says when linking moves one from another change order', async () => {
      stub(eventAnswers());
      const root = await mount('wb-owner-agreement-change-order', { 'record-id': '2' });
      await waitFor(() => root.querySelector('[data-candidates]'));
      const offered = [...root.querySelectorAll<HTMLElement>('[data-candidate]')].map((li) => Number(li.dataset.candidate));
      expect(offered).to.deep.equal([1, 2]);
      expect(root.querySelector('[data-candidate="1"] [data-moves]') === null).to.equal(true);
      expect(textOf(root, '[data-candidate="2"] [data-moves]')).to.equal('· on OCO-005: linking moves it here');
      expect([...root.querySelectorAll('[data-linked] [data-change-event]')].map((li) => li.getAttribute('data-change-event'))).to.deep.equal(['3']);
    });

    it('a closed change order takes no change events and says why', async () => {
      stub(eventAnswers());
      const root = await mount('wb-owner-agreement-change-order', { 'record-id': '1' });
      await waitFor(() => root.querySelector('[data-no-candidates]'));
      expect(textOf(root, '[data-no-candidates]')).to.equal("OCO-001 is 'Approved': change events can not be linked to it.");
      // The message shows at once; the linked list follows its load.
      await waitFor(() => root.querySelector('[data-linked]'));
      expect(root.querySelectorAll('[data-candidate]').length).to.equal(0);
      expect([...root.querySelectorAll('[data-linked] [data-change-event]')].map((li) => li.getAttribute('data-change-event'))).to.deep.equal(['8']);
    });
  });
});
