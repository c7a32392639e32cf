/**
 * Opportunities (issue 12, §2 /pfm/opportunitytimecardcostcode): pursuits that are not yet contracted
 * projects, and the labour (L) cost codes their staff may charge time to.
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/pfm/getopportunities | recordKey (`Opportunity`, optional), recordId = oppId (optional), lastLoad (optional: only opportunities changed since) | `{ data: Opportunity[] }`, each with its `costCodes` |
 * | POST /api/pfm/AddOpportunityCostCode | OpportunityId, Code (8 digits, hyphens and spaces ignored), Description | `{ data: Opportunity }` (the opportunity with its codes) |
 * | POST /api/pfm/RemoveOpportunityCostCode | OpportunityId, OpportunityCostCodeId | `{ data: Opportunity }` |
 *
 * Reading: any keyPFM or keyTC role (timecards read the codes). Adding and removing: Admin or RPM on
 * keyPFM (src/core/opportunities `OPPORTUNITY_CODE_EDITORS`); others get 403 with a message saying so.
 * An Add is refused with 400 feedback for a code that is not 8 digits, a code the opportunity already
 * has, or a Lost opportunity (`opportunityOpenForTime`).
 *
 * Remove marks the code inactive (`active` 0) rather than deleting it, so time already charged to it
 * (timecards, issue 13) keeps its code; the list shows active codes, and adding the same code again
 * makes it active again with the new description. Add and Remove stamp the opportunity's modifiedAt.
 */
import type Database from 'better-sqlite3';
import { ruleAllows } from '../../../../../src/core/access';
import { formatCostCode } from '../../../../../src/core/format';
import {
  ADD_OPPORTUNITY_CODE_PATH, OPPORTUNITIES_PATH, OPPORTUNITY_CODE_EDITORS, OPPORTUNITY_READERS, OPPORTUNITY_TEXT, opportunityCodeDigits, opportunityCodeProblems, REMOVE_OPPORTUNITY_CODE_PATH, type Opportunity, type OpportunityCostCode,
} from '../../../../../src/core/opportunities/contract';
import type { Caller } from '../../context';
import { declaredFor, p, route } from '../../declare';
import { forbidden, invalid, notFound } from '../../http';
import * as clock from '../../../../../src/core/clock';


type OpportunityRow = Omit<Opportunity, 'costCodes'>;
type CodeRow = Omit<OpportunityCostCode, 'active' | 'codeDisplay'> & { active: number };

const OPPORTUNITY_SELECT = `SELECT o.opportunityId, o.number, o.name, o.client, o.legalEntityId, le.name AS legalEntityName, o.status,
  o.estimatedValue, o.displayText, o.modifiedAt FROM opportunities o LEFT JOIN legal_entities le ON le.legalEntityId = o.legalEntityId`;
const CODE_SELECT = `SELECT c.opportunityCostCodeId, c.opportunityId, c.code, c.description, c.type, c.active, c.addedByEmployeeId,
  e.preferredName AS addedByName, c.addedAt FROM opportunity_cost_codes c LEFT JOIN employees e ON e.employeeId = c.addedByEmployeeId`;

/** The opportunities (one, or all, or those changed since `since`) with their codes, by number. */
export function loadOpportunities(db: Database.Database, filter: { opportunityId?: number; since?: string } = {}): Opportunity[] {
  const where: string[] = [];
  const args: unknown[] = [];
  if (filter.opportunityId !== undefined) { where.push('o.opportunityId = ?'); args.push(filter.opportunityId); }
  if (filter.since !== undefined) { where.push('o.modifiedAt > ?'); args.push(filter.since); }
  const rows = db.prepare(`${OPPORTUNITY_SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY o.number`).all(...args) as OpportunityRow[];
  if (rows.length === 0) return [];
  const codes = new Map<number, OpportunityCostCode[]>();
  const codeRows = db.prepare(`${CODE_SELECT} WHERE c.opportunityId IN (SELECT value FROM json_each(?)) ORDER BY c.opportunityId, c.code`)
    .all(JSON.stringify(rows.map((r) => r.opportunityId))) as CodeRow[];
  for (const c of codeRows) {
    const list = codes.get(c.opportunityId) ?? [];
    list.push({ ...c, type: 'L', codeDisplay: formatCostCode(c.code), active: c.active === 1 });
    codes.set(c.opportunityId, list);
  }
  return rows.map((r) => ({ ...r, costCodes: codes.get(r.opportunityId) ?? [] }));
}

function opportunityOr404(db: Database.Database, opportunityId: number): Opportunity {
  const found = loadOpportunities(db, { opportunityId })[0];
  if (!found) throw notFound(`Opportunity ${opportunityId} not found.`);
  return found;
}

