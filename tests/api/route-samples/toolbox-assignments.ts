/** Route samples of the default assignments (issue 15, part "assign"; types.ts explains them). */
import { DEFAULT_ASSIGNMENTS_API as API } from '../../../src/core/toolbox/contract';
import type { RouteSample } from './types';

const ADMIN_TOOL = 'keyProjectSecurity Admin only: rules and their preview are not any one project\'s data (the route table refuses everyone else)';

export const TOOLBOX_ASSIGNMENT_SAMPLES: readonly RouteSample[] = [
  { method: 'GET', path: API.getRules, team: 'none', why: ADMIN_TOOL },
  { method: 'GET', path: API.getOptions, team: 'none', why: ADMIN_TOOL },
  { method: 'POST', path: API.previewRule, team: 'none', why: ADMIN_TOOL },
  { method: 'POST', path: API.saveRule, team: 'none', why: ADMIN_TOOL },
  { method: 'POST', path: API.deleteRule, team: 'none', why: ADMIN_TOOL },
  { method: 'POST', path: API.applyRule, team: 'none', why: ADMIN_TOOL },
  { method: 'POST', path: API.createProject, team: 'none', why: 'creates a new project (keyPFM Admin or keyProjectSecurity Admin only); names no existing project' },
];
