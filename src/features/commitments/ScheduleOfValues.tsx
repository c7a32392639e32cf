/**
 * A new commitment's items as its schedule of values: per line a cost code of the budget (only the
 * lines of the cost types the kind buys, §5), a description, and the amount — for purchase agreements
 * and orders the quantity and unit price, with the amount computed. The totals sit under their
 * columns. The server's feedback for a line (`items[i].field`) shows under its field. Native inputs
 * throughout: Tab moves through the lines, Enter in a field creates (the form's submit).
 */
import type { ReactNode } from 'react';
import { costTypeName, formatCostCode, formatMoney, sanitizeNumber } from '../../core/format';
import { rowField, type FormFeedback, type ItemRow } from '../../core/records';
import { FieldFeedback, fieldInvalid, type CostCodeSlot } from '../../ui/records';
import type { CostCodeRow } from '../budget-lines';
import { lineAmount } from './create';

/** A line of the schedule as typed (quantity and unit price for priced kinds). */
export type SovRow = ItemRow & { quantity?: string; unitPrice?: string };

export interface ScheduleOfValuesProps {
  rows: readonly SovRow[];
  /** The budget's lines of the fitting cost types, in code order. */
  costCodes: readonly CostCodeRow[];
  /** Quantity × unit price (purchase agreements and orders). */
  priced: boolean;
  feedback: FormFeedback;
  disabled?: boolean;
  onChange(key: string, change: Partial<SovRow>): void;
  onRemove(row: SovRow): void;
  onAdd(): void;
  /** Right of Add line: the form's own buttons. */
  actions?: ReactNode;
}

/** The sum of the lines' amounts (a line not yet a number counts 0). */
export function sovTotal(rows: readonly SovRow[], priced: boolean): number {
  return Math.round(rows.reduce((sum, row) => sum + (lineAmount(priced, row) ?? 0), 0) * 100) / 100;
}

/** The cost-code picker of a line for the shared items editor: the fitting budget lines only (its `picker` slot). */
export function FittingCostCodePicker({ costCodes, slot }: { costCodes: readonly CostCodeRow[]; slot: CostCodeSlot }) {
  return <CodeSelect label={slot.label} costCodes={costCodes} value={slot.costCodeId} invalid={slot.invalid} disabled={false}
    onChange={(code) => slot.onChange({ costType: code?.type ?? '', costCodeId: code?.costCodeId ?? null })} />;
}

/** One select of the fitting budget lines, grouped by cost type. */
function CodeSelect({ label, costCodes, value, invalid, disabled, onChange }: {
  label: string; costCodes: readonly CostCodeRow[]; value: number | null; invalid: boolean; disabled: boolean; onChange(code: CostCodeRow | null): void;
}) {
  const types = [...new Set(costCodes.map((c) => c.type))];
  return (
    <select className={`form-select form-select-sm${invalid ? ' is-invalid' : ''}`} aria-label={`${label} cost code`} aria-invalid={invalid || undefined}
      value={value === null ? '' : String(value)} disabled={disabled} data-field="costCodeId"
      onChange={(e) => onChange(costCodes.find((c) => String(c.costCodeId) === e.currentTarget.value) ?? null)}>
      <option value="">{costCodes.length ? 'Cost code…' : 'No budget line of a fitting cost type'}</option>
      {types.map((type) => (
        <optgroup key={type} label={`${type} ${costTypeName(type)}`}>
          {costCodes.filter((c) => c.type === type).map((c) => <option key={c.costCodeId} value={c.costCodeId}>{`${formatCostCode(c.codeDisplay ?? c.code)} ${c.type} ${c.description}`}</option>)}
        </optgroup>
      ))}
    </select>
  );
}

export function ScheduleOfValues({ rows, costCodes, priced, feedback, disabled = false, onChange, onRemove, onAdd, actions }: ScheduleOfValuesProps) {
  const total = sovTotal(rows, priced);
  const numberInput = (row: SovRow, line: number, name: 'amount' | 'quantity' | 'unitPrice', label: string) => (
    <>
      <input className={`form-control form-control-sm text-end${fieldInvalid(feedback, rowField(row.key, name)) ? ' is-invalid' : ''}`} inputMode="decimal"
        aria-label={`Line ${line} ${label}`} value={row[name] ?? ''} disabled={disabled} data-field={name}
        onChange={(e) => onChange(row.key, { [name]: sanitizeNumber(e.currentTarget.value) })} />
      <FieldFeedback feedback={feedback} field={rowField(row.key, name)} />
    </>
  );
  return (
    <>
      <h3 className="h6">Schedule of values</h3>
      <FieldFeedback feedback={feedback} field="items" />
      <div className="table-responsive">
        <table className="table table-sm align-middle" data-items>
          <caption className="visually-hidden">Schedule of values of the new commitment</caption>
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
              const amount = lineAmount(priced, row);
              return (
                <tr key={row.key} data-item={line}>
                  <td style={{ minWidth: '288px' }}>
                    <CodeSelect label={`Line ${line}`} costCodes={costCodes} value={row.costCodeId} invalid={fieldInvalid(feedback, rowField(row.key, 'costCodeId'))} disabled={disabled}
                      onChange={(code) => onChange(row.key, { costCodeId: code?.costCodeId ?? null, costType: code?.type ?? '' })} />
                    <FieldFeedback feedback={feedback} field={rowField(row.key, 'costCodeId')} />
                  </td>
                  <td>
                    <input className={`form-control form-control-sm${fieldInvalid(feedback, rowField(row.key, 'description')) ? ' is-invalid' : ''}`} aria-label={`Line ${line} description`}
                      value={row.description} maxLength={500} disabled={disabled} data-field="description" onChange={(e) => onChange(row.key, { description: e.currentTarget.value })} />
                    <FieldFeedback feedback={feedback} field={rowField(row.key, 'description')} />
                  </td>
                  {priced ? (
                    <>
                      <td style={{ width: '120px' }}>{numberInput(row, line, 'quantity', 'quantity')}</td>
                      <td style={{ width: '144px' }}>{numberInput(row, line, 'unitPrice', 'unit price')}</td>
                      <td className="text-end text-nowrap" style={{ width: '144px' }} data-line-amount>
                        {amount === null ? '—' : formatMoney(amount)}
                        <FieldFeedback feedback={feedback} field={rowField(row.key, 'amount')} />
                      </td>
                    </>
                  ) : <td style={{ width: '176px' }}>{numberInput(row, line, 'amount', 'amount')}</td>}
                  <td className="text-end">
                    <button type="button" className="btn btn-sm border text-danger-emphasis" aria-label={`Remove line ${line}`} disabled={disabled} onClick={() => onRemove(row)}>Remove</button>
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 ? <tr><td colSpan={priced ? 6 : 4} className="text-body-secondary">No lines yet: add the first line of the schedule.</td></tr> : null}
          </tbody>
          <tfoot>
            <tr className="fw-semibold">
              <th scope="row" colSpan={2}>Total ({rows.length} line{rows.length === 1 ? '' : 's'})</th>
              {/* Quantities of different units do not add up: no total under them. */}
              {priced ? <><td /><td /></> : null}
              <td className="text-end" data-items-total>{formatMoney(total)}</td><td />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <button type="button" className="btn btn-sm border text-body" onClick={onAdd} disabled={disabled} data-add-item>Add line</button>
        <span className="ms-auto" />
        {actions}
      </div>
    </>
  );
}
