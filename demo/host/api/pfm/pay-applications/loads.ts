/**
 * Pay applications' reads (contract: src/core/pay-applications/contract.ts; arithmetic: ./rules): the rows of
 * a scope with their G702 totals, one application with its G703 lines and waivers, and the lines a new
 * application starts from. The figures are computed on read from the lines as stored, with the shared rules,
 * so the list, the form and the certified figures kept on approval are one arithmetic.
 *
 * An application's previous certificates (G702 line 7) are the total earned less retainage certified on the
 * commitment's application before it; the waivers it still needs are listed for open applications only.
 */
import type Database from 'better-sqlite3';
import {
  type BillableCommitmentKey, type LienWaiver, type PayApplication, type PayApplicationLine,
  type PayApplicationRow,
} from '../../../../../src/core/pay-applications/contract';
import {
  missingLienWaivers, payApplicationFigures, type PayLineInput, type PayTotals, type WaiverNeeds,
} from '../../../../../src/core/pay-applications/rules';
import type { PayApplicationQualityRow } from '../../../../../src/core/data-quality/contract';
import { CODE_DISPLAY_SQL } from '../../rows';

/** The commitment tables a pay application bills: table, id column, items, change orders and their items. */
export const COMMITMENT_TABLES: Readonly<Record<BillableCommitmentKey, {
  table: string; id: string; items: string; itemId: string; changeOrders: string | null; changeOrderItems: string | null; changeOrderId: string | null;
}>> = {
  Subcontract: {
    table: 'subcontracts', id: 'subcontractId', items: 'subcontract_items', itemId: 'subcontractItemId', changeOrders: 'subcontract_change_orders',
    changeOrderItems: 'subcontract_change_order_items', changeOrderId: 'subcontractChangeOrderId',
  },
  PurchaseAgreement: {
    table: 'purchase_agreements', id: 'purchaseAgreementId', items: 'purchase_agreement_items', itemId: 'purchaseAgreementItemId',
    changeOrders: 'purchase_agreement_change_orders', changeOrderItems: 'purchase_agreement_change_order_items', changeOrderId: 'purchaseAgreementChangeOrderId',
  },
  PurchaseOrder: {
    table: 'purchase_orders', id: 'purchaseOrderId', items: 'purchase_order_items', itemId: 'purchaseOrderItemId', changeOrders: null, changeOrderItems: null,
    changeOrderId: null,
  },
};

type Row = Record<string, unknown>;

/** The header columns of an application (table `a`), with its commitment's number and vendor and its state. */
const HEADER_SELECT = `SELECT a.*, s.name AS recordStateName, s.closed, v.name AS vendorName,
    coalesce(sc.number, pa.number, po.number) AS commitmentNumber
  FROM pay_applications a JOIN application_record_states s ON s.applicationRecordStateId = a.applicationRecordStateId
  JOIN vendors v ON v.vendorId = a.vendorId
  LEFT JOIN subcontracts sc ON a.commitmentKey = 'Subcontract' AND sc.subcontractId = a.commitmentId
  LEFT JOIN purchase_agreements pa ON a.commitmentKey = 'PurchaseAgreement' AND pa.purchaseAgreementId = a.commitmentId
  LEFT JOIN purchase_orders po ON a.commitmentKey = 'PurchaseOrder' AND po.purchaseOrderId = a.commitmentId`;

