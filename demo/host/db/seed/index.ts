/**
 * The deterministic seed: a mid-size commercial general contractor (Summit Builders) with three
 * legal entities, 40 projects, budgets on CSI MasterFormat cost codes, vendors, commitments, change
 * management, cost adjustments, direct costs, 18 months of cost-code transactions, projections,
 * timecards, PTO requests and open workflows. Fixed PRNG seeds, and every date relative to the day it is
 * seeded on (today by the one clock, see SeedCalendar): a demo started on any day looks like a live
 * company's portal on that day, and two seeds of the same day write byte-identical data (tests pin the
 * clock and compare checksums).
 *
 * One file per section, run here in order (support.ts holds what they share). The main seed's sections
 * (company … opportunities) draw from one stream in this order; every later part has a stream of its own,
 * so a part added at the end changes nothing written before it.
 *
 * Facts other code relies on are exported as SEED_FACTS (and listed in the API README table).
 */
import type Database from 'better-sqlite3';
import * as clock from '../../../../src/core/clock';
import { PROJECTS } from '../catalog';
import { Rng } from '../prng';
import { seedSurveyAnswers, syncSurveys } from '../surveys';
import { seedAssignments } from './assignments';
import { seedBilling } from './billing';
import { seedConfigurableRecords, seedPeople, seedReferenceData, seedVendors } from './company';
import { seedDataQualityDefects } from './data-quality';
import { markEnvelopesDue } from './esign';
import { seedForecastPeriods } from './forecast-periods';
import { seedOpenItems } from './open-items';
import { seedOpportunities } from './opportunities';
import { seedPayApplications } from './pay-applications';
import { backFill, seedProject } from './projects';
import { seedRisk } from './risk';
import { seedScaleProject } from './scale-project';
import { seedScaleTimecards } from './scale-timecards';
import { Seeder } from './seeder';
import { seedSlim } from './slim';
import { seedSra } from './sra';
import { seedCalendar } from './support';
import { seedTeams } from './teams';
import { seedLegacyPtoRequests } from './time-off';
import { seedLegacyTimecards, seedTimecards } from './timecards';

export { SEED_FACTS } from './facts';
export { seedCalendar, type SeedCalendar } from './support';

/** The setting naming the day a database was seeded on (its SeedCalendar's today). */
export const SEED_DAY_SETTING = 'seedDay';

/**
 * Seed an empty, migrated database as of today by the one clock (read once: every part gets the same
 * {@link SeedCalendar}), and record that day in the setting {@link SEED_DAY_SETTING}. `scale` adds the
 * benchmark project and the timecard benchmark's employees and week.
 */
export function seedDatabase(db: Database.Database, options: { scale?: boolean } = {}): void {
  const cal = seedCalendar(clock.today(), clock.nowIso());
  db.transaction(() => {
    // Rows refer forward (a manager seeded after the employee): check keys at commit instead.
    db.pragma('defer_foreign_keys = ON');
    const seeder = new Seeder(db, new Rng(20261101), cal);
    seedMain(seeder);
    // Surveys (migration 006): the templates and the surveys due by the seed's today, answered deterministically.
    syncSurveys(db, cal.today, cal.stamp);
    seedSurveyAnswers(db, cal.today, cal.stamp);
    if (options.scale) seedScaleProject(seeder);
    // Weekly timecards and time off (issue 13): last, on its own random stream, so nothing above changes.
    seedTimecards(db, cal);
    // Subcontractor risk (issue 14): after the timecards (it needs the regions), on its own stream.
    seedRisk(db, cal.today, cal.stamp);
    // The SLIM requests (issue 14): right after, on their own stream (slim.ts).
    seedSlim(db, cal.today, cal.stamp);
    // The SRAs and the gate's subcontracts (issue 14): after the prequalification records, on their own stream.
    seedSra(db, cal.today, cal.stamp);
    // Project teams (issue 15): after everything else, on their own stream (teams.ts).
    seedTeams(db, cal.today, cal.stamp);
    // Default-assignment rules (issue 15): after the teams, on their own stream (assignments.ts).
    seedAssignments(db, cal.today, cal.stamp);
    // IT billing (issue 15): departments by job title, who holds which seat, device and line, on its own stream (billing.ts).
    seedBilling(db, cal.period, cal.stamp);
    // --scale: 2,000 more employees with a week of cards (the week before the current one) for the timecard bench.
    if (options.scale) seedScaleTimecards(db, cal.today, cal.stamp);
    // Pay applications (pay-applications.ts): after every commitment and its billing, on their own stream.
    seedPayApplications(db, cal);
    // Forecast periods (issue 32): the eleven months before this one closed, with snapshots; after every record they list.
    seedForecastPeriods(db, cal);
    // The e-sign envelopes (esign.ts): made by the host at start, their PDFs being asynchronous.
    markEnvelopesDue(db);
    db.prepare('INSERT OR REPLACE INTO settings (key, stringValue) VALUES (?, ?)').run(SEED_DAY_SETTING, cal.today);
  })();
}

/** The main seed, on the stream 20261101: the company, its projects and everything on them. */
function seedMain(s: Seeder): void {
  seedReferenceData(s);
  seedPeople(s);
  seedConfigurableRecords(s);
  seedVendors(s);
  PROJECTS.forEach((project, index) => seedProject(s, index, project));
  seedLegacyTimecards(s);
  seedLegacyPtoRequests(s);
  seedOpenItems(s);
  backFill(s);
  // Written last and without the PRNG, so every other seeded row stays as it was.
  seedDataQualityDefects(s);
  seedOpportunities(s);
}

/** The day a database was seeded on (null for one seeded before the setting existed). */
export function seedDayOf(db: Database.Database): string | null {
  const row = db.prepare('SELECT stringValue FROM settings WHERE key = ?').get(SEED_DAY_SETTING) as { stringValue: string } | undefined;
  return row?.stringValue ?? null;
}
