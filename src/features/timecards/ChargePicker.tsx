/**
 * The charge picker of a timecard line: a combobox that finds projects and opportunities by number or
 * name (TIMECARD_API.searchCharges, from 2 characters), then the line's labour cost code is chosen
 * from the picked one's codes.
 */
import { useEffect, useId, useState } from 'react';
import type { ChargeOption } from '../../core/timecards/contract';
import { searchCharges } from './data';

export const PICKER_TEXT = {
  placeholder: 'Project or opportunity number or name',
  typeMore: 'Type 2 or more characters.',
  searching: 'Searching…',
  none: 'No project or opportunity matches.',
  failed: 'The search failed: type again to retry.',
  opportunity: 'Opportunity',
} as const;

export const chargeText = (number: string | null, name: string | null) => [number, name].filter(Boolean).join(' ');

/** A combobox; `value` is the text of the current charge. Calls `onPick` with the chosen option. */
export function ChargePicker({ value, label, describedBy, invalid, disabled, onPick, inputId }: {
  value: string; label: string; describedBy?: string; invalid?: boolean; disabled?: boolean; inputId?: string;
  onPick(option: ChargeOption): void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<ChargeOption[]>([]);
  const [state, setState] = useState<'idle' | 'searching' | 'done' | 'failed'>('idle');
  const [active, setActive] = useState(-1);
  const [typing, setTyping] = useState(false);
  const shown = typing ? text : value;
  const search = text.trim();

  useEffect(() => {
    if (!typing || !open || search.length < 2) return undefined;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      searchCharges(search, abort.signal).then(
        (found) => { setOptions(found); setActive(found.length ? 0 : -1); setState('done'); },
        () => { if (!abort.signal.aborted) setState('failed'); },
      );
    }, 250);
    return () => { clearTimeout(timer); abort.abort(); };
  }, [search, open, typing]);
  const visible = search.length >= 2 ? options : [];

  const pick = (option: ChargeOption) => {
    setTyping(false);
    setOpen(false);
    onPick(option);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') { event.preventDefault(); setOpen(true); setActive((a) => Math.min(visible.length - 1, a + 1)); }
    else if (event.key === 'ArrowUp') { event.preventDefault(); setActive((a) => Math.max(0, a - 1)); }
    else if (event.key === 'Enter' && open && visible[active]) { event.preventDefault(); pick(visible[active]); }
    else if (event.key === 'Escape' && open) { event.preventDefault(); event.stopPropagation(); setTyping(false); setOpen(false); }
  };

  const status = search.length < 2 ? PICKER_TEXT.typeMore : state === 'searching' ? PICKER_TEXT.searching
    : state === 'failed' ? PICKER_TEXT.failed : state === 'done' && visible.length === 0 ? PICKER_TEXT.none : '';

  return (
    <div className="position-relative" data-picker>
      <input id={inputId} type="text" role="combobox" className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`} value={shown}
        aria-label={label} aria-expanded={open} aria-controls={listId} aria-autocomplete="list" aria-describedby={describedBy}
        aria-invalid={invalid || undefined} aria-activedescendant={open && active >= 0 ? `${id}-o${active}` : undefined}
        placeholder={PICKER_TEXT.placeholder} disabled={disabled} autoComplete="off"
        onChange={(e) => {
          setTyping(true); setText(e.target.value); setOpen(true);
          if (e.target.value.trim().length >= 2) setState('searching');
        }}
        onFocus={(e) => e.target.select()}
        onBlur={() => setTimeout(() => { setTyping(false); setOpen(false); }, 150)}
        onKeyDown={onKeyDown} />
      {open ? (
        <div className="dropdown-menu show w-100 shadow-sm p-0" style={{ maxHeight: '256px', overflowY: 'auto', minWidth: '256px' }}>
          {status ? <div className="px-2 py-1 small text-body-secondary" role="status">{status}</div> : null}
          {visible.length ? <ul id={listId} role="listbox" aria-label={label} className="list-unstyled mb-0">
            {visible.map((option, index) => (
              <li key={`${option.kind}-${option.id}`} id={`${id}-o${index}`} role="option" aria-selected={index === active}
                className={`dropdown-item small${index === active ? ' active' : ''}`} data-option={`${option.kind}:${option.id}`}
                onMouseDown={(e) => { e.preventDefault(); pick(option); }}>
                {option.kind === 'opportunity' ? <span className="badge text-bg-info me-1">{PICKER_TEXT.opportunity}</span> : null}
                <span className="fw-semibold">{option.number}</span> {option.name}
              </li>
            ))}
          </ul> : null}
        </div>
      ) : null}
    </div>
  );
}
