/**
 * The orange asterisk (§2, §4): shown on a record whose parent has unacknowledged changes; clicking
 * it acknowledges the parent record's changes through src/core/changes, and it disappears. When the
 * acknowledgement fails the store puts the changes back, so the asterisk comes back too.
 */
import { $changes, acknowledgeChanges, hasChanges } from '../core/changes';
import { useStore } from './hooks';

/**
 * The asterisk's colour: a deep orange with 4.5:1 contrast on white and over 3:1 on Bootstrap's dark
 * background, so one colour serves both themes (the asterisk is large bold text).
 */
export const CHANGE_INDICATOR_COLOR = '#c25700';
/** The asterisk button's smallest width and height (WCAG 2.2's 24 × 24 px minimum target). */
export const CHANGE_INDICATOR_TARGET_PX = 24;

export interface ChangeIndicatorProps {
  applicationId: number;
  parentApplicationRecordId: number;
  /** What the record is, for the button's accessible name (default 'Acknowledge changes'). */
  label?: string;
}

/** The asterisk button, or nothing when the parent record has no unacknowledged changes. */
export function ChangeIndicator({ applicationId, parentApplicationRecordId, label = 'Acknowledge changes' }: ChangeIndicatorProps) {
  const changes = useStore($changes);
  if (!hasChanges(parentApplicationRecordId, changes)) return null;
  return (
    <button
      type="button"
      className="btn btn-link p-0 lh-1 text-decoration-none change-indicator d-inline-flex align-items-center justify-content-center"
      // At least 24 × 24 px to hit (WCAG 2.2 target size): the glyph alone is 12.5 × 22.
      style={{ color: CHANGE_INDICATOR_COLOR, fontWeight: 700, fontSize: '1.25em', minWidth: CHANGE_INDICATOR_TARGET_PX, minHeight: CHANGE_INDICATOR_TARGET_PX }}
      aria-label={label}
      title={label}
      data-parent-record-id={parentApplicationRecordId}
      onClick={(event) => {
        // The asterisk often sits inside a clickable row or link: acknowledging must not open it.
        event.preventDefault();
        event.stopPropagation();
        void acknowledgeChanges(applicationId, parentApplicationRecordId);
      }}
    >
      *
    </button>
  );
}
