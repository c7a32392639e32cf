/**
 * Approval authority: who may move a record into a state that is an approval, by role and amount,
 * with segregation of duties. One pure rule that the host enforces in its shared state move and the
 * state menu shows before the click (the host answers each target's decision with the record).
 */
import { formatMoney } from '../format/numbers';

/** One role's authority on an approval move: up to `upToAmount` (null: any amount). */
export interface ApprovalLimit {
  applicationKey: string;
  roleName: string;
  upToAmount: number | null;
}

/** A move into a state that is an approval (App Records' approval matrix, one row per target state). */
export interface ApprovalMove {
  applicationRecordKey: string;
  targetApplicationRecordStateId: number;
  /** Not by the person who submitted the record. */
  notSubmitter: boolean;
  /** Not by the person who made the record's previous approval. */
  notPreviousApprover: boolean;
  limits: readonly ApprovalLimit[];
}

/** What the rule needs to know about the caller and the record. */
export interface ApprovalFacts {
  /** The caller's roles (applicationKey, name). */
  roles: ReadonlyArray<{ applicationKey: string; name: string }>;
  /** The record's amount (absolute value counts). */
  amount: number;
  /** The caller submitted the record (made its last move, or created it). */
  isSubmitter: boolean;
  /** The caller made the record's previous approval. */
  isPreviousApprover: boolean;
  /** How the record names itself in messages ('subcontract'). */
  label: string;
}

export type ApprovalDecision =
  | { allowed: true; limit: ApprovalLimit }
  | {
    allowed: false;
    /** Why, in the words the state menu and the refusal show ('Needs RPM approval above $25,000'). */
    reason: string;
    /** The role that could make the move (to name who holds it), when the amount or the role is what is missing. */
    neededRole?: ApprovalLimit;
  };

const covers = (limit: ApprovalLimit, amount: number) => limit.upToAmount === null || Math.abs(amount) <= limit.upToAmount + 1e-9;
const holds = (facts: ApprovalFacts, limit: ApprovalLimit) =>
  facts.roles.some((r) => r.applicationKey === limit.applicationKey && r.name.toLowerCase() === limit.roleName.toLowerCase());
/** Smallest limit first; "any amount" last. */
const byLimit = (a: ApprovalLimit, b: ApprovalLimit) => (a.upToAmount ?? Infinity) - (b.upToAmount ?? Infinity);

/** The role name as users say it. */
export const roleLabel = (limit: ApprovalLimit): string => (limit.roleName === 'Admin' ? `${limit.applicationKey} Admin` : limit.roleName);

/** An amount as the refusal says it ($25,000; cents only when there are some). */
export const limitText = (amount: number): string => formatMoney(amount, { fractionDigits: Number.isInteger(amount) ? 0 : 2 });

/**
 * The decision on one move: allowed with the limit that applies (the caller's smallest that covers the
 * amount), or refused with the reason. Segregation of duties comes first: it is about the person, not
 * the role.
 */
export function decideApproval(move: ApprovalMove, facts: ApprovalFacts): ApprovalDecision {
  if (move.notSubmitter && facts.isSubmitter) {
    return { allowed: false, reason: `You submitted this ${facts.label}: another person with approval authority must approve it.` };
  }
  if (move.notPreviousApprover && facts.isPreviousApprover) {
    return { allowed: false, reason: `You made the previous approval of this ${facts.label}: another person must make this one.` };
  }
  const sorted = [...move.limits].sort(byLimit);
  const mine = sorted.filter((limit) => holds(facts, limit));
  const enough = mine.find((limit) => covers(limit, facts.amount));
  if (enough) return { allowed: true, limit: enough };
  const needed = sorted.find((limit) => covers(limit, facts.amount));
  if (!needed) return { allowed: false, reason: `No role may approve ${limitText(Math.abs(facts.amount))} on this ${facts.label}.` };
  const best = mine[mine.length - 1];
  const reason = best && best.upToAmount !== null
    ? `Needs ${roleLabel(needed)} approval above ${limitText(best.upToAmount)}`
    : `Needs ${roleLabel(needed)} approval`;
  return { allowed: false, reason, neededRole: needed };
}

/**
 * A signed contract is Executed two ways only: by the e-sign completion, or by a person with authority
 * who types how it was signed ("signed on paper").
 */
export const needsSignatureReason = (targetStateName: string): boolean => targetStateName === 'Executed';
