/**
 * The vendor's prequalification record (issue 14), shared by the SLIM and SRA calls and the gate:
 * the one clock, the record as the contract's VendorPrequalRecord, the suggested limits and the
 * limits in force. Rules: src/core/risk.
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/risk/getvendorprequalification | `vendorId` | VendorPrequalLoad |
 * | GET /api/risk/getprequalvendors | `search`, `status` (optional) | VendorPrequalRow[] |
 */
import type Database from 'better-sqlite3';
import {
  aggregateLimitInForce, effectiveStatus, PREQUAL_STATUSES, singleLimitInForce, suggestLimits,
  type CurrentLimits, type FinancialStatement, type PrequalStatus, type SafetyYear,
} from '../../../../src/core/risk/limits';
import { RISK_API, type VendorPrequalLoad, type VendorPrequalRecord, type VendorPrequalRow } from '../../../../src/core/risk/contract';
import { ACCESS } from '../../../../src/core/access';
import { declared, p, route } from '../declare';
import { notFound } from '../http';
import { prepared } from '../../db/statements';
import { changeOrderItemsSum, lastCertified } from '../queries';
import { prequalLoadFor } from './readers';
import * as clock from '../../../../src/core/clock';

// --- the record ----------------------------------------------------------------------------------

interface PrequalRow {
  vendorId: number; vendorNumber: string; name: string; trade: string;
  status: PrequalStatus | null; singleLimit: number | null; aggregateLimit: number | null; limitExpiresOn: string | null;
  conditions: string | null; glPerOccurrence: number | null; glAggregate: number | null; glExpiresOn: string | null;
  surety: string | null; bondSingleCapacity: number | null; bondAggregateCapacity: number | null;
  subRatingAverage: number | null; subRatingCount: number | null; lastDecidedAt: string | null; lastDecidedBy: string | null;
  modifiedAt: string;
}

const SELECT = `SELECT v.vendorId, v.vendorNumber, v.name, v.trade, q.status, q.singleLimit, q.aggregateLimit, q.limitExpiresOn, q.conditions,
  q.glPerOccurrence, q.glAggregate, q.glExpiresOn, q.surety, q.bondSingleCapacity, q.bondAggregateCapacity, q.subRatingAverage, q.subRatingCount,
  q.lastDecidedAt, d.preferredName AS lastDecidedBy, coalesce(q.modifiedAt, v.modifiedAt) AS modifiedAt
  FROM vendors v LEFT JOIN vendor_prequalifications q ON q.vendorId = v.vendorId LEFT JOIN employees d ON d.employeeId = q.lastDecidedByEmployeeId`;

/**
 * The limits as stored (a vendor without a record: Not Prequalified), with the GL insurance's expiry:
 * the status in force (core effectiveStatus) reads an expired one 'Expired', and so the gate.
 */
export const currentLimits = (row: Pick<PrequalRow, 'status' | 'singleLimit' | 'aggregateLimit' | 'limitExpiresOn' | 'glExpiresOn'>): CurrentLimits => ({
  status: row.status ?? 'Not Prequalified', singleLimit: row.singleLimit, aggregateLimit: row.aggregateLimit, limitExpiresOn: row.limitExpiresOn,
  glExpiresOn: row.glExpiresOn,
});

function asRow(row: PrequalRow, today: string): VendorPrequalRow {
  const limits = currentLimits(row);
  return {
    vendorId: row.vendorId, vendorNumber: row.vendorNumber, name: row.name, trade: row.trade,
    status: effectiveStatus(limits, today), singleLimit: row.singleLimit, aggregateLimit: row.aggregateLimit, limitExpiresOn: row.limitExpiresOn,
    singleLimitInForce: singleLimitInForce(limits, today), aggregateLimitInForce: aggregateLimitInForce(limits, today),
  };
}

/**
 * The vendor's open backlog with the company: Executed and Pending Signature subcontracts (with their
 * approved change orders) less what was billed: the total completed and stored of each one's last certified
 * pay application, the figure the commitment screens show (queries.ts lastCertified, as their billed).
 * `exceptSubcontractId` leaves one out (the one assessed).
 */
