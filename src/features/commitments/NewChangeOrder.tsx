/**
 * "New change order" on an executed subcontract or purchase agreement, in two ways: lines typed in
 * (cost code of a fitting type, description, amount), or from change events (a checklist of the
 * project's approved change-event items of the commitment's vendor not yet on a change order, with
 * their amounts and a running total of those ticked). Either way it makes one change order, one line
 * per item, and opens it. A refusal keeps everything typed; the SRA gate's refusal (a change order
 * that takes the commitment or the vendor's open commitments past a limit) is shown in the server's
 * words, with its link to start the SRA.
 */
import { useMemo, useState } from 'react';
import { costTypeName, formatCostCodeWithType, formatMoney } from '../../core/format';
import { showToast } from '../../core/messages';
import { checkRows, FEEDBACK_INVALID, ITEM_TEXT, rowsTotal, type FeedbackItem } from '../../core/records';
import { openWorkbench } from '../../core/workbench';
import { LoadingLine, LoadProblem } from '../../ui/LoadProblem';
import { ItemsEditor, ValidationSummary, WriteProblemAlert, useItemsDraft, useRecordWrites, FieldFeedback, fieldInvalid } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { GateRefusal, gateRefusalOf } from '../risk';
import type { CostCodeRow } from '../budget-lines';
import {
  CHANGE_ORDER_KIND, COMMITMENT_COST_TYPES, createChangeOrder, itemAmount, loadLinkableItems, recordIdOf, refusalText,
  type NewCommitmentKey,
} from './create';
import { KINDS, type ContractRecord } from './data';
import { FittingCostCodePicker } from './FittingCostCodePicker';
import { cents } from '../../core/format';

/** Texts the form shows; tests read them. */
export const NEW_CHANGE_ORDER_TEXT = {
  title: 'New change order',
  direct: 'Lines typed in',
  fromEvents: 'From change events',
  description: 'Description',
  descriptionRequired: 'A description is required.',
  linesRequired: 'Add at least one line.',
  itemsRequired: 'Tick at least one change-event item.',
  itemsLoading: 'Loading approved change-event items…',
  itemsFailed: (why: string) => `The change-event items could not be loaded (${why}).`,
  noItems: (vendor: string) => `No approved change-event item of ${vendor || 'this vendor'} waits for a change order on this project.`,
  ticked: (count: number) => `Total of ${count} item${count === 1 ? '' : 's'} ticked`,
  create: 'Create change order',
  creating: 'Creating…',
  cancel: 'Cancel',
  created: (number: string) => `${number} created.`,
  createFailed: (why: string) => `The change order was not created: ${why} Everything you entered is still here.`,
} as const;

type Mode = 'direct' | 'events';
interface Header { description: string; mode: Mode; itemIds: string }

const idsOf = (text: string): number[] => (text ? text.split(',').map(Number).filter((n) => n > 0) : []);

export interface NewChangeOrderProps {
  parentKey: NewCommitmentKey;
  record: ContractRecord;
  /** The budget's lines (the workbench loaded them). */
  costCodes: readonly CostCodeRow[];
  onClose(): void;
}

