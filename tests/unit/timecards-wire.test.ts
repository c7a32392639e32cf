import { expect } from 'chai';
import { checkTimecard, expectedHours, policyInput, TIMECARD_TEXT, type PolicyContextData } from '../../src/core/timecards';

/** TimecardLoad.context as JSON: project cost code 7 and opportunity code 7 are different codes. */
const data: PolicyContextData = {
  projects: { 1: { number: '24-1032', closed: false }, 2: { number: '25-1018', closed: true } },
  opportunities: { 5: { number: 'OPP-0005', status: 'Pursuit' } },
  costCodes: { 7: { code: '01100000', type: 'M', projectId: 1 }, 8: { code: '01200000', type: 'L', projectId: 1 } },
  opportunityCostCodes: { 7: { code: '99100000', type: 'L', opportunityId: 5 } },
  expected: expectedHours({ weekStart: '2026-03-15' }),
};
const FULL = [0, 8, 8, 8, 8, 8, 0];

describe('timecard policy context as JSON (policyInput)', () => {
  it('survives JSON and gives checkTimecard the same answer as on the host', () => {
    const json = JSON.parse(JSON.stringify(data)) as PolicyContextData;
    const input = policyInput([{ projectId: 1, costCodeId: 7, timeType: 'Regular', hours: FULL }], json);
    expect(checkTimecard(input.lines, input.context).map((i) => [i.stringValue, i.message])).to.deep.equal([['lines[0].costCodeId', TIMECARD_TEXT.notLabor('01100000')]]);
  });

  it("keeps an opportunity's code apart from the project cost code of the same id", () => {
    const input = policyInput([{ opportunityId: 5, opportunityCostCodeId: 7, timeType: 'Regular', hours: FULL }], data);
    expect(input.lines[0]!.costCodeId).to.equal(-7);
    expect(checkTimecard(input.lines, input.context)).to.deep.equal([]);
  });

  it('checks the total against expected only when asked, and at submit needs a reason', () => {
    const lines = [{ projectId: 1, costCodeId: 8, timeType: 'Regular', hours: [0, 8, 8, 8, 8, 4, 0] }];
    const saving = policyInput(lines, data, { withExpected: false });
    expect(checkTimecard(saving.lines, saving.context)).to.deep.equal([]);
    const submit = policyInput(lines, data, { submit: true });
    expect(checkTimecard(submit.lines, submit.context).map((i) => [i.integerValue, i.stringValue, i.message])).to.deep.equal([[1, 'reason', TIMECARD_TEXT.hoursDiffer(36, 40)]]);
    const withReason = policyInput(lines, data, { submit: true, reason: 'Doctor' });
    expect(checkTimecard(withReason.lines, withReason.context).map((i) => i.integerValue)).to.deep.equal([2]);
  });

  it('a closed project refuses time', () => {
    const input = policyInput([{ projectId: 2, costCodeId: 8, timeType: 'Regular', hours: FULL }], { ...data, costCodes: { 8: { code: '01200000', type: 'L', projectId: 2 } } });
    expect(checkTimecard(input.lines, input.context).map((i) => i.message)).to.deep.equal([TIMECARD_TEXT.closedProject('25-1018')]);
  });
});