/** The lines of applications (table `l`), with what the continuation sheet shows of their item. */
const LINE_SELECT = `SELECT l.payApplicationLineId, l.payApplicationId, l.source, l.itemId, l.costCodeId, l.scheduledValue, l.previousCompleted, l.thisPeriod,
    l.storedMaterials, ${CODE_DISPLAY_SQL('cc.code')} || ' (' || cc.type || ')' AS costCode,
    coalesce(si.description, sci.description, pai.description, paci.description, poi.description, '') AS description,
    coalesce(sco.number, paco.number) AS changeOrderNumber
  FROM pay_application_lines l JOIN pay_applications a ON a.payApplicationId = l.payApplicationId JOIN cost_codes cc ON cc.costCodeId = l.costCodeId
  LEFT JOIN subcontract_items si ON a.commitmentKey = 'Subcontract' AND l.source = 'original' AND si.subcontractItemId = l.itemId
  LEFT JOIN subcontract_change_order_items sci ON a.commitmentKey = 'Subcontract' AND l.source = 'changeOrder' AND sci.subcontractChangeOrderItemId = l.itemId
  LEFT JOIN subcontract_change_orders sco ON sco.subcontractChangeOrderId = sci.subcontractChangeOrderId
  LEFT JOIN purchase_agreement_items pai ON a.commitmentKey = 'PurchaseAgreement' AND l.source = 'original' AND pai.purchaseAgreementItemId = l.itemId
  LEFT JOIN purchase_agreement_change_order_items paci ON a.commitmentKey = 'PurchaseAgreement' AND l.source = 'changeOrder'
    AND paci.purchaseAgreementChangeOrderItemId = l.itemId
  LEFT JOIN purchase_agreement_change_orders paco ON paco.purchaseAgreementChangeOrderId = paci.purchaseAgreementChangeOrderId
  LEFT JOIN purchase_order_items poi ON a.commitmentKey = 'PurchaseOrder' AND l.source = 'original' AND poi.purchaseOrderItemId = l.itemId`;

const LINE_ORDER = "ORDER BY l.payApplicationId, l.source = 'changeOrder', l.itemId";

/** The stored lines of applications (table `l`): what the arithmetic reads. */
const STORED_LINE_SELECT = `SELECT l.payApplicationLineId, l.payApplicationId, l.source, l.itemId, l.costCodeId, l.scheduledValue, l.previousCompleted,
    l.thisPeriod, l.storedMaterials FROM pay_application_lines l`;

export interface StoredLine extends PayLineInput {
  payApplicationLineId: number;
  payApplicationId: number;
  source: 'original' | 'changeOrder';
  costCodeId: number;
}

/** Rows grouped by their application (`of`: what is kept of a row). */
function byApplication<T extends { payApplicationId: number }, U>(rows: readonly T[], of: (row: T) => U): Map<number, U[]> {
  const out = new Map<number, U[]>();
  for (const row of rows) {
    const list = out.get(row.payApplicationId);
    if (list) list.push(of(row));
    else out.set(row.payApplicationId, [of(row)]);
  }
  return out;
}

/**
 * The batched reads of applications `ids`, one read each whatever their number: their lines in the continuation
 * sheet's order (`detail`: with what the sheet shows of their item), their waivers, and each one's predecessor on
 * its commitment (whose certificate is its previous certificates, and whose payment its waivers cover).
 */
function readsOf(db: Database.Database, ids: readonly number[], detail: boolean) {
  const json = JSON.stringify(ids);
  const lines = db.prepare(`${detail ? LINE_SELECT : STORED_LINE_SELECT} WHERE l.payApplicationId IN (SELECT value FROM json_each(?)) ${LINE_ORDER}`)
    .all(json) as Array<StoredLine & Row>;
  const waivers = ids.length ? db.prepare(`SELECT w.payApplicationId, w.lienWaiverId, w.kind, w.amount, w.throughDate, w.fileId, f.name AS fileName,
      coalesce(e.preferredName, '') AS uploadedBy, w.uploadedAt
    FROM lien_waivers w JOIN files f ON f.fileId = w.fileId LEFT JOIN employees e ON e.employeeId = w.uploadedByEmployeeId
    WHERE w.payApplicationId IN (SELECT value FROM json_each(?)) ORDER BY w.lienWaiverId`).all(json) as Array<LienWaiver & { payApplicationId: number }> : [];
  const prior = db.prepare(`SELECT b.payApplicationId AS forId, p.* FROM pay_applications b JOIN pay_applications p
      ON p.commitmentKey = b.commitmentKey AND p.commitmentId = b.commitmentId
      AND p.sequence = (SELECT max(q.sequence) FROM pay_applications q WHERE q.commitmentKey = b.commitmentKey AND q.commitmentId = b.commitmentId AND q.sequence < b.sequence)
    WHERE b.payApplicationId IN (SELECT value FROM json_each(?))`).all(json) as Row[];
  const previous = new Map(prior.map((row) => [row.forId as number, row]));
  const linesOf = byApplication(lines, (line) => line);
  const waiversOf = byApplication(waivers, ({ payApplicationId: _application, ...waiver }): LienWaiver => waiver);
  return {
    lines: (id: number) => linesOf.get(id) ?? [],
    waivers: (id: number) => waiversOf.get(id) ?? [],
    previous: (id: number) => previous.get(id),
  };
}

