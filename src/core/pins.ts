/** The caller's pinned projects (§7 GetProjectPins), shared by the PFM bar and the projects list. */
import { atom } from 'nanostores';
import { getJson, postForm } from './api';
import { pageSingleton } from './singleton';

/** A pin as the server sends it (projectId, number, name, classification, budgetId, …). */
export type ProjectPinRow = Readonly<Record<string, unknown>> & { readonly projectId: number };

/** §7 pin calls (the writes answer the caller's pins). */
export const PIN_PATHS = { list: '/api/pfm/projects/GetProjectPins', pin: '/api/pfm/projects/PinProject', unpin: '/api/pfm/projects/UnpinProject' } as const;

// One per page: the header and the projects list (maybe from two bundle copies) show the same pins.
const state = pageSingleton('pins', () => ({ pins: atom<readonly ProjectPinRow[] | null>(null), version: 0 }));

/** The pinned projects in pin order; null until first loaded. */
export const $projectPins = state.pins;

const toRows = (raw: unknown): ProjectPinRow[] => (Array.isArray(raw) ? raw : []).flatMap((row: unknown) => {
  const projectId = Number((row as { projectId?: unknown } | null)?.projectId);
  return typeof row === 'object' && row !== null && projectId > 0 ? [{ ...(row as object), projectId }] : [];
});

/** (Re)load the pins. An answer overtaken by a pin or unpin made meanwhile is dropped. */
export async function loadProjectPins(): Promise<void> {
  const version = state.version;
  const rows = toRows(await getJson<unknown>(PIN_PATHS.list));
  if (version === state.version) state.pins.set(rows);
}

async function change(path: string, projectId: number, optimistic: (pins: readonly ProjectPinRow[]) => readonly ProjectPinRow[]): Promise<void> {
  const before = state.pins.get();
  const version = ++state.version;
  state.pins.set(optimistic(before ?? []));
  try {
    const rows = toRows(await postForm<unknown>(path, { ProjectId: projectId }));
    if (version === state.version) state.pins.set(rows);
  } catch (error) {
    if (version === state.version) state.pins.set(before); // roll back unless a later change took over
    throw error;
  }
}

/** Pin a project at once (with `row`'s fields, if given), then take the server's list; rolled back and rethrown on failure. */
export const pinProject = (projectId: number, row?: Readonly<Record<string, unknown>>): Promise<void> =>
  change(PIN_PATHS.pin, projectId, (pins) => (pins.some((pin) => pin.projectId === projectId) ? pins : [...pins, { ...row, projectId }]));

/** Unpin a project at once, then take the server's list; rolled back and rethrown on failure. */
export const unpinProject = (projectId: number): Promise<void> =>
  change(PIN_PATHS.unpin, projectId, (pins) => pins.filter((pin) => pin.projectId !== projectId));
