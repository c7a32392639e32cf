/**
 * IT billing on the demo host (issue 15, demo/host/api/billing, src/core/billing/contract.ts): the months with
 * their charges; a run by hours sends each charge to projects by the hours on submitted timecards and
 * adds up exactly to the month's charges; a Draft re-run (per head) replaces its lines; Post moves Draft
 * → Posted, a stale post is a 409 naming who posted it, a posted month refuses a re-run (400 autoAlert);
 * a month without timecard hours is a clear 400; keyIT User and Viewer read but get 403 on run and post;
 * bad month and method are 400s. The seed (seed/billing.ts): departments by job title and the holdings.
 * Migration 020 upgrades an older database with its employees kept and put in departments.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../demo/host/db';
import { COST_ITEMS, DEPARTMENTS } from '../../demo/host/db/seed/billing';
import { databaseBefore } from './support/migrations';
import { BILLING_API, BILLING_TEXT, monthDays, toCents } from '../../src/core/billing/contract';
import { checksum, stateId } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, all } = useTestHost();

const TABLES = ['it_billing_runs', 'it_billing_run_lines'];
const S = (name: string) => stateId(host, 'ItBillingRun', name);

/** The month's charges from the holdings, in cents. */
function chargesCents(month: string): number {
  const { first, last } = monthDays(month);
  return all(`SELECT i.monthlyCost FROM it_cost_assignments a JOIN it_cost_items i USING (itCostItemId)
    WHERE a.startDate <= ? AND (a.endDate IS NULL OR a.endDate >= ?)`, last, first).reduce((a, r) => a + toCents(r.monthlyCost), 0);
}

describe('IT billing: seed and months', () => {
  it('puts every employee in a department by job title and seeds holdings that differ by month', () => {
    assert.equal(one('SELECT count(*) AS n FROM employees WHERE departmentId IS NULL').n, 0);
    assert.equal(one("SELECT d.name FROM employees e JOIN departments d USING (departmentId) WHERE e.login = 'it'").name, 'IT');
    assert.equal(one("SELECT d.name FROM employees e JOIN departments d USING (departmentId) WHERE e.jobTitle = 'Estimator' LIMIT 1").name, 'Estimating');
    assert.equal(one("SELECT d.name FROM employees e JOIN departments d USING (departmentId) WHERE e.login = 'pm'").name, 'Operations');
    assert.ok(chargesCents('2026-08') !== chargesCents('2026-10'), 'September starts and returns change the charges');
  });

  it('lists the months with timecards, newest first, with their charges and no run', async () => {
    const answer = await api.get('viewer', BILLING_API.months);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const months = answer.body.data as Row[];
    assert.deepEqual(months.map((m) => m.month).slice(0, 3), ['2026-10', '2026-09', '2026-08']);
    const october = months.find((m) => m.month === '2026-10')!;
    assert.equal(october.state, null);
    assert.equal(toCents(october.charges), chargesCents('2026-10'));
    assert.ok(october.hours > 1000);
  });
});

