/** The subcontractor-risk calls of issue 14 (src/core/risk/api.ts is the contract), registered in api/index.ts. */
import type { Handlers } from '../context';
import { prequalHandlers } from './prequal';
import { slimHandlers } from './slim';
import { sraHandlers } from './sra';
import { vendorRecordHandlers } from './vendor-record';

export const riskHandlers: Handlers = {
  ...prequalHandlers,
  ...slimHandlers,
  ...sraHandlers,
  ...vendorRecordHandlers,
};
