/**
 * The header's search box, lazily: a plain input until the search chunk (src/features/search, its
 * own chunk: the header's first-screen budget is full) arrives on idle or on focus, then the real
 * combobox in its place, keeping what was typed and the focus.
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { SearchBoxProps } from '../../features/search';

export function SearchSlot() {
  const [box, setBox] = useState<[ComponentType<SearchBoxProps>, SearchBoxProps]>();
  const field = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  const load = () => import('../../features/search').then((m) => setBox([m.SearchBox, { initialValue: field.current?.value, autoFocus: focused.current }]));
  useEffect(() => {
    (window.requestIdleCallback ?? setTimeout)(() => void load());
  }, []);
  if (box) {
    const [Box, props] = box;
    return <Box {...props} />;
  }
  return <input ref={field} type="search" className="form-control form-control-sm w-auto" aria-label="Search" placeholder="Search ( / )" onFocus={() => { focused.current = true; void load(); }} />;
}
