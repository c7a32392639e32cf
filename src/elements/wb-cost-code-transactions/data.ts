/** Cost-code transactions behind a figure (GET /api/pfm/getcostcodetransaction), sorted by date. */
import { getJson } from '../../core/api';

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

/**
 * The transactions of `recordKey`/`recordId`, by date (oldest first; posting order within a day).
 * The server sends posting order; one sort here is cheaper than a sort in the grid at 100,000 rows.
 */
export async function loadTransactions(recordKey: string, recordId: number, signal?: AbortSignal): Promise<CostCodeTransaction[]> {
  const rows = (await getJson<CostCodeTransaction[]>('/api/pfm/getcostcodetransaction', { recordKey, recordId }, { signal })) ?? [];
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
