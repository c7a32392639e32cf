/**
 * SaveProjections (issue 32): entry rules (src/core/projections/entry.ts) on the server, plugging by units and
 * hours, and no silent overwrite: a line someone else saved after the grid's lastLoad is not saved (409 when no
 * line could be, else 200 with `conflicts` and the other lines saved); one's own earlier save is no conflict;
 * `overwrite` keeps mine. Units and hours of a labor line measured in hours agree.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { nowIso, pinClock } from '../../src/core/clock';
import type { Caller } from '../../demo/host/api/context';
import { projectionWriteHandlers } from '../../demo/host/api/pfm/projections/writes';
import { HttpError } from '../../demo/host/api/http';
import { checksum } from './api-client';
import { useTestHost, type Row } from './support/use-host';

// A running clock in the seed's month: saves get distinct, later modifiedAt stamps.
const { host, api, one } = useTestHost({ clock: () => pinClock('2026-11-10T15:00:00.000Z', { running: true }) });

const SAVE = '/api/pfm/SaveProjections';
const SUMMARY = '/api/pfm/getcostcodetransactionsummary';
const BUDGET = 1;
const TABLES = ['projections'];

const summary = async (costCodeId: number, type?: 'unit' | 'hour'): Promise<Row> =>
  (await api.get('pm', SUMMARY, { recordKey: 'CostCode', recordId: costCodeId, ...(type ? { type } : {}) })).body.data[0] as Row;
const row = (costCodeId: number): Row => one(`SELECT p.method, p.projectedCostToComplete, p.reason, p.pluggedQuantity, p.pluggedRate, p.pluggedBy, e.login
  FROM projections p JOIN employees e ON e.employeeId = p.employeeId WHERE p.costCodeId = ? AND p.month = '2026-11'`, costCodeId);
const now = () => nowIso();
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Lines of budget 1 no other test of this file touches. */
const used = new Set<number>();
function freshLines(count: number, where = "type = 'S'"): number[] {
  const ids = host.db.prepare(`SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND ${where} ORDER BY costCodeId`).all(BUDGET).map((r) => (r as Row).costCodeId as number);
  const out = ids.filter((id) => !used.has(id)).slice(0, count);
  for (const id of out) used.add(id);
  assert.equal(out.length, count, 'enough lines');
  return out;
}

const entry = (i: number, fields: Record<string, string | number>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [`projections[${i}].${k}`, v]));

describe('SaveProjections: entry rules', () => {
  it("reads '12k' as $12,000.00, '1.5m' as $1,500,000.00 and '(500)' with a reason as -$500.00", async () => {
    const [a, b, c] = freshLines(3);
    const answer = await api.post('pm', SAVE, {
      BudgetId: BUDGET, ...entry(0, { costCodeId: a!, method: 'manual', value: '12k' }), ...entry(1, { costCodeId: b!, method: 'manual', value: '1.5m' }),
      ...entry(2, { costCodeId: c!, method: 'manual', value: '(500)', reason: 'Backcharge credit from the framer' }),
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual([row(a!).projectedCostToComplete, row(b!).projectedCostToComplete, row(c!).projectedCostToComplete], [12000, 1500000, -500]);
    assert.ok(answer.body.data.feedback.some((f: Row) => f.integerValue === 2 && f.stringValue === 'projections[2].value'
      && f.message === 'Line 3: a negative cost to complete expects credits still to come.'));
    assert.deepEqual(answer.body.data.conflicts, []);
  });

  it('refuses garbage with the typed text in the message, and a negative cost to complete without a reason; nothing written', async () => {
    const [a, b] = freshLines(2);
    const before = checksum(host, TABLES);
    const garbage = await api.post('pm', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: a!, method: 'manual', value: '12kk' }) });
    assert.equal(garbage.status, 400);
    assert.deepEqual(garbage.body.data, [{
      integerValue: 1, stringValue: 'projections[0].value',
      message: "Line 1: the projected cost to complete must be a number. '12kk' is not an amount: type for example 12000, 12,000.50, 12k or 1.5m.",
    }]);
    const negative = await api.post('pm', SAVE, {
      BudgetId: BUDGET, ...entry(0, { costCodeId: a!, method: 'manual', value: '100' }), ...entry(1, { costCodeId: b!, method: 'manual', value: '-100' }),
    });
    assert.equal(negative.status, 400);
    assert.deepEqual(negative.body.data.filter((f: Row) => f.integerValue === 1), [{
      integerValue: 1, stringValue: 'projections[1].value', message: 'Line 2: a negative cost to complete needs a reason (which credits are still to come).',
    }]);
    assert.equal(checksum(host, TABLES), before);
  });

  it('warns when the cost to complete is below the remaining committed cost, and saves', async () => {
    const lines = (await api.get('pm', SUMMARY, { recordKey: 'Budget', recordId: BUDGET })).body.data as Row[];
    const committed = lines.find((l) => l.remainingCommitment > 1000 && l.projectionMethod === 'auto')!;
    assert.ok(committed, 'a line with an open commitment');
    const value = Math.round(committed.remainingCommitment / 2);
    const answer = await api.post('pm', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: committed.costCodeId, method: 'manual', value }) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    assert.deepEqual(answer.body.data.feedback, [{
      integerValue: 2, stringValue: 'projections[0].value',
      message: `Line 1: the cost to complete (${money(value)}) is below the remaining committed cost (${money(committed.remainingCommitment)}).`,
    }]);
  });
});

