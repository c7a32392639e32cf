/**
 * Pay applications: a subcontractor's (or supplier's) monthly bill against a commitment's schedule of
 * values. The loads, the page's record store the list, the section and the workbench share, the writes
 * of demo/host/api/pfm/pay-applications, and the form's reading of what is typed (`40%` of a line's
 * scheduled value). Paths, wire types and the G702/G703 arithmetic are src/core/pay-applications.
 */
import { getBlob, getJson, postForm } from '../../core/api';
import type { ScreenScope } from '../../core/scope';
import { saveBlob } from '../../core/records/files';
import { moveRecordState, recordStore, type MoveTarget, type RecordStore } from '../../core/records';
import { cents, parseNumber, sanitizeNumber } from '../../core/format';
import { today } from '../../core/clock';
import {
  BILLABLE_COMMITMENT_KEYS, PAY_APPLICATION_PATHS, PAY_APPLICATION_RECORD_KEY, payApplicationListQueries, payApplicationQuery,
  type BillableCommitmentKey, type PayApplication, type PayApplicationLine, type PayApplicationRow,
} from '../../core/pay-applications/contract';
import { amountOfPercent, isBillableState, periodEndOf, type LienWaiverKind, type PayLineInput } from '../../core/pay-applications/rules';
import { COMMITMENT_LOADS, type CommitmentRecord } from '../../core/commitments/contract';

/** A row in the page's store: the list's row, or the whole application once the workbench has loaded it. */
export type PayApplicationRecord = PayApplicationRow & Partial<Pick<PayApplication, 'lines' | 'waivers' | 'retainagePercent' | 'reduceRetainageAtHalf' | 'fieldSecurity'>>;

/** The page's store of pay applications (the list, the commitment's section and the workbench read the same). */
export function payApplicationStore(): RecordStore<PayApplicationRecord> {
  return recordStore<PayApplicationRecord>(PAY_APPLICATION_RECORD_KEY, 'payApplicationId');
}

/** Every application in scope (open and closed) into the store. */
export async function loadPayApplications(scope: ScreenScope, signal?: AbortSignal): Promise<PayApplicationRow[]> {
  const mark = payApplicationStore().readMark();
  const [open, closed] = await Promise.all(payApplicationListQueries(scope).map((query) => getJson<PayApplicationRow[]>(PAY_APPLICATION_PATHS.list, query, { signal })));
  const rows = [...(Array.isArray(open) ? open : []), ...(Array.isArray(closed) ? closed : [])];
  const store = payApplicationStore();
  // A list row has no lines: a workbench's loaded copy of the same version keeps them.
  store.loaded(rows.map((row) => {
    const held = store.get(row.payApplicationId);
    return held?.lines && held.modifiedAt === row.modifiedAt ? { ...held, ...row } : row;
  }), mark);
  return rows;
}

/** One application with its lines and waivers, into the store; undefined when there is none. */
export async function loadPayApplication(id: number, signal?: AbortSignal): Promise<PayApplication | undefined> {
  const mark = payApplicationStore().readMark();
  const record = await getJson<PayApplication | null>(PAY_APPLICATION_PATHS.one, payApplicationQuery(id), { signal });
  if (!record || typeof record !== 'object') return undefined;
  payApplicationStore().loaded(record, mark);
  return record;
}

/** The billing period a new application defaults to: the current month's end (from the clock). */
export const defaultPeriodEnd = (): string => periodEndOf(today());

/** POST CreatePayApplication: a new Draft for one commitment and period; it goes into the store. */
export async function createPayApplication(commitmentKey: BillableCommitmentKey, commitmentId: number, periodEnd: string): Promise<PayApplication> {
  const created = await postForm<PayApplication>(PAY_APPLICATION_PATHS.create, { RecordKey: commitmentKey, CommitmentId: commitmentId, PeriodEnd: periodEnd });
  payApplicationStore().upsert(created);
  return created;
}

