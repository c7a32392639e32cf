/**
 * The commitment gate (issue 14): a subcontract whose vendor is not prequalified, or whose amount
 * (the sum of its items) exceeds the vendor's single limit in force, does not move to a state of core
 * GATED_SUBCONTRACT_STATES (Pending Signature, Executed) without an approved SRA that covers it (core
 * sraCovers: same project and vendor, that amount or more). Called by the commitment state update
 * (pfm/commitments/writes.ts) and by e-sign (sending, and completion, pfm/esign).
 */
import type Database from 'better-sqlite3';
import { RISK_FUNCTIONS, sraStartLink, type SraGateStatus, type SraRow } from '../../../../../src/core/risk/contract';
import { GATED_SUBCONTRACT_STATES, sraCovers, sraRequiredReasons } from '../../../../../src/core/risk/sra';
import { autoAlert, notFound, type HttpError } from '../../http';
import { currentLimits, vendorRecordOr404 } from '../prequal';
import { SRA_SELECT, sraRows, type SraDbRow } from './records';
import * as clock from '../../../../../src/core/clock';

interface SubcontractFacts { subcontractId: number; number: string; projectId: number; vendorId: number; amount: number }

function subcontractFacts(db: Database.Database, subcontractId: number): SubcontractFacts | undefined {
  return db.prepare(`SELECT s.subcontractId, s.number, s.projectId, s.vendorId,
      (SELECT coalesce(sum(i.amount), 0) FROM subcontract_items i WHERE i.subcontractId = s.subcontractId) AS amount
    FROM subcontracts s WHERE s.subcontractId = ?`).get(subcontractId) as SubcontractFacts | undefined;
}

const money = (n: number) => `$${(Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

interface GateFacts {
  sub: SubcontractFacts;
  reasons: string[];
  /** The covering approved SRA, else the newest SRA of the project and vendor, else undefined. */
  sra: SraDbRow | undefined;
  cleared: boolean;
}

function gateFacts(db: Database.Database, sub: SubcontractFacts, today = clock.today()): GateFacts {
  const reasons = sraRequiredReasons(sub.amount, currentLimits(vendorRecordOr404(db, sub.vendorId, today)), today);
  const candidates = db.prepare(`${SRA_SELECT} WHERE s.projectId = ? AND s.vendorId = ?
    ORDER BY (s.subcontractId IS ?) DESC, coalesce(s.decidedAt, s.submittedAt, s.createdAt) DESC, s.sraId DESC`).all(sub.projectId, sub.vendorId, sub.subcontractId) as SraDbRow[];
  const covering = candidates.find((sra) => sraCovers(sra, sub));
  return { sub, reasons, sra: covering ?? candidates[0], cleared: reasons.length === 0 || covering !== undefined };
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
  if (facts.cleared) return null;
  const startLink = sraStartLink(subcontractId);
  const existing = facts.sra ? ` ${facts.sra.number} (${facts.sra.state}, ${money(facts.sra.amount)}) does not cover it.` : '';
  return autoAlert(RISK_FUNCTIONS.gate,
    `Subcontract ${sub.number} needs an approved SRA: ${facts.reasons.join('; ')}.${existing} Start one: ${startLink}`,
    { sraRequired: true, startLink, reasons: facts.reasons, subcontractId, sraId: facts.sra?.sraId ?? null });
}

/** Throw the gate's refusal (400 autoAlert, functionName UpdateCommitmentState) when it refuses. */
export function checkSraGate(db: Database.Database, subcontractId: number, targetStateName: string): void {
  const refusal = sraGateRefusal(db, subcontractId, targetStateName);
  if (refusal) throw refusal;
}

/** The gate's view of one subcontract (the commitment workbench). */
export function sraGateStatus(db: Database.Database, subcontractId: number): SraGateStatus {
  const sub = subcontractFacts(db, subcontractId);
  if (!sub) throw notFound(`Subcontract ${subcontractId} not found.`);
  const facts = gateFacts(db, sub);
  const [sra]: Array<SraRow | undefined> = facts.sra ? sraRows(db, [facts.sra]) : [undefined];
  return {
    subcontractId, amount: sub.amount, vendorId: sub.vendorId, reasons: facts.reasons, required: facts.reasons.length > 0,
    sra: sra ?? null, cleared: facts.cleared, startLink: sraStartLink(subcontractId),
  };
}