export function openBacklog(db: Database.Database, vendorId: number, exceptSubcontractId: number | null = null): number {
  const row = prepared(db, `SELECT coalesce(sum(
      (SELECT coalesce(sum(i.amount), 0) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId)
      + ${changeOrderItemsSum('subcontract', 'subcontractId', 'Approved', 's')}
      - ${lastCertified('Subcontract', 'subcontractId', 'certifiedCompletedAndStored', 's')}), 0) AS n
    FROM subcontracts s JOIN application_record_states st ON st.applicationRecordStateId = s.applicationRecordStateId
    WHERE s.vendorId = ? AND st.name IN ('Pending Signature', 'Executed') AND s.subcontractId IS NOT ?`).get(vendorId, exceptSubcontractId) as { n: number };
  return Math.max(0, Math.round(row.n * 100) / 100);
}

export const financialsOf = (db: Database.Database, vendorId: number): FinancialStatement[] =>
  prepared(db, `SELECT year, currentAssets, currentLiabilities, totalLiabilities, netWorth, revenue, backlog FROM vendor_financials
    WHERE vendorId = ? ORDER BY year DESC`).all(vendorId) as FinancialStatement[];
export const safetyOf = (db: Database.Database, vendorId: number): SafetyYear[] =>
  prepared(db, 'SELECT year, emr, oshaRecordableRate FROM vendor_safety WHERE vendorId = ? ORDER BY year DESC').all(vendorId) as SafetyYear[];

/** The whole record of `vendorId`, or undefined when no such vendor. */
export function vendorRecord(db: Database.Database, vendorId: number, today = clock.today()): VendorPrequalRecord | undefined {
  const row = prepared(db, `${SELECT} WHERE v.vendorId = ?`).get(vendorId) as PrequalRow | undefined;
  if (!row) return undefined;
  return {
    ...asRow(row, today),
    conditions: row.conditions, glPerOccurrence: row.glPerOccurrence, glAggregate: row.glAggregate, glExpiresOn: row.glExpiresOn,
    surety: row.surety, bondSingleCapacity: row.bondSingleCapacity, bondAggregateCapacity: row.bondAggregateCapacity,
    subRatingAverage: row.subRatingAverage, subRatingCount: row.subRatingCount ?? 0,
    financials: financialsOf(db, vendorId), safety: safetyOf(db, vendorId), openBacklog: openBacklog(db, vendorId),
    lastDecidedAt: row.lastDecidedAt, lastDecidedBy: row.lastDecidedBy, modifiedAt: row.modifiedAt,
  };
}

export function vendorRecordOr404(db: Database.Database, vendorId: number, today = clock.today()): VendorPrequalRecord {
  const record = vendorRecord(db, vendorId, today);
  if (!record) throw notFound(`Vendor ${vendorId} not found.`);
  return record;
}

/** The record and its suggested limits (the working the reviewer sees). */
export function vendorPrequalLoad(db: Database.Database, vendorId: number, today = clock.today()): VendorPrequalLoad {
  const vendor = vendorRecordOr404(db, vendorId, today);
  const suggested = suggestLimits({
    financials: vendor.financials, safety: vendor.safety, glPerOccurrence: vendor.glPerOccurrence, glAggregate: vendor.glAggregate,
    glExpiresOn: vendor.glExpiresOn, today,
  });
  return { vendor, suggested };
}

export const prequalHandlers = declared([
  route({
    method: 'GET', path: RISK_API.getVendorPrequal, access: { anyOf: [ACCESS.slim, ACCESS.sra, ACCESS.pfm] },
    note: 'added: vendorId: the prequalification record and the suggested limits with their working',
    params: { vendorId: p.id({ required: true }) },
    // The statements, EMR and bonding for the risk roles only (readers.ts).
    handler: ({ db, params, user }) => prequalLoadFor(user, vendorPrequalLoad(db, params.vendorId)),
  }),
  route({
    method: 'GET', path: RISK_API.getPrequalVendors, access: { anyOf: [ACCESS.slim, ACCESS.sra, ACCESS.pfm] },
    note: 'added: search?, status?: active vendors with the status and limits in force',
    params: { search: p.string(100), status: p.enum(PREQUAL_STATUSES) },
    handler: ({ db, params }) => {
      const today = clock.today();
      const search = params.search?.toLowerCase() ?? '';
      const status = params.status;
      const rows = (db.prepare(`${SELECT} WHERE v.active = 1 ORDER BY v.name`).all() as PrequalRow[]).map((r) => asRow(r, today));
      return rows.filter((r) => (!search || r.name.toLowerCase().includes(search) || r.vendorNumber.toLowerCase().includes(search)) && (!status || r.status === status));
    },
  }),
]);
