import { expect } from 'chai';
import {
  GATED_SUBCONTRACT_STATES, MITIGATIONS, mitigationProblem, scoreSra, SECURING_MITIGATIONS, sraCovers, SRA_RULES, SRA_TEXT,
  type Rating, type SraFactorKey, type SraInput,
} from '../../src/core/risk/sra';
import type { CurrentLimits } from '../../src/core/risk/limits';

// A prequalified vendor with a $1,000,000 single / $2,000,000 aggregate limit; every factor green at $500,000.
const LIMITS: CurrentLimits = { status: 'Prequalified', singleLimit: 1_000_000, aggregateLimit: 2_000_000, limitExpiresOn: '2028-12-31' };
const NOT_PREQUALIFIED: CurrentLimits = { status: 'Not Prequalified', singleLimit: null, aggregateLimit: null, limitExpiresOn: null };
const input = (over: Partial<SraInput> = {}): SraInput => ({
  amount: 500_000, limits: LIMITS, openBacklog: 0, revenue: 10_000_000, latestEmr: 0.9, glExpiresOn: '2028-06-30', subRatingAverage: 4,
  projectEnd: '2027-12-31', today: '2026-11-23', ...over,
});
const rating = (over: Partial<SraInput>, key: SraFactorKey): Rating => scoreSra(input(over)).factors.find((f) => f.key === key)!.rating;

