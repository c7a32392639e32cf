/**
 * The keyboard of a selectable table body (the Team view and the approval inbox): arrows, Home and End move between
 * rows, Space selects the focused row, Ctrl+A (⌘A) selects every row that can be acted on. Keys inside a row's own
 * controls are left to them.
 */
import type { KeyboardEvent } from 'react';

export function rowKeyHandler<R>(options: {
  /** The row of a focused `<tr>` (by its data attributes). */
  rowOf(tr: HTMLTableRowElement): R | undefined;
  /** Toggle the row's selection (only rows that may be acted on). */
  toggle(row: R): void;
  selectAll(): void;
}): (event: KeyboardEvent<HTMLTableSectionElement>) => void {
  return (event) => {
    const target = event.target as HTMLElement;
    const tr = target.closest('tr');
    if (!tr) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      options.selectAll();
      return;
    }
    if (target !== tr) return;
    if (event.key === ' ') {
      const row = options.rowOf(tr);
      if (!row) return;
      event.preventDefault();
      options.toggle(row);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      ((event.key === 'ArrowDown' ? tr.nextElementSibling : tr.previousElementSibling) as HTMLElement | null)?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const body = tr.parentElement!;
      ((event.key === 'Home' ? body.firstElementChild : body.lastElementChild) as HTMLElement | null)?.focus();
    }
  };
}
