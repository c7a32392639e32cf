/** The timecard calls of issue 13 (src/core/timecards/api.ts is the contract), registered in api/index.ts. */
import type { Handlers } from '../context';
import { adminHandlers } from './admin';
import { listHandlers } from './lists';
import { stateHandlers } from './states';
import { timecardHandlers } from './timecard';

export const timecardsHandlers: Handlers = {
  ...timecardHandlers,
  ...stateHandlers,
  ...listHandlers,
  ...adminHandlers,
};
