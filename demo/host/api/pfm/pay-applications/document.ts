/**
 * The pay application's document: the application (G702 totals) and its continuation sheet (G703 lines) as a
 * plain PDF in their order of lines and columns, made with pdf-lib. A first layout: not yet the AIA forms'
 * boxes, and not yet filed on the record.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PayApplication } from '../../../../../src/core/pay-applications/contract';
import { formatMoney as money } from '../../../../../src/core/format/numbers';
import { cents } from '../../../../../src/core/format/numbers';

/** WinAnsi text only (the standard fonts' encoding). */
const plain = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

export async function payApplicationPdf(app: PayApplication): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([792, 612]);
  let y = 570;
  const text = (value: string, x: number, size = 9, face: PDFFont = font) => page.drawText(plain(value), { x, y, size, font: face });
  const line = (step = 13) => {
    y -= step;
    if (y < 40) {
      page = pdf.addPage([792, 612]);
      y = 570;
    }
  };
  text(`Application and Certificate for Payment: ${app.number}`, 36, 14, bold);
  line(20);
  text(`${app.vendorName} - ${app.commitmentNumber} - period to ${app.periodEnd}${app.final ? ' - final application (retainage release)' : ''} - ${app.recordStateName}`, 36);
  line(20);
  const t = app.totals;
  // G702's lines: the contract sum to date is the original sum plus the approved change orders (the lines of each).
  const changes = app.lines.reduce((sum, l) => sum + (l.source === 'changeOrder' ? l.scheduledValue : 0), 0);
  const rows: Array<[string, number]> = [
    ['1. Original contract sum', cents(t.contractSumToDate - changes)], ['2. Net change by change orders', cents(changes)],
    ['3. Contract sum to date (line 1 + 2)', t.contractSumToDate], ['4. Total completed and stored to date (column G)', t.totalCompletedAndStored],
    [`5. Retainage (${t.retainagePercent}% of column G)`, t.retainage], ['6. Total earned less retainage (line 4 - 5)', t.totalEarnedLessRetainage],
    ['7. Less previous certificates for payment', t.previousCertificates], ['8. Current payment due (line 6 - 7)', t.currentPaymentDue],
    ['9. Balance to finish, including retainage (line 3 - 6)', t.balanceToFinishIncludingRetainage],
  ];
  for (const [label, value] of rows) {
    text(label, 36);
    text(money(value), 300);
    line();
  }
  line(10);
  text('Continuation sheet', 36, 11, bold);
  line(16);
  const columns = [36, 90, 250, 330, 410, 480, 550, 640, 710];
  ['Item', 'Description', 'Scheduled', 'Previous', 'This period', 'Stored', 'Completed %', 'Balance', 'Retainage']
    .forEach((label, i) => text(label, columns[i]!, 8, bold));
  line();
  for (const l of app.lines) {
    [l.costCode, l.description.slice(0, 30), money(l.scheduledValue), money(l.previousCompleted), money(l.thisPeriod), money(l.storedMaterials),
      `${money(l.totalCompletedAndStored)} (${l.percentComplete}%)`, money(l.balanceToFinish), money(l.retainage)]
      .forEach((value, i) => text(value, columns[i]!, 8));
    line(12);
  }
  return pdf.save();
}
