/**
 * A record's item lines as a form edits them (§5): cost code, description and amount, typed as text.
 * Rows carry a key of the page's own (a React key; feedback is addressed to it), the line's id once
 * saved, and a deleted mark for a saved line removed before the save. The browser's line checks and
 * the mapping of the server's feedback (`items[i].field`, i = the i-th line sent) to the rows live
 * here; `src/ui/records` holds the editor and the draft hook over them.
 */
import { parseNumber, sanitizeNumber } from '../format';
import { FEEDBACK_INVALID, type FeedbackItem } from './feedback';

export interface ItemRow {
  key: string;
  /** The saved line's id; null for a line not saved yet. */
  itemId: number | null;
  costType: string;
  costCodeId: number | null;
  description: string;
  amount: string;
  /** A saved line removed in the form: sent as deleted, no longer shown. */
  deleted: boolean;
  /** A priced line (purchase agreements and orders): quantity and unit price as typed; its amount is their product. */
  quantity?: string;
  unitPrice?: string;
}

/** The sentences of the line checks; tests read them. */
export const ITEM_TEXT = {
  costCodeMissing: (line: number) => `Line ${line}: choose a cost code of this budget.`,
  descriptionMissing: (line: number) => `Line ${line}: a description of at most 500 characters is required.`,
  amountNotNumber: (line: number) => `Line ${line}: the amount must be a number.`,
} as const;

/** The checks of a priced line (quantity × unit price) in place of its amount's; tests read them. */
export const PRICED_ITEM_TEXT = {
  quantityNotNumber: (line: number) => `Line ${line}: the quantity must be a number.`,
  unitPriceNotNumber: (line: number) => `Line ${line}: the unit price must be a number.`,
} as const;

const DESCRIPTION_MAX = 500;

/** The feedback field of a row's field: `item:<key>.<field>`. */
export const rowField = (key: string, field: string): string => `item:${key}.${field}`;

/** An empty new line. */
export const blankRow = (key: string): ItemRow => ({ key, itemId: null, costType: '', costCodeId: null, description: '', amount: '', deleted: false });

/** The rows shown (a deleted saved line is not). */
export const shownRows = <R extends ItemRow>(rows: readonly R[]): R[] => rows.filter((row) => !row.deleted);

/** A line's amount: quantity × unit price in cents when `priced` (null until both are numbers), else the amount typed (null when not a number). */
export function rowAmount(row: Pick<ItemRow, 'amount' | 'quantity' | 'unitPrice'>, priced = false): number | null {
  if (!priced) return parseNumber(row.amount);
  const quantity = parseNumber(row.quantity ?? '');
  const unitPrice = parseNumber(row.unitPrice ?? '');
  return quantity === null || unitPrice === null ? null : Math.round(quantity * unitPrice * 100) / 100;
}

/** The sum of the shown rows' amounts (`priced`: quantity × unit price; a line not yet a number counts 0). */
export const rowsTotal = (rows: readonly ItemRow[], priced = false): number => shownRows(rows).reduce((sum, row) => sum + (rowAmount(row, priced) ?? 0), 0);

/** A line as a save sends it: the description trimmed, the amount by the number rule. */
export const rowEdit = (row: ItemRow) => ({
  itemId: row.itemId, costCodeId: row.costCodeId, description: row.description.trim(), amount: sanitizeNumber(row.amount), deleted: row.deleted,
});

/** A saved item line as the server answers it: its budget line (cost code, as shown, cost type), description and amount. */
export interface RecordItem {
  costCodeId: number;
  costCode?: string;
  codeDisplay?: string;
  costType?: string;
  description: string;
  amount: number;
}

/** One item line of a save, as {@link rowEdit} makes it. */
export interface ItemEdit {
  itemId: number | null;
  costCodeId: number | null;
  description: string;
  amount: string;
  deleted?: boolean;
}

/** A save answer: the record and the warnings and infos of §5. */
export interface ItemsSaveAnswer<R> {
  record: R;
  feedback: FeedbackItem[];
}

/** The item lines as a save's form post sends them: no id yet is sent empty, `deleted` only for a deleted line. */
export const postedItems = (items: readonly ItemEdit[]) => items.map((item) => ({
  itemId: item.itemId ?? '', costCodeId: item.costCodeId ?? '', description: item.description, amount: item.amount, deleted: item.deleted ? 'true' : undefined,
}));

/** The rows that differ from the saved ones (new, changed or deleted): what a save sends. */
export function changedRows<R extends ItemRow>(saved: readonly ItemRow[], rows: readonly R[]): R[] {
  const before = new Map(saved.map((row) => [row.key, row]));
  return rows.filter((row) => {
    if (row.itemId === null) return !row.deleted;
    const was = before.get(row.key);
    return row.deleted || !was || was.costCodeId !== row.costCodeId || was.description !== row.description
      || parseNumber(was.amount) !== parseNumber(row.amount);
  });
}

/** Which line checks a form makes (each sentence given is one check). */
export type ItemChecks = Partial<typeof ITEM_TEXT & typeof PRICED_ITEM_TEXT>;

/**
 * The §5 checks the browser makes of the shown `rows` before sending (the server makes them again), each
 * addressed to its row's field and naming its line as shown; `only` limits them to those rows (the changed ones).
 */
export function checkRows(rows: readonly ItemRow[], checks: ItemChecks, only?: readonly ItemRow[]): FeedbackItem[] {
  const feedback: FeedbackItem[] = [];
  shownRows(rows).forEach((row, index) => {
    if (only && !only.includes(row)) return;
    const line = index + 1;
    const bad = (field: string, message: string) => feedback.push({ integerValue: FEEDBACK_INVALID, stringValue: rowField(row.key, field), message });
    if (checks.costCodeMissing && row.costCodeId === null) bad('costCodeId', checks.costCodeMissing(line));
    const description = row.description.trim();
    if (checks.descriptionMissing && (description === '' || description.length > DESCRIPTION_MAX)) bad('description', checks.descriptionMissing(line));
    if (checks.amountNotNumber && parseNumber(row.amount) === null) bad('amount', checks.amountNotNumber(line));
    if (checks.quantityNotNumber && parseNumber(row.quantity ?? '') === null) bad('quantity', checks.quantityNotNumber(line));
    if (checks.unitPriceNotNumber && parseNumber(row.unitPrice ?? '') === null) bad('unitPrice', checks.unitPriceNotNumber(line));
  });
  return feedback;
}

/** Server feedback names lines by their place in the save (`items[0].amount`): point it at the rows sent. */
export function feedbackForRows(items: readonly FeedbackItem[], sent: readonly ItemRow[]): FeedbackItem[] {
  return items.map((item) => {
    const match = /^items\[(\d+)\]\.(\w+)$/i.exec(item.stringValue);
    const row = match ? sent[Number(match[1])] : undefined;
    return row && match ? { ...item, stringValue: rowField(row.key, match[2]!) } : item;
  });
}
