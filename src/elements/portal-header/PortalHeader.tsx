/**
 * `<portal-header>`'s view (§1, §2, §6, §9): the environment strip (colour and label by host), the
 * user's bell, changes and avatar, or 'Please login'; below it the generic bar, or the PFM bar on
 * PFM routes. Works inside `<portal-app>` and embedded alone on a legacy page.
 */
import { useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { atom, type ReadableAtom } from 'nanostores';
import { $session, signIn, signOut } from '../../core/auth';
import { $environment, legacyHost } from '../../core/env';
import { $roles } from '../../core/roles';
import { $resolution, resolveLocation, type Resolution } from '../../core/router';
import { useStore } from '../../ui/hooks';
import { startAuthAfterPaint } from '../../ui/session';
import { Avatar } from './Avatar';
import { Bell } from './Bell';
import { ChangesMenu } from './ChangesMenu';
import { GenericBar } from './GenericBar';
import { loadApplicationId, loadCurrentUser } from './data';
import { PfmBar, type PfmContext } from './PfmBar';
import { SearchSlot } from './SearchSlot';
import { useLoad } from './useLoad';
import { adoptHeaderStyles } from './styles';

export interface PortalHeaderProps {
  /** Application whose changes the header lists (§4); default: PFM's on PFM screens, none elsewhere. */
  applicationId?: number;
  /** The site name shown at the left (default 'Business Applications'). */
  siteName?: string;
}

/** The exact text shown when nobody is signed in (§1). */
export const PLEASE_LOGIN = 'Please login';

/**
 * Inside `<portal-app>` the header follows the router store. Embedded alone on a legacy page it reads
 * the location once and does not start the router, whose link listener would otherwise turn the
 * page's links into in-page navigation that no `<portal-app>` shows.
 */
function resolutionStore(): ReadableAtom<Resolution> {
  if (document.querySelector('portal-app')) return $resolution;
  return atom(resolveLocation(location.pathname, new URLSearchParams(location.search), { host: location.hostname, legacyOrigin: legacyHost() }));
}

/** The PFM context of a resolution, or null when the page is not a PFM screen. */
export function pfmContext(resolution: Resolution): PfmContext | null {
  if (resolution.kind !== 'screen' || resolution.route.area !== 'PFM') return null;
  const id = (name: string) => {
    const value = Number(resolution.attributes[name]);
    return Number.isInteger(value) ? value : -1;
  };
  return { projectId: id('project-id'), budgetId: id('budget-id'), currentPath: location.pathname, currentSearch: location.search };
}

export function PortalHeader({ applicationId, siteName = 'Business Applications' }: PortalHeaderProps) {
  const session = useStore($session);
  const roles = useStore($roles);
  const [resolution$] = useState(resolutionStore);
  const resolution = useStore(resolution$);
  // The page's configuration document may change the label and colour once read (issue 33).
  const environment = useStore($environment);
  const authenticated = session.status === 'signedIn';
  // Keyed by login, so a different user signing in on the page reloads it.
  const user = useLoad(authenticated ? (session.account?.login ?? '') : null, loadCurrentUser, 'Current user') ?? null;

  // An embedded header signs in by itself; startAuth is idempotent, so inside the portal this is a no-op.
  // After its first paint (the first paint needs no MSAL).
  useEffect(() => (session.status === 'starting' ? startAuthAfterPaint() : undefined), [session.status]);

  const pfm = pfmContext(resolution);
  // Change tracking belongs to an application: the one given, else PFM's on PFM screens (§4).
  const givenApplicationId = applicationId !== undefined && applicationId > 0 ? applicationId : undefined;
  const pfmApplicationId = useLoad(authenticated && pfm && !givenApplicationId ? 'keyPFM' : null, () => loadApplicationId('keyPFM'), 'PFM application');
  const changesApplicationId = givenApplicationId ?? (pfm ? pfmApplicationId : undefined);
  const toggle = useRef<HTMLButtonElement>(null);
  const style = { '--portal-env-color': environment.headerColor } as CSSProperties;
  return (
    <header className="portal-header" style={style} data-environment={environment.name} ref={(node) => { if (node) adoptHeaderStyles(node); }}>
      <div className="portal-header-env d-flex align-items-center gap-3 px-3 py-1">
        <a className="fw-semibold text-decoration-none text-nowrap" href="/">{siteName}</a>
        <span className="badge portal-env-badge" data-environment-label title={`Environment: ${environment.label}`}>{environment.label}</span>
        <div className="ms-auto d-flex align-items-center gap-2">
          {authenticated ? (
            <>
              <SearchSlot />
              {changesApplicationId ? <ChangesMenu applicationId={changesApplicationId} /> : null}
              {user ? <Bell employeeId={user.employeeId} legacyOrigin={environment.legacyOrigin} /> : null}
              {user ? <Avatar user={user} onSignOut={() => void signOut()} /> : null}
            </>
          ) : session.status === 'starting' || session.status === 'signingIn' ? (
            <span className="small" role="status">Signing in…</span>
          ) : (
            <>
              <span className="fw-semibold" data-please-login>{PLEASE_LOGIN}</span>
              <button type="button" className="btn btn-sm btn-light" onClick={() => void signIn()}>Sign in</button>
            </>
          )}
        </div>
      </div>
      {authenticated ? (
        <div className="portal-header-bar navbar navbar-expand px-2 py-0">
          <button type="button" className="btn btn-link nav-link portal-nav-toggle" popoverTarget="portal-nav" ref={toggle}><span aria-hidden="true">☰</span> Menu</button>
          {/* Escape (not taken by an open menu) folds the list: focus goes back to its button first. */}
          <div className="portal-nav" id="portal-nav" popover="auto" onKeyDown={(e) => { if (e.key === 'Escape' && !e.defaultPrevented) toggle.current?.focus(); }}>
            {pfm ? <PfmBar roles={roles} user={user} context={pfm} legacyOrigin={environment.legacyOrigin} /> : <GenericBar roles={roles} />}
          </div>
        </div>
      ) : null}
    </header>
  );
}
