/**
 * The screens follow the server's authority on a project (issue 15): `useProjectWrite` answers whether
 * the signed-in user may change the project's data (the project menu's canWrite, src/core/projects/write.ts),
 * and `ReadOnlyLine` is the one line a screen or workbench shows where it hid its New, Save and Change
 * state controls. Unknown counts as may-write: the controls show and the server decides.
 */
import { useEffect } from 'react';
import { $session } from '../core/auth';
import { PROJECT_SECURITY_TEXT } from '../core/projects/team';
import { $projectWrite, loadProjectWrite, mayWrite, projectWriteKey, type ProjectWriteScope } from '../core/projects/write';
import { useStore } from './hooks';

/** True unless the project (else the budget) of `scope` is one the user only reads (a Viewer membership). */
export function useProjectWrite(scope: ProjectWriteScope): boolean {
  const access = useStore($projectWrite);
  const signedIn = useStore($session).status === 'signedIn';
  const key = projectWriteKey(scope);
  const { projectId, budgetId } = scope;
  useEffect(() => {
    // Asked on each mount (a membership may have changed); identical asks in flight share one request.
    if (key !== null) void loadProjectWrite({ projectId, budgetId });
    // The key names the scope; a sign-in asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, signedIn]);
  return mayWrite(access, scope);
}

/** "Read only: you are a Viewer on this project's team." */
export function ReadOnlyLine({ className = '' }: { className?: string }) {
  return <p className={`text-body-secondary small mb-2 ${className}`.trim()} role="status" data-read-only="viewer">{PROJECT_SECURITY_TEXT.viewerLine}</p>;
}
