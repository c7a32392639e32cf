/**
 * The seed's subcontractor prequalification records (issue 14, migration 013). Runs after the
 * timecard seed (it needs the regions), on its OWN random stream, so every row written before it
 * stays exactly as it was. The SLIM requests and SRAs are seeded after it (slim.ts, sra.ts).
 *
 * What it writes (tests/api/risk-data.test.ts checks it):
 * - projects.regionId: the region of the project's legal entity (as employees got in 011);
 * - 96 more vendors (165 in all), across the trades;
 * - a prequalification record for every vendor but a few (no row reads 'Not Prequalified'), with 3
 *   years of financial statements and EMR/OSHA, GL insurance, bonding and a sub-rating average:
 *   - the original 69 vendors are all Prequalified (a few with conditions) with a single limit at least
 *     one ladder rung above their largest subcontract, and an aggregate (2 × single) above all their
 *     subcontracts together, so no seeded subcontract is blocked by the gate;
 *   - the new ones cover every status (Not Prequalified, Pending, Prequalified, Prequalified with
 *     Conditions, Denied, Expired: limits past their expiry), limits expiring within 60 days, expired
 *     insurance, EMR of 1.25 or more, thin balance sheets, and no statement at all.
 * - (migration 027) who entered each statement and safety year, a GL certificate and a bonding entry per record, and
 *   three prequalified vendors whose GL falls due within 60 days (the scheduled job raises their Renewal requests).
 * Expiries and decisions are days from the seed's today (`seedDate`); statement years end the year before its.
 */
import type Database from 'better-sqlite3';
import { LIMIT_STEPS, suggestLimits, type PrequalStatus } from '../../../../src/core/risk/limits';
import { LAST_NAMES } from '../catalog';
import { Rng } from '../prng';
import { addDays, employeeIdOf, insert } from './support';

/** The stream of this part (independent of the main seed's and the timecard seed's). */
export const RISK_SEED = 20261114;

/** How many vendors the risk seed adds. */
export const NEW_VENDOR_COUNT = 96;

const TRADES: ReadonlyArray<readonly [string, string]> = [
  ['concrete', 'Concrete'], ['drywall', 'Drywall & Acoustics'], ['electrical', 'Electric'], ['mechanical', 'Mechanical'],
  ['plumbing', 'Plumbing'], ['roofing', 'Roofing'], ['steel', 'Steel Erectors'], ['masonry', 'Masonry'], ['painting', 'Painting'],
  ['glazing', 'Glass & Glazing'], ['flooring', 'Flooring'], ['sitework', 'Sitework'], ['fire-protection', 'Fire Protection'],
  ['waterproofing', 'Waterproofing'], ['millwork', 'Millwork'], ['paving', 'Paving'],
];
const SUFFIXES = ['LLC', 'Inc.', 'Co.', 'Contractors, LLC', 'Services, Inc.', 'Group'];
const CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Dallas', 'TX'], ['Fort Worth', 'TX'], ['Houston', 'TX'], ['Austin', 'TX'], ['San Antonio', 'TX'], ['Waco', 'TX'],
  ['Beaumont', 'TX'], ['Corpus Christi', 'TX'], ['Tyler', 'TX'], ['Shreveport', 'LA'], ['Lake Charles', 'LA'], ['Oklahoma City', 'OK'],
];
const SURETIES = ['Travelers Casualty and Surety', 'Liberty Mutual Surety', 'CNA Surety', 'Zurich North America', 'The Hartford', 'Chubb Surety'];

/**
 * The status mix of the new vendors, in order (cycled): mostly prequalified, every other status present.
 * 'Expired' rows are Prequalified rows whose limits ran out (core effectiveStatus reads them Expired).
 */
const NEW_STATUS_CYCLE: ReadonlyArray<PrequalStatus | 'none'> = [
  'Prequalified', 'Prequalified', 'Prequalified with Conditions', 'Pending', 'Prequalified', 'Expired',
  'Not Prequalified', 'Prequalified', 'Denied', 'Prequalified', 'Prequalified with Conditions', 'none',
];

const round = (n: number, to: number) => Math.round(n / to) * to;
/** The lowest ladder rung at or above `amount`, then one more rung (headroom). */
function rungAbove(amount: number): number {
  const index = LIMIT_STEPS.findIndex((step) => step >= amount);
  return LIMIT_STEPS[Math.min(LIMIT_STEPS.length - 1, (index < 0 ? LIMIT_STEPS.length - 1 : index) + 1)]!;
}

