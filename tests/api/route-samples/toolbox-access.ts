/** Route samples of the access requests and project teams (issue 15, part "access"; types.ts explains them). */
import { ACCESS_REQUEST_API as API } from '../../../src/core/toolbox/contract';
import { SEED_TEAM_FACTS } from '../../../demo/host/db/seed/teams';
import type { RouteSample } from './types';

const HIDDEN = SEED_TEAM_FACTS.pmHiddenProjectIds[0];

export const TOOLBOX_ACCESS_SAMPLES: readonly RouteSample[] = [
  { method: 'GET', path: API.getProjects, team: 'none', why: 'the request form must find projects outside the team: number, name, region and PM only, no PFM data' },
  { method: 'GET', path: API.getRequests, team: 'none', why: "the caller's own requests, or the Pending ones of projects the caller reviews (its PM, region RPM, Admin)" },
  { method: 'POST', path: API.createRequest, team: 'none', why: 'asking to join a team is exactly for a project the caller is not on' },
  { method: 'POST', path: API.updateRequestState, team: 'none', why: 'decided by the project\'s reviewers (its PM, region RPM, Admin; others 404), withdrawn by the requester: checked in the handler' },
  { method: 'POST', path: API.updateRequestStates, team: 'none', why: 'each request checked alone as in updateaccessrequeststate; refusals come back in { refused }' },
  { method: 'GET', path: API.getTeam, team: 'none', why: "the team list is for the project's reviewers (its Project Managers, region RPM, Admins), checked in the handler: others 403 naming who may" },
  {
    method: 'POST', path: API.removeMember, team: 'project', expect: 404,
    params: (db) => ({
      ProjectTeamMemberId: (db.prepare('SELECT projectTeamMemberId FROM project_team_members WHERE projectId = ? ORDER BY projectTeamMemberId LIMIT 1').get(HIDDEN) as { projectTeamMemberId: number }).projectTeamMemberId,
      Reason: 'route matrix',
    }),
  },
];
