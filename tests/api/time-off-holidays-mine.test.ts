/**
 * getholidays with mine=true (the request form's live checks): the caller's own region only, and
 * nothing for a caller without a region; every region without it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { useTestHost, type Row } from './support/use-host';

const { host, api } = useTestHost();

describe('getholidays mine=true', () => {
  it("answers the caller's region only; without it, every region", async () => {
    const region = (host.db.prepare("SELECT regionId FROM employees WHERE login = 'employee'").get() as Row).regionId as number;
    assert.ok(region > 0, 'the demo employee has a region');
    const mine = await api.get('employee', TIME_OFF_API.getHolidays, { year: 2026, mine: 'true' });
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    const rows = mine.body.data as Row[];
    assert.ok(rows.length > 0);
    assert.ok(rows.every((h) => h.regionId === region));
    const all = (await api.get('employee', TIME_OFF_API.getHolidays, { year: 2026 })).body.data as Row[];
    assert.ok(new Set(all.map((h) => h.regionId)).size > 1);
    host.db.prepare("UPDATE employees SET regionId = NULL WHERE login = 'pm'").run();
    assert.deepEqual((await api.get('pm', TIME_OFF_API.getHolidays, { year: 2026, mine: 'true' })).body.data, []);
  });
});