export function seedRisk(db: Database.Database, seedDate: string, stamp: string): void {
  const rng = new Rng(RISK_SEED);
  const RISK = employeeIdOf(db, 'risk');
  const year = Number(seedDate.slice(0, 4));

  // --- the region of every project -----------------------------------------------------------------
  db.prepare('UPDATE projects SET regionId = (SELECT regionId FROM regions WHERE regionId = projects.legalEntityId) WHERE regionId IS NULL').run();

  // --- more vendors --------------------------------------------------------------------------------
  const lastNumber = (db.prepare("SELECT max(CAST(substr(vendorNumber, 2) AS INTEGER)) AS n FROM vendors").get() as { n: number }).n;
  const usedNames = new Set((db.prepare('SELECT name FROM vendors').all() as Array<{ name: string }>).map((v) => v.name));
  const newVendors: number[] = [];
  for (let i = 0; i < NEW_VENDOR_COUNT; i++) {
    const [trade, word] = TRADES[i % TRADES.length]!;
    let name: string;
    do name = `${rng.pick(LAST_NAMES)} ${word} ${rng.pick(SUFFIXES)}`; while (usedNames.has(name));
    usedNames.add(name);
    const [city, state] = rng.pick(CITIES);
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 18);
    newVendors.push(insert(db, 'vendors', {
      vendorNumber: `V${String(lastNumber + 7 * (i + 1)).padStart(5, '0')}`, name, trade, city, state,
      phone: `(${[214, 512, 713, 817, 210][i % 5]}) 555-${String(2000 + i * 41).padStart(4, '0')}`, email: `estimating@${slug}.example`,
      active: 1, displayText: `${name} (${city}, ${state})`, modifiedAt: stamp,
    }));
  }

  // --- the largest subcontract of each original vendor (the gate must not block the seeded ones) ----
  const largest = new Map<number, number>(
    (db.prepare(`SELECT s.vendorId, max(t.total) AS total FROM subcontracts s
      JOIN (SELECT subcontractId, sum(amount) AS total FROM subcontract_items GROUP BY subcontractId) t ON t.subcontractId = s.subcontractId
      GROUP BY s.vendorId`).all() as Array<{ vendorId: number; total: number }>).map((r) => [r.vendorId, r.total]),
  );
  // Every subcontract of a vendor with all its change orders, whatever their state: the aggregate limit (2 × single)
  // covers it, so the gate's aggregate check blocks none of the seeded ones either (nor those the e-sign seed sends).
  const exposure = new Map<number, number>(
    (db.prepare(`SELECT s.vendorId, sum((SELECT coalesce(sum(i.amount), 0) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId)
        + (SELECT coalesce(sum(ci.amount), 0) FROM subcontract_change_orders co JOIN subcontract_change_order_items ci ON ci.subcontractChangeOrderId = co.subcontractChangeOrderId
           WHERE co.subcontractId = s.subcontractId AND ci.amount > 0)) AS total
      FROM subcontracts s GROUP BY s.vendorId`).all() as Array<{ vendorId: number; total: number }>).map((r) => [r.vendorId, r.total]),
  );
  const originals = (db.prepare('SELECT vendorId FROM vendors WHERE vendorId NOT IN (' + newVendors.join(',') + ') ORDER BY vendorId').all() as Array<{ vendorId: number }>)
    .map((r) => r.vendorId);

  /** Three years of statements around a target single limit (10 × WC and 20 % of NW both near it). */
  const writeFinancials = (vendorId: number, targetSingle: number, weak: boolean) => {
    const netWorth = round((targetSingle / 0.2) * rng.between(1.05, 1.4), 1000);
    const workingCapital = round((targetSingle / 10) * rng.between(1.05, 1.5), 1000);
    for (let back = 2; back >= 0; back--) {
      const growth = 1 - back * rng.between(0.03, 0.09);
      const currentLiabilities = round(workingCapital * growth * (weak ? rng.between(4.5, 7) : rng.between(1.2, 2.5)), 1000);
      const currentAssets = round(currentLiabilities + workingCapital * growth, 1000);
      const nw = round(netWorth * growth, 1000);
      insert(db, 'vendor_financials', {
        vendorId, year: year - 1 - back, currentAssets, currentLiabilities,
        totalLiabilities: round(nw * (weak ? rng.between(2.1, 3.2) : rng.between(0.6, 1.7)), 1000), netWorth: nw,
        revenue: round(nw * rng.between(2.5, 5), 1000), backlog: round(nw * rng.between(1, 3), 1000), modifiedAt: stamp,
      });
    }
  };
  const writeSafety = (vendorId: number, latestEmr: number) => {
    for (let back = 2; back >= 0; back--) {
      const emr = back === 0 ? latestEmr : Math.max(0.55, Math.round((latestEmr + rng.between(-0.12, 0.12)) * 100) / 100);
      insert(db, 'vendor_safety', { vendorId, year: year - 1 - back, emr, oshaRecordableRate: Math.round(rng.between(0.4, 4.2) * 100) / 100, modifiedAt: stamp });
    }
  };
  const writeRecord = (vendorId: number, status: PrequalStatus, limits: { single: number | null; expires: string | null; conditions?: string | null },
    insurance: { perOccurrence: number; aggregate: number; expires: string }) => {
    const bondSingle = limits.single ? round(limits.single * rng.between(1, 2), 100_000) : null;
    insert(db, 'vendor_prequalifications', {
      vendorId, status, singleLimit: limits.single, aggregateLimit: limits.single === null ? null : 2 * limits.single, limitExpiresOn: limits.expires,
      conditions: limits.conditions ?? null,
      glPerOccurrence: insurance.perOccurrence, glAggregate: insurance.aggregate, glExpiresOn: insurance.expires,
      surety: bondSingle ? rng.pick(SURETIES) : null, bondSingleCapacity: bondSingle, bondAggregateCapacity: bondSingle ? bondSingle * 3 : null,
      subRatingAverage: Math.round(rng.between(2.1, 4.9) * 10) / 10, subRatingCount: rng.int(1, 14),
      lastDecidedAt: status === 'Not Prequalified' || status === 'Pending' ? null : `${addDays(seedDate, -rng.int(30, 300))}T15:00:00.000Z`,
      lastDecidedByEmployeeId: status === 'Not Prequalified' || status === 'Pending' ? null : RISK, lastSlimRequestId: null, version: 1,
      displayText: status, modifiedAt: stamp,
    });
  };
  const goodInsurance = () => ({ perOccurrence: 1_000_000 * rng.pick([1, 2, 2, 5]), aggregate: 2_000_000 * rng.pick([1, 2, 2, 5]), expires: addDays(seedDate, rng.int(420, 800)) });

  // Originals: prequalified, limits one rung above their largest subcontract, valid well past today.
  originals.forEach((vendorId, index) => {
    const single = Math.max(rungAbove(largest.get(vendorId) ?? 250_000), rungAbove((exposure.get(vendorId) ?? 0) / 2), 500_000);
    writeFinancials(vendorId, single, false);
    writeSafety(vendorId, Math.round(rng.between(0.62, 0.98) * 100) / 100);
    const conditional = index % 11 === 5;
    writeRecord(vendorId, conditional ? 'Prequalified with Conditions' : 'Prequalified',
      { single, expires: addDays(seedDate, rng.int(560, 900)), conditions: conditional ? 'Provide a current insurance certificate naming Summit Builders as additional insured.' : null },
      goodInsurance());
  });

  // New vendors: every status, with the hard cases.
  newVendors.forEach((vendorId, index) => {
    const kind = NEW_STATUS_CYCLE[index % NEW_STATUS_CYCLE.length]!;
    const target = LIMIT_STEPS[rng.int(3, 13)]!;
    const weak = index % 7 === 3;
    const highEmr = index % 9 === 4;
    const latestEmr = highEmr ? Math.round(rng.between(1.25, 1.6) * 100) / 100 : Math.round(rng.between(0.65, 1.15) * 100) / 100;
    const expiredInsurance = index % 8 === 6;
    const insurance = expiredInsurance
      ? { perOccurrence: 1_000_000, aggregate: 2_000_000, expires: addDays(seedDate, -rng.int(10, 120)) }
      : index % 10 === 7 ? { perOccurrence: 500_000, aggregate: 1_000_000, expires: addDays(seedDate, rng.int(200, 500)) } : goodInsurance();
    if (kind === 'none') {
      // No record at all: reads Not Prequalified with the default limit; half of them have statements on file.
      if (index % 24 === 11) writeFinancials(vendorId, target, weak);
      return;
    }
    if (kind !== 'Not Prequalified' || index % 2 === 0) writeFinancials(vendorId, target, weak);
    writeSafety(vendorId, latestEmr);
    const financials = db.prepare('SELECT * FROM vendor_financials WHERE vendorId = ?').all(vendorId) as Array<{ year: number; currentAssets: number; currentLiabilities: number; totalLiabilities: number; netWorth: number; revenue: number; backlog: number }>;
    const safety = db.prepare('SELECT year, emr, oshaRecordableRate FROM vendor_safety WHERE vendorId = ?').all(vendorId) as Array<{ year: number; emr: number; oshaRecordableRate: number }>;
    const suggested = suggestLimits({ financials, safety, glPerOccurrence: insurance.perOccurrence, glAggregate: insurance.aggregate, glExpiresOn: insurance.expires, today: seedDate });
    const single = Math.max(suggested.singleLimit, 250_000);
    switch (kind) {
      case 'Prequalified': {
        const expires = addDays(seedDate, rng.int(120, 700));
        // A few come up for renewal within 60 days (the draw above is kept, so the stream stays as it was).
        writeRecord(vendorId, 'Prequalified', { single, expires: index % 24 === 9 ? addDays(seedDate, 20 + (index % 40)) : expires }, insurance);
        break;
      }
      case 'Prequalified with Conditions':
        writeRecord(vendorId, 'Prequalified with Conditions',
          { single, expires: addDays(seedDate, rng.int(120, 600)), conditions: suggested.conditions.join(' ') || 'Subcontractor default insurance enrolment required above $1,000,000.' }, insurance);
        break;
      case 'Expired':
        // Prequalified once; the limits ran out before the seed date.
        writeRecord(vendorId, 'Prequalified', { single, expires: addDays(seedDate, -rng.int(5, 200)) }, insurance);
        break;
      case 'Denied':
        writeRecord(vendorId, 'Denied', { single: null, expires: null, conditions: null }, insurance);
        break;
      default:
        writeRecord(vendorId, kind, { single: null, expires: null }, insurance);
    }
  });

  seedVendorRecordEntries(db, seedDate, stamp, RISK, newVendors);
}

