/**
 * A vendor's record kept current by the risk roles, and the expiry watch (rules: src/core/risk/vendor-record.ts).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/risk/getvendorrecordhistory | `vendorId` | VendorRecordHistory |
 * | POST /api/risk/addvendorfinancials | `vendorId`, `year`, `currentAssets`, `currentLiabilities`, `totalLiabilities`, `netWorth`, `revenue`, `backlog` | VendorRecordHistory |
 * | POST /api/risk/addvendorsafety | `vendorId`, `year`, `emr`, `oshaRecordableRate` | VendorRecordHistory |
 * | POST /api/risk/addvendorinsurance | `vendorId`, `coverage`, `carrier`, `policyNumber`, `eachOccurrence`, `aggregate`, `effectiveOn`, `expiresOn` | VendorRecordHistory |
 * | POST /api/risk/setvendorbonding | `vendorId`, `surety`, `singleCapacity`, `aggregateCapacity` | VendorRecordHistory |
 *
 * Every call is for the risk roles (core VENDOR_RECORD_KEEPERS; anyone else 403). Each entry records who
 * entered it and when; a General Liability certificate and a bonding entry become the vendor's GL and
 * bonding on vendor_prequalifications (so the status in force, the gate and the SLIM snapshot read them),
 * and the suggested limits of the answer are worked from the newest entries.
 *
 * The expiry watch ({@link syncExpiryRenewals}) runs in the host's scheduled job (jobs.ts) and in the write of
 * a GL certificate: one Renewal request per vendor and watched expiry, from 60 days before it. GETs never write.
 */
import type Database from 'better-sqlite3';
import { FEEDBACK_INVALID } from '../../../../src/core/feedback';
import {
  RISK_API, SLIM_CLOSED_STATES, type SlimState, type VendorBondingEntry, type VendorFinancialEntry, type VendorInsuranceEntry,
  type VendorRecordHistory, type VendorRenewal, type VendorSafetyEntry,
} from '../../../../src/core/risk/contract';
import {
  BONDING_FIELDS, checkBondingEntry, checkFinancialEntry, checkInsuranceEntry, checkSafetyEntry, FINANCIAL_FIELDS, GENERAL_LIABILITY,
  INSURANCE_FIELDS, renewalJustification, SAFETY_FIELDS, VENDOR_RECORD_KEEPERS, watchedExpiries, type Checked, type WatchedExpiry,
} from '../../../../src/core/risk/vendor-record';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../declare';
import { invalid, notFound } from '../http';
import { vendorPrequalLoad } from './prequal';
import { insertSlimRequest, lastApproved } from './slim/requests';
import * as clock from '../../../../src/core/clock';

const ENTERED_BY = 'e.preferredName AS enteredBy';

function historyOf(db: Database.Database, vendorId: number, today: string): VendorRecordHistory {
  const { vendor, suggested } = vendorPrequalLoad(db, vendorId, today);
  const financials = db.prepare(`SELECT f.year, f.currentAssets, f.currentLiabilities, f.totalLiabilities, f.netWorth, f.revenue, f.backlog,
      f.enteredAt, ${ENTERED_BY} FROM vendor_financials f LEFT JOIN employees e ON e.employeeId = f.enteredByEmployeeId
    WHERE f.vendorId = ? ORDER BY f.year DESC`).all(vendorId) as VendorFinancialEntry[];
  const safety = db.prepare(`SELECT s.year, s.emr, s.oshaRecordableRate, s.enteredAt, ${ENTERED_BY}
    FROM vendor_safety s LEFT JOIN employees e ON e.employeeId = s.enteredByEmployeeId WHERE s.vendorId = ? ORDER BY s.year DESC`).all(vendorId) as VendorSafetyEntry[];
  const seen = new Set<string>();
  const insurance = (db.prepare(`SELECT c.certificateId, c.coverage, c.carrier, c.policyNumber, c.eachOccurrence, c.aggregate, c.effectiveOn, c.expiresOn,
      c.enteredAt, ${ENTERED_BY} FROM vendor_insurance_certificates c LEFT JOIN employees e ON e.employeeId = c.enteredByEmployeeId
    WHERE c.vendorId = ? ORDER BY c.enteredAt DESC, c.certificateId DESC`).all(vendorId) as Array<Omit<VendorInsuranceEntry, 'current'>>)
    .map((c) => {
      const current = !seen.has(c.coverage);
      seen.add(c.coverage);
      return { ...c, current };
    });
  const bonding = (db.prepare(`SELECT b.bondingId, b.surety, b.singleCapacity, b.aggregateCapacity, b.enteredAt, ${ENTERED_BY}
    FROM vendor_bonding b LEFT JOIN employees e ON e.employeeId = b.enteredByEmployeeId WHERE b.vendorId = ? ORDER BY b.enteredAt DESC, b.bondingId DESC`)
    .all(vendorId) as Array<Omit<VendorBondingEntry, 'current'>>).map((b, index) => ({ ...b, current: index === 0 }));
  const renewals = db.prepare(`SELECT x.kind, x.expiresOn, x.requestId, r.number, st.name AS state FROM slim_expiry_renewals x
      JOIN slim_requests r ON r.requestId = x.requestId JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
    WHERE x.vendorId = ? ORDER BY x.expiresOn DESC, x.kind`).all(vendorId) as Array<VendorRenewal & { state: SlimState }>;
  const expiries = watchedExpiries(prequalDates(db, vendorId), today);
  return { vendor, suggested, financials, safety, insurance, bonding, expiries, renewals };
}

