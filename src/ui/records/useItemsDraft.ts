/**
 * A record form's draft: the typed header values and item lines over the saved record. It starts from the
 * saved record once that is loaded, survives a failed save (nothing here drops it), tells whether anything
 * differs from the record, and starts again from the record after a Reload. Unsaved work is kept across a
 * page reload by `useDraft` (src/ui/drafts): while it differs from the record, and offered back on opening.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { stableJson, type DraftId } from '../../core/drafts';
import { blankRow, shownRows, type ItemRow } from '../../core/records';
import { useDraft, withoutKeys } from '../drafts';

/** The header values (as typed) and the item lines of a record form. */
export interface ItemsDraft<H> {
  header: H;
  items: ItemRow[];
}

export interface ItemsDraftOptions<H> extends Omit<DraftId, 'login'> {
  /** The draft of the saved record (or a new record's empty form); undefined until it is loaded. */
  saved: ItemsDraft<H> | undefined;
  /** False keeps nothing across a reload and offers nothing (a read-only record). Default true. */
  enabled?: boolean;
}

export interface ItemsDraftControl<H> {
  /** Null until the saved record is loaded (and after a Reload, until it is loaded again). */
  draft: ItemsDraft<H> | null;
  /** The lines shown (a saved line removed is not). */
  rows: ItemRow[];
  /** Something typed differs from the saved record. */
  dirty: boolean;
  setHeader<K extends keyof H>(name: K, value: H[K]): void;
  setItem(key: string, change: Partial<ItemRow>): void;
  /** A new empty line at the end. */
  addItem(): void;
  /** A new line goes; a saved one is marked deleted (the save sends it so). */
  removeItem(row: ItemRow): void;
  /** The draft is `next` (the record as a save answered it). */
  replace(next: ItemsDraft<H>): void;
  /** Back to the saved record (Discard changes). */
  reset(): void;
  /** No draft until the record is loaded again (Reload). */
  clear(): void;
  /** Remove the work kept for a reload (a create form whose record now exists). */
  forget(): void;
  /** The offer of work kept from before a reload (null when none): render it above the form. */
  banner: ReactNode;
}

let lastKey = 0;
/** A key for a line new on this page (saved lines are keyed by their id). */
const newKey = () => `new-${++lastKey}`;

/** The draft as kept across a reload: row keys are this page's own, so they are left out. */
type Kept<H> = { header: H; items: Array<Omit<ItemRow, 'key'>> };
const keptOf = <H>(draft: ItemsDraft<H>): Kept<H> => ({ header: draft.header, items: withoutKeys(draft.items) });

/** A kept draft back as a draft: saved lines take their saved row's key again, new lines a new key. */
function fromKept<H>(kept: Kept<H>, saved: ItemsDraft<H>): ItemsDraft<H> | null {
  if (!kept || typeof kept.header !== 'object' || kept.header === null || !Array.isArray(kept.items)) return null;
  const keyOf = (row: Omit<ItemRow, 'key'>) => (row.itemId == null ? undefined : saved.items.find((s) => s.itemId === row.itemId)?.key);
  return {
    header: { ...saved.header, ...kept.header },
    items: kept.items.map((row) => ({ ...blankRow(''), ...row, key: keyOf(row) ?? newKey() })),
  };
}

export function useItemsDraft<H>(options: ItemsDraftOptions<H>): ItemsDraftControl<H> {
  const { saved, enabled = true, ...id } = options;
  const [draft, setDraft] = useState<ItemsDraft<H> | null>(() => saved ?? null);
  // The form starts from the record once it is loaded (state set while rendering: no extra paint).
  if (draft === null && saved !== undefined) setDraft(saved);
  const kept = useDraft<Kept<H>>({
    ...id, enabled, value: draft ? keptOf(draft) : undefined, saved: draft && saved ? keptOf(saved) : undefined,
    restore: (value) => {
      const restored = saved ? fromKept(value, saved) : null;
      if (restored) setDraft(restored);
    },
  });
  const update = (change: (d: ItemsDraft<H>) => ItemsDraft<H>) => setDraft((d) => (d ? change(d) : d));
  const setItems = (change: (items: ItemRow[]) => ItemRow[]) => update((d) => ({ ...d, items: change(d.items) }));
  return {
    draft,
    rows: draft ? shownRows(draft.items) : [],
    dirty: draft !== null && saved !== undefined && stableJson(keptOf(draft)) !== stableJson(keptOf(saved)),
    setHeader: (name, value) => update((d) => ({ ...d, header: { ...d.header, [name]: value } })),
    setItem: (key, change) => setItems((items) => items.map((row) => (row.key === key ? { ...row, ...change } : row))),
    addItem: () => setItems((items) => [...items, blankRow(newKey())]),
    removeItem: (row) => setItems((items) => (row.itemId === null
      ? items.filter((r) => r.key !== row.key)
      : items.map((r) => (r.key === row.key ? { ...r, deleted: true } : r)))),
    replace: setDraft,
    reset: () => setDraft(saved ?? null),
    clear: () => setDraft(null),
    forget: kept.clear,
    banner: kept.banner,
  };
}
