/**
 * SRA calls (the contract: src/core/risk/contract.ts, host demo/host/api/risk), the page's store of SRA
 * rows (the list and the workbench share it), the PFM loads the New SRA form reads (projects, a
 * budget's cost codes, a subcontract to pre-fill from), what a failed call means in words, and the
 * list as an export sheet (the CSV writer neutralises formulas).
 */
import { ApiError, getJson, LOAD_TIMEOUT_MS, loadTimer, postForm, problemText as sharedProblemText, retryMark } from '../../../core/api';
import { formatDate } from '../../../core/format';
import {
  RISK_API, SRA_RECORD_KEY,
  type BuyoutSraRow, type SraGateStatus, type SraLoad, type SraRow, type VendorPrequalRow,
} from '../../../core/risk/contract';
import type { MitigationKey } from '../../../core/risk/sra';
import { recordStore, type RecordStore } from '../../../core/records';
import { listSheet, sheetColumns, type ExportSheet } from '../../../core/format/spreadsheet';
import { SRA_UI_TEXT } from './text';

export type { BuyoutSraRow, SraGateStatus, SraLoad, SraRow, VendorPrequalRow };

/** The page's store of SRA rows (a loaded SRA's record is a row too). */
export function sraStore(): RecordStore<SraRow> {
  return recordStore<SraRow>(SRA_RECORD_KEY, 'sraId');
}

/** Open (Draft, Submitted) or closed (Approved, Rejected). */
export const isClosedSra = (row: Pick<SraRow, 'state'>): boolean => row.state === 'Approved' || row.state === 'Rejected';

const list = <T,>(rows: unknown): T[] => (Array.isArray(rows) ? (rows as T[]) : []);

/** How long a load may take before the screen says so (with Retry) rather than wait on. */
export const SRA_LOAD_TIMEOUT_MS = LOAD_TIMEOUT_MS;
const loadTime = loadTimer(SRA_LOAD_TIMEOUT_MS);
/** Another load timeout (tests); null restores {@link SRA_LOAD_TIMEOUT_MS}. */
export const setSraLoadTimeout = loadTime.set;
const timed = loadTime.timed;
const again = retryMark;

/** Every SRA the caller may see, into the store. */
export async function loadSras(signal?: AbortSignal, attempt = 0): Promise<SraRow[]> {
  const mark = sraStore().readMark();
  const rows = list<SraRow>(await getJson(RISK_API.getSras, { ...again(attempt) }, { signal: timed(signal) }));
  sraStore().loaded(rows, mark);
  return rows;
}

/** One SRA with its factors, vendor record and the caller's moves; its row into the store. */
export async function loadSra(sraId: number, signal?: AbortSignal, attempt = 0): Promise<SraLoad> {
  const mark = sraStore().readMark();
  const load = await getJson<SraLoad>(RISK_API.getSra, { recordKey: SRA_RECORD_KEY, recordId: sraId, ...again(attempt) }, { signal: timed(signal) });
  sraStore().loaded(load.sra, mark);
  return load;
}

/** What the New SRA form sends. */
export interface NewSra {
  projectId: number;
  vendorId: number;
  amount: number;
  costCodeIds: number[];
  description: string;
  subcontractId?: number;
}

/** POST createsra: a new Draft; its row into the store. */
export async function createSra(input: NewSra): Promise<SraLoad> {
  const load = await postForm<SraLoad>(RISK_API.createSra, {
    projectId: input.projectId, vendorId: input.vendorId, amount: input.amount, costCodeIds: input.costCodeIds,
    description: input.description, subcontractId: input.subcontractId,
  });
  sraStore().upsert(load.sra);
  return load;
}

/** What a Draft's Save sends besides its id and version. */
export interface SraChange {
  vendorId: number;
  amount: number;
  costCodeIds: number[];
  description: string;
  mitigations: MitigationKey[];
  mitigationNote: string;
}

/** POST savesra (409 when `version` is stale). */
export async function saveSra(sraId: number, version: number, change: SraChange): Promise<SraLoad> {
  // An empty list is sent as a bare empty value (the host reads that as 'none'; a missing name keeps what was stored).
  const load = await postForm<SraLoad>(RISK_API.saveSra, { sraId, version, ...change, mitigations: change.mitigations.length ? change.mitigations : '' });
  sraStore().upsert(load.sra);
  return load;
}

/** POST updatesrastate: Submit, Approve, Reject (with `reason`), Recall. */
export async function moveSra(sra: Pick<SraRow, 'sraId' | 'applicationRecordStateId'>, routeStateId: number, reason?: string): Promise<SraLoad> {
  const load = await postForm<SraLoad>(RISK_API.updateSraState, {
    ItemId: sra.sraId, OldRecordStateId: sra.applicationRecordStateId, RouteStateId: routeStateId, reason: reason || undefined,
  });
  sraStore().upsert(load.sra);
  return load;
}

/** The gate's view of a subcontract (getsrastatus). */
export async function loadGateStatus(subcontractId: number, signal?: AbortSignal, attempt = 0): Promise<SraGateStatus> {
  return getJson<SraGateStatus>(RISK_API.getSraStatus, { recordKey: 'Subcontract', recordId: subcontractId, ...again(attempt) }, { signal: timed(signal) });
}

/** The SRAs of a project by cost code (the Buyout & SRA column). */
export async function loadBuyoutSras(projectId: number, signal?: AbortSignal): Promise<BuyoutSraRow[]> {
  return list<BuyoutSraRow>(await getJson(RISK_API.getBuyoutSras, { projectId }, { signal: timed(signal) }));
}

