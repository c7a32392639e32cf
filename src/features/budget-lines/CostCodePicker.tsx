/**
 * The §5 cost-code picker of an item: a cost type (only the selectable ones: never A or F), then a
 * cost code among the budget's lines of that type.
 */
import { costTypeName, formatCostCode, selectableCostTypes } from '../../core/format';
import type { CostCodeRow } from '../../core/budget-lines/contract';
import { costCodesFor } from './data';

export interface CostCodePickerProps {
  costCodes: readonly CostCodeRow[];
  budgetId: number;
  costType: string;
  costCodeId: number | null;
  disabled?: boolean;
  /** Accessible names: '<label> cost type' and '<label> cost code'. */
  label: string;
  invalid?: boolean;
  onChange(next: { costType: string; costCodeId: number | null }): void;
}

/** Two selects side by side. Changing the type clears a code of another type. */
export function CostCodePicker({ costCodes, budgetId, costType, costCodeId, disabled = false, label, invalid = false, onChange }: CostCodePickerProps) {
  const offered = costCodesFor(costCodes, budgetId, costType);
  // A code the record holds but the picker would not offer (another budget, a hidden type) still shows, marked.
  const current = costCodeId === null ? undefined : costCodes.find((c) => c.costCodeId === costCodeId);
  const extra = current && !offered.some((c) => c.costCodeId === current.costCodeId) ? current : undefined;
  return (
    <div className="d-flex gap-1">
      <select className="form-select form-select-sm" style={{ maxWidth: '144px' }} aria-label={`${label} cost type`} value={costType} disabled={disabled}
        data-field="costType" onChange={(event) => {
          const type = event.currentTarget.value;
          const keep = current && current.type === type ? current.costCodeId : null;
          onChange({ costType: type, costCodeId: keep });
        }}>
        <option value="">Type…</option>
        {selectableCostTypes().map((type) => <option key={type.code} value={type.code}>{type.code} {type.name}</option>)}
        {costType && !selectableCostTypes().some((t) => t.code === costType) ? <option value={costType} disabled>{costType} {costTypeName(costType)}</option> : null}
      </select>
      <select className={`form-select form-select-sm${invalid ? ' is-invalid' : ''}`} aria-label={`${label} cost code`} aria-invalid={invalid || undefined}
        value={costCodeId === null ? '' : String(costCodeId)} disabled={disabled || !costType} data-field="costCodeId"
        onChange={(event) => onChange({ costType, costCodeId: event.currentTarget.value ? Number(event.currentTarget.value) : null })}>
        <option value="">{costType ? 'Cost code…' : 'Choose a type first'}</option>
        {offered.map((line) => (
          <option key={line.costCodeId} value={line.costCodeId}>{formatCostCode(line.code)} {line.description}</option>
        ))}
        {extra ? <option value={extra.costCodeId} disabled>{formatCostCode(extra.code)} {extra.description} (not offered)</option> : null}
      </select>
    </div>
  );
}
