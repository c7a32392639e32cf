/** Every area's route samples (types.ts explains them). Add an area's file with one line. */
import type { RouteSample } from './types';

export const ROUTE_SAMPLES: readonly RouteSample[] = [
];
