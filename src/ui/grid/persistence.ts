/**
 * Per-user column layout (order, widths, visibility) in localStorage under `grid:<id>:<login>`,
 * plugged into Tabulator's persistence module with a custom reader and writer.
 */
import type { ColumnDefinition, Tabulator } from 'tabulator-tables';
import { $session } from '../../core/auth/session';

/** Login used for the key when nobody is signed in (tests, public pages). */
const ANONYMOUS = 'anonymous';

/** The localStorage key of a grid's layout for a login (default: the signed-in user). */
export function layoutStorageKey(persistenceId: string, login: string = $session.get().account?.login ?? ANONYMOUS): string {
  return `grid:${persistenceId}:${login.toLowerCase()}`;
}

/** One persisted column as Tabulator's persistence module writes it. */
interface StoredColumn { field: string; width?: number | string; visible?: boolean }

function isStoredColumn(value: unknown): value is StoredColumn {
  if (typeof value !== 'object' || value === null) return false;
  const column = value as Record<string, unknown>;
  return typeof column.field === 'string'
    && (column.width === undefined || typeof column.width === 'number' || typeof column.width === 'string')
    && (column.visible === undefined || typeof column.visible === 'boolean');
}

/** The stored column layout, or null when there is none or it is not what we wrote (ignored). */
export function readColumnLayout(key: string): StoredColumn[] | null {
  let text: string | null;
  try {
    text = localStorage.getItem(key);
  } catch {
    return null; // storage blocked
  }
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    const columns = (parsed as { columns?: unknown } | null)?.columns;
    if (!Array.isArray(columns) || !columns.every(isStoredColumn)) return null;
    return columns;
  } catch {
    return null;
  }
}

function writeColumnLayout(key: string, columns: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify({ columns }));
  } catch {
    // Full or blocked storage: the layout is simply not remembered.
  }
}

/** Tabulator options that persist the column layout of `persistenceId` for the signed-in user. */
/**
 * Apply a stored layout to (copied) column definitions before the table is built: the stored order
 * first, then width and visibility. Columns the store does not know keep their place at the end.
 * Our own code rather than Tabulator's persistence module, which would push the Tabulator chunk over
 * its 60 KB budget; it also remembers the order, which Tabulator's column persistence did not here.
 */
export function applyStoredLayout(columns: ColumnDefinition[], persistenceId: string): ColumnDefinition[] {
  const stored = readColumnLayout(layoutStorageKey(persistenceId));
  if (!stored) return columns;
  const position = new Map(stored.map((column, index) => [column.field, index]));
  const rank = (column: ColumnDefinition) => position.get(column.field ?? '') ?? Number.MAX_SAFE_INTEGER;
  return [...columns]
    .map((column, index) => ({ column, index }))
    .sort((a, b) => rank(a.column) - rank(b.column) || a.index - b.index)
    .map(({ column }) => {
      const saved = stored.find((entry) => entry.field === column.field);
      if (!saved) return column;
      return { ...column, ...(saved.width !== undefined ? { width: saved.width } : {}), ...(saved.visible !== undefined ? { visible: saved.visible } : {}) };
    });
}

/** Save the table's column layout (order, width, visibility) whenever the user changes it. */
export function rememberLayout(table: Tabulator, persistenceId: string): void {
  const key = layoutStorageKey(persistenceId);
  const save = () => writeColumnLayout(key, table.getColumns().map((column) => ({ field: column.getField(), width: column.getWidth(), visible: column.isVisible() })));
  for (const event of ['columnResized', 'columnMoved', 'columnVisibilityChanged']) table.on(event, save);
}
