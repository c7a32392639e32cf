/**
 * Budget lines: the cost codes of a budget and the §5 filter of what an item may take (never a
 * hidden or disabled cost type), the budgets of a project, and the
 * cost-code transactions behind a figure (GET /api/pfm/getcostcodetransaction), sorted by date. The
 * paths and what they answer: src/core/budget-lines/contract.ts.
 */
import { getJson, postForm } from '../../core/api';
import {
  ADD_COST_CODE_PATH, BUDGET_LINE_PATHS, type BudgetRow, type CostCodeRow, type CostCodeTransaction,
} from '../../core/budget-lines/contract';
import { selectableCostTypes } from '../../core/format';

// --- cost codes ---------------------------------------------------------------------------------

/** Every line of budget `budgetId` (getcostcodes, recordKey Budget). */
export async function loadCostCodes(budgetId: number, signal?: AbortSignal): Promise<CostCodeRow[]> {
  const rows = await getJson<CostCodeRow[]>(BUDGET_LINE_PATHS.costCodes, { recordKey: 'Budget', recordId: budgetId }, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** True when cost type `code` may be chosen (§3: A and F are never offered). */
export function isSelectableCostType(code: string | null | undefined): boolean {
  const wanted = (code ?? '').trim().toUpperCase();
  return selectableCostTypes().some((type) => type.code === wanted);
}

/**
 * §5: the cost codes an item may take: lines of budget `budgetId` of cost type `costType`, never of
 * a hidden or disabled type (A, F), in code order.
 */
export function costCodesFor(costCodes: readonly CostCodeRow[], budgetId: number, costType: string): CostCodeRow[] {
  const type = costType.trim().toUpperCase();
  if (!isSelectableCostType(type)) return [];
  return costCodes
    .filter((line) => line.budgetId === budgetId && line.type.toUpperCase() === type)
    .sort((a, b) => a.code.localeCompare(b.code) || a.costCodeId - b.costCodeId);
}

/** A new budget line as the Add Cost Code form sends it. */
export interface NewCostCode {
  budgetId: number;
  /** The 8 digits (null when the form let through what is not a code: the server says why). */
  code: string | null;
  description: string;
  costType: string;
  originalBudget: number;
}

/** POST AddCostCode: a form post of the new line. */
export function addCostCode(line: NewCostCode): Promise<unknown> {
  return postForm(ADD_COST_CODE_PATH, {
    BudgetId: line.budgetId, Code: line.code, Description: line.description, CostType: line.costType, OriginalBudget: line.originalBudget,
  });
}

// --- budgets ------------------------------------------------------------------------------------

/** The budgets of project `projectId` (open and closed: two calls, `open` picks one or the other), by budget id. */
export async function loadProjectBudgets(projectId: number, signal?: AbortSignal): Promise<BudgetRow[]> {
  const query = { recordKey: 'Project', recordId: projectId };
  const [open, closed] = await Promise.all([
    getJson<BudgetRow[]>(BUDGET_LINE_PATHS.budgets, query, { signal }),
    getJson<BudgetRow[]>(BUDGET_LINE_PATHS.budgets, { ...query, open: false }, { signal }),
  ]);
  const rows = [...(Array.isArray(open) ? open : []), ...(Array.isArray(closed) ? closed : [])];
  const unique = new Map(rows.map((row) => [row.budgetId, row]));
  return [...unique.values()].sort((a, b) => a.budgetId - b.budgetId);
}

// --- transactions -------------------------------------------------------------------------------

/**
 * The transactions of `recordKey`/`recordId`, by date (oldest first; posting order within a day).
 * The server sends posting order; one sort here is cheaper than a sort in the grid at 100,000 rows.
 */
export async function loadTransactions(recordKey: string, recordId: number, signal?: AbortSignal): Promise<CostCodeTransaction[]> {
  const rows = (await getJson<CostCodeTransaction[]>(BUDGET_LINE_PATHS.transactions, { recordKey, recordId }, { signal })) ?? [];
  return sortByDate(rows);
}

/** Rows sorted by `transactionDate` ('YYYY-MM-DD' compares as text), stable. */
export function sortByDate<T extends { transactionDate: string }>(rows: T[]): T[] {
  return rows.slice().sort((a, b) => (a.transactionDate < b.transactionDate ? -1 : a.transactionDate > b.transactionDate ? 1 : 0));
}

/** The sum of `amount` over rows, in cents to avoid drift over 100,000 additions. */
export function totalAmount(rows: ReadonlyArray<{ amount: number | null }>): number {
  let cents = 0;
  for (const row of rows) cents += Math.round((row.amount ?? 0) * 100);
  return cents / 100;
}

/** The source document's text: type and number. */
export function sourceText(row: Pick<CostCodeTransaction, 'sourceType' | 'documentNumber'>): string {
  return [row.sourceType, row.documentNumber].filter(Boolean).join(' ');
}
