/**
 * Cost adjustments (§3, issue 11): budget modifications of a project's budget. The §7 loads
 * (getcostadjustments, getcostadjustmentitems, getcostadjustmentreferencedocuments), the page's
 * record store the screen and the workbench share, the list rules (unreconciled through the core's
 * 1e-6 rule, totals) and the writes of demo/host/api/pfm/cost-adjustments/writes.ts.
 */
import { getJson, postFile, postForm } from '../../core/api';
import { COST_ADJUSTMENT_PATHS } from '../../core/cost-adjustments/contract';
import { cents, isUnreconciledCostAdjustment, normalizeCostAdjustmentAmount } from '../../core/format';
import { moveRecordState, postedItems, recordStore, type ItemEdit, type ItemsSaveAnswer, type RecordItem, type RecordStore } from '../../core/records';
import { downloadFile } from '../../core/records/files';
import { loadOpenAndClosed } from '../commitments';

/** One item: a signed amount on a budget line. */
export interface CostAdjustmentItem extends RecordItem {
  costAdjustmentItemId: number;
  costAdjustmentId: number;
}

/** A cost adjustment as getcostadjustments answers it. */
export interface CostAdjustment {
  costAdjustmentId: number;
  projectId: number;
  budgetId: number;
  costAdjustmentReasonId: number;
  number: string;
  description: string;
  adjustmentDate: string;
  amount: number;
  /** True when it moves budget between lines (its items must net to zero). */
  transfer: boolean;
  applicationRecordStateId: number;
  recordStateName: string;
  closed: boolean;
  itemCount: number;
  linkedItemId: number | null;
  unreconciled: boolean;
  referenceDocument: string | null;
  referenceDocumentCount: number;
  displayText?: string;
  modifiedAt?: string;
  /** Present on the answers of the writes. */
  items?: CostAdjustmentItem[];
}

/** A reference document (an AP invoice, a journal entry…), optionally carrying a file. */
export interface ReferenceDocument {
  costAdjustmentReferenceDocumentId: number;
  costAdjustmentId: number;
  documentType: string;
  documentNumber: string;
  documentDate: string;
  amount: number;
  fileId: number | null;
  fileName: string | null;
  fileSize: number | null;
}

/** Shown instead of the lists when the server refuses the caller (403). */
export const NO_ACCESS_MESSAGE = 'You do not have access to this project’s cost adjustments. They are for PFM Admin, Project Manager and RPM roles.';

/** The page's store of cost adjustments (the screen and the workbench over it share it). */
export function costAdjustmentStore(): RecordStore<CostAdjustment> {
  return recordStore<CostAdjustment>('CostAdjustment', 'costAdjustmentId');
}

/** True when the adjustment is unreconciled (§5): the core rule on the row's amount and first item. */
export function isUnreconciled(record: Pick<CostAdjustment, 'amount' | 'linkedItemId' | 'items'>): boolean {
  const linked = record.items ? (record.items[0]?.costAdjustmentItemId ?? null) : record.linkedItemId;
  return isUnreconciledCostAdjustment({ amount: record.amount, linkedItemId: linked });
}

/** The shown amount (§5: below 1e-6 is 0). */
export const shownAmount = (record: Pick<CostAdjustment, 'amount'>): number => normalizeCostAdjustmentAmount(Number(record.amount) || 0);

/** Totals of a list: the amount, and how much of it is unreconciled. */
export interface CostAdjustmentTotals {
  count: number;
  amount: number;
  unreconciledCount: number;
  unreconciledAmount: number;
}


/** The totals of `records`. */
export function costAdjustmentTotals(records: readonly CostAdjustment[]): CostAdjustmentTotals {
  const totals: CostAdjustmentTotals = { count: records.length, amount: 0, unreconciledCount: 0, unreconciledAmount: 0 };
  for (const record of records) {
    const amount = shownAmount(record);
    totals.amount += amount;
    if (isUnreconciled(record)) {
      totals.unreconciledCount += 1;
      totals.unreconciledAmount += amount;
    }
  }
  return { ...totals, amount: cents(totals.amount), unreconciledAmount: cents(totals.unreconciledAmount) };
}

/** Load every adjustment in scope (Project or Budget) into the store; answers them. */
export async function loadCostAdjustments(scope: { recordKey: string; recordId: number }, signal?: AbortSignal): Promise<CostAdjustment[]> {
  const mark = costAdjustmentStore().readMark();
  const rows = await loadOpenAndClosed<CostAdjustment>(COST_ADJUSTMENT_PATHS.load, scope, signal);
  costAdjustmentStore().loaded(rows, mark);
  return rows;
}

