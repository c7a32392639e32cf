/**
 * The commitment gate (issue 14): a subcontract that needs an SRA (core commitments/terms gateReasons:
 * its vendor is not prequalified, its sum is over the vendor's single limit, or the vendor's open
 * subcontracts on all projects with it are over the aggregate limit) does not move to a state of core
 * GATED_SUBCONTRACT_STATES (Pending Signature, Executed), and its change order is not approved,
 * without an approved SRA that covers the sum that counts (core sraCovers: same project and vendor,
 * that amount or more). The sum that counts is the items plus approved change orders (plus, on a
 * change order's approval, that change order). Called (commitmentGateRefusal) by the commitment state
 * update (pfm/commitments/writes.ts) and by e-sign (sending, and completion, pfm/esign).
 */
import type Database from 'better-sqlite3';
import { RISK_FUNCTIONS, sraStartLink, type SraRow } from '../../../../../src/core/risk/contract';
import { GATED_SUBCONTRACT_STATES, sraCovers } from '../../../../../src/core/risk/sra';
import { aggregateLimitInForce, singleLimitInForce } from '../../../../../src/core/risk/limits';
import { gateMoney, gateReasons, sraShortfall } from '../../../../../src/core/commitments/terms';
import type { CommitmentGateStatus } from '../../../../../src/core/commitments/contract';
import { autoAlert, notFound, type HttpError } from '../../http';
import { changeOrderItemsSum } from '../../queries';
import { currentLimits, openBacklog, vendorRecordOr404 } from '../prequal';
import { SRA_SELECT, sraRows, type SraDbRow } from './records';
import * as clock from '../../../../../src/core/clock';

interface SubcontractFacts {
  subcontractId: number; number: string; projectId: number; vendorId: number;
  /** Items plus approved change orders. */
  amount: number;
  /** Change orders Pending Approval. */
  pendingChanges: number;
}

const changeOrdersIn = (state: string) => changeOrderItemsSum('subcontract', 'subcontractId', state, 's');

function subcontractFacts(db: Database.Database, subcontractId: number): SubcontractFacts | undefined {
  const row = db.prepare(`SELECT s.subcontractId, s.number, s.projectId, s.vendorId,
      (SELECT coalesce(sum(i.amount), 0) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) + ${changeOrdersIn('Approved')} AS amount,
      ${changeOrdersIn('Pending Approval')} AS pendingChanges
    FROM subcontracts s WHERE s.subcontractId = ?`).get(subcontractId) as SubcontractFacts | undefined;
  return row && { ...row, amount: Math.round(row.amount * 100) / 100, pendingChanges: Math.round(row.pendingChanges * 100) / 100 };
}

/** The sum of subcontract `subcontractId` that an SRA must cover (items plus approved change orders), or undefined. */
export const subcontractCurrentSum = (db: Database.Database, subcontractId: number): number | undefined => subcontractFacts(db, subcontractId)?.amount;

interface GateFacts {
  sub: SubcontractFacts;
  /** The sum judged: the subcontract's, or with a change order being approved. */
  amount: number;
  reasons: string[];
  /** The covering approved SRA, else the newest SRA of the project and vendor, else undefined. */
  sra: SraDbRow | undefined;
  /** Why the newest approved SRA does not cover (when one exists and none covers). */
  notCovered: string | null;
  cleared: boolean;
  singleLimit: number;
  aggregateLimit: number;
  exposure: number;
}

function gateFacts(db: Database.Database, sub: SubcontractFacts, amount = sub.amount, today = clock.today()): GateFacts {
  const vendor = vendorRecordOr404(db, sub.vendorId, today);
  const limits = currentLimits(vendor);
  const openElsewhere = openBacklog(db, sub.vendorId, sub.subcontractId);
  const reasons = gateReasons({ amount, openElsewhere, vendorName: vendor.name, limits, today });
  const candidates = db.prepare(`${SRA_SELECT} WHERE s.projectId = ? AND s.vendorId = ?
    ORDER BY (s.subcontractId IS ?) DESC, coalesce(s.decidedAt, s.submittedAt, s.createdAt) DESC, s.sraId DESC`).all(sub.projectId, sub.vendorId, sub.subcontractId) as SraDbRow[];
  const covering = candidates.find((sra) => sraCovers(sra, { ...sub, amount }));
  const approved = candidates.find((sra) => sra.state === 'Approved');
  const cleared = reasons.length === 0 || covering !== undefined;
  return {
    sub, amount, reasons, sra: covering ?? candidates[0], cleared,
    notCovered: !cleared && approved ? sraShortfall(approved.number, approved.amount, 'subcontract', amount) : null,
    singleLimit: singleLimitInForce(limits, today), aggregateLimit: aggregateLimitInForce(limits, today),
    exposure: Math.round((openElsewhere + amount) * 100) / 100,
  };
}

