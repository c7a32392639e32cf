/**
 * Opportunities' client side: the load (GET /api/pfm/getopportunities; the contract:
 * src/core/opportunities/contract.ts), Add and Remove of a labour cost code, the screen's texts and the
 * failure kinds. Timecards (issue 13) read the codes through this area's index.ts.
 */
import { ApiError, getJson, postForm } from '../../core/api';
import { ADD_OPPORTUNITY_CODE_PATH, OPPORTUNITIES_PATH, REMOVE_OPPORTUNITY_CODE_PATH, type Opportunity } from '../../core/opportunities/contract';

/** The screen's texts (tests read them from here). */
export const OPPORTUNITIES_TEXT = {
  title: 'Opportunity Timecard Cost Codes',
  loading: 'Loading opportunities…',
  searchLabel: 'Search opportunities',
  none: 'No opportunity matches the search.',
  noCodes: 'No cost codes yet.',
  failed: {
    401: 'Your session has expired. Sign in again, then Retry.',
    403: 'You do not have access to opportunities.',
    404: 'This opportunity was not found.',
    timeout: 'The opportunities took too long to answer.',
    other: 'The opportunities could not be loaded.',
  },
  retry: 'Retry',
  add: 'Add',
  codeLabel: 'Cost code',
  descriptionLabel: 'Description',
  remove: 'Remove',
  removeTitle: 'Remove cost code',
  removeConfirm: (code: string, number: string) => `Remove cost code ${code} from opportunity ${number}? No new time can be charged to it.`,
  added: (code: string, number: string) => `Cost code ${code} added to ${number}.`,
  removed: (code: string, number: string) => `Cost code ${code} removed from ${number}.`,
  writeFailed: 'The change could not be saved. Your entry is kept: try again.',
  closed: 'Lost: closed to new time',
} as const;

/** The message a refused write carries (400 feedback or 403 message), or the generic one. */
export function writeMessage(error: unknown): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const message = (error.body as { message?: unknown }).message;
    if (typeof message === 'string' && message && error.status < 500) return message;
  }
  return OPPORTUNITIES_TEXT.writeFailed;
}

/** Load every opportunity (or only `opportunityId`) with its codes. */
export async function loadOpportunities(opportunityId?: number, signal?: AbortSignal): Promise<Opportunity[]> {
  const query = opportunityId && opportunityId > 0 ? { recordKey: 'Opportunity', recordId: opportunityId } : {};
  const rows = await getJson<Opportunity[]>(OPPORTUNITIES_PATH, query, { signal });
  return Array.isArray(rows) ? rows : [];
}

/** Add a labour cost code to an opportunity; answers the opportunity with its codes. */
export function addOpportunityCostCode(opportunityId: number, code: string, description: string): Promise<Opportunity> {
  return postForm<Opportunity>(ADD_OPPORTUNITY_CODE_PATH, { OpportunityId: opportunityId, Code: code, Description: description });
}

/** Remove (deactivate) a cost code of an opportunity; answers the opportunity with its codes. */
export function removeOpportunityCostCode(opportunityId: number, opportunityCostCodeId: number): Promise<Opportunity> {
  return postForm<Opportunity>(REMOVE_OPPORTUNITY_CODE_PATH, { OpportunityId: opportunityId, OpportunityCostCodeId: opportunityCostCodeId });
}

/** The opportunities whose number, name, client or one of whose active codes matches `search` (case-insensitive). */
export function filterOpportunities(rows: readonly Opportunity[], search: string): Opportunity[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...rows];
  const digits = needle.replace(/[-\s]/g, '');
  return rows.filter((o) => [o.number, o.name, o.client, o.status].some((v) => v.toLowerCase().includes(needle))
    || (digits.length > 0 && o.costCodes.some((c) => c.active && c.code.includes(digits))));
}
