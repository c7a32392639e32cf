/** Every area's route samples (types.ts explains them). Add an area's file with one line. */
import type { RouteSample } from './types';
import { TOOLBOX_ASSIGNMENT_SAMPLES } from './toolbox-assignments';

export const ROUTE_SAMPLES: readonly RouteSample[] = [
  ...TOOLBOX_ASSIGNMENT_SAMPLES,
];