describe('SaveProjections: plugging by units and hours', () => {
  it('units to complete × unit cost sets the cost to complete; the typed value and rate are kept and answered', async () => {
    const [line] = freshLines(1, "unitOfMeasure IS NOT NULL AND unitOfMeasure <> 'HR' AND budgetUnits > 0");
    const before = await summary(line!, 'unit');
    const answer = await api.post('pm', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: line!, unitsToComplete: '1,200', unitCost: '62.5' }) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(row(line!), { method: 'manual', projectedCostToComplete: 75000, reason: null, pluggedQuantity: 1200, pluggedRate: 62.5, pluggedBy: 'units', login: 'pm' });
    const after = await summary(line!, 'unit');
    assert.deepEqual([after.projectionMethod, after.projectedCostToComplete, after.pluggedBy, after.pluggedQuantity, after.pluggedRate], ['manual', 75000, 'units', 1200, 62.5]);
    assert.equal(after.projectedUnits, Math.round((before.actualUnits + 1200) * 100) / 100);
    // Typed as an amount again: no longer plugged.
    await api.post('pm', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: line!, value: '70000' }) });
    assert.deepEqual([(await summary(line!)).pluggedBy, (await summary(line!)).pluggedQuantity], [null, null]);
  });

  it('hours to complete × rate on a labor line; units and hours of an hourly line agree', async () => {
    const [line] = freshLines(1, "type = 'L' AND unitOfMeasure = 'HR'");
    const answer = await api.post('pm', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: line!, hoursToComplete: '300', rate: '$58.25' }) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual([row(line!).projectedCostToComplete, row(line!).pluggedBy], [17475, 'hours']);
    const [units, hours] = [await summary(line!, 'unit'), await summary(line!, 'hour')];
    assert.deepEqual([units.budgetUnits, units.actualUnits, units.projectedUnits], [hours.budgetHours, hours.actualHours, hours.projectedHours]);
    assert.deepEqual([units.budgetUnitCost, units.actualUnitCost, units.projectedUnitCost], [hours.budgetRate, hours.actualRate, hours.projectedRate]);
    assert.equal(hours.projectedHours, Math.round((hours.actualHours + 300) * 100) / 100);
  });

  it('every hourly labor line of the budget shows its hours as its units', async () => {
    const [units = [], hours = []] = await Promise.all(['unit', 'hour'].map(async (type) => (await api.get('pm', SUMMARY, { recordKey: 'Budget', recordId: BUDGET, type })).body.data as Row[]));
    const hourly = host.db.prepare("SELECT costCodeId FROM cost_codes WHERE budgetId = ? AND type = 'L' AND unitOfMeasure = 'HR'").all(BUDGET).map((r) => (r as Row).costCodeId);
    assert.ok(hourly.length > 0);
    for (const id of hourly) {
      const [u, h] = [units.find((l) => l.costCodeId === id)!, hours.find((l) => l.costCodeId === id)!];
      assert.deepEqual([u.budgetUnits, u.actualUnits, u.projectedUnits], [h.budgetHours, h.actualHours, h.projectedHours], `line ${id}`);
    }
  });

  it('refuses a half plug, both plugs, a plug with method auto, and a value that is not the product', async () => {
    const [line] = freshLines(1);
    const before = checksum(host, TABLES);
    const cases: Array<[Record<string, string | number>, string, string]> = [
      [{ unitsToComplete: '10' }, 'projections[0].unitCost', 'Line 1: type the unit cost too.'],
      [{ hoursToComplete: '10', rate: 'lots' }, 'projections[0].rate', "Line 1: the rate: 'lots' is not a quantity: type for example 120, 1,250.5 or 2k."],
      [{ unitsToComplete: '10', unitCost: '5', hoursToComplete: '1', rate: '50' }, 'projections[0].unitsToComplete', 'Line 1: plug units × unit cost or hours × rate, not both.'],
      [{ method: 'auto', unitsToComplete: '10', unitCost: '5' }, 'projections[0].method', 'Line 1: a plugged cost to complete is a manual projection (method manual).'],
      [{ unitsToComplete: '10', unitCost: '5', value: '49' }, 'projections[0].value', 'Line 1: the cost to complete sent does not match units × unit cost (50).'],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await api.post('pm', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: line!, ...fields }) });
      assert.equal(answer.status, 400, JSON.stringify(fields));
      assert.deepEqual(answer.body.data, [{ integerValue: 1, stringValue: field, message }]);
    }
    assert.equal(checksum(host, TABLES), before);
  });
});

