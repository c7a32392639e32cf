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
import { addDays, weekOf } from '../../../src/core/timecards';
import { FIRST_NAMES, LAST_NAMES } from './catalog';
import { Rng } from './prng';

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
  const state = (name: string) => (db.prepare("SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = 'Timecard' AND name = ?").get(name) as { id: number }).id;
  const TC = { Draft: state('Draft'), Submitted: state('Submitted'), Approved: state('Approved'), Processed: state('Processed') };
  const app = (key: string) => (db.prepare('SELECT applicationId AS id FROM applications WHERE applicationKey = ?').get(key) as { id: number }).id;
  const keyTC = app('keyTC');
  const keyPTO = app('keyPTO');
  const admin = (db.prepare("SELECT employeeId AS id FROM employees WHERE login = 'admin'").get() as { id: number }).id;
  const tcadmin = (db.prepare("SELECT employeeId AS id FROM employees WHERE login = 'tcadmin'").get() as { id: number }).id;
  const regions = (db.prepare('SELECT regionId FROM regions ORDER BY regionId').all() as { regionId: number }[]).map((r) => r.regionId);
  const charges = db.prepare(`SELECT b.projectId, c.costCodeId FROM cost_codes c JOIN budgets b USING (budgetId) JOIN projects p ON p.projectId = b.projectId
    WHERE c.type = 'L' AND p.active = 1 AND p.budgetId = b.budgetId ORDER BY c.costCodeId`).all() as { projectId: number; costCodeId: number }[];

  const insertEmployee = db.prepare(`INSERT INTO employees (login, employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, active, betaUser,
    managerEmployeeId, legalEntityId, regionId, displayText, modifiedAt) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`);
  const insertRole = db.prepare('INSERT INTO employee_roles (employeeId, applicationId, applicationKey, name, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?)');
  const insertCard = db.prepare(`INSERT INTO weekly_timecards (employeeId, weekStart, weekEnding, applicationRecordStateId, submittedAt, submittedByEmployeeId,
    approvedAt, approvedByEmployeeId, processedAt, version, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`);
  const insertLine = db.prepare(`INSERT INTO timecard_lines (timecardId, projectId, costCodeId, timeType, source, ${DAYS.join(', ')}, displayOrder, modifiedAt)
    VALUES (?, ?, ?, 'Regular', 'manual', ${DAYS.map(() => '?').join(', ')}, ?, ?)`);

  let number = 0;
  const hire = (title: string, managerEmployeeId: number | null, manager: boolean, active = 1): number => {
    number += 1;
    const first = FIRST_NAMES[rng.int(0, FIRST_NAMES.length - 1)]!;
    const last = LAST_NAMES[rng.int(0, LAST_NAMES.length - 1)]!;
    const regionIndex = number % Math.max(1, regions.length);
    const name = `${first} ${last}`;
    const id = Number(insertEmployee.run(`B${String(number).padStart(5, '0')}`, first, last, name, first[0]! + last[0]!, title,
      `bench.${number}@summitbuilders.example`, active, managerEmployeeId, regionIndex + 1, regions[regionIndex] ?? null, name, stamp).lastInsertRowid);
    insertRole.run(id, keyTC, 'keyTC', 'Default', 'Timecards: Default', stamp);
    insertRole.run(id, keyPTO, 'keyPTO', manager ? 'Manager' : 'Default', `PTO Requests: ${manager ? 'Manager' : 'Default'}`, stamp);
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
    const timecardId = Number(insertCard.run(person.employeeId, weekStart, weekEnding, TC[stateName],
      submitted ? `${weekEnding}T22:00:00.000Z` : null, submitted ? person.employeeId : null,
      approved ? `${addDays(weekEnding, 1)}T15:00:00.000Z` : null, approved ? approver : null,
      stateName === 'Processed' ? `${addDays(weekEnding, 2)}T13:00:00.000Z` : null, `Week ending ${weekEnding}`, stamp).lastInsertRowid);
    if (charges.length === 0) continue;
    const first = charges[rng.int(0, charges.length - 1)]!;
    const second = charges.find((c) => c.projectId === first.projectId && c.costCodeId !== first.costCodeId);
    const split = second && rng.chance(0.4) ? rng.int(1, 4) : 0;
    const main = [0, 8, 8, 8, 8, stateName === 'Draft' ? 0 : 8, 0];
    main[3] = main[3]! - split;
    insertLine.run(timecardId, first.projectId, first.costCodeId, ...main, 1, stamp);
    if (split && second) insertLine.run(timecardId, second.projectId, second.costCodeId, 0, 0, 0, split, 0, 0, 0, 2, stamp);
  }
  db.prepare("INSERT OR REPLACE INTO settings (key, stringValue) VALUES ('benchTimecardWeek', ?)").run(weekStart);
  return weekStart;
}
