/** Add Cost Code form rules (§5 form feedback: invalid items block, warnings and infos show per field). */
import { formatCostCode, parseNumber, sanitizeNumber, selectableCostTypes } from '../../core/format';

/** A feedback item as the API sends it: 1 invalid, 2 warning, 3 info. */
export interface Feedback { integerValue: 1 | 2 | 3; stringValue: string; message: string }

export interface AddCostCodeValues { code: string; description: string; costType: string; originalBudget: string }

/** The 8 digits of a typed cost code ('03-3000-00', '03300000' → '03300000'); null when not 8 digits. */
export function costCodeDigits(text: string): string | null {
  const digits = text.replace(/[-\s]/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** Check the values against the existing lines of the budget (`existing`: 'digits|type' pairs). */
export function validateCostCode(values: AddCostCodeValues, existing: ReadonlySet<string>): Feedback[] {
  const items: Feedback[] = [];
  const digits = costCodeDigits(values.code);
  if (!values.code.trim()) items.push({ integerValue: 1, stringValue: 'code', message: 'Enter a cost code.' });
  else if (!digits) items.push({ integerValue: 1, stringValue: 'code', message: 'A cost code has 8 digits, shown as 00-0000-00.' });
  if (!values.description.trim()) items.push({ integerValue: 1, stringValue: 'description', message: 'Enter a description.' });
  else if (values.description.trim().length > 100) items.push({ integerValue: 1, stringValue: 'description', message: 'Keep the description within 100 characters.' });
  if (!selectableCostTypes().some((t) => t.code === values.costType)) items.push({ integerValue: 1, stringValue: 'costType', message: 'Choose a cost type.' });
  if (digits && values.costType && existing.has(`${digits}|${values.costType}`)) {
    items.push({ integerValue: 1, stringValue: 'code', message: `Cost code ${formatCostCode(digits)} with this cost type is already on the budget.` });
  }
  const amountText = sanitizeNumber(values.originalBudget);
  const amount = parseNumber(amountText);
  if (values.originalBudget.trim() !== '' && amount === null) items.push({ integerValue: 1, stringValue: 'originalBudget', message: 'Enter the amount as a number.' });
  else if (amount === null || amount === 0) items.push({ integerValue: 3, stringValue: 'originalBudget', message: 'No original budget: the line starts at $0.00.' });
  else if (amount < 0) items.push({ integerValue: 2, stringValue: 'originalBudget', message: 'A negative original budget is unusual; check the sign.' });
  return items;
}
