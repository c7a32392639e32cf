/** Every area's route samples (types.ts explains them). Add an area's file with one line. */
import type { RouteSample } from './types';
import { CORE_SAMPLES } from './core';
import { PFM_SAMPLES } from './pfm';
import { TIME_OFF_SAMPLES } from './time-off';
import { TIMECARD_SAMPLES } from './timecards';
import { RISK_SAMPLES } from './risk';
import { TOOLBOX_CLOSEOUT_SAMPLES } from './toolbox-closeouts';
import { TOOLBOX_ASSIGNMENT_SAMPLES } from './toolbox-assignments';
import { ADMIN_USERS_SAMPLES } from './admin-users';
import { BILLING_SAMPLES } from './billing';
import { TOOLBOX_ACCESS_SAMPLES } from './toolbox-access';
import { ADMIN_RECORDS_SAMPLES } from './admin-records';

export const ROUTE_SAMPLES: readonly RouteSample[] = [
  ...CORE_SAMPLES,
  ...PFM_SAMPLES,
  ...TIME_OFF_SAMPLES,
  ...TIMECARD_SAMPLES,
  ...RISK_SAMPLES,
  ...TOOLBOX_CLOSEOUT_SAMPLES,
  ...TOOLBOX_ASSIGNMENT_SAMPLES,
  ...ADMIN_USERS_SAMPLES,
  ...BILLING_SAMPLES,
  ...TOOLBOX_ACCESS_SAMPLES,
  ...ADMIN_RECORDS_SAMPLES,
];
