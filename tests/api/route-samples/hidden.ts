/**
 * Records of the projects the demo pm does not reach (SEED_TEAM_FACTS.pmHiddenProjectIds, the Gulf
 * Coast), read from the seeded database for the route samples. A kind the seed has none of on those
 * projects (envelopes, files) is written once, on the first hidden project.
 */
import type Database from 'better-sqlite3';
import { SEED_TEAM_FACTS } from '../../../demo/host/db/seed/teams';

export const HIDDEN_PROJECT_IDS = SEED_TEAM_FACTS.pmHiddenProjectIds as readonly number[];
export const HIDDEN_PROJECT = HIDDEN_PROJECT_IDS[0]!;
const IN = `(${HIDDEN_PROJECT_IDS.join(', ')})`;

function first(db: Database.Database, sql: string): number {
  const row = db.prepare(sql).get() as { id: number | null } | undefined;
  if (!row || row.id === null) throw new Error(`route sample: no hidden record for ${sql}`);
  return row.id;
}

/** The first record of `table` (id column `id`) on a hidden project. */
export const hiddenOf = (db: Database.Database, table: string, id: string): number =>
  first(db, `SELECT min(${id}) AS id FROM ${table} WHERE projectId IN ${IN}`);

export const hiddenBudget = (db: Database.Database): number =>
  first(db, `SELECT min(budgetId) AS id FROM budgets WHERE projectId = ${HIDDEN_PROJECT}`);

export const hiddenCostCode = (db: Database.Database): number =>
  first(db, `SELECT min(c.costCodeId) AS id FROM cost_codes c JOIN budgets b ON b.budgetId = c.budgetId WHERE b.projectId IN ${IN}`);

export const hiddenChangeEventItem = (db: Database.Database): number =>
  first(db, `SELECT min(i.changeEventItemId) AS id FROM change_event_items i JOIN change_events ce ON ce.changeEventId = i.changeEventId WHERE ce.projectId IN ${IN}`);

/** A change order of a hidden project's commitment (`parent` table, its id and the change-order table). */
export const hiddenChangeOrder = (db: Database.Database, table: string, id: string, parentTable: string, parentId: string): number =>
  first(db, `SELECT min(co.${id}) AS id FROM ${table} co JOIN ${parentTable} p ON p.${parentId} = co.${parentId} WHERE p.projectId IN ${IN}`);

/** A file on the first hidden project (written when there is none). */
export function hiddenFile(db: Database.Database): number {
  const row = db.prepare(`SELECT min(fileId) AS id FROM files WHERE applicationRecordKey = 'Project' AND recordId = ?`).get(HIDDEN_PROJECT) as { id: number | null };
  if (row.id !== null) return row.id;
  return Number(db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedAt, modifiedAt)
    VALUES ('Project', ?, 'matrix.txt', 'text/plain', 6, x'6d6174726978', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run(HIDDEN_PROJECT).lastInsertRowid);
}

/** A Draft envelope of a hidden project's subcontract (written when there is none). */
export function hiddenEnvelope(db: Database.Database): number {
  const row = db.prepare(`SELECT min(envelopeId) AS id FROM envelopes WHERE projectId IN ${IN}`).get() as { id: number | null };
  if (row.id !== null) return row.id;
  const subcontractId = hiddenOf(db, 'subcontracts', 'subcontractId');
  const draft = first(db, "SELECT applicationRecordStateId AS id FROM application_record_states WHERE applicationRecordKey = 'Envelope' AND name = 'Draft'");
  return Number(db.prepare(`INSERT INTO envelopes (number, recordKey, recordId, projectId, documentNumber, documentTitle, applicationRecordStateId,
      createdAt, displayText, modifiedAt)
    SELECT 'ENV-MATRIX', 'Subcontract', subcontractId, projectId, number, 'Matrix', ?, '2026-01-01T00:00:00.000Z', 'ENV-MATRIX', '2026-01-01T00:00:00.000Z'
    FROM subcontracts WHERE subcontractId = ?`).run(draft, subcontractId).lastInsertRowid);
}
