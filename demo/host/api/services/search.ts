/**
 * The search service: `GET /search/query?q=…` (search token) finds projects, vendors, commitments
 * (subcontracts, purchase agreements, purchase orders), change events and owner agreements whose
 * number or name contains `q` (case-insensitive), at most SEARCH_LIMIT_PER_KIND of each, numbers
 * starting with `q` first. A kind is searched only when the caller may call the API load that lists
 * it (access.ts), so an employee without keyPFM gets no PFM records, and only records of the projects
 * the caller reaches (project-access.ts).
 *
 * Field security on reads (field-reads.ts): where the name is a secured field (a subcontract's
 * description, a change event's title) of a state in which the caller may not see it, the result has
 * no name and the field is not searched (a hidden text is neither shown nor found by).
 */
import type Database from 'better-sqlite3';
import { SEARCH_LIMIT_PER_KIND, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, type SearchAnswer, type SearchKind, type SearchResult } from '../../../../src/core/search';
import { badRequest } from '../http';
import { p } from '../declare';
import type { Caller } from '../context';
import { mayLoad } from './access';
import { currentReach, reachWhere } from '../project-access';
import { serviceRoute, type ServiceRoute } from './route';
import { statesHiding } from '../field-reads';

interface KindQuery {
  /** The API load whose access rule decides who may find this kind. */
  load: string;
  /** SELECT … with columns id, number, name, detail, projectId, budgetId; `@contains` is the LIKE pattern, `@prefix` the prefix pattern. */
  sql: string;
  /**
   * The name is secured field `field` of `recordKey`: the SQL reads `@hidden` (a JSON array of the
   * states in which the caller may not see it) to leave the name out and not search it there.
   */
  secured?: { recordKey: string; field: string };
}

/** SQL: the main row's state is one in which the caller may not see the secured name (`@hidden`). */
const NAME_HIDDEN = 't.applicationRecordStateId IN (SELECT value FROM json_each(@hidden))';

const PROJECT_LABEL = "(SELECT p.number || ' ' || p.name FROM projects p WHERE p.projectId = t.projectId)";
/** A commitment kind; `secured`: its description is a secured field (see {@link KindQuery.secured}). */
const commitment = (table: string, id: string, secured = false): string => `SELECT t.${id} AS id, t.number,
    ${secured ? `CASE WHEN ${NAME_HIDDEN} THEN NULL ELSE t.description END` : 't.description'} AS name,
    v.name || ' · ' || ${PROJECT_LABEL} || ' · ' || st.name AS detail, t.projectId, t.budgetId
  FROM ${table} t JOIN vendors v ON v.vendorId = t.vendorId JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
  WHERE t.number LIKE @contains ESCAPE '\\' OR (t.description LIKE @contains ESCAPE '\\'${secured ? ` AND NOT ${NAME_HIDDEN}` : ''}) OR v.name LIKE @contains ESCAPE '\\'
  ORDER BY t.number LIKE @prefix ESCAPE '\\' DESC, t.number`;

