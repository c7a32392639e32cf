/**
 * The header's search box (issue 12), loaded lazily by `<portal-header>` (its own chunk): an ARIA
 * combobox whose listbox shows the search service's results grouped by kind.
 *
 * - Searches as you type: from SEARCH_MIN_CHARS characters, after SEARCH_DEBOUNCE_MS, each new
 *   query aborting the one before.
 * - Keyboard: `/` anywhere outside a field focuses the box; ArrowDown/ArrowUp move through the
 *   results, Enter opens the active one, Escape closes the list (a second Escape clears the box).
 * - Every text is rendered as text (React text nodes), never as HTML.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { pageSingleton } from '../../core/singleton';
import { errorMessage } from './errors';
import { groupResults, openResult, searchable, searchRecords, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, type SearchResult } from './data';

export interface SearchBoxProps {
  /** Text typed into the placeholder before this chunk arrived. */
  initialValue?: string;
  /** Take the focus on mount (the placeholder had it). */
  autoFocus?: boolean;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'loading'; q: string }
  | { kind: 'done'; q: string; results: SearchResult[] }
  | { kind: 'failed'; q: string; message: string };

const SEARCH_CSS = `
.portal-search { position: relative; width: 272px; max-width: 40vw; }
.portal-search .form-control { padding-top: 2px; padding-bottom: 2px; }
.portal-search-list { display: block; position: absolute; right: 0; left: auto; top: calc(100% + 4px); width: 416px; max-width: 90vw; max-height: 70vh; overflow-y: auto; z-index: 1040; color: var(--bs-body-color); }
.portal-search-list .dropdown-item { cursor: pointer; white-space: normal; }
.portal-search-number { font-weight: 600; margin-right: 8px; }
.portal-search-detail { display: block; font-size: 12.8px; color: var(--bs-secondary-color); }
.portal-search-list .dropdown-item.active .portal-search-detail { color: inherit; }
.portal-search-note { padding: 4px 16px; font-size: 14px; color: var(--bs-body-color); }
`;

// One sheet per page, shared by every header (and every bundle copy); CSSOM, which the CSP allows.
const searchSheet = () => pageSingleton('portal-search.sheet', () => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(SEARCH_CSS);
  return sheet;
});

function adoptSearchStyles(node: Node): void {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return;
  const sheet = searchSheet();
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** True when a key pressed in `target` is typing (a field or an editable element). */
function isTyping(target: EventTarget | undefined): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

export function SearchBox({ initialValue = '', autoFocus = false }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(initialValue);
  const [answer, setStatus] = useState<Status>({ kind: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (root.current) adoptSearchStyles(root.current);
    if (autoFocus && input.current) {
      input.current.focus();
      input.current.setSelectionRange(initialValue.length, initialValue.length);
    }
  }, [autoFocus, initialValue]);

  // `/` focuses the box, unless the user is typing in a field (the real target, inside shadow roots too).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.composedPath()[0])) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Search as you type: debounced, the previous request aborted.
  const q = searchable(text);
  useEffect(() => {
    if (!q) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus({ kind: 'loading', q });
      searchRecords(q, controller.signal).then(
        (results) => {
          setStatus({ kind: 'done', q, results });
          setActive(-1);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setStatus({ kind: 'failed', q, message: errorMessage(error) });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, attempt]);

  // Below the minimum nothing is searched: whatever the last answer was, the box is idle.
  const status: Status = q ? answer : { kind: 'idle' };
  const results = status.kind === 'done' && status.q === q ? status.results : [];
  const groups = groupResults(results);
  const flat = groups.flatMap((g) => g.results);
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && text.trim().length > 0;

  // The active option stays in view as the arrows move through a list taller than its box.
  useEffect(() => {
    if (active < 0) return;
    root.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: 'nearest' });
  });

  const choose = useCallback((result: SearchResult | undefined) => {
    if (!result) return;
    setOpen(false);
    input.current?.blur();
    openResult(result);
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (flat.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : flat.length - 1) : (current + step + flat.length) % flat.length));
    } else if (event.key === 'Enter') {
      if (expanded && active >= 0 && flat[active]) {
        event.preventDefault();
        choose(flat[active]);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  let note: React.ReactNode = null;
  if (text.trim().length > 0 && !q) note = `Type at least ${SEARCH_MIN_CHARS} characters.`;
  else if (status.kind === 'loading' || (q && status.kind === 'idle') || (status.kind !== 'idle' && status.q !== q)) note = 'Searching…';
  else if (status.kind === 'failed') {
    note = (
      <>
        <span>Search failed: {status.message}</span>{' '}
        <button type="button" className="btn btn-sm btn-outline-secondary ms-1" onMouseDown={(event) => event.preventDefault()}
          onClick={() => { setAttempt((n) => n + 1); input.current?.focus(); }}>Retry</button>
      </>
    );
  } else if (status.kind === 'done' && flat.length === 0) note = `No records you may open match “${status.q}”.`;
  const count = status.kind === 'done' && status.q === q && flat.length > 0 ? `${flat.length} result${flat.length === 1 ? '' : 's'}` : '';

  return (
    <div ref={root} className="portal-search" data-search
      onBlur={(event) => { if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false); }}>
      <input
        ref={input}
        type="search"
        className="form-control form-control-sm"
        role="combobox"
        aria-label="Search projects, vendors, commitments, change events, owner agreements (press /)"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/"
        placeholder="Search ( / )"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={text}
        onChange={(event) => { setText(event.currentTarget.value); setOpen(true); setActive(-1); }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <div className="visually-hidden" role="status" aria-live="polite">{expanded ? (typeof note === 'string' ? note : count) : ''}</div>
      {/* A scrolling region is reachable by keyboard (Tab from the box; the arrows work in the box itself). */}
      <div className="dropdown-menu shadow portal-search-list" hidden={!expanded} tabIndex={0} data-search-results>
        {note ? <div className="portal-search-note" data-search-note>{note}</div> : null}
        <div role="listbox" id={listId} aria-label="Search results">
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`} data-search-group={group.kind}>
              <div className="dropdown-header" id={`${id}-${group.kind}`} role="presentation">{group.label}</div>
              {group.results.map((result) => {
                const mine = flat.indexOf(result);
                return (
                  <div key={`${result.kind}-${result.id}`} id={optionId(mine)} role="option" aria-selected={mine === active}
                    className={`dropdown-item${mine === active ? ' active' : ''}`} data-search-result={`${result.kind}:${result.id}`}
                    onMouseDown={(event) => event.preventDefault()} onMouseEnter={() => setActive(mine)} onClick={() => choose(result)}>
                    <span className="portal-search-number">{result.number}</span>
                    <span>{result.name}</span>
                    {result.detail ? <span className="portal-search-detail">{result.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
