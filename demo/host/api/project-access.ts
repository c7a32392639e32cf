/**
 * THE record-level check of project security (issue 15; the rules: src/core/projects/team.ts).
 * Every PFM load, single-object GET, write, file, search and data-quality call asks this module which
 * projects the caller reaches; nothing else in the API decides it. It reads project_team_members,
 * employees.regionId and employee_roles on every request, so an approval, a removal or a role change
 * counts on the caller's next request, without a new sign-in.
 *
 * - keyPFM Admin: every project.
 * - keyPFM RPM: the projects of their region, those they are the regional PM of, and their teams.
 * - anyone else: the projects whose team they are on (membershipCurrent). A Viewer member reads only.
 */
import type Database from 'better-sqlite3';
import { roleAllows } from '../../../src/core/access';
import { PROJECT_SECURITY_TEXT, PROJECT_WRITE_ROLES, type ProjectAccessRefusal } from '../../../src/core/projects/team';
import type { Caller } from './context';
import { HttpError } from './http';

/** The projects a caller reaches. `all`: every project (the sets are then empty and unused). */
export interface ProjectReach {
  all: boolean;
  /** Projects whose data the caller may read. */
  readable: ReadonlySet<number>;
  /** Projects whose data the caller may change (readable minus Viewer-only memberships). */
  writable: ReadonlySet<number>;
}

/** Today as an ISO date (membership end dates are inclusive). */
export const accessToday = (): string => new Date().toISOString().slice(0, 10);

/** The caller's reach, read fresh from the database. */
export function projectReach(db: Database.Database, user: Pick<Caller, 'employeeId' | 'roles'>, today = accessToday()): ProjectReach {
  if (roleAllows(user.roles, 'keyPFM', ['Admin'])) return { all: true, readable: new Set(), writable: new Set() };
  const readable = new Set<number>();
  const writable = new Set<number>();
  const members = db.prepare(
    `SELECT projectId, projectRole FROM project_team_members
     WHERE employeeId = ? AND removedAt IS NULL AND (endDate IS NULL OR endDate >= ?)`,
  ).all(user.employeeId, today) as Array<{ projectId: number; projectRole: string }>;
  for (const member of members) {
    readable.add(member.projectId);
    if ((PROJECT_WRITE_ROLES as readonly string[]).includes(member.projectRole)) writable.add(member.projectId);
  }
  if (roleAllows(user.roles, 'keyPFM', ['RPM'])) {
    const regional = db.prepare(
      `SELECT projectId FROM projects
       WHERE regionalProjectManagerEmployeeId = ?1
          OR regionId = (SELECT regionId FROM employees WHERE employeeId = ?1)`,
    ).all(user.employeeId) as Array<{ projectId: number }>;
    for (const { projectId } of regional) {
      readable.add(projectId);
      writable.add(projectId);
    }
  }
  return { all: false, readable, writable };
}

/** True when the caller may read (or, with `write`, change) project `projectId`'s data. */
export function reaches(reach: ProjectReach, projectId: number, write = false): boolean {
  return reach.all || (write ? reach.writable : reach.readable).has(projectId);
}

/**
 * A WHERE fragment limiting `column` (a projectId column) to the caller's reach, for list loads and
 * searches: '1' for every project, else `column IN (…ids)` ('0' when none).
 */
export function reachWhere(reach: ProjectReach, column: string): string {
  if (reach.all) return '1';
  if (!reach.readable.size) return '0';
  return `${column} IN (${[...reach.readable].sort((a, b) => a - b).join(', ')})`;
}

/** The 403 for a project out of reach (loads and writes that name a project), with the client's Request-access facts. */
export function projectRefusal(db: Database.Database, projectId: number, kind: ProjectAccessRefusal['projectAccess']): HttpError {
  const project = db.prepare('SELECT number, name FROM projects WHERE projectId = ?').get(projectId) as { number: string; name: string } | undefined;
  const number = project?.number ?? String(projectId);
  const name = project?.name ?? '';
  const refusal: ProjectAccessRefusal = { projectAccess: kind, projectId, projectNumber: number, projectName: name };
  const message = kind === 'readOnly' ? PROJECT_SECURITY_TEXT.readOnly(number, name) : PROJECT_SECURITY_TEXT.notOnTeam(number, name);
  return new HttpError(403, message, { ...refusal });
}

/**
 * Refuse unless the caller reaches project `projectId`: a load or write that names the project → 403
 * with the refusal facts; `single` (a single object GET of a record of that project) → 404 with the
 * same words as an unknown record, so ids cannot be probed.
 */
export function requireProject(
  db: Database.Database,
  user: Pick<Caller, 'employeeId' | 'roles'>,
  projectId: number,
  options: { write?: boolean; single?: { recordKey: string; recordId: number } } = {},
): void {
  const reach = projectReach(db, user);
  if (reaches(reach, projectId, options.write)) return;
  if (options.single) throw new HttpError(404, PROJECT_SECURITY_TEXT.notFound(options.single.recordKey, options.single.recordId));
  throw projectRefusal(db, projectId, options.write && reaches(reach, projectId) ? 'readOnly' : 'notOnTeam');
}
