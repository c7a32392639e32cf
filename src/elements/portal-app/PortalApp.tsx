import { createElement, lazy, Suspense, useEffect, useLayoutEffect, useState, type MouseEvent } from 'react';
import { signIn } from '../../core/auth';
import { readPortalConfig } from '../../core/env';
import { loadRoles } from '../../core/roles';
import { $guard, $router, startGuard } from '../../core/router';
import { startPrefetch } from '../../core/router/prefetch';
import { $projectRefusal, clearProjectRefusal, currentHref } from '../../core/projects/refusal';
import { useStore } from '../../ui/hooks';
import { LoadProblem } from '../../ui/LoadProblem';
import { startAuthAfterPaint } from '../../ui/session';

/** Issue 15: the "not on this project's team" screen, loaded only when a load is refused. */
const ProjectRefusal = lazy(() => import('../../ui/ProjectRefusal').then((m) => ({ default: m.ProjectRefusal })));

/** Issue 16: the roles could not be loaded (a connection reset, a 5xx): not a refusal, so not 'No Access'. */
export const ROLES_FAILED_TEXT = 'Your access to this screen could not be checked: the server did not answer. Try again in a moment.';

/** The skip link's text (the first tab stop of the portal). */
export const SKIP_LINK_TEXT = 'Skip to content';

/** The skip link moves focus to the main area itself: a fragment does not reach into a shadow root. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  const root = event.currentTarget.getRootNode() as ShadowRoot | Document;
  root.getElementById('portal-main')?.focus();
}

/** The router page: the header, and the screen the URL names, guarded and titled. */
export function PortalApp() {
  const { view } = useStore($guard);
  // Issue 15: a load of this page refused as "not on the project's team" replaces the screen (one place for every screen).
  const refusal = useStore($projectRefusal);
  const [attempt, setAttempt] = useState(0);

  // After the first paint: the header and the screen's frame paint without MSAL.
  useEffect(() => startAuthAfterPaint(), []);
  // The guard's reloads and redirects run while the portal is mounted, from when the configuration is read (issue 33:
  // a hand-off goes to the legacy host the document names; with an unusable one the portal shows its problems instead).
  useEffect(() => {
    const stops: Array<() => void> = [];
    let mounted = true;
    void readPortalConfig().then(() => {
      // The prefetch first: a navigation's data goes out ahead of the guard's role reload.
      if (mounted) stops.push(startPrefetch(), startGuard());
    });
    return () => {
      mounted = false;
      for (const stop of stops) stop();
    };
  }, []);

  // §2: titles per screen; scroll resets to the top on navigation.
  const title = view.kind === 'element' ? view.title : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  // Only a new screen scrolls to the top: opening a workbench (a query change) keeps the screen where it was.
  const screenKey = view.kind === 'element' ? view.key : view.kind;
  const page = useStore($router);
  const path = page?.path ?? '';
  // A refusal belongs to the address it came on: any navigation away forgets it, so coming back loads afresh.
  useEffect(() => {
    const noted = $projectRefusal.get();
    if (noted && noted.href !== currentHref()) clearProjectRefusal();
  }, [page]);
  const refused = refusal !== null && view.kind === 'element' && refusal.href === currentHref() ? refusal : null;
  const retry = () => {
    clearProjectRefusal();
    setAttempt((n) => n + 1);
  };
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [screenKey, path]);

  return (
    // The router page is the whole window: its own background reaches the bottom under a short screen (the page's
    // Canvas colour differs from the screens' in dark mode).
    <div className="d-flex flex-column" style={{ minHeight: '100dvh' }}>
      {/* WCAG 2.4.1: the first tab stop skips the header's menus to the screen (visible only when focused). */}
      <a className="visually-hidden-focusable btn btn-primary position-absolute m-2 portal-skip-link" href="#portal-main" onClick={skipToMain}>
        {SKIP_LINK_TEXT}
      </a>
      <portal-header></portal-header>
      <div className="flex-grow-1" id="portal-main" tabIndex={-1}>
        {refused ? (
          <Suspense fallback={<div className="container py-5" role="status">Checking your access to the project…</div>}>
            <ProjectRefusal refusal={refused} onRetry={retry} />
          </Suspense>
        ) : null}
        {view.kind === 'element' && !refused ? createElement(view.tag, { key: `${view.key}#${attempt}`, ...view.attributes }) : null}
        {view.kind === 'element' && !refused && 'workbench' in view.attributes ? createElement('pfm-workbench-host', view.attributes) : null}
        {view.kind === 'waiting' || view.kind === 'leaving' ? (
          <div className="container py-5 text-center" role="status" aria-live="polite">
            <div className="spinner-border text-secondary mb-3" aria-hidden="true"></div>
            <p className="text-body-secondary">{view.kind === 'waiting' ? view.message : 'Opening…'}</p>
          </div>
        ) : null}
        {view.kind === 'rolesFailed' ? (
          <main className="container py-5">
            <LoadProblem message={ROLES_FAILED_TEXT} onRetry={() => void loadRoles()} />
          </main>
        ) : null}
        {view.kind === 'signIn' ? (
          <main className="container py-5">
            <h1 className="h3">Please login</h1>
            <p>This page needs you to be signed in.</p>
            <button type="button" className="btn btn-primary" onClick={() => void signIn()}>Sign in</button>
          </main>
        ) : null}
      </div>
    </div>
  );
}