describe('SaveProjections: no silent overwrite', () => {
  it('a line someone else saved after lastLoad is not saved; the other lines are; the answer names who and when, theirs and yours', async () => {
    const [a, b] = freshLines(2);
    const lastLoad = now();
    await pause();
    const theirs = await api.post('rpm', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: a!, value: '5000', reason: 'Owner-directed overtime' }) });
    assert.equal(theirs.status, 200, JSON.stringify(theirs.body));
    const savedAt = one("SELECT modifiedAt FROM projections WHERE costCodeId = ? AND month = '2026-11'", a!).modifiedAt as string;
    const mine = await api.post('pm', SAVE, {
      BudgetId: BUDGET, lastLoad, ...entry(0, { costCodeId: a!, value: '7000', reason: 'Rework' }), ...entry(1, { costCodeId: b!, value: '100' }),
    });
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.equal(mine.body.data.saved, 1);
    assert.deepEqual(mine.body.data.lines.map((l: Row) => l.costCodeId), [b]);
    assert.deepEqual(mine.body.data.conflicts, [{
      costCodeId: a, savedBy: 'Linda Okafor', savedAt,
      theirs: { method: 'manual', projectedCostToComplete: 5000, reason: 'Owner-directed overtime' },
      yours: { method: 'manual', projectedCostToComplete: 7000, reason: 'Rework' },
    }]);
    assert.deepEqual([row(a!).login, row(a!).projectedCostToComplete, row(b!).login], ['rpm', 5000, 'pm']);
  });

  it('409 when no line could be saved, nothing written; overwrite=true keeps mine', async () => {
    const [a] = freshLines(1);
    const lastLoad = now();
    await pause();
    assert.equal((await api.post('admin', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: a!, method: 'auto' }) })).status, 200);
    const before = checksum(host, TABLES);
    const refused = await api.post('pm', SAVE, { BudgetId: BUDGET, lastLoad, ...entry(0, { costCodeId: a!, value: '900' }) });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'This line was saved by Dana Whitfield since you loaded the grid: keep yours (save again with overwrite) or take theirs.');
    assert.deepEqual(refused.body.conflicts.map((c: Row) => [c.costCodeId, c.savedBy, c.theirs.method, c.yours.projectedCostToComplete]), [[a, 'Dana Whitfield', 'auto', 900]]);
    assert.equal(checksum(host, TABLES), before);
    const kept = await api.post('pm', SAVE, { BudgetId: BUDGET, lastLoad, ...entry(0, { costCodeId: a!, value: '900', overwrite: 'true' }) });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    assert.deepEqual([row(a!).login, row(a!).projectedCostToComplete], ['pm', 900]);
  });

  it("one's own earlier save is no conflict; a save loaded after theirs is none either", async () => {
    const [a, b] = freshLines(2);
    const lastLoad = now();
    await pause();
    assert.equal((await api.post('pm', SAVE, { BudgetId: BUDGET, lastLoad, ...entry(0, { costCodeId: a!, value: '1000' }) })).status, 200);
    const again = await api.post('pm', SAVE, { BudgetId: BUDGET, lastLoad, ...entry(0, { costCodeId: a!, value: '1100' }) });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.data.conflicts, []);
    assert.equal(row(a!).projectedCostToComplete, 1100);
    assert.equal((await api.post('rpm', SAVE, { BudgetId: BUDGET, ...entry(0, { costCodeId: b!, value: '10' }) })).status, 200);
    await pause();
    const reloaded = await api.post('pm', SAVE, { BudgetId: BUDGET, lastLoad: now(), ...entry(0, { costCodeId: b!, value: '20' }) });
    assert.equal(reloaded.status, 200);
    assert.deepEqual(reloaded.body.data.conflicts, []);
  });

  it('50 saves of one line at once with the same lastLoad over HTTP: the first user wins, every other user gets the conflict', async () => {
    const [a] = freshLines(1);
    const lastLoad = now();
    await pause();
    const logins = ['pm', 'rpm', 'admin'];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      api.post(logins[i % 3]!, SAVE, { BudgetId: BUDGET, lastLoad, ...entry(0, { costCodeId: a!, value: String(1000 + i) }) }).then((answer) => ({ login: logins[i % 3]!, answer }))));
    const winner = row(a!).login as string;
    for (const { login, answer } of answers) {
      if (login === winner) assert.equal(answer.status, 200, `${login}: own saves go through`);
      else {
        assert.equal(answer.status, 409, `${login}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.conflicts[0].savedBy, one('SELECT preferredName FROM employees WHERE login = ?', winner).preferredName);
      }
    }
    assert.equal(answers.filter((a) => a.answer.status === 409).length, answers.filter((a) => a.login !== winner).length);
  });

  it('50 saves of one line at once by 50 people with the same lastLoad: exactly one is saved, 49 conflict', async () => {
    const [a] = freshLines(1);
    const lastLoad = now();
    await pause();
    const people = host.db.prepare('SELECT employeeId, login, employeeKey, preferredName, initials, jobTitle, email, active, betaUser FROM employees ORDER BY employeeId LIMIT 50').all() as Caller[];
    assert.equal(people.length, 50);
    const save = projectionWriteHandlers['POST /api/pfm/saveprojections']!.handler;
    const outcomes = await Promise.all(people.map(async (person, i) => {
      await pause();
      try {
        const answer = save({
          db: host.db, reply: undefined as never, user: { ...person, roles: [{ applicationKey: 'keyPFM', name: 'Project Manager' }] } as Caller,
          params: { BudgetId: BUDGET, lastLoad, projections: [{ index: 0, costCodeId: a!, method: 'manual', value: String(2000 + i) }] },
        }) as Row;
        return answer.saved === 1 ? 'saved' : 'unexpected';
      } catch (error) {
        return error instanceof HttpError && error.statusCode === 409 ? 'conflict' : `error ${String(error)}`;
      }
    }));
    assert.deepEqual([outcomes.filter((o) => o === 'saved').length, outcomes.filter((o) => o === 'conflict').length], [1, 49]);
  });
});
