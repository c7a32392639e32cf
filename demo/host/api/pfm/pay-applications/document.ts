/**
 * The pay application's document, made with pdf-lib in the layout a project accountant knows from AIA G702
 * (application and certificate for payment) and G703 (continuation sheet), in our own words:
 *
 * - page 1 (G702): the boxed header (to the company, from the vendor, project and job, application number,
 *   period, contract and its date), the application's lines 1-9 (the figures of `app.totals`; retainage split
 *   into completed work and stored material), the change order summary (additions and deductions approved in
 *   previous months and this month), the certificate (amount, state, who certified and when) and signature lines;
 * - then the continuation sheet (G703): a ruled table, columns A-I, its header repeated on every page, long
 *   descriptions wrapped to two lines and cut after, money right-aligned, and the grand total row, equal to the
 *   G702 figures, on the last page. Every page says "Page n of m".
 *
 * The layout's arithmetic and pagination are pure (g702Figures, g703Rows, wrapText, paginate) and tested alone.
 * Text is user text: drawn through `plain()` (WinAnsi, the standard fonts' encoding).
 *
 * Filing: when an application moves to Approved for Payment its document is filed on the record (a PayApplication
 * file, `<number> application for payment.pdf`) in the move's transaction. Drawing is asynchronous and a
 * transaction is not, so the document is drawn just before the move, as the application will be once certified
 * (certificateAhead), and the move files it (fileCertificate) only when its figures are still the ones drawn.
 */
import type Database from 'better-sqlite3';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { PAY_APPLICATION_RECORD_KEY, type PayApplication } from '../../../../../src/core/pay-applications/contract';
import { PAY_APPLICATION_STATES, CERTIFIED_PAY_APPLICATION_STATES, type PayTotals } from '../../../../../src/core/pay-applications/rules';
import { cents, formatMoney as money } from '../../../../../src/core/format/numbers';
import { formatDate } from '../../../../../src/core/format/dates';
import * as clock from '../../../../../src/core/clock';
import { conflict } from '../../http';
import { stateById } from '../../records';
import type { RequestedMove } from '../../state-update-params';
import { storedName } from '../files';
import { COMMITMENT_TABLES, payApplicationById } from './loads';

/** WinAnsi text only (the standard fonts' encoding). */
const plain = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

// --- the facts the application row does not carry -----------------------------------------------------

/** What the document shows besides the application itself (documentFacts reads them). */
export interface PayApplicationDocumentFacts {
  /** The company (the project's legal entity): the application is made to it. */
  company: string;
  projectName: string;
  projectNumber: string;
  jobNumber: string;
  /** The commitment's title (its description). */
  commitmentTitle: string;
  /** The contract date (a purchase order's order date), YYYY-MM-DD, or null. */
  contractDate: string | null;
  /** The date of each approved change order of the commitment, by its number. */
  changeOrderDates: Readonly<Record<string, string>>;
  /** Who certified it (Approved for Payment) and when (an ISO instant), when known. */
  certifiedBy: string | null;
  certifiedAt: string | null;
}

