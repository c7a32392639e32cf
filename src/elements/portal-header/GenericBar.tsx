/** The generic bar (§2): Project Toolbox, Subcontractor Risk Tools, Employee Tools, Administration. */
import type { RoleEntry } from '../../core/access';
import { GENERIC_MENUS, visibleMenus } from '../../core/menus';
import { Menu } from '../../ui/Menu';

export function GenericBar({ roles }: { roles: readonly RoleEntry[] }) {
  const menus = visibleMenus(GENERIC_MENUS, roles);
  return (
    <nav className="navbar-nav flex-row flex-wrap gap-1" aria-label="Applications" data-bar="generic">
      {menus.map((menu) => <Menu key={menu.id} testId={menu.id} label={menu.label} items={menu.entries} />)}
    </nav>
  );
}
