/**
 * The `recordKey` / `recordId` / `lastLoad` / `open` / `type` parameters of the §7 data loads: their
 * declaration ({@link loadParamSpecs}, parsed once by the host, declare.ts) and their checks on the
 * parsed values ({@link loadParams}).
 *
 * Record keys every load accepts:
 * - (none, or recordId -1): no scope, every row;
 * - 'Project': rows of project recordId;
 * - 'Budget': rows of budget recordId (a roll-up budget includes its child budgets);
 * - 'LegalEntity': rows of the legal entity's projects.
 * Loads of child records also accept their parent's key (see each load in loads.ts), e.g.
 * getchangeeventitems: 'ChangeEvent'; getcostcodetransaction: 'CostCode'; getsubcontractchangeorders:
 * 'Subcontract'. A workflow record's load accepts its own key too (one record, with its field security).
 * An unknown key (exact spelling) → 400; a key without recordId → 400; an unknown recordId → 404.
 *
 * Project security (issue 15, project-access.ts) lives here, where every load reads its rows: a record
 * key naming a project (Project, Budget, or a record of one) out of the caller's reach → 403 with the
 * refusal facts (loadParams); every other load (none, LegalEntity, Vendor, …) keeps only the rows of
 * the caller's projects (scopeWhere adds reachWhere on the load's project column).
 */
import type Database from 'better-sqlite3';
import { p } from './declare';
import { badRequest, notFound } from './http';
import { currentReach, projectOfRecord, reachWhere, requireRecord } from './project-access';

/** Where a record key's ids live (to answer 404 for unknown ones). */
export const RECORD_TABLES: Record<string, { table: string; idColumn: string }> = {
  Project: { table: 'projects', idColumn: 'projectId' },
  Budget: { table: 'budgets', idColumn: 'budgetId' },
  LegalEntity: { table: 'legal_entities', idColumn: 'legalEntityId' },
  CostCode: { table: 'cost_codes', idColumn: 'costCodeId' },
  Vendor: { table: 'vendors', idColumn: 'vendorId' },
  Subcontract: { table: 'subcontracts', idColumn: 'subcontractId' },
  SubcontractChangeOrder: { table: 'subcontract_change_orders', idColumn: 'subcontractChangeOrderId' },
  PurchaseAgreement: { table: 'purchase_agreements', idColumn: 'purchaseAgreementId' },
  PurchaseAgreementChangeOrder: { table: 'purchase_agreement_change_orders', idColumn: 'purchaseAgreementChangeOrderId' },
  PurchaseOrder: { table: 'purchase_orders', idColumn: 'purchaseOrderId' },
  OwnerAgreement: { table: 'owner_agreements', idColumn: 'ownerAgreementId' },
  OwnerAgreementChangeOrder: { table: 'owner_agreement_change_orders', idColumn: 'ownerAgreementChangeOrderId' },
  ChangeRecord: { table: 'change_records', idColumn: 'changeRecordId' },
  ChangeEvent: { table: 'change_events', idColumn: 'changeEventId' },
  ChangeEventItem: { table: 'change_event_items', idColumn: 'changeEventItemId' },
  CostAdjustment: { table: 'cost_adjustments', idColumn: 'costAdjustmentId' },
  DirectCost: { table: 'direct_costs', idColumn: 'directCostId' },
  PayApplication: { table: 'pay_applications', idColumn: 'payApplicationId' },
  Rfi: { table: 'rfis', idColumn: 'rfiId' },
  Survey: { table: 'surveys', idColumn: 'surveyId' },
  SurveyTemplate: { table: 'survey_templates', idColumn: 'surveyTemplateId' },
  Envelope: { table: 'envelopes', idColumn: 'envelopeId' },
  // Issue 14: file record keys of the risk records (their Files: keySLIM / keyRISK, demo/host/api/pfm/files.ts).
  SlimRequest: { table: 'slim_requests', idColumn: 'requestId' },
  Sra: { table: 'sras', idColumn: 'sraId' },
};

export const STANDARD_KEYS = ['Project', 'Budget', 'LegalEntity'] as const;

export interface LoadParams {
  recordKey?: string;
  recordId?: number;
  /** ISO timestamp: only rows modified after it. */
  lastLoad?: string;
  /** true (default): open records; false: closed ones. */
  open: boolean;
  type?: 'unit' | 'hour';
  /** With recordKey Budget: the budget and its roll-up children. */
  budgetIds?: number[];
  /** True when the record key names one project the caller reaches (checked): no row filter needed. */
  projectChecked?: boolean;
}

/** The load types of the summaries' `type` parameter: units (unit) or hours (hour, labour lines only). */
export const LOAD_TYPES = ['unit', 'hour'] as const;

/**
 * The declared parameters of a load accepting record keys `keys` (declare.ts; parsed once by the
 * host): `recordKey` exactly one of `keys` (' Project ' and 'project' are 400), `recordId`, `lastLoad`;
 * `open` and `type` only for the loads they apply to. No `scope` on recordId: the project check of
 * a load is {@link loadParams}'s (403 for a record of a project out of reach, after the 404 for an
 * unknown one), so a load's handler called directly (the BI service) is checked the same way.
 */
