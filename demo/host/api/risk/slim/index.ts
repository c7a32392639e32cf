/** The SLIM request calls of issue 14 (demo/host/api/risk/slim), registered through api/risk/index.ts. */
import type { Handlers } from '../../context';
import { assignHandlers } from './assign';
import { commentHandlers } from './comments';
import { requestHandlers } from './requests';
import { stateHandlers } from './states';

export const slimHandlers: Handlers = {
  ...requestHandlers,
  ...stateHandlers,
  ...assignHandlers,
  ...commentHandlers,
};
