/**
 * Opportunities (§2 /pfm/opportunitytimecardcostcode, issue 12): pursuits that are not yet contracted
 * projects, and the labour cost codes their staff may charge time to. The area's contract: the calls
 * and what they answer, and the pure rules shared by the demo host (AddOpportunityCostCode) and the
 * client (the screen's Add form; later the timecard lines), so the two cannot disagree.
 */
import type { AccessRule } from '../access';

/** The statuses of an opportunity, in the order the screen lists them. */
export const OPPORTUNITY_STATUSES = ['Pursuit', 'Won', 'Lost'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

/** The only cost type of an opportunity cost code: labour (timecards charge hours to it). */
export const OPPORTUNITY_COST_TYPE = 'L';

/** Longest description accepted. */
export const OPPORTUNITY_CODE_DESCRIPTION_MAX = 200;

/** Who may read opportunities and their codes: any keyPFM role, or any keyTC role (timecards read the codes). */
export const OPPORTUNITY_READERS: readonly AccessRule[] = [{ key: 'keyPFM' }, { key: 'keyTC' }];

/** Who may add and remove an opportunity's cost codes (§2: "Admin and RPM can add and remove codes; others read"). */
export const OPPORTUNITY_CODE_EDITORS: AccessRule = { key: 'keyPFM', roles: ['Admin', 'RPM'] };

/** One cost code of an opportunity as the server answers it. */
export interface OpportunityCostCode {
  opportunityCostCodeId: number;
  opportunityId: number;
  code: string;
  codeDisplay: string;
  description: string;
  type: 'L';
  active: boolean;
  addedByEmployeeId: number | null;
  addedByName: string | null;
  addedAt: string;
}

/** One opportunity with its cost codes. */
export interface Opportunity {
  opportunityId: number;
  number: string;
  name: string;
  client: string;
  legalEntityId: number | null;
  legalEntityName: string | null;
  status: string;
  estimatedValue: number;
  displayText: string;
  modifiedAt: string;
  costCodes: OpportunityCostCode[];
}

/** The load of every opportunity with its codes, and the two writes of a code (demo/host/api/pfm/opportunities). */
export const OPPORTUNITIES_PATH = '/api/pfm/getopportunities';
export const ADD_OPPORTUNITY_CODE_PATH = '/api/pfm/AddOpportunityCostCode';
export const REMOVE_OPPORTUNITY_CODE_PATH = '/api/pfm/RemoveOpportunityCostCode';

/**
 * True when new time may be charged to the opportunity's cost codes: a Lost opportunity closes its
 * codes to new time (§2); Pursuit and Won stay open. An unknown status is closed.
 */
export function opportunityOpenForTime(status: string | null | undefined): boolean {
  return status === 'Pursuit' || status === 'Won';
}

/** The messages of the rules (server feedback and client validation say the same). */
export const OPPORTUNITY_TEXT = {
  codeShape: 'The cost code must have 8 digits, shown 2-4-2 (for example 01-0100-00).',
  descriptionRequired: 'A description is required.',
  descriptionTooLong: `The description is longer than ${OPPORTUNITY_CODE_DESCRIPTION_MAX} characters.`,
  lost: (number: string) => `Opportunity ${number} is Lost: its cost codes are closed to new time.`,
  duplicate: (code: string, number: string) => `${code} is already a cost code of opportunity ${number}.`,
  editorsOnly: 'Only Admin and RPM (PFM) may add or remove opportunity cost codes.',
} as const;

/** The 8 digits of a typed code ('01-0100-00', '0101 0000' → '01010000'), or null when it is not 8 digits. */
export function opportunityCodeDigits(code: string | null | undefined): string | null {
  const digits = (code ?? '').trim().replace(/[-\s]/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** One problem of an Add: the field it belongs to and its message. */
export interface OpportunityCodeProblem {
  field: 'code' | 'description' | 'opportunity';
  message: string;
}

/**
 * The problems of adding `code`/`description` to an opportunity (status and number) that already
 * has `existingCodes` (8 digits each). Empty when the Add may go ahead.
 */
export function opportunityCodeProblems(
  input: { code: string; description: string },
  opportunity: { number: string; status: string; existingCodes?: readonly string[] },
): OpportunityCodeProblem[] {
  const problems: OpportunityCodeProblem[] = [];
  if (!opportunityOpenForTime(opportunity.status)) problems.push({ field: 'opportunity', message: OPPORTUNITY_TEXT.lost(opportunity.number) });
  const digits = opportunityCodeDigits(input.code);
  if (!digits) problems.push({ field: 'code', message: OPPORTUNITY_TEXT.codeShape });
  else if (opportunity.existingCodes?.includes(digits)) {
    problems.push({ field: 'code', message: OPPORTUNITY_TEXT.duplicate(`${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6)}`, opportunity.number) });
  }
  const description = input.description.trim();
  if (!description) problems.push({ field: 'description', message: OPPORTUNITY_TEXT.descriptionRequired });
  else if (Array.from(description).length > OPPORTUNITY_CODE_DESCRIPTION_MAX) problems.push({ field: 'description', message: OPPORTUNITY_TEXT.descriptionTooLong });
  return problems;
}
