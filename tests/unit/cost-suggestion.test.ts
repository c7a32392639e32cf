import { expect } from 'chai';
import { BURN_MONTHS, burnWindow, monthsLeft, suggestCostToComplete } from '../../src/core/cost-suggestion';

describe('suggested cost to complete (burn rate × months left)', () => {
  it('the burn window is the three full months before the projection month', () => {
    expect(BURN_MONTHS).to.equal(3);
    expect(burnWindow('2026-11')).to.deep.equal({ from: '2026-08-01', to: '2026-11-01', label: 'Aug 2026 – Oct 2026' });
    expect(burnWindow('2027-02')).to.deep.equal({ from: '2026-11-01', to: '2027-02-01', label: 'Nov 2026 – Jan 2027' });
    expect(() => burnWindow('Nov')).to.throw();
  });

  it('months left count the projection month through the completion month', () => {
    expect(monthsLeft('2026-11', '2027-03-15')).to.equal(5);
    expect(monthsLeft('2026-11', '2026-11-30')).to.equal(1);
    expect(monthsLeft('2026-11', '2026-10-31')).to.equal(0);
    expect(monthsLeft('2026-11', null)).to.equal(null);
    expect(monthsLeft('2026-11', 'soon')).to.equal(null);
  });

  it('suggests burn rate × months left, in cents, and explains it', () => {
    const s = suggestCostToComplete({ period: '2026-11', completionDate: '2027-03-15', spentInWindow: 30_000.01 });
    expect(s.burnRate).to.equal(10_000);
    expect(s.monthsLeft).to.equal(5);
    expect(s.suggestedCostToComplete).to.equal(50_000);
    expect(s.window).to.equal('Aug 2026 – Oct 2026');
    expect(s.explanation).to.equal(
      'Spent $30,000.01 in Aug 2026 – Oct 2026 (the last 3 months): a burn rate of $10,000.00 a month. '
      + '× 5 months left (2026-11 through the project\'s completion on 2027-03-15) = $50,000.00.',
    );
  });

  it('credits burn nothing; a passed completion suggests 0; no date, no suggestion', () => {
    const credit = suggestCostToComplete({ period: '2026-11', completionDate: '2027-01-31', spentInWindow: -900 });
    expect(credit.burnRate).to.equal(0);
    expect(credit.suggestedCostToComplete).to.equal(0);
    expect(credit.explanation).to.contain('credits count as no spending');
    const passed = suggestCostToComplete({ period: '2026-11', completionDate: '2026-06-30', spentInWindow: 3000 });
    expect(passed.monthsLeft).to.equal(0);
    expect(passed.suggestedCostToComplete).to.equal(0);
    expect(passed.explanation).to.contain('has passed');
    const none = suggestCostToComplete({ period: '2026-11', completionDate: null, spentInWindow: 3000 });
    expect(none.suggestedCostToComplete).to.equal(null);
    expect(none.explanation).to.contain('no completion date');
  });
});
