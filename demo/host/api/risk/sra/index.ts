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
import { RISK_API, SRA_RECORD_KEY, type BuyoutSraRow, type SraRow } from '../../../../../src/core/risk/api';
import { RISK_LEVELS } from '../../../../../src/core/risk/sra';
import type { Handlers } from '../../context';
import { badRequest, enumParam, idParam, lastLoadParam, notFound, stringParam, type Params } from '../../http';
import { routeKey } from '../../routes';
import { sraGateStatus } from './gate';
import { SRA_SELECT, sraLoad, sraRows, type SraDbRow } from './records';
import { createSra, saveSra, updateSraState } from './writes';

export { checkSraGate, sraGateRefusal, sraGateStatus } from './gate';
export { sraWorkflows } from './bell';

const SRA_STATES = ['Draft', 'Submitted', 'Approved', 'Rejected'] as const;

/** `recordKey` must be `key` when given; `recordId` is required. */
function recordIdOf(query: Params, key: string): number {
  const recordKey = stringParam(query, 'recordKey', 100);
  if (recordKey !== undefined && recordKey.toLowerCase() !== key.toLowerCase()) {
    throw badRequest(`Parameter 'recordKey' must be ${key} (got '${recordKey.slice(0, 40)}').`, { parameter: 'recordKey' });
  }
  return idParam(query, 'recordId', true);
}

export const sraHandlers: Handlers = {
  [routeKey('GET', RISK_API.getSras)]: ({ db, query }): SraRow[] => {
    const where: string[] = [];
    const args: Record<string, unknown> = {};
    const projectId = idParam(query, 'projectId');
    const vendorId = idParam(query, 'vendorId');
    const state = enumParam(query, 'state', SRA_STATES);
    const level = enumParam(query, 'level', RISK_LEVELS);
    const lastLoad = lastLoadParam(query);
    if (projectId !== undefined) { where.push('s.projectId = @projectId'); args.projectId = projectId; }
    if (vendorId !== undefined) { where.push('s.vendorId = @vendorId'); args.vendorId = vendorId; }
    if (state) { where.push('st.name = @state'); args.state = state; }
    if (lastLoad) { where.push('s.modifiedAt > @lastLoad'); args.lastLoad = lastLoad; }
    const rows = db.prepare(`${SRA_SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY s.sraId DESC`).all(args) as SraDbRow[];
    return sraRows(db, rows).filter((row) => !level || row.level === level);
  },
  [routeKey('GET', RISK_API.getSra)]: ({ db, query, user }) => {
    const sraId = recordIdOf(query, SRA_RECORD_KEY);
    lastLoadParam(query);
    return sraLoad(db, user, sraId);
  },
  [routeKey('POST', RISK_API.createSra)]: createSra,
  [routeKey('POST', RISK_API.saveSra)]: saveSra,
  [routeKey('POST', RISK_API.updateSraState)]: updateSraState,
  [routeKey('GET', RISK_API.getSraStatus)]: ({ db, query }) => sraGateStatus(db, recordIdOf(query, 'Subcontract')),
  [routeKey('GET', RISK_API.getBuyoutSras)]: ({ db, query }): BuyoutSraRow[] => {
    const projectId = idParam(query, 'projectId', true);
    if (!db.prepare('SELECT 1 FROM projects WHERE projectId = ?').get(projectId)) throw notFound(`Project ${projectId} not found.`);
    const rows = sraRows(db, db.prepare(`${SRA_SELECT} WHERE s.projectId = ? ORDER BY s.sraId DESC`).all(projectId) as SraDbRow[]);
    const byCode = new Map<number, SraRow[]>();
    for (const row of rows) for (const code of row.costCodes) byCode.set(code.costCodeId, [...(byCode.get(code.costCodeId) ?? []), row]);
    return [...byCode].sort((a, b) => a[0] - b[0]).map(([costCodeId, sras]) => ({ costCodeId, sras }));
  },
};
