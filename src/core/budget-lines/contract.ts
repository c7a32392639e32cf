/**
 * The budget lines area's contract: the §7 loads of a budget's lines, a project's budgets and the
 * cost-code transactions behind a figure, the save of a new line, and the shapes they answer. Types
 * and constants only; the cost-code picker, its §5 filter and the workbenches live in
 * src/features/budget-lines.
 */

/** The §7 loads of budget lines and budgets. */
export const BUDGET_LINE_PATHS = {
  costCodes: '/api/pfm/getcostcodes',
  budgets: '/api/pfm/getbudgets',
  transactions: '/api/pfm/getcostcodetransaction',
} as const;

/** A budget line as getcostcodes answers it. */
export interface CostCodeRow {
  costCodeId: number;
  budgetId: number;
  code: string;
  codeDisplay?: string;
  type: string;
  description: string;
}

/** The save call of a new budget line (demo/host/api/pfm/projections/writes.ts). */
export const ADD_COST_CODE_PATH = '/api/pfm/AddCostCode';

/** A budget of a project as getbudgets answers it (the fields the new change order form needs). */
export interface BudgetRow {
  budgetId: number;
  projectId: number;
  jobNumber?: string;
  displayText?: string;
}

/** A transaction row as the API answers it. */
export interface CostCodeTransaction {
  costCodeTransactionId: number;
  costCodeId: number;
  budgetId: number;
  projectId: number;
  costCode: string;
  codeDisplay: string;
  costType: string;
  transactionDate: string;
  sourceType: string | null;
  sourceRecordKey: string | null;
  sourceRecordId: number | null;
  documentNumber: string | null;
  vendorId: number | null;
  vendorName: string | null;
  description: string | null;
  units: number | null;
  hours: number | null;
  amount: number;
}

/** Record keys the transactions can be loaded for. */
export const TRANSACTION_RECORD_KEYS = ['CostCode', 'Budget', 'Project', 'Vendor'] as const;