export function NewChangeOrder({ parentKey, record, costCodes, onClose }: NewChangeOrderProps) {
  const T = NEW_CHANGE_ORDER_TEXT;
  const parentId = recordIdOf(KINDS[parentKey], record);
  const coKind = CHANGE_ORDER_KIND[parentKey]!;
  const fitting = useMemo(() => costCodes.filter((c) => c.budgetId === record.budgetId && COMMITMENT_COST_TYPES[parentKey].includes(c.type)), [costCodes, record.budgetId, parentKey]);
  const [empty] = useState(() => ({ header: { description: '', mode: 'direct' as Mode, itemIds: '' }, items: [{ key: 'co-first', itemId: null, costType: '', costCodeId: null, description: '', amount: '', deleted: false }] }));
  // Typed lines and ticked items survive a failed create and a reload.
  const drafts = useItemsDraft<Header>({ screen: 'commitment', recordKey: coKind, recordId: 0, form: `new-for-${parentId}`, saved: empty });
  const writes = useRecordWrites();
  const [gate, setGate] = useState<ReturnType<typeof gateRefusalOf>>(null);
  const draft = drafts.draft ?? empty;
  const { header } = draft;
  const items = useLoad(header.mode === 'events' ? `${parentKey}:${parentId}` : null, (signal) => loadLinkableItems(record, signal), { what: 'Change-event items' });
  const ticked = idsOf(header.itemIds);
  const available = items.state.status === 'ready' ? items.state.data : [];
  // Only items still offered count (one kept from before a reload may have gone on another change order meanwhile).
  const chosen = ticked.filter((id) => available.some((i) => i.changeEventItemId === id));
  const tickedTotal = cents(available.filter((i) => chosen.includes(i.changeEventItemId)).reduce((sum, i) => sum + itemAmount(i), 0));
  const busy = writes.busy;

  const tick = (id: number, on: boolean) => drafts.setHeader('itemIds', (on ? [...ticked, id] : ticked.filter((t) => t !== id)).join(','));

  async function create(): Promise<void> {
    const local: FeedbackItem[] = [];
    const bad = (field: string, message: string) => local.push({ integerValue: FEEDBACK_INVALID, stringValue: field, message });
    if (header.description.trim() === '') bad('description', T.descriptionRequired);
    const rows = drafts.rows;
    if (header.mode === 'direct') {
      if (rows.length === 0) bad('items', T.linesRequired);
      local.push(...checkRows(rows, ITEM_TEXT));
    } else if (chosen.length === 0) bad('changeEventItemIds', T.itemsRequired);
    writes.setFeedback(local);
    writes.setProblem(null);
    setGate(null);
    if (local.length) return;
    const sent = header.mode === 'direct' ? rows : [];
    await writes.write(sent, async () => {
      const created = await createChangeOrder(parentKey, parentId, header.description,
        header.mode === 'direct' ? { items: rows.map((r) => ({ costCodeId: r.costCodeId, description: r.description, amount: r.amount })) } : { changeEventItemIds: chosen });
      drafts.forget();
      showToast(T.created(created.number), { variant: 'success' });
      openWorkbench(coKind, { recordKey: coKind, recordId: recordIdOf(KINDS[coKind], created) });
    }, {
      failed: (error) => {
        const refusal = gateRefusalOf(error);
        setGate(refusal);
        return T.createFailed(refusalText(error));
      },
    });
  }

  const tab = (mode: Mode, label: string) => (
    <li className="nav-item" role="presentation">
      <button type="button" role="tab" className={`nav-link py-1${header.mode === mode ? ' active' : ''}`} aria-selected={header.mode === mode} data-mode={mode}
        disabled={busy} onClick={() => drafts.setHeader('mode', mode)}>{label}</button>
    </li>
  );
  const descriptionInvalid = fieldInvalid(writes.feedback, 'description');

  return (
    <section className="border rounded p-3 mb-3" aria-labelledby="new-change-order-title" data-new-change-order>
      <form noValidate onSubmit={(e) => { e.preventDefault(); if (!busy) void create(); }}>
        <h3 id="new-change-order-title" className="h6">{T.title}</h3>
        {drafts.banner}
        {gate ? <GateRefusal refusal={gate} onDismiss={() => setGate(null)} /> : <WriteProblemAlert problem={writes.problem} onReload={() => undefined} />}
        <ValidationSummary feedback={writes.feedback} />
        <div className="mb-2">
          <label className="form-label small mb-1" htmlFor="new-change-order-description">{T.description}</label>
          <input id="new-change-order-description" className={`form-control form-control-sm${descriptionInvalid ? ' is-invalid' : ''}`} maxLength={500} value={header.description}
            data-field="description" aria-invalid={descriptionInvalid || undefined} disabled={busy} onChange={(e) => drafts.setHeader('description', e.currentTarget.value)} />
          <FieldFeedback feedback={writes.feedback} field="description" />
        </div>
        <ul className="nav nav-tabs mb-2" role="tablist">{tab('direct', T.direct)}{tab('events', T.fromEvents)}</ul>

        {header.mode === 'direct' ? (
          <ItemsEditor rows={drafts.rows} caption="Lines of the new change order" editable={!busy} feedback={writes.feedback} costCodes={fitting}
            picker={(slot) => <FittingCostCodePicker costCodes={fitting} slot={slot} />} markOf={(_row, line) => line}
            onChange={drafts.setItem} onRemove={drafts.removeItem} onAdd={drafts.addItem} total={{ label: 'Total', amount: rowsTotal(drafts.rows), kind: 'total' }}
            actions={<Buttons busy={busy} onClose={onClose} />} />
        ) : (
          <>
            <FieldFeedback feedback={writes.feedback} field="changeEventItemIds" />
            {items.state.status === 'loading' ? <LoadingLine label={T.itemsLoading} />
              : items.state.status === 'failed' ? <LoadProblem message={T.itemsFailed(refusalText(items.state.error))} onRetry={items.retry} />
                : available.length === 0 ? <p className="text-body-secondary small" data-no-items>{T.noItems(record.vendorName ?? '')}</p> : (
                  <div className="table-responsive">
                    <table className="table table-sm align-middle" data-change-event-items>
                      <caption className="visually-hidden">Approved change-event items of {record.vendorName ?? 'the vendor'}</caption>
                      <thead>
                        <tr><th scope="col"><span className="visually-hidden">Include</span></th><th scope="col">Item</th><th scope="col">Cost code</th><th scope="col" className="text-end">Amount</th></tr>
                      </thead>
                      <tbody>
                        {available.map((item) => (
                          <tr key={item.changeEventItemId} data-change-event-item={item.changeEventItemId}>
                            <td>
                              <input type="checkbox" className="form-check-input" id={`ce-item-${item.changeEventItemId}`} checked={ticked.includes(item.changeEventItemId)} disabled={busy}
                                onChange={(e) => tick(item.changeEventItemId, e.currentTarget.checked)} />
                            </td>
                            <td><label htmlFor={`ce-item-${item.changeEventItemId}`}>{itemLabel(item)}</label></td>
                            <td className="text-nowrap" title={costTypeName(item.costType ?? '')}>{formatCostCodeWithType(item.costCode ?? '', item.costType ?? '')}</td>
                            <td className="text-end">{formatMoney(itemAmount(item))}</td>
                          </tr>
                        ))}
                      </tbody>
                      <tfoot>
                        <tr className="fw-semibold">
                          <th scope="row" colSpan={3} aria-live="polite" data-ticked-count>{T.ticked(chosen.length)}</th>
                          <td className="text-end" data-ticked-total>{formatMoney(tickedTotal)}</td>
                        </tr>
                      </tfoot>
                    </table>
                  </div>
                )}
            <div className="d-flex flex-wrap gap-2"><span className="ms-auto" /><Buttons busy={busy} onClose={onClose} /></div>
          </>
        )}
      </form>
    </section>
  );
}

function Buttons({ busy, onClose }: { busy: boolean; onClose(): void }) {
  const T = NEW_CHANGE_ORDER_TEXT;
  return (
    <>
      <button type="button" className="btn btn-sm border text-body" disabled={busy} onClick={onClose}>{T.cancel}</button>
      <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-create-change-order>{busy ? T.creating : T.create}</button>
    </>
  );
}

/** An item as the checklist names it: its record name and description, once when they are the same text. */
function itemLabel(item: { changeEventItemId: number; displayText?: string | null; description: string }): string {
  const name = item.displayText ?? `Item ${item.changeEventItemId}`;
  return name === item.description ? name : `${name}: ${item.description}`;
}
