import { expect } from 'chai';
import {
  OPPORTUNITY_CODE_EDITORS, OPPORTUNITY_READERS, OPPORTUNITY_STATUSES, opportunityCodeDigits, opportunityCodeProblems, opportunityOpenForTime,
} from '../../src/core/opportunities/contract';
import { ruleAllows } from '../../src/core/access';

describe('opportunity rules', () => {
  it('a Lost opportunity closes its codes to new time; Pursuit and Won stay open; unknown is closed', () => {
    expect(OPPORTUNITY_STATUSES).to.deep.equal(['Pursuit', 'Won', 'Lost']);
    expect(opportunityOpenForTime('Pursuit')).to.equal(true);
    expect(opportunityOpenForTime('Won')).to.equal(true);
    expect(opportunityOpenForTime('Lost')).to.equal(false);
    expect(opportunityOpenForTime('lost')).to.equal(false);
    expect(opportunityOpenForTime(undefined)).to.equal(false);
  });

  it('a code is 8 digits, hyphens and spaces ignored', () => {
    expect(opportunityCodeDigits('01-0100-00')).to.equal('01010000');
    expect(opportunityCodeDigits(' 0101 0000 ')).to.equal('01010000');
    expect(opportunityCodeDigits('0101000')).to.equal(null);
    expect(opportunityCodeDigits('01-0100-0A')).to.equal(null);
    expect(opportunityCodeDigits(null)).to.equal(null);
  });

  it('lists every problem of an Add with its field and message', () => {
    const open = { number: 'OPP-26-014', status: 'Pursuit', existingCodes: ['01010000'] };
    expect(opportunityCodeProblems({ code: '01-0200-00', description: 'Estimating' }, open)).to.deep.equal([]);
    expect(opportunityCodeProblems({ code: '01-0100-00', description: 'x' }, open)).to.deep.equal([
      { field: 'code', message: '01-0100-00 is already a cost code of opportunity OPP-26-014.' },
    ]);
    expect(opportunityCodeProblems({ code: '123', description: ' ' }, open)).to.deep.equal([
      { field: 'code', message: 'The cost code must have 8 digits, shown 2-4-2 (for example 01-0100-00).' },
      { field: 'description', message: 'A description is required.' },
    ]);
    expect(opportunityCodeProblems({ code: '01020000', description: 'y'.repeat(201) }, open)[0]!.message)
      .to.equal('The description is longer than 200 characters.');
    expect(opportunityCodeProblems({ code: '01020000', description: 'y'.repeat(200) }, open)).to.deep.equal([]);
    expect(opportunityCodeProblems({ code: '01020000', description: 'Debrief' }, { ...open, number: 'OPP-26-003', status: 'Lost' })).to.deep.equal([
      { field: 'opportunity', message: 'Opportunity OPP-26-003 is Lost: its cost codes are closed to new time.' },
    ]);
  });

  it('Admin and RPM on keyPFM edit; any keyPFM or keyTC role reads', () => {
    const r = (applicationKey: string, name: string) => [{ applicationKey, name }];
    expect(ruleAllows(r('keyPFM', 'RPM'), OPPORTUNITY_CODE_EDITORS)).to.equal(true);
    expect(ruleAllows(r('keyPFM', 'Admin'), OPPORTUNITY_CODE_EDITORS)).to.equal(true);
    expect(ruleAllows(r('keyPFM', 'Project Manager'), OPPORTUNITY_CODE_EDITORS)).to.equal(false);
    expect(ruleAllows(r('keyTC', 'Admin'), OPPORTUNITY_CODE_EDITORS)).to.equal(false);
    const reads = (roles: Array<{ applicationKey: string; name: string }>) => OPPORTUNITY_READERS.some((rule) => ruleAllows(roles, rule));
    expect(reads(r('keyTC', 'Default'))).to.equal(true);
    expect(reads(r('keyPFM', 'Project Manager'))).to.equal(true);
    expect(reads(r('keyIT', 'Viewer'))).to.equal(false);
  });
});
