/**
 * The SRA calls of issue 14 (the contract: src/core/risk/api.ts RISK_API; rules: src/core/risk/sra.ts).
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/risk/getsras | `projectId`, `vendorId`, `state`, `level`, `lastLoad` (all optional) | SraRow[] (newest first) |
 * | GET /api/risk/getsra | `recordKey`=Sra, `recordId`, `lastLoad` | SraLoad |
 * | POST /api/risk/createsra | `projectId`, `vendorId`, `amount`, `costCodeIds[i]`, `subcontractId`?, `description`? | SraLoad |
 * | POST /api/risk/savesra | `sraId`, `version`, `vendorId`?, `amount`?, `costCodeIds[i]`?, `description`?, `mitigations[i]`? (`mitigations=` clears), `mitigationNote`? | SraLoad |
 * | POST /api/risk/updatesrastate | `ItemId`, `OldRecordStateId`, `RouteStateId`, `reason` | SraLoad |
 * | GET /api/risk/getsrastatus | `recordKey`=Subcontract, `recordId` | SraGateStatus |
 * | GET /api/risk/getbuyoutsras | `projectId` | BuyoutSraRow[] (the project's cost codes that have SRAs) |
 */
import { RISK_API, SRA_RECORD_KEY, type BuyoutSraRow, type SraRow } from '../../../../../src/core/risk/contract';
import { RISK_LEVELS } from '../../../../../src/core/risk/sra';
import { ACCESS } from '../../../../../src/core/access';
import { declaredFor, p, route } from '../../declare';
import { notFound } from '../../http';
import { requireRiskProject, RISK_READERS, riskReach, riskWhere } from '../readers';
import { sraGateStatus } from './gate';
import { SRA_SELECT, sraDbRowOr404, sraLoad, sraRows, type SraDbRow } from './records';
import { CREATE_PARAMS, createSra, SAVE_PARAMS, saveSra, STATE_PARAMS, updateSraState } from './writes';

export { sraWorkflows } from './bell';

const SRA_STATES = ['Draft', 'Submitted', 'Approved', 'Rejected'] as const;

export const sraHandlers = declaredFor('sra', [
  route({
    method: 'GET', path: RISK_API.getSras,
    note: 'added: projectId?, vendorId?, state?, level?, lastLoad?: SraRow[] newest first (a Draft\'s level scored now)',
    params: { projectId: p.id(), vendorId: p.id(), state: p.enum(SRA_STATES), level: p.enum(RISK_LEVELS), lastLoad: p.timestamp() },
    handler: ({ db, params, user }): SraRow[] => {
      // The risk roles read every project's SRAs (a Regional Reviewer her region's); anyone else those of the projects in reach.
      const where: string[] = [riskWhere(riskReach(db, user), 's.projectId', 'p.regionId')];
      const args: Record<string, unknown> = {};
      const { projectId, vendorId, state, level, lastLoad } = params;
      if (projectId !== undefined) { where.push('s.projectId = @projectId'); args.projectId = projectId; }
      if (vendorId !== undefined) { where.push('s.vendorId = @vendorId'); args.vendorId = vendorId; }
      if (state) { where.push('st.name = @state'); args.state = state; }
      if (lastLoad) { where.push('s.modifiedAt > @lastLoad'); args.lastLoad = lastLoad; }
      const rows = db.prepare(`${SRA_SELECT} WHERE ${where.join(' AND ')} ORDER BY s.sraId DESC`).all(args) as SraDbRow[];
      return sraRows(db, rows).filter((row) => !level || row.level === level);
    },
  }),
  route({
    method: 'GET', path: RISK_API.getSra,
    note: 'added: recordKey=Sra, recordId, lastLoad: SraLoad (a Draft scored now, else as submitted; the caller\'s moves)',
    params: { recordKey: p.recordKey([SRA_RECORD_KEY]), recordId: p.id({ required: true }), lastLoad: p.timestamp() },
    handler: ({ db, params, user }) => {
      // An SRA of a project out of the caller's risk reach answers as an unknown one (ids are not probed).
      const row = sraDbRowOr404(db, params.recordId);
      requireRiskProject(db, user, row.projectId, { single: { recordKey: 'Sra', recordId: row.sraId, message: `SRA ${row.sraId} not found.` } });
      return sraLoad(db, user, row.sraId);
    },
  }),
  route({
    method: 'POST', path: RISK_API.createSra,
    note: 'added: projectId, vendorId, amount > 0, costCodeIds[i] of the project\'s budgets, subcontractId? (vendor, amount and cost codes default from it), description: a Draft SRA-0001…',
    params: CREATE_PARAMS, handler: createSra,
  }),
  route({
    method: 'POST', path: RISK_API.saveSra,
    note: 'added: sraId, version (409 stale), vendorId?, amount?, costCodeIds[i]?, description?, mitigations[i]?, mitigationNote?: Draft only; the creator or Risk/Admin (else 403)',
    params: SAVE_PARAMS, handler: saveSra,
  }),
  route({
    method: 'POST', path: RISK_API.updateSraState,
    note: 'added: ItemId, OldRecordStateId (409 stale, naming who moved it), RouteStateId, reason (reject); submit needs the mitigations of the level; approve Risk/Admin, never one\'s own; High needs two approvals including an Admin',
    params: STATE_PARAMS, handler: updateSraState,
  }),
  route({
    method: 'GET', path: RISK_API.getSraStatus, access: { anyOf: [ACCESS.sra, ACCESS.pfm] },
    note: 'added: recordKey=Subcontract, recordId: SraGateStatus (the commitment gate: reasons, covering SRA, start link)',
    // The key can only be Subcontract: the scope names it, so a call without recordKey is checked too.
    params: { recordKey: p.recordKey(['Subcontract']), recordId: p.id({ required: true, scope: 'Subcontract' }) },
    unscopedFor: RISK_READERS,
    handler: ({ db, params, user }) => {
      // The team guard passed the risk roles; a Regional Reviewer reads her region (and her teams) only.
      const projectId = db.prepare('SELECT projectId FROM subcontracts WHERE subcontractId = ?').pluck().get(params.recordId) as number | undefined;
      if (projectId !== undefined) requireRiskProject(db, user, projectId);
      return sraGateStatus(db, params.recordId);
    },
  }),
  route({
    method: 'GET', path: RISK_API.getBuyoutSras, access: { anyOf: [ACCESS.sra, ACCESS.pfm] },
    note: 'added: projectId: BuyoutSraRow[] (the project\'s cost codes that have SRAs, with them)',
    params: { projectId: p.id({ required: true, scope: 'Project' }) },
    unscopedFor: RISK_READERS,
    handler: ({ db, params, user }): BuyoutSraRow[] => {
      const { projectId } = params;
      if (!db.prepare('SELECT 1 FROM projects WHERE projectId = ?').get(projectId)) throw notFound(`Project ${projectId} not found.`);
      requireRiskProject(db, user, projectId);
      const rows = sraRows(db, db.prepare(`${SRA_SELECT} WHERE s.projectId = ? ORDER BY s.sraId DESC`).all(projectId) as SraDbRow[]);
      const byCode = new Map<number, SraRow[]>();
      for (const row of rows) for (const code of row.costCodes) byCode.set(code.costCodeId, [...(byCode.get(code.costCodeId) ?? []), row]);
      return [...byCode].sort((a, b) => a[0] - b[0]).map(([costCodeId, sras]) => ({ costCodeId, sras }));
    },
  }),
]);
