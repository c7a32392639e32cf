import { expect } from 'chai';
import {
  ENVELOPE_EXPIRY_DAYS, ENVELOPE_STATES, REMINDER_INTERVAL_HOURS, canSendForSignature, envelopeExpiresAt, isEmail, nextReminderAt, signerProblems,
} from '../../src/core/esign/contract';

describe('e-sign rules', () => {
  it('seven envelope states; expiry 120 days after sending', () => {
    expect(ENVELOPE_STATES).to.deep.equal(['Draft', 'Sent', 'Viewed', 'Signed', 'Declined', 'Voided', 'Expired']);
    expect(ENVELOPE_EXPIRY_DAYS).to.equal(120);
    expect(envelopeExpiresAt('2026-01-01T10:00:00.000Z')).to.equal('2026-05-01T10:00:00.000Z');
  });

  it('one reminder a day: the next is allowed 24 hours after the last', () => {
    expect(REMINDER_INTERVAL_HOURS).to.equal(24);
    const last = '2026-03-01T09:00:00.000Z';
    expect(nextReminderAt(null, Date.parse(last))).to.equal(null);
    expect(nextReminderAt(last, Date.parse('2026-03-02T08:59:00.000Z'))).to.equal('2026-03-02T09:00:00.000Z');
    expect(nextReminderAt(last, Date.parse('2026-03-02T09:00:00.000Z'))).to.equal(null);
  });

  it('signers need a name and a valid, distinct e-mail', () => {
    expect(isEmail('ada@vendor.example')).to.equal(true);
    for (const bad of ['ada', 'ada@vendor', 'a b@x.example', '<a>@x.example', '']) expect(isEmail(bad), bad).to.equal(false);
    expect(signerProblems([])).to.deep.equal([['signers', 'Add at least one signer.']]);
    expect(signerProblems([{ name: ' ', email: 'a@x.example' }, { name: 'B', email: 'A@X.example' }, { name: 'C', email: 'nope' }])).to.deep.equal([
      ['signers[0].name', 'Signer 1: a name is required.'],
      ['signers[1].email', 'Signer 2: this e-mail address is already a signer.'],
      ['signers[2].email', 'Signer 3: enter a valid e-mail address.'],
    ]);
    expect(signerProblems(Array.from({ length: 11 }, (_, i) => ({ name: `S${i}`, email: `s${i}@x.example` })))).to.deep.equal([['signers', 'At most 10 signers.']]);
  });

  it('what the workbenches offer to send for signature', () => {
    expect(canSendForSignature('Subcontract', 'Draft')).to.equal(true);
    expect(canSendForSignature('Subcontract', 'Pending Signature')).to.equal(true);
    expect(canSendForSignature('Subcontract', 'Executed')).to.equal(false);
    expect(canSendForSignature('SubcontractChangeOrder', 'Pending Approval')).to.equal(true);
    expect(canSendForSignature('PurchaseOrder', 'Issued')).to.equal(false);
    expect(canSendForSignature('OwnerAgreement', 'Draft')).to.equal(false);
  });
});