/** One adjustment with its items (open or closed), into the store. 404 (ApiError) when unknown. */
export async function loadCostAdjustment(id: number, signal?: AbortSignal): Promise<CostAdjustment> {
  const scope = { recordKey: 'CostAdjustment', recordId: id };
  const mark = costAdjustmentStore().readMark();
  const [rows, items] = await Promise.all([
    loadOpenAndClosed<CostAdjustment>(COST_ADJUSTMENT_PATHS.load, scope, signal),
    getJson<CostAdjustmentItem[]>(COST_ADJUSTMENT_PATHS.items, scope, { signal }),
  ]);
  const row = rows.find((r) => r.costAdjustmentId === id);
  if (!row) throw new Error(`Cost adjustment ${id} was not found.`);
  const record = { ...row, items: Array.isArray(items) ? items : [] };
  costAdjustmentStore().loaded(record, mark);
  return record;
}

/** The reference documents of adjustment `id`. */
export async function loadReferenceDocuments(id: number, signal?: AbortSignal): Promise<ReferenceDocument[]> {
  const rows = await getJson<ReferenceDocument[]>(COST_ADJUSTMENT_PATHS.documents, { recordKey: 'CostAdjustment', recordId: id }, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** What a new adjustment is made of. */
export interface NewCostAdjustment {
  projectId: number;
  budgetId: string;
  costAdjustmentReasonId: string;
  description: string;
  amount: string;
  adjustmentDate: string;
  transfer: boolean;
}

/** POST CreateCostAdjustment: a new Open adjustment, into the store. */
export async function createCostAdjustment(values: NewCostAdjustment): Promise<CostAdjustment> {
  const created = await postForm<CostAdjustment>(COST_ADJUSTMENT_PATHS.create, {
    ProjectId: values.projectId, BudgetId: values.budgetId, CostAdjustmentReasonId: values.costAdjustmentReasonId, Description: values.description.trim(),
    Amount: values.amount, AdjustmentDate: values.adjustmentDate || undefined, Transfer: values.transfer ? 'true' : 'false',
  });
  costAdjustmentStore().upsert(created);
  return created;
}

/** A save answer: the record and the warnings and infos of §5. */
export type SaveAnswer = ItemsSaveAnswer<CostAdjustment>;

/** POST SaveCostAdjustment: changed header values and items; the answer's record goes into the store. */
export async function saveCostAdjustment(record: CostAdjustment, header: Record<string, string>, items: readonly ItemEdit[]): Promise<SaveAnswer> {
  const answer = await postForm<SaveAnswer>(COST_ADJUSTMENT_PATHS.save, {
    CostAdjustmentId: record.costAdjustmentId, OldRecordStateId: record.applicationRecordStateId, ...header,
    items: postedItems(items),
  });
  costAdjustmentStore().upsert(answer.record);
  return answer;
}

/**
 * Move an adjustment to `target` (POST UpdateCostAdjustmentState): shown at once in every list, and
 * put back in every list when the server refuses (a refused post answers 400 autoAlert) or the call fails (§4).
 */
export function advanceCostAdjustment(record: CostAdjustment, target: { applicationRecordStateId: number; name: string; closed: boolean }): Promise<CostAdjustment> {
  return moveRecordState(costAdjustmentStore(), record, target, (body) => postForm<CostAdjustment>(COST_ADJUSTMENT_PATHS.updateState, body));
}

/** What a reference document is made of. */
export interface NewReferenceDocument {
  documentType: string;
  documentNumber: string;
  documentDate: string;
  amount: string;
  file: File | null;
}

/** Upload a reference document and its file (the file-form call). */
export function uploadReferenceDocument(costAdjustmentId: number, values: NewReferenceDocument): Promise<ReferenceDocument> {
  const form = new FormData();
  form.append('CostAdjustmentId', String(costAdjustmentId));
  form.append('DocumentType', values.documentType);
  form.append('DocumentNumber', values.documentNumber);
  if (values.documentDate) form.append('DocumentDate', values.documentDate);
  if (values.amount) form.append('Amount', values.amount);
  if (values.file) form.append('file', values.file, values.file.name);
  return postFile<ReferenceDocument>(COST_ADJUSTMENT_PATHS.upload, form);
}

/** Download a document's file through the blob call, saved under the server's filename; answers that name. */
export function downloadReferenceDocument(document: ReferenceDocument): Promise<string> {
  return downloadFile(Number(document.fileId), document.fileName ?? `${document.documentNumber}`);
}
