/** Route samples of weekly timecards (issue 13): hours charged by people; keyTC rules in the handlers. */
import { TIMECARD_API } from '../../../src/core/timecards/contract';
import { API_ROUTES } from '../../../demo/host/api/route-table';
import type { RouteSample } from './types';

const paths = new Set(Object.values(TIMECARD_API).map((p) => p.toLowerCase()));

export const TIMECARD_SAMPLES: readonly RouteSample[] = API_ROUTES.filter((r) => paths.has(r.path.toLowerCase()))
  .map((r) => ({
    method: r.method, path: r.path, team: 'none',
    why: 'timecards: hours people charge (anyone may charge an open project; searchCharges answers numbers, names and labour codes only), keyTC rules in the handlers; no PFM figures',
  }));
