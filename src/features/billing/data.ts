/** The IT billing calls (src/core/billing/contract.ts is the contract with demo/host/api/billing), failures in words, the export sheet. */
import { getJson, loadTimer, postForm, problemText as sharedProblemText, retryMark } from '../../core/api';
import { BILLING_API, type BillingMethod, type BillingMonth, type BillingRun } from '../../core/billing/contract';
import { listSheet, sheetColumns, type ExportSheet } from '../../core/format/spreadsheet';
import { BILLING_UI_TEXT as T } from './text';

const loadTime = loadTimer();
/** Another load timeout (tests); null restores the default. */
export const setBillingLoadTimeout = loadTime.set;

export async function loadBillingMonths(signal?: AbortSignal, attempt = 0): Promise<BillingMonth[]> {
  const rows = await getJson<unknown>(BILLING_API.months, retryMark(attempt), { signal: loadTime.timed(signal) });
  return Array.isArray(rows) ? (rows as BillingMonth[]) : [];
}

export function loadBillingRun(month: string, signal?: AbortSignal, attempt = 0): Promise<BillingRun> {
  return getJson<BillingRun>(BILLING_API.run, { month, ...retryMark(attempt) }, { signal: loadTime.timed(signal) });
}

export function runBillingMonth(month: string, method: BillingMethod): Promise<BillingRun> {
  return postForm<BillingRun>(BILLING_API.runMonth, { month, method });
}

export function postBillingMonth(run: BillingRun): Promise<BillingRun> {
  return postForm<BillingRun>(BILLING_API.updateState, { ItemId: run.runId ?? -1, OldRecordStateId: run.stateId ?? -1, RouteStateId: run.postStateId ?? -1 });
}

export const problemText = (error: unknown): string => sharedProblemText(error, T, { staleServerOnly: true });
export { isStale as isStaleError } from '../../core/api';

/** The run's lines as an export sheet (Excel writes text as text: '=', '+', '-', '@' stay inert). */
export function billingSheet(run: BillingRun): ExportSheet {
  const c = T.columns;
  const columns = sheetColumns({
    target: 'Charged to', name: `${c.project} / ${c.department}`, item: c.item, kind: c.kind, employee: c.employee,
    basis: c.basis, amount: c.amount,
  }, { amount: '$#,##0.00' });
  return listSheet(columns, run.lines, (l) => [
    l.projectId !== null ? c.project : c.department, l.projectId !== null ? `${l.projectNumber} ${l.projectName}` : l.departmentName ?? '',
    l.costItemName, T.kinds[l.costItemKind] ?? l.costItemKind, l.employeeName, l.basis, l.amount,
  ], [`${T.total} ${run.month}`, null, null, null, null, null, run.total]);
}