function prequalDates(db: Database.Database, vendorId: number) {
  return (db.prepare('SELECT status, glExpiresOn, limitExpiresOn FROM vendor_prequalifications WHERE vendorId = ?').get(vendorId) as
    { status: string; glExpiresOn: string | null; limitExpiresOn: string | null } | undefined) ?? { status: null, glExpiresOn: null, limitExpiresOn: null };
}

/** The checked entry, or the 400 with §7 feedback at each refused field. */
function accepted<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.value;
  throw invalid(checked.problems.map((problem) => ({ integerValue: FEEDBACK_INVALID, stringValue: problem.field, message: problem.message })));
}

/** The vendor's prequalification row, made Not Prequalified when it has none (an entry needs somewhere to land). */
function touchPrequal(db: Database.Database, vendorId: number, at: string): void {
  db.prepare(`INSERT INTO vendor_prequalifications (vendorId, status, displayText, modifiedAt) VALUES (?, 'Not Prequalified', 'Not Prequalified', ?)
    ON CONFLICT (vendorId) DO UPDATE SET modifiedAt = excluded.modifiedAt`).run(vendorId, at);
}

/** Run `write` for an existing vendor in one transaction; answer the record after it. */
function enter(db: Database.Database, vendorId: number, write: (at: string) => void): VendorRecordHistory {
  if (!db.prepare('SELECT 1 FROM vendors WHERE vendorId = ?').get(vendorId)) throw notFound(`Vendor ${vendorId} not found.`);
  const at = clock.nowIso();
  db.transaction(() => {
    touchPrequal(db, vendorId, at);
    write(at);
  }).immediate();
  return historyOf(db, vendorId, clock.today());
}

/** The form's fields as text (the core rule reads and refuses them at the field). */
const fields = <const K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, p.string(250)])) as { [N in K]: ReturnType<typeof p.string<false>> };

const VENDOR = { vendorId: p.id({ required: true }) };
const FINANCIALS = { ...VENDOR, ...fields(FINANCIAL_FIELDS) };
const SAFETY = { ...VENDOR, ...fields(SAFETY_FIELDS) };
const INSURANCE = { ...VENDOR, ...fields(INSURANCE_FIELDS) };
const BONDING = { ...VENDOR, ...fields(BONDING_FIELDS) };

function addFinancials({ db, user, params }: RouteCtx<ParamsOf<typeof FINANCIALS>>): VendorRecordHistory {
  const f = accepted(checkFinancialEntry(params, clock.today()));
  return enter(db, params.vendorId, (at) => {
    db.prepare(`INSERT INTO vendor_financials (vendorId, year, currentAssets, currentLiabilities, totalLiabilities, netWorth, revenue, backlog, modifiedAt, enteredAt, enteredByEmployeeId)
      VALUES (@vendorId, @year, @currentAssets, @currentLiabilities, @totalLiabilities, @netWorth, @revenue, @backlog, @at, @at, @by)
      ON CONFLICT (vendorId, year) DO UPDATE SET currentAssets = excluded.currentAssets, currentLiabilities = excluded.currentLiabilities,
        totalLiabilities = excluded.totalLiabilities, netWorth = excluded.netWorth, revenue = excluded.revenue, backlog = excluded.backlog,
        modifiedAt = excluded.modifiedAt, enteredAt = excluded.enteredAt, enteredByEmployeeId = excluded.enteredByEmployeeId`)
      .run({ ...f, vendorId: params.vendorId, at, by: user.employeeId });
  });
}