/** What an application's arithmetic reads besides its lines: its terms, previous certificates and final flag. */
function figuresOf(header: Row, lines: readonly PayLineInput[], previous: Row | undefined) {
  const terms = { retainagePercent: header.retainagePercent as number, reduceRetainageAtHalf: header.reduceRetainageAtHalf === 1 };
  return payApplicationFigures(lines, terms, (previous?.certifiedEarnedLessRetainage as number | null) ?? 0, header.final === 1);
}

/** The waivers an application needs (rules.missingLienWaivers' facts). */
export function waiverNeeds(header: Row, totals: PayTotals, previous: Row | undefined): WaiverNeeds {
  return {
    currentPaymentDue: totals.currentPaymentDue, periodEnd: String(header.periodEnd), final: header.final === 1,
    previous: previous ? { number: String(previous.number), amount: (previous.certifiedPaymentDue as number | null) ?? 0, periodEnd: String(previous.periodEnd) } : null,
  };
}

/** Rows as the contract answers them, from headers (HEADER_SELECT) and their lines (`detail`: with the lines and waivers). */
function assemble(db: Database.Database, headers: Row[], detail: boolean): PayApplication[] | PayApplicationRow[] {
  if (!headers.length) return [];
  const reads = readsOf(db, headers.map((h) => h.payApplicationId as number), detail);
  return headers.map((header) => {
    const id = header.payApplicationId as number;
    const own = reads.lines(id);
    const previous = reads.previous(id);
    const figures = figuresOf(header, own, previous);
    const onFile = reads.waivers(id);
    const closed = header.closed === 1;
    const row: PayApplicationRow = {
      payApplicationId: id, number: String(header.number), sequence: header.sequence as number, projectId: header.projectId as number,
      budgetId: header.budgetId as number, commitmentKey: header.commitmentKey as BillableCommitmentKey, commitmentId: header.commitmentId as number,
      commitmentNumber: String(header.commitmentNumber ?? ''), vendorId: header.vendorId as number, vendorName: String(header.vendorName),
      periodEnd: String(header.periodEnd), final: header.final === 1, applicationRecordStateId: header.applicationRecordStateId as number,
      recordStateName: String(header.recordStateName), closed, totals: figures.totals,
      waiversMissing: closed ? [] : missingLienWaivers(waiverNeeds(header, figures.totals, previous), onFile),
      reviseReason: (header.reviseReason as string | null) ?? null, modifiedAt: String(header.modifiedAt),
    };
    if (!detail) return row;
    const detailed: PayApplication = {
      ...row, retainagePercent: header.retainagePercent as number, reduceRetainageAtHalf: header.reduceRetainageAtHalf === 1,
      lines: figures.lines.map((line, index): PayApplicationLine => {
        const stored = own[index]!;
        return {
          ...line, itemId: stored.itemId, source: stored.source, changeOrderNumber: (stored.changeOrderNumber as string | null) ?? null,
          costCodeId: stored.costCodeId, costCode: String(stored.costCode), description: String(stored.description),
        };
      }),
      waivers: onFile,
    };
    return detailed;
  });
}

