/** The tray (§2): a bar at the bottom of the screen with one Restore Workbench button per minimised workbench. */
import { WORKBENCH_TOOLTIPS } from '../../core/workbench';
import type { MinimizedWorkbench } from '../../core/workbench';
import { WorkbenchIcon } from './icons';

export function WorkbenchTray({ entries, onRestore }: { entries: readonly MinimizedWorkbench[]; onRestore(entry: MinimizedWorkbench): void }) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label="Minimized workbenches" className="workbench-tray d-flex flex-wrap gap-2 px-3 py-2 border-top bg-body-tertiary"
      style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 1040 }}>
      {entries.map((entry) => (
        <button key={`${entry.kind}|${entry.recordKey}|${entry.recordId}`} type="button" className="btn btn-sm btn-secondary d-inline-flex align-items-center gap-2"
          title={WORKBENCH_TOOLTIPS.restoreWorkbench} aria-label={`${WORKBENCH_TOOLTIPS.restoreWorkbench}: ${entry.title}`} onClick={() => onRestore(entry)}>
          <WorkbenchIcon name="restore" />
          <span>{entry.title}</span>
        </button>
      ))}
    </nav>
  );
}