function addSafety({ db, user, params }: RouteCtx<ParamsOf<typeof SAFETY>>): VendorRecordHistory {
  const s = accepted(checkSafetyEntry(params, clock.today()));
  return enter(db, params.vendorId, (at) => {
    db.prepare(`INSERT INTO vendor_safety (vendorId, year, emr, oshaRecordableRate, modifiedAt, enteredAt, enteredByEmployeeId)
      VALUES (@vendorId, @year, @emr, @oshaRecordableRate, @at, @at, @by)
      ON CONFLICT (vendorId, year) DO UPDATE SET emr = excluded.emr, oshaRecordableRate = excluded.oshaRecordableRate,
        modifiedAt = excluded.modifiedAt, enteredAt = excluded.enteredAt, enteredByEmployeeId = excluded.enteredByEmployeeId`)
      .run({ ...s, vendorId: params.vendorId, at, by: user.employeeId });
  });
}

function addInsurance({ db, user, params }: RouteCtx<ParamsOf<typeof INSURANCE>>): VendorRecordHistory {
  const c = accepted(checkInsuranceEntry(params));
  return enter(db, params.vendorId, (at) => {
    db.prepare(`INSERT INTO vendor_insurance_certificates (vendorId, coverage, carrier, policyNumber, eachOccurrence, aggregate, effectiveOn, expiresOn,
        enteredAt, enteredByEmployeeId, modifiedAt)
      VALUES (@vendorId, @coverage, @carrier, @policyNumber, @eachOccurrence, @aggregate, @effectiveOn, @expiresOn, @at, @by, @at)`)
      .run({ ...c, vendorId: params.vendorId, at, by: user.employeeId });
    // The newest GL certificate is the vendor's GL: the status in force and the gate read it there.
    if (c.coverage === GENERAL_LIABILITY) {
      db.prepare('UPDATE vendor_prequalifications SET glPerOccurrence = ?, glAggregate = ?, glExpiresOn = ?, modifiedAt = ? WHERE vendorId = ?')
        .run(c.eachOccurrence, c.aggregate, c.expiresOn, at, params.vendorId);
      // Within the notice window its renewal is raised (or joins the open one) now, not at the next hourly run,
      // in the same write, so the answer shows it.
      syncExpiryRenewals(db, clock.today(), { vendorId: params.vendorId, at });
    }
  });
}

function setBonding({ db, user, params }: RouteCtx<ParamsOf<typeof BONDING>>): VendorRecordHistory {
  const b = accepted(checkBondingEntry(params));
  return enter(db, params.vendorId, (at) => {
    db.prepare(`INSERT INTO vendor_bonding (vendorId, surety, singleCapacity, aggregateCapacity, enteredAt, enteredByEmployeeId, modifiedAt)
      VALUES (@vendorId, @surety, @singleCapacity, @aggregateCapacity, @at, @by, @at)`).run({ ...b, vendorId: params.vendorId, at, by: user.employeeId });
    db.prepare('UPDATE vendor_prequalifications SET surety = ?, bondSingleCapacity = ?, bondAggregateCapacity = ?, modifiedAt = ? WHERE vendorId = ?')
      .run(b.surety, b.singleCapacity, b.aggregateCapacity, at, params.vendorId);
  });
}

// --- the expiry watch ---------------------------------------------------------------------------------

/**
 * Who an automatic renewal is raised for: the requester of the vendor's last approved request (who needed
 * the vendor and answers what is missing), else of its latest request, else the first keySLIM Admin.
 */
function renewalRequester(db: Database.Database, vendorId: number): { employeeId: number; regionId: number | null } | undefined {
  const base = lastApproved(db, vendorId)?.requestedByEmployeeId
    ?? (db.prepare('SELECT requestedByEmployeeId FROM slim_requests WHERE vendorId = ? ORDER BY submittedAt DESC, requestId DESC LIMIT 1').pluck().get(vendorId) as number | undefined)
    ?? (db.prepare("SELECT employeeId FROM employee_roles WHERE applicationKey = 'keySLIM' AND name = 'Admin' ORDER BY employeeId LIMIT 1").pluck().get() as number | undefined);
  if (base === undefined) return undefined;
  return db.prepare('SELECT employeeId, regionId FROM employees WHERE employeeId = ?').get(base) as { employeeId: number; regionId: number | null } | undefined;
}

/**
 * Raise the Renewal requests the watch owes on `today` (every vendor, or `options.vendorId`; dated
 * `options.at`, default now): for each
 * vendor, its watched expiries within the notice window that have no renewal yet go on ONE new Submitted
 * Renewal request (pre-filled: what expires and when, the limit in force, based on the last approval),
 * or on the vendor's open Renewal request when it has one. Idempotent: a second run raises nothing.
 * Answers the new requests' ids.
 */
