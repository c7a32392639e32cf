/** Every area's route samples (types.ts explains them). Add an area's file with one line. */
import type { RouteSample } from './types';
import { TOOLBOX_ACCESS_SAMPLES } from './toolbox-access';

export const ROUTE_SAMPLES: readonly RouteSample[] = [
  ...TOOLBOX_ACCESS_SAMPLES,
];
