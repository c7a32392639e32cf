/**
 * Record history (issue 12, migration 008): every write to a tracked table leaves one
 * `record_history` row per changed field, with the old and the new value, who made it, when, and the
 * change set (one per API request) it belongs to.
 *
 * One generic mechanism, no edits in the write modules: SQLite triggers (AFTER INSERT / UPDATE /
 * DELETE), generated per tracked table from its current columns by {@link historyTriggerSql} and
 * (re)installed on every open by {@link installHistoryTriggers}. They read the actor through SQL
 * functions registered with `db.function()` that look into an AsyncLocalStorage the API sets per
 * request ({@link withHistoryActor}); better-sqlite3 runs synchronously inside the request's async
 * context, so the trigger sees the right caller. Outside a request (the seed, migrations) there is no
 * actor and nothing is recorded. A signer on the host's signing page is an outside actor, named (migration 010).
 *
 * A new table joins with ONE line in {@link TRACKED_TABLES} (its own migration creates the table;
 * the triggers follow on the next start, and follow later ALTER TABLE … ADD COLUMN by themselves).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';

/** A tracked table: a record of its own, or an item recorded under its parent record. */
export interface TrackedTable {
  table: string;
  /** The application record key of its rows ('Subcontract', 'SubcontractItem'). */
  recordKey: string;
  idColumn: string;
  /** An item: recorded under its parent (`recordKey` = the parent's key, `childKey`/`childId` = the item). */
  parent?: {
    /** The parent's record key, or … */
    recordKey?: string;
    /** … the column holding it (files hang under any record). */
    keyColumn?: string;
    /** The column holding the parent's id. */
    column: string;
  };
  /** Listed as the record's items in the history answer and the export (default: true for items). */
  items?: boolean;
  /** Columns left out besides {@link NOISY_COLUMNS}. */
  exclude?: readonly string[];
  /** The application key of the record's area (default keyPFM): the PFM history call serves keyPFM records only. */
  applicationKey?: string;
}

/** Columns that change on every write or hold bytes: never recorded. */
export const NOISY_COLUMNS: readonly string[] = ['modifiedAt', 'bytes'];

const record = (table: string, recordKey: string, idColumn: string, exclude?: readonly string[]): TrackedTable => ({ table, recordKey, idColumn, exclude });
const item = (table: string, recordKey: string, idColumn: string, parentKey: string, parentColumn: string): TrackedTable =>
  ({ table, recordKey, idColumn, parent: { recordKey: parentKey, column: parentColumn }, items: true });

