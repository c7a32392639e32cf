/**
 * A menu of the target states the server offers from a record's state (GET
 * /api/applications/GetRecordStateAdvancements). Given the record, it also asks the server's approval
 * authority (GET /api/applications/GetRecordMoveAuthority) and shows a move the user may not make
 * disabled, with its reason, before the click; a move that needs a reason typed (Executed without
 * e-sign) asks for it before `onSelect`. WAI-ARIA menu button: Enter/Space/ArrowDown open it
 * on the first target, ArrowUp on the last; arrows move (wrapping), Home/End jump, Escape closes and
 * returns focus to the button. Choosing a target only calls `onSelect`: the rules of §4 are the
 * caller's business.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { showPrompt } from '../../core/messages';
import { useCloseOnOutsidePress } from '../hooks';
import { loadMoveAuthority, loadStateAdvancements } from '../../core/records';
import type { MoveAuthority, StateAdvancement } from '../../core/records';

/** What the user added to a move: the reason typed, when the move asks for one. */
export interface MoveExtras {
  reason?: string;
}

export interface StateAdvanceMenuProps {
  /** The record's current state id. */
  stateId: number;
  /** Called with the chosen advancement (and the reason typed when the move asks for one). */
  onSelect(advancement: StateAdvancement, extras: MoveExtras): void;
  /** The record, so the menu shows the approval authority of each move before the click. */
  record?: { recordKey: string; recordId: number };
  /** The button's text (default 'Advance'). */
  label?: string;
  /** Accessible name of the button, e.g. 'Advance CE-003' (default the label). */
  ariaLabel?: string;
  /** While true the button is disabled (an update is under way). */
  disabled?: boolean;
  buttonClassName?: string;
  alignEnd?: boolean;
  /** A target's text in the menu (default its state name), e.g. 'Revise and Resubmit' for a move back to Draft. */
  labelOf?(advancement: StateAdvancement): string;
}

type Load = { status: 'loading' } | { status: 'loaded'; list: StateAdvancement[]; authority: ReadonlyMap<number, MoveAuthority> } | { status: 'failed' };