describe('SRA scoring (issue 14)', () => {
  it('names its rules and mitigations', () => {
    expect(SRA_RULES).to.deep.include({
      singleAmber: 0.75, singleRed: 1.0, aggregateAmber: 0.75, aggregateRed: 1.0, revenueAmber: 0.1, revenueRed: 0.25, emrAmber: 1.0, emrRed: 1.25,
      ratingGreen: 3.5, ratingAmber: 2.5, highReds: 2, mediumReds: 1, mediumAmbers: 3,
    });
    expect(MITIGATIONS.map((m) => m.key)).to.deep.equal(['bond', 'sdi', 'parentGuarantee', 'reducedScope']);
    expect(SECURING_MITIGATIONS).to.deep.equal(['bond', 'sdi']);
    expect(GATED_SUBCONTRACT_STATES).to.deep.equal(['Pending Signature', 'Executed']);
  });

  it('all green is Low with no mitigation required', () => {
    const s = scoreSra(input());
    expect(s.factors.map((f) => f.key)).to.deep.equal(['singleLimit', 'aggregateLimit', 'revenueShare', 'emr', 'insurance', 'subRating', 'prequalification']);
    expect(s.factors.every((f) => f.rating === 'green')).to.equal(true);
    expect([s.level, s.reds, s.ambers, s.mitigationsRequired, s.securingMitigationRequired]).to.deep.equal(['Low', 0, 0, 0, false]);
  });

  it('amount against the single limit: 75 % green, above amber, 100 % amber, above red', () => {
    const big = { revenue: 100_000_000 };
    expect(rating({ ...big, amount: 750_000 }, 'singleLimit')).to.equal('green');
    expect(rating({ ...big, amount: 750_001 }, 'singleLimit')).to.equal('amber');
    expect(rating({ ...big, amount: 1_000_000 }, 'singleLimit')).to.equal('amber');
    expect(rating({ ...big, amount: 1_000_001 }, 'singleLimit')).to.equal('red');
    const f = scoreSra(input({ amount: 750_000 })).factors[0]!;
    expect(f.value).to.equal(0.75);
    expect(f.reason).to.equal('$750,000 is 75.0 % of the $1,000,000 single limit');
  });

  it('not prequalified: the default $100,000 single limit, said so', () => {
    const f = scoreSra(input({ limits: NOT_PREQUALIFIED, amount: 100_000 })).factors[0]!;
    expect(f.rating).to.equal('amber');
    expect(f.reason).to.equal('$100,000 is 100.0 % of the $100,000 single limit (the default for a vendor not prequalified)');
  });

  it('backlog + amount against the aggregate limit: 75 % green, 100 % amber, above red', () => {
    expect(rating({ openBacklog: 1_000_000 }, 'aggregateLimit')).to.equal('green'); // 1.5M / 2M = 75 %
    expect(rating({ openBacklog: 1_000_001 }, 'aggregateLimit')).to.equal('amber');
    expect(rating({ openBacklog: 1_500_000 }, 'aggregateLimit')).to.equal('amber'); // 100 %
    expect(rating({ openBacklog: 1_500_001 }, 'aggregateLimit')).to.equal('red');
  });

  it('share of revenue: 10 % green, 25 % amber, above red; no revenue red', () => {
    expect(rating({ revenue: 5_000_000 }, 'revenueShare')).to.equal('green');
    expect(rating({ revenue: 4_999_999 }, 'revenueShare')).to.equal('amber');
    expect(rating({ revenue: 2_000_000 }, 'revenueShare')).to.equal('amber');
    expect(rating({ revenue: 1_999_999 }, 'revenueShare')).to.equal('red');
    expect(rating({ revenue: null }, 'revenueShare')).to.equal('red');
    expect(rating({ revenue: 0 }, 'revenueShare')).to.equal('red');
  });

  it('EMR: 1.0 green, above amber, 1.25 red; none amber', () => {
    expect(rating({ latestEmr: 1.0 }, 'emr')).to.equal('green');
    expect(rating({ latestEmr: 1.01 }, 'emr')).to.equal('amber');
    expect(rating({ latestEmr: 1.24 }, 'emr')).to.equal('amber');
    expect(rating({ latestEmr: 1.25 }, 'emr')).to.equal('red');
    expect(rating({ latestEmr: null }, 'emr')).to.equal('amber');
  });

  it('insurance: expiring on the project end green, the day before amber, already expired or none red', () => {
    expect(rating({ glExpiresOn: '2027-12-31' }, 'insurance')).to.equal('green');
    expect(rating({ glExpiresOn: '2027-12-30' }, 'insurance')).to.equal('amber');
    expect(rating({ glExpiresOn: '2026-11-23' }, 'insurance')).to.equal('amber');
    expect(rating({ glExpiresOn: '2026-11-22' }, 'insurance')).to.equal('red');
    expect(rating({ glExpiresOn: null }, 'insurance')).to.equal('red');
    expect(rating({ glExpiresOn: '2026-12-01', projectEnd: null }, 'insurance')).to.equal('green');
  });

  it('sub rating: 3.5 green, 2.5 amber, below red; none amber', () => {
    expect(rating({ subRatingAverage: 3.5 }, 'subRating')).to.equal('green');
    expect(rating({ subRatingAverage: 3.4 }, 'subRating')).to.equal('amber');
    expect(rating({ subRatingAverage: 2.5 }, 'subRating')).to.equal('amber');
    expect(rating({ subRatingAverage: 2.4 }, 'subRating')).to.equal('red');
    expect(rating({ subRatingAverage: null }, 'subRating')).to.equal('amber');
  });

  it('prequalification: Prequalified to the project end green, with conditions or expiring before the end amber, the others red', () => {
    expect(rating({ limits: { ...LIMITS, limitExpiresOn: '2027-12-31' } }, 'prequalification')).to.equal('green');
    expect(rating({ limits: { ...LIMITS, limitExpiresOn: '2027-12-30' } }, 'prequalification')).to.equal('amber');
    expect(rating({ limits: { ...LIMITS, status: 'Prequalified with Conditions' } }, 'prequalification')).to.equal('amber');
    for (const status of ['Not Prequalified', 'Pending', 'Denied', 'Expired'] as const) {
      expect(rating({ limits: { ...LIMITS, status } }, 'prequalification'), status).to.equal('red');
    }
    expect(rating({ limits: { ...LIMITS, limitExpiresOn: '2026-11-22' } }, 'prequalification')).to.equal('red'); // expired: Expired
  });

  it('level: 2 reds High, 1 red Medium, 3 ambers Medium, 2 ambers Low', () => {
    const twoAmbers = scoreSra(input({ latestEmr: 1.1, subRatingAverage: 3 }));
    expect([twoAmbers.ambers, twoAmbers.reds, twoAmbers.level]).to.deep.equal([2, 0, 'Low']);
    const threeAmbers = scoreSra(input({ latestEmr: 1.1, subRatingAverage: 3, glExpiresOn: '2027-06-30' }));
    expect([threeAmbers.ambers, threeAmbers.level, threeAmbers.mitigationsRequired, threeAmbers.securingMitigationRequired]).to.deep.equal([3, 'Medium', 1, false]);
    const oneRed = scoreSra(input({ latestEmr: 1.25 }));
    expect([oneRed.reds, oneRed.level]).to.deep.equal([1, 'Medium']);
    const twoReds = scoreSra(input({ latestEmr: 1.25, subRatingAverage: 2 }));
    expect([twoReds.reds, twoReds.level, twoReds.mitigationsRequired, twoReds.securingMitigationRequired]).to.deep.equal([2, 'High', 2, true]);
  });

  it('mitigation by level: Low none, Medium one, High two with a bond or SDI among them', () => {
    expect(mitigationProblem('Low', [])).to.equal(null);
    expect(mitigationProblem('Medium', [])).to.equal(SRA_TEXT.mitigationMedium);
    expect(mitigationProblem('Medium', ['reducedScope'])).to.equal(null);
    expect(mitigationProblem('High', ['bond'])).to.equal(SRA_TEXT.mitigationHigh);
    expect(mitigationProblem('High', ['bond', 'bond'])).to.equal(SRA_TEXT.mitigationHigh);
    expect(mitigationProblem('High', ['parentGuarantee', 'reducedScope'])).to.equal(SRA_TEXT.mitigationHigh);
    expect(mitigationProblem('High', ['sdi', 'reducedScope'])).to.equal(null);
    expect(mitigationProblem('High', ['bond', 'parentGuarantee'])).to.equal(null);
  });
});

describe('the commitment gate (issue 14)', () => {
  it('an approved SRA of the same project and vendor for the amount or more covers; anything else does not', () => {
    const sub = { projectId: 1, vendorId: 7, amount: 240_000 };
    const sra = { projectId: 1, vendorId: 7, amount: 240_000, state: 'Approved' };
    expect(sraCovers(sra, sub)).to.equal(true);
    expect(sraCovers({ ...sra, amount: 250_000 }, sub)).to.equal(true);
    expect(sraCovers({ ...sra, amount: 239_999.99 }, sub)).to.equal(false);
    expect(sraCovers({ ...sra, vendorId: 8 }, sub)).to.equal(false);
    expect(sraCovers({ ...sra, projectId: 2 }, sub)).to.equal(false);
    for (const state of ['Draft', 'Submitted', 'Rejected']) expect(sraCovers({ ...sra, state }, sub), state).to.equal(false);
  });
});
