/**
 * Per-user column layout (order, widths, visibility) in localStorage under `grid:<id>:<login>`,
 * plugged into Tabulator's persistence module with a custom reader and writer.
 */
import type { Options } from 'tabulator-tables';
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
export function layoutPersistenceOptions(persistenceId: string): Partial<Options> {
  const key = layoutStorageKey(persistenceId);
  return {
    persistence: { columns: ['width', 'visible'] },
    persistenceID: persistenceId,
    // Tabulator's reader returns false for "nothing stored".
    persistenceReaderFunc: (_id, type) => (type === 'columns' ? readColumnLayout(key) ?? false : false),
    persistenceWriterFunc: (_id, type, data) => { if (type === 'columns') writeColumnLayout(key, data); },
  };
}
