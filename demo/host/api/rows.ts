/** Row → API object: SQLite's 0/1 flags become booleans; everything else is as stored (§3 names). */

const BOOLEAN_COLUMNS = new Set([
  'active', 'betaUser', 'budgetLock', 'closed', 'ownerChangeOrderClosed', 'hidden', 'disabled', 'isOfficial', 'quickRoute', 'editable', 'visible',
  'submitted', 'required', 'received', 'acknowledged', 'open', 'isInitial', 'isCM', 'unreconciled', 'transfer',
]);

/** Convert the flag columns of one row. */
export function toApi<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of Object.keys(out)) {
    if (BOOLEAN_COLUMNS.has(key) && (out[key] === 0 || out[key] === 1)) out[key] = out[key] === 1;
  }
  return out as T;
}

/** Convert every row. */
export const rowsToApi = <T extends Record<string, unknown>>(rows: T[]): T[] => rows.map(toApi);

/** Cost code shown 2-4-2: '03300000' → '03-3000-00'. */
export const costCodeDisplay = (code: string): string =>
  code.length === 8 ? `${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6)}` : code;

/** SQL for the 2-4-2 form of a code column. */
export const CODE_DISPLAY_SQL = (column: string) =>
  `substr(${column}, 1, 2) || '-' || substr(${column}, 3, 4) || '-' || substr(${column}, 7, 2)`;

/** SELECT fragment for a record's state: name and closed flag (the state table is aliased `st`). */
export const STATE_COLUMNS = 'st.name AS recordStateName, st.closed AS closed';
export const STATE_JOIN = (alias: string) =>
  `JOIN application_record_states st ON st.applicationRecordStateId = ${alias}.applicationRecordStateId`;
