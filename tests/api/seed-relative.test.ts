/**
 * The seed is relative to the day it is made (db/seed.ts, SeedCalendar): seeded with the clock pinned to
 * other days (a month's last day, a year's last and first, a year on), each database looks like a live
 * company's on its day: last week owed, time off ahead and behind, a few SLIM requests late, prequalifications
 * mostly current, projections and billing up to the right month, the year's holidays.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase, seedCalendar, seedDayOf } from '../../demo/host/db/index';
import { ENVELOPES_DUE_SETTING, seedEnvelopes } from '../../demo/host/db/seed/esign';
import { ENVELOPE_EXPIRY_DAYS, ENVELOPE_STATES } from '../../src/core/esign/contract';
import { centralDayOf } from '../../src/core/clock';
import { addPeriods, firstDayOf, periodOf, pinClock, setClock } from '../../src/core/clock';
import { addDays, weekdayOf } from '../../src/core/timecards';
import { effectiveStatus } from '../../src/core/risk/limits';
import type { Row } from './support/use-host';

const dir = mkdtempSync(path.join(tmpdir(), 'bizapps-seed-relative-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Monday, the last day of a month; Thursday, the last of a year; Friday, the first of a year; a Saturday a year on. */
const DAYS = ['2026-11-30', '2026-12-31', '2027-01-01', '2027-11-27'];

