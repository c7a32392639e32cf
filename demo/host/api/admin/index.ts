/** Administration (issue 15): each part's handlers, registered with one spread in ../index.ts. */
import type { Handlers } from '../context';
import { appRecordHandlers } from './app-records';
import { adminHomeHandlers } from './home';

export const adminHandlers: Handlers = { ...appRecordHandlers, ...adminHomeHandlers };