export function syncExpiryRenewals(db: Database.Database, today = clock.today(), options: { vendorId?: number; at?: string } = {}): number[] {
  const closed = SLIM_CLOSED_STATES.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ');
  const vendors = db.prepare(`SELECT q.vendorId, v.name, q.status, q.glExpiresOn, q.limitExpiresOn, q.singleLimit FROM vendor_prequalifications q
      JOIN vendors v ON v.vendorId = q.vendorId
    WHERE v.active = 1 AND (@only IS NULL OR q.vendorId = @only) AND (q.glExpiresOn IS NOT NULL OR q.limitExpiresOn IS NOT NULL) ORDER BY q.vendorId`)
    .all({ only: options.vendorId ?? null }) as Array<{ vendorId: number; name: string; status: string; glExpiresOn: string | null; limitExpiresOn: string | null; singleLimit: number | null }>;
  const noted = db.prepare('SELECT 1 FROM slim_expiry_renewals WHERE vendorId = ? AND kind = ? AND expiresOn = ?');
  const openRenewal = db.prepare(`SELECT r.requestId FROM slim_requests r JOIN application_record_states st ON st.applicationRecordStateId = r.applicationRecordStateId
    WHERE r.vendorId = ? AND r.type = 'Renewal' AND st.name NOT IN (${closed}) ORDER BY r.requestId DESC LIMIT 1`).pluck();
  const note = db.prepare('INSERT OR IGNORE INTO slim_expiry_renewals (vendorId, kind, expiresOn, requestId, createdAt) VALUES (?, ?, ?, ?, ?)');
  const created: number[] = [];
  db.transaction(() => {
    const at = options.at ?? clock.nowIso();
    for (const vendor of vendors) {
      const due: WatchedExpiry[] = watchedExpiries(vendor, today).filter((e) => e.renewalDue && !noted.get(vendor.vendorId, e.kind, e.expiresOn));
      if (!due.length) continue;
      let requestId = openRenewal.get(vendor.vendorId) as number | undefined;
      if (requestId === undefined) {
        const requester = renewalRequester(db, vendor.vendorId);
        if (!requester) continue;
        requestId = insertSlimRequest(db, {
          type: 'Renewal', vendorId: vendor.vendorId, projectId: null, regionId: requester.regionId, requestedAmount: vendor.singleLimit,
          priority: due.some((e) => e.expired) ? 'High' : 'Normal', justification: renewalJustification(vendor.name, due), mitigation: null,
          basedOnRequestId: lastApproved(db, vendor.vendorId)?.requestId ?? null, requestedBy: requester.employeeId, at,
        });
        created.push(requestId);
      }
      for (const e of due) note.run(vendor.vendorId, e.kind, e.expiresOn, requestId, at);
    }
  }).immediate();
  return created;
}

export const vendorRecordHandlers = declaredFor({ anyOf: VENDOR_RECORD_KEEPERS }, [
  route({
    method: 'GET', path: RISK_API.getVendorRecordHistory,
    note: "added: vendorId: every entry of the vendor's record with who entered it and when, the watched expiries, their renewals and the suggested limits",
    params: VENDOR,
    // Reads only: the expiry watch writes in the scheduled job and the insurance entry, never here. 404 via vendorPrequalLoad.
    handler: ({ db, params }) => historyOf(db, params.vendorId, clock.today()),
  }),
  route({
    method: 'POST', path: RISK_API.addVendorFinancials,
    note: 'added: vendorId, year, currentAssets, currentLiabilities, totalLiabilities, netWorth, revenue, backlog: a statement (a year again replaces it); 400 feedback at the field',
    params: FINANCIALS, handler: addFinancials,
  }),
  route({
    method: 'POST', path: RISK_API.addVendorSafety,
    note: 'added: vendorId, year, emr, oshaRecordableRate: a safety year (a year again replaces it); 400 feedback at the field',
    params: SAFETY, handler: addSafety,
  }),
  route({
    method: 'POST', path: RISK_API.addVendorInsurance,
    note: "added: vendorId, coverage, carrier, policyNumber, eachOccurrence, aggregate, effectiveOn, expiresOn: a certificate (General Liability: the vendor's GL); 400 feedback at the field",
    params: INSURANCE, handler: addInsurance,
  }),
  route({
    method: 'POST', path: RISK_API.setVendorBonding,
    note: "added: vendorId, surety, singleCapacity, aggregateCapacity: the vendor's bonding capacity; 400 feedback at the field",
    params: BONDING, handler: setBonding,
  }),
]);