for (const day of DAYS) {
  describe(`a database seeded on ${day}`, () => {
    const cal = seedCalendar(day);
    const lastWeek = addDays(cal.weekStart, -7);
    let db: Database.Database;
    before(async () => {
      pinClock(day);
      try {
        db = openDatabase({ file: path.join(dir, `${day}.sqlite`), reset: true });
        // What the host does at start on a database just seeded (server.ts).
        await seedEnvelopes(db);
      } finally {
        setClock(null);
      }
    });
    after(() => db?.close());
    const all = (sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as Row[];
    const one = (sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as Row;
    const n = (sql: string, ...args: unknown[]) => one(sql, ...args).n as number;

    it('records its day', () => {
      assert.equal(seedDayOf(db), day);
      assert.equal(one("SELECT stringValue FROM settings WHERE key = 'seedDay'").stringValue, day);
    });

    it('employee owes last week (Draft) and has no card for the current week; no card is newer than last week', () => {
      const cards = all(`SELECT t.weekStart, s.name AS state FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId)
        JOIN employees e USING (employeeId) WHERE e.login = 'employee' ORDER BY t.weekStart`);
      assert.deepEqual(cards.at(-1), { weekStart: lastWeek, state: 'Draft' });
      assert.ok(!cards.some((c) => c.weekStart >= cal.weekStart));
      assert.equal(one('SELECT max(weekStart) AS w FROM weekly_timecards').w, lastWeek);
      assert.equal(n('SELECT count(DISTINCT weekStart) AS n FROM weekly_timecards'), 12);
    });

    it('time off: some ahead, some behind, one Pending next month; balances of the seed year; the delegate covers today', () => {
      const requests = all(`SELECT r.startDate, s.name AS state FROM time_off_requests r JOIN application_record_states s USING (applicationRecordStateId)`);
      assert.ok(requests.filter((r) => r.startDate > day).length >= 5, 'upcoming');
      assert.ok(requests.filter((r) => r.startDate < day).length >= 5, 'past');
      assert.ok(requests.some((r) => r.state === 'Pending' && periodOf(r.startDate) === addPeriods(cal.period, 1)), 'Pending next month');
      assert.ok(requests.filter((r) => r.state === 'Pending').every((r) => r.startDate > day), 'Pending ones are ahead');
      assert.deepEqual(all('SELECT DISTINCT year FROM pto_balances').map((r) => r.year), [Number(day.slice(0, 4))]);
      assert.equal(n('SELECT count(*) AS n FROM approval_delegations WHERE startDate <= ? AND endDate >= ?', day, day), 1);
    });

    it('SLIM: a few open requests past due, most not, no On Hold one; no pending access request expired', () => {
      const open = all(`SELECT r.dueDate, s.name AS state FROM slim_requests r JOIN application_record_states s USING (applicationRecordStateId) WHERE s.closed = 0`);
      const late = open.filter((r) => r.dueDate < day);
      assert.ok(late.length > 0 && late.length < open.length / 2, `${late.length} of ${open.length} past due`);
      assert.deepEqual(late.filter((r) => r.state.startsWith('On Hold')), []);
      assert.equal(n(`SELECT count(*) AS n FROM access_requests a JOIN application_record_states s USING (applicationRecordStateId)
        WHERE s.name = 'Pending' AND a.expiresOn < ?`, day), 0);
      assert.equal(n(`SELECT count(*) AS n FROM access_requests a JOIN application_record_states s USING (applicationRecordStateId)
        WHERE s.name = 'Pending' AND a.expiresOn >= ?`, day), 4, 'four access requests wait for a decision');
    });

    it('prequalifications and insurance certificates mostly current, some expiring within 60 days, some expired', () => {
      const soon = addDays(day, 60);
      const limits = all(`SELECT status, singleLimit, aggregateLimit, limitExpiresOn FROM vendor_prequalifications
        WHERE status IN ('Prequalified', 'Prequalified with Conditions')`);
      const current = limits.filter((q) => effectiveStatus(q as never, day) !== 'Expired');
      assert.ok(current.length > limits.length * 0.8, `${current.length} of ${limits.length} current`);
      assert.ok(current.some((q) => q.limitExpiresOn <= soon), 'expiring within 60 days');
      assert.ok(limits.some((q) => q.limitExpiresOn < day), 'expired');
      const certificates = all("SELECT expirationDate AS e FROM contract_document_tracking WHERE documentType = 'Certificate of Insurance'").map((r) => r.e as string);
      assert.ok(certificates.filter((e) => e >= day).length > certificates.length * 0.8);
      assert.ok(certificates.some((e) => e >= day && e <= soon) && certificates.some((e) => e < day));
    });

    it('projections up to the current period (prior submitted, current pending), none after; transactions in the 18 months before it', () => {
      const first = addPeriods(cal.period, -11);
      const months = [...all('SELECT DISTINCT month FROM projections'), ...all('SELECT DISTINCT month FROM budgets_pending_projections')].map((r) => r.month as string);
      assert.ok(months.every((m) => m >= first && m <= cal.period), months.join());
      assert.ok(n('SELECT count(*) AS n FROM projections WHERE month = ? AND submitted = 1', cal.priorPeriod) > 100);
      assert.ok(n('SELECT count(*) AS n FROM budgets_pending_projections WHERE month = ? AND employeeId = 2', cal.period) >= 3);
      const span = one('SELECT min(transactionDate) AS first, max(transactionDate) AS last FROM cost_code_transactions');
      assert.equal(span.first, firstDayOf(addPeriods(cal.period, -18)));
      assert.ok(span.last <= day);
      assert.ok(n('SELECT count(*) AS n FROM cost_code_transactions WHERE transactionDate >= ?', firstDayOf(cal.priorPeriod)) > 100, 'last month posted');
      assert.equal(n('SELECT count(*) AS n FROM projects WHERE active = 1 AND startDate > ?', day), 0);
    });

    it('IT billing holdings end at last month (the kit changed the month before)', () => {
      const dates = all('SELECT startDate AS d FROM it_cost_assignments UNION SELECT endDate FROM it_cost_assignments WHERE endDate IS NOT NULL').map((r) => r.d as string);
      assert.ok(dates.every((d) => d < firstDayOf(cal.period)));
      assert.equal(dates.sort().at(-1)!.slice(0, 7), addPeriods(cal.period, -2));
    });

    it('e-sign envelopes in every state, each made by the product on its day before this one', async () => {
      const envelopes = all(`SELECT e.*, s.name AS state FROM envelopes e JOIN application_record_states s USING (applicationRecordStateId) ORDER BY envelopeId`);
      assert.deepEqual([...new Set(envelopes.map((e) => e.state))].sort(), [...ENVELOPE_STATES].sort());
      const at = (state: string) => envelopes.find((e) => e.state === state)!;
      const dayOf = (iso: string) => centralDayOf(Date.parse(iso));
      // Sent on days before the seed day; out for signature: not expired, the vendor's current link still working.
      for (const e of envelopes.filter((x) => x.sentAt)) assert.ok(dayOf(e.sentAt) < day, `${e.number} sent ${e.sentAt}`);
      for (const state of ['Sent', 'Viewed']) {
        const e = at(state);
        assert.ok(e.expiresAt > `${day}T23:59`, `${state} expires ${e.expiresAt}`);
        assert.ok(one('SELECT linkExpiresAt FROM envelope_signers WHERE envelopeId = ? ORDER BY signingOrder', e.envelopeId).linkExpiresAt > `${day}T23:59`);
      }
      assert.equal(one("SELECT count(*) AS n FROM envelope_signers WHERE envelopeId = ? AND state = 'Viewed'", at('Viewed').envelopeId).n, 1);
      // Expired: sent more than the expiry ago, its expiry before the seed day.
      assert.ok(dayOf(at('Expired').expiresAt) < day);
      assert.equal(dayOf(at('Expired').sentAt), addDays(day, -(ENVELOPE_EXPIRY_DAYS + 10)));
      // Signed: the signed PDF is in the subcontract's Files, the subcontract Executed on the day of the last signature.
      const signed = at('Signed');
      const sub = one(`SELECT t.executedDate, s.name FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId) WHERE subcontractId = ?`, signed.recordId);
      assert.deepEqual([sub.name, sub.executedDate], ['Executed', dayOf(signed.completedAt)]);
      assert.match(one('SELECT name FROM files WHERE fileId = ?', signed.signedFileId).name, /\(signed\)\.pdf$/);
      // Declined with the vendor's reason; Voided with the sender's, and sent again (the record's Sent envelope).
      assert.ok(one("SELECT declineReason FROM envelope_signers WHERE envelopeId = ? AND state = 'Declined'", at('Declined').envelopeId).declineReason);
      assert.ok(at('Voided').voidReason);
      assert.equal(at('Sent').recordId, at('Voided').recordId);
      // Draft: no document yet, its signers Waiting. The outbox has each sent e-mail; the step is done once.
      assert.equal(at('Draft').documentFileId, null);
      assert.ok(n("SELECT count(*) AS n FROM esign_outbox WHERE kind = 'Reminder'") >= 1);
      assert.equal(one('SELECT count(*) AS n FROM settings WHERE key = ?', ENVELOPES_DUE_SETTING).n, 0);
      await seedEnvelopes(db);
      assert.equal(all('SELECT envelopeId FROM envelopes').length, envelopes.length);
    });

    it("the year's holidays in every region: Christmas on 12-25, Thanksgiving on the fourth Thursday of November", () => {
      const year = day.slice(0, 4);
      for (const { regionId } of all('SELECT regionId FROM regions')) {
        assert.equal(one("SELECT name FROM holidays WHERE regionId = ? AND holidayDate = ?", regionId, `${year}-12-25`)?.name, 'Christmas Day');
        const thanksgiving = one("SELECT holidayDate AS d FROM holidays WHERE regionId = ? AND name = 'Thanksgiving Day' AND holidayDate LIKE ?", regionId, `${year}-%`).d as string;
        assert.equal(weekdayOf(thanksgiving), 4);
        assert.ok(thanksgiving >= `${year}-11-22` && thanksgiving <= `${year}-11-28`, thanksgiving);
      }
    });
  });
}
