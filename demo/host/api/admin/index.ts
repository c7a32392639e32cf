/** The admin calls of issue 15 (users; app records and admin home join with one line each), registered in api/index.ts. */
import type { Handlers } from '../context';
import { userHandlers } from './users';

export const adminHandlers: Handlers = {
  ...userHandlers,
};
