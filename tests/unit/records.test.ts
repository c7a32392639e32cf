import { expect } from 'chai';
import { ApiError } from '../../src/core/api';
import {
  ITEM_TEXT, checkRows, feedbackFrom, fieldEditable, fieldVisible, formFeedback, recordStore, resetRecordStores, type FieldSecurity, type ItemRow,
} from '../../src/core/records';
import { FEEDBACK_ITEMS } from '../support/feedback';

interface Row { rowId: number; name: string; closed: boolean; applicationRecordStateId: number }

describe('core/records', () => {
  beforeEach(resetRecordStores);
  afterEach(resetRecordStores);

  describe('record stores', () => {
    it('is one store per kind on the page and refuses another id field', () => {
      const a = recordStore<Row>('Row', 'rowId');
      expect(recordStore<Row>('Row', 'rowId') === a).to.equal(true);
      expect(() => recordStore<Row>('Row', 'otherId')).to.throw("keyed by 'rowId'");
    });

    it('keeps the server answer of a successful optimistic update', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      store.upsert({ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 });
      const result = await store.optimistic({ rowId: 1, name: 'a', closed: true, applicationRecordStateId: 2 },
        async () => ({ rowId: 1, name: 'from server', closed: true, applicationRecordStateId: 2 }));
      expect(result.name).to.equal('from server');
      expect(store.get(1)?.name).to.equal('from server');
    });

    it('shows the optimistic record at once and restores the original on failure', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      const original = { rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 };
      store.upsert(original);
      let fail!: (e: Error) => void;
      const pending = store.optimistic({ ...original, closed: true, applicationRecordStateId: 2 }, () => new Promise((_, reject) => { fail = reject; }));
      expect(store.get(1)?.closed).to.equal(true);
      fail(new Error('network'));
      let caught: unknown;
      try { await pending; } catch (error) { caught = error; }
      expect((caught as Error).message).to.equal('network');
      expect(store.get(1) === original).to.equal(true);
    });

    it('keeps a newer record that arrived during a failed update (a reload after 409)', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      store.upsert({ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 });
      const pending = store.optimistic({ rowId: 1, name: 'a', closed: true, applicationRecordStateId: 2 }, async () => {
        store.upsert({ rowId: 1, name: 'reloaded', closed: false, applicationRecordStateId: 7 });
        throw new ApiError(409);
      });
      try { await pending; } catch { /* expected */ }
      expect(store.get(1)?.applicationRecordStateId).to.equal(7);
    });

    it('keeps a write answered while a load was on its way: the load brings the rest, not that record', () => {
      const store = recordStore<Row>('Row', 'rowId');
      store.upsert([{ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 }, { rowId: 2, name: 'b', closed: false, applicationRecordStateId: 1 }]);
      const mark = store.readMark(); // the list load is asked for
      store.upsert({ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 2 }); // Approve answers first
      store.loaded([{ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 }, { rowId: 2, name: 'b (renamed)', closed: false, applicationRecordStateId: 1 },
        { rowId: 3, name: 'c', closed: false, applicationRecordStateId: 1 }], mark);
      expect(store.get(1)?.applicationRecordStateId).to.equal(2);
      expect(store.get(2)?.name).to.equal('b (renamed)');
      expect(store.get(3)?.name).to.equal('c');
      // A load asked after the write replaces it as usual.
      store.loaded({ rowId: 1, name: 'a (later)', closed: false, applicationRecordStateId: 3 }, store.readMark());
      expect(store.get(1)?.name).to.equal('a (later)');
    });

    it("leaves the store alone when one record's load answers the copy held, unchanged (nothing is drawn again)", () => {
      const store = recordStore<Row>('Row', 'rowId');
      store.upsert({ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 });
      const held = store.get(1);
      let notified = 0;
      const stop = store.$records.listen(() => { notified += 1; });
      store.loaded({ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 }, store.readMark());
      expect(store.get(1)).to.equal(held, 'the same object');
      expect(notified).to.equal(0);
      store.loaded({ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 2 }, store.readMark());
      expect(store.get(1)?.applicationRecordStateId).to.equal(2);
      expect(notified).to.equal(1);
      stop();
    });

    it('does not bring back a record removed while a load was on its way, nor undo an optimistic move', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      store.upsert([{ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 }, { rowId: 2, name: 'b', closed: false, applicationRecordStateId: 1 }]);
      const mark = store.readMark();
      store.remove(1);
      await store.optimistic({ rowId: 2, name: 'b', closed: true, applicationRecordStateId: 5 }, async () => undefined);
      store.loaded([{ rowId: 1, name: 'a', closed: false, applicationRecordStateId: 1 }, { rowId: 2, name: 'b', closed: false, applicationRecordStateId: 1 }], mark);
      expect(store.get(1)).to.equal(undefined);
      expect(store.get(2)?.applicationRecordStateId).to.equal(5);
    });

    it('removes a record that was not held before when its optimistic add fails', async () => {
      const store = recordStore<Row>('Row', 'rowId');
      try { await store.optimistic({ rowId: 9, name: 'new', closed: false, applicationRecordStateId: 1 }, async () => { throw new Error('x'); }); } catch { /* expected */ }
      expect(store.get(9)).to.equal(undefined);
    });
  });

  describe('validation feedback (§5)', () => {
    it('makes the form invalid only with invalid items and lists their messages in order', () => {
      const feedback = formFeedback(FEEDBACK_ITEMS);
      expect(feedback.invalid).to.equal(true);
      expect(feedback.errors.map((i) => i.message)).to.deep.equal(['title is required.', 'documentDate must be a date.']);
      const soft = formFeedback(FEEDBACK_ITEMS.filter((i) => i.integerValue !== 1));
      expect(soft.invalid).to.equal(false);
      expect(soft.errors).to.deep.equal([]);
    });

    it('reads the items from a refused save (ApiError body) and ignores anything else', () => {
      expect(feedbackFrom(new ApiError(400, FEEDBACK_ITEMS)).length).to.equal(4);
      expect(feedbackFrom(new ApiError(400, { data: FEEDBACK_ITEMS })).length).to.equal(4);
      expect(feedbackFrom(new ApiError(500, 'oops'))).to.deep.equal([]);
      expect(feedbackFrom(new Error('x'))).to.deep.equal([]);
      expect(feedbackFrom([{ foo: 1 }])).to.deep.equal([]);
    });
  });

  describe('field security', () => {
    const security: FieldSecurity = {
      lookupApplicationRecordStateId: 3,
      fields: [
        { fieldName: 'estimatedAmount', editable: false, visible: true },
        { fieldName: 'title', editable: true, visible: true },
        { fieldName: 'proposedAmount', editable: false, visible: false },
      ],
    };
    it('answers per field, case-insensitively; unknown fields and no security are not editable', () => {
      expect(fieldEditable(security, 'title')).to.equal(true);
      expect(fieldEditable(security, 'TITLE')).to.equal(true);
      expect(fieldEditable(security, 'estimatedAmount')).to.equal(false);
      expect(fieldEditable(security, 'number')).to.equal(false);
      expect(fieldEditable(undefined, 'title')).to.equal(false);
      expect(fieldVisible(security, 'proposedAmount')).to.equal(false);
      expect(fieldVisible(security, 'number')).to.equal(true);
    });
  });

  describe('items (src/core/records/items.ts)', () => {
    const row = (itemId: number, amount: string, costCodeId: number | null = 101): ItemRow => ({
      key: `item-${itemId}`, itemId, costType: 'S', costCodeId, description: `Line of ${itemId}`, amount, deleted: false,
    });

    it('checks the lines as shown: a deleted line is not counted, and only the lines given are checked', () => {
      const rows = [{ ...row(4, '10'), deleted: true }, row(5, 'x', null), { ...row(6, '5'), description: '' }];
      expect(checkRows(rows, ITEM_TEXT).map((f) => `${f.stringValue} ${f.message}`)).to.deep.equal([
        `item:item-5.costCodeId ${ITEM_TEXT.costCodeMissing(1)}`,
        `item:item-5.amount ${ITEM_TEXT.amountNotNumber(1)}`,
        `item:item-6.description ${ITEM_TEXT.descriptionMissing(2)}`,
      ]);
      expect(checkRows(rows, { amountNotNumber: ITEM_TEXT.amountNotNumber }, [rows[2]!])).to.deep.equal([]);
    });
  });
});
