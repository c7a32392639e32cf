/**
 * The PFM bar (§2): pinned projects, the project menu (when the page has a project or budget), the
 * Project Financial Management menu, the change-management tab menu, the Administration menu and the
 * APPS menu (every other application the user may use).
 */
import { useEffect } from 'react';
import type { RoleEntry } from '../../core/access';
import { changeManagementTabLinks, GENERIC_MENUS, PFM_MENUS, pinnedProjectItems, projectMenuItems, visibleMenus } from '../../core/menus';
import { truncateMiddle } from '../../core/format/text';
import { $projectPins, loadProjectPins } from '../../core/pins';
import { useStore } from '../../ui/hooks';
import { Menu } from '../../ui/Menu';
import { loadProcoreDomain, loadProjectMenu, toProject, type CurrentUser, type ProjectSummary } from './data';
import { useLoad } from './useLoad';

export interface PfmContext {
  projectId: number;
  budgetId: number;
  currentPath: string;
  currentSearch: string;
}

function useProject(projectId: number, budgetId: number): { project: ProjectSummary | null; procoreDomain: string } {
  const key = projectId > 0 || budgetId > 0 ? `${projectId}:${budgetId}` : null;
  const project = useLoad(key, () => loadProjectMenu({ projectId, budgetId }), 'Project menu') ?? null;
  const procoreDomain = useLoad(project?.procoreProjectId ? 'procore' : null, loadProcoreDomain, 'Procore domain') ?? '';
  return { project, procoreDomain };
}

export function PfmBar({ roles, user, context, legacyOrigin }: { roles: readonly RoleEntry[]; user: CurrentUser | null; context: PfmContext; legacyOrigin: string }) {
  // The shared pins store: pins made in <pfm-projects> show here at once.
  const pins = (useStore($projectPins) ?? []).map(toProject).filter((pin): pin is ProjectSummary => pin !== null);
  useEffect(() => {
    loadProjectPins().catch((error: unknown) => console.error('Project pins load failed', error));
  }, []);
  const { project, procoreDomain } = useProject(context.projectId, context.budgetId);
  const [pfmMenu, adminMenu] = [visibleMenus(PFM_MENUS.slice(0, 1), roles)[0], visibleMenus(PFM_MENUS.slice(1), roles)[0]];
  const apps = visibleMenus(GENERIC_MENUS, roles).map((menu) => ({ id: menu.id, label: menu.label, items: menu.entries }));
  const tabs = changeManagementTabLinks({ projectId: project?.projectId ?? context.projectId, budgetId: context.budgetId });
  const projectName = project ? (project.number ? `${project.number} ${project.name}` : project.name) : '';

  return (
    <nav className="navbar-nav flex-row flex-wrap gap-1" aria-label="Project Financial Management" data-bar="pfm">
      <Menu testId="pins" label="Pinned Projects" items={pinnedProjectItems(pins, legacyOrigin)} emptyText="No pinned projects" />
      {project ? (
        <Menu
          testId="project"
          label={`Project: ${projectName}`}
          buttonContent={<span title={projectName} data-project-name>{truncateMiddle(projectName)}</span>}
          items={projectMenuItems(project, { legacyOrigin, betaUser: user?.betaUser ?? false, procoreDomain, currentPath: context.currentPath, currentSearch: context.currentSearch })}
        />
      ) : null}
      {pfmMenu ? <Menu testId="pfm" label={pfmMenu.label} items={pfmMenu.entries} /> : null}
      <Menu testId="change-management" label="Change Management" items={tabs} />
      {adminMenu ? <Menu testId="pfm-admin" label={adminMenu.label} items={adminMenu.entries} /> : null}
      {apps.length > 0 ? <Menu testId="apps" label="APPS" groups={apps} /> : null}
    </nav>
  );
}
