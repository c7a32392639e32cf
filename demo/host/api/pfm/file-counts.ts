/** The §7 load of file counts per record (the table of loads.ts; the files themselves are files.ts'). */
import { keysOf } from '../scope';
import { currentReach, projectOfRecordExpr, reachWhere } from '../project-access';
import type { SpecialLoads } from './load-kinds';
import { FILE_KEYS } from './files';
import { SLIM_RECORD_KEY, SRA_RECORD_KEY } from '../../../../src/core/risk/contract';

/** The project of a file's record (files only know their record key and id): the one table of project-access.ts. */
const FILE_PROJECT_SQL = projectOfRecordExpr('f.applicationRecordKey', 'f.recordId');

/**
 * Record keys whose files are counted: every key the Files calls take (files.ts), so a workbench's Files count never
 * asks for a record the list would serve. SLIM requests and risk assessments are not PFM records: their users count
 * the list (src/core/records/files.ts).
 */
const COUNTED_KEYS = [...new Set([...keysOf({}), ...FILE_KEYS.filter((key) => key !== SLIM_RECORD_KEY && key !== SRA_RECORD_KEY)])];

export const FILE_COUNT_LOADS: SpecialLoads = {
  getapplicationrecordfilecounts: {
    keys: COUNTED_KEYS,
    run: (db, params) => {
      const where: string[] = [];
      const args: unknown[] = [];
      if (params.recordKey === 'Project') { where.push(`${FILE_PROJECT_SQL} = ?`); args.push(params.recordId); }
      else if (params.recordKey === 'Budget') { where.push(`${FILE_PROJECT_SQL} = (SELECT projectId FROM budgets WHERE budgetId = ?)`); args.push(params.recordId); }
      else if (params.recordKey === 'LegalEntity') { where.push(`${FILE_PROJECT_SQL} IN (SELECT projectId FROM projects WHERE legalEntityId = ?)`); args.push(params.recordId); }
      else if (params.recordKey) { where.push('f.applicationRecordKey = ? AND f.recordId = ?'); args.push(params.recordKey, params.recordId); }
      if (params.lastLoad) { where.push('f.modifiedAt > ?'); args.push(params.lastLoad); }
      // Project security: the files of the caller's projects only (a named record was checked in loadParams).
      const reach = currentReach();
      if (!params.projectChecked && !reach.all) where.push(reachWhere(reach, projectOfRecordExpr('f.applicationRecordKey', 'f.recordId')));
      return db.prepare(`SELECT f.applicationRecordKey, f.recordId, count(*) AS fileCount, max(f.modifiedAt) AS modifiedAt FROM files f
        ${where.length ? 'WHERE ' + where.join(' AND ') : ''} GROUP BY f.applicationRecordKey, f.recordId ORDER BY f.applicationRecordKey, f.recordId`).all(...args);
    },
  },
};