export function loadParamSpecs<const K extends string>(keys: readonly K[]) {
  return { recordKey: p.recordKey(keys), recordId: p.id(), lastLoad: p.timestamp() };
}
/** `open` (default true: open records; false: closed ones) for loads that have an open state. */
export const OPEN_PARAM = { open: p.boolean() };
/** `type` (unit / hour) for the summary loads. */
export const TYPE_PARAM = { type: p.enum(LOAD_TYPES) };

/** The parsed values of a load's declared parameters (what its handler gets). */
export interface LoadInput {
  readonly recordKey?: string;
  readonly recordId?: number;
  readonly lastLoad?: string;
  readonly open?: boolean;
  readonly type?: 'unit' | 'hour';
}

/**
 * Check the parsed load parameters and answer them as LoadParams: recordId without recordKey (or the
 * reverse) → 400; with `keys`, a record key outside them → 400 (the declaration's p.recordKey already
 * refuses it); an unknown recordId → 404; a record of a project out of the caller's reach → 403.
 */
export function loadParams(db: Database.Database, input: LoadInput, keys?: readonly string[]): LoadParams {
  const { recordKey, recordId, lastLoad, type } = input;
  const open = input.open ?? true;
  if (!recordKey) {
    if (recordId !== undefined) throw badRequest("Parameter 'recordKey' is required with 'recordId'.", { parameter: 'recordKey' });
    return { lastLoad, open, type };
  }
  if (keys && !keys.includes(recordKey)) {
    throw badRequest(`Parameter 'recordKey' must be one of ${keys.join(', ')} (got '${recordKey.slice(0, 40)}').`, { parameter: 'recordKey' });
  }
  if (recordId === undefined) throw badRequest(`Parameter 'recordId' is required with recordKey '${recordKey}'.`, { parameter: 'recordId' });
  const where = RECORD_TABLES[recordKey];
  if (where && !db.prepare(`SELECT 1 FROM ${where.table} WHERE ${where.idColumn} = ?`).get(recordId)) {
    throw notFound(`${recordKey} ${recordId} not found.`);
  }
  // Project security: a record of a project out of reach → 403 (project-access.ts).
  requireRecord(db, recordKey, recordId);
  const projectChecked = projectOfRecord(db, recordKey, recordId) !== undefined;
  const budgetIds = recordKey === 'Budget'
    ? [recordId, ...(db.prepare('SELECT budgetId FROM budgets WHERE rollUpBudgetId = ? ORDER BY budgetId').all(recordId) as Array<{ budgetId: number }>).map((b) => b.budgetId)]
    : undefined;
  return { recordKey, recordId, lastLoad, open, type, budgetIds, projectChecked };
}

/** Columns a load scopes by. */
export interface ScopeColumns {
  project?: string;
  budget?: string;
  /** Extra record keys → the column holding that record's id. */
  keys?: Record<string, string>;
}

/** WHERE fragments and their arguments for the scope of `params`. */
export function scopeWhere(params: LoadParams, columns: ScopeColumns): { where: string[]; args: unknown[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  const id = params.recordId;
  // Project security: rows of the caller's projects only, unless the key named one checked project
  // (then the scope below is one reachable project and the load stays on its index).
  const reach = currentReach();
  if (!params.projectChecked && !reach.all && columns.project) where.push(reachWhere(reach, columns.project));
  switch (params.recordKey) {
    case undefined:
      break;
    case 'Project':
      where.push(`${columns.project} = ?`);
      args.push(id);
      break;
    case 'Budget':
      if (columns.budget && params.budgetIds) {
        // An equality keeps SQLite on the budget index in rowid order (no sort for 100,000 rows).
        where.push(params.budgetIds.length === 1 ? `${columns.budget} = ?` : `${columns.budget} IN (${params.budgetIds.map(() => '?').join(', ')})`);
        args.push(...params.budgetIds);
      } else if (columns.budget) {
        where.push(`${columns.budget} IN (SELECT budgetId FROM budgets WHERE budgetId = ? OR rollUpBudgetId = ?)`);
        args.push(id, id);
      } else {
        where.push(`${columns.project} = (SELECT projectId FROM budgets WHERE budgetId = ?)`);
        args.push(id);
      }
      break;
    case 'LegalEntity':
      where.push(`${columns.project} IN (SELECT projectId FROM projects WHERE legalEntityId = ?)`);
      args.push(id);
      break;
    default: {
      const column = columns.keys?.[params.recordKey];
      if (!column) throw badRequest(`recordKey '${params.recordKey}' is not supported here.`, { parameter: 'recordKey' });
      where.push(`${column} = ?`);
      args.push(id);
    }
  }
  return { where, args };
}

/** The keys a load accepts: the standard three plus its own. */
export const keysOf = (columns: ScopeColumns): string[] => [...STANDARD_KEYS, ...Object.keys(columns.keys ?? {})];
