/**
 * Route samples of subcontractor risk (issue 14): SLIM and SRA are keySLIM / keyRISK work across every
 * project. The two calls PFM users share (getSraStatus, getBuyoutSras) keep every project for the risk
 * roles only (keyRISK Risk or Admin; keySLIM Prequal Administrator, Escalation Reviewer, Regional
 * Reviewer): the demo pm's keyRISK Default does not lift the team rule, so they name a hidden record.
 */
import { RISK_API } from '../../../src/core/risk/contract';
import { API_ROUTES } from '../../../demo/host/api/route-table';
import type { RouteSample } from './types';
import { HIDDEN_PROJECT, hiddenOf } from './hidden';

const paths = new Set(Object.values(RISK_API).map((p) => p.toLowerCase()));
const VENDOR = new Set([RISK_API.getVendorPrequal.toLowerCase(), RISK_API.getPrequalVendors.toLowerCase()]);

export const RISK_SAMPLES: readonly RouteSample[] = API_ROUTES.filter((r) => paths.has(r.path.toLowerCase()))
  .map((r): RouteSample => (r.path.toLowerCase() === RISK_API.getSraStatus.toLowerCase()
    ? { method: r.method, path: r.path, team: 'project', params: (db) => ({ recordKey: 'Subcontract', recordId: hiddenOf(db, 'subcontracts', 'subcontractId') }) }
    : r.path.toLowerCase() === RISK_API.getBuyoutSras.toLowerCase()
      ? { method: r.method, path: r.path, team: 'project', params: () => ({ projectId: HIDDEN_PROJECT }) }
      : {
    method: r.method, path: r.path, team: 'none',
    why: VENDOR.has(r.path.toLowerCase())
        ? 'vendor prequalification: company-wide vendor data, not one project\'s'
        : 'SLIM / SRA records: keySLIM / keyRISK work across every project (their own role rules in the handlers)',
  }));
