/**
 * A keyboard-accessible dropdown menu (WAI-ARIA menu button pattern) styled with Bootstrap's dropdown:
 * a button with aria-haspopup/aria-expanded, a role=menu list of role=menuitem links. Enter, Space or
 * ArrowDown open it on the first item, ArrowUp on the last; ArrowUp/ArrowDown move (wrapping),
 * Home/End jump, Escape closes and returns focus to the button, Tab closes and moves on. The item
 * last focused (at first the first) is the list's one tab stop (a roving tabindex), so a list long
 * enough to scroll has focusable content for keyboard scrolling and assistive technology. Entries are
 * real `<a href>` links, so they work as links too (the router routes them without a page load).
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { MenuGroup, MenuLink } from '../core/menus';
import { useCloseOnOutsidePress } from './hooks';

// The links' shapes are core's (core/menus.ts computes them); re-exported for the views that draw menus.
export type { MenuGroup, MenuLink };

export interface MenuProps {
  /** The button's text (or content); `label` names the menu for assistive technology. */
  label: string;
  buttonContent?: ReactNode;
  /** Extra classes for the button (default a navbar-style link button). */
  buttonClassName?: string;
  /** Flat items, or groups with headings. */
  items?: MenuLink[];
  groups?: MenuGroup[];
  /** Shown when there is nothing to list. */
  emptyText?: string;
  /** Align the dropdown to the button's end (right). */
  alignEnd?: boolean;
  /** Used by tests and styles. */
  testId?: string;
}

/** The menu's item elements, in document order. */
function menuItems(list: HTMLElement | null): HTMLElement[] {
  return list ? [...list.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];
}

/** A dropdown menu; see the file comment for the keys. */
export function Menu({ label, buttonContent, buttonClassName = 'btn btn-link nav-link dropdown-toggle', items, groups, emptyText = 'Nothing here', alignEnd, testId }: MenuProps) {
  const [open, setOpen] = useState(false);
  // Which item to focus once the list is shown: 'first', 'last' or none.
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  // The entry holding the roving tab stop (null: the first).
  const [tabStop, setTabStop] = useState<string | null>(null);

  // Focus moves into the list in the commit that shows it: a layout effect, so none is still pending when an Escape
  // closes the menu (a late one would move focus back into the hidden list).
  const [openCount, setOpenCount] = useState(0);
  useLayoutEffect(() => {
    const focus = focusOnOpen.current;
    if (!open || !focus) return;
    focusOnOpen.current = null;
    const all = menuItems(listRef.current);
    (focus === 'first' ? all[0] : all[all.length - 1])?.focus();
  }, [open, openCount]);

  // A pointer press outside closes the menu (composedPath sees through shadow roots).
  useCloseOnOutsidePress(wrapperRef, open, setOpen);

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
    setOpenCount((count) => count + 1);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = menuItems(listRef.current);
    const root = listRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    const index = all.indexOf(root?.activeElement as HTMLElement);
    const focusAt = (next: number) => all[(next + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown': event.preventDefault(); focusAt(index + 1); break;
      case 'ArrowUp': event.preventDefault(); focusAt(index < 0 ? -1 : index - 1); break;
      case 'Home': event.preventDefault(); focusAt(0); break;
      case 'End': event.preventDefault(); focusAt(-1); break;
      case 'Escape': event.preventDefault(); event.stopPropagation(); close(true); break;
      case 'Tab': close(false); break; // let the browser move focus on
      case ' ': event.preventDefault(); (root?.activeElement as HTMLElement | null)?.click(); break;
      default: break;
    }
  };

  const flat = items ?? [];
  const grouped = groups?.filter((group) => group.items.length > 0) ?? [];
  const empty = flat.length === 0 && grouped.length === 0;
  const entries = [...flat, ...grouped.flatMap((group) => group.items)];
  const stop = entries.some((entry) => entry.id === tabStop) ? tabStop : entries[0]?.id;
  const tabIndexOf = (item: MenuLink) => (item.id === stop ? 0 : -1);

  const renderLink = (item: MenuLink) => {
    const note = item.note ? <span className="d-block small text-body-secondary text-wrap">{item.note}</span> : null;
    if (item.href === undefined) {
      return (
        <li key={item.id} role="none">
          <span role="menuitem" tabIndex={tabIndexOf(item)} aria-disabled="true" className="dropdown-item-text" data-entry={item.id} title={item.title}>
            {item.label}
            {note}
          </span>
        </li>
      );
    }
    return (
      <li key={item.id} role="none">
        <a
          role="menuitem"
          tabIndex={tabIndexOf(item)}
          className={`dropdown-item${item.current ? ' active' : ''}`}
          href={item.href}
          title={item.title}
          aria-current={item.current ? 'page' : undefined}
          data-entry={item.id}
          {...(item.external ? { target: '_blank', rel: 'noopener noreferrer external' } : {})}
          onClick={() => close(false)}
        >
          {item.label}
          {item.external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
          {note}
        </a>
      </li>
    );
  };

  return (
    <div className="dropdown" ref={wrapperRef} data-menu={testId}>
      <button
        ref={buttonRef}
        type="button"
        className={`${buttonClassName}${open ? ' show' : ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={buttonContent ? label : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent ?? label}
      </button>
      <ul
        ref={listRef}
        id={menuId}
        role="menu"
        aria-label={label}
        className={`dropdown-menu${alignEnd ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        hidden={!open}
        onKeyDown={onListKeyDown}
        onFocus={(event) => { const entry = (event.target as HTMLElement).dataset.entry; if (entry) setTabStop(entry); }}
      >
        {flat.map(renderLink)}
        {grouped.map((group, index) => (
          <li key={group.id} role="none">
            {index > 0 || flat.length > 0 ? <hr className="dropdown-divider" role="separator" /> : null}
            <ul role="group" aria-label={group.label} className="list-unstyled">
              <li role="presentation" className="dropdown-header" aria-hidden="true">{group.label}</li>
              {group.items.map(renderLink)}
            </ul>
          </li>
        ))}
        {empty ? <li role="none"><span role="menuitem" tabIndex={-1} aria-disabled="true" className="dropdown-item-text text-body-secondary">{emptyText}</span></li> : null}
      </ul>
    </div>
  );
}
