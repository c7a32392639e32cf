/**
 * The SLIM request load (SlimRequestLoad) and the renewal comparison (SlimChange[]): what changed in
 * the vendor's record since the submission a renewal is based on.
 */
import type Database from 'better-sqlite3';
import { SLIM_RECORD_KEY, type SlimChange, type SlimRequestLoad, type VendorPrequalRecord } from '../../../../../src/core/risk/contract';
import { mayActSlim, type SlimActor, type SlimState } from '../../../../../src/core/risk';
import type { Caller } from '../../context';
import { vendorPrequalLoad } from '../prequal';
import { changesFor, prequalLoadFor } from '../readers';
import { eventsOf, isClosed, isPrequalAdmin, requestRecord, slimRowOr404, subjectOf, type SlimRow } from './common';
import * as clock from '../../../../../src/core/clock';

const money = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `$${Math.round(n).toLocaleString('en-US')}`);
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** The fields a renewal compares: [field, label, value]. */
function comparable(r: Partial<VendorPrequalRecord>): Array<[string, string, string]> {
  const fy = r.financials?.length ? [...r.financials].sort((a, b) => b.year - a.year)[0]! : null;
  const sy = r.safety?.length ? [...r.safety].sort((a, b) => b.year - a.year)[0]! : null;
  return [
    ['statementYear', 'Latest financial statement year', text(fy?.year)],
    ['currentAssets', 'Current assets', money(fy?.currentAssets)],
    ['currentLiabilities', 'Current liabilities', money(fy?.currentLiabilities)],
    ['totalLiabilities', 'Total liabilities', money(fy?.totalLiabilities)],
    ['netWorth', 'Net worth', money(fy?.netWorth)],
    ['revenue', 'Revenue', money(fy?.revenue)],
    ['backlog', 'Backlog', money(fy?.backlog)],
    ['emr', 'EMR (latest year)', sy ? `${sy.emr.toFixed(2)} (${sy.year})` : '—'],
    ['oshaRecordableRate', 'OSHA recordable rate (latest year)', sy ? sy.oshaRecordableRate.toFixed(2) : '—'],
    ['glPerOccurrence', 'GL per occurrence', money(r.glPerOccurrence)],
    ['glAggregate', 'GL aggregate', money(r.glAggregate)],
    ['glExpiresOn', 'GL expires on', text(r.glExpiresOn)],
    ['surety', 'Surety', text(r.surety)],
    ['bondSingleCapacity', 'Bonding single capacity', money(r.bondSingleCapacity)],
    ['bondAggregateCapacity', 'Bonding aggregate capacity', money(r.bondAggregateCapacity)],
    ['status', 'Prequalification status', text(r.status)],
    ['singleLimit', 'Single limit', money(r.singleLimit)],
    ['aggregateLimit', 'Aggregate limit', money(r.aggregateLimit)],
    ['limitExpiresOn', 'Limits expire on', text(r.limitExpiresOn)],
  ];
}

/** The fields of `now` that differ from the `snapshot` (JSON of VendorPrequalRecord); [] without a snapshot. */
export function changesSince(snapshot: string | null, now: VendorPrequalRecord): SlimChange[] {
  if (!snapshot) return [];
  let before: Partial<VendorPrequalRecord>;
  try {
    before = JSON.parse(snapshot) as Partial<VendorPrequalRecord>;
  } catch {
    return [];
  }
  const old = new Map(comparable(before).map(([field, , value]) => [field, value]));
  return comparable(now).filter(([field, , value]) => old.get(field) !== value)
    .map(([field, label, after]) => ({ field, label, before: old.get(field) ?? '—', after }));
}

/** The snapshot a renewal compares with: its basedOn request's. */
export function basedOnSnapshot(db: Database.Database, basedOnRequestId: number | null): string | null {
  if (basedOnRequestId === null) return null;
  return (db.prepare('SELECT snapshot FROM slim_requests WHERE requestId = ?').get(basedOnRequestId) as { snapshot: string | null } | undefined)?.snapshot ?? null;
}

/** The moves `actor` may make now (as the host would accept them, given a note). */
export function movesFor(db: Database.Database, row: SlimRow, actor: SlimActor): SlimRequestLoad['moves'] {
  const targets = db.prepare(`SELECT t.applicationRecordStateId, t.name FROM state_advancements a
      JOIN application_record_states t ON t.applicationRecordStateId = a.targetApplicationRecordStateId
    WHERE a.applicationRecordStateId = ? ORDER BY a.displayOrder`).all(row.applicationRecordStateId) as Array<{ applicationRecordStateId: number; name: SlimState }>;
  const subject = subjectOf(row);
  return targets.filter((t) => mayActSlim(subject, t.name, actor, 'note').ok);
}

/**
 * The whole load of one request for `actor` (who may see it: checked by the caller); the vendor's
 * confidential figures only for a risk role of `caller` (readers.ts).
 */
export function slimLoad(db: Database.Database, requestId: number, actor: SlimActor, caller: Pick<Caller, 'roles'>): SlimRequestLoad {
  const row = slimRowOr404(db, requestId);
  const today = clock.today();
  const { vendor, suggested } = prequalLoadFor(caller, vendorPrequalLoad(db, row.vendorId, today));
  const fileCount = (db.prepare('SELECT count(*) AS n FROM files WHERE applicationRecordKey = ? AND recordId = ?').get(SLIM_RECORD_KEY, requestId) as { n: number }).n;
  return {
    request: requestRecord(row, actor, today), vendor, suggested,
    changes: row.type === 'Renewal' ? changesFor(caller, changesSince(basedOnSnapshot(db, row.basedOnRequestId), vendor)) : [],
    events: eventsOf(db, requestId),
    moves: movesFor(db, row, actor),
    canAssign: isPrequalAdmin(actor) && !isClosed(row),
    fileCount,
  };
}

/** Mark `employeeId`'s unread notifications of the request read (their POST after opening it); how many. */
export function markRead(db: Database.Database, employeeId: number, requestId: number): number {
  const at = clock.nowIso();
  return db.prepare('UPDATE risk_notifications SET readAt = ?, modifiedAt = ? WHERE employeeId = ? AND recordKey = ? AND recordId = ? AND readAt IS NULL')
    .run(at, at, employeeId, SLIM_RECORD_KEY, requestId).changes;
}
