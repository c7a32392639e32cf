/**
 * How far the server's clock is from this machine's (browser only; 0 on the host). Its own tiny module so the API
 * client, on every page's first screen, can follow the server's clock without loading the clock's calendar code
 * (src/core/clock.ts, which reads it).
 */
let skewMs = 0;

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
