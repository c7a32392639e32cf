/**
 * `<admin-home>`'s view (§2 /admin AdminHome, issue 15): the admin's counts from one call (active
 * users, pending access requests, SLIM requests past due, data-quality errors across projects), each
 * linking to its screen, and links to every admin screen.
 */
import { useId } from 'react';
import { routePath } from '../../../core/router';
import { workbenchUrl } from '../../../core/workbench';
import { ScreenTitle } from '../../../ui/records';
import { ADMIN_TEXT as T, problemText } from '../app-records';
import { LoadProblem } from '../../../ui/LoadProblem';
import { useLoad } from '../../../ui/useLoad';
import { loadAdminHome } from './data';

/** The admin screens, each with a line on what it is for. */
export function adminLinks(): Array<{ name: string; href: string; description: string }> {
  return [
    { name: 'User Management', href: routePath('userManagement'), description: 'Users, roles per application, activation, the audit log.' },
    { name: 'App Records', href: routePath('appRecords'), description: 'Record types: states, advancements, field security.' },
    { name: 'Default Assignments', href: routePath('defaultAssignments'), description: 'Rules that put people on project teams.' },
    { name: 'Review Access', href: '/ProjectToolbox/ProjectSecurities/reviewaccess', description: 'Waiting access requests and project teams.' },
    { name: 'Access Request', href: routePath('accessRequest'), description: 'Requests to join a project team.' },
    { name: 'IT Billing', href: routePath('billing'), description: 'Monthly IT charges to projects and departments.' },
    { name: 'SLIM Queue', href: routePath('slimqueue'), description: 'Subcontractor limit requests.' },
    { name: 'SLIM Queues overview', href: routePath('slimqueues'), description: 'Where SLIM requests stall, past due.' },
    { name: 'Document Templates', href: workbenchUrl('Document Template Administration', {}, routePath('projects')), description: 'Templates of generated contract documents.' },
    { name: 'Projects', href: routePath('projects'), description: 'Projects and their data quality.' },
  ];
}

export function AdminHome() {
  const { state: load, retry } = useLoad('home', (signal, attempt) => loadAdminHome(signal, attempt), { what: 'Admin home load' });
  const countsId = useId();
  const toolsId = useId();
  const tiles = load.status === 'ready' ? [
    { name: 'activeUsers', label: T.home.activeUsers, value: load.data.activeUsers, href: routePath('userManagement'), detail: '' },
    { name: 'pendingAccessRequests', label: T.home.pendingAccessRequests, value: load.data.pendingAccessRequests, href: '/ProjectToolbox/ProjectSecurities/reviewaccess', detail: '' },
    { name: 'slimPastDue', label: T.home.slimPastDue, value: load.data.slimPastDue, href: routePath('slimqueues'), detail: '' },
    { name: 'dataQualityErrors', label: T.home.dataQualityErrors, value: load.data.dataQualityErrors, href: routePath('projects'), detail: T.home.dataQualityProjects(load.data.dataQualityProjects) },
  ] : [];
  return (
    <main className="container-fluid py-3" data-screen="admin-home">
      <ScreenTitle title={T.homeTitle} />
      <section aria-labelledby={countsId} className="mb-4">
        <h2 className="h6" id={countsId}>{T.home.counts}</h2>
        {load.status === 'loading' ? (
          <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loadingHome}</div>
        ) : load.status === 'failed' && load.failure === 'forbidden' ? (
          <LoadProblem variant="warning" state="forbidden" message={T.noAccess} onRetry={retry} />
        ) : load.status === 'failed' ? (
          <LoadProblem message={`${T.homeFailed} ${problemText(load.error)}`} onRetry={retry} />
        ) : (
          <div className="row g-3">
            {tiles.map((t) => (
              <div className="col-6 col-lg-3" key={t.name}>
                <a className="card h-100 text-decoration-none" href={t.href} data-count={t.name}>
                  <div className="card-body">
                    <div className="display-6" data-value>{t.value}</div>
                    <div>{t.label}</div>
                    {t.detail ? <div className="small text-body-secondary">{t.detail}</div> : null}
                  </div>
                </a>
              </div>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby={toolsId}>
        <h2 className="h6" id={toolsId}>{T.home.tools}</h2>
        <ul className="list-unstyled row g-2">
          {adminLinks().map((l) => (
            <li className="col-12 col-md-6 col-xl-4" key={l.name}>
              <a href={l.href} data-admin-link={l.name}>{l.name}</a>
              <span className="d-block small text-body-secondary">{l.description}</span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
