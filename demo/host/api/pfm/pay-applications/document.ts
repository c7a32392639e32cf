/**
 * The pay application's document: the application (G702 totals) and its continuation sheet (G703 lines) as a
 * plain PDF in their order of lines and columns, made with pdf-lib. A first layout: not yet the AIA forms'
 * boxes, and not yet filed on the record.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PayApplication } from '../../../../../src/core/pay-applications/contract';
import { formatMoney as money } from '../../../../../src/core/format/numbers';

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
  text(`${app.vendorName} · ${app.commitmentNumber} · period to ${app.periodEnd}${app.final ? ' · final application (retainage release)' : ''} · ${app.recordStateName}`, 36);
  line(20);
  const t = app.totals;
  const rows: Array<[string, number]> = [
    ['1. Contract sum to date', t.contractSumToDate], ['2. Total completed and stored to date', t.totalCompletedAndStored],
    [`3. Retainage (${t.retainagePercent}%)`, t.retainage], ['4. Total earned less retainage', t.totalEarnedLessRetainage],
    ['5. Less previous certificates for payment', t.previousCertificates], ['6. Current payment due', t.currentPaymentDue],
    ['7. Balance to finish, including retainage', t.balanceToFinishIncludingRetainage],
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