/** What the refusal says of the SRAs there are: why an approved one falls short, or the newest one's state. */
function existingText(facts: GateFacts): string {
  if (facts.notCovered) return ` ${facts.notCovered}.`;
  return facts.sra ? ` ${facts.sra.number} (${facts.sra.state}, ${gateMoney(facts.sra.amount)}) does not cover it.` : '';
}

function refusal(facts: GateFacts, lead: string): HttpError {
  const { sub } = facts;
  const startLink = sraStartLink(sub.subcontractId);
  return autoAlert(RISK_FUNCTIONS.gate, `${lead} needs an approved SRA: ${facts.reasons.join('; ')}.${existingText(facts)} Start one: ${startLink}`, {
    sraRequired: true, startLink, reasons: facts.reasons, subcontractId: sub.subcontractId, sraId: facts.sra?.sraId ?? null, amount: facts.amount,
  });
}

/**
 * The refusal of moving subcontract `subcontractId` to `targetStateName`, or null when the gate lets
 * it through (a state it does not guard, no SRA needed, or an approved SRA covers it).
 */
export function sraGateRefusal(db: Database.Database, subcontractId: number, targetStateName: string): HttpError | null {
  if (!GATED_SUBCONTRACT_STATES.includes(targetStateName)) return null;
  const sub = subcontractFacts(db, subcontractId);
  if (!sub) return null;
  const facts = gateFacts(db, sub);
  return facts.cleared ? null : refusal(facts, `Subcontract ${sub.number}`);
}

/** Throw the gate's refusal (400 autoAlert, functionName UpdateCommitmentState) when it refuses. */
export function checkSraGate(db: Database.Database, subcontractId: number, targetStateName: string): void {
  const refused = sraGateRefusal(db, subcontractId, targetStateName);
  if (refused) throw refused;
}

/**
 * The refusal of approving subcontract change order `changeOrderId`, or null: the subcontract's sum with
 * it must be within the vendor's limits, or covered by an approved SRA.
 */
function changeOrderGateRefusal(db: Database.Database, changeOrderId: number): HttpError | null {
  const co = db.prepare(`SELECT co.subcontractId, co.number, (SELECT coalesce(sum(amount), 0) FROM subcontract_change_order_items i
      WHERE i.subcontractChangeOrderId = co.subcontractChangeOrderId) AS amount FROM subcontract_change_orders co WHERE co.subcontractChangeOrderId = ?`)
    .get(changeOrderId) as { subcontractId: number; number: string; amount: number } | undefined;
  const sub = co && subcontractFacts(db, co.subcontractId);
  if (!co || !sub) return null;
  const total = Math.round((sub.amount + co.amount) * 100) / 100;
  const facts = gateFacts(db, sub, total);
  return facts.cleared ? null : refusal(facts, `Change order ${co.number} takes subcontract ${sub.number} to ${gateMoney(total)}, which`);
}

/**
 * The gate's refusal of moving record `recordKey` `recordId` to `targetStateName`, or null: a
 * Subcontract to a gated state, a SubcontractChangeOrder to Approved. Every way a record moves (the
 * state update, e-sign sending and completion) asks this one function.
 */
export function commitmentGateRefusal(db: Database.Database, recordKey: string, recordId: number, targetStateName: string): HttpError | null {
  if (recordKey === 'Subcontract') return sraGateRefusal(db, recordId, targetStateName);
  if (recordKey === 'SubcontractChangeOrder' && targetStateName === 'Approved') return changeOrderGateRefusal(db, recordId);
  return null;
}

/** The gate's view of one subcontract (the commitment workbench, and what Start SRA pre-fills). */
export function sraGateStatus(db: Database.Database, subcontractId: number): CommitmentGateStatus {
  const sub = subcontractFacts(db, subcontractId);
  if (!sub) throw notFound(`Subcontract ${subcontractId} not found.`);
  const facts = gateFacts(db, sub);
  const [sra]: Array<SraRow | undefined> = facts.sra ? sraRows(db, [facts.sra]) : [undefined];
  return {
    subcontractId, amount: sub.amount, vendorId: sub.vendorId, reasons: facts.reasons, required: facts.reasons.length > 0,
    sra: sra ?? null, cleared: facts.cleared, startLink: sraStartLink(subcontractId),
    pendingChanges: sub.pendingChanges, singleLimit: facts.singleLimit, aggregateLimit: facts.aggregateLimit, exposure: facts.exposure,
    notCovered: facts.notCovered,
  };
}
