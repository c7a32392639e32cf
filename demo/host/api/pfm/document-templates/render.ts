/**
 * The generated document of a record (e-sign envelopes, template preview, the workbench's Preview):
 * the record kind's active document template (or a chosen one, or a body being edited) merged with
 * the record's fields, laid out as a real PDF with pdf-lib: wrapped paragraphs, headings, the items
 * table (repeated header after a page break), and 'Page n of m' on every page.
 *
 * SEAM (issue 12): the signature of `renderRecordDocument` is what the e-sign envelopes use; keep it.
 * The template language and the merge fields per record kind are src/core/document-templates/contract.ts.
 */
import type Database from 'better-sqlite3';
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import {
  DOCUMENT_RECORD_KEYS, DOCUMENT_RECORD_LABELS, isDocumentRecordKey, isItemsTableLine, mergeText,
  type DocumentRecordKey,
} from '../../../../../src/core/document-templates/contract';
import { EXCESS_LIABILITY_OPTIONS, formatCostCodeWithType, formatDate, formatMoney } from '../../../../../src/core/format';

export { DOCUMENT_RECORD_KEYS, isDocumentRecordKey };
export type { DocumentRecordKey };

export interface RenderedDocument {
  /** The PDF. */
  bytes: Uint8Array;
  /** The download name, e.g. 'Subcontract SC-0001.pdf'. */
  filename: string;
  /** The document's title, e.g. 'Subcontract SC-0001'. */
  title: string;
}

/** Used when a record kind has no template at all (every one deleted from the database by hand). */
const FALLBACK_BODY = '# {{documentTitle}}\nProject {{projectNumber}} {{projectName}}\nVendor: {{vendorName}}\n\n{{description}}\n\n{{items}}\n\nTotal: {{totalAmount}}';

/** One item of the document's table. */
export interface DocumentItem {
  code: string;
  description: string;
  amount: number;
}

/** The record as the merge sees it: the field values (text) and the items. */
export interface DocumentData {
  title: string;
  values: Record<string, string>;
  items: DocumentItem[];
}

interface HeaderRow {
  number: string; description: string; state: string | null; vendorName: string; vendorNumber: string; city: string; vstate: string;
  phone: string; email: string; projectNumber: string; projectName: string; jobNumber: string;
  retainagePercent?: number | null; excessLiability?: number | null; executedDate?: string | null; subcontractType?: string | null;
  parentNumber?: string; parentDescription?: string; changeOrderDate?: string; orderDate?: string; purchaseAgreementNumber?: string | null;
}

const VENDOR_PROJECT = `v.name AS vendorName, v.vendorNumber, v.city, v.state AS vstate, v.phone, v.email,
  p.number AS projectNumber, p.name AS projectName, b.jobNumber, s.name AS state`;

/** The items query of a record kind: each item's cost code, description and amount, in the order entered. */
const itemsOf = (table: string, recordId: string, itemId: string) => `SELECT cc.code, cc.type, i.description, i.amount FROM ${table} i
  JOIN cost_codes cc ON cc.costCodeId = i.costCodeId WHERE i.${recordId} = ? ORDER BY i.${itemId}`;

