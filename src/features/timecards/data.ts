/**
 * Timecards (issue 13): the calls of the weekly timecard screen (TIMECARD_API, the contract with
 * demo/host/api/timecards) and the client's model of a card being typed: manual lines with the text
 * of each hour cell, turned into the core's TimecardLine for the checks and into the save form.
 */
import { getJson, postForm } from '../../core/api';
import {
  announceOpenItemsChanged, TIMECARD_API, type ChargeOption, type TeamTimecardsLoad, type TimecardLineRow, type TimecardLoad,
} from '../../core/timecards/contract';
import type { LineInput, TimeType } from '../../core/timecards';

/** Which card to load: an id, or an employee's week (either defaults on the server). */
export interface TimecardQuery {
  timecardId?: number;
  employeeId?: number;
  weekStart?: string;
}

const positive = (value: number | undefined) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined);

/** GET one card (`TimecardLoad`). */
export async function loadTimecard(query: TimecardQuery, signal?: AbortSignal): Promise<TimecardLoad> {
  const timecardId = positive(query.timecardId);
  const params = timecardId ? { timecardId } : { employeeId: positive(query.employeeId), weekStart: query.weekStart || undefined };
  return getJson<TimecardLoad>(TIMECARD_API.getTimecard, params, { signal });
}

/** GET charge options (projects and opportunities) by number or name. */
export async function searchCharges(search: string, signal?: AbortSignal): Promise<ChargeOption[]> {
  const answer = await getJson<ChargeOption[] | null>(TIMECARD_API.searchCharges, { search }, { signal });
  return Array.isArray(answer) ? answer : [];
}

/** A line while it is typed: the row as loaded (or picked) plus the text of each day's cell. */
export interface EditLine extends TimecardLineRow {
  /** A key for React and focus that survives reordering. */
  key: string;
  /** What is typed in each day, Sunday first ('' for an empty day). */
  text: string[];
  /** The cost codes to choose from (from the picker), when known. */
  costCodeOptions?: ChargeOption['costCodes'];
}

let nextKey = 1;
/** A key for a new line (React and focus): unique on this page. */
export const newLineKey = () => `l${nextKey++}`;

/** Hours as a cell shows them: '' for none, else the number ('7.5'). */
export const hoursText = (hours: number | null | undefined): string => (typeof hours === 'number' && hours !== 0 ? String(hours) : '');

/** The number a cell's text stands for: null when empty, NaN when not a number. */
export function cellHours(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d*\.?\d+$|^\d+\.$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Lines of a load, for typing. */
export function editLines(rows: readonly TimecardLineRow[]): EditLine[] {
  return rows.map((row) => ({ ...row, key: newLineKey(), text: Array.from({ length: 7 }, (_, d) => hoursText(row.hours[d])) }));
}

/** A new empty manual line. */
export function blankLine(timeType: TimeType = 'Regular'): EditLine {
  return {
    key: newLineKey(), timecardLineId: null, source: 'manual', timeType, projectId: null, projectNumber: null, projectName: null,
    costCodeId: null, costCode: null, costCodeName: null, opportunityId: null, opportunityNumber: null, opportunityName: null,
    opportunityCostCodeId: null, label: null, ptoRequestId: null, hours: [0, 0, 0, 0, 0, 0, 0], text: ['', '', '', '', '', '', ''],
  };
}

/** The manual lines of another week as new lines without hours (Copy last week). */
export function copiedLines(rows: readonly TimecardLineRow[]): EditLine[] {
  return rows.filter((row) => row.source === 'manual').map((row) => ({
    ...blankLine(row.timeType), projectId: row.projectId, projectNumber: row.projectNumber, projectName: row.projectName,
    costCodeId: row.costCodeId, costCode: row.costCode, costCodeName: row.costCodeName, opportunityId: row.opportunityId,
    opportunityNumber: row.opportunityNumber, opportunityName: row.opportunityName, opportunityCostCodeId: row.opportunityCostCodeId,
  }));
}

/** The line as the core's policyInput takes it (typed text for a manual line's hours). */
export function policyLine(line: EditLine): LineInput {
  return {
    projectId: line.projectId, costCodeId: line.costCodeId, opportunityId: line.opportunityId, opportunityCostCodeId: line.opportunityCostCodeId,
    timeType: line.timeType, ptoRequestId: line.ptoRequestId,
    hours: line.source === 'manual' ? line.text.map(cellHours) : line.hours.map((h) => h ?? 0),
  };
}

/** Sum of numbers rounded to hundredths (NaN cells count as 0). */
export const sumHours = (values: readonly (number | null)[]): number =>
  Math.round(values.reduce<number>((sum, h) => sum + (typeof h === 'number' && Number.isFinite(h) ? h : 0), 0) * 100) / 100;

/** The save form's lines (manual lines only: holiday and time-off lines are the system's). */
export function saveLines(lines: readonly EditLine[]) {
  return lines.filter((l) => l.source === 'manual').map((line) => {
    const hours = line.text.map((t) => cellHours(t) ?? 0);
    return {
      projectId: line.opportunityId ? undefined : line.projectId ?? undefined,
      costCodeId: line.opportunityId ? undefined : line.costCodeId ?? undefined,
      opportunityId: line.opportunityId ?? undefined,
      opportunityCostCodeId: line.opportunityId ? line.opportunityCostCodeId ?? undefined : undefined,
      timeType: line.timeType,
      sunHours: hours[0], monHours: hours[1], tueHours: hours[2], wedHours: hours[3], thuHours: hours[4], friHours: hours[5], satHours: hours[6],
    };
  });
}

/** POST the manual lines. */
export async function saveTimecard(input: {
  timecardId: number | null; employeeId: number; weekStart: string; version: number; lines: readonly EditLine[]; reason?: string;
}): Promise<TimecardLoad> {
  return postForm<TimecardLoad>(TIMECARD_API.saveTimecard, {
    timecardId: input.timecardId ?? undefined,
    employeeId: input.timecardId ? undefined : input.employeeId,
    weekStart: input.timecardId ? undefined : input.weekStart,
    version: input.version,
    lines: saveLines(input.lines),
    reason: input.reason?.trim() || undefined,
  });
}

/** POST a state change (submit, recall, approve, reject, process). */
export async function updateTimecardState(input: {
  timecardId: number; oldRecordStateId: number; routeStateId: number; reason?: string;
}): Promise<TimecardLoad> {
  const answer = await postForm<TimecardLoad>(TIMECARD_API.updateTimecardState, {
    ItemId: input.timecardId, OldRecordStateId: input.oldRecordStateId, RouteStateId: input.routeStateId, reason: input.reason?.trim() || undefined,
  });
  announceOpenItemsChanged();
  return answer;
}

/** Everyone the caller sees timecards of in a week (the Timecard Admin's All view), by name: the employee picker's list. */
export async function loadEmployeesOfWeek(weekStart: string): Promise<{ employeeId: number; employeeName: string }[]> {
  const answer = await getJson<TeamTimecardsLoad>(TIMECARD_API.getTeamTimecards, { view: 'all', weekStart });
  return answer.rows.map((r) => ({ employeeId: r.employeeId, employeeName: r.employeeName }));
}