/** THE list of tables whose writes are recorded. Add a table with one line. */
export const TRACKED_TABLES: readonly TrackedTable[] = [
  record('subcontracts', 'Subcontract', 'subcontractId'),
  item('subcontract_items', 'SubcontractItem', 'subcontractItemId', 'Subcontract', 'subcontractId'),
  record('subcontract_change_orders', 'SubcontractChangeOrder', 'subcontractChangeOrderId'),
  item('subcontract_change_order_items', 'SubcontractChangeOrderItem', 'subcontractChangeOrderItemId', 'SubcontractChangeOrder', 'subcontractChangeOrderId'),
  record('purchase_agreements', 'PurchaseAgreement', 'purchaseAgreementId'),
  item('purchase_agreement_items', 'PurchaseAgreementItem', 'purchaseAgreementItemId', 'PurchaseAgreement', 'purchaseAgreementId'),
  record('purchase_agreement_change_orders', 'PurchaseAgreementChangeOrder', 'purchaseAgreementChangeOrderId'),
  item('purchase_agreement_change_order_items', 'PurchaseAgreementChangeOrderItem', 'purchaseAgreementChangeOrderItemId', 'PurchaseAgreementChangeOrder', 'purchaseAgreementChangeOrderId'),
  record('purchase_orders', 'PurchaseOrder', 'purchaseOrderId'),
  item('purchase_order_items', 'PurchaseOrderItem', 'purchaseOrderItemId', 'PurchaseOrder', 'purchaseOrderId'),
  record('owner_agreements', 'OwnerAgreement', 'ownerAgreementId'),
  record('owner_agreement_change_orders', 'OwnerAgreementChangeOrder', 'ownerAgreementChangeOrderId'),
  record('change_records', 'ChangeRecord', 'changeRecordId'),
  record('change_events', 'ChangeEvent', 'changeEventId'),
  item('change_event_items', 'ChangeEventItem', 'changeEventItemId', 'ChangeEvent', 'changeEventId'),
  record('cost_adjustments', 'CostAdjustment', 'costAdjustmentId'),
  item('cost_adjustment_items', 'CostAdjustmentItem', 'costAdjustmentItemId', 'CostAdjustment', 'costAdjustmentId'),
  { ...item('cost_adjustment_reference_documents', 'CostAdjustmentReferenceDocument', 'costAdjustmentReferenceDocumentId', 'CostAdjustment', 'costAdjustmentId'), items: false },
  record('direct_costs', 'DirectCost', 'directCostId'),
  item('direct_cost_items', 'DirectCostItem', 'directCostItemId', 'DirectCost', 'directCostId'),
  record('pay_applications', 'PayApplication', 'payApplicationId'),
  item('pay_application_lines', 'PayApplicationLine', 'payApplicationLineId', 'PayApplication', 'payApplicationId'),
  item('lien_waivers', 'LienWaiver', 'lienWaiverId', 'PayApplication', 'payApplicationId'),
  { table: 'files', recordKey: 'File', idColumn: 'fileId', parent: { keyColumn: 'applicationRecordKey', column: 'recordId' }, items: false },
  { ...item('projections', 'Projection', 'projectionId', 'Budget', 'budgetId'), items: false },
  item('opportunity_cost_codes', 'OpportunityCostCode', 'opportunityCostCodeId', 'Opportunity', 'opportunityId'),
  record('surveys', 'Survey', 'surveyId'),
  item('survey_answers', 'SurveyAnswer', 'surveyQuestionId', 'Survey', 'surveyId'),
  record('envelopes', 'Envelope', 'envelopeId'),
  // The signer's token is the signing link's credential: never copied into the history anyone with PFM access can read.
  { ...item('envelope_signers', 'EnvelopeSigner', 'envelopeSignerId', 'Envelope', 'envelopeId'), exclude: ['token'] },
  record('document_templates', 'DocumentTemplate', 'documentTemplateId'),
  { ...record('weekly_timecards', 'Timecard', 'timecardId'), applicationKey: 'keyTC' },
  { ...item('timecard_lines', 'TimecardLine', 'timecardLineId', 'Timecard', 'timecardId'), applicationKey: 'keyTC' },
  // Issue 14: SLIM decisions (the snapshot is a copy of the vendor record, not a field anyone edits) and the vendor limits they write.
  { ...record('slim_requests', 'SlimRequest', 'requestId', ['snapshot']), applicationKey: 'keySLIM' },
  { ...record('vendor_prequalifications', 'VendorPrequalification', 'vendorId'), applicationKey: 'keySLIM' },
  { ...record('sras', 'Sra', 'sraId'), applicationKey: 'keyRISK' },
  // Issue 15: who joined and left a project's team, by whom and why.
  { ...record('project_team_members', 'ProjectTeamMember', 'projectTeamMemberId'), applicationKey: 'keyProjectSecurity' },
  { ...record('access_requests', 'AccessRequest', 'accessRequestId'), applicationKey: 'keyProjectSecurity' },
  { ...record('default_assignment_rules', 'DefaultAssignmentRule', 'ruleId'), applicationKey: 'keyProjectSecurity' },
  // Issue 15, IT billing: who ran and posted a month.
  { ...record('it_billing_runs', 'ItBillingRun', 'itBillingRunId'), applicationKey: 'keyIT' },
  // Issue 15, app records: every admin change to a record type's states, advancements and field security.
  { ...record('application_record_states', 'ApplicationRecordState', 'applicationRecordStateId'), applicationKey: 'keyAdmin' },
  { ...record('state_advancements', 'StateAdvancement', 'stateAdvancementId'), applicationKey: 'keyAdmin' },
  { ...record('field_security', 'FieldSecurity', 'fieldSecurityId'), applicationKey: 'keyAdmin' },
];

/** Who writes, when and in which change set: one per API request. */
export interface HistoryActor {
  /** The employee who writes; null for someone outside the company (an e-sign signer on the host's signing page). */
  employeeId: number | null;
  /** Who that outsider is ('Ada Vendor (signer)'); null for employees (their name comes from employees). */
  name: string | null;
  at: string;
  changeSetId: string;
}

const actors = new AsyncLocalStorage<HistoryActor>();

/**
 * Run `fn` with `employeeId` as the author of every write it makes (one change set, one time stamp).
 * The API wraps every handler in it; code that writes outside a request (a scheduled job) may too.
 */
export function withHistoryActor<T>(employeeId: number, fn: () => T): T {
  return actors.run({ employeeId, name: null, at: new Date().toISOString(), changeSetId: randomUUID() }, fn);
}