/** Every active vendor with its status and limits in force (the form's vendor picker). */
export async function loadPrequalVendors(signal?: AbortSignal): Promise<VendorPrequalRow[]> {
  return list<VendorPrequalRow>(await getJson(RISK_API.getPrequalVendors, undefined, { signal: timed(signal) }));
}

// --- PFM reads of the New SRA form (keyPFM; a 403 means the caller has no PFM role) ------------------

/** PFM paths the form reads (the same §7 loads the commitment screens use). */
export const SRA_PFM_PATHS = {
  projects: '/api/pfm/getprojects',
  costCodes: '/api/pfm/getcostcodes',
  subcontracts: '/api/pfm/getsubcontracts',
} as const;

/** A project the form offers, with its budget. */
export interface SraProject {
  projectId: number;
  budgetId: number;
  number: string;
  name: string;
}

/** A budget line the form offers as scope. */
export interface SraCostCode {
  costCodeId: number;
  code: string;
  type: string;
  description: string;
}

type Loose = Record<string, unknown>;
const int = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : -1);
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The open projects (with their budget), by number. */
export async function loadSraProjects(signal?: AbortSignal): Promise<SraProject[]> {
  const rows = list<Loose>(await getJson(SRA_PFM_PATHS.projects, undefined, { signal: timed(signal) }));
  return rows.map((r) => ({ projectId: int(r.projectId), budgetId: int(r.budgetId), number: str(r.number), name: str(r.name) }))
    .filter((p) => p.projectId > 0)
    .sort((a, b) => a.number.localeCompare(b.number));
}

/** The lines of budget `budgetId`, by code. */
export async function loadSraCostCodes(budgetId: number, signal?: AbortSignal): Promise<SraCostCode[]> {
  const rows = list<Loose>(await getJson(SRA_PFM_PATHS.costCodes, { recordKey: 'Budget', recordId: budgetId }, { signal: timed(signal) }));
  return rows.map((r) => ({ costCodeId: int(r.costCodeId), code: str(r.code), type: str(r.type), description: str(r.description) }))
    .filter((c) => c.costCodeId > 0)
    .sort((a, b) => a.code.localeCompare(b.code) || a.type.localeCompare(b.type));
}

/** What a subcontract gives the New SRA form. */
export interface SubcontractForSra {
  subcontractId: number;
  number: string;
  projectId: number;
  budgetId: number;
  vendorId: number;
  amount: number;
  costCodeIds: number[];
  description: string;
}

/** One subcontract (open or closed) read for the form; null when the server knows none. */
export async function loadSubcontractForSra(subcontractId: number, signal?: AbortSignal): Promise<SubcontractForSra | null> {
  const query = { recordKey: 'Subcontract', recordId: subcontractId };
  const [open, closed] = await Promise.all([
    getJson<unknown>(SRA_PFM_PATHS.subcontracts, query, { signal: timed(signal) }),
    getJson<unknown>(SRA_PFM_PATHS.subcontracts, { ...query, open: false }, { signal: timed(signal) }),
  ]);
  const row = [...list<Loose>(open), ...list<Loose>(closed)].find((r) => int(r.subcontractId) === subcontractId);
  if (!row) return null;
  const items = list<Loose>(row.items);
  const amount = typeof row.originalAmount === 'number' ? row.originalAmount : typeof row.amount === 'number' ? row.amount
    : items.reduce((sum, item) => sum + (typeof item.amount === 'number' ? item.amount : 0), 0);
  return {
    subcontractId, number: str(row.number), projectId: int(row.projectId), budgetId: int(row.budgetId), vendorId: int(row.vendorId),
    amount, costCodeIds: [...new Set(items.map((item) => int(item.costCodeId)).filter((id) => id > 0))], description: str(row.description),
  };
}

// --- what a failure means --------------------------------------------------------------------------

export { isStale, serverMessage } from '../../../core/api';

/** The field an autoAlert refusal names (`fieldName`), if any. */
export function refusedField(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const body = error.body as { fieldName?: unknown } | undefined;
  return typeof body?.fieldName === 'string' ? body.fieldName : '';
}

/** A clear sentence for a failed load or write (§8); a 409 is the server's own message (it says who changed the SRA). */
export const problemText = (error: unknown): string =>
  sharedProblemText(error, { ...SRA_UI_TEXT, forbidden: SRA_UI_TEXT.noAccess }, { staleServerOnly: true });

/** The portal address of SRA `sraId` (its workbench over the list). */
export const sraPortalPath = (sraId: number): string => `/sr/sra?workbench=RiskAssessment&recordKey=${SRA_RECORD_KEY}&recordId=${sraId}`;

// --- export ---------------------------------------------------------------------------------------

/** The rows as an export sheet (dates as shown, amount as a number, a total line). */
export function sraSheet(rows: readonly SraRow[]): ExportSheet {
  const columns = sheetColumns({
    number: 'SRA',
    project: 'Project',
    vendor: 'Vendor',
    scope: 'Scope',
    amount: 'Amount',
    level: 'Level',
    state: 'State',
    createdBy: 'Created by',
    createdAt: 'Created',
    submittedAt: 'Submitted',
    decidedAt: 'Decided',
  }, { amount: '#,##0.00' });
  return listSheet(columns, rows, (r) => [r.number, `${r.projectNumber} ${r.projectName}`, r.vendorName, r.costCodes.map((c) => `${c.code} ${c.description}`).join('; '),
    r.amount, r.level, r.state, r.createdBy.name, formatDate(r.createdAt), r.submittedAt ? formatDate(r.submittedAt) : '', r.decidedAt ? formatDate(r.decidedAt) : ''],
  ['Total', null, null, null, Math.round(rows.reduce((s, r) => s + r.amount, 0) * 100) / 100, null, null, null, null, null, null]);
}
