/**
 * The one clock's source and how far the server's clock is from this machine's (browser only; 0 on the host). Its own
 * tiny module so the first screen (the API client, the header's bell) reads the clock without loading its calendar
 * code: src/core/clock.ts builds days and periods on it, and is where tests pin it.
 */
let skewMs = 0;
let source: () => number = () => Date.now();

/** Replace the clock's source (src/core/clock.ts setClock); null restores the machine's clock. Answers the one replaced. */
export function setClockSource(now: (() => number) | null): () => number {
  const previous = source;
  source = now ?? (() => Date.now());
  return previous;
}

/** The source's milliseconds (this machine's, or a test's pinned clock), before the server's skew. */
export const clockSourceMs = (): number => source();

/** Milliseconds now, by the one clock: its source plus the server's skew. */
export const clockNowMs = (): number => source() + skewMs;

/** The server's clock minus this machine's, in ms. */
export const serverSkewMs = (): number => skewMs;

/**
 * Follow the server's clock: `serverDate` is an HTTP `Date` header (1 s resolution), `receivedAt` this machine's time
 * when it arrived. A difference under 5 s is the header's rounding and the trip, not a wrong clock, and is ignored.
 */
export function followServerClock(serverDate: string | null | undefined, receivedAt = Date.now()): void {
  const server = serverDate ? Date.parse(serverDate) : Number.NaN;
  if (Number.isNaN(server)) return;
  const skew = server - receivedAt;
  skewMs = Math.abs(skew) < 5_000 ? 0 : skew;
}