/** Header query and items query of each record kind (change orders reach their parent's vendor and project). */
const QUERIES: Record<DocumentRecordKey, { header: string; items: string }> = {
  Subcontract: {
    header: `SELECT t.number, t.description, t.retainagePercent, t.excessLiability, t.executedDate, st.name AS subcontractType, ${VENDOR_PROJECT}
      FROM subcontracts t JOIN vendors v ON v.vendorId = t.vendorId JOIN projects p ON p.projectId = t.projectId JOIN budgets b ON b.budgetId = t.budgetId
      LEFT JOIN subcontract_types st ON st.subcontractTypeId = t.subcontractTypeId
      LEFT JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId WHERE t.subcontractId = ?`,
    items: itemsOf('subcontract_items', 'subcontractId', 'subcontractItemId'),
  },
  SubcontractChangeOrder: {
    header: `SELECT t.number, t.description, t.changeOrderDate, c.number AS parentNumber, c.description AS parentDescription,
      c.retainagePercent, c.excessLiability, ${VENDOR_PROJECT}
      FROM subcontract_change_orders t JOIN subcontracts c ON c.subcontractId = t.subcontractId JOIN vendors v ON v.vendorId = c.vendorId
      JOIN projects p ON p.projectId = c.projectId JOIN budgets b ON b.budgetId = c.budgetId
      LEFT JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId WHERE t.subcontractChangeOrderId = ?`,
    items: itemsOf('subcontract_change_order_items', 'subcontractChangeOrderId', 'subcontractChangeOrderItemId'),
  },
  PurchaseAgreement: {
    header: `SELECT t.number, t.description, t.retainagePercent, t.executedDate, ${VENDOR_PROJECT}
      FROM purchase_agreements t JOIN vendors v ON v.vendorId = t.vendorId JOIN projects p ON p.projectId = t.projectId JOIN budgets b ON b.budgetId = t.budgetId
      LEFT JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId WHERE t.purchaseAgreementId = ?`,
    items: itemsOf('purchase_agreement_items', 'purchaseAgreementId', 'purchaseAgreementItemId'),
  },
  PurchaseAgreementChangeOrder: {
    header: `SELECT t.number, t.description, t.changeOrderDate, c.number AS parentNumber, c.description AS parentDescription, c.retainagePercent, ${VENDOR_PROJECT}
      FROM purchase_agreement_change_orders t JOIN purchase_agreements c ON c.purchaseAgreementId = t.purchaseAgreementId JOIN vendors v ON v.vendorId = c.vendorId
      JOIN projects p ON p.projectId = c.projectId JOIN budgets b ON b.budgetId = c.budgetId
      LEFT JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId WHERE t.purchaseAgreementChangeOrderId = ?`,
    items: itemsOf('purchase_agreement_change_order_items', 'purchaseAgreementChangeOrderId', 'purchaseAgreementChangeOrderItemId'),
  },
  PurchaseOrder: {
    header: `SELECT t.number, t.description, t.orderDate, pa.number AS purchaseAgreementNumber, ${VENDOR_PROJECT}
      FROM purchase_orders t JOIN vendors v ON v.vendorId = t.vendorId JOIN projects p ON p.projectId = t.projectId JOIN budgets b ON b.budgetId = t.budgetId
      LEFT JOIN purchase_agreements pa ON pa.purchaseAgreementId = t.purchaseAgreementId
      LEFT JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId WHERE t.purchaseOrderId = ?`,
    items: itemsOf('purchase_order_items', 'purchaseOrderId', 'purchaseOrderItemId'),
  },
};

const excessLabel = (value: number | null | undefined) => EXCESS_LIABILITY_OPTIONS.find((o) => o.value === (value ?? null))?.label ?? formatMoney(value ?? null, { fractionDigits: 0 });

/** The record's merge values and items, or null when the record does not exist. */
export function documentData(db: Database.Database, recordKey: DocumentRecordKey, recordId: number, today = new Date()): DocumentData | null {
  const query = QUERIES[recordKey];
  const row = db.prepare(query.header).get(recordId) as HeaderRow | undefined;
  if (!row) return null;
  const items = (db.prepare(query.items).all(recordId) as Array<{ code: string; type: string; description: string; amount: number }>)
    .map((i) => ({ code: formatCostCodeWithType(i.code, i.type), description: i.description, amount: i.amount }));
  const total = items.reduce((sum, i) => sum + i.amount, 0);
  const title = `${DOCUMENT_RECORD_LABELS[recordKey]} ${row.number}`;
  const values: Record<string, string> = {
    documentTitle: title,
    number: row.number,
    description: row.description,
    state: row.state ?? '',
    documentDate: formatDate(today),
    projectNumber: row.projectNumber,
    projectName: row.projectName,
    jobNumber: row.jobNumber,
    vendorName: row.vendorName,
    vendorNumber: row.vendorNumber,
    vendorAddress: [row.city, row.vstate].filter(Boolean).join(', '),
    vendorContact: [row.phone, row.email].filter(Boolean).join(', '),
    vendorPhone: row.phone,
    vendorEmail: row.email,
    totalAmount: formatMoney(total),
    itemCount: String(items.length),
    items: items.map((i) => `${i.code} ${i.description} ${formatMoney(i.amount)}`).join('; ') || 'No items',
  };
  if ('retainagePercent' in row) values.retainage = row.retainagePercent === null || row.retainagePercent === undefined ? 'N/A' : `${row.retainagePercent}%`;
  if ('excessLiability' in row) values.excessLiability = excessLabel(row.excessLiability);
  if ('executedDate' in row) values.executedDate = formatDate(row.executedDate ?? null) || 'Not executed';
  if ('subcontractType' in row) values.subcontractType = row.subcontractType ?? '';
  if ('parentNumber' in row) {
    values.parentNumber = row.parentNumber ?? '';
    values.parentDescription = row.parentDescription ?? '';
  }
  if ('changeOrderDate' in row) values.changeOrderDate = formatDate(row.changeOrderDate ?? null);
  if ('orderDate' in row) values.orderDate = formatDate(row.orderDate ?? null);
  if ('purchaseAgreementNumber' in row) values.purchaseAgreementNumber = row.purchaseAgreementNumber ?? 'None';
  return { title, values, items };
}

