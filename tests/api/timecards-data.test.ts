/**
 * Weekly timecards and time off, the data foundations (issue 13, migration 011, seed/timecards.ts):
 * migration 011 upgrades a version-10 database with its data kept; the tables refuse what they must;
 * the seed's facts (60+ employees in 3 regions with managers, 12 weeks in every state, holidays per
 * region with a half day, requests in every state, the delegate, employee's unsubmitted week, rpm's
 * waiting team requests); and the seed is deterministic.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../demo/host/db/index';
import { openTestDatabase, TEST_SEED_DAY } from './support/seed-day';
import { MIGRATIONS } from '../../demo/host/db/migrations';
import { ADVANCEMENTS, RECORD_STATES } from '../../demo/host/db/states';
import { databaseBefore } from './support/migrations';
import { NEGATIVE_BALANCE_TYPES } from '../../src/core/time-off';
import type { Row } from './support/use-host';
import { useSeededDatabase } from './support/use-seeded-database';

const { dir, db, one, all, n } = useSeededDatabase('bizapps-tc-data-');
const id = (login: string) => one('SELECT employeeId FROM employees WHERE login = ?', login).employeeId as number;
const HOURS = 'sunHours + monHours + tueHours + wedHours + thuHours + friHours + satHours';
const NEW_TABLES = ['regions', 'employee_schedules', 'holidays', 'pto_types', 'pto_balances', 'time_off_requests', 'weekly_timecards', 'timecard_lines',
  'timecard_changes', 'timecard_corrections', 'approval_delegations'];

describe('migration 011', () => {
  it('upgrades a version-10 database with its data kept, and adds the Timecard and PtoRequest states and advancements', () => {
    const file = path.join(dir, 'old.sqlite');
    const old = databaseBefore(file, 11);
    old.exec(`INSERT INTO legal_entities VALUES (1, 'SB', 'Summit', 'Summit', '2026-01-01');
      INSERT INTO applications (applicationId, applicationKey, name, displayText, modifiedAt) VALUES (1, 'keyTC', 'Timecards', 'Timecards', 't'), (2, 'keyPTO', 'PTO', 'PTO', 't');
      INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt) VALUES ('Timecard', 1, 'Timecard', 'Timecard', 't'), ('PtoRequest', 2, 'PTO Request', 'PTO Request', 't');
      INSERT INTO employees (employeeId, login, employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, legalEntityId, displayText, modifiedAt)
        VALUES (1, 'old', 'E1', 'Olga', 'Oldham', 'Olga Oldham', 'OO', 'Clerk', 'olga@example.com', 1, 'Olga Oldham', 't');
      INSERT INTO timecards (employeeId, weekEnding, dueDate, enteredHours, expectedHours, submitted, modifiedAt) VALUES (1, '2026-10-31', '2026-10-31', 40, 40, 1, 't');`);
    old.pragma('user_version = 10');
    old.close();
    const up = openDatabase({ file });
    try {
      assert.equal(up.pragma('user_version', { simple: true }), MIGRATIONS[MIGRATIONS.length - 1]!.version);
      assert.ok((up.prepare('SELECT version FROM schema_migrations').all() as Row[]).some((m) => m.version === 11));
      // Data kept, the new column empty, the old bell rows untouched.
      assert.deepEqual(up.prepare('SELECT employeeId, email, regionId FROM employees').all(), [{ employeeId: 1, email: 'olga@example.com', regionId: null }]);
      assert.equal((up.prepare('SELECT count(*) AS n FROM timecards').get() as Row).n, 1);
      for (const table of NEW_TABLES.filter((t) => t !== 'pto_types')) assert.equal((up.prepare(`SELECT count(*) AS n FROM ${table}`).get() as Row).n, 0, table);
      assert.deepEqual((up.prepare('SELECT name, allowsNegative FROM pto_types ORDER BY displayOrder').all() as Row[]).map((r) => [r.name, r.allowsNegative]),
        [['Vacation', 0], ['Sick', 1], ['Personal', 0], ['Bereavement', 1], ['Jury Duty', 1]]);
      // The client's checks (core NEGATIVE_BALANCE_TYPES) and the server's (pto_types) must agree.
      assert.deepEqual((up.prepare('SELECT name FROM pto_types WHERE allowsNegative = 1 ORDER BY displayOrder').all() as Row[]).map((r) => r.name), [...NEGATIVE_BALANCE_TYPES]);
      assert.equal((up.prepare("SELECT stringValue FROM settings WHERE key = 'payPeriodAnchor'").get() as Row).stringValue, '2026-01-04');
      // The same states (name, closed, order, initial) and advancements as a fresh seed writes from states.ts.
      for (const key of ['Timecard', 'PtoRequest']) {
        assert.deepEqual(
          (up.prepare('SELECT name, closed, displayOrder, isInitial FROM application_record_states WHERE applicationRecordKey = ? ORDER BY displayOrder').all(key) as Row[])
            .map((r) => [r.name, r.closed, r.displayOrder, r.isInitial]),
          RECORD_STATES[key]!.map(([name, closed], i) => [name, closed ? 1 : 0, i + 1, i === 0 ? 1 : 0]), key);
        const moves = (up.prepare(`SELECT f.name AS f, t.name AS t, a.quickRoute FROM state_advancements a
          JOIN application_record_states f ON f.applicationRecordStateId = a.applicationRecordStateId
          JOIN application_record_states t ON t.applicationRecordStateId = a.targetApplicationRecordStateId
          WHERE f.applicationRecordKey = ? ORDER BY f.displayOrder, a.displayOrder`).all(key) as Row[]).map((r) => [r.f, r.t, r.quickRoute]);
        const expected = Object.entries(ADVANCEMENTS[key]!).flatMap(([from, targets]) => targets.map(([to, quick]) => [from, to, quick ? 1 : 0]));
        assert.deepEqual(moves, expected, key);
      }
      // Reopening runs nothing twice.
      up.close();
      const again = openDatabase({ file });
      assert.equal((again.prepare("SELECT count(*) AS n FROM application_record_states WHERE applicationRecordKey = 'Timecard'").get() as Row).n, 4);
      again.close();
    } finally {
      if (up.open) up.close();
    }
  });

  it('the tables refuse a card not starting on Sunday, off-quarter hours, a line without its cost code, an own approval, a half-hearted holiday', () => {
    const draft = one("SELECT applicationRecordStateId AS s FROM application_record_states WHERE applicationRecordKey = 'Timecard' AND name = 'Draft'").s as number;
    const emp = id('employee');
    const card = (weekStart: string, weekEnding: string, extra = '') =>
      db().prepare(`INSERT INTO weekly_timecards (employeeId, weekStart, weekEnding, applicationRecordStateId, displayText, modifiedAt${extra ? ', approvedByEmployeeId' : ''})
        VALUES (?, ?, ?, ?, 'x', 't'${extra ? `, ${extra}` : ''})`).run(emp, weekStart, weekEnding, draft);
    assert.throws(() => card('2027-01-04', '2027-01-10'), /CHECK/); // a Monday
    assert.throws(() => card('2027-01-03', '2027-01-08'), /CHECK/); // not Saturday
    assert.throws(() => card('2027-01-03', '2027-01-09', String(emp)), /CHECK/); // own approval
    assert.throws(() => card('2026-10-25', '2026-10-31'), /UNIQUE/); // one card per employee and week
    const timecardId = Number(card('2027-01-03', '2027-01-09').lastInsertRowid);
    const code = one("SELECT c.costCodeId, b.projectId FROM cost_codes c JOIN budgets b USING (budgetId) WHERE c.type = 'L' LIMIT 1");
    const line = (cols: string, values: unknown[]) => db().prepare(`INSERT INTO timecard_lines (timecardId, ${cols}, modifiedAt) VALUES (?, ${values.map(() => '?').join(', ')}, 't')`).run(timecardId, ...values);
    assert.throws(() => line('projectId, costCodeId, timeType, monHours', [code.projectId, code.costCodeId, 'Regular', 8.1]), /CHECK/);
    assert.throws(() => line('projectId, costCodeId, timeType, monHours', [code.projectId, code.costCodeId, 'Regular', 25]), /CHECK/);
    assert.throws(() => line('projectId, timeType, monHours', [code.projectId, 'Regular', 8]), /CHECK/);
    assert.throws(() => line('projectId, costCodeId, timeType, monHours', [code.projectId, code.costCodeId, 'Weekend', 8]), /CHECK/);
    assert.throws(() => line("source, timeType, monHours", ['pto', 'PTO', 8]), /CHECK/); // a PTO line names its request
    line('projectId, costCodeId, timeType, monHours', [code.projectId, code.costCodeId, 'Regular', 7.75]);
    assert.throws(() => line('projectId, costCodeId, timeType, tueHours', [code.projectId, code.costCodeId, 'Regular', 8]), /UNIQUE/);
    line('projectId, costCodeId, timeType, satHours', [code.projectId, code.costCodeId, 'Overtime', 2]);
    assert.throws(() => db().prepare("INSERT INTO holidays (regionId, holidayDate, name, hours, displayText, modifiedAt) VALUES (1, '2027-02-01', 'x', 6, 'x', 't')").run(), /CHECK/);
    assert.throws(() => db().prepare("INSERT INTO approval_delegations (managerEmployeeId, delegateEmployeeId, startDate, endDate, createdAt, modifiedAt) VALUES (3, 3, '2027-01-01', '2027-01-02', 't', 't')").run(), /CHECK/);
    assert.throws(() => db().prepare("INSERT INTO approval_delegations (managerEmployeeId, delegateEmployeeId, startDate, endDate, createdAt, modifiedAt) VALUES (3, 2, '2027-01-05', '2027-01-02', 't', 't')").run(), /CHECK/);
    db().prepare('DELETE FROM timecard_lines WHERE timecardId = ?').run(timecardId);
    db().prepare('DELETE FROM weekly_timecards WHERE timecardId = ?').run(timecardId);
  });
});

describe('the seed of timecards and time off', () => {
  it('60+ employees in 3 regions, each with a region; managers; a non-default schedule', () => {
    assert.ok(n('SELECT count(*) AS n FROM employees') >= 60);
    assert.deepEqual(all('SELECT name FROM regions ORDER BY regionId').map((r) => r.name), ['North Texas', 'Gulf Coast', 'Central Texas']);
    assert.equal(n('SELECT count(*) AS n FROM employees WHERE regionId IS NULL'), 0);
    for (const r of all('SELECT regionId, count(*) AS n FROM employees GROUP BY regionId')) assert.ok(r.n >= 15, `region ${r.regionId}: ${r.n}`);
    assert.ok(n('SELECT count(DISTINCT managerEmployeeId) AS n FROM employees WHERE managerEmployeeId IS NOT NULL') >= 4);
    assert.ok(n(`SELECT count(*) AS n FROM employee_schedules WHERE ${HOURS} <> 40`) >= 1);
    // The demo accounts keep their ids and roles.
    assert.deepEqual(all("SELECT name FROM employee_roles WHERE employeeId = ? ORDER BY applicationKey", id('rpm')).map((r) => r.name), ['RPM', 'Manager', 'RPM', 'Default', 'Regional Reviewer', 'Default']);
  });

  it('12 weeks (Sunday to Saturday) before the seed date, every state present, rejected ones back in Draft with the reason', () => {
    const weeks = all('SELECT DISTINCT weekStart FROM weekly_timecards ORDER BY weekStart').map((r) => r.weekStart as string);
    assert.equal(weeks.length, 12);
    assert.equal(weeks[0], '2026-08-09');
    assert.equal(weeks[11], '2026-10-25');
    assert.ok(weeks.every((w) => new Date(`${w}T00:00:00Z`).getUTCDay() === 0 && w < TEST_SEED_DAY));
    const byState = Object.fromEntries(all(`SELECT s.name, count(*) AS n FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId) GROUP BY s.name`).map((r) => [r.name, r.n]));
    for (const name of ['Draft', 'Submitted', 'Approved', 'Processed']) assert.ok(byState[name] > 0, name);
    const rejected = all(`SELECT t.*, s.name FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId) WHERE rejectionReason IS NOT NULL`);
    assert.ok(rejected.length >= 3);
    assert.ok(rejected.every((r) => r.name === 'Draft' && r.rejectedByEmployeeId && r.rejectedAt > r.submittedAt));
    // Approved and Processed cards name their approver, never the employee; Processed ones their processing.
    assert.equal(n(`SELECT count(*) AS n FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId)
      WHERE s.name IN ('Approved', 'Processed') AND (approvedByEmployeeId IS NULL OR approvedAt IS NULL OR approvedByEmployeeId = employeeId)`), 0);
    assert.equal(n(`SELECT count(*) AS n FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId) WHERE s.name = 'Processed' AND processedAt IS NULL`), 0);
    // Every active employee with a keyTC role has all 12 weeks, but pm: three weeks behind, his last three not started.
    assert.equal(n(`SELECT count(*) AS n FROM (SELECT employeeId FROM weekly_timecards WHERE employeeId <> 2 GROUP BY employeeId HAVING count(*) <> 12)`), 0);
    assert.equal(n('SELECT count(*) AS n FROM weekly_timecards WHERE employeeId = 2'), 9);
    assert.equal(n("SELECT max(weekStart) AS n FROM weekly_timecards WHERE employeeId = 2"), '2026-10-04');
    assert.ok(n('SELECT count(DISTINCT employeeId) AS n FROM weekly_timecards') >= 60);
  });

  it('lines charge active projects\' labour codes on their budget or open opportunities\' codes; holiday and PTO lines match their day', () => {
    assert.equal(n(`SELECT count(*) AS n FROM timecard_lines l JOIN cost_codes c USING (costCodeId) JOIN budgets b ON b.budgetId = c.budgetId
      JOIN projects p ON p.projectId = l.projectId WHERE c.type <> 'L' OR b.projectId <> l.projectId OR p.active = 0`), 0);
    assert.ok(n("SELECT count(*) AS n FROM timecard_lines WHERE source = 'manual' AND projectId IS NOT NULL") > 500);
    assert.ok(n('SELECT count(*) AS n FROM timecard_lines WHERE opportunityId IS NOT NULL') > 0);
    assert.equal(n(`SELECT count(*) AS n FROM timecard_lines l JOIN opportunity_cost_codes c USING (opportunityCostCodeId) JOIN opportunities o ON o.opportunityId = c.opportunityId
      WHERE o.status = 'Lost' OR c.active = 0 OR c.opportunityId <> l.opportunityId`), 0);
    assert.ok(n("SELECT count(*) AS n FROM timecard_lines WHERE timeType = 'Overtime'") > 0);
    // Labor Day (Monday 2026-09-07) is a holiday line in every region; PTO lines belong to Approved requests of the card's employee.
    assert.equal(n(`SELECT count(*) AS n FROM weekly_timecards t WHERE weekStart = '2026-09-06'
      AND NOT EXISTS (SELECT 1 FROM timecard_lines l WHERE l.timecardId = t.timecardId AND l.source = 'holiday' AND l.monHours > 0)`), 0);
    assert.ok(n("SELECT count(*) AS n FROM timecard_lines WHERE source = 'pto'") > 10);
    assert.equal(n(`SELECT count(*) AS n FROM timecard_lines l JOIN weekly_timecards t USING (timecardId) JOIN time_off_requests r ON r.requestId = l.ptoRequestId
      JOIN application_record_states s ON s.applicationRecordStateId = r.applicationRecordStateId
      WHERE r.employeeId <> t.employeeId OR s.name <> 'Approved' OR r.endDate < t.weekStart OR r.startDate > t.weekEnding`), 0);
    // Full weeks: 40 hours unless short with a reason, or with overtime; every submitted card but a short one has its expected 40 (default schedule).
    assert.equal(n(`SELECT count(*) AS n FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId)
      WHERE s.name <> 'Draft' AND shortfallReason IS NULL AND NOT EXISTS (SELECT 1 FROM employee_schedules e WHERE e.employeeId = t.employeeId)
      AND (SELECT sum(${HOURS}) FROM timecard_lines l WHERE l.timecardId = t.timecardId AND timeType <> 'Overtime') <> 40`), 0);
    assert.ok(n('SELECT count(*) AS n FROM weekly_timecards WHERE shortfallReason IS NOT NULL') > 0);
    // A Timecard Admin's recorded change, and a correction waiting for one.
    const change = one('SELECT c.*, t.version FROM timecard_changes c JOIN weekly_timecards t USING (timecardId) LIMIT 1');
    assert.equal(change.changedByEmployeeId, id('tcadmin'));
    assert.ok(change.reason.length > 10);
    assert.equal(change.version, 2);
    const correction = one(`SELECT c.*, s.name FROM timecard_corrections c JOIN weekly_timecards t USING (timecardId)
      JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId WHERE c.status = 'Open'`);
    assert.ok(['Approved', 'Processed'].includes(correction.name));
  });

  it('holidays of 2026 for each region, with a half day; not the same calendar everywhere', () => {
    for (const r of all('SELECT regionId FROM regions')) {
      assert.ok(n("SELECT count(*) AS n FROM holidays WHERE regionId = ? AND holidayDate LIKE '2026-%'", r.regionId) >= 8);
      assert.ok(n("SELECT count(*) AS n FROM holidays WHERE regionId = ? AND holidayDate IN ('2026-11-26', '2026-12-25')", r.regionId) === 2);
    }
    assert.ok(n('SELECT count(*) AS n FROM holidays WHERE hours = 4') >= 1);
    assert.equal(one("SELECT h.hours FROM holidays h JOIN regions r USING (regionId) WHERE r.name = 'North Texas' AND holidayDate = '2026-12-24'").hours, 4);
    assert.equal(one("SELECT h.hours FROM holidays h JOIN regions r USING (regionId) WHERE r.name = 'Gulf Coast' AND holidayDate = '2026-12-24'").hours, 8);
  });

  it('balances per type for 2026, and requests in every state with their decisions', () => {
    assert.ok(n('SELECT count(*) AS n FROM pto_balances WHERE year = 2026') >= 60 * 5);
    const byState = Object.fromEntries(all(`SELECT s.name, count(*) AS n FROM time_off_requests r JOIN application_record_states s USING (applicationRecordStateId) GROUP BY s.name`).map((r) => [r.name, r.n]));
    for (const name of ['Pending', 'Approved', 'Denied', 'Canceled']) assert.ok(byState[name] > 0, name);
    assert.equal(n(`SELECT count(*) AS n FROM time_off_requests r JOIN application_record_states s USING (applicationRecordStateId)
      WHERE (s.name = 'Denied' AND (denialReason IS NULL OR decidedByEmployeeId IS NULL)) OR (s.name = 'Approved' AND decidedByEmployeeId IS NULL)
        OR (s.name = 'Canceled' AND canceledAt IS NULL) OR (s.name = 'Pending' AND decidedAt IS NOT NULL)`), 0);
    assert.ok(n('SELECT count(DISTINCT ptoTypeId) AS n FROM time_off_requests') >= 4);
    assert.ok(n('SELECT count(*) AS n FROM time_off_requests WHERE hoursPerDay = 4') >= 1);
    // Balances as documented in migration 011: opening + accrual per completed biweekly pay period (from payPeriodAnchor)
    // − Approved hours; no type without a negative allowance goes below zero, even counting approved future requests.
    const anchor = one("SELECT stringValue FROM settings WHERE key = 'payPeriodAnchor'").stringValue as string;
    const periods = Math.floor((Date.parse(`${TEST_SEED_DAY}T00:00:00Z`) - Date.parse(`${anchor}T00:00:00Z`)) / (14 * 86_400_000));
    assert.equal(periods, 21);
    const negative = all(`SELECT b.employeeId, t.name, b.openingHours + t.accrualHoursPerPeriod * ? - coalesce((SELECT sum(r.totalHours) FROM time_off_requests r
        JOIN application_record_states s USING (applicationRecordStateId) WHERE s.name = 'Approved' AND r.employeeId = b.employeeId AND r.ptoTypeId = b.ptoTypeId), 0) AS balance
      FROM pto_balances b JOIN pto_types t USING (ptoTypeId) WHERE b.year = 2026 AND t.allowsNegative = 0`, periods).filter((r) => r.balance < 0);
    assert.deepEqual(negative, []);
    // Requested hours: hours per day × scheduled days, holidays skipped (Thanksgiving week: Mon-Wed).
    assert.equal(one("SELECT totalHours FROM time_off_requests WHERE employeeId = ? AND title = 'Vacation'", id('employee')).totalHours, 24);
    // No two live (Pending or Approved) requests of one employee overlap.
    assert.equal(n(`SELECT count(*) AS n FROM time_off_requests a JOIN time_off_requests b ON a.employeeId = b.employeeId AND a.requestId < b.requestId
      JOIN application_record_states sa ON sa.applicationRecordStateId = a.applicationRecordStateId JOIN application_record_states sb ON sb.applicationRecordStateId = b.applicationRecordStateId
      WHERE sa.name IN ('Pending', 'Approved') AND sb.name IN ('Pending', 'Approved') AND a.startDate <= b.endDate AND b.startDate <= a.endDate`), 0);
  });

  it('a manager on leave with a delegate: a delegation covering the seed date and today, approvals on their behalf', () => {
    const today = new Date().toISOString().slice(0, 10);
    const d = one('SELECT * FROM approval_delegations WHERE startDate <= ? AND endDate >= ? AND endDate >= ? AND canceledAt IS NULL', TEST_SEED_DAY, TEST_SEED_DAY, today);
    assert.equal(d.delegateEmployeeId, id('rpm'));
    assert.ok(n('SELECT count(*) AS n FROM employees WHERE managerEmployeeId = ?', d.managerEmployeeId) >= 5);
    const leave = one(`SELECT r.* FROM time_off_requests r JOIN application_record_states s USING (applicationRecordStateId) WHERE r.employeeId = ? AND s.name = 'Approved' AND startDate <= ? AND endDate >= ?`,
      d.managerEmployeeId, TEST_SEED_DAY, TEST_SEED_DAY);
    // 2026-10-26 to 12-18 is 40 weekdays; Thanksgiving and the day after are holidays, skipped, not counted.
    assert.equal(leave.totalHours, 38 * 8);
    assert.ok(n('SELECT count(*) AS n FROM weekly_timecards WHERE onBehalfOfEmployeeId = ? AND approvedByEmployeeId = ?', d.managerEmployeeId, id('rpm')) > 0);
  });

  it('employee has last week still to submit; rpm has team requests and team cards waiting', () => {
    const last = one(`SELECT t.*, s.name, (SELECT sum(${HOURS}) FROM timecard_lines l WHERE l.timecardId = t.timecardId) AS hours
      FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId) WHERE employeeId = ? AND weekEnding = '2026-10-31'`, id('employee'));
    assert.equal(last.name, 'Draft');
    assert.equal(last.submittedAt, null);
    assert.equal(last.hours, 24);
    const rpm = id('rpm');
    const waiting = all(`SELECT r.employeeId FROM time_off_requests r JOIN application_record_states s USING (applicationRecordStateId) JOIN employees e USING (employeeId)
      WHERE s.name = 'Pending' AND e.managerEmployeeId = ?`, rpm);
    assert.ok(waiting.length >= 3);
    assert.ok(waiting.some((r) => r.employeeId === id('employee')));
    assert.ok(n(`SELECT count(*) AS n FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId) JOIN employees e USING (employeeId)
      WHERE s.name = 'Submitted' AND e.managerEmployeeId = ?`, rpm) >= 3);
    assert.ok(n('SELECT count(*) AS n FROM employees WHERE managerEmployeeId = ? AND login IS NULL AND employeeKey >= \'E10201\'', rpm) >= 4);
  });

  it('is deterministic: a second seed writes the same rows', () => {
    const other = openTestDatabase({ file: path.join(dir, 'again.sqlite'), reset: true });
    try {
      for (const table of [...NEW_TABLES, 'employees', 'employee_roles']) {
        const rows = (d: Database.Database) => JSON.stringify(d.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all());
        assert.equal(rows(other), rows(db()), table);
      }
    } finally {
      other.close();
    }
  });
});
