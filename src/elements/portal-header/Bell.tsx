/**
 * The bell (§1, §7): the count of open items and a menu listing them by group, each linking to where
 * it is handled. A workflow's directLink to another site is only ever an explicit external link.
 */
import { useEffect, useState } from 'react';
import { OPEN_ITEMS_CHANGED_EVENT } from '../../core/open-items';
import { Menu } from '../../ui/Menu';
import { loadOpenItems, openItemCount } from './data';
import { openItemGroups } from './links';
import { useLoad } from './useLoad';

/**
 * Dispatched (bubbling, composed) after a write that changes the user's open items: by the projection
 * grid after a submit; by the approval screens after an approval or rejection (issue 29).
 */
const OPEN_ITEMS_CHANGED = ['pfm-projections-submitted', OPEN_ITEMS_CHANGED_EVENT] as const;

export function Bell({ employeeId, legacyOrigin }: { employeeId: number; legacyOrigin: string }) {
  // Count the changes seen on the page: each one loads the open items again.
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    const count = () => setSubmits((n) => n + 1);
    for (const name of OPEN_ITEMS_CHANGED) document.addEventListener(name, count);
    return () => { for (const name of OPEN_ITEMS_CHANGED) document.removeEventListener(name, count); };
  }, []);
  const items = useLoad(employeeId > 0 ? String(employeeId) : null, () => loadOpenItems(employeeId), 'Open items', submits) ?? null;
  const count = items ? openItemCount(items) : 0;
  const groups = items ? openItemGroups(items, { origin: location.origin, legacyOrigin }) : [];
  return (
    <Menu
      testId="bell"
      label={`Open items: ${count}`}
      alignEnd
      buttonClassName="btn btn-link nav-link position-relative px-2 portal-bell"
      buttonContent={
        <>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 16 16" fill="currentColor">
            <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2M8 1.918l-.797.161A4 4 0 0 0 4 6c0 .628-.134 2.197-.459 3.742-.16.767-.376 1.566-.663 2.258h10.244c-.287-.692-.502-1.49-.663-2.258C12.134 8.197 12 6.628 12 6a4 4 0 0 0-3.203-3.92zM14.22 12c.223.447.481.801.78 1H1c.299-.199.557-.553.78-1C2.68 10.2 3 6.88 3 6c0-2.42 1.72-4.44 4.005-4.901a1 1 0 1 1 1.99 0A5 5 0 0 1 13 6c0 .88.32 4.2 1.22 6" />
          </svg>
          <span className="badge rounded-pill text-bg-danger portal-bell-count" data-count={count}>{count}</span>
        </>
      }
      groups={groups}
      emptyText="No open items"
    />
  );
}