/** The body of template `templateId` (when it is of `recordKey`), else the kind's active template, else the fallback. */
export function templateBody(db: Database.Database, recordKey: DocumentRecordKey, templateId?: number): string {
  if (templateId !== undefined) {
    const chosen = db.prepare('SELECT body FROM document_templates WHERE documentTemplateId = ? AND recordKey = ?').get(templateId, recordKey) as { body: string } | undefined;
    if (chosen) return chosen.body;
  }
  const active = db.prepare('SELECT body FROM document_templates WHERE recordKey = ? ORDER BY active DESC, documentTemplateId LIMIT 1').get(recordKey) as { body: string } | undefined;
  return active?.body ?? FALLBACK_BODY;
}

/** The record's document, or null when the record does not exist. */
export async function renderRecordDocument(db: Database.Database, input: { recordKey: DocumentRecordKey; recordId: number; templateId?: number }): Promise<RenderedDocument | null> {
  return renderDocumentWithBody(db, { recordKey: input.recordKey, recordId: input.recordId, body: templateBody(db, input.recordKey, input.templateId) });
}

/** The record's document merged from `body` (a template being edited), or null when the record does not exist. */
export async function renderDocumentWithBody(db: Database.Database, input: { recordKey: DocumentRecordKey; recordId: number; body: string }): Promise<RenderedDocument | null> {
  const data = documentData(db, input.recordKey, input.recordId);
  if (!data) return null;
  const bytes = await layoutPdf(data, input.body);
  return { bytes, filename: documentFilename(data.title), title: data.title };
}

/** 'Subcontract SC-0001.pdf': the title with anything unsafe in a file name replaced. */
export function documentFilename(title: string): string {
  return `${title.replace(/[^\w .-]/g, '_')}.pdf`;
}

// --- layout -------------------------------------------------------------------------------------

