import { expect } from 'chai';
import {
  CHANGE_ORDER_KEY_OF, COMMITMENT_COST_TYPES, COMMITMENT_KINDS, changesContractSum, commitmentKindOf, contractSumFixed, contractSumFixedMessage, costTypeFits,
  costTypeMessage, DEFAULT_RETAINAGE_PERCENT, EXCESS_LIABILITY_AMOUNTS, gateMoney, gateReasons, nextChangeOrderNumber, nextCommitmentNumber,
  parseExcessLiability, parseRetainage, RETAINAGE_PERCENTS, sraShortfall, type GateInput,
} from '../../src/core/commitments/terms';

const PREQUALIFIED = { status: 'Prequalified', singleLimit: 500_000, aggregateLimit: 1_000_000, limitExpiresOn: '2099-12-31' } as const;
const gate = (over: Partial<GateInput> = {}): string[] => gateReasons({ amount: 500_000, openElsewhere: 0, vendorName: 'ABC', limits: PREQUALIFIED, today: '2026-11-20', ...over });

describe('commitment terms', () => {
  it('names the kinds, their change orders and the cost types each commits (§5)', () => {
    expect(COMMITMENT_KINDS).to.deep.equal(['Subcontract', 'PurchaseAgreement', 'PurchaseOrder']);
    expect(CHANGE_ORDER_KEY_OF).to.deep.equal({ Subcontract: 'SubcontractChangeOrder', PurchaseAgreement: 'PurchaseAgreementChangeOrder', PurchaseOrder: null });
    expect(COMMITMENT_COST_TYPES).to.deep.equal({ Subcontract: ['S'], PurchaseAgreement: ['M', 'W', 'E'], PurchaseOrder: ['M', 'W', 'E'] });
    expect(commitmentKindOf('SubcontractChangeOrder')).to.equal('Subcontract');
    expect(commitmentKindOf('PurchaseAgreementChangeOrder')).to.equal('PurchaseAgreement');
    expect(commitmentKindOf('PurchaseOrder')).to.equal('PurchaseOrder');
    expect(commitmentKindOf('OwnerAgreement')).to.equal(null);
  });

  it('cost types fit by kind, in any case; the refusal names the line, the type and what fits', () => {
    expect(costTypeFits('Subcontract', 'S')).to.equal(true);
    expect(costTypeFits('Subcontract', 's')).to.equal(true);
    for (const type of ['L', 'M', 'W', 'E', 'R', 'A', 'F']) expect(costTypeFits('Subcontract', type), type).to.equal(false);
    for (const type of ['M', 'W', 'E']) expect(costTypeFits('PurchaseOrder', type), type).to.equal(true);
    for (const type of ['S', 'L', 'R']) expect(costTypeFits('PurchaseAgreement', type), type).to.equal(false);
    expect(costTypeMessage('PurchaseOrder', 'S', 2)).to.equal('Line 2: cost type S does not fit a purchase order (M, W, E only).');
  });

  it('retainage is 10, 5 or 0 (default 10); excess liability N/A, $3M, $5M or $10M', () => {
    expect(RETAINAGE_PERCENTS).to.deep.equal([10, 5, 0]);
    expect(DEFAULT_RETAINAGE_PERCENT).to.equal(10);
    expect(['', '10', '5', '0', '5%', '10.0'].map(parseRetainage)).to.deep.equal([10, 10, 5, 0, 5, 10]);
    expect(['7', '-5', '100', 'ten', '4.99'].map(parseRetainage)).to.deep.equal([undefined, undefined, undefined, undefined, undefined]);
    expect(EXCESS_LIABILITY_AMOUNTS).to.deep.equal([3_000_000, 5_000_000, 10_000_000]);
    expect(['', 'N/A', 'n/a', '3000000', '5000000', '10000000'].map(parseExcessLiability)).to.deep.equal([null, null, null, 3_000_000, 5_000_000, 10_000_000]);
    expect(['4000000', '3M', '-3000000', '0'].map(parseExcessLiability)).to.deep.equal([undefined, undefined, undefined, undefined]);
  });

  it('numbers: SC-/PA-/PO-<job>-### after the budget\'s highest, and <commitment>-CO01 after its change orders', () => {
    expect(nextCommitmentNumber('Subcontract', '24-1032', [])).to.equal('SC-24-1032-001');
    expect(nextCommitmentNumber('Subcontract', '24-1032', ['SC-24-1032-009', 'SC-24-1032-030', 'SC-TEST-900', 'SC-24-1033-099'])).to.equal('SC-24-1032-031');
    expect(nextCommitmentNumber('PurchaseAgreement', '24-1032', ['PA-24-1032-007'])).to.equal('PA-24-1032-008');
    expect(nextCommitmentNumber('PurchaseOrder', '24-1032', ['PO-24-1032-999'])).to.equal('PO-24-1032-1000');
    expect(nextChangeOrderNumber('SC-24-1032-003', [])).to.equal('SC-24-1032-003-CO01');
    expect(nextChangeOrderNumber('SC-24-1032-003', ['SCO-01', 'SCO-02'])).to.equal('SC-24-1032-003-CO03');
    expect(nextChangeOrderNumber('PA-24-1032-001', ['PACO-01', 'PA-24-1032-001-CO04'])).to.equal('PA-24-1032-001-CO05');
  });

  it('the contract sum is fixed after Draft: adding, removing, or changing a cost code, amount, quantity or unit price changes it; a description does not', () => {
    expect(contractSumFixed('Draft')).to.equal(false);
    for (const state of ['Pending Signature', 'Executed', 'Closed', 'Issued', 'Received']) expect(contractSumFixed(state), state).to.equal(true);
    const before = { costCodeId: 1, amount: 240_000, quantity: 1, unitPrice: 240_000 };
    expect(changesContractSum({ itemId: 5, amount: '950000' }, before)).to.equal(true);
    expect(changesContractSum({ itemId: 5, amount: '240000.004' }, before)).to.equal(false);
    expect(changesContractSum({ itemId: 5, amount: '240000.01' }, before)).to.equal(true);
    expect(changesContractSum({ itemId: 5, costCodeId: 2 }, before)).to.equal(true);
    expect(changesContractSum({ itemId: 5, costCodeId: 1, amount: '240000' }, before)).to.equal(false);
    expect(changesContractSum({ itemId: 5, quantity: '2' }, before)).to.equal(true);
    expect(changesContractSum({ itemId: 5, unitPrice: '1' }, before)).to.equal(true);
    expect(changesContractSum({ itemId: 5, deleted: true }, before)).to.equal(true);
    expect(changesContractSum({ itemId: null, costCodeId: 1, amount: '1' }, undefined)).to.equal(true);
    expect(changesContractSum({ itemId: null, deleted: true }, undefined)).to.equal(false);
    expect(changesContractSum({ itemId: 5 }, before)).to.equal(false);
    expect(contractSumFixedMessage('SC-24-1032-029', 'Pending Signature'))
      .to.equal("SC-24-1032-029 is 'Pending Signature': its contract sum is fixed. Items and amounts change only by a change order.");
  });

  it('the gate: exactly at a limit is within it; a cent over names the limit and the amount over', () => {
    expect(gate()).to.deep.equal([]);
    expect(gate({ amount: 500_000.01 })).to.deep.equal(["the amount $500,000.01 exceeds ABC's single limit of $500,000 by $0.01"]);
    expect(gate({ amount: 540_000 })).to.deep.equal(["the amount $540,000 exceeds ABC's single limit of $500,000 by $40,000"]);
    expect(gate({ openElsewhere: 500_000 })).to.deep.equal([]);
    expect(gate({ openElsewhere: 500_000.01 })).to.deep.equal([
      "ABC's open subcontracts on all projects, $1,000,000.01 with this one, exceed its aggregate limit of $1,000,000 by $0.01",
    ]);
    expect(gate({ amount: 1, limits: { status: 'Not Prequalified', singleLimit: null, aggregateLimit: null, limitExpiresOn: null } }))
      .to.deep.equal(['the vendor is not prequalified (Not Prequalified)']);
    // An expired prequalification falls back to the default limits ($100,000 single, $200,000 aggregate).
    expect(gate({ amount: 150_000, limits: { ...PREQUALIFIED, limitExpiresOn: '2026-11-19' } })).to.deep.equal([
      'the vendor is not prequalified (Expired)', "the amount $150,000 exceeds ABC's single limit of $100,000 by $50,000",
    ]);
  });

  it('an approved SRA for less than the sum says so; money shows cents only when there are any', () => {
    expect(sraShortfall('SRA-0012', 209_811, 'subcontract', 240_000)).to.equal("SRA-0012 approved for $209,811 covers less than the subcontract's $240,000");
    expect(sraShortfall('SRA-0012', 240_000, 'subcontract', 240_000)).to.equal(null);
    expect(sraShortfall('SRA-0012', 239_999.99, 'subcontract', 240_000)).to.match(/covers less/);
    expect([gateMoney(0.01), gateMoney(1_000_000), gateMoney(1234.5)]).to.deep.equal(['$0.01', '$1,000,000', '$1,234.50']);
  });
});
