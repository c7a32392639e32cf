/**
 * The changes panel (§4, §7): the records with unacknowledged changes for one application, each with
 * its orange asterisk (clicking it acknowledges the parent record's changes), and 'Clear all'.
 * A disclosure rather than a role=menu, because each row holds its own button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { $changes, clearChanges, refreshChanges, type ChangeEntry } from '../../core/changes';
import { ChangeIndicator } from '../../ui/ChangeIndicator';
import { useCloseOnOutsidePress, useStore } from '../../ui/hooks';

/** The changes grouped by parent record, in first-seen order. */
function byParent(changes: readonly ChangeEntry[]): Array<{ parentId: number; parentType: string; entries: ChangeEntry[] }> {
  const groups = new Map<number, { parentId: number; parentType: string; entries: ChangeEntry[] }>();
  for (const change of changes) {
    let group = groups.get(change.parentApplicationRecordId);
    if (!group) {
      group = { parentId: change.parentApplicationRecordId, parentType: change.parentRecordType ?? '', entries: [] };
      groups.set(change.parentApplicationRecordId, group);
    }
    group.entries.push(change);
  }
  return [...groups.values()];
}

export function ChangesMenu({ applicationId }: { applicationId: number }) {
  const changes = useStore($changes);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    refreshChanges(applicationId).catch(() => undefined); // logged by the store
  }, [applicationId]);

  useCloseOnOutsidePress(wrapperRef, open, setOpen);

  const groups = byParent(changes);
  return (
    <div
      className="dropdown portal-changes"
      ref={wrapperRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-link nav-link px-2"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Changes: ${groups.length}`}
        onClick={() => setOpen(!open)}
      >
        <span className="portal-changes-mark" aria-hidden="true">*</span>
        <span className="badge rounded-pill text-bg-secondary ms-1" data-count={groups.length}>{groups.length}</span>
      </button>
      <div id={panelId} className="dropdown-menu dropdown-menu-end show p-2 portal-changes-panel" hidden={!open}>
        <h2 className="h6 dropdown-header px-1">Unacknowledged changes</h2>
        {groups.length === 0 ? <p className="small text-body-secondary px-1 mb-0">No unacknowledged changes</p> : null}
        <ul className="list-unstyled mb-0">
          {groups.map((group) => (
            <li key={group.parentId} className="d-flex align-items-start gap-2 py-1" data-parent-record-id={group.parentId}>
              <ChangeIndicator applicationId={applicationId} parentApplicationRecordId={group.parentId} label={`Acknowledge changes to ${group.parentType || 'record'} ${group.parentId}`} />
              <span className="small">
                <span className="fw-semibold">{group.parentType || 'Record'} {group.parentId}</span>
                {group.entries.map((entry) => (
                  <span key={`${entry.recordType}-${entry.applicationRecordId}`} className="d-block text-body-secondary">
                    {entry.description || `${entry.recordType} ${entry.applicationRecordId}`}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
        {groups.length > 0 ? (
          <button type="button" className="btn btn-sm btn-outline-secondary w-100 mt-2" onClick={() => void clearChanges(applicationId)}>Clear all</button>
        ) : null}
      </div>
    </div>
  );
}
