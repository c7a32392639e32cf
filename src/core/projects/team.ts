/**
 * Project security (issue 15): a project's PFM data belongs to its team. Pure rules and words shared
 * by the demo host (demo/host/api/project-access.ts enforces them) and the client (team lists, the
 * "not on this project's team" screen, access requests).
 *
 * Who reaches a project's PFM data:
 * - keyPFM Admin: every project;
 * - keyPFM RPM: the projects of their region (employees.regionId = projects.regionId), the projects
 *   they are the regional PM of (projects.regionalProjectManagerEmployeeId) and their teams;
 * - everyone else with a PFM role: the projects whose team they are on (a current membership).
 * A Viewer member reads only; the other project roles read and change.
 */

export const PROJECT_ROLES = ['Project Manager', 'Project Engineer', 'Superintendent', 'Project Accountant', 'Viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Project roles that may change a project's PFM data (Viewer reads only). */
export const PROJECT_WRITE_ROLES: readonly ProjectRole[] = ['Project Manager', 'Project Engineer', 'Superintendent', 'Project Accountant'];

/** How a membership came about (project_team_members.source). */
export const TEAM_SOURCES = ['seed', 'upgrade', 'request', 'rule', 'manual'] as const;
export type TeamSource = (typeof TEAM_SOURCES)[number];

/** One current member of a project's team, as the API answers it. */
export interface TeamMember {
  projectTeamMemberId: number;
  projectId: number;
  employeeId: number;
  employeeName: string;
  jobTitle: string;
  projectRole: ProjectRole;
  /** ISO date (inclusive) or null: open-ended. */
  endDate: string | null;
  source: TeamSource;
  /** The access request or default-assignment rule that added it. */
  sourceId: number | null;
  addedByName: string | null;
  addedAt: string;
}

/** A membership row's time fields: current while not removed and not past its end date. */
export interface MembershipDates {
  endDate: string | null;
  removedAt: string | null;
}

/** True when the membership counts on `today` (ISO date): not removed, end date (inclusive) not passed. */
export function membershipCurrent(member: MembershipDates, today: string): boolean {
  return member.removedAt === null && (member.endDate === null || member.endDate >= today);
}

/** True when `role` may change the project's data. */
export const roleMayWrite = (role: string): boolean => (PROJECT_WRITE_ROLES as readonly string[]).includes(role);

/**
 * The 403 body field the host adds when a project is out of the caller's reach (loads and writes that
 * name a project). The client shows PROJECT_SECURITY_TEXT.notOnTeam and a "Request access" link
 * (route accessRequest, ?projectId=). Single objects of another project answer 404 without it.
 */
export interface ProjectAccessRefusal {
  projectAccess: 'notOnTeam' | 'readOnly';
  projectId: number;
  projectNumber: string;
  projectName: string;
}

export const PROJECT_SECURITY_TEXT = {
  notOnTeam: (number: string, name: string) => `You are not on the team of project ${number} ${name}.`,
  readOnly: (number: string, name: string) => `You are a Viewer on project ${number} ${name}: you may read its data but not change it.`,
  /** The one line a project screen or workbench shows in place of its write controls when the project menu says canWrite false. */
  viewerLine: "Read only: you are a Viewer on this project's team.",
  requestAccess: 'Request access',
  /** A single record of a project out of reach: the same words as a record that does not exist. */
  notFound: (recordKey: string, id: number) => `${recordKey} ${id} not found.`,
} as const;
