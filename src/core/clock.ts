/**
 * The one clock (host and client). Every "now", "today" and "current period" in the product is read from here,
 * in the company's time zone (America/Chicago):
 * - tests pin it ({@link pinClock}, {@link setClock}); the demo host can run as of another day (`--today`);
 * - in the browser it follows the server's clock ({@link followServerClock}, kept in src/core/server-clock.ts), so a
 *   browser whose clock is off does not move deadlines.
 * Calendar days are 'YYYY-MM-DD' strings and periods (accounting months) 'YYYY-MM': both carry no time zone.
 */
import { TIMECARD_TIME_ZONE } from './format/constants';
import { addDays, dayNumber, isDay } from './timecards/days';
import { clockNowMs, clockSourceMs, followServerClock as followServer, setClockSource } from './server-clock';

/** The company's time zone: its midnight ends a day, a week and a period. */
export const COMPANY_TIME_ZONE = TIMECARD_TIME_ZONE;

/** Replace the clock's source (tests); null restores the machine's clock. Answers the source it replaced. */
export const setClock = (now: (() => number) | null): (() => number) => setClockSource(now);

/**
 * Pin the clock: to a fixed instant, or (`{ running: true }`) to a day whose time then runs on from the moment
 * of the call. A bare 'YYYY-MM-DD' is noon Central on that day. Answers the source it replaced (to put it back).
 */
export function pinClock(at: string | Date | number, options: { running?: boolean } = {}): () => number {
  const instant = typeof at === 'string' && at.length === 10 && isDay(at) ? centralInstant(at, 12) : new Date(at).getTime();
  if (Number.isNaN(instant)) throw new RangeError(`pinClock: not a date: ${String(at)}`);
  if (!options.running) return setClock(() => instant);
  const offset = instant - Date.now();
  return setClock(() => Date.now() + offset);
}

/** Milliseconds now, by the one clock. */
export const nowMs = (): number => clockNowMs();
/** Now, by the one clock. */
export const now = (): Date => new Date(nowMs());
/** Now as stored in the time stamp columns (UTC ISO). */
export const nowIso = (): string => now().toISOString();
/** Today: the Central calendar day of the clock. */
export const today = (): string => centralDayOf(nowMs());
/** The current period: the month of today ('YYYY-MM'). */
export const currentPeriod = (): string => today().slice(0, 7);

/** Follow the server's clock (browser; src/core/server-clock.ts), measured against this clock's source. */
export const followServerClock = (serverDate: string | null | undefined, receivedAt = clockSourceMs()): void => followServer(serverDate, receivedAt);

// Pure: a page that only follows the server's clock (the API client) does not pay for the formatter.
const centralParts = /*#__PURE__*/ new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

function partsOf(instant: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of centralParts.formatToParts(new Date(instant))) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** The Central calendar day of an instant. */
export function centralDayOf(instant: number | Date): string {
  const p = partsOf(typeof instant === 'number' ? instant : instant.getTime());
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The UTC instant of `hour`:00 Central on `day` (daylight-saving changes included). */
export function centralInstant(day: string, hour = 0): number {
  const wall = dayNumber(day) + hour * 3_600_000;
  // Guess with the offset at the wall time read as UTC, then settle with the offset at the guess.
  const offsetAt = (instant: number) => {
    const p = partsOf(instant);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - instant;
  };
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

// --- periods (accounting months) -------------------------------------------------------------------

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** True for a 'YYYY-MM' period. */
export const isPeriod = (value: unknown): value is string => typeof value === 'string' && PERIOD.test(value);

/** The period of a day ('YYYY-MM-DD' → 'YYYY-MM'). */
export const periodOf = (day: string): string => day.slice(0, 7);

/** `period` moved by `count` months. */
export function addPeriods(period: string, count: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months from `from` to `to` (negative when `to` is earlier). */
export function periodsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** The first day of a period. */
export const firstDayOf = (period: string): string => `${period}-01`;
/** The last day of a period. */
export const lastDayOf = (period: string): string => addDays(firstDayOf(addPeriods(period, 1)), -1);

/** True once `period` has ended: `day` (default today) is after its last day. */
export const periodHasEnded = (period: string, day: string = today()): boolean => day > lastDayOf(period);

/** `day` moved by `count` months, the day of the month kept where the month has it (Jan 31 + 1 → Feb 28). */
export function addMonthsToDay(day: string, count: number): string {
  const period = addPeriods(periodOf(day), count);
  const last = lastDayOf(period);
  const candidate = `${period}-${day.slice(8, 10)}`;
  return candidate > last ? last : candidate;
}
