/**
 * How sign-in code reads MSAL errors (§8), by name and code so this module needs no MSAL import.
 */

/**
 * MSAL error codes after which a popup sign-in can still get the token. `invalid_scope`: the refresh token
 * does not cover the service asked for (it came from a sign-in that consented to fewer services); a popup
 * asks for it again.
 */
export const INTERACTIVE_ERROR_CODES: readonly string[] = ['interaction_required', 'login_required', 'consent_required', 'invalid_scope'];

/** §8: the warning when sign-in or sign-out starts while another interaction runs. */
export const INTERACTION_IN_PROGRESS_MESSAGE = 'Interaction is already in progress.';

interface ErrorLike {
  name?: unknown;
  errorCode?: unknown;
}

function fields(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : {};
}

/**
 * True when a silent token request failed in a way a popup can fix (§8): MSAL's
 * `InteractionRequiredAuthError`, the codes interaction_required / login_required (and their kin),
 * or any `BrowserAuthError` (e.g. a blocked or timed-out silent iframe).
 */
export function needsInteractiveSignIn(error: unknown): boolean {
  const { name, errorCode } = fields(error);
  if (name === 'InteractionRequiredAuthError' || name === 'BrowserAuthError') return true;
  return typeof errorCode === 'string' && INTERACTIVE_ERROR_CODES.includes(errorCode);
}

/** True for MSAL's "another interaction is already running" error. */
export function isInteractionInProgress(error: unknown): boolean {
  return fields(error).errorCode === 'interaction_in_progress';
}
