/**
 * Document templates (§2 Document Template Administration, issue 12): the area's contract: the calls
 * and what they answer, the merge fields each record kind offers and the template language, shared by
 * the client (the editor's field list and its unknown-field hint) and the demo host (save validation,
 * the merge behind the generated PDF).
 *
 * The template language, kept small on purpose:
 * - The body is plain text, line by line. A blank line separates paragraphs; long lines wrap.
 * - `{{fieldName}}` is replaced by the record's value of that field (names are case-sensitive;
 *   spaces inside the braces are allowed: `{{ vendorName }}`).
 * - A line that holds only `{{items}}` becomes the items table (cost code, description, amount,
 *   and the total). Anywhere else `{{items}}` becomes the items as one line of text.
 * - A line starting with `# ` is a heading.
 * - `{{` without its `}}` is an error, reported as an unknown field.
 */
import type { AccessRule } from '../access';

/** Who may list, edit and preview document templates (§6: the Document Templates entry is keyPFM Admin). */
export const DOCUMENT_TEMPLATE_ADMINS: AccessRule = Object.freeze({ key: 'keyPFM', roles: Object.freeze(['Admin']) });

/** Record kinds that have a generated document: commitments and their change orders. */
export const DOCUMENT_RECORD_KEYS = ['Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement', 'PurchaseAgreementChangeOrder', 'PurchaseOrder'] as const;
export type DocumentRecordKey = (typeof DOCUMENT_RECORD_KEYS)[number];

/** A template as the API answers it (the host's answer and the client's read share it). */
export interface DocumentTemplate {
  documentTemplateId: number;
  title: string;
  recordKey: DocumentRecordKey;
  body: string;
  active: number;
  version: number;
  modifiedBy: string;
  modifiedAt: string;
}

/** The template calls (demo/host/api/pfm/document-templates). */
export const TEMPLATES_PATH = '/api/pfm/documents/templates';
export const SAVE_TEMPLATE_PATH = '/api/pfm/documents/SaveDocumentTemplate';
export const PREVIEW_RECORDS_PATH = '/api/pfm/documents/records';
export const PREVIEW_TEMPLATE_PATH = '/api/pfm/documents/PreviewDocumentTemplate';

/** A record a template can be previewed with. */
export interface PreviewRecord {
  recordId: number;
  number: string;
  description: string;
}

/** The record kinds as the editor and the PDF name them. */
export const DOCUMENT_RECORD_LABELS: Readonly<Record<DocumentRecordKey, string>> = Object.freeze({
  Subcontract: 'Subcontract',
  SubcontractChangeOrder: 'Subcontract Change Order',
  PurchaseAgreement: 'Purchase Agreement',
  PurchaseAgreementChangeOrder: 'Purchase Agreement Change Order',
  PurchaseOrder: 'Purchase Order',
});

/** True when `key` names a record kind with a generated document (exact spelling). */
export function isDocumentRecordKey(key: string | null | undefined): key is DocumentRecordKey {
  return typeof key === 'string' && (DOCUMENT_RECORD_KEYS as readonly string[]).includes(key);
}

/** One merge field: its name (what goes between the braces) and what it holds. */
export interface MergeField {
  readonly name: string;
  readonly label: string;
}

/** The table field: on a line of its own it becomes the items table. */
export const ITEMS_FIELD = 'items';

const field = (name: string, label: string): MergeField => Object.freeze({ name, label });

const COMMON: readonly MergeField[] = [
  field('documentTitle', 'Document title (kind and number)'),
  field('number', 'Record number'),
  field('description', 'Description'),
  field('state', 'Workflow state'),
  field('documentDate', 'Date the document is generated'),
  field('projectNumber', 'Project number'),
  field('projectName', 'Project name'),
  field('jobNumber', 'Budget job number'),
  field('vendorName', 'Vendor name'),
  field('vendorNumber', 'Vendor number'),
  field('vendorAddress', 'Vendor address (city, state)'),
  field('vendorContact', 'Vendor contact (phone and e-mail)'),
  field('vendorPhone', 'Vendor phone'),
  field('vendorEmail', 'Vendor e-mail'),
  field('totalAmount', 'Total amount of the items'),
  field('itemCount', 'Number of items'),
  field(ITEMS_FIELD, 'Items table: cost code, description, amount (alone on a line)'),
];
const RETAINAGE = field('retainage', 'Retainage (10%, 5%, 0%)');
const EXCESS = field('excessLiability', 'Excess liability (N/A, $3M, $5M, $10M)');
const EXECUTED = field('executedDate', 'Executed date');
const PARENT = [field('parentNumber', 'Number of the contract changed'), field('parentDescription', 'Description of the contract changed')];
const CHANGE_ORDER_DATE = field('changeOrderDate', 'Change order date');

