/**
 * The one way a record is edited on the client (src/ui/records): the items editor and its draft hook, and the
 * state-move hook, each in a small harness as the record workbenches use them.
 */
import { expect } from 'chai';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { sendKeys } from '@web/test-runner-commands';
import { postForm } from '../../src/core/api';
import { $messageBoxes, $toasts } from '../../src/core/messages';
import {
  ItemsEditor, WriteProblemAlert, changedRows, feedbackForRows, formFeedback, moveRecordState, recordStore, rowsTotal, useItemsDraft, useRecord,
  useStateMove, type FeedbackItem, type ItemRow, type ItemsDraft, type RecordStore, type WriteProblem,
} from '../../src/ui/records';
import { fetchRequests, setValue, stubFetch, waitFor, type StubFor } from '../support/browser';
import { appendReactRoot, removeReactRoot, resetPageStores, signInForTest } from '../support/elements';

let host: HTMLDivElement;
let root: Root;

const CODES = [
  { costCodeId: 101, code: '09200000', description: 'Drywall' },
  { costCodeId: 102, code: '09250000', description: 'Gypsum board' },
];
const row = (itemId: number, amount: string, costCodeId: number | null = 101): ItemRow => ({
  key: `item-${itemId}`, itemId, costType: 'S', costCodeId, description: `Line of ${itemId}`, amount, deleted: false,
});
const SAVED: ItemsDraft<{ description: string }> = { header: { description: 'Framing' }, items: [row(5, '1500')] };

