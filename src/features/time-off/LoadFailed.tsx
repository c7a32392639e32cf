import { problemText } from './problems';
import { PTO_SCREEN_TEXT } from './text';

/** A time-off view's failed load: `failed` (what could not be loaded), why (the error in words), and Retry. */
export function LoadFailed({ failed, error, onRetry }: { failed: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
      <span>{`${failed} ${problemText(error)}`}</span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>{PTO_SCREEN_TEXT.retry}</button>
    </div>
  );
}
