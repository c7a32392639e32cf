/** Every area's route samples (types.ts explains them). Add an area's file with one line. */
import type { RouteSample } from './types';
import { TOOLBOX_CLOSEOUT_SAMPLES } from './toolbox-closeouts';

export const ROUTE_SAMPLES: readonly RouteSample[] = [
  ...TOOLBOX_CLOSEOUT_SAMPLES,
];
