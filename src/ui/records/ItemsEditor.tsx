/**
 * The items of a record (§5) as an editable table: per line the cost code (the area's picker, passed in
 * as `picker`: a cost type, then a line of the budget), the description and the amount (the number
 * rule as typed) — or, `priced`, the quantity and unit price with the amount their product — and Remove; a total under the amounts, Add item below, and the form's own buttons
 * beside it (`actions`). The server's feedback for a line (`items[i].field`, pointed at its row) shows
 * under its field. Every control is a native input, select or button: Tab moves through the lines,
 * Enter or Space on Add item adds one.
 */
import type { ReactNode } from 'react';
import { WORKBENCH_TOOLTIPS } from '../../core/workbench';
import { formatCostCode, formatMoney, sanitizeNumber } from '../../core/format';
import { rowAmount, rowField, type FormFeedback, type ItemRow } from '../../core/records';
import { LabelledControl } from '../workbench/WorkbenchFrame';
import { FieldFeedback, fieldInvalid } from './ValidationFeedback';

/** A line of the budget, as the read-only cell names it. */
export interface CostCodeLine {
  costCodeId: number;
  code: string;
  codeDisplay?: string;
  description: string;
}

/** What the cost-code picker of a line is given. */
export interface CostCodeSlot {
  /** 'Line 2': the picker's selects are 'Line 2 cost type' and 'Line 2 cost code'. */
  label: string;
  costType: string;
  costCodeId: number | null;
  invalid: boolean;
  onChange(next: { costType: string; costCodeId: number | null }): void;
}

export interface ItemsEditorProps {
  /** The lines shown. */
  rows: readonly ItemRow[];
  /** Quantity × unit price per line (purchase agreements and orders): the amount is computed, not typed. */
  priced?: boolean;
  /** The heading above the table (default 'Items'). */
  heading?: ReactNode;
  /** The table's caption (read by screen readers). */
  caption: string;
  editable: boolean;
  feedback: FormFeedback;
  /** The budget's lines: a read-only line names its cost code from them. */
  costCodes: readonly CostCodeLine[];
  /** The record's saved lines: the code of a line the budget's lines do not hold. */
  savedCodes?: ReadonlyArray<{ costCodeId: number | null; costCode?: string | number | null }>;
  /** The area's cost-code picker for an editable line. */
  picker(slot: CostCodeSlot): ReactNode;
  onChange(key: string, change: Partial<ItemRow>): void;
  onRemove(row: ItemRow): void;
  onAdd(): void;
  /** The footer: its label, the amount under the amounts, and whether it is the items' total or their net. */
  total: { label: ReactNode; amount: number; kind: 'total' | 'net' };
  /** A line's `data-item` mark (default: its id, 'new' before it is saved). */
  markOf?(row: ItemRow, line: number): string | number;
  descriptionMaxLength?: number;
  /** Shown between the table and the buttons. */
  note?: ReactNode;
  /** The form's buttons, right of Add item. */
  actions?: ReactNode;
}

export function ItemsEditor(props: ItemsEditorProps) {
  const { rows, editable, feedback, onChange, priced = false } = props;
  const codeText = (row: ItemRow) => {
    const code = props.costCodes.find((c) => c.costCodeId === row.costCodeId);
    if (code) return `${formatCostCode(code.codeDisplay ?? code.code)} ${code.description}`;
    return formatCostCode(String(props.savedCodes?.find((saved) => saved.costCodeId === row.costCodeId)?.costCode ?? ''));
  };
  return (
    <>
      <h3 className="h6">{props.heading ?? 'Items'}</h3>
      <FieldFeedback feedback={feedback} field="items" />
      <div className="table-responsive">
        <table className="table table-sm align-middle" data-items>
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">Cost code</th><th scope="col">Description</th>
              {priced ? <><th scope="col" className="text-end">Quantity</th><th scope="col" className="text-end">Unit price</th></> : null}
              <th scope="col" className="text-end">Amount</th><th scope="col"><span className="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const line = index + 1;
              const field = (name: string) => rowField(row.key, name);
              const inputClass = (name: string, extra = '') => `form-control form-control-sm${extra}${fieldInvalid(feedback, field(name)) ? ' is-invalid' : ''}`;
              const numberInput = (name: 'amount' | 'quantity' | 'unitPrice', label: string) => (
                <>
                  <input className={inputClass(name, ' text-end')} inputMode="decimal" aria-label={`Line ${line} ${label}`} value={row[name] ?? ''} readOnly={!editable} disabled={!editable}
                    data-field={name} onChange={(event) => onChange(row.key, { [name]: sanitizeNumber(event.currentTarget.value) })} />
                  <FieldFeedback feedback={feedback} field={field(name)} />
                </>
              );
              const amount = priced ? rowAmount(row, true) : null;
              return (
                <tr key={row.key} data-item={props.markOf ? props.markOf(row, line) : row.itemId ?? 'new'}>
                  <td style={{ minWidth: '352px' }}>
                    {editable ? props.picker({
                      label: `Line ${line}`, costType: row.costType, costCodeId: row.costCodeId, invalid: fieldInvalid(feedback, field('costCodeId')),
                      onChange: (next) => onChange(row.key, { costType: next.costType, costCodeId: next.costCodeId }),
                    }) : <span data-cost-code>{codeText(row)}</span>}
                    <FieldFeedback feedback={feedback} field={field('costCodeId')} />
                  </td>
                  <td>
                    <input className={inputClass('description')} aria-label={`Line ${line} description`} value={row.description} readOnly={!editable} disabled={!editable}
                      data-field="description" maxLength={props.descriptionMaxLength} onChange={(event) => onChange(row.key, { description: event.currentTarget.value })} />
                    <FieldFeedback feedback={feedback} field={field('description')} />
                  </td>
                  {priced ? (
                    <>
                      <td style={{ width: '120px' }}>{numberInput('quantity', 'quantity')}</td>
                      <td style={{ width: '144px' }}>{numberInput('unitPrice', 'unit price')}</td>
                      <td className="text-end text-nowrap" style={{ width: '144px' }} data-line-amount>
                        {amount === null ? '—' : formatMoney(amount)}
                        <FieldFeedback feedback={feedback} field={field('amount')} />
                      </td>
                    </>
                  ) : <td style={{ width: '176px' }}>{numberInput('amount', 'amount')}</td>}
                  <td className="text-end">
                    {editable ? <button type="button" className="btn btn-sm border text-danger-emphasis" aria-label={`Remove line ${line}`} onClick={() => props.onRemove(row)}>Remove</button> : null}
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 ? <tr><td colSpan={priced ? 6 : 4} className="text-body-secondary">No items.</td></tr> : null}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>{props.total.label}</th>
              {/* Quantities of different units do not add up: no total under them. */}
              {priced ? <><td /><td /></> : null}
              <td className="text-end fw-semibold" {...{ [`data-items-${props.total.kind}`]: true }}>{formatMoney(props.total.amount)}</td><td />
            </tr>
          </tfoot>
        </table>
      </div>
      {props.note}
      <div className="d-flex flex-wrap gap-2 mb-3">
        {editable ? <LabelledControl tooltip={WORKBENCH_TOOLTIPS.add} icon="add" onClick={props.onAdd} data-add-item>Add item</LabelledControl> : null}
        <span className="ms-auto" />
        {props.actions}
      </div>
    </>
  );
}
