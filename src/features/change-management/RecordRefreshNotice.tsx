/**
 * Issue 16: a workbench opened on a record the shared store already holds (the list, or another workbench,
 * loaded it) shows that copy at once while it loads the record afresh. The user must still see that the
 * refresh is under way, and that it failed — the copy may be out of date — with a Retry.
 */
import { LoadProblem, LoadProgress } from '../../ui/LoadProblem';
import type { RecordLoad } from './hooks';

/** `what` names the record, e.g. 'Change event item 12'. Renders nothing once the record has loaded. */
export function RecordRefreshNotice({ status, what, onRetry }: { status: RecordLoad; what: string; onRetry: () => void }) {
  if (status === 'loading') return <LoadProgress label={`Refreshing ${what}…`} />;
  if (status === 'failed') {
    return <LoadProblem variant="warning" message={`${what} could not be refreshed, so what is shown may be out of date.`} onRetry={onRetry} />;
  }
  return null;
}
