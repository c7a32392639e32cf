/**
 * Rows some writes of the screens table act on, made through the real API just before the fault suite opens the
 * screen. The seed is current on the day it is made (issue 28), but these rows are the suites' own: a write that
 * gets through (the held write of a fault case) consumes its row, the pm's own access request is one only he can
 * withdraw (the seeded ones are other people's), and no IT billing month is seeded as run (Post shows only on a
 * run month). Each one is idempotent: a row already there from an earlier run or case is used again.
 */
import type { Page } from '@playwright/test';
import { api, hasToken, watchToken } from './api';
import { openPortalAs } from './portal';
import { addDays, weekOf } from '../../../src/core/timecards';
import { TIME_OFF_API } from '../../../src/core/time-off/contract';
import { ACCESS_REQUEST_API } from '../../../src/core/toolbox/contract';
import { BILLING_API } from '../../../src/core/billing/contract';
import { SEED_TEAM_FACTS } from '../../../demo/host/db/seed/teams';
import { today as centralToday } from '../../../src/core/clock';

type Row = Record<string, unknown>;

/** What the arranged rows are known by: the time-off request's title, the access request's project (Gulf Coast, no other spec asks for it). */
export const ARRANGED = { timeOffTitle: 'Jury service (arranged)', accessProjectId: SEED_TEAM_FACTS.pmHiddenProjectIds[3] } as const;

/** `run` as another demo account (in a context of its own, signed in for it), for a screen whose rows someone else makes. */
export function arrangeAs(login: string, run: (page: Page) => Promise<void>): (page: Page) => Promise<void> {
  return async (page) => {
    const context = await page.context().browser()!.newContext();
    try {
      const other = await context.newPage();
      watchToken(other);
      await openPortalAs(other, login, '/');
      if (!hasToken(other)) throw new Error(`arrange as ${login}: no API call carried a token`);
      await run(other);
    } finally {
      await context.close();
    }
  };
}

async function ok(what: string, answer: Promise<{ status: number; body: Row | null }>): Promise<Row> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`arrange ${what}: ${status} ${JSON.stringify(body)}`);
  return body!;
}

/**
 * The signed-in employee has a request they may still cancel, titled ARRANGED.timeOffTitle: a Jury Duty day (no balance to spend) 40 weeks out,
 * past every date the time-off spec and the fault table's own request use. A holiday or an overlap on that day
 * moves it a week on.
 */
export async function cancellableTimeOff(page: Page): Promise<void> {
  const open = await ok('open requests', api(page, 'GET', `${TIME_OFF_API.getRequests}?open=true`));
  const rows = open.data as Array<{ title: string; advancements: Array<{ action: string }> }>;
  if (rows.some((r) => r.title === ARRANGED.timeOffTitle && r.advancements.some((a) => a.action === 'cancel'))) return;
  let refusal = '';
  for (let week = 40; week < 44; week++) {
    const day = addDays(weekOf(new Date()).weekStart, 7 * week + 3);
    const made = await api(page, 'POST', TIME_OFF_API.saveRequest, { type: 'Jury Duty', title: ARRANGED.timeOffTitle, startDate: day, endDate: day, hoursPerDay: 8 });
    if (made.status === 200) return;
    refusal = JSON.stringify(made.body);
  }
  throw new Error(`arrange a cancellable time-off request: refused each week: ${refusal}`);
}

/** The signed-in pm has a Pending access request to withdraw, on ARRANGED.accessProjectId. */
export async function pendingAccessRequest(page: Page): Promise<void> {
  const mine = await ok('my access requests', api(page, 'GET', ACCESS_REQUEST_API.getRequests));
  if ((mine.data as Array<{ projectId: number; state: string }>).some((r) => r.projectId === ARRANGED.accessProjectId && r.state === 'Pending')) return;
  const endDate = addDays(centralToday(), 30);
  await ok('an access request', api(page, 'POST', ACCESS_REQUEST_API.createRequest, {
    projectId: ARRANGED.accessProjectId, projectRole: 'Project Engineer', justification: 'Covering the inspections while the engineer is out.', endDate,
  }));
}

/**
 * The oldest IT billing month (the months list's last row) has run, so it offers Post. The IT billing spec runs and
 * posts the newest month not yet posted, never this one.
 */
export async function oldestBillingMonthRun(page: Page): Promise<void> {
  const months = (await ok('billing months', api(page, 'GET', BILLING_API.months))).data as Array<{ month: string; state: string | null }>;
  const oldest = months.at(-1);
  if (!oldest) throw new Error('arrange a run billing month: no months');
  if (oldest.state === null) await ok(`run ${oldest.month}`, api(page, 'POST', BILLING_API.runMonth, { month: oldest.month, method: 'perHead' }));
}
