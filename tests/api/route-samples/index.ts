/** Every area's route samples (types.ts explains them). Add an area's file with one line. */
import type { RouteSample } from './types';
import { ADMIN_RECORDS_SAMPLES } from './admin-records';

export const ROUTE_SAMPLES: readonly RouteSample[] = [
  ...ADMIN_RECORDS_SAMPLES,
];
