/**
 * The host's ONE scheduled job: what must be written because time passed, tied to no user's request.
 * Loads never write (tests/api/get-leaves-data.test.ts): they compute what time implies (a week without
 * a timecard is "Not started", a Pending access request past its 14 days answers Expired). Writes happen
 * in the request that changes something, or here, run when the host starts and then every hour:
 * - Pending access requests past their expiresOn become Expired (toolbox/access-requests.ts);
 * - the project surveys that became due are created (db/surveys.ts);
 * - vendors' GL insurance and prequalifications within 60 days of expiry get their Renewal request (api/risk/vendor-record.ts).
 * All are idempotent: a second run at the same moment writes nothing.
 */
import type Database from 'better-sqlite3';
import { sweepExpiredRequests } from './api/toolbox/access-requests';
import { syncSurveys } from './db/surveys';
import { syncExpiryRenewals } from './api/risk/vendor-record';
import * as clock from '../../src/core/clock';

/** How often the host runs {@link runScheduledWork}. */
export const SCHEDULED_WORK_INTERVAL_MS = 60 * 60 * 1000;

export interface ScheduledWorkDone {
  /** Access requests set Expired. */
  expiredAccessRequests: number;
  /** Surveys created (their ids). */
  surveysCreated: number[];
}

/** Write what time implies, as of the clock's now. */
export function runScheduledWork(db: Database.Database): ScheduledWorkDone {
  const today = clock.today();
  const expiredAccessRequests = db.transaction(() => sweepExpiredRequests(db, today)).immediate();
  const surveysCreated = syncSurveys(db, today);
  syncExpiryRenewals(db, today);
  return { expiredAccessRequests, surveysCreated };
}

/**
 * Run the scheduled work now and then every {@link SCHEDULED_WORK_INTERVAL_MS} (the timer does not keep
 * the process alive). Answers the stop, async so it is the host's onClose hook as it is
 * (`app.addHook('onClose', startScheduledWork(db))`). A failing hourly run is logged and tried again the
 * next hour; a failing first run throws (the host does not start half done).
 */
export function startScheduledWork(db: Database.Database, log: (error: unknown) => void = (error) => console.error('scheduled work failed', error)): () => Promise<void> {
  runScheduledWork(db);
  const timer = setInterval(() => {
    try {
      runScheduledWork(db);
    } catch (error) {
      log(error);
    }
  }, SCHEDULED_WORK_INTERVAL_MS);
  timer.unref();
  return async () => clearInterval(timer);
}