/** The document's facts of `app` as stored now. */
export function documentFacts(db: Database.Database, app: PayApplication): PayApplicationDocumentFacts {
  const t = COMMITMENT_TABLES[app.commitmentKey];
  const dateColumn = app.commitmentKey === 'PurchaseOrder' ? 'orderDate' : 'contractDate';
  const commitment = db.prepare(`SELECT description, ${dateColumn} AS contractDate FROM ${t.table} WHERE ${t.id} = ?`).get(app.commitmentId) as
    { description: string; contractDate: string | null } | undefined;
  const project = db.prepare(`SELECT p.name, p.number, le.name AS company, b.jobNumber FROM pay_applications a JOIN projects p ON p.projectId = a.projectId
    JOIN legal_entities le ON le.legalEntityId = p.legalEntityId JOIN budgets b ON b.budgetId = a.budgetId WHERE a.payApplicationId = ?`).get(app.payApplicationId) as
    { name: string; number: string; company: string; jobNumber: string } | undefined;
  const certified = db.prepare(`SELECT a.approvedForPaymentAt AS at, e.preferredName AS name FROM pay_applications a
    LEFT JOIN employees e ON e.employeeId = a.approvedForPaymentByEmployeeId WHERE a.payApplicationId = ?`).get(app.payApplicationId) as
    { at: string | null; name: string | null } | undefined;
  const changeOrders = t.changeOrders
    ? db.prepare(`SELECT number, changeOrderDate FROM ${t.changeOrders} WHERE ${t.id} = ?`).all(app.commitmentId) as Array<{ number: string; changeOrderDate: string }>
    : [];
  return {
    company: project?.company ?? '', projectName: project?.name ?? '', projectNumber: project?.number ?? '', jobNumber: project?.jobNumber ?? '',
    commitmentTitle: commitment?.description ?? '', contractDate: commitment?.contractDate ?? null,
    changeOrderDates: Object.fromEntries(changeOrders.map((c) => [c.number, c.changeOrderDate])),
    certifiedBy: certified?.name ?? null, certifiedAt: certified?.at ?? null,
  };
}

// --- G702: the application's figures ------------------------------------------------------------------

/** Additions (net positive change orders) and deductions (net negative, as a positive amount). */
export interface ChangeOrderSums {
  additions: number;
  deductions: number;
}

/** What the G702 page shows, from the application's totals and lines. */
export interface G702Figures {
  originalContractSum: number;
  netChangeByChangeOrders: number;
  /** Line 5a: retainage on completed work (columns D + E), and 5b on stored material (column F); a + b = line 5. */
  retainageOnCompletedWork: number;
  retainageOnStoredMaterial: number;
  completedWork: number;
  storedMaterial: number;
  /** The change order summary: approved before the period's month, in it (or after it, billed now), and both. */
  changeOrders: { previousMonths: ChangeOrderSums; thisMonth: ChangeOrderSums; total: ChangeOrderSums; net: number };
}

/**
 * The G702 figures besides `app.totals`. Each change order billed on the application counts by its net (the
 * sum of its lines): an addition or a deduction, in the previous months when dated before the period's month.
 */
export function g702Figures(app: PayApplication, changeOrderDates: Readonly<Record<string, string>>): G702Figures {
  const t = app.totals;
  const byChangeOrder = new Map<string, number>();
  for (const line of app.lines) {
    if (line.source !== 'changeOrder') continue;
    const key = line.changeOrderNumber ?? '';
    byChangeOrder.set(key, (byChangeOrder.get(key) ?? 0) + line.scheduledValue);
  }
  const monthStart = `${app.periodEnd.slice(0, 7)}-01`;
  const previousMonths = { additions: 0, deductions: 0 };
  const thisMonth = { additions: 0, deductions: 0 };
  for (const [number, amount] of byChangeOrder) {
    const date = changeOrderDates[number];
    const sums = date !== undefined && date < monthStart ? previousMonths : thisMonth;
    if (amount >= 0) sums.additions = cents(sums.additions + amount);
    else sums.deductions = cents(sums.deductions - amount);
  }
  const total = { additions: cents(previousMonths.additions + thisMonth.additions), deductions: cents(previousMonths.deductions + thisMonth.deductions) };
  const net = cents(total.additions - total.deductions);
  const storedMaterial = cents(app.lines.reduce((sum, l) => sum + l.storedMaterials, 0));
  const retainageOnStoredMaterial = cents(storedMaterial * t.retainagePercent / 100);
  return {
    originalContractSum: cents(t.contractSumToDate - net),
    netChangeByChangeOrders: net,
    // The lines' retainage is rounded line by line: 5a takes what 5b leaves, so that a + b is line 5 to the cent.
    retainageOnCompletedWork: cents(t.retainage - retainageOnStoredMaterial),
    retainageOnStoredMaterial,
    completedWork: cents(t.totalCompletedAndStored - storedMaterial),
    storedMaterial,
    changeOrders: { previousMonths, thisMonth, total, net },
  };
}

