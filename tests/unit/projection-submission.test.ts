import { expect } from 'chai';
import { mayReopenProjections, SUBMISSION_TEXT } from '../../src/core/projections/contract';

const PM = { applicationKey: 'keyPFM', name: 'Project Manager' };

describe('who may re-open submitted projections (src/core/projections/contract.ts mayReopenProjections)', () => {
  it('the employee who submitted them, whatever their PFM role', () => {
    expect(mayReopenProjections({ employeeId: 7, roles: [PM] }, 7)).to.equal(true);
  });

  it('an RPM or a keyPFM Admin (any case), whoever submitted', () => {
    expect(mayReopenProjections({ employeeId: 8, roles: [{ applicationKey: 'keyPFM', name: 'RPM' }] }, 7)).to.equal(true);
    expect(mayReopenProjections({ employeeId: 8, roles: [{ applicationKey: 'keypfm', name: 'admin' }] }, 7)).to.equal(true);
  });

  it('not another project manager, not an Admin of another application, not an unknown employee or submitter', () => {
    expect(mayReopenProjections({ employeeId: 8, roles: [PM] }, 7)).to.equal(false);
    expect(mayReopenProjections({ employeeId: 8, roles: [PM, { applicationKey: 'keyTC', name: 'Admin' }] }, 7)).to.equal(false);
    expect(mayReopenProjections({ employeeId: null, roles: [PM] }, null)).to.equal(false);
    expect(mayReopenProjections({ employeeId: 7, roles: [PM] }, null)).to.equal(false);
  });

  it('says the submission in the words the grid and the host share', () => {
    // The month and the day as the callers format them (periodLabel, formatDate): placeholders here.
    expect(SUBMISSION_TEXT.submittedLine('<month>', 'Marcus Reyes', '<day>')).to.equal('<month> · Submitted by Marcus Reyes on <day>');
    expect(SUBMISSION_TEXT.saveRefused('<month>', 'Marcus Reyes', '<day>'))
      .to.equal('The projections for <month> were submitted by Marcus Reyes on <day>: re-open them to change them.');
  });
});
