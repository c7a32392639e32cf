/**
 * The policy context as it travels in JSON (issue 13): `TimecardLoad.context`. A `PolicyContext` holds
 * Maps, which JSON cannot carry, and project cost codes and opportunity timecard codes are two id
 * spaces. {@link policyInput} turns the lines of a card and this data into the exact input of
 * `checkTimecard`, so the client (while typing) and the host (at save and submit) run the same check.
 */
import type { ExpectedHours } from './hours';
import type { PolicyContext, TimecardLine, TimeType } from './policy';

/** What the checks know, keyed by id (JSON object keys). */
export interface PolicyContextData {
  /** projectId → number and whether it is closed (inactive). */
  projects: Record<string, { number: string; closed: boolean }>;
  /** opportunityId → number and status (Pursuit, Won, Lost). */
  opportunities: Record<string, { number: string; status: string }>;
  /** costCodeId → code, cost type and the project whose budget holds it. */
  costCodes: Record<string, { code: string; type: string; projectId: number }>;
  /** opportunityCostCodeId → code, type (always L) and its opportunity. */
  opportunityCostCodes: Record<string, { code: string; type: string; opportunityId: number }>;
  /** The week's expected hours (schedule, holidays, approved time off). */
  expected: ExpectedHours;
}

/** A line as the grid and the save call know it. */
export interface LineInput {
  projectId?: number | null;
  costCodeId?: number | null;
  opportunityId?: number | null;
  opportunityCostCodeId?: number | null;
  timeType: TimeType | string;
  hours: readonly (number | null | undefined)[];
  ptoRequestId?: number | null;
}

/**
 * The lines and context for `checkTimecard`. An opportunity's code is passed as a negative cost code
 * id, so it can never be mistaken for a project cost code with the same number. Feedback `lines[i]`
 * refers to `lines[i]` as given (put the editable lines first, the read-only ones after).
 */
export function policyInput(
  lines: readonly LineInput[], data: PolicyContextData | null | undefined, options: { submit?: boolean; reason?: string | null; withExpected?: boolean } = {},
): { lines: TimecardLine[]; context: PolicyContext } {
  const projects = new Map<number, { number: string; closed: boolean }>();
  const opportunities = new Map<number, { number: string; status: string }>();
  const costCodes = new Map<number, { code: string; type: string; projectId?: number | null; opportunityId?: number | null }>();
  for (const [id, value] of Object.entries(data?.projects ?? {})) projects.set(Number(id), value);
  for (const [id, value] of Object.entries(data?.opportunities ?? {})) opportunities.set(Number(id), value);
  for (const [id, value] of Object.entries(data?.costCodes ?? {})) costCodes.set(Number(id), { code: value.code, type: value.type, projectId: value.projectId });
  for (const [id, value] of Object.entries(data?.opportunityCostCodes ?? {})) {
    costCodes.set(-Number(id), { code: value.code, type: value.type, opportunityId: value.opportunityId });
  }
  const checked: TimecardLine[] = lines.map((line) => ({
    projectId: line.opportunityId ? null : line.projectId ?? null,
    opportunityId: line.opportunityId ?? null,
    costCodeId: line.opportunityId ? (line.opportunityCostCodeId ? -line.opportunityCostCodeId : null) : line.costCodeId ?? null,
    timeType: line.timeType,
    hours: line.hours,
    requestId: line.ptoRequestId ?? null,
  }));
  const context: PolicyContext = { projects, opportunities, costCodes, submit: options.submit, reason: options.reason ?? null };
  if (options.withExpected !== false && data?.expected) context.expected = data.expected;
  return { lines: checked, context };
}
