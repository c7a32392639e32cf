/**
 * The items that blocked a change event advance (§4, beyond the anchors): each with its state and
 * a link that opens it in the Change Event Item workbench.
 */
import { openWorkbench, workbenchUrl } from '../../core/workbench';
import { itemLabel } from './advance';
import type { ChangeEventItem } from './types';

export interface BlockedAdvance {
  title: string;
  message: string;
  blockingItems: ChangeEventItem[];
  /** What was being advanced ('CE-003'). */
  recordName: string;
}

/** An alert naming the refusal and listing the blocking items with links; `onDismiss` hides it. */
export function BlockedItems({ blocked, onDismiss }: { blocked: BlockedAdvance; onDismiss(): void }) {
  return (
    <div className="alert alert-warning" role="alert" data-testid="blocked-advance">
      <div className="d-flex justify-content-between align-items-start gap-2">
        <div>
          <div className="fw-semibold" data-blocked-title>{blocked.title} ({blocked.recordName})</div>
          <div data-blocked-message>{blocked.message}</div>
        </div>
        <button type="button" className="btn-close" aria-label="Dismiss" onClick={onDismiss} />
      </div>
      <div className="mt-2 small fw-semibold">Items that block it:</div>
      <ul className="mb-0 ps-3" data-blocking-items>
        {blocked.blockingItems.map((item) => (
          <li key={item.changeEventItemId} data-item-id={item.changeEventItemId}>
            <a
              href={workbenchUrl('ChangeEventItem', { recordKey: 'ChangeEventItem', recordId: item.changeEventItemId })}
              onClick={(event) => {
                // Links inside a shadow root are not routed by the router: open the workbench in-page.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                openWorkbench('ChangeEventItem', { recordKey: 'ChangeEventItem', recordId: item.changeEventItemId });
              }}
            >
              {itemLabel(item)}
            </a>
            {' — '}
            <span data-item-state>{item.recordStateName}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