/** GL renewals the seed puts within the watch's 60 days: days from the seed day (the job raises their Renewal requests). */
export const SEED_GL_RENEWAL_DAYS: readonly number[] = [14, 30, 59];

const CARRIERS = ['Zurich American Insurance', 'Travelers Property Casualty', 'Liberty Mutual Fire', 'Hartford Fire Insurance', 'Chubb National', 'CNA Continental Casualty'];

/**
 * The entries of migration 027 for the seeded records (no random draws: the stream above stays as it was):
 * who entered the statements and safety years (the risk manager, at the seed stamp), one GL certificate per
 * vendor with insurance and one bonding entry per vendor with a surety; and three prequalified vendors whose
 * GL now falls due within 60 days ({@link SEED_GL_RENEWAL_DAYS}). Expired GL is already among the new vendors.
 */
function seedVendorRecordEntries(db: Database.Database, seedDate: string, stamp: string, riskManager: number, newVendors: readonly number[]): void {
  // Among the vendors this seed added (the original ones stay as the other seeds and tests know them).
  const due = db.prepare(`SELECT q.vendorId FROM vendor_prequalifications q WHERE q.status = 'Prequalified' AND q.limitExpiresOn > ? AND q.glExpiresOn > ?
    AND q.glPerOccurrence >= 1000000 AND q.vendorId IN (${newVendors.join(',')}) ORDER BY q.vendorId LIMIT ?`)
    .pluck().all(addDays(seedDate, 120), addDays(seedDate, 200), SEED_GL_RENEWAL_DAYS.length) as number[];
  due.forEach((vendorId, i) => db.prepare('UPDATE vendor_prequalifications SET glExpiresOn = ? WHERE vendorId = ?').run(addDays(seedDate, SEED_GL_RENEWAL_DAYS[i]!), vendorId));
  db.prepare('UPDATE vendor_financials SET enteredAt = modifiedAt, enteredByEmployeeId = ?').run(riskManager);
  db.prepare('UPDATE vendor_safety SET enteredAt = modifiedAt, enteredByEmployeeId = ?').run(riskManager);
  const records = db.prepare(`SELECT q.vendorId, v.vendorNumber, q.glPerOccurrence, q.glAggregate, q.glExpiresOn, q.surety, q.bondSingleCapacity, q.bondAggregateCapacity
    FROM vendor_prequalifications q JOIN vendors v ON v.vendorId = q.vendorId ORDER BY q.vendorId`).all() as Array<{
    vendorId: number; vendorNumber: string; glPerOccurrence: number | null; glAggregate: number | null; glExpiresOn: string | null;
    surety: string | null; bondSingleCapacity: number | null; bondAggregateCapacity: number | null }>;
  for (const r of records) {
    if (r.glPerOccurrence !== null && r.glExpiresOn !== null) {
      insert(db, 'vendor_insurance_certificates', {
        vendorId: r.vendorId, coverage: 'General Liability', carrier: CARRIERS[r.vendorId % CARRIERS.length]!, policyNumber: `GL-${r.vendorNumber}-${r.glExpiresOn.slice(0, 4)}`,
        eachOccurrence: r.glPerOccurrence, aggregate: r.glAggregate !== null && r.glAggregate >= r.glPerOccurrence ? r.glAggregate : null,
        effectiveOn: addDays(r.glExpiresOn, -365), expiresOn: r.glExpiresOn, enteredAt: stamp, enteredByEmployeeId: riskManager, modifiedAt: stamp,
      });
    }
    if (r.surety !== null && r.bondSingleCapacity !== null && r.bondAggregateCapacity !== null) {
      insert(db, 'vendor_bonding', {
        vendorId: r.vendorId, surety: r.surety, singleCapacity: r.bondSingleCapacity, aggregateCapacity: r.bondAggregateCapacity,
        enteredAt: stamp, enteredByEmployeeId: riskManager, modifiedAt: stamp,
      });
    }
  }
}
