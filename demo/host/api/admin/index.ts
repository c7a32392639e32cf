/** Administration (issue 15): each part's handlers, registered with one spread in ../index.ts. */
import type { Handlers } from '../context';
import { appRecordHandlers } from './app-records';
import { adminHomeHandlers } from './home';
import { userHandlers } from './users';

export const adminHandlers: Handlers = { ...userHandlers, ...appRecordHandlers, ...adminHomeHandlers };