/** The menu button and its menu of target states. */
export function StateAdvanceMenu({
  stateId, onSelect, label = 'Advance', ariaLabel, disabled = false, buttonClassName = 'btn btn-sm border text-body', alignEnd = true, labelOf, record,
}: StateAdvanceMenuProps) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  // The answer remembers its state id, so a new state shows 'loading' until its own targets arrive.
  const [answer, setAnswer] = useState<{ stateId: number; load: Load } | null>(null);
  const load: Load = useMemo(() => (answer && answer.stateId === stateId ? answer.load : { status: 'loading' }), [answer, stateId]);
  const [focusIndex, setFocusIndex] = useState<number | 'last'>(0);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  const needsLoad = open && !(answer && answer.stateId === stateId);
  useEffect(() => {
    if (!needsLoad) return undefined;
    let live = true;
    // Without the authority (it failed to load) the targets still show: the server refuses what it must.
    const authority = record
      ? loadMoveAuthority(record.recordKey, record.recordId).catch((error: unknown) => {
        console.error('Move authority failed to load', error);
        return [] as MoveAuthority[];
      })
      : Promise.resolve([] as MoveAuthority[]);
    Promise.all([loadStateAdvancements(stateId), authority]).then(
      ([list, moves]) => {
        if (live) setAnswer({ stateId, load: { status: 'loaded', list, authority: new Map(moves.map((m) => [m.targetApplicationRecordStateId, m])) } });
      },
      (error: unknown) => {
        console.error('State advancements failed to load', error);
        if (live) setAnswer({ stateId, load: { status: 'failed' } });
      },
    );
    return () => { live = false; };
    // The record's id is part of what the answer means; its key and id are stable strings and numbers.
  }, [needsLoad, stateId, record?.recordKey, record?.recordId]); // eslint-disable-line react-hooks/exhaustive-deps

  // A layout effect: focus moves in the commit that shows the targets. A passive effect runs later, and one still
  // pending when Escape closes the menu ran first in the closing render, moving focus back into the hidden list.
  useLayoutEffect(() => {
    if (!open) return;
    const list = load.status === 'loaded' ? items.current.slice(0, load.list.length).filter((el): el is HTMLButtonElement => el !== null) : [];
    const target = focusIndex === 'last' ? list[list.length - 1] : list[focusIndex];
    // With no target to choose (loading, failed, none offered) the menu itself takes focus: its line is read, and
    // Escape closes it as it would from a target.
    (target ?? menu.current)?.focus();
  }, [open, load, focusIndex]);

  useCloseOnOutsidePress(root, open, setOpen);

  const close = (focusButton: boolean) => {
    setOpen(false);
    // A failed load is asked again the next time the menu opens.
    if (load.status === 'failed') setAnswer(null);
    if (focusButton) button.current?.focus();
  };
  const list = load.status === 'loaded' ? load.list : [];
  const authorityOf = (advancement: StateAdvancement) =>
    (load.status === 'loaded' ? load.authority.get(advancement.targetApplicationRecordState.applicationRecordStateId) : undefined);

  const choose = async (advancement: StateAdvancement) => {
    const authority = authorityOf(advancement);
    if (authority && !authority.allowed) return;
    close(true);
    if (!authority?.reasonRequired) {
      onSelect(advancement, {});
      return;
    }
    const name = advancement.targetApplicationRecordState.name;
    const answer = await showPrompt({
      title: `Mark ${name}`,
      message: `Without e-sign, say how it was signed (for example "signed on paper").`,
      input: 'textarea', inputLabel: 'How it was signed', buttons: ['cancel', 'ok'], labels: { ok: `Mark ${name}` },
    });
    const reason = answer.text.trim();
    if (answer.result === true && reason) onSelect(advancement, { reason });
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setFocusIndex(0);
      setOpen(true);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setFocusIndex('last');
      setOpen(true);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const count = list.length;
    const current = items.current.slice(0, count).findIndex((el) => el === (event.target as HTMLElement));
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (count > 0 && event.key === 'ArrowDown') {
      event.preventDefault();
      setFocusIndex((current + 1) % count);
    } else if (count > 0 && event.key === 'ArrowUp') {
      event.preventDefault();
      setFocusIndex((current - 1 + count) % count);
    } else if (count > 0 && event.key === 'Home') {
      event.preventDefault();
      setFocusIndex(0);
    } else if (count > 0 && event.key === 'End') {
      event.preventDefault();
      setFocusIndex(count - 1);
    }
  };

  return (
    <div className="dropdown d-inline-block" ref={root}>
      <button
        ref={button}
        type="button"
        className={`${buttonClassName} dropdown-toggle`}
        aria-haspopup="menu"
        data-state-menu
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => { setFocusIndex(0); setOpen((was) => !was); }}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          tabIndex={-1}
          role="menu"
          aria-label={ariaLabel ?? label}
          className={`dropdown-menu show${alignEnd ? ' dropdown-menu-end' : ''}`}
          style={{ position: 'absolute', inset: alignEnd ? '100% 0 auto auto' : '100% auto auto 0' }}
          onKeyDown={onMenuKey}
        >
          {load.status === 'loading' ? <li role="none" className="dropdown-item-text text-body-secondary">Loading…</li> : null}
          {load.status === 'failed' ? <li role="none" className="dropdown-item-text text-danger">The target states could not be loaded.</li> : null}
          {load.status === 'loaded' && list.length === 0 ? <li role="none" className="dropdown-item-text text-body-secondary">No state changes are available.</li> : null}
          {list.map((advancement, index) => {
            const target = advancement.targetApplicationRecordState;
            const authority = authorityOf(advancement);
            const refused = authority !== undefined && !authority.allowed;
            const reasonId = `${menuId}-why-${target.applicationRecordStateId}`;
            return (
              <li role="none" key={target.applicationRecordStateId}>
                <button
                  ref={(el) => { items.current[index] = el; }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={`dropdown-item${refused ? ' text-body-secondary' : ''}`}
                  data-target-state={target.name}
                  aria-disabled={refused || undefined}
                  aria-describedby={refused ? reasonId : undefined}
                  onClick={() => { void choose(advancement); }}
                >
                  {labelOf ? labelOf(advancement) : target.name}
                  {target.closed ? <span className="visually-hidden"> (closed)</span> : null}
                  {authority?.reasonRequired && !refused ? <span className="visually-hidden"> (asks how it was signed)</span> : null}
                  {refused ? <span id={reasonId} className="d-block small text-wrap" data-move-refusal style={{ maxWidth: '352px' }}>{authority.reason}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
