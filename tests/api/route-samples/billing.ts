/** IT billing's routes (issue 15, demo/host/api/billing): company-wide IT charges, no project's own data. */
import { BILLING_API } from '../../../src/core/billing/contract';
import { notProjectData, type RouteSample } from './types';

const why = "IT billing (keyIT): the company's IT charges allocated across every project as a showback, read and run by IT finance, not a project's own PFM data";

export const BILLING_SAMPLES: readonly RouteSample[] = notProjectData(why, [
  ['GET', BILLING_API.months],
  ['GET', BILLING_API.run],
  ['POST', BILLING_API.runMonth, `${why}; running a month is keyIT Admin only (403 from the handler)`],
  ['POST', BILLING_API.updateState, `${why}; posting is keyIT Admin only (403 from the handler)`],
]);
