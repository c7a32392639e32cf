/** Every area's route samples (types.ts explains them). Add an area's file with one line. */
import type { RouteSample } from './types';
import { BILLING_SAMPLES } from './billing';

export const ROUTE_SAMPLES: readonly RouteSample[] = [
  ...BILLING_SAMPLES,
];
