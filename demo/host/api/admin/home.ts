/**
 * Admin home (issue 15, §2 /admin AdminHome, keyAdmin Admin): the counts its tiles show, in one call.
 * Each count reuses the rule of the screen it links to: SLIM past due is the queue's isPastDue,
 * data-quality errors are the PFM data-quality rules (severity 'error') over every project.
 */
import type Database from 'better-sqlite3';
import { APP_RECORDS_API, type AdminHomeCounts } from '../../../../src/core/admin/contract';
import { dataQualityIssues } from '../pfm/data-quality/issues';
import { isPastDue, slimRows } from '../risk/slim/common';
import { declared, route } from '../declare';
import { accessToday } from '../project-access';

/** Data-quality errors over every project, and how many projects have one. */
export function dataQualityErrorCounts(db: Database.Database): { errors: number; projects: number } {
  let errors = 0;
  let projects = 0;
  for (const { projectId } of db.prepare('SELECT projectId FROM projects ORDER BY projectId').all() as Array<{ projectId: number }>) {
    const mine = dataQualityIssues(db, projectId).filter((issue) => issue.severity === 'error').length;
    errors += mine;
    if (mine) projects += 1;
  }
  return { errors, projects };
}

export function adminHomeCounts(db: Database.Database): AdminHomeCounts {
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const started = performance.now();
  const quality = dataQualityErrorCounts(db);
  const dataQualityMs = Math.round(performance.now() - started);
  return {
    activeUsers: count('SELECT count(*) AS n FROM employees WHERE active = 1'),
    // Still waiting: a Pending request past its expiresOn is Expired (requestExpired) even before the sweep marks it.
    pendingAccessRequests: (db.prepare(`SELECT count(*) AS n FROM access_requests r JOIN application_record_states s ON s.applicationRecordStateId = r.applicationRecordStateId
      WHERE s.applicationRecordKey = 'AccessRequest' AND s.name = 'Pending' AND r.expiresOn >= ?`).get(accessToday()) as { n: number }).n,
    slimPastDue: slimRows(db).filter((row) => isPastDue(row)).length,
    dataQualityErrors: quality.errors,
    dataQualityProjects: quality.projects,
    dataQualityMs,
  };
}

export const adminHomeHandlers = declared([
  route({
    method: 'GET', path: APP_RECORDS_API.home, access: 'admin',
    note: 'added: admin home counts (active users, pending access requests, SLIM past due, data-quality errors over every project)',
    params: {},
    handler: ({ db, reply }) => {
      const counts = adminHomeCounts(db);
      reply.header('Server-Timing', `dq;desc="data-quality errors over every project";dur=${counts.dataQualityMs}`);
      return counts;
    },
  }),
]);
