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
 * - access requests on the pm's projects, relative to the seed day: four Pending (asked 1–10 days ago, so none has
 *   passed its 14 days), one Denied and one Expired, on a stream of their own.
 * Regional PMs, Admins and default-assignment rules reach projects by other means (project-access.ts).
 */
import type Database from 'better-sqlite3';
import type { ProjectRole } from '../../../../src/core/projects/team';
import { expiresOnFor } from '../../../../src/core/toolbox/access';
import { Rng } from '../prng';
import { addDays, insert, stateId } from './support';

/** The stream of this part. */
export const TEAM_SEED = 20261123;
/** The stream of the seeded access requests (after the teams: the teams' draws stay as they were). */
export const ACCESS_REQUEST_SEED = 20261127;

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

  for (const project of projects) {
    const on = new Set<number>();
    const add = (employeeId: number, role: ProjectRole, endDate: string | null = null) => {
      if (on.has(employeeId)) return;
      on.add(employeeId);
      insert(db, 'project_team_members', { projectId: project.projectId, employeeId, projectRole: role, endDate, source: 'seed', addedAt: stamp, modifiedAt: stamp });
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
  seedAccessRequests(db, seedDate, stamp);
}

/** Access requests on the pm's projects by staff not on their team: a live queue on any seed day (see the header). */
function seedAccessRequests(db: Database.Database, seedDate: string, stamp: string): void {
  const rng = new Rng(ACCESS_REQUEST_SEED);
  const projects = db.prepare('SELECT projectId FROM projects WHERE projectManagerEmployeeId = ? AND active = 1 ORDER BY projectId').all(PM) as Array<{ projectId: number }>;
  const outsiders = (projectId: number) => (db.prepare(`SELECT employeeId FROM employees e WHERE login IS NULL AND active = 1
    AND jobTitle IN ('Project Engineer', 'Field Engineer', 'Assistant Project Manager', 'Superintendent', 'Project Accountant')
    AND NOT EXISTS (SELECT 1 FROM project_team_members m WHERE m.projectId = ? AND m.employeeId = e.employeeId) ORDER BY employeeId`).all(projectId) as Array<{ employeeId: number }>)
    .map((r) => r.employeeId);
  const plans: Array<{ state: string; daysAgo: number; role: ProjectRole; why: string }> = [
    { state: 'Pending', daysAgo: 1, role: 'Project Engineer', why: 'Covering submittals while the project engineer is out.' },
    { state: 'Pending', daysAgo: 3, role: 'Superintendent', why: 'Night pours on level 3 next week.' },
    { state: 'Pending', daysAgo: 6, role: 'Project Accountant', why: 'Month-end cost review for the regional office.' },
    { state: 'Pending', daysAgo: 10, role: 'Viewer', why: 'Estimating a similar job: need the buyout history.' },
    { state: 'Denied', daysAgo: 12, role: 'Project Engineer', why: 'Helping with closeout documents.' },
    { state: 'Expired', daysAgo: 30, role: 'Viewer', why: 'Reviewing the schedule for a bid.' },
  ];
  plans.forEach((plan, index) => {
    const projectId = projects[index % projects.length]!.projectId;
    const people = outsiders(projectId);
    const requestedOn = addDays(seedDate, -plan.daysAgo);
    const denied = plan.state === 'Denied';
    insert(db, 'access_requests', {
      number: `AR-${String(index + 1).padStart(5, '0')}`, projectId, requesterEmployeeId: people[rng.int(0, people.length - 1)]!, projectRole: plan.role,
      justification: plan.why, endDate: addDays(seedDate, rng.int(30, 120)), applicationRecordStateId: stateId(db, 'AccessRequest', plan.state),
      requestedAt: `${requestedOn}T15:00:00.000Z`, expiresOn: expiresOnFor(requestedOn), decidedByEmployeeId: denied ? PM : null,
      decidedAt: denied ? `${addDays(requestedOn, 1)}T16:00:00.000Z` : null, decisionReason: denied ? 'The closeout team is already staffed.' : null, modifiedAt: stamp,
    });
  });
}

