/**
 * Direct costs (§3; issue 11): invoices, expenses and payroll adjustments charged straight to the
 * job. The loads (getdirectcosts with items, §7), the page's record store the list and the workbench
 * share, the totals, and the writes of demo/host/api/pfm/direct-costs/writes.ts. The workflow rules
 * live in src/core/direct-costs/contract.ts (the server enforces the same).
 */
import { getJson, postForm } from '../../core/api';
import { lookupObject } from '../../core/lookups';
import { DIRECT_COST_KEY, DIRECT_COST_PATHS } from '../../core/direct-costs/contract';
import { moveRecordState, recordStore, type RecordItem, type RecordStore } from '../../core/records';
import { cents } from '../../core/format';

/** One item: a budget line, a description and an amount. */
export interface DirectCostItem extends RecordItem {
  directCostItemId: number;
}

/** A direct cost as getdirectcosts answers it (§3 names, and the approval facts of migration 002). */
export interface DirectCost {
  directCostId: number;
  projectId: number;
  budgetId: number;
  jobNumber?: string;
  budgetLock?: boolean;
  directCostTypeId: number;
  vendorId: number | null;
  vendorName?: string | null;
  number: string;
  invoiceNumber: string | null;
  directCostDate: string;
  description: string;
  amount: number;
  applicationRecordStateId: number;
  recordStateName: string;
  closed: boolean;
  submittedAt?: string | null;
  submittedByName?: string | null;
  reviseReason?: string | null;
  revisedAt?: string | null;
  revisedByName?: string | null;
  items?: DirectCostItem[];
  displayText?: string;
}

/** The vendors with a commitment on the project, as options. */
export async function loadVendorOptions(projectId: number): Promise<{ value: string; label: string }[]> {
  const list = await getJson<Array<{ vendorId: number; name: string }>>(DIRECT_COST_PATHS.vendors, { recordKey: 'Project', recordId: projectId });
  return (Array.isArray(list) ? list : []).map((v) => ({ value: String(v.vendorId), label: v.name }));
}

/** The project's primary budget (the pfm-project lookup, cached), or undefined. */
export async function loadProjectBudgetId(projectId: number): Promise<number | undefined> {
  const project = await lookupObject<{ budgetId: number | null }>('pfm-project', projectId);
  return project?.budgetId ?? undefined;
}

/** The page's store of direct costs (the list and the workbench over it read the same). */
export function directCostStore(): RecordStore<DirectCost> {
  return recordStore<DirectCost>(DIRECT_COST_KEY, 'directCostId');
}

async function openAndClosed(query: Record<string, string | number>, signal?: AbortSignal): Promise<DirectCost[]> {
  const [open, closed] = await Promise.all([
    getJson<DirectCost[]>(DIRECT_COST_PATHS.load, query, { signal }),
    getJson<DirectCost[]>(DIRECT_COST_PATHS.load, { ...query, open: false }, { signal }),
  ]);
  return [...(Array.isArray(open) ? open : []), ...(Array.isArray(closed) ? closed : [])];
}

/** Every direct cost in scope (Open and Closed) into the store. */
export async function loadDirectCosts(scope: { recordKey: string; recordId: number }, signal?: AbortSignal): Promise<DirectCost[]> {
  const mark = directCostStore().readMark();
  const rows = await openAndClosed(scope, signal);
  directCostStore().loaded(rows, mark);
  return rows;
}

/** One direct cost with its items (getdirectcosts, recordKey DirectCost); undefined when there is none. */
export async function loadDirectCost(id: number, signal?: AbortSignal): Promise<DirectCost | undefined> {
  const mark = directCostStore().readMark();
  const rows = await openAndClosed({ recordKey: DIRECT_COST_KEY, recordId: id }, signal);
  const record = rows.find((r) => r.directCostId === id);
  if (record) directCostStore().loaded(record, mark);
  return record;
}


/** The sum of the amounts of `records`. */
export function directCostTotal(records: readonly DirectCost[]): number {
  return cents(records.reduce((sum, r) => sum + (Number.isFinite(r.amount) ? r.amount : 0), 0));
}

/** The header values a form edits (as typed). */
export interface DirectCostValues {
  directCostDate: string;
  directCostTypeId: string;
  vendorId: string;
  invoiceNumber: string;
  description: string;
  amount: string;
}

/** One item row as typed. */
export interface DirectCostItemValues {
  costCodeId: number | null;
  description: string;
  amount: string;
}

const itemsBody = (items: readonly DirectCostItemValues[]) =>
  items.map((item) => ({ costCodeId: item.costCodeId ?? '', description: item.description.trim(), amount: item.amount }));

/** POST CreateDirectCost: a new Draft with its items; it goes into the store. */
export async function createDirectCost(projectId: number, budgetId: number, values: DirectCostValues, items: readonly DirectCostItemValues[]): Promise<DirectCost> {
  const created = await postForm<DirectCost>(DIRECT_COST_PATHS.create, {
    ProjectId: projectId, BudgetId: budgetId > 0 ? budgetId : undefined, ...values, items: itemsBody(items),
  });
  directCostStore().upsert(created);
  return created;
}

/** POST SaveDirectCost: the header and the whole item list (none: `itemsCleared`). */
export async function saveDirectCost(record: DirectCost, values: DirectCostValues, items: readonly DirectCostItemValues[]): Promise<DirectCost> {
  const saved = await postForm<DirectCost>(DIRECT_COST_PATHS.save, {
    DirectCostId: record.directCostId, OldRecordStateId: record.applicationRecordStateId, ...values,
    items: itemsBody(items), itemsCleared: items.length === 0 ? 'true' : undefined,
  });
  directCostStore().upsert(saved);
  return saved;
}

/** The state a direct cost moves to. */
export interface DirectCostTarget {
  applicationRecordStateId: number;
  name: string;
  closed: boolean;
}

/**
 * Move a direct cost (POST UpdateDirectCostState, `Reason` for Revise and Resubmit in the same
 * call): shown at once in every list; the record held before comes back when the server refuses.
 */
export function advanceDirectCost(record: DirectCost, target: DirectCostTarget, reason?: string): Promise<DirectCost> {
  return moveRecordState(directCostStore(), record, target, (body) => postForm<DirectCost>(DIRECT_COST_PATHS.updateState, body), reason);
}