describe('IT billing: run, re-run, post', () => {
  it('refuses run and post to keyIT User and Viewer (403) and writes nothing', async () => {
    const before = checksum(host, TABLES);
    for (const login of ['it', 'viewer']) {
      const run = await api.post(login, BILLING_API.runMonth, { month: '2026-10', method: 'hours' });
      assert.equal(run.status, 403, login);
      assert.equal(run.body.message, BILLING_TEXT.adminsOnly);
      const post = await api.post(login, BILLING_API.updateState, { ItemId: 1, OldRecordStateId: S('Draft'), RouteStateId: S('Posted') });
      assert.equal(post.status, 403, login);
    }
    // Without any keyIT role: the route's access refuses.
    assert.equal((await api.get('pm', BILLING_API.months)).status, 403);
    assert.equal(checksum(host, TABLES), before);
  });

  it('answers bad input with a 400 naming it, and a month without timecard hours with a clear autoAlert', async () => {
    const bad = await api.post('admin', BILLING_API.runMonth, { month: '2026-13', method: 'hours' });
    assert.equal(bad.status, 400);
    // A month that is not YYYY-MM is the declared parse's refusal (declare.ts p.month), naming the parameter.
    assert.equal(bad.body.message, "Parameter 'month' must be a month (YYYY-MM) (got '2026-13').");
    assert.equal(bad.body.parameter, 'month');
    // A well-formed month before billing began (2000) is the handler's own refusal.
    const early = await api.post('admin', BILLING_API.runMonth, { month: '1999-12', method: 'hours' });
    assert.equal(early.status, 400);
    assert.equal(early.body.message, BILLING_TEXT.badMonth('1999-12'));
    const method = await api.post('admin', BILLING_API.runMonth, { month: '2026-10', method: 'byMood' });
    assert.equal(method.status, 400);
    assert.equal(method.body.message, BILLING_TEXT.badMethod('byMood'));
    assert.equal((await api.get('admin', BILLING_API.run, { month: 'x' })).status, 400);
    const empty = await api.post('admin', BILLING_API.runMonth, { month: '2026-03', method: 'hours' });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.autoAlert, true);
    assert.equal(empty.body.message, BILLING_TEXT.noTimecards('2026-03'));
    assert.equal(one('SELECT count(*) AS n FROM it_billing_runs').n, 0);
  });

  let runId = 0;
  it('runs a month by hours: lines add up exactly to the charges, project shares follow the hours', async () => {
    const answer = await api.post('admin', BILLING_API.runMonth, { month: '2026-10', method: 'hours' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const run = answer.body.data as Row;
    runId = run.runId;
    assert.equal(run.state, 'Draft');
    assert.equal(run.method, 'hours');
    assert.equal(run.postStateId, S('Posted'));
    const expected = chargesCents('2026-10');
    assert.equal(toCents(run.total), expected);
    assert.equal(run.lines.reduce((a: number, l: Row) => a + toCents(l.amount), 0), expected);
    assert.equal(one('SELECT round(sum(amount) * 100) AS c FROM it_billing_run_lines WHERE itBillingRunId = ?', runId).c, expected);
    const perProject = run.projects.reduce((a: number, t: Row) => a + toCents(t.amount), 0);
    const perDepartment = run.departments.reduce((a: number, t: Row) => a + toCents(t.amount), 0);
    assert.equal(perProject + perDepartment, expected);
    assert.ok(run.projects.length > 5 && run.departments.length >= 2);
    // The pm: every charge split by his October project hours, the basis naming them.
    const pm = one("SELECT employeeId FROM employees WHERE login = 'pm'").employeeId;
    const pmLines = (run.lines as Row[]).filter((l) => l.employeeId === pm);
    assert.ok(pmLines.length > 0);
    assert.ok(pmLines.every((l) => /^\d+\.\d of \d+\.\d h (charged to \d\d-\d{4}|not on a project) in 2026-10/.test(l.basis)), pmLines[0]!.basis);
    // The internal auditor (viewer) keeps no timecards: all of it to the Accounting department.
    const auditor = one("SELECT employeeId FROM employees WHERE login = 'viewer'").employeeId;
    const auditorLines = (run.lines as Row[]).filter((l) => l.employeeId === auditor);
    assert.ok(auditorLines.length > 0);
    for (const line of auditorLines) {
      assert.deepEqual([line.projectId, line.departmentName, line.basis], [null, 'Accounting', 'No timecard hours in 2026-10: Accounting']);
    }
  });

  it('re-runs a Draft per head, replacing its lines; the total stays the charges', async () => {
    const answer = await api.post('admin', BILLING_API.runMonth, { month: '2026-10', method: 'perHead' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const run = answer.body.data as Row;
    assert.equal(run.runId, runId);
    assert.equal(one('SELECT method FROM it_billing_runs WHERE itBillingRunId = ?', runId).method, 'perHead');
    assert.equal(one("SELECT count(*) AS n FROM it_billing_run_lines WHERE itBillingRunId = ? AND basis LIKE '%h charged%'", runId).n, 0);
    assert.equal(toCents(run.total), chargesCents('2026-10'));
    assert.ok((run.lines as Row[]).some((l) => /^1 of \d+ projects? on the team \(\d\d-\d{4}\) in 2026-10$/.test(l.basis)));
  });

  it('posts the run; a stale post is a 409 naming who posted it; a posted month refuses a re-run', async () => {
    await api.post('admin', BILLING_API.runMonth, { month: '2026-10', method: 'hours' });
    const posted = await api.post('admin', BILLING_API.updateState, { ItemId: runId, OldRecordStateId: S('Draft'), RouteStateId: S('Posted') });
    assert.equal(posted.status, 200, JSON.stringify(posted.body));
    assert.equal(posted.body.data.state, 'Posted');
    assert.equal(posted.body.data.postStateId, null);
    const row = one('SELECT r.postedByEmployeeId, s.name FROM it_billing_runs r JOIN application_record_states s USING (applicationRecordStateId) WHERE itBillingRunId = ?', runId);
    assert.equal(row.name, 'Posted');
    assert.equal(row.postedByEmployeeId, one("SELECT employeeId FROM employees WHERE login = 'admin'").employeeId);
    const before = checksum(host, TABLES);
    const stale = await api.post('admin', BILLING_API.updateState, { ItemId: runId, OldRecordStateId: S('Draft'), RouteStateId: S('Posted') });
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /^IT billing 2026-10 is now Posted by Dana Whitfield: it changed since it was loaded/);
    const rerun = await api.post('admin', BILLING_API.runMonth, { month: '2026-10', method: 'perHead' });
    assert.equal(rerun.status, 400);
    assert.equal(rerun.body.autoAlert, true);
    assert.equal(rerun.body.message, BILLING_TEXT.posted('2026-10'));
    assert.equal(checksum(host, TABLES), before);
    const missing = await api.post('admin', BILLING_API.updateState, { ItemId: 999999, OldRecordStateId: S('Draft'), RouteStateId: S('Posted') });
    assert.equal(missing.status, 404);
  });

  it('lets keyIT User read the posted month and lists it as Posted', async () => {
    const run = await api.get('it', BILLING_API.run, { month: '2026-10' });
    assert.equal(run.status, 200);
    assert.equal(run.body.data.state, 'Posted');
    assert.ok(run.body.data.postedByName);
    const months = (await api.get('it', BILLING_API.months)).body.data as Row[];
    assert.equal(months.find((m) => m.month === '2026-10')!.state, 'Posted');
    const notRun = await api.get('it', BILLING_API.run, { month: '2026-09' });
    assert.equal(notRun.body.data.runId, null);
    assert.equal(toCents(notRun.body.data.charges), chargesCents('2026-09'));
  });
});

describe('migration 020', () => {
  it('upgrades a version-15 database: employees kept and put in departments by job title, the catalogue written, no run', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billing-020-'));
    try {
      const file = path.join(dir, 'old.sqlite');
      const old = databaseBefore(file, 16);
      old.exec(`INSERT INTO legal_entities VALUES (1, 'SB', 'Summit', 'Summit', '2026-01-01');
        INSERT INTO employees (employeeId, login, employeeKey, firstName, lastName, preferredName, initials, jobTitle, email, legalEntityId, displayText, modifiedAt)
          VALUES (1, 'old', 'E1', 'Olga', 'Oldham', 'Olga Oldham', 'OO', 'Estimator', 'olga@example.com', 1, 'Olga Oldham', 't'),
                 (2, NULL, 'E2', 'Lou', 'Lang', 'Lou Lang', 'LL', 'Laborer', 'lou@example.com', 1, 'Lou Lang', 't');`);
      old.close();
      const up = openDatabase({ file });
      try {
        assert.deepEqual(up.prepare('SELECT e.employeeId, e.email, d.name FROM employees e JOIN departments d USING (departmentId) ORDER BY e.employeeId').all(),
          [{ employeeId: 1, email: 'olga@example.com', name: 'Estimating' }, { employeeId: 2, email: 'lou@example.com', name: 'Operations' }]);
        assert.equal((up.prepare('SELECT count(*) AS n FROM departments').get() as Row).n, DEPARTMENTS.length);
        assert.equal((up.prepare('SELECT count(*) AS n FROM it_cost_items').get() as Row).n, COST_ITEMS.length);
        assert.equal((up.prepare('SELECT count(*) AS n FROM it_billing_runs').get() as Row).n, 0);
      } finally {
        up.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
