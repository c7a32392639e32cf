/** IT billing's routes (issue 15, demo/host/api/billing): company-wide IT charges, no project's own data. */
import { BILLING_API } from '../../../src/core/billing/contract';
import type { RouteSample } from './types';

const why = "IT billing (keyIT): the company's IT charges allocated across every project as a showback, read and run by IT finance, not a project's own PFM data";

export const BILLING_SAMPLES: readonly RouteSample[] = [
  { method: 'GET', path: BILLING_API.months, team: 'none', why },
  { method: 'GET', path: BILLING_API.run, team: 'none', why },
  { method: 'POST', path: BILLING_API.runMonth, team: 'none', why: `${why}; running a month is keyIT Admin only (403 from the handler)` },
  { method: 'POST', path: BILLING_API.updateState, team: 'none', why: `${why}; posting is keyIT Admin only (403 from the handler)` },
];
