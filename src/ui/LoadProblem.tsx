/**
 * The shared pieces of a screen load (issue 16, §8): a progress line that shows only once the load has
 * taken {@link PROGRESS_DELAY_MS}, and the failure block that names what failed and offers a Retry —
 * for every failure, a 403 included (access can be granted meanwhile). Screens use these rather than
 * their own copies, so every screen recovers alike.
 */
import { useState } from 'react';
import { statusFailure } from '../core/api/status-failure';
import { $rolesStatus, loadRoles } from '../core/roles';
import { useTimeout } from './hooks';

/** A load shorter than this shows no progress line (no flash); a longer one shows it. */
export const PROGRESS_DELAY_MS = 300;

/** The Retry button's label. */
export const RETRY_LABEL = 'Retry';

/** 'Loading …' with a spinner, as a polite status, once the load has taken {@link PROGRESS_DELAY_MS}. */
export function LoadProgress({ label, className = 'text-body-secondary py-2' }: { label: string; className?: string }) {
  const [shown, setShown] = useState(false);
  useTimeout(() => setShown(true), PROGRESS_DELAY_MS);
  if (!shown) return null;
  return (
    <div className={className} role="status" data-state="loading">
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {label}
    </div>
  );
}

/** 'Loading …' beside a spinner, at once (`className` places the line). */
export function LoadingLine({ label, className = 'd-flex align-items-center gap-2 mb-3' }: { label: string; className?: string }) {
  return (
    <div className={className} role="status" data-state="loading">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** The kinds of a failed load a screen words itself (the keys of its `failed` texts). */
export type ScreenLoadFailure = 401 | 403 | 404 | 'timeout' | 'other';

/** What kind of failure ended a screen's load: signed out, no access, not found, timed out, or anything else. */
export function screenLoadFailure(error: unknown): ScreenLoadFailure {
  return statusFailure(error, [401, 403, 404]);
}

/** A failed load's sentence for its kind of `failure` (a 403 as a warning) and a button that loads again. */
export function FailedLoadAlert({ failure, message, retryLabel, onRetry }: { failure: number | string; message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className={`alert ${failure === 403 ? 'alert-warning' : 'alert-danger'} d-flex align-items-center gap-3`} role="alert" data-state="failed" data-failure={failure}>
      <span>{message}</span>
      <button type="button" className="btn btn-sm btn-danger" onClick={onRetry}>{retryLabel}</button>
    </div>
  );
}

/** A screen's Retry loads the user's roles again too when they failed: the outage that failed the screen often failed them. */
function retryFailedRoles(): void {
  if ($rolesStatus.get() === 'failed') void loadRoles();
}

/**
 * The Retry's look on each alert. On the warning's yellow the secondary outline's grey text reads at about 4:1 (axe:
 * color-contrast), so it takes the alert's own text colour there.
 */
const RETRY_CLASS = { danger: 'btn-outline-danger', warning: 'border text-warning-emphasis' } as const;

/** What failed, and a Retry that loads again (`action` marks the button, for a page with two). */
export function LoadProblem({ message, onRetry, variant = 'danger', state = 'failed', action = 'retry' }: {
  message: string; onRetry: () => void; variant?: 'danger' | 'warning'; state?: 'failed' | 'forbidden'; action?: string;
}) {
  return (
    <div className={`alert alert-${variant} d-flex flex-wrap align-items-center gap-2`} role="alert" data-state={state}>
      <span>{message}</span>
      <button type="button" className={`btn btn-sm ${RETRY_CLASS[variant]}`} data-action={action} onClick={() => { retryFailedRoles(); onRetry(); }}>{RETRY_LABEL}</button>
    </div>
  );
}

/**
 * A record shown from the shared store (the list, or another workbench, loaded it) while it loads afresh: the
 * user still sees that the refresh is under way and, when it fails, that the copy may be out of date, with
 * Retry. `what` names the record ('Change event CE-001'); nothing shows for any other `status`.
 */
export function RecordRefreshNotice({ status, what, onRetry }: { status: string; what: string; onRetry: () => void }) {
  if (status === 'loading') return <LoadProgress label={`Refreshing ${what}…`} />;
  if (status === 'failed') return <LoadProblem variant="warning" message={`${what} could not be refreshed, so what is shown may be out of date.`} onRetry={onRetry} />;
  return null;
}
