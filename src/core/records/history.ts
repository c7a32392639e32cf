/**
 * A record's details and history (GET /api/pfm/getrecordhistory, demo/host/api/pfm/history): what the
 * workbench sidebar shows and the Tools menu exports.
 */
import { getJson } from '../api';
import type { ExportSheet } from '../format/spreadsheet';

/** One recorded field change. */
export interface HistoryEntry {
  recordHistoryId: number;
  recordKey: string;
  recordId: number;
  /** An item of the record (its key and id), or null for the record's own fields. */
  childKey: string | null;
  childId: number | null;
  action: 'insert' | 'update' | 'delete';
  field: string;
  oldValue: unknown;
  newValue: unknown;
  changedByEmployeeId: number | null;
  changedBy: string | null;
  changedAt: string;
  changeSetId: string;
  /** Behind one of the user's orange asterisks (not acknowledged yet). */
  unacknowledged: boolean;
}

/** One of the user's unacknowledged changes of the record (the orange asterisk's entries). */
export interface UnacknowledgedChange {
  changeTrackingId: number;
  recordType: string;
  applicationRecordId: number;
  description: string;
  changedAt: string;
  changedBy: string | null;
  changeSetId: string | null;
}

/** One approval of the record (approval authority): who, in which role, under which limit, and how. */
export interface RecordApproval {
  recordApprovalId: number;
  fromStateName: string;
  toStateName: string;
  approvedByName: string | null;
  applicationKey: string | null;
  roleName: string | null;
  /** The limit that applied (null: any amount). */
  upToAmount: number | null;
  amount: number;
  via: 'user' | 'esign';
  reason: string | null;
  approvedAt: string;
}

/** The answer of the history load. */
export interface RecordHistory {
  recordKey: string;
  recordId: number;
  record: Record<string, unknown> | null;
  items: Array<Record<string, unknown> & { itemKey: string; itemId: number }>;
  history: HistoryEntry[];
  changes: UnacknowledgedChange[];
  approvals?: RecordApproval[];
}

export const HISTORY_PATH = '/api/pfm/getrecordhistory';

/** Load a record's details and history. */
export async function loadRecordHistory(recordKey: string, recordId: number): Promise<RecordHistory> {
  return getJson<RecordHistory>(HISTORY_PATH, { recordKey, recordId });
}

/** One change set: the fields one save changed, with who and when. */
export interface ChangeSet {
  changeSetId: string;
  changedBy: string | null;
  changedAt: string;
  unacknowledged: boolean;
  entries: HistoryEntry[];
}

/** History rows (newest first) grouped by change set, keeping that order. */
export function groupChangeSets(history: readonly HistoryEntry[]): ChangeSet[] {
  const sets = new Map<string, ChangeSet>();
  for (const entry of history) {
    let set = sets.get(entry.changeSetId);
    if (!set) {
      set = { changeSetId: entry.changeSetId, changedBy: entry.changedBy, changedAt: entry.changedAt, unacknowledged: false, entries: [] };
      sets.set(entry.changeSetId, set);
    }
    set.entries.push(entry);
    set.unacknowledged ||= entry.unacknowledged;
  }
  // Within a set, the record's own fields first, then items; each in the order they were written.
  for (const set of sets.values()) set.entries.reverse();
  return [...sets.values()];
}

/** 'contractType' → 'Contract type'. */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as text ('' for none). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * The record as an export sheet: its fields (name, value), then its items (one column per field).
 * The sheet writers neutralise text that a spreadsheet would run as a formula (=, +, -, @).
 */
export function recordSheet(title: string, data: Pick<RecordHistory, 'record' | 'items'>): ExportSheet {
  const itemFields = [...new Set(data.items.flatMap((item) => Object.keys(item)))];
  const width = Math.max(2, itemFields.length);
  const pad = (cells: Array<string | number | null>) => [...cells, ...Array<null>(Math.max(0, width - cells.length)).fill(null)];
  const cell = (value: unknown): string | number | null => (typeof value === 'number' ? value : value === null || value === undefined ? null : valueText(value));
  const columns = Array.from({ length: width }, (_, i) => ({ field: `c${i}`, title: i === 0 ? 'Field' : i === 1 ? 'Value' : '', excelFormat: null }));
  const lines: ExportSheet['lines'] = [
    { kind: 'header', cells: pad([title]) },
    { kind: 'header', cells: pad(['Field', 'Value']) },
    ...Object.entries(data.record ?? {}).map(([field, value]) => ({ kind: 'data' as const, cells: pad([fieldLabel(field), cell(value)]) })),
  ];
  if (data.items.length) {
    lines.push({ kind: 'header', cells: pad(['Items']) });
    lines.push({ kind: 'header', cells: pad(itemFields.map(fieldLabel)) });
    for (const item of data.items) lines.push({ kind: 'data', cells: pad(itemFields.map((field) => cell(item[field]))) });
  }
  return { columns, lines };
}