/** The editor over the draft hook, as a workbench has them; `feedback` is what the last save answered. */
function Items({ saved = SAVED, editable = true, feedback = [] }: { saved?: ItemsDraft<{ description: string }>; editable?: boolean; feedback?: FeedbackItem[] }) {
  const drafts = useItemsDraft({ screen: 'record-editing-test', recordKey: 'Thing', recordId: 1, saved });
  if (!drafts.draft) return null;
  const sent = changedRows(saved.items, drafts.draft.items);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      {drafts.banner}
      <span data-dirty>{String(drafts.dirty)}</span>
      <span data-sent>{sent.map((r) => `${r.itemId ?? 'new'}:${r.deleted}`).join(',')}</span>
      <ItemsEditor rows={drafts.rows} caption="Items of T-1" editable={editable} feedback={formFeedback(feedback)} costCodes={CODES}
        picker={(slot) => (
          <select aria-label={`${slot.label} cost code`} value={slot.costCodeId ?? ''} className={slot.invalid ? 'is-invalid' : ''}
            onChange={(e) => slot.onChange({ costType: 'S', costCodeId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}>
            <option value="">Cost code…</option>
            {CODES.map((c) => <option key={c.costCodeId} value={c.costCodeId}>{c.code}</option>)}
          </select>
        )}
        onChange={drafts.setItem} onRemove={drafts.removeItem} onAdd={drafts.addItem} total={{ label: 'Total', amount: rowsTotal(drafts.rows), kind: 'total' }}
        actions={<button type="button" onClick={drafts.reset}>Discard changes</button>} />
    </form>
  );
}

const marks = () => [...host.querySelectorAll('tbody tr[data-item]')].map((tr) => tr.getAttribute('data-item'));
const byLabel = <E extends Element = HTMLInputElement>(label: string) => host.querySelector<E & Element>(`[aria-label="${label}"]`);
const button = (text: string) => [...host.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
const text = (selector: string) => host.querySelector(selector)?.textContent ?? '';

describe('record editing (src/ui/records)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    signInForTest();
    ({ host, root } = appendReactRoot());
  });
  afterEach(() => {
    removeReactRoot(host, root);
    resetPageStores();
  });

  describe('the items editor and its draft', () => {
    it('lists the lines and their total; Add item adds an empty line, Remove takes a new one away and marks a saved one deleted; Discard goes back', async () => {
      root.render(<Items />);
      await waitFor(() => marks().length === 1);
      expect(marks()).to.deep.equal(['5']);
      expect(text('caption')).to.equal('Items of T-1');
      expect(text('[data-items-total]')).to.equal('$1,500.00');
      expect(text('[data-dirty]')).to.equal('false');

      button('Add item')!.click();
      await waitFor(() => marks().length === 2);
      expect(marks()).to.deep.equal(['5', 'new']);
      const amount = byLabel('Line 2 amount')!;
      setValue(amount, '$2,0a00');
      await waitFor(() => amount.value === '2000');
      expect(text('[data-items-total]')).to.equal('$3,500.00');
      expect(text('[data-dirty]')).to.equal('true');
      expect(text('[data-sent]')).to.equal('new:false');

      byLabel<HTMLButtonElement>('Remove line 2')!.click();
      await waitFor(() => marks().length === 1);
      expect(text('[data-sent]')).to.equal('', 'a new line removed is simply gone');
      byLabel<HTMLButtonElement>('Remove line 1')!.click();
      await waitFor(() => marks().length === 0);
      expect(text('tbody')).to.equal('No items.');
      expect(text('[data-sent]')).to.equal('5:true', 'a saved line removed is sent as deleted');

      button('Discard changes')!.click();
      await waitFor(() => marks().length === 1);
      expect(text('[data-dirty]')).to.equal('false');
      expect(byLabel('Line 1 amount')!.value).to.equal('1500');
    });

    it('shows the server’s feedback for a line under its field: items[i] is the i-th line sent', async () => {
      const saved = { header: { description: 'Framing' }, items: [row(5, '1500'), row(6, '700')] };
      const feedback = feedbackForRows([
        { integerValue: 1, stringValue: 'items[1].amount', message: 'Line 2: more than the budget line holds.' },
        { integerValue: 2, stringValue: 'items[0].description', message: 'Say which floor.' },
        { integerValue: 1, stringValue: 'description', message: 'A description is required.' },
      ], saved.items);
      root.render(<Items saved={saved} feedback={feedback} />);
      await waitFor(() => marks().length === 2);
      expect(text('[data-field-feedback="item:item-6.amount"]')).to.equal('Error: Line 2: more than the budget line holds.');
      expect(byLabel('Line 2 amount')!.classList.contains('is-invalid')).to.equal(true);
      expect(text('[data-field-feedback="item:item-5.description"]')).to.equal('Warning: Say which floor.');
      expect(byLabel('Line 1 description')!.classList.contains('is-invalid')).to.equal(false, 'a warning does not make the field invalid');
      expect(host.querySelector('[data-field-feedback="description"]')).to.equal(null, 'a header field’s feedback is the form’s to show');
    });

    it('keyboard: Enter on Add item adds a line; Tab walks a line’s cost code, description, amount and Remove', async () => {
      root.render(<Items />);
      await waitFor(() => marks().length === 1);
      button('Add item')!.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => marks().length === 2);
      byLabel<HTMLSelectElement>('Line 2 cost code')!.focus();
      const walk: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        await sendKeys({ press: 'Tab' });
        walk.push(document.activeElement?.getAttribute('aria-label') ?? '');
      }
      expect(walk).to.deep.equal(['Line 2 description', 'Line 2 amount', 'Remove line 2']);
      await sendKeys({ press: 'Enter' });
      await waitFor(() => marks().length === 1);
    });

    it('read-only: each line names its cost code, the fields are disabled, and nothing is added or removed', async () => {
      root.render(<Items editable={false} />);
      await waitFor(() => marks().length === 1);
      expect(text('[data-cost-code]')).to.equal('09-2000-00 Drywall');
      expect(byLabel('Line 1 amount')!.disabled).to.equal(true);
      expect(button('Add item')).to.equal(undefined);
      expect(byLabel('Remove line 1')).to.equal(null);
    });

    it('keeps typed work across a reload (useDraft) and puts it back on Restore, the saved line under its own key', async () => {
      root.render(<Items />);
      await waitFor(() => marks().length === 1);
      setValue(byLabel('Line 1 description')!, 'Typed, not saved');
      await waitFor(() => Object.keys(sessionStorage).some((key) => key.includes('record-editing-test')));
      root.unmount();
      root = createRoot(host);
      root.render(<Items />);
      const restore = await waitFor(() => host.querySelector<HTMLButtonElement>('[data-draft-restore]'));
      expect(byLabel('Line 1 description')!.value).to.equal('Line of 5');
      restore.click();
      await waitFor(() => byLabel('Line 1 description')!.value === 'Typed, not saved');
      expect(marks()).to.deep.equal(['5']);
      expect(text('[data-sent]')).to.equal('5:false', 'the restored line is the saved line 5, changed');
    });
  });

  describe('the state move', () => {
    interface Thing { thingId: number; number: string; applicationRecordStateId: number; recordStateName: string; closed: boolean }
    const DRAFT: Thing = { thingId: 1, number: 'T-1', applicationRecordStateId: 1, recordStateName: 'Draft', closed: false };
    const APPROVED = { applicationRecordStateId: 2, name: 'Approved', closed: false };
    const PATH = '/api/test/UpdateThingState';
    let store: RecordStore<Thing>;
    let reloaded: number;

    function Mover({ inline = false }: { inline?: boolean }) {
      const record = useRecord(store, 1);
      const [problem, setProblem] = useState<WriteProblem | null>(null);
      const moves = useStateMove({
        record, move: (target, reason) => moveRecordState(store, record!, target, (body) => postForm<Thing>(PATH, body), reason),
        stale: 'Someone else moved T-1 first.', refusalInline: inline, onProblem: setProblem,
      });
      return (
        <>
          <span data-state-name>{record?.recordStateName}</span>
          <WriteProblemAlert problem={problem} onReload={() => { reloaded += 1; }} />
          <button type="button" data-move disabled={moves.busy} onClick={() => void moves.move(APPROVED, 'Signed on paper')}>Move</button>
        </>
      );
    }

    async function moveWith(answer: StubFor, inline = false): Promise<void> {
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      stubFetch({ [PATH]: async (request) => { await held; return typeof answer === 'function' ? answer(request) : answer; } });
      root.render(<Mover inline={inline} />);
      (await waitFor(() => host.querySelector<HTMLButtonElement>('[data-move]'))).click();
      // Shown at once, before the server answers.
      await waitFor(() => text('[data-state-name]') === 'Approved');
      expect(host.querySelector<HTMLButtonElement>('[data-move]')!.disabled).to.equal(true);
      release();
      await waitFor(() => !host.querySelector<HTMLButtonElement>('[data-move]')!.disabled);
    }

    beforeEach(() => {
      store = recordStore<Thing>('RecordEditingThing', 'thingId');
      store.upsert(DRAFT);
      reloaded = 0;
    });

    it('success: sends the move with the state seen and the reason, keeps the server’s record and says so', async () => {
      await moveWith(({ body }) => ({ body: { data: { ...DRAFT, applicationRecordStateId: 2, recordStateName: 'Approved', approvedBy: 'rpm', echo: (body as Record<string, string>).Reason } } }));
      expect(fetchRequests.find((r) => r.path === PATH)!.body).to.deep.equal({ ItemId: '1', OldRecordStateId: '1', RouteStateId: '2', Reason: 'Signed on paper' });
      expect(text('[data-state-name]')).to.equal('Approved');
      expect((store.get(1) as Thing & { approvedBy?: string }).approvedBy).to.equal('rpm');
      expect($toasts.get().map((t) => t.message)).to.include('T-1 is now Approved.');
      expect(host.querySelector('[data-problem]')).to.equal(null);
    });

    it('409: the previous state is put back, and the problem line says so with Reload', async () => {
      await moveWith({ status: 409, body: { message: 'The record has moved on.', currentRecordStateId: 3 } });
      expect(text('[data-state-name]')).to.equal('Draft');
      expect(store.get(1)).to.deep.equal(DRAFT);
      expect(text('[data-problem] span')).to.equal('Someone else moved T-1 first.');
      const reload = [...host.querySelectorAll<HTMLButtonElement>('[data-problem] button')];
      expect(reload.map((b) => b.textContent)).to.deep.equal(['Reload']);
      reload[0]!.click();
      expect(reloaded).to.equal(1);
      expect($messageBoxes.get().some((box) => box.title === 'State not changed')).to.equal(false);
    });

    it('400: the server’s reason in its Request Failed box and, inline, beside the form; the state put back', async () => {
      await moveWith({ status: 400, body: { message: 'T-1 has unreconciled items.', autoAlert: true, serviceName: 'Test', functionName: 'UpdateThingState' } }, true);
      expect(text('[data-state-name]')).to.equal('Draft');
      expect(text('[data-problem]')).to.equal('T-1 has unreconciled items.');
      expect(host.querySelector('[data-problem] button')).to.equal(null, 'no Reload: nothing changed under the user');
      expect($messageBoxes.get().map((box) => box.title)).to.deep.equal(['Request Failed']);
    });

    it('another failure: the state put back and a State not changed box with the server’s reason', async () => {
      await moveWith({ status: 500, body: { message: 'The database is away.' } });
      expect(text('[data-state-name]')).to.equal('Draft');
      const box = await waitFor(() => $messageBoxes.get().find((b) => b.title === 'State not changed'));
      expect(box.message).to.equal('T-1 stays Draft: The database is away.');
      expect(host.querySelector('[data-problem]')).to.equal(null);
    });
  });
});