/** Like {@link withHistoryActor} for someone who is not an employee (a signer on the signing page), named by `name`. */
export function withOutsideHistoryActor<T>(name: string, fn: () => T): T {
  return actors.run({ employeeId: null, name, at: new Date().toISOString(), changeSetId: randomUUID() }, fn);
}

/** The SQL functions the triggers call; registered on every connection that writes (openDatabase). */
export function registerHistoryFunctions(db: Database.Database): void {
  db.function('history_actor', { deterministic: false }, () => actors.getStore()?.employeeId ?? null);
  db.function('history_actor_name', { deterministic: false }, () => actors.getStore()?.name ?? null);
  db.function('history_time', { deterministic: false }, () => actors.getStore()?.at ?? null);
  db.function('history_change_set', { deterministic: false }, () => actors.getStore()?.changeSetId ?? null);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The recorded columns of a table (its columns less the id and the noisy ones). */
export function trackedColumns(db: Database.Database, spec: TrackedTable): string[] {
  const columns = (db.prepare(`PRAGMA table_info(${quote(spec.table)})`).all() as Array<{ name: string }>).map((c) => c.name);
  const skip = new Set([spec.idColumn, ...NOISY_COLUMNS, ...(spec.exclude ?? [])]);
  return columns.filter((name) => !skip.has(name));
}

/**
 * The three triggers of one tracked table, for its `columns` (DROP + CREATE, so running it again
 * after a column was added brings them up to date).
 */
export function historyTriggerSql(spec: TrackedTable, columns: readonly string[]): string {
  const name = (event: string) => quote(`history_${spec.table}_${event}`);
  const statements: string[] = [];
  for (const event of ['insert', 'update', 'delete'] as const) {
    const row = event === 'delete' ? 'OLD' : 'NEW';
    const keyExpr = spec.parent ? (spec.parent.keyColumn ? `${row}.${quote(spec.parent.keyColumn)}` : text(spec.parent.recordKey ?? '')) : text(spec.recordKey);
    const idExpr = spec.parent ? `${row}.${quote(spec.parent.column)}` : `${row}.${quote(spec.idColumn)}`;
    const childKey = spec.parent ? text(spec.recordKey) : 'NULL';
    const childId = spec.parent ? `${row}.${quote(spec.idColumn)}` : 'NULL';
    const fields = columns.map((column) => {
      const oldValue = event === 'insert' ? 'NULL' : `OLD.${quote(column)}`;
      const newValue = event === 'delete' ? 'NULL' : `NEW.${quote(column)}`;
      return `SELECT ${text(column)} AS field, ${oldValue} AS oldValue, ${newValue} AS newValue`;
    });
    statements.push(`DROP TRIGGER IF EXISTS ${name(event)};`);
    if (fields.length === 0) continue;
    statements.push(`CREATE TRIGGER ${name(event)} AFTER ${event.toUpperCase()} ON ${quote(spec.table)}
WHEN history_change_set() IS NOT NULL BEGIN
  INSERT INTO record_history (recordKey, recordId, childKey, childId, action, field, oldValue, newValue, changedByEmployeeId, changedByName, changedAt, changeSetId)
  SELECT ${keyExpr}, ${idExpr}, ${childKey}, ${childId}, '${event}', field, oldValue, newValue, history_actor(), history_actor_name(), history_time(), history_change_set()
  FROM (${fields.join(' UNION ALL ')}) WHERE oldValue IS NOT newValue;
END;`);
  }
  return statements.join('\n');
}

/**
 * Install (or refresh) the triggers of every tracked table that exists, and the one that stamps a
 * change-tracking row (the orange asterisk, §4) with its change set, so the history can show which
 * changes are behind an asterisk. Needs migration 008 (record_history) and the functions registered.
 */
export function installHistoryTriggers(db: Database.Database): void {
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'record_history'").get()) return;
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  db.transaction(() => {
    for (const spec of TRACKED_TABLES) {
      if (!exists.get(spec.table)) continue;
      db.exec(historyTriggerSql(spec, trackedColumns(db, spec)));
    }
    db.exec(`DROP TRIGGER IF EXISTS history_change_tracking_set;
CREATE TRIGGER history_change_tracking_set AFTER INSERT ON change_tracking
WHEN NEW.changeSetId IS NULL AND history_change_set() IS NOT NULL BEGIN
  UPDATE change_tracking SET changeSetId = history_change_set() WHERE changeTrackingId = NEW.changeTrackingId;
END;`);
  })();
}
