/**
 * The BI service: `GET /bi/reports/run?report=<id>&recordKey=Project|Budget&recordId=…` (BI token)
 * answers a report's table (header and rows, src/core/reports.ts). Its rows come from the same
 * database loads the API answers (loads.ts), each only when the caller passes that load's access rule
 * (the PFM access rule today; access.ts), so a report never shows what the API would refuse.
 */
import { REPORTS, reportById, type ReportTable } from '../../../../src/core/reports';
import { badRequest, stringParam, type Params } from '../http';
import { loadHandlers } from '../pfm/loads';
import { routeKey } from '../routes';
import { loadParams, STANDARD_KEYS } from '../scope';
import { requireLoad } from './access';
import type { ServiceRoute } from './index';
import type { Handler } from '../context';

export const biRoutes: readonly ServiceRoute[] = [
  {
    path: '/reports',
    note: 'the reports: id, title, description',
    handler: () => REPORTS.map(({ id, title, description }) => ({ id, title, description })),
  },
  {
    path: '/reports/run',
    note: 'report, recordKey Project|Budget, recordId: the report table { header, rows }',
    handler: async (ctx): Promise<ReportTable> => {
      const { db, user, query } = ctx;
      const id = stringParam(query, 'report', 100);
      const report = id ? reportById(id) : undefined;
      if (!report) throw badRequest(`Parameter 'report' must be one of ${REPORTS.map((r) => r.id).join(', ')}.`, { parameter: 'report' });
      const scope = loadParams(db, query, STANDARD_KEYS.filter((key) => key !== 'LegalEntity'));
      if (!scope.recordKey) throw badRequest("Parameter 'recordKey' is required (Project or Budget).", { parameter: 'recordKey' });
      for (const source of report.sources) requireLoad(user, `/api/pfm/${source.load}`);
      const rows = await Promise.all(report.sources.map(async (source) => {
        const handler = loadHandlers[routeKey('GET', `/api/pfm/${source.load}`)] as Handler;
        const sourceQuery: Params = { recordKey: scope.recordKey, recordId: scope.recordId, ...(source.open === false ? { open: 'false' } : {}) };
        return (await handler({ ...ctx, query: sourceQuery })) as Array<Record<string, unknown>>;
      }));
      return report.table(rows);
    },
  },
];