// --- G703: the continuation sheet's rows --------------------------------------------------------------

/** One row of the continuation sheet, columns A-I. */
export interface G703Row {
  /** A: the item number (the cost code). */
  item: string;
  /** B: the description of work (a change order's line: its number first). */
  description: string;
  /** C to I. */
  scheduledValue: number;
  fromPrevious: number;
  thisPeriod: number;
  storedMaterials: number;
  completedAndStored: number;
  /** G ÷ C, in percent. */
  percent: number;
  balanceToFinish: number;
  retainage: number;
}

/** The rows of the continuation sheet and their grand total (equal to G702 lines 3, 4 and 5). */
export function g703Rows(app: PayApplication): { rows: G703Row[]; total: G703Row } {
  const rows = app.lines.map((l): G703Row => ({
    item: l.costCode,
    description: l.source === 'changeOrder' && l.changeOrderNumber ? `${l.changeOrderNumber}: ${l.description}` : l.description,
    scheduledValue: l.scheduledValue, fromPrevious: l.previousCompleted, thisPeriod: l.thisPeriod, storedMaterials: l.storedMaterials,
    completedAndStored: l.totalCompletedAndStored, percent: l.percentComplete, balanceToFinish: l.balanceToFinish, retainage: l.retainage,
  }));
  const sum = (of: (row: G703Row) => number) => cents(rows.reduce((total, row) => total + of(row), 0));
  const total: G703Row = {
    item: '', description: 'Grand total', scheduledValue: sum((r) => r.scheduledValue), fromPrevious: sum((r) => r.fromPrevious),
    thisPeriod: sum((r) => r.thisPeriod), storedMaterials: sum((r) => r.storedMaterials), completedAndStored: sum((r) => r.completedAndStored),
    percent: app.totals.percentComplete, balanceToFinish: sum((r) => r.balanceToFinish), retainage: sum((r) => r.retainage),
  };
  return { rows, total };
}

/**
 * `text` in at most `maxLines` lines of at most `width` (as `measure` measures a string); a word longer than a
 * line is broken, and what does not fit ends the last line with '...'.
 */
