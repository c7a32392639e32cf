/**
 * The generated document of a record (e-sign envelopes, template preview, the workbench's Preview).
 * A real PDF made with pdf-lib.
 *
 * SEAM (issue 12): the signature of `renderRecordDocument` is what the e-sign envelopes use. The
 * document-templates work replaces the body with the record kind's template merged with the
 * record's fields (number, vendor, amounts, items, retainage, excess liability); keep the signature.
 */
import type Database from 'better-sqlite3';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Record kinds that have a generated document: commitments and their change orders. */
export const DOCUMENT_RECORD_KEYS = ['Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement', 'PurchaseAgreementChangeOrder', 'PurchaseOrder'] as const;
export type DocumentRecordKey = (typeof DOCUMENT_RECORD_KEYS)[number];

export interface RenderedDocument {
  /** The PDF. */
  bytes: Uint8Array;
  /** The download name, e.g. 'Subcontract SC-0001.pdf'. */
  filename: string;
  /** The document's title, e.g. 'Subcontract SC-0001'. */
  title: string;
}

const TABLES: Record<DocumentRecordKey, { table: string; id: string; label: string }> = {
  Subcontract: { table: 'subcontracts', id: 'subcontractId', label: 'Subcontract' },
  SubcontractChangeOrder: { table: 'subcontract_change_orders', id: 'subcontractChangeOrderId', label: 'Subcontract Change Order' },
  PurchaseAgreement: { table: 'purchase_agreements', id: 'purchaseAgreementId', label: 'Purchase Agreement' },
  PurchaseAgreementChangeOrder: { table: 'purchase_agreement_change_orders', id: 'purchaseAgreementChangeOrderId', label: 'Purchase Agreement Change Order' },
  PurchaseOrder: { table: 'purchase_orders', id: 'purchaseOrderId', label: 'Purchase Order' },
};

export function isDocumentRecordKey(key: string): key is DocumentRecordKey {
  return (DOCUMENT_RECORD_KEYS as readonly string[]).includes(key);
}

/** The record's document, or null when the record does not exist. */
export async function renderRecordDocument(db: Database.Database, input: { recordKey: DocumentRecordKey; recordId: number; templateId?: number }): Promise<RenderedDocument | null> {
  const spec = TABLES[input.recordKey];
  const row = db.prepare(`SELECT number, description FROM ${spec.table} WHERE ${spec.id} = ?`).get(input.recordId) as { number: string; description: string } | undefined;
  if (!row) return null;
  const title = `${spec.label} ${row.number}`;
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText(title, { x: 54, y: 730, size: 16, font });
  page.drawText(row.description.slice(0, 90), { x: 54, y: 705, size: 11, font });
  return { bytes: await pdf.save(), filename: `${title.replace(/[^\w .-]/g, '_')}.pdf`, title };
}
