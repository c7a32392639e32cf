/** Route samples of time off (issue 13): an employee's own requests and calendars, no project data. */
import { TIME_OFF_API } from '../../../src/core/time-off/contract';
import { API_ROUTES } from '../../../demo/host/api/route-table';
import type { RouteSample } from './types';

const paths = new Set(Object.values(TIME_OFF_API).map((p) => p.toLowerCase()));

export const TIME_OFF_SAMPLES: readonly RouteSample[] = API_ROUTES.filter((r) => paths.has(r.path.toLowerCase()))
  .map((r) => ({ method: r.method, path: r.path, team: 'none', why: "time off: people's absences and holidays (keyPTO / keyTC; manager and admin rules in the handlers), no project data" }));
