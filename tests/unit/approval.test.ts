import { expect } from 'chai';
import { decideApproval, limitText, needsSignatureReason, roleLabel, type ApprovalFacts, type ApprovalMove } from '../../src/core/records/approval';

// The seeded change-order step: PM up to $25,000, RPM up to $250,000, keyPFM Admin any amount.
const move = (over: Partial<ApprovalMove> = {}): ApprovalMove => ({
  applicationRecordKey: 'SubcontractChangeOrder', targetApplicationRecordStateId: 40, notSubmitter: true, notPreviousApprover: true,
  limits: [
    { applicationKey: 'keyPFM', roleName: 'Admin', upToAmount: null },
    { applicationKey: 'keyPFM', roleName: 'Project Manager', upToAmount: 25_000 },
    { applicationKey: 'keyPFM', roleName: 'RPM', upToAmount: 250_000 },
  ],
  ...over,
});
const pm = [{ applicationKey: 'keyPFM', name: 'Project Manager' }];
const rpm = [{ applicationKey: 'keyPFM', name: 'RPM' }];
const facts = (over: Partial<ApprovalFacts> = {}): ApprovalFacts => ({
  roles: pm, amount: 25_000, isSubmitter: false, isPreviousApprover: false, label: 'subcontract change order', ...over,
});

describe('approval authority (src/core/records/approval.ts)', () => {
  it('a role approves up to its limit exactly, with the smallest limit of its own that covers the amount', () => {
    const decision = decideApproval(move(), facts());
    expect(decision).to.deep.equal({ allowed: true, limit: { applicationKey: 'keyPFM', roleName: 'Project Manager', upToAmount: 25_000 } });
    expect(decideApproval(move(), facts({ roles: [...pm, ...rpm], amount: 100 }))).to.deep.include({ allowed: true });
    expect((decideApproval(move(), facts({ roles: [...pm, ...rpm], amount: 100 })) as { limit: { roleName: string } }).limit.roleName).to.equal('Project Manager');
  });

  it('one cent over names the next role and the limit it passes; a deductive change order counts by its size', () => {
    expect(decideApproval(move(), facts({ amount: 25_000.01 }))).to.deep.include({ allowed: false, reason: 'Needs RPM approval above $25,000' });
    expect(decideApproval(move(), facts({ amount: -25_000.01 }))).to.deep.include({ allowed: false, reason: 'Needs RPM approval above $25,000' });
    expect(decideApproval(move(), facts({ roles: rpm, amount: 250_000.01 }))).to.deep.include({ allowed: false, reason: 'Needs keyPFM Admin approval above $250,000' });
  });

  it('a caller without any listed role is told which role approves', () => {
    const decision = decideApproval(move(), facts({ roles: [{ applicationKey: 'keyPFM', name: 'Viewer' }], amount: 10 }));
    expect(decision).to.deep.include({ allowed: false, reason: 'Needs Project Manager approval' });
  });

  it('segregation of duties comes before the amount: the submitter, then the previous approver', () => {
    expect(decideApproval(move(), facts({ isSubmitter: true, amount: 1 }))).to.deep.equal({
      allowed: false, reason: 'You submitted this subcontract change order: another person with approval authority must approve it.',
    });
    expect(decideApproval(move(), facts({ isPreviousApprover: true, amount: 1 }))).to.deep.equal({
      allowed: false, reason: 'You made the previous approval of this subcontract change order: another person must make this one.',
    });
    expect(decideApproval(move({ notSubmitter: false, notPreviousApprover: false }), facts({ isSubmitter: true, isPreviousApprover: true, amount: 1 })))
      .to.deep.include({ allowed: true });
  });

  it('an amount no role may approve says so', () => {
    const capped = move({ limits: [{ applicationKey: 'keyPFM', roleName: 'RPM', upToAmount: 100 }] });
    expect(decideApproval(capped, facts({ roles: rpm, amount: 101 }))).to.deep.equal({ allowed: false, reason: 'No role may approve $101 on this subcontract change order.' });
  });

  it('words: role labels, limits and the signature reason', () => {
    expect(roleLabel({ applicationKey: 'keyPFM', roleName: 'Admin', upToAmount: null })).to.equal('keyPFM Admin');
    expect(limitText(2_000_000)).to.equal('$2,000,000');
    expect(limitText(10.5)).to.equal('$10.50');
    expect(needsSignatureReason('Executed')).to.equal(true);
    expect(needsSignatureReason('Issued')).to.equal(false);
  });
});