function requireEditor(user: Caller): void {
  if (!ruleAllows(user.roles, OPPORTUNITY_CODE_EDITORS)) throw forbidden(OPPORTUNITY_TEXT.editorsOnly);
}

export const opportunityHandlers = declaredFor({ anyOf: [{ key: 'keyPFM' }] }, [
  route({
    method: 'GET', path: OPPORTUNITIES_PATH, access: { anyOf: OPPORTUNITY_READERS },
    note: 'added: opportunities with their timecard cost codes (recordKey Opportunity, recordId = oppId, lastLoad); any keyPFM or keyTC role',
    params: {
      recordKey: p.recordKey(['Opportunity']),
      recordId: p.id(),
      /** The §2 screen's name for recordId. */
      oppId: p.id(),
      lastLoad: p.timestamp(),
    },
    handler: ({ db, params }) => {
      const opportunityId = params.recordId ?? params.oppId;
      const since = params.lastLoad;
      if (opportunityId !== undefined && since === undefined) return [opportunityOr404(db, opportunityId)];
      return loadOpportunities(db, { opportunityId, since });
    },
  }),

  route({
    method: 'POST', path: ADD_OPPORTUNITY_CODE_PATH,
    note: 'added: OpportunityId, Code, Description; Admin or RPM only (else 403 from the handler, pfm/opportunities)',
    params: {
      OpportunityId: p.id({ required: true }),
      // As typed: opportunityCodeProblems checks both and answers per-field feedback; the parse caps them.
      Code: p.string(1000, { empty: 'keep', trim: false }),
      Description: p.string(4000, { empty: 'keep', trim: false }),
    },
    handler: ({ db, params, user }) => {
      requireEditor(user);
      const opportunity = opportunityOr404(db, params.OpportunityId);
      const rawCode = params.Code ?? '';
      const description = params.Description ?? '';
      if (rawCode.length > 100) throw invalid([{ integerValue: 1, stringValue: 'code', message: OPPORTUNITY_TEXT.codeShape }]);
      const active = opportunity.costCodes.filter((c) => c.active).map((c) => c.code);
      const problems = opportunityCodeProblems({ code: rawCode, description }, { number: opportunity.number, status: opportunity.status, existingCodes: active });
      if (problems.length) throw invalid(problems.map((p) => ({ integerValue: 1, stringValue: p.field, message: p.message })));
      const code = opportunityCodeDigits(rawCode)!;
      const now = clock.nowIso();
      db.transaction(() => {
        const removed = opportunity.costCodes.find((c) => c.code === code);
        if (removed) {
          db.prepare(`UPDATE opportunity_cost_codes SET active = 1, description = ?, addedByEmployeeId = ?, addedAt = ?, modifiedAt = ?
            WHERE opportunityCostCodeId = ?`).run(description.trim(), user.employeeId, now, now, removed.opportunityCostCodeId);
        } else {
          db.prepare(`INSERT INTO opportunity_cost_codes (opportunityId, code, description, type, active, addedByEmployeeId, addedAt, modifiedAt)
            VALUES (?, ?, ?, 'L', 1, ?, ?, ?)`).run(opportunity.opportunityId, code, description.trim(), user.employeeId, now, now);
        }
        db.prepare('UPDATE opportunities SET modifiedAt = ? WHERE opportunityId = ?').run(now, opportunity.opportunityId);
      })();
      return opportunityOr404(db, opportunity.opportunityId);
    },
  }),

  route({
    method: 'POST', path: REMOVE_OPPORTUNITY_CODE_PATH,
    note: 'added: OpportunityId, OpportunityCostCodeId; Admin or RPM only (else 403 from the handler)',
    params: { OpportunityId: p.id({ required: true }), OpportunityCostCodeId: p.id({ required: true }) },
    handler: ({ db, params, user }) => {
      requireEditor(user);
      const opportunity = opportunityOr404(db, params.OpportunityId);
      const costCodeId = params.OpportunityCostCodeId;
      const code = opportunity.costCodes.find((c) => c.opportunityCostCodeId === costCodeId && c.active);
      if (!code) throw notFound(`Cost code ${costCodeId} is not an active cost code of opportunity ${opportunity.number}.`);
      const now = clock.nowIso();
      db.transaction(() => {
        db.prepare('UPDATE opportunity_cost_codes SET active = 0, modifiedAt = ? WHERE opportunityCostCodeId = ?').run(now, costCodeId);
        db.prepare('UPDATE opportunities SET modifiedAt = ? WHERE opportunityId = ?').run(now, opportunity.opportunityId);
      })();
      return opportunityOr404(db, opportunity.opportunityId);
    },
  }),
]);
