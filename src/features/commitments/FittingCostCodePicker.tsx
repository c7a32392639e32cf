/**
 * The cost-code picker of a new commitment's or change order's line (the shared items editor's `picker`
 * slot): one select of the budget lines whose cost types the kind buys (§5), grouped by cost type.
 */
import { costTypeName, formatCostCode } from '../../core/format';
import type { CostCodeSlot } from '../../ui/records';
import type { CostCodeRow } from '../budget-lines';

export function FittingCostCodePicker({ costCodes, slot }: { costCodes: readonly CostCodeRow[]; slot: CostCodeSlot }) {
  const types = [...new Set(costCodes.map((c) => c.type))];
  return (
    <select className={`form-select form-select-sm${slot.invalid ? ' is-invalid' : ''}`} aria-label={`${slot.label} cost code`} aria-invalid={slot.invalid || undefined}
      value={slot.costCodeId === null ? '' : String(slot.costCodeId)} data-field="costCodeId"
      onChange={(e) => {
        const code = costCodes.find((c) => String(c.costCodeId) === e.currentTarget.value);
        slot.onChange({ costType: code?.type ?? '', costCodeId: code?.costCodeId ?? null });
      }}>
      <option value="">{costCodes.length ? 'Cost code…' : 'No budget line of a fitting cost type'}</option>
      {types.map((type) => (
        <optgroup key={type} label={`${type} ${costTypeName(type)}`}>
          {costCodes.filter((c) => c.type === type).map((c) => <option key={c.costCodeId} value={c.costCodeId}>{`${formatCostCode(c.codeDisplay ?? c.code)} ${c.type} ${c.description}`}</option>)}
        </optgroup>
      ))}
    </select>
  );
}
