/**
 * The timecard benchmark data (issue 13, `--scale` only): 2,000 more employees who keep timecards
 * (keyTC Default), 40 of them managers (keyPTO Manager) of about 49 reports each, a few without an
 * approver (no manager, or a manager who left), and ONE week of cards in mixed states: the week
 * before the current one (by the one clock when the database is seeded, also kept in the setting
 * `benchTimecardWeek`), so a Timecard Admin's 'all' view of that week has 2,000+ rows.
 *
 * Runs after every other part of the seed on its own random stream: the normal seed is unchanged.
 */
import type Database from 'better-sqlite3';
import { weekOf } from '../../../../src/core/timecards';
import { FIRST_NAMES, LAST_NAMES } from '../catalog';
import { Rng } from '../prng';
import { addDays, applicationIdOf, employeeIdOf, insert, timecardStates } from './support';

export const SCALE_TIMECARD_EMPLOYEES = 2000;
export const SCALE_TIMECARD_MANAGERS = 40;
export const SCALE_TIMECARD_SEED = 20261114;
const DAYS = ['sunHours', 'monHours', 'tueHours', 'wedHours', 'thuHours', 'friHours', 'satHours'] as const;

/** The week the benchmark cards are for: the one before the week of `today`. */
export const scaleTimecardWeek = (today: string): string => addDays(weekOf(today).weekStart, -7);

/** Adds the benchmark employees and their cards of the week before `today`'s; answers that week's Sunday. */
export function seedScaleTimecards(db: Database.Database, today: string, stamp: string): string {
  const rng = new Rng(SCALE_TIMECARD_SEED);
  const weekStart = scaleTimecardWeek(today);
  const weekEnding = addDays(weekStart, 6);
  const TC = timecardStates(db);
  const keyTC = applicationIdOf(db, 'keyTC');
  const keyPTO = applicationIdOf(db, 'keyPTO');
  const admin = employeeIdOf(db, 'admin');
  const tcadmin = employeeIdOf(db, 'tcadmin');
  const regions = (db.prepare('SELECT regionId FROM regions ORDER BY regionId').all() as { regionId: number }[]).map((r) => r.regionId);
  const charges = db.prepare(`SELECT b.projectId, c.costCodeId FROM cost_codes c JOIN budgets b USING (budgetId) JOIN projects p ON p.projectId = b.projectId
    WHERE c.type = 'L' AND p.active = 1 AND p.budgetId = b.budgetId ORDER BY c.costCodeId`).all() as { projectId: number; costCodeId: number }[];
  /** A Regular line of `hours` (Sunday to Saturday) on a project's cost code. */
  const insertLine = (timecardId: number, projectId: number, costCodeId: number, hours: readonly number[], displayOrder: number) => insert(db, 'timecard_lines', {
    timecardId, projectId, costCodeId, timeType: 'Regular', source: 'manual', ...Object.fromEntries(DAYS.map((d, i) => [d, hours[i]!])), displayOrder, modifiedAt: stamp,
  });

  let number = 0;
  const hire = (title: string, managerEmployeeId: number | null, manager: boolean, active = 1): number => {
    number += 1;
    const first = FIRST_NAMES[rng.int(0, FIRST_NAMES.length - 1)]!;
    const last = LAST_NAMES[rng.int(0, LAST_NAMES.length - 1)]!;
    const regionIndex = number % Math.max(1, regions.length);
    const name = `${first} ${last}`;
    const id = insert(db, 'employees', {
      login: null, employeeKey: `B${String(number).padStart(5, '0')}`, firstName: first, lastName: last, preferredName: name, initials: first[0]! + last[0]!,
      jobTitle: title, email: `bench.${number}@summitbuilders.example`, active, betaUser: 0, managerEmployeeId, legalEntityId: regionIndex + 1,
      regionId: regions[regionIndex] ?? null, displayText: name, modifiedAt: stamp,
    });
    insert(db, 'employee_roles', { employeeId: id, applicationId: keyTC, applicationKey: 'keyTC', name: 'Default', displayText: 'Timecards: Default', modifiedAt: stamp });
    insert(db, 'employee_roles', {
      employeeId: id, applicationId: keyPTO, applicationKey: 'keyPTO', name: manager ? 'Manager' : 'Default',
      displayText: `PTO Requests: ${manager ? 'Manager' : 'Default'}`, modifiedAt: stamp,
    });
    return id;
  };

  const managers = Array.from({ length: SCALE_TIMECARD_MANAGERS }, (_, i) => hire('Field Operations Manager', admin, true, i === SCALE_TIMECARD_MANAGERS - 1 ? 0 : 1));
  const reports = SCALE_TIMECARD_EMPLOYEES - SCALE_TIMECARD_MANAGERS;
  const people: { employeeId: number; managerId: number | null }[] = managers.map((employeeId) => ({ employeeId, managerId: admin }));
  for (let n = 0; n < reports; n++) {
    // Every 200th has no manager: the 'without approver' view has them (and the inactive manager's team).
    const managerId = n % 200 === 199 ? null : managers[n % managers.length]!;
    people.push({ employeeId: hire('Field Technician', managerId, false), managerId });
  }

  for (const person of people) {
    const roll = rng.float();
    const stateName: keyof typeof TC = roll < 0.2 ? 'Draft' : roll < 0.6 ? 'Submitted' : roll < 0.9 ? 'Approved' : 'Processed';
    const submitted = stateName !== 'Draft';
    const approved = stateName === 'Approved' || stateName === 'Processed';
    const approver = person.managerId ?? tcadmin;
    const timecardId = insert(db, 'weekly_timecards', {
      employeeId: person.employeeId, weekStart, weekEnding, applicationRecordStateId: TC[stateName],
      submittedAt: submitted ? `${weekEnding}T22:00:00.000Z` : null, submittedByEmployeeId: submitted ? person.employeeId : null,
      approvedAt: approved ? `${addDays(weekEnding, 1)}T15:00:00.000Z` : null, approvedByEmployeeId: approved ? approver : null,
      processedAt: stateName === 'Processed' ? `${addDays(weekEnding, 2)}T13:00:00.000Z` : null, version: 1, displayText: `Week ending ${weekEnding}`, modifiedAt: stamp,
    });
    if (charges.length === 0) continue;
    const first = charges[rng.int(0, charges.length - 1)]!;
    const second = charges.find((c) => c.projectId === first.projectId && c.costCodeId !== first.costCodeId);
    const split = second && rng.chance(0.4) ? rng.int(1, 4) : 0;
    const main = [0, 8, 8, 8, 8, stateName === 'Draft' ? 0 : 8, 0];
    main[3] = main[3]! - split;
    insertLine(timecardId, first.projectId, first.costCodeId, main, 1);
    if (split && second) insertLine(timecardId, second.projectId, second.costCodeId, [0, 0, 0, split, 0, 0, 0], 2);
  }
  db.prepare("INSERT OR REPLACE INTO settings (key, stringValue) VALUES ('benchTimecardWeek', ?)").run(weekStart);
  return weekStart;
}
