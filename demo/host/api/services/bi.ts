/**
 * The BI service: `GET /bi/reports/run?report=<id>&recordKey=Project|Budget&recordId=…` (BI token)
 * answers a report's table (header and rows, src/core/reports.ts). Its rows come from the same
 * database loads the API answers (loads.ts), each only when the caller passes that load's access rule
 * (the PFM access rule today; access.ts), so a report never shows what the API would refuse.
 */
import { REPORTS, reportById, type ReportTable } from '../../../../src/core/reports/contract';
import { p, parseParams } from '../declare';
import { badRequest } from '../http';
import { loadHandlers } from '../pfm/loads';
import { routeKey } from '../routes';
import { loadParams } from '../scope';
import { requireLoad } from './access';
import { serviceRoute, type ServiceRoute } from './route';

/** The parameters of /bi/reports/run, parsed once (declare.ts): a name it does not declare is a 400. */
const RUN = {
  method: 'GET',
  params: { report: p.string(100), recordKey: p.recordKey(['Project', 'Budget']), recordId: p.id() },
} as const;

export const biRoutes: readonly ServiceRoute[] = [
  serviceRoute({
    path: '/reports',
    note: 'the reports: id, title, description',
    params: {},
    handler: () => REPORTS.map(({ id, title, description }) => ({ id, title, description })),
  }),
  serviceRoute({
    path: '/reports/run',
    note: 'report, recordKey Project|Budget, recordId: the report table { header, rows }',
    params: RUN.params,
    handler: async ({ db, user, reply, params }): Promise<ReportTable> => {
      const report = params.report ? reportById(params.report) : undefined;
      if (!report) throw badRequest(`Parameter 'report' must be one of ${REPORTS.map((r) => r.id).join(', ')}.`, { parameter: 'report' });
      const scope = loadParams(db, params);
      if (!scope.recordKey) throw badRequest("Parameter 'recordKey' is required (Project or Budget).", { parameter: 'recordKey' });
      for (const source of report.sources) requireLoad(user, `/api/pfm/${source.load}`);
      const rows = await Promise.all(report.sources.map(async (source) => {
        // The load's own declaration: its one parse of the query the API would get, then its handler (its project check is loadParams').
        const load = loadHandlers[routeKey('GET', `/api/pfm/${source.load}`)];
        if (!load) throw new Error(`BI report ${report.id}: no load ${source.load}`);
        const sourceQuery = { recordKey: scope.recordKey, recordId: String(scope.recordId), ...(source.open === false ? { open: 'false' } : {}) };
        return (await load.handler({ db, user, reply, params: parseParams(load, sourceQuery, {}) })) as Array<Record<string, unknown>>;
      }));
      return report.table(rows);
    },
  }),
];