export function wrapText(text: string, width: number, measure: (text: string) => number, maxLines = 2): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let cut = false;
  const push = () => {
    if (lines.length === maxLines) cut = true;
    else lines.push(current);
    current = '';
  };
  for (let word of words) {
    while (measure(word) > width) {
      // Break a word longer than a line where it stops fitting (at least one character a line).
      let n = 1;
      while (n < word.length && measure(word.slice(0, n + 1)) <= width) n += 1;
      if (current) push();
      current = word.slice(0, n);
      push();
      word = word.slice(n);
    }
    if (!word) continue;
    const joined = current ? `${current} ${word}` : word;
    if (measure(joined) <= width) current = joined;
    else {
      push();
      current = word;
    }
  }
  if (current) push();
  if (cut && lines.length) {
    let last = lines[lines.length - 1]!;
    while (last && measure(`${last}...`) > width) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last.trimEnd()}...`;
  }
  return lines.length ? lines : [''];
}

/**
 * The rows (their indexes) of each page: rows of `heights` fill a page of `capacity`; the last row goes with the
 * grand total row (`tail` high), so the total is never alone on a page. At least one page, even with no rows.
 */
export function paginate(heights: readonly number[], capacity: number, tail: number): number[][] {
  const pages: number[][] = [];
  let page: number[] = [];
  let used = 0;
  heights.forEach((height, index) => {
    const needs = height + (index === heights.length - 1 ? tail : 0);
    if (page.length && used + needs > capacity) {
      pages.push(page);
      page = [];
      used = 0;
    }
    page.push(index);
    used += height;
  });
  pages.push(page);
  return pages;
}

// --- drawing ------------------------------------------------------------------------------------------

const PAGE: [number, number] = [792, 612];
const MARGIN = 30;
const RIGHT = PAGE[0] - MARGIN;
const INK = rgb(0, 0, 0);
const SHADE = rgb(0.9, 0.9, 0.9);

/** G703 columns: letter, heading, width; money columns right-aligned. */
const G703_COLUMNS = [
  { letter: 'A', title: 'Item no.', width: 70 },
  { letter: 'B', title: 'Description of work', width: 180 },
  { letter: 'C', title: 'Scheduled value', width: 66 },
  { letter: 'D', title: 'From previous application', width: 66 },
  { letter: 'E', title: 'This period', width: 66 },
  { letter: 'F', title: 'Materials presently stored (not in D or E)', width: 66 },
  { letter: 'G', title: 'Total completed and stored to date (D+E+F)', width: 66 },
  { letter: 'G / C', title: '%', width: 36 },
  { letter: 'H', title: 'Balance to finish (C - G)', width: 58 },
  { letter: 'I', title: 'Retainage', width: 58 },
] as const;
const TABLE_SIZE = 7;
const ROW_LINE = 8.5;
const ROW_PAD = 4;
const HEADER_TOP = PAGE[1] - 86;
const HEADER_HEIGHT = 40;
const TABLE_BOTTOM = 44;
const TOTAL_HEIGHT = ROW_LINE + ROW_PAD + 2;

interface Pen {
  font: PDFFont;
  bold: PDFFont;
}

/** Draw `value` on `page` at x, y (left; 'right': x is the right edge). */
function write(page: PDFPage, pen: Pen, value: string, x: number, y: number, size: number, options: { bold?: boolean; right?: boolean } = {}): void {
  const face = options.bold ? pen.bold : pen.font;
  const text = plain(value);
  page.drawText(text, { x: options.right ? x - face.widthOfTextAtSize(text, size) : x, y, size, font: face, color: INK });
}

function box(page: PDFPage, x: number, y: number, width: number, height: number, fill = false): void {
  page.drawRectangle({ x, y, width, height, borderColor: INK, borderWidth: 0.75, ...(fill ? { color: SHADE } : {}) });
}

function rule(page: PDFPage, x1: number, y1: number, x2: number, y2: number, thickness = 0.5): void {
  page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: INK });
}

const day = (value: string | null) => (value ? formatDate(value) || value : '-');
const instantDay = (value: string | null) => (value ? formatDate(clock.centralDayOf(Date.parse(value))) : '-');
const percent = (value: number) => `${value.toFixed(2)}%`;

/** A label and its value in a header box: the label small above, the value below (cut to the box). */
function field(page: PDFPage, pen: Pen, label: string, value: string, x: number, y: number, width: number): void {
  write(page, pen, label, x, y, 6.5, { bold: true });
  const [first] = wrapText(value || '-', width, (t) => pen.font.widthOfTextAtSize(plain(t), 9), 1);
  write(page, pen, first!, x, y - 11, 9);
}

function drawG702(page: PDFPage, pen: Pen, app: PayApplication, facts: PayApplicationDocumentFacts): void {
  const t = app.totals;
  const g = g702Figures(app, facts.changeOrderDates);
  let y = PAGE[1] - MARGIN - 14;
  write(page, pen, 'Application and Certificate for Payment', MARGIN, y, 14, { bold: true });
  write(page, pen, 'G702 layout - continuation sheet (G703 layout) attached', RIGHT, y, 8, { right: true });
  y -= 14;
  write(page, pen, `${app.vendorName} - ${app.commitmentNumber} - period to ${app.periodEnd}${app.final ? ' - final application (retainage release)' : ''} - ${app.recordStateName}`, MARGIN, y, 9);

  // The header: to / from, project and contract, the application's numbers.
  const top = y - 8;
  const height = 74;
  const width = RIGHT - MARGIN;
  const third = width / 3;
  box(page, MARGIN, top - height, width, height);
  rule(page, MARGIN + third, top, MARGIN + third, top - height);
  rule(page, MARGIN + 2 * third, top, MARGIN + 2 * third, top - height);
  const inner = third - 12;
  let x = MARGIN + 6;
  field(page, pen, 'TO (OWNER / CONTRACTOR):', facts.company, x, top - 12, inner);
  field(page, pen, 'FROM (SUBCONTRACTOR / VENDOR):', app.vendorName, x, top - 38, inner);
  x += third;
  field(page, pen, 'PROJECT:', `${facts.projectNumber} ${facts.projectName}`.trim(), x, top - 12, inner);
  field(page, pen, 'JOB NUMBER:', facts.jobNumber, x, top - 38, inner);
  const [contract] = wrapText(`CONTRACT FOR: ${app.commitmentNumber}${facts.commitmentTitle ? ` - ${facts.commitmentTitle}` : ''}`, inner, (s) => pen.font.widthOfTextAtSize(plain(s), 7), 1);
  write(page, pen, contract!, x, top - 64, 7);
  x += third;
  field(page, pen, 'APPLICATION NO.:', `${app.sequence} (${app.number})`, x, top - 12, inner);
  field(page, pen, 'PERIOD TO:', day(app.periodEnd), x, top - 38, inner / 2);
  field(page, pen, 'CONTRACT DATE:', day(facts.contractDate), x + inner / 2, top - 38, inner / 2);
  write(page, pen, app.final ? 'Final application: releases the retainage held' : 'Progress application', x, top - 64, 7);

  // The application: lines 1-9, then the change order summary (left); the certificate (right).
  const bodyTop = top - height - 8;
  const left = 420;
  const leftRight = MARGIN + left;
  const bodyBottom = MARGIN + 14;
  box(page, MARGIN, bodyBottom, left, bodyTop - bodyBottom);
  y = bodyTop - 14;
  write(page, pen, "CONTRACTOR'S APPLICATION FOR PAYMENT", MARGIN + 6, y, 9, { bold: true });
  y -= 11;
  write(page, pen, 'Payment is requested as shown below for the contract named above. The continuation sheet is attached.', MARGIN + 6, y, 6.5);
  y -= 16;
  const amountX = leftRight - 8;
  const line = (label: string, value: number, options: { indent?: number; bold?: boolean; step?: number } = {}) => {
    write(page, pen, label, MARGIN + 6 + (options.indent ?? 0), y, 8, { bold: options.bold });
    write(page, pen, money(value), amountX, y, 8, { right: true, bold: options.bold });
    rule(page, amountX - 80, y - 2, amountX, y - 2, 0.3);
    y -= options.step ?? 14;
  };
  line('1. Original contract sum', g.originalContractSum);
  line('2. Net change by change orders', g.netChangeByChangeOrders);
  line('3. Contract sum to date (line 1 + 2)', t.contractSumToDate);
  line('4. Total completed and stored to date (column G)', t.totalCompletedAndStored);
  line(`5. Retainage (${t.retainagePercent}% of column G; column I)`, t.retainage, { step: 11 });
  line(`a. ${t.retainagePercent}% of completed work (columns D + E: ${money(g.completedWork)})`, g.retainageOnCompletedWork, { indent: 12, step: 11 });
  line(`b. ${t.retainagePercent}% of stored material (column F: ${money(g.storedMaterial)})`, g.retainageOnStoredMaterial, { indent: 12 });
  line('6. Total earned less retainage (line 4 - 5)', t.totalEarnedLessRetainage);
  line('7. Less previous certificates for payment (line 6 of the prior certificate)', t.previousCertificates);
  line('8. Current payment due (line 6 - 7)', t.currentPaymentDue, { bold: true });
  line('9. Balance to finish, including retainage (line 3 - 6)', t.balanceToFinishIncludingRetainage);

  // The change order summary.
  const summaryTop = y - 2;
  const rows: Array<[string, ChangeOrderSums, boolean]> = [
    ['Total changes approved in previous months', g.changeOrders.previousMonths, false],
    ['Total approved this month', g.changeOrders.thisMonth, false],
    ['Totals', g.changeOrders.total, true],
  ];
  const summaryHeight = 14 * (rows.length + 2) + 4;
  const sx = MARGIN + 6;
  const sw = left - 12;
  box(page, sx, summaryTop - summaryHeight, sw, summaryHeight);
  box(page, sx, summaryTop - 14, sw, 14, true);
  const additionsX = sx + sw - 90;
  const deductionsX = sx + sw - 6;
  y = summaryTop - 10;
  write(page, pen, 'CHANGE ORDER SUMMARY', sx + 4, y, 7, { bold: true });
  write(page, pen, 'ADDITIONS', additionsX, y, 7, { bold: true, right: true });
  write(page, pen, 'DEDUCTIONS', deductionsX, y, 7, { bold: true, right: true });
  for (const [label, sums, strong] of rows) {
    y -= 14;
    write(page, pen, label, sx + 4, y, 7.5, { bold: strong });
    write(page, pen, money(sums.additions), additionsX, y, 7.5, { right: true, bold: strong });
    write(page, pen, money(sums.deductions), deductionsX, y, 7.5, { right: true, bold: strong });
  }
  y -= 14;
  rule(page, sx, y + 10, sx + sw, y + 10);
  write(page, pen, 'Net changes by change order', sx + 4, y, 7.5, { bold: true });
  write(page, pen, money(g.changeOrders.net), deductionsX, y, 7.5, { right: true, bold: true });

  // The certificate.
  const cx = leftRight + 10;
  const cw = RIGHT - cx;
  box(page, cx, bodyBottom, cw, bodyTop - bodyBottom);
  y = bodyTop - 14;
  write(page, pen, 'CERTIFICATE FOR PAYMENT', cx + 6, y, 9, { bold: true });
  y -= 12;
  for (const sentence of wrapText('On the contract documents and the data in this application and its continuation sheet, the company certifies the amount below as due to the vendor for the period. The amount is payable only to the vendor named above and does not waive either party\'s rights under the contract.', cw - 12, (s) => pen.font.widthOfTextAtSize(s, 6.5), 5)) {
    write(page, pen, sentence, cx + 6, y, 6.5);
    y -= 8.5;
  }
  y -= 8;
  const certified = CERTIFIED_PAY_APPLICATION_STATES.includes(app.recordStateName);
  write(page, pen, 'AMOUNT CERTIFIED', cx + 6, y, 9, { bold: true });
  write(page, pen, certified ? money(t.currentPaymentDue) : 'Not certified', RIGHT - 8, y, 11, { bold: true, right: true });
  y -= 16;
  const fact = (label: string, value: string) => {
    write(page, pen, label, cx + 6, y, 7.5, { bold: true });
    write(page, pen, value, cx + 86, y, 7.5);
    y -= 12;
  };
  fact('State:', app.recordStateName);
  fact('Certified by:', certified ? facts.certifiedBy ?? '-' : '-');
  fact('Certified on:', certified ? instantDay(facts.certifiedAt) : '-');
  if (!certified && app.waiversMissing.length) fact('Lien waivers:', `${app.waiversMissing.length} missing`);
  // Signature lines: the vendor's application, the company's certificate.
  const signature = (label: string, name: string, at: number) => {
    write(page, pen, label, cx + 6, at + 24, 7.5, { bold: true });
    write(page, pen, name, cx + 6, at + 14, 7.5);
    rule(page, cx + 6, at, cx + cw * 0.62, at);
    rule(page, cx + cw * 0.68, at, RIGHT - 8, at);
    write(page, pen, 'By (signature)', cx + 6, at - 8, 6);
    write(page, pen, 'Date', cx + cw * 0.68, at - 8, 6);
  };
  signature('VENDOR (applicant):', app.vendorName, bodyBottom + 88);
  signature('COMPANY (certifier):', facts.company, bodyBottom + 30);
}

/** The continuation sheet's heading and its table's header row, on each of its pages. */
function drawG703Header(page: PDFPage, pen: Pen, app: PayApplication, facts: PayApplicationDocumentFacts): void {
  let y = PAGE[1] - MARGIN - 12;
  write(page, pen, 'Continuation Sheet', MARGIN, y, 12, { bold: true });
  write(page, pen, `Application no. ${app.sequence}  |  Period to ${day(app.periodEnd)}  |  ${app.number}`, RIGHT, y, 8, { right: true });
  y -= 13;
  write(page, pen, `Attached to the application and certificate for payment of ${app.vendorName}, ${app.commitmentNumber}${facts.commitmentTitle ? ` ${facts.commitmentTitle}` : ''}`.slice(0, 160), MARGIN, y, 7.5);
  write(page, pen, `${facts.projectNumber} ${facts.projectName}  |  Job ${facts.jobNumber}`.slice(0, 90), RIGHT, y, 7.5, { right: true });
  box(page, MARGIN, HEADER_TOP - HEADER_HEIGHT, RIGHT - MARGIN, HEADER_HEIGHT, true);
  let x = MARGIN;
  for (const column of G703_COLUMNS) {
    if (x > MARGIN) rule(page, x, HEADER_TOP, x, HEADER_TOP - HEADER_HEIGHT);
    write(page, pen, column.letter, x + column.width / 2 - pen.bold.widthOfTextAtSize(column.letter, 7) / 2, HEADER_TOP - 9, 7, { bold: true });
    const lines = wrapText(column.title, column.width - 6, (s) => pen.font.widthOfTextAtSize(s, 6), 3);
    lines.forEach((text, i) => write(page, pen, text, x + 3, HEADER_TOP - 18 - i * 7, 6));
    x += column.width;
  }
}

/** One table row (text lines of B given), its top at `top`; answers its height. */
function drawG703Row(page: PDFPage, pen: Pen, row: G703Row, descriptionLines: readonly string[], top: number, strong = false): number {
  const height = descriptionLines.length * ROW_LINE + ROW_PAD + (strong ? 2 : 0);
  if (strong) box(page, MARGIN, top - height, RIGHT - MARGIN, height, true);
  const baseline = top - ROW_LINE;
  const cells = [
    row.item, null, money(row.scheduledValue), money(row.fromPrevious), money(row.thisPeriod), money(row.storedMaterials),
    money(row.completedAndStored), percent(row.percent), money(row.balanceToFinish), money(row.retainage),
  ];
  let x = MARGIN;
  G703_COLUMNS.forEach((column, i) => {
    const cell = cells[i];
    if (i === 1) descriptionLines.forEach((text, n) => write(page, pen, text, x + 3, baseline - n * ROW_LINE, TABLE_SIZE, { bold: strong }));
    else if (i === 0) write(page, pen, cell!, x + 3, baseline, TABLE_SIZE, { bold: strong });
    else write(page, pen, cell!, x + column.width - 3, baseline, TABLE_SIZE, { right: true, bold: strong });
    x += column.width;
  });
  rule(page, MARGIN, top - height, RIGHT, top - height, strong ? 0.75 : 0.3);
  return height;
}

/** The application's document: the G702 page, then the G703 pages, "Page n of m" on each. */
export async function payApplicationPdf(app: PayApplication, facts: PayApplicationDocumentFacts = NO_FACTS): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(plain(`${app.number} application for payment`));
  pdf.setCreationDate(clock.now());
  pdf.setModificationDate(clock.now());
  const pen: Pen = { font: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  drawG702(pdf.addPage(PAGE), pen, app, facts);

  const { rows, total } = g703Rows(app);
  const descriptionWidth = G703_COLUMNS[1].width - 6;
  const measure = (text: string) => pen.font.widthOfTextAtSize(plain(text), TABLE_SIZE);
  const descriptions = rows.map((row) => wrapText(row.description, descriptionWidth, measure));
  const heights = descriptions.map((lines) => lines.length * ROW_LINE + ROW_PAD);
  const pages = paginate(heights, HEADER_TOP - HEADER_HEIGHT - TABLE_BOTTOM, TOTAL_HEIGHT);
  pages.forEach((indexes, n) => {
    const page = pdf.addPage(PAGE);
    drawG703Header(page, pen, app, facts);
    let top = HEADER_TOP - HEADER_HEIGHT;
    for (const index of indexes) top -= drawG703Row(page, pen, rows[index]!, descriptions[index]!, top);
    if (n === pages.length - 1) top -= drawG703Row(page, pen, total, ['Grand total'], top, true);
    // The columns' rules, from the header down to the last row.
    let x = MARGIN;
    for (const column of G703_COLUMNS) {
      rule(page, x, HEADER_TOP - HEADER_HEIGHT, x, top);
      x += column.width;
    }
    rule(page, RIGHT, HEADER_TOP - HEADER_HEIGHT, RIGHT, top);
    if (n < pages.length - 1) write(page, pen, 'Continued on the next page', RIGHT, top - 10, 7, { right: true });
  });

  const count = pdf.getPageCount();
  pdf.getPages().forEach((page, n) => {
    write(page, pen, app.number, MARGIN, 18, 7);
    write(page, pen, `Page ${n + 1} of ${count}`, RIGHT, 18, 7, { right: true });
  });
  return pdf.save();
}

/** The facts when none are known (the document still draws every figure). */
const NO_FACTS: PayApplicationDocumentFacts = {
  company: '', projectName: '', projectNumber: '', jobNumber: '', commitmentTitle: '', contractDate: null, changeOrderDates: {},
  certifiedBy: null, certifiedAt: null,
};

// --- filed on the record ------------------------------------------------------------------------------

/** The name of the document filed on the record when it is approved for payment. */
export const filedDocumentName = (number: string) => storedName(`${number} application for payment.pdf`);

/** The document drawn ahead of an Approved for Payment move, and the figures it shows. */
export interface PendingCertificate {
  payApplicationId: number;
  totals: PayTotals;
  name: string;
  bytes: Uint8Array;
}

/**
 * When `move` takes an application to Approved for Payment: its document as it will be once certified (that
 * state, certified by `certifier` today); else null. Drawn before the move's transaction (drawing is
 * asynchronous); fileCertificate files it in the transaction.
 */
export async function certificateAhead(
  db: Database.Database, move: RequestedMove, certifier: { preferredName: string },
): Promise<PendingCertificate | null> {
  const target = stateById(db, move.routeStateId);
  if (!target || target.applicationRecordKey !== PAY_APPLICATION_RECORD_KEY || target.name !== PAY_APPLICATION_STATES.approvedForPayment) return null;
  const app = payApplicationById(db, move.itemId);
  if (!app) return null;
  const certified: PayApplication = {
    ...app, applicationRecordStateId: target.applicationRecordStateId, recordStateName: target.name, closed: target.closed === 1, waiversMissing: [],
  };
  const facts = { ...documentFacts(db, app), certifiedBy: certifier.preferredName, certifiedAt: clock.nowIso() };
  return { payApplicationId: app.payApplicationId, totals: app.totals, name: filedDocumentName(app.number), bytes: await payApplicationPdf(certified, facts) };
}

/**
 * File the document drawn ahead (certificateAhead) on application `payApplicationId`, moving to Approved for Payment
 * now with `totals`: 409 when none was drawn for it or its figures changed since (the move is then not made).
 * Answers the file's id.
 */
export function fileCertificate(
  db: Database.Database, pending: PendingCertificate | null, now: { payApplicationId: number; totals: PayTotals; employeeId: number; at: string },
): number {
  if (!pending || pending.payApplicationId !== now.payApplicationId || JSON.stringify(pending.totals) !== JSON.stringify(now.totals)) {
    throw conflict('The pay application changed while it was being certified: reload it and approve it for payment again.');
  }
  return Number(db.prepare(`INSERT INTO files (applicationRecordKey, recordId, name, mime, size, bytes, uploadedByEmployeeId, uploadedAt, modifiedAt)
    VALUES (?, ?, ?, 'application/pdf', ?, ?, ?, ?, ?)`).run(PAY_APPLICATION_RECORD_KEY, now.payApplicationId, pending.name, pending.bytes.length,
    Buffer.from(pending.bytes), now.employeeId, now.at, now.at).lastInsertRowid);
}
