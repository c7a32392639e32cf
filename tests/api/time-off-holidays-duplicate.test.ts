/**
 * saveholiday on a date the region already has (issue 29): a 400 whose feedback names the holiday there at
 * the date field, without autoAlert (which would open the 'Request Failed' box besides the field's message),
 * on adding and on moving another holiday there; nothing is written.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { checksum } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api } = useTestHost();

describe('saveholiday, a duplicate region and date', () => {
  it('is a 400 with feedback at holidayDate naming the holiday there, no autoAlert; nothing written', async () => {
    const region = (host.db.prepare("SELECT regionId FROM regions WHERE code = 'NTX'").get() as Row).regionId as number;
    const first = await api.post('tcadmin', TIME_OFF_API.saveHoliday, { regionId: region, holidayDate: '2031-11-27', name: 'Harvest Day', hours: 8 });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const other = await api.post('tcadmin', TIME_OFF_API.saveHoliday, { regionId: region, holidayDate: '2031-11-28', name: 'Day after', hours: 8 });
    assert.equal(other.status, 200, JSON.stringify(other.body));
    const before = checksum(host, ['holidays', 'timecard_lines']);
    const message = 'North Texas already has a holiday on 11/27/2031 (Harvest Day): change that one instead.';

    for (const [what, form] of [
      ['a new one', { regionId: region, holidayDate: '2031-11-27', name: 'Another', hours: 4 }],
      ['another moved there', { holidayId: other.body.data.holidayId as number, regionId: region, holidayDate: '2031-11-27', name: 'Day after', hours: 8 }],
    ] as const) {
      const refused = await api.post('admin', TIME_OFF_API.saveHoliday, form);
      assert.equal(refused.status, 400, what);
      assert.equal(refused.body.autoAlert, undefined, `${what}: no autoAlert, so no 'Request Failed' box`);
      assert.equal(refused.body.message, message, what);
      assert.deepEqual(refused.body.feedback, [{ integerValue: 1, stringValue: 'holidayDate', message }], what);
    }
    assert.equal(checksum(host, ['holidays', 'timecard_lines']), before);
  });
});