const KINDS: Readonly<Record<SearchKind, KindQuery>> = {
  project: {
    load: '/api/pfm/getprojects',
    sql: `SELECT t.projectId AS id, t.number, t.name, t.city || ', ' || t.state || CASE t.active WHEN 1 THEN '' ELSE ' · Closed' END AS detail,
        t.projectId, coalesce(t.budgetId, (SELECT min(b.budgetId) FROM budgets b WHERE b.projectId = t.projectId)) AS budgetId
      FROM projects t WHERE t.number LIKE @contains ESCAPE '\\' OR t.name LIKE @contains ESCAPE '\\'
      ORDER BY t.number LIKE @prefix ESCAPE '\\' DESC, t.number`,
  },
  vendor: {
    // A vendor has no screen of its own: it opens the commitments of the project of its latest commitment
    // (vendors without a commitment have nothing to open and are not listed).
    load: '/api/pfm/getcommitmentvendors',
    sql: `SELECT * FROM (SELECT t.vendorId AS id, t.vendorNumber AS number, t.name, t.trade || ' · ' || t.city || ', ' || t.state AS detail,
        (SELECT c.projectId FROM (SELECT projectId, budgetId, modifiedAt FROM subcontracts WHERE vendorId = t.vendorId
          UNION ALL SELECT projectId, budgetId, modifiedAt FROM purchase_agreements WHERE vendorId = t.vendorId
          UNION ALL SELECT projectId, budgetId, modifiedAt FROM purchase_orders WHERE vendorId = t.vendorId) c ORDER BY c.modifiedAt DESC LIMIT 1) AS projectId,
        NULL AS budgetId
      FROM vendors t WHERE t.vendorNumber LIKE @contains ESCAPE '\\' OR t.name LIKE @contains ESCAPE '\\'
      ORDER BY t.vendorNumber LIKE @prefix ESCAPE '\\' DESC, t.name) WHERE projectId IS NOT NULL`,
  },
  subcontract: { load: '/api/pfm/getsubcontracts', sql: commitment('subcontracts', 'subcontractId', true), secured: { recordKey: 'Subcontract', field: 'description' } },
  purchaseAgreement: { load: '/api/pfm/getpurchaseagreements', sql: commitment('purchase_agreements', 'purchaseAgreementId') },
  purchaseOrder: { load: '/api/pfm/getpurchaseorders', sql: commitment('purchase_orders', 'purchaseOrderId') },
  changeEvent: {
    load: '/api/pfm/getchangeevents',
    sql: `SELECT t.changeEventId AS id, t.number, CASE WHEN ${NAME_HIDDEN} THEN NULL ELSE t.title END AS name,
        ${PROJECT_LABEL} || ' · ' || st.name AS detail, t.projectId, t.budgetId
      FROM change_events t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
      WHERE t.number LIKE @contains ESCAPE '\\' OR (t.title LIKE @contains ESCAPE '\\' AND NOT ${NAME_HIDDEN})
      ORDER BY t.number LIKE @prefix ESCAPE '\\' DESC, t.number`,
    secured: { recordKey: 'ChangeEvent', field: 'title' },
  },
  ownerAgreement: {
    load: '/api/pfm/getowneragreements',
    sql: `SELECT t.ownerAgreementId AS id, t.number, t.ownerName || ' · ' || t.description AS name, ${PROJECT_LABEL} || ' · ' || st.name AS detail, t.projectId, t.budgetId
      FROM owner_agreements t JOIN application_record_states st ON st.applicationRecordStateId = t.applicationRecordStateId
      WHERE t.number LIKE @contains ESCAPE '\\' OR t.ownerName LIKE @contains ESCAPE '\\' OR t.description LIKE @contains ESCAPE '\\'
      ORDER BY t.number LIKE @prefix ESCAPE '\\' DESC, t.number`,
  },
};

/** `q` as a LIKE operand: %, _ and \ stand for themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What `user` finds for `q` (already checked for length). */
export function search(db: Database.Database, user: Caller, q: string): SearchResult[] {
  const contains = `%${escapeLike(q)}%`;
  const prefix = `${escapeLike(q)}%`;
  const results: SearchResult[] = [];
  for (const [kind, query] of Object.entries(KINDS) as Array<[SearchKind, KindQuery]>) {
    if (!mayLoad(user, query.load)) continue;
    // Project security (project-access.ts): records of the caller's projects only (a vendor by the project it opens).
    const reach = currentReach();
    const sql = reach.all ? query.sql : `SELECT * FROM (${query.sql}) WHERE ${reachWhere(reach, 'projectId')}`;
    const hidden = query.secured ? { hidden: JSON.stringify(statesHiding(db, user, query.secured.recordKey, query.secured.field)) } : {};
    const rows = db.prepare(`${sql} LIMIT ${SEARCH_LIMIT_PER_KIND}`).all({ contains, prefix, ...hidden }) as Array<Omit<SearchResult, 'kind'>>;
    for (const row of rows) results.push({ kind, ...row, name: row.name ?? '', detail: row.detail ?? '' });
  }
  return results;
}

export const searchRoutes: readonly ServiceRoute[] = [
  serviceRoute({
    path: '/query',
    note: `q (${SEARCH_MIN_CHARS}–${SEARCH_MAX_CHARS} characters): records by number or name, grouped by kind, only those the caller may load`,
    params: { q: p.string(SEARCH_MAX_CHARS) },
    handler: ({ db, user, params }): SearchAnswer => {
      const q = params.q ?? '';
      if (q.length < SEARCH_MIN_CHARS) throw badRequest(`Parameter 'q' needs at least ${SEARCH_MIN_CHARS} characters.`, { parameter: 'q' });
      return { q, results: search(db, user, q) };
    },
  }),
];
