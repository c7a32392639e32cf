import { expect } from 'chai';
import { effectiveStatus, isPrequalified, singleLimitInForce, type CurrentLimits } from '../../src/core/risk/limits';
import {
  checkBondingEntry, checkFinancialEntry, checkInsuranceEntry, checkSafetyEntry, daysUntil, isExpired, parseAmount, renewalDue, renewalJustification,
  RENEWAL_NOTICE_DAYS, VENDOR_RECORD_TEXT, watchedExpiries,
} from '../../src/core/risk/vendor-record';
import { addDays } from '../../src/core/timecards/days';

// The day the rules are asked about (an input of every pure rule here).
const TODAY = '2026-11-20';
const on = (days: number) => addDays(TODAY, days);
const LIMITS: CurrentLimits = { status: 'Prequalified', singleLimit: 2_000_000, aggregateLimit: 4_000_000, limitExpiresOn: on(300), glExpiresOn: on(200) };
const fields = (checked: { ok: boolean; problems?: Array<{ field: string }> }) => (checked.ok ? [] : checked.problems!.map((p) => p.field).sort());

describe('vendor expiry watch', () => {
  it('a date still covers its own day; the day after it is expired', () => {
    expect(isExpired(TODAY, TODAY)).to.equal(false);
    expect(isExpired(on(-1), TODAY)).to.equal(true);
    expect(isExpired(null, TODAY)).to.equal(false);
    expect(daysUntil(on(45), TODAY)).to.equal(45);
    expect(daysUntil(on(-3), TODAY)).to.equal(-3);
  });

  it('expired GL insurance makes a prequalified vendor Expired, with the default limit; today it still counts', () => {
    expect(effectiveStatus({ ...LIMITS, glExpiresOn: TODAY }, TODAY)).to.equal('Prequalified');
    expect(effectiveStatus({ ...LIMITS, glExpiresOn: on(-1) }, TODAY)).to.equal('Expired');
    expect(isPrequalified({ ...LIMITS, glExpiresOn: on(-1) }, TODAY)).to.equal(false);
    expect(singleLimitInForce({ ...LIMITS, glExpiresOn: on(-1) }, TODAY)).to.equal(100_000);
    expect(effectiveStatus({ ...LIMITS, status: 'Prequalified with Conditions', glExpiresOn: on(-1) }, TODAY)).to.equal('Expired');
    // No GL on file, or a vendor not prequalified: the GL rule changes nothing.
    expect(effectiveStatus({ ...LIMITS, glExpiresOn: null }, TODAY)).to.equal('Prequalified');
    expect(effectiveStatus({ ...LIMITS, status: 'Denied', glExpiresOn: on(-1) }, TODAY)).to.equal('Denied');
    // The prequalification's own expiry, at the same boundary.
    expect(effectiveStatus({ ...LIMITS, limitExpiresOn: TODAY }, TODAY)).to.equal('Prequalified');
    expect(effectiveStatus({ ...LIMITS, limitExpiresOn: on(-1) }, TODAY)).to.equal('Expired');
  });

  it(`a renewal is due ${RENEWAL_NOTICE_DAYS} days before an expiry, not ${RENEWAL_NOTICE_DAYS + 1}, and after it`, () => {
    expect(RENEWAL_NOTICE_DAYS).to.equal(60);
    expect(renewalDue(on(60), TODAY)).to.equal(true);
    expect(renewalDue(on(61), TODAY)).to.equal(false);
    expect(renewalDue(on(-30), TODAY)).to.equal(true);
    expect(renewalDue(null, TODAY)).to.equal(false);
  });

  it('watches the GL and the prequalification of a prequalified vendor only', () => {
    expect(watchedExpiries({ status: 'Prequalified', glExpiresOn: on(-2), limitExpiresOn: on(61) }, TODAY)).to.deep.equal([
      { kind: 'General liability insurance', expiresOn: on(-2), expired: true, daysLeft: -2, renewalDue: true },
      { kind: 'Prequalification', expiresOn: on(61), expired: false, daysLeft: 61, renewalDue: false },
    ]);
    expect(watchedExpiries({ status: 'Prequalified with Conditions', glExpiresOn: null, limitExpiresOn: on(10) }, TODAY).map((e) => e.kind)).to.deep.equal(['Prequalification']);
    for (const status of ['Denied', 'Pending', 'Not Prequalified', null]) {
      expect(watchedExpiries({ status, glExpiresOn: on(-2), limitExpiresOn: on(5) }, TODAY), String(status)).to.deep.equal([]);
    }
  });

  it('words the renewal and the expired mark', () => {
    expect(renewalJustification('Acme Steel LLC', [{ kind: 'General liability insurance', expiresOn: on(-1), expired: true }, { kind: 'Prequalification', expiresOn: on(60), expired: false }]))
      .to.equal(`Raised by the expiry watch: Acme Steel LLC: General liability insurance expired ${on(-1)}; Prequalification expires ${on(60)}. Collect the renewal and update the vendor's record.`);
    expect(VENDOR_RECORD_TEXT.expired('11/19/2026')).to.equal('Expired 11/19/2026');
    expect(VENDOR_RECORD_TEXT.expiresIn(0)).to.equal('Expires today');
    expect(VENDOR_RECORD_TEXT.expiresIn(1)).to.equal('Expires in 1 day');
    expect(VENDOR_RECORD_TEXT.expiresIn(12)).to.equal('Expires in 12 days');
  });
});