/** The merge fields of each record kind, in the order the editor lists them. */
export const MERGE_FIELDS: Readonly<Record<DocumentRecordKey, readonly MergeField[]>> = Object.freeze({
  Subcontract: Object.freeze([...COMMON, field('subcontractType', 'Subcontract type'), RETAINAGE, EXCESS, EXECUTED]),
  SubcontractChangeOrder: Object.freeze([...COMMON, ...PARENT, CHANGE_ORDER_DATE, RETAINAGE, EXCESS]),
  PurchaseAgreement: Object.freeze([...COMMON, RETAINAGE, EXECUTED]),
  PurchaseAgreementChangeOrder: Object.freeze([...COMMON, ...PARENT, CHANGE_ORDER_DATE, RETAINAGE]),
  PurchaseOrder: Object.freeze([...COMMON, field('orderDate', 'Order date'), field('purchaseAgreementNumber', 'Purchase agreement it orders against')]),
});

/** The merge-field names of `kind`. */
export function mergeFieldNames(kind: DocumentRecordKey): string[] {
  return MERGE_FIELDS[kind].map((f) => f.name);
}

/** A piece of a parsed template: literal text, or a field reference (name trimmed; raw as written). */
export type TemplateToken = { type: 'text'; text: string } | { type: 'field'; name: string; raw: string };

const FIELD = /\{\{([^{}]*)\}\}/g;

/**
 * Split `text` into literal text and `{{field}}` references. An opening `{{` with no closing `}}`
 * stays text here; {@link unknownMergeFields} reports it.
 */
export function parseTemplate(text: string): TemplateToken[] {
  const tokens: TemplateToken[] = [];
  let last = 0;
  for (const match of text.matchAll(FIELD)) {
    if (match.index > last) tokens.push({ type: 'text', text: text.slice(last, match.index) });
    tokens.push({ type: 'field', name: match[1]!.trim(), raw: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) tokens.push({ type: 'text', text: text.slice(last) });
  return tokens;
}

/**
 * The field names of `body` that `kind` does not offer, each once, in order of first appearance
 * (an empty `{{}}` is reported as `{{}}`; a `{{` never closed as `{{…`).
 */
export function unknownMergeFields(body: string, kind: DocumentRecordKey): string[] {
  const known = new Set(mergeFieldNames(kind));
  const unknown: string[] = [];
  const add = (name: string) => {
    if (!unknown.includes(name)) unknown.push(name);
  };
  for (const token of parseTemplate(body)) {
    if (token.type === 'field') {
      if (!known.has(token.name)) add(token.name === '' ? '{{}}' : token.name);
    } else {
      const open = token.text.indexOf('{{');
      if (open >= 0) add(`${token.text.slice(open, open + 24).split('\n')[0]}…`);
    }
  }
  return unknown;
}

/** The message a save is refused with; '' when every field is known. */
export function unknownMergeFieldMessage(unknown: readonly string[]): string {
  if (unknown.length === 0) return '';
  const names = unknown.map((name) => `'${name}'`).join(', ');
  return unknown.length === 1 ? `Unknown merge field ${names}.` : `Unknown merge fields ${names}.`;
}

/** Replace every `{{field}}` of `text` with `values[field]` (an unknown field stays as written). */
export function mergeText(text: string, values: Readonly<Record<string, string>>): string {
  return parseTemplate(text).map((t) => (t.type === 'text' ? t.text : Object.hasOwn(values, t.name) ? values[t.name] : t.raw)).join('');
}

/** True when `line` holds only the items table field. */
export function isItemsTableLine(line: string): boolean {
  return /^\s*\{\{\s*items\s*\}\}\s*$/.test(line);
}

/** Limits of a template (the server refuses more; the editor counts down). */
export const TEMPLATE_TITLE_MAX = 200;
export const TEMPLATE_BODY_MAX = 20_000;
