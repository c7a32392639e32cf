/** The project toolbox calls of issue 15 (access requests, default assignments, closeouts), registered in api/index.ts. */
import type { Handlers } from '../context';
import { accessRequestHandlers } from './access-requests';
import { closeoutHandlers } from './closeouts';
import { defaultAssignmentHandlers } from './default-assignments';

export const toolboxHandlers: Handlers = {
  ...accessRequestHandlers,
  ...defaultAssignmentHandlers,
  ...closeoutHandlers,
};
