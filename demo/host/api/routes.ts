/**
 * The shape of one row of the API's route table (route-table.ts computes the table from the areas'
 * declarations, declare.ts), and the names of the §7 data loads.
 */
import type { RouteAccess } from './declare';

export type { RouteAccess } from './declare';
export { routeKey } from './declare';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  access: RouteAccess;
  /** What it is for; "added" marks routes §7 does not list. */
  note: string;
}

// getchatbotcostprojections of §7 is served by the AI service with the AI token (issue 12):
// GET /ai/pfm/getchatbotcostprojections (demo/host/api/services/ai.ts).
const PFM_LOADS = [
  'getcommitmentvendors', 'getspectrumcontractdocumenttracking',
  'getsubcontracts', 'getpurchaseagreements', 'getpurchaseorders',
  'getinitiatingdocuments', 'getchangeevents', 'getchangeeventitems',
  'getcostadjustments', 'getcostadjustmentitems', 'getcostadjustmentreferencedocuments',
  'getpurchaseagreementchangeorders', 'getsubcontractchangeorders',
  'getowneragreements', 'getowneragreementchangeorders',
  'getdirectcosts', 'getdirectcostitems',
  'getcostcodes', 'getcostcodetransaction', 'getcostcodetransactionrecordreference', 'getcostcodetransactionsummary',
  'getcostcodetransactionsummarybudget', 'getcostcodetransactionsummaryproject', 'getcostcodetransactioncount', 'getpendingexposure',
  'getbudgets', 'getprojects', 'projects/getmenu', 'getapplicationrecordfilecounts',
] as const;
export type PfmLoadName = (typeof PFM_LOADS)[number];
export { PFM_LOADS };