const PAGE = { width: 612, height: 792, margin: 54, footer: 36 } as const;
const SIZE = { body: 10.5, heading: 13, title: 17, table: 9.5, footer: 8 } as const;
const LINE = 1.35;
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  readonly #charset: Set<number>;

  constructor(readonly pdf: PDFDocument, readonly font: PDFFont, readonly bold: PDFFont) {
    this.#charset = new Set(font.getCharacterSet());
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Start a new page when less than `height` points are left above the footer. */
  ensure(height: number): boolean {
    if (this.y - height < PAGE.margin + PAGE.footer) {
      this.newPage();
      return true;
    }
    return false;
  }

  /** Text the standard font can encode (WinAnsi): anything else becomes '?', tabs become spaces. */
  clean(text: string): string {
    return [...text.replace(/\t/g, '    ')].map((c) => (this.#charset.has(c.codePointAt(0)!) ? c : '?')).join('');
  }

  /** `text` broken into lines no wider than `width` (long words are cut). */
  wrap(text: string, width: number, font: PDFFont, size: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text).split(/ +/)) {
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      const candidate = line ? `${line} ${rest}` : rest;
      if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
    return lines;
  }

  paragraph(text: string, font: PDFFont, size: number, spaceBefore = 0): void {
    this.y -= spaceBefore;
    for (const line of this.wrap(text, PAGE.width - 2 * PAGE.margin, font, size)) {
      this.ensure(size * LINE);
      this.y -= size * LINE;
      if (line) this.page.drawText(line, { x: PAGE.margin, y: this.y + size * 0.25, size, font });
    }
  }

  /** The items table: cost code, description (wrapped), amount (right-aligned); the header repeats on every page; the total last. */
  table(items: readonly DocumentItem[]): void {
    const left = PAGE.margin;
    const right = PAGE.width - PAGE.margin;
    const codeWidth = 96;
    const amountWidth = 96;
    const descriptionX = left + codeWidth;
    const descriptionWidth = right - amountWidth - descriptionX - 8;
    const size = SIZE.table;
    const row = size * LINE;
    const header = () => {
      this.y -= row + 2;
      this.page.drawText('Cost code', { x: left, y: this.y + 4, size, font: this.bold });
      this.page.drawText('Description', { x: descriptionX, y: this.y + 4, size, font: this.bold });
      this.rightText('Amount', right, this.y + 4, this.bold, size);
      this.page.drawLine({ start: { x: left, y: this.y }, end: { x: right, y: this.y }, thickness: 0.8, color: GREY });
    };
    this.ensure(row * 3);
    this.y -= 4;
    header();
    if (items.length === 0) {
      this.y -= row;
      this.page.drawText('No items.', { x: descriptionX, y: this.y + 4, size, font: this.font, color: GREY });
    }
    for (const item of items) {
      const lines = this.wrap(item.description, descriptionWidth, this.font, size);
      if (this.ensure(row * lines.length + 4)) header();
      const top = this.y;
      this.page.drawText(this.clean(item.code), { x: left, y: top - row + 4, size, font: this.font });
      this.rightText(formatMoney(item.amount), right, top - row + 4, this.font, size);
      lines.forEach((line, i) => this.page.drawText(line, { x: descriptionX, y: top - row * (i + 1) + 4, size, font: this.font }));
      this.y = top - row * lines.length - 2;
      this.page.drawLine({ start: { x: left, y: this.y }, end: { x: right, y: this.y }, thickness: 0.4, color: RULE });
    }
    if (this.ensure(row + 4)) header();
    this.y -= row + 2;
    this.page.drawText('Total', { x: descriptionX, y: this.y + 4, size, font: this.bold });
    this.rightText(formatMoney(items.reduce((sum, i) => sum + i.amount, 0)), right, this.y + 4, this.bold, size);
    this.y -= 6;
  }

  rightText(text: string, right: number, y: number, font: PDFFont, size: number): void {
    const clean = this.clean(text);
    this.page.drawText(clean, { x: right - font.widthOfTextAtSize(clean, size), y, size, font });
  }
}

/** Lay the merged template out as PDF pages. */
async function layoutPdf(data: DocumentData, body: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(data.title);
  pdf.setSubject(`${data.title}, ${data.values.vendorName ?? ''}`);
  pdf.setProducer('Summit Builders business applications (pdf-lib)');
  pdf.setCreator('Document templates');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(pdf, font, bold);

  let first = true;
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (isItemsTableLine(raw)) {
      w.table(data.items);
    } else if (raw.startsWith('# ')) {
      const text = mergeText(raw.slice(2), data.values);
      w.paragraph(text, bold, first ? SIZE.title : SIZE.heading, first ? 0 : SIZE.body * 0.8);
    } else if (raw.trim() === '') {
      w.y -= SIZE.body * 0.7;
    } else {
      w.paragraph(mergeText(raw, data.values), font, SIZE.body);
    }
    first = false;
  }

  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    const footer = `Page ${index + 1} of ${total}`;
    const y = PAGE.margin - 18;
    page.drawLine({ start: { x: PAGE.margin, y: y + 12 }, end: { x: PAGE.width - PAGE.margin, y: y + 12 }, thickness: 0.4, color: RULE });
    page.drawText(w.clean(data.title), { x: PAGE.margin, y, size: SIZE.footer, font, color: GREY });
    page.drawText(footer, { x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(footer, SIZE.footer), y, size: SIZE.footer, font, color: GREY });
  });
  return pdf.save();
}
