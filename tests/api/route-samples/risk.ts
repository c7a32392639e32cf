/**
 * Route samples of subcontractor risk (issue 14): SLIM and SRA are keySLIM / keyRISK work across every
 * project. The two calls PFM users share (getSraStatus, getBuyoutSras) keep every project for a risk
 * user (the demo pm is keyRISK Default) and are scoped for a caller there by PFM access only
 * (project-access.ts ROUTE_GUARDS unlessRoles; tests/api/project-security.test.ts).
 */
import { RISK_API } from '../../../src/core/risk/api';
import { API_ROUTES } from '../../../demo/host/api/routes';
import type { RouteSample } from './types';

const paths = new Set(Object.values(RISK_API).map((p) => p.toLowerCase()));
const SHARED = new Set([RISK_API.getSraStatus.toLowerCase(), RISK_API.getBuyoutSras.toLowerCase()]);
const VENDOR = new Set([RISK_API.getVendorPrequal.toLowerCase(), RISK_API.getPrequalVendors.toLowerCase()]);

export const RISK_SAMPLES: readonly RouteSample[] = API_ROUTES.filter((r) => paths.has(r.path.toLowerCase()))
  .map((r): RouteSample => ({
    method: r.method, path: r.path, team: 'none',
    why: SHARED.has(r.path.toLowerCase())
      ? 'risk users keep every project; a PFM-only caller is scoped by the route guard (project-security.test.ts: pm without keyRISK / keySLIM → 403)'
      : VENDOR.has(r.path.toLowerCase())
        ? 'vendor prequalification: company-wide vendor data, not one project\'s'
        : 'SLIM / SRA records: keySLIM / keyRISK work across every project (their own role rules in the handlers)',
  }));