/** A line's key on the form: an original item and an approved change order's item may share an id, so the source goes with it. */
export const payLineKey = (line: Pick<PayApplicationLine, 'source' | 'itemId'>): string => `${line.source}:${line.itemId}`;

/** One line as typed (by its {@link payLineKey}): this period's amount (or `40%`) and the materials stored, as text. */
export interface PayLineEntry {
  key: string;
  thisPeriod: string;
  storedMaterials: string;
}

/**
 * This period's amount typed on a line: a number, or a percent of the line's scheduled value (`40%`);
 * null when it is not a number. Empty is 0.
 */
export function thisPeriodAmount(text: string, scheduledValue: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (trimmed.endsWith('%')) {
    const percent = parseNumber(trimmed.slice(0, -1));
    return percent === null ? null : amountOfPercent(scheduledValue, percent);
  }
  const amount = parseNumber(trimmed);
  return amount === null ? null : cents(amount);
}

/** The materials stored typed on a line: a number, 0 when empty, null when not a number. */
export function storedAmount(text: string): number | null {
  if (text.trim() === '') return 0;
  const amount = parseNumber(text);
  return amount === null ? null : cents(amount);
}

/** A line as the rules read it, with where it comes from (the save sends it: an original and a change-order item may share an id). */
export type PayLineSaveInput = PayLineInput & Pick<PayApplicationLine, 'source'>;

/** The lines as the rules read them (a value that is not a number counts as 0 until it is corrected). */
export function lineInputs(lines: readonly PayLineSaveInput[], entries: ReadonlyMap<string, PayLineEntry>): PayLineSaveInput[] {
  return lines.map((line) => {
    const entry = entries.get(payLineKey(line));
    if (!entry) return { itemId: line.itemId, source: line.source, scheduledValue: line.scheduledValue, previousCompleted: line.previousCompleted, thisPeriod: line.thisPeriod, storedMaterials: line.storedMaterials };
    return {
      itemId: line.itemId, source: line.source, scheduledValue: line.scheduledValue, previousCompleted: line.previousCompleted,
      thisPeriod: thisPeriodAmount(entry.thisPeriod, line.scheduledValue) ?? 0, storedMaterials: storedAmount(entry.storedMaterials) ?? 0,
    };
  });
}

/** A line's entry as the record holds it (the form starts from these). */
export const entryOf = (line: Pick<PayApplicationLine, 'source' | 'itemId' | 'thisPeriod' | 'storedMaterials'>): PayLineEntry => ({
  key: payLineKey(line), thisPeriod: sanitizeNumber(line.thisPeriod), storedMaterials: sanitizeNumber(line.storedMaterials),
});

/** POST SavePayApplication: every line (its item and source) with this period and stored materials, and the load time the record was read at. */
export async function savePayApplication(record: PayApplicationRecord, lines: readonly PayLineSaveInput[]): Promise<PayApplication> {
  const saved = await postForm<PayApplication>(PAY_APPLICATION_PATHS.save, {
    PayApplicationId: record.payApplicationId, lastLoad: record.modifiedAt,
    lines: lines.map((line) => ({ itemId: line.itemId, source: line.source, thisPeriod: line.thisPeriod, storedMaterials: line.storedMaterials })),
  });
  payApplicationStore().upsert(saved);
  return saved;
}

/**
 * Move an application (POST UpdatePayApplicationState; `Reason` for Revise and Resubmit in the same call):
 * shown at once in every list, the record held before put back when the server refuses.
 */
export function advancePayApplication(record: PayApplicationRecord, target: MoveTarget, reason?: string): Promise<PayApplicationRecord> {
  return moveRecordState(payApplicationStore(), record, target, (body) => postForm<PayApplication>(PAY_APPLICATION_PATHS.updateState, body), reason);
}

/** A lien waiver as typed in the add form. */
export interface LienWaiverEntry {
  kind: LienWaiverKind | '';
  amount: string;
  throughDate: string;
}