describe('vendor record entries', () => {
  it('reads amounts as typed, to the cent', () => {
    expect(parseAmount('$1,250,000.50')).to.equal(1_250_000.5);
    expect(parseAmount('-300')).to.equal(-300);
    expect(Number.isNaN(parseAmount('12.345'))).to.equal(true);
    expect(Number.isNaN(parseAmount('abc'))).to.equal(true);
    expect(Number.isNaN(parseAmount(''))).to.equal(true);
  });

  it('a financial statement: a year up to this one, amounts not negative but net worth', () => {
    const good = { year: '2025', currentAssets: '4,000,000', currentLiabilities: '2000000', totalLiabilities: '3000000', netWorth: '-5000', revenue: '0', backlog: '1' };
    const ok = checkFinancialEntry(good, TODAY);
    expect(ok).to.deep.equal({ ok: true, value: { year: 2025, currentAssets: 4_000_000, currentLiabilities: 2_000_000, totalLiabilities: 3_000_000, netWorth: -5000, revenue: 0, backlog: 1 } });
    expect(fields(checkFinancialEntry({ ...good, year: '2026' }, TODAY))).to.deep.equal([]);
    expect(fields(checkFinancialEntry({ ...good, year: '2027' }, TODAY))).to.deep.equal(['year']);
    expect(fields(checkFinancialEntry({ ...good, year: '1989' }, TODAY))).to.deep.equal(['year']);
    expect(fields(checkFinancialEntry({ ...good, revenue: '-1', currentAssets: 'x', backlog: '' }, TODAY))).to.deep.equal(['backlog', 'currentAssets', 'revenue']);
    const refused = checkFinancialEntry({ ...good, year: '2027' }, TODAY);
    expect(refused.ok ? '' : refused.problems[0]!.message).to.equal('Enter the year as four digits, from 1990 to 2026.');
  });

  it('EMR more than 0 and at most 5; OSHA rate 0 to 100', () => {
    const good = { year: '2025', emr: '0.85', oshaRecordableRate: '0' };
    expect(checkSafetyEntry(good, TODAY)).to.deep.equal({ ok: true, value: { year: 2025, emr: 0.85, oshaRecordableRate: 0 } });
    expect(fields(checkSafetyEntry({ ...good, emr: '5' }, TODAY))).to.deep.equal([]);
    expect(fields(checkSafetyEntry({ ...good, emr: '5.01' }, TODAY))).to.deep.equal(['emr']);
    expect(fields(checkSafetyEntry({ ...good, emr: '0' }, TODAY))).to.deep.equal(['emr']);
    expect(fields(checkSafetyEntry({ ...good, oshaRecordableRate: '100' }, TODAY))).to.deep.equal([]);
    expect(fields(checkSafetyEntry({ ...good, oshaRecordableRate: '100.1' }, TODAY))).to.deep.equal(['oshaRecordableRate']);
    expect(fields(checkSafetyEntry({ ...good, oshaRecordableRate: '-1' }, TODAY))).to.deep.equal(['oshaRecordableRate']);
  });

  it('a certificate: coverage, carrier, limits (aggregate not below each occurrence), expiry after the effective date', () => {
    const good = { coverage: 'general liability', carrier: 'Zurich', policyNumber: '', eachOccurrence: '1000000', aggregate: '1000000', effectiveOn: on(-300), expiresOn: on(65) };
    expect(checkInsuranceEntry(good)).to.deep.equal({ ok: true, value: {
      coverage: 'General Liability', carrier: 'Zurich', policyNumber: null, eachOccurrence: 1_000_000, aggregate: 1_000_000, effectiveOn: on(-300), expiresOn: on(65),
    } });
    expect(fields(checkInsuranceEntry({ ...good, aggregate: '' }))).to.deep.equal([]);
    expect(fields(checkInsuranceEntry({ ...good, aggregate: '999999.99' }))).to.deep.equal(['aggregate']);
    expect(fields(checkInsuranceEntry({ ...good, effectiveOn: on(65) }))).to.deep.equal(['expiresOn']);
    expect(fields(checkInsuranceEntry({ ...good, expiresOn: '2027-02-30' }))).to.deep.equal(['expiresOn']);
    expect(fields(checkInsuranceEntry({ ...good, coverage: 'Marine', carrier: ' ', eachOccurrence: '0' }))).to.deep.equal(['carrier', 'coverage', 'eachOccurrence']);
    expect(fields(checkInsuranceEntry({ ...good, carrier: 'x'.repeat(201) }))).to.deep.equal(['carrier']);
  });

  it('bonding: a surety, capacities more than $0, the aggregate not below the single', () => {
    expect(checkBondingEntry({ surety: 'Travelers', singleCapacity: '5,000,000', aggregateCapacity: '5000000' }))
      .to.deep.equal({ ok: true, value: { surety: 'Travelers', singleCapacity: 5_000_000, aggregateCapacity: 5_000_000 } });
    expect(fields(checkBondingEntry({ surety: 'Travelers', singleCapacity: '5000000', aggregateCapacity: '4999999' }))).to.deep.equal(['aggregateCapacity']);
    expect(fields(checkBondingEntry({ surety: '', singleCapacity: '0', aggregateCapacity: '-1' }))).to.deep.equal(['aggregateCapacity', 'singleCapacity', 'surety']);
  });
});
