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
import { OPPORTUNITY_CODE_EDITORS, OPPORTUNITY_TEXT, opportunityCodeDigits, opportunityCodeProblems } from '../../../../../src/core/opportunities';
import type { Caller, Handlers } from '../../context';
import { badRequest, forbidden, idParam, invalid, lastLoadParam, notFound, nowIso, rawParam, stringParam } from '../../http';
import { routeKey } from '../../routes';

/** One cost code of an opportunity as answered. */
export interface OpportunityCostCode {
  opportunityCostCodeId: number;
  opportunityId: number;
  code: string;
  codeDisplay: string;
  description: string;
  type: 'L';
  active: boolean;
  addedByEmployeeId: number | null;
  addedByName: string | null;
  addedAt: string;
}

/** One opportunity as answered. */
export interface Opportunity {
  opportunityId: number;
  number: string;
  name: string;
  client: string;
  legalEntityId: number | null;
  legalEntityName: string | null;
  status: string;
  estimatedValue: number;
  displayText: string;
  modifiedAt: string;
  costCodes: OpportunityCostCode[];
}

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

const GET = (path: string) => routeKey('GET', path);
const POST = (path: string) => routeKey('POST', path);

export const opportunityHandlers: Handlers = {
  [GET('/api/pfm/getopportunities')]: ({ db, query }) => {
    const rawKey = stringParam(query, 'recordKey', 100);
    if (rawKey && rawKey.toLowerCase() !== 'opportunity') {
      throw badRequest(`Parameter 'recordKey' must be Opportunity (got '${rawKey.slice(0, 40)}').`, { parameter: 'recordKey' });
    }
    const opportunityId = idParam(query, 'recordId') ?? idParam(query, 'oppId');
    const since = lastLoadParam(query, 'lastLoad');
    if (opportunityId !== undefined && since === undefined) return [opportunityOr404(db, opportunityId)];
    return loadOpportunities(db, { opportunityId, since });
  },

  [POST('/api/pfm/AddOpportunityCostCode')]: ({ db, body, user }) => {
    requireEditor(user);
    const opportunity = opportunityOr404(db, idParam(body, 'OpportunityId', true));
    const rawCode = rawParam(body, 'Code') ?? '';
    const description = rawParam(body, 'Description') ?? '';
    if (rawCode.length > 100) throw invalid([{ integerValue: 1, stringValue: 'code', message: OPPORTUNITY_TEXT.codeShape }]);
    const active = opportunity.costCodes.filter((c) => c.active).map((c) => c.code);
    const problems = opportunityCodeProblems({ code: rawCode, description }, { number: opportunity.number, status: opportunity.status, existingCodes: active });
    if (problems.length) throw invalid(problems.map((p) => ({ integerValue: 1, stringValue: p.field, message: p.message })));
    const code = opportunityCodeDigits(rawCode)!;
    const now = nowIso();
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

  [POST('/api/pfm/RemoveOpportunityCostCode')]: ({ db, body, user }) => {
    requireEditor(user);
    const opportunity = opportunityOr404(db, idParam(body, 'OpportunityId', true));
    const costCodeId = idParam(body, 'OpportunityCostCodeId', true);
    const code = opportunity.costCodes.find((c) => c.opportunityCostCodeId === costCodeId && c.active);
    if (!code) throw notFound(`Cost code ${costCodeId} is not an active cost code of opportunity ${opportunity.number}.`);
    const now = nowIso();
    db.transaction(() => {
      db.prepare('UPDATE opportunity_cost_codes SET active = 0, modifiedAt = ? WHERE opportunityCostCodeId = ?').run(now, costCodeId);
      db.prepare('UPDATE opportunities SET modifiedAt = ? WHERE opportunityId = ?').run(now, opportunity.opportunityId);
    })();
    return opportunityOr404(db, opportunity.opportunityId);
  },
};