/** POST AddLienWaiver (multipart: the signed waiver's file with its kind, amount and through-date). */
export async function addLienWaiver(payApplicationId: number, entry: LienWaiverEntry, file: File): Promise<PayApplication> {
  const saved = await postForm<PayApplication>(PAY_APPLICATION_PATHS.addLienWaiver, {
    PayApplicationId: payApplicationId, Kind: entry.kind, Amount: sanitizeNumber(entry.amount), ThroughDate: entry.throughDate, file,
  });
  payApplicationStore().upsert(saved);
  return saved;
}

/** The address of an application's G702/G703 document (the link's href; the click downloads it with the caller's token). */
export function documentHref(payApplicationId: number): string {
  return `${PAY_APPLICATION_PATHS.document}?payApplicationId=${encodeURIComponent(String(payApplicationId))}`;
}

/** Download the G702/G703 PDF of an application and save it as `<number>.pdf`. */
export async function downloadPayApplicationDocument(record: Pick<PayApplicationRow, 'payApplicationId' | 'number'>): Promise<void> {
  const blob = await getBlob(PAY_APPLICATION_PATHS.document, { payApplicationId: record.payApplicationId });
  saveBlob(blob, `${record.number} G702-G703.pdf`);
}

// --- what may be billed ----------------------------------------------------------------------------

/** A commitment a new application may bill. */
export interface BillableCommitment {
  commitmentKey: BillableCommitmentKey;
  commitmentId: number;
  number: string;
  vendorName: string;
  description: string;
}

/** True when `record` of `key` is in a state that may be billed. */
export const isBillable = (key: BillableCommitmentKey, record: Pick<CommitmentRecord, 'recordStateName'>): boolean =>
  isBillableState(key, record.recordStateName ?? '');

/** True when `key` names a commitment kind an application bills. */
export const isBillableKey = (key: string): key is BillableCommitmentKey => (BILLABLE_COMMITMENT_KEYS as readonly string[]).includes(key);

/**
 * The project's commitments a new application may bill: executed (purchase orders issued) and with no
 * application open. Open commitments of each kind (one call each) and the project's open applications.
 */
export async function loadBillableCommitments(projectId: number, signal?: AbortSignal): Promise<BillableCommitment[]> {
  const scope = { recordKey: 'Project', recordId: projectId };
  const [openApplications, ...kinds] = await Promise.all([
    getJson<PayApplicationRow[]>(PAY_APPLICATION_PATHS.list, { ...scope, open: true }, { signal }),
    ...BILLABLE_COMMITMENT_KEYS.map((key) => getJson<CommitmentRecord[]>(COMMITMENT_LOADS[key].load, scope, { signal })),
  ]);
  const busy = new Set((Array.isArray(openApplications) ? openApplications : []).map((row) => `${row.commitmentKey}:${row.commitmentId}`));
  const found: BillableCommitment[] = [];
  BILLABLE_COMMITMENT_KEYS.forEach((key, index) => {
    const rows = kinds[index];
    for (const record of Array.isArray(rows) ? rows : []) {
      const commitmentId = Number(record[COMMITMENT_LOADS[key].idField]);
      if (!isBillable(key, record) || busy.has(`${key}:${commitmentId}`)) continue;
      found.push({ commitmentKey: key, commitmentId, number: record.number, vendorName: record.vendorName ?? '', description: record.description ?? '' });
    }
  });
  return found.sort((a, b) => a.number.localeCompare(b.number));
}

/** One commitment as a new application shows it (its kind's single call); its project for the form. */
export async function loadCommitmentToBill(commitmentKey: BillableCommitmentKey, commitmentId: number, signal?: AbortSignal): Promise<BillableCommitment & { projectId: number; billable: boolean; state: string }> {
  const kind = COMMITMENT_LOADS[commitmentKey];
  const record = await getJson<CommitmentRecord>(kind.single, { [kind.idField]: commitmentId }, { signal });
  return {
    commitmentKey, commitmentId, number: record.number, vendorName: record.vendorName ?? '', description: record.description ?? '',
    projectId: record.projectId, billable: isBillable(commitmentKey, record), state: record.recordStateName,
  };
}
