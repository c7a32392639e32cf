/**
 * The React side of the drafts store (src/core/drafts.ts): a screen hands `useDraft` its form's
 * current value, the saved value and a way to put a draft back. While they differ the value is kept
 * in sessionStorage; when the screen opens again with a kept draft that differs from the record, the
 * hook's `banner` offers it back: "Restore unsaved changes from <time>? Restore / Discard".
 * Saving (the form equals the record again) and Discard clear it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { $session } from '../core/auth';
import { clearDraft, DRAFT_PREFIX, draftKey, readDraft, stableJson, storedDraftKeys, writeDraft, type Draft, type DraftId } from '../core/drafts';
import { formatDateTime } from '../core/format';
import { useStore } from './hooks';

/** The offer's texts; exact texts are tested. */
export const DRAFT_TEXT = {
  offer: (when: string) => `Restore unsaved changes from ${when}?`,
  restore: 'Restore',
  discard: 'Discard',
} as const;

export interface DraftOptions<T> extends Omit<DraftId, 'login'> {
  /** The form's value now (record values with the edits over them); undefined while loading. */
  value: T | undefined;
  /** The value with no edits (what the record holds); undefined while loading. */
  saved: T | undefined;
  /** Put a kept draft back into the form. */
  restore(value: T): void;
  /** False keeps nothing and offers nothing (a read-only screen). Default true. */
  enabled?: boolean;
}

export interface DraftControl {
  /** When the offered draft was written, or null when nothing is offered. */
  offeredAt: number | null;
  /** Put the offered draft back into the form. */
  restore(): void;
  /** Drop the offered draft. */
  discard(): void;
  /** Remove the kept draft now (a create form that goes away on success calls it). */
  clear(): void;
  /** The offer (null when nothing is offered): render it above the form. */
  banner: ReactNode;
}

/** Keep a form's unsaved value across a reload and offer it back (see the file comment). */
export function useDraft<T>(options: DraftOptions<T>): DraftControl {
  const session = useStore($session);
  const login = session.status === 'signedIn' ? session.account?.login : undefined;
  const { screen, recordKey, recordId, form, enabled = true } = options;
  const key = login && enabled ? draftKey({ login, screen, recordKey, recordId, form }) : null;
  const valueJson = options.value === undefined ? undefined : stableJson(options.value);
  const savedJson = options.saved === undefined ? undefined : stableJson(options.saved);
  const ready = key !== null && valueJson !== undefined && savedJson !== undefined;
  // What was found kept for `key` when it opened: the draft offered, or null (none, or answered).
  const [looked, setLooked] = useState<{ key: string; draft: Draft<T> | null } | null>(null);
  if (ready && looked?.key !== key) {
    // Looked at once per key, when the record is there (state set while rendering: no extra paint).
    const kept = readDraft<T>(key);
    setLooked({ key, draft: kept && stableJson(kept.value) !== savedJson && valueJson === savedJson ? kept : null });
  }
  const pending = looked && looked.key === key && looked.draft ? { key: looked.key, draft: looked.draft } : null;
  // Typed anew while the offer waits: this work replaces the offered draft.
  if (pending && valueJson !== savedJson) setLooked({ key: pending.key, draft: null });
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const answered = ready && looked?.key === key && looked.draft === null;
  useEffect(() => {
    if (!answered || !key || valueJson === undefined) return;
    if (valueJson === savedJson) clearDraft(key);
    else writeDraft(key, JSON.parse(valueJson));
  }, [answered, key, valueJson, savedJson]);

  const restore = () => {
    if (!pending) return;
    setLooked({ key: pending.key, draft: null });
    latest.current.restore(pending.draft.value);
  };
  const discard = () => {
    if (!pending) return;
    clearDraft(pending.key);
    setLooked({ key: pending.key, draft: null });
  };
  return {
    offeredAt: pending ? pending.draft.savedAt : null,
    restore,
    discard,
    clear: () => {
      if (key) clearDraft(key);
    },
    banner: pending ? <DraftOffer savedAt={pending.draft.savedAt} onRestore={restore} onDiscard={discard} /> : null,
  };
}

/**
 * Rows as kept in a draft: their `key` is this page's own (a React key from a counter that starts again on a reload),
 * so it is left out; {@link withNewKeys} gives restored rows keys from the new page's counter.
 */
export function withoutKeys<T extends { key: string }>(rows: readonly T[]): Array<Omit<T, 'key'>> {
  return rows.map(({ key: _key, ...row }) => row);
}

/** Kept rows back as rows, each with a key from `newKey`. */
export function withNewKeys<T>(rows: readonly T[], newKey: () => string): Array<T & { key: string }> {
  return rows.map((row) => ({ ...row, key: newKey() }));
}

/** The record ids (as stored: text) of a login's kept drafts of one form of a screen, the newest first. */
export function keptRecordIds(id: Omit<DraftId, 'recordId'>): string[] {
  const want = [id.login.toLowerCase(), id.screen, id.recordKey ?? '', id.form ?? 'form'];
  const found: Array<{ recordId: string; at: number }> = [];
  for (const key of storedDraftKeys()) {
    const parts = key.slice(DRAFT_PREFIX.length).split(':').map((part) => decodeURIComponent(part));
    if (parts.length !== 5 || parts[0] !== want[0] || parts[1] !== want[1] || parts[2] !== want[2] || parts[4] !== want[3]) continue;
    const draft = readDraft(key);
    if (draft) found.push({ recordId: parts[3]!, at: draft.savedAt });
  }
  return found.sort((a, b) => b.at - a.at).map((f) => f.recordId);
}

/**
 * The record id of the newest kept draft of a screen's form, or null: a screen whose open record is not in its
 * address opens that record again after a reload, so its offer shows. Read once per login.
 */
export function useNewestKeptRecordId(id: Omit<DraftId, 'login' | 'recordId'>): string | null {
  const session = useStore($session);
  const login = session.status === 'signedIn' ? session.account?.login : undefined;
  const { screen, recordKey, form } = id;
  return useMemo(() => (login ? keptRecordIds({ login, screen, recordKey, form })[0] ?? null : null), [login, screen, recordKey, form]);
}

/** "Restore unsaved changes from <time>? Restore / Discard" (role=status). */
export function DraftOffer({ savedAt, onRestore, onDiscard }: { savedAt: number; onRestore(): void; onDiscard(): void }) {
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 py-2 px-3" role="status" data-draft-offer>
      <span className="me-auto">{DRAFT_TEXT.offer(formatDateTime(new Date(savedAt)))}</span>
      <button type="button" className="btn btn-sm btn-primary" onClick={onRestore} data-draft-restore>{DRAFT_TEXT.restore}</button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDiscard} data-draft-discard>{DRAFT_TEXT.discard}</button>
    </div>
  );
}