/** The stored lines of one application, in the continuation sheet's order. */
export function storedLines(db: Database.Database, payApplicationId: number): StoredLine[] {
  return db.prepare(`${STORED_LINE_SELECT} WHERE l.payApplicationId = ? ${LINE_ORDER}`).all(payApplicationId) as StoredLine[];
}

/** One application with its lines and waivers, or undefined. */
export function payApplicationById(db: Database.Database, id: number): PayApplication | undefined {
  const header = db.prepare(`${HEADER_SELECT} WHERE a.payApplicationId = ?`).get(id) as Row | undefined;
  return header ? (assemble(db, [header], true) as PayApplication[])[0] : undefined;
}

/** The figures of one application as stored now (totals, its predecessor and its stored lines), for a write. */
export function currentFigures(db: Database.Database, header: Row) {
  const reads = readsOf(db, [header.payApplicationId as number], false);
  const lines = reads.lines(header.payApplicationId as number);
  const previous = reads.previous(header.payApplicationId as number);
  return { ...figuresOf(header, lines, previous), previous, storedLines: lines as StoredLine[] };
}

export interface ListScope {
  recordKey: string;
  recordId: number;
  lastLoad?: string;
  open?: boolean;
}

/** The rows of a scope: a project, a budget (with its roll-up children) or a commitment; newest period first. */
export function payApplicationRows(db: Database.Database, scope: ListScope): PayApplicationRow[] {
  const where: string[] = [];
  const args: unknown[] = [];
  if (scope.recordKey === 'Project') where.push('a.projectId = ?');
  else if (scope.recordKey === 'Budget') {
    where.push('a.budgetId IN (SELECT budgetId FROM budgets WHERE budgetId = ? OR rollUpBudgetId = ?)');
    args.push(scope.recordId);
  } else {
    where.push('a.commitmentKey = ? AND a.commitmentId = ?');
    args.push(scope.recordKey);
  }
  args.push(scope.recordId);
  if (scope.lastLoad) {
    // Every changed row whatever its state (the client moves it between its open and closed lists).
    where.push('a.modifiedAt > ?');
    args.push(scope.lastLoad);
  } else if (scope.open !== undefined) where.push(`s.closed = ${scope.open ? 0 : 1}`);
  const headers = db.prepare(`${HEADER_SELECT} WHERE ${where.join(' AND ')} ORDER BY a.periodEnd DESC, commitmentNumber, a.sequence DESC`).all(...args) as Row[];
  return assemble(db, headers, false) as PayApplicationRow[];
}

/**
 * Every application of a project as the data-quality rules read it: its lines as stored, the retainage it
 * holds (as certified, else as figured) and the waivers it lacks, certified ones included (an imported
 * application may have been approved without them).
 */
export function payApplicationQualityRows(db: Database.Database, projectId: number): PayApplicationQualityRow[] {
  const headers = db.prepare(`${HEADER_SELECT} WHERE a.projectId = ? ORDER BY a.payApplicationId`).all(projectId) as Row[];
  const reads = readsOf(db, headers.map((h) => h.payApplicationId as number), false);
  return headers.map((header) => {
    const id = header.payApplicationId as number;
    const lines = reads.lines(id);
    const previous = reads.previous(id);
    const { totals } = figuresOf(header, lines, previous);
    return {
      payApplicationId: id, number: String(header.number), budgetId: header.budgetId as number, stateName: String(header.recordStateName),
      retainagePercent: header.retainagePercent as number, reduceRetainageAtHalf: header.reduceRetainageAtHalf === 1, final: header.final === 1,
      lines: lines.map(({ itemId, scheduledValue, previousCompleted, thisPeriod, storedMaterials }) => ({ itemId, scheduledValue, previousCompleted, thisPeriod, storedMaterials })),
      retainageHeld: (header.certifiedRetainage as number | null) ?? totals.retainage,
      waiversMissing: missingLienWaivers(waiverNeeds(header, totals, previous), reads.waivers(id)),
    };
  });
}
