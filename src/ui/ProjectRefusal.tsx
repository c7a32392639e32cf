/**
 * The "not on this project's team" screen (issue 15): what a project screen shows, in place of its
 * generic failure, when its load was refused with ProjectAccessRefusal `notOnTeam`
 * (src/core/projects/refusal.ts notes it for every screen at once). "Request access" opens the request
 * form for the project; Retry loads the screen again (after an approval the project opens, no new sign-in).
 */
import { useEffect, useRef } from 'react';
import { PROJECT_SECURITY_TEXT, type ProjectAccessRefusal } from '../core/projects/team';
import { routePath } from '../core/router';

export const PROJECT_REFUSAL_TITLE = "Not on this project's team";

export function ProjectRefusal({ refusal, onRetry }: { refusal: ProjectAccessRefusal; onRetry(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="container py-5" aria-labelledby="project-refusal-title" data-screen="project-refusal" data-project-id={refusal.projectId}>
      <h1 id="project-refusal-title" className="h3 mb-3" tabIndex={-1} ref={heading}>{PROJECT_REFUSAL_TITLE}</h1>
      <p className="lead" role="alert">{PROJECT_SECURITY_TEXT.notOnTeam(refusal.projectNumber, refusal.projectName)}</p>
      <p className="text-body-secondary">A project&apos;s figures belong to its team. Ask to join it; once the request is approved, choose Retry.</p>
      <div className="d-flex flex-wrap gap-2">
        <a className="btn btn-primary" href={routePath('accessRequest', { projectId: refusal.projectId })} data-action="request-access">{PROJECT_SECURITY_TEXT.requestAccess}</a>
        <button type="button" className="btn btn-outline-secondary" data-action="retry" onClick={onRetry}>Retry</button>
      </div>
    </main>
  );
}
