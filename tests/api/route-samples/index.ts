/** Every area's route samples (types.ts explains them). Add an area's file with one line. */
import type { RouteSample } from './types';
import { ADMIN_USERS_SAMPLES } from './admin-users';

export const ROUTE_SAMPLES: readonly RouteSample[] = [
  ...ADMIN_USERS_SAMPLES,
];
