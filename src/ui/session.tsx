/**
 * Signing in when an element is embedded alone. Inside `<portal-app>` the portal signs in and its
 * guard waits for the roles before a screen mounts; on a legacy page nothing else does, so an
 * element that needs data starts the sign-in itself (`startAuth` is idempotent: a no-op in the portal).
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { $session, signIn, startAuth } from '../core/auth';
import { $rolesStatus, loadRoles } from '../core/roles';
import { useStore } from './hooks';
import { LoadProblem } from './LoadProblem';

/** Shown while the sign-in is under way. */
export const SIGNING_IN_TEXT = 'Signing in…';
/** Shown when the visitor is signed out (`?skipautosignon`, or the sign-in failed). */
export const PLEASE_LOGIN_TEXT = 'Please login';
/** Shown above an element when the user's roles failed to load: it would otherwise look read-only with no reason given. */
export const ROLES_UNCHECKED_TEXT = 'Your roles could not be loaded, so what they allow you to change is shown read-only.';

/**
 * Start the sign-in right after the next paint (a frame, then a task); returns a cancel. The portal and its
 * header use it so their first paint never waits for MSAL's chunk (issue 16: the portal's first paint is
 * the first screen less MSAL; `npm run bench` checks that the header paints before MSAL is asked for).
 */
export function startAuthAfterPaint(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => void startAuth(), 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Whether the user is signed in; starts the sign-in when nothing has started it yet. */
export function useSignedIn(): boolean {
  const session = useStore($session);
  useEffect(() => {
    if (session.status === 'starting') void startAuth();
  }, [session.status]);
  return session.status === 'signedIn';
}

/**
 * Renders `children` once signed in, under a warning with a Retry when the user's roles failed to load.
 * Before: 'Signing in…' (role=status); signed out: 'Please login' with a Sign in button. `defineReactElement(tag, View, { signIn: true })` wraps a view in it.
 */
export function SignInGate({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const status = useStore($session).status;
  const rolesStatus = useStore($rolesStatus);
  if (signedIn) {
    // Inside <portal-app> a screen that needs a role is replaced by the portal's own message; one that needs none, or an
    // element embedded alone, says it here.
    return (
      <>
        {rolesStatus === 'failed' ? (
          <div className="m-2" data-roles-failed>
            <LoadProblem variant="warning" message={ROLES_UNCHECKED_TEXT} action="retry-roles" onRetry={() => void loadRoles()} />
          </div>
        ) : null}
        {children}
      </>
    );
  }
  if (status === 'signedOut' || status === 'error') {
    return (
      <div className="container-fluid py-3" data-session="signed-out">
        <p className="mb-2">{PLEASE_LOGIN_TEXT}</p>
        <button type="button" className="btn btn-primary" onClick={() => void signIn()}>Sign in</button>
      </div>
    );
  }
  return <p className="container-fluid py-3 text-body-secondary" role="status" data-session="signing-in">{SIGNING_IN_TEXT}</p>;
}
