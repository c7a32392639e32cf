/** Loading (role=status), no access, failed with Retry, or the content: the screen states of §4. */
import type { ReactNode } from 'react';
import type { LoadState } from '../useLoad';
import { LoadProblem } from '../LoadProblem';

export function RecordListsStatus({ load, retry, text, children }: {
  load: LoadState<unknown>; retry(): void; text: { loading: string; loadFailed: string; noAccess: string }; children: ReactNode;
}) {
  if (load.status === 'failed' && load.failure === 'forbidden') return <LoadProblem variant="warning" state="forbidden" message={text.noAccess} onRetry={retry} />;
  if (load.status === 'failed') {
    return (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state="failed">
        <span>{text.loadFailed}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>Retry</button>
      </div>
    );
  }
  if (load.status === 'loading') {
    return (
      <div role="status" className="text-body-secondary" data-state="loading">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{text.loading}
      </div>
    );
  }
  return <>{children}</>;
}
