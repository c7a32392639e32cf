/**
 * The seed's project teams (issue 15): after every other part, on its OWN random stream, so every row
 * written before stays as it was.
 *
 * What it writes (tests/api/project-security.test.ts relies on it):
 * - each project's project manager (projects.projectManagerEmployeeId) as its 'Project Manager';
 * - per project a Project Engineer, a Superintendent and a Project Accountant from the staff with that
 *   kind of job title, some of them with an end date (a few already past: not current);
 * - the demo `pm` (Marcus Reyes) as 'Project Engineer' on every other project of North Texas and
 *   Central Texas, so the PFM walk-throughs keep their projects; he is on NO Gulf Coast project
 *   (SEED_TEAM_FACTS.pmHiddenProjectIds): those are the projects he cannot open;
 * - the demo `employee` (Sam Patterson, Assistant Superintendent) as 'Superintendent' on 24-1032 and
 *   24-1004 (he has no PFM role: the membership alone opens nothing).
 * Regional PMs, Admins and default-assignment rules reach projects by other means (project-access.ts).
 */
import type Database from 'better-sqlite3';
import type { ProjectRole } from '../../../src/core/projects/team';
import { Rng } from './prng';

/** The stream of this part. */
export const TEAM_SEED = 20261123;

export const SEED_TEAM_FACTS = {
  /** The pm is on no team of these (Gulf Coast, regionId 2): 403 / 404 for him, hidden from his lists. */
  pmHiddenProjectIds: [6, 11, 16, 23, 27, 30, 32, 38],
  /** Gulf Coast: the region the pm reaches nothing of. */
  pmHiddenRegionId: 2,
} as const;

const PM = 2;
const EMPLOYEE = 9;

/** Staff job titles → the project role they fill. */
const ROLE_TITLES: ReadonlyArray<readonly [ProjectRole, readonly string[]]> = [
  ['Project Engineer', ['Project Engineer', 'Field Engineer', 'Assistant Project Manager']],
  ['Superintendent', ['Superintendent', 'General Superintendent', 'Assistant Superintendent']],
  ['Project Accountant', ['Project Accountant']],
];

export function seedTeams(db: Database.Database, seedDate: string, stamp: string): void {
  const rng = new Rng(TEAM_SEED);
  const projects = db.prepare('SELECT projectId, regionId, projectManagerEmployeeId FROM projects ORDER BY projectId')
    .all() as Array<{ projectId: number; regionId: number | null; projectManagerEmployeeId: number | null }>;
  const staff = (titles: readonly string[]) => (db.prepare(
    `SELECT employeeId FROM employees WHERE login IS NULL AND active = 1 AND jobTitle IN (${titles.map(() => '?').join(', ')}) ORDER BY employeeId`,
  ).all(...titles) as Array<{ employeeId: number }>).map((e) => e.employeeId);
  const insert = db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, endDate, source, addedAt, modifiedAt)
    VALUES (?, ?, ?, ?, 'seed', ?, ?)`);
  const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  for (const project of projects) {
    const on = new Set<number>();
    const add = (employeeId: number, role: ProjectRole, endDate: string | null = null) => {
      if (on.has(employeeId)) return;
      on.add(employeeId);
      insert.run(project.projectId, employeeId, role, endDate, stamp, stamp);
    };
    if (project.projectManagerEmployeeId) add(project.projectManagerEmployeeId, 'Project Manager');
    for (const [role, titles] of ROLE_TITLES) {
      const people = staff(titles);
      const who = people[rng.int(0, people.length - 1)]!;
      // One in five has an end date: mostly ahead of the seed date, one in four of those already past.
      const endDate = rng.chance(0.2) ? addDays(seedDate, rng.chance(0.25) ? -rng.int(10, 90) : rng.int(30, 300)) : null;
      add(who, role, endDate);
    }
    if (project.regionId !== SEED_TEAM_FACTS.pmHiddenRegionId) add(PM, 'Project Engineer');
    if (project.projectId === 1 || project.projectId === 2) add(EMPLOYEE, 'Superintendent');
  }
}
