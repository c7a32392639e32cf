import { $session } from '../../core/auth';
import { $roles } from '../../core/roles';
import { guardAllows, routeByName, routePath, type ScreenRoute } from '../../core/router';
import { useStore } from '../../ui/hooks';

/** The home screen's shortcuts: route name and a one-line description. */
const SHORTCUTS: ReadonlyArray<{ route: string; description: string }> = [
  { route: 'projects', description: 'Projects, projection grids, commitments and changes.' },
  { route: 'slimqueue', description: 'Subcontractor service requests waiting for review.' },
  { route: 'sra', description: 'Subcontractor risk assessments.' },
  { route: 'timecard', description: 'Enter and submit this week’s hours.' },
  { route: 'manageTimecards', description: 'Review and manage team timecards.' },
  { route: 'requests', description: 'Paid-time-off requests.' },
  { route: 'accessRequest', description: 'Request access to a project.' },
  { route: 'adminHome', description: 'Portal administration.' },
  { route: 'userManagement', description: 'Users and their roles.' },
  { route: 'billing', description: 'IT billing.' },
];

/** Home: a greeting and the tools this user may open. */
export function Home() {
  const session = useStore($session);
  const roles = useStore($roles);
  const shortcuts = SHORTCUTS.flatMap(({ route, description }) => {
    const def = routeByName(route);
    return def && def.kind === 'screen' && guardAllows(def, roles) ? [{ def: def as ScreenRoute, description }] : [];
  });
  const name = session.account?.name ?? session.account?.username;
  return (
    <main className="container py-4">
      <h1 className="h3 mb-1">{name ? `Welcome, ${name}` : 'Welcome'}</h1>
      <p className="text-body-secondary mb-4">Business applications for project, risk and team work.</p>
      {session.status === 'signedIn' ? (
        <div className="row g-3">
          {shortcuts.map(({ def, description }) => (
            <div className="col-12 col-md-6 col-lg-4" key={def.name}>
              <a className="card h-100 text-decoration-none" href={routePath(def.name)}>
                <div className="card-body">
                  <h2 className="h5 card-title">{def.screen}</h2>
                  <p className="card-text text-body-secondary small">{description}</p>
                </div>
              </a>
            </div>
          ))}
        </div>
      ) : null}
    </main>
  );
}
