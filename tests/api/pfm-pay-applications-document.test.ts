/**
 * The pay application's document (demo/host/api/pfm/pay-applications/document.ts): the G702 figures and the G703
 * rows and pages as pure functions, the PDF parsed back (pages, "Page n of m", the header row on every sheet,
 * the grand total equal to the G702 lines), the document filed on the record by Approved for Payment (once, not
 * by other moves or a refused one), and the team guard on the document and the filed file.
 *
 * The clock is pinned a month after the test seed's day, so the current period takes a new application.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { formatMoney as money } from '../../src/core/format/numbers';
import { lastDayOf, periodOf, pinClock, today } from '../../src/core/clock';
import { PAY_APPLICATION_PATHS as PATHS, type PayApplication, type PayApplicationLine } from '../../src/core/pay-applications/contract';
import { payApplicationFigures, periodEndOf, type PayLineInput } from '../../src/core/pay-applications/rules';
import {
  fileCertificate, filedDocumentName, g702Figures, g703Rows, paginate, payApplicationPdf, wrapText, type PayApplicationDocumentFacts,
} from '../../demo/host/api/pfm/pay-applications/document';
import { checksum, stateId, type Form } from './api-client';
import { pdfPagesText } from './support/pdf-text';
import { TEST_SEED_DAY } from './support/seed-day';
import { useTestHost, type Row } from './support/use-host';

const NEXT_MONTH = `${lastDayOf(periodOf(TEST_SEED_DAY))}T18:00:00.000Z`;
const { host, api, one, all } = useTestHost({ clock: () => pinClock(new Date(Date.parse(NEXT_MONTH) + 2 * 86_400_000).toISOString()) });

const st = (name: string) => stateId(host, 'PayApplication', name);
const WAIVER = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const cents = (n: number) => Math.round(n * 100) / 100;

/** The string drawn right after the first one matching `label` (an amount after its label). */
const after = (texts: readonly string[], label: RegExp, skip = 1) => texts[texts.findIndex((t) => label.test(t)) + skip];

const FACTS: PayApplicationDocumentFacts = {
  company: 'Summit Builders', projectName: 'Riverside Clinic', projectNumber: '24-1032', jobNumber: '24-1032-00', commitmentTitle: 'Drywall',
  contractDate: null, changeOrderDates: {}, certifiedBy: null, certifiedAt: null,
};

/**
 * An application of `count` lines drawn from `template`: every fourth line a change order (CO-1 dated before the
 * period's month, CO-2 in it; CO-2's lines deduct), stored materials on every third, the arithmetic of the rules.
 */
function syntheticApp(template: PayApplication, count: number, longDescription = ''): PayApplication {
  const inputs: Array<PayLineInput & { source: 'original' | 'changeOrder'; changeOrderNumber: string | null; description: string }> = [];
  for (let i = 0; i < count; i++) {
    const changeOrder = i % 4 === 3 ? (i % 8 === 3 ? 'CO-1' : 'CO-2') : null;
    const scheduledValue = changeOrder === 'CO-2' ? -(100 + i) : 10_000 + i * 137.31;
    inputs.push({
      itemId: i + 1, source: changeOrder ? 'changeOrder' : 'original', changeOrderNumber: changeOrder, scheduledValue,
      previousCompleted: changeOrder === 'CO-2' ? 0 : cents(scheduledValue * 0.3), thisPeriod: changeOrder === 'CO-2' ? scheduledValue : cents(scheduledValue * 0.2),
      storedMaterials: !changeOrder && i % 3 === 0 ? 250.55 : 0, description: i === 1 && longDescription ? longDescription : `Work item ${i + 1}`,
    });
  }
  const figures = payApplicationFigures(inputs, { retainagePercent: 10, reduceRetainageAtHalf: false }, 1234.56);
  return {
    ...template, recordStateName: 'Submitted', retainagePercent: 10, totals: figures.totals, waiversMissing: [],
    lines: figures.lines.map((line, i): PayApplicationLine => ({
      ...line, source: inputs[i]!.source, changeOrderNumber: inputs[i]!.changeOrderNumber, costCodeId: 1, costCode: `03-300-${String(i).padStart(2, '0')} (S)`,
      description: inputs[i]!.description,
    })),
  };
}

/** A PayApplication of project 1 as the API answers it (the template of the synthetic ones). */
async function template(): Promise<PayApplication> {
  const { payApplicationId } = one('SELECT payApplicationId FROM pay_applications WHERE projectId = 1 ORDER BY payApplicationId LIMIT 1');
  const answer = await api.get('pm', PATHS.one, { payApplicationId });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
}

describe('the layout, pure', () => {
  it('G702: lines 1 + 2 are line 3, retainage a + b is line 5, change orders split by the period\'s month into additions and deductions', async () => {
    const app = syntheticApp(await template(), 16);
    const monthStart = `${app.periodEnd.slice(0, 7)}-01`;
    const dayBefore = new Date(Date.parse(`${monthStart}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const g = g702Figures(app, { 'CO-1': dayBefore, 'CO-2': monthStart });
    const co1 = cents(app.lines.filter((l) => l.changeOrderNumber === 'CO-1').reduce((s, l) => s + l.scheduledValue, 0));
    const co2 = cents(app.lines.filter((l) => l.changeOrderNumber === 'CO-2').reduce((s, l) => s + l.scheduledValue, 0));
    assert.ok(co1 > 0 && co2 < 0);
    assert.deepEqual(g.changeOrders.previousMonths, { additions: co1, deductions: 0 });
    assert.deepEqual(g.changeOrders.thisMonth, { additions: 0, deductions: -co2 });
    assert.deepEqual(g.changeOrders.total, { additions: co1, deductions: -co2 });
    assert.equal(g.changeOrders.net, cents(co1 + co2));
    assert.equal(g.netChangeByChangeOrders, cents(co1 + co2));
    assert.equal(cents(g.originalContractSum + g.netChangeByChangeOrders), app.totals.contractSumToDate);
    const stored = cents(app.lines.reduce((s, l) => s + l.storedMaterials, 0));
    assert.ok(stored > 0);
    assert.equal(g.storedMaterial, stored);
    assert.equal(g.retainageOnStoredMaterial, cents(stored * 0.1));
    assert.equal(cents(g.retainageOnCompletedWork + g.retainageOnStoredMaterial), app.totals.retainage);
    assert.equal(cents(g.completedWork + g.storedMaterial), app.totals.totalCompletedAndStored);
    // A change order without a known date counts in this month; one dated in the month before it counts before.
    assert.deepEqual(g702Figures(app, {}).changeOrders.previousMonths, { additions: 0, deductions: 0 });
  });

  it('G703: the grand total row is the G702 contract sum (C), line 4 (G) and line 5 (I); H is C - G; a change order line names it', async () => {
    const app = syntheticApp(await template(), 60);
    const { rows, total } = g703Rows(app);
    assert.equal(rows.length, 60);
    assert.equal(total.scheduledValue, app.totals.contractSumToDate);
    assert.equal(total.completedAndStored, app.totals.totalCompletedAndStored);
    assert.equal(total.retainage, app.totals.retainage);
    assert.equal(total.balanceToFinish, cents(total.scheduledValue - total.completedAndStored));
    assert.equal(cents(total.fromPrevious + total.thisPeriod + total.storedMaterials), total.completedAndStored);
    assert.equal(total.percent, app.totals.percentComplete);
    assert.equal(rows[3]!.description, 'CO-1: Work item 4');
    assert.equal(rows[0]!.item, app.lines[0]!.costCode);
  });

  it('wrapText: words to lines within the width, a long word broken, what does not fit cut with "..."', async () => {
    const measure = (text: string) => text.length * 5; // 5 points a character
    assert.deepEqual(wrapText('Frame and hang gypsum board', 60, measure), ['Frame and', 'hang gyps...']);
    assert.deepEqual(wrapText('Frame and hang gypsum board', 60, measure, 3), ['Frame and', 'hang gypsum', 'board']);
    assert.deepEqual(wrapText('Frame and hang', 70, measure), ['Frame and hang']);
    assert.deepEqual(wrapText('Frame and hang', 69, measure), ['Frame and', 'hang']);
    const cut = wrapText('one two three four five six seven', 40, measure);
    assert.equal(cut.length, 2);
    assert.ok(cut[1]!.endsWith('...') && measure(cut[1]!) <= 40, cut.join('|'));
    assert.deepEqual(wrapText('ABCDEFGHIJKLMNOP', 40, measure, 3), ['ABCDEFGH', 'IJKLMNOP']);
    assert.deepEqual(wrapText('', 40, measure), ['']);
    // Real Helvetica widths: every line within the width.
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const line of wrapText('Furnish and install metal stud framing, gypsum board and finishing at levels one to four', 174, (t) => font.widthOfTextAtSize(t, 7))) {
      assert.ok(font.widthOfTextAtSize(line, 7) <= 174, line);
    }
  });

  it('paginate: rows fill a page; the last row goes over with the grand total, which is never alone', () => {
    assert.deepEqual(paginate([10, 10, 10], 30, 5), [[0, 1], [2]]);
    assert.deepEqual(paginate([10, 10, 10], 35, 5), [[0, 1, 2]]);
    assert.deepEqual(paginate([10, 20, 10, 10], 30, 0), [[0, 1], [2, 3]]);
    assert.deepEqual(paginate([], 30, 5), [[]]);
    const pages = paginate(Array.from({ length: 60 }, (_, i) => (i % 5 ? 12.5 : 21)), 438, 14.5);
    assert.deepEqual(pages.flat(), Array.from({ length: 60 }, (_, i) => i));
    assert.ok(pages.length >= 2);
  });
});

describe('the PDF', () => {
  it('60 lines: the G702 page, then the continuation sheet over pages each with its header row; "Page n of m"; the grand total equals G702', async () => {
    const long = 'Furnish and install metal stud framing, gypsum board, tape and finish to level four at every floor, with shaft walls and firestopping';
    const app = syntheticApp(await template(), 60, long);
    const bytes = await payApplicationPdf(app, FACTS);
    const doc = await PDFDocument.load(bytes);
    const pages = await pdfPagesText(bytes);
    assert.equal(pages.length, doc.getPageCount());
    assert.ok(pages.length >= 3, `the continuation sheet spans ${pages.length - 1} page(s)`);
    pages.forEach((texts, i) => {
      assert.ok(texts.includes(`Page ${i + 1} of ${pages.length}`), `page ${i + 1}`);
      if (i > 0) {
        assert.ok(texts.includes('Continuation Sheet') && texts.includes('Description of work'), `the header row on page ${i + 1}`);
        assert.equal(texts.filter((t) => t === 'Grand total').length, i === pages.length - 1 ? 1 : 0);
      }
    });
    // Every line once, in order, over the pages.
    const items = pages.slice(1).flat().filter((t) => /^03-300-\d\d \(S\)$/.test(t));
    assert.deepEqual(items, app.lines.map((l) => l.costCode));
    const sheet = pages.slice(1).flat();
    assert.ok(sheet.some((t) => t.startsWith('Furnish and install') && !t.endsWith('...')));
    assert.ok(sheet.some((t) => t.endsWith('...')), 'the long description is cut after two lines');
    assert.ok(!sheet.includes(long));
    // The grand total: C, D, E, F, G, G/C, H, I.
    const t = app.totals;
    const { total } = g703Rows(app);
    const totalAt = sheet.lastIndexOf('Grand total');
    assert.deepEqual(sheet.slice(totalAt + 1, totalAt + 9), [
      money(t.contractSumToDate), money(total.fromPrevious), money(total.thisPeriod), money(total.storedMaterials), money(t.totalCompletedAndStored),
      `${t.percentComplete.toFixed(2)}%`, money(total.balanceToFinish), money(t.retainage),
    ]);
    // The G702 page: its header boxes and lines 1-9, retainage split.
    const g702 = pages[0]!;
    assert.equal(after(g702, /^TO \(OWNER/), FACTS.company);
    assert.equal(after(g702, /^FROM \(SUBCONTRACTOR/), app.vendorName);
    assert.equal(after(g702, /^PROJECT:/), `${FACTS.projectNumber} ${FACTS.projectName}`);
    assert.equal(after(g702, /^JOB NUMBER:/), FACTS.jobNumber);
    assert.equal(after(g702, /^APPLICATION NO\.:/), `${app.sequence} (${app.number})`);
    assert.equal(after(g702, /^CONTRACT DATE:/), '-');
    assert.equal(after(g702, /^3\. Contract sum to date/), money(t.contractSumToDate));
    assert.equal(after(g702, /^4\. Total completed and stored/), money(t.totalCompletedAndStored));
    assert.equal(after(g702, /^5\. Retainage/), money(t.retainage));
    const g = g702Figures(app, {});
    assert.equal(after(g702, /^a\. 10% of completed work/), money(g.retainageOnCompletedWork));
    assert.equal(after(g702, /^b\. 10% of stored material/), money(g.retainageOnStoredMaterial));
    assert.equal(after(g702, /^8\. Current payment due/), money(t.currentPaymentDue));
    assert.equal(after(g702, /^Net changes by change order/), money(g.changeOrders.net));
    assert.equal(after(g702, /^AMOUNT CERTIFIED/), 'Not certified');
    assert.equal(after(g702, /^State:/), 'Submitted');
  });

  it('a few lines: one continuation page; user text outside WinAnsi is drawn as "?"', async () => {
    const base = syntheticApp(await template(), 3);
    const app = { ...base, vendorName: 'Żelazo Ltd ✓' };
    const pages = await pdfPagesText(await payApplicationPdf(app, { ...FACTS, company: 'Büro' }));
    assert.equal(pages.length, 2);
    assert.equal(after(pages[0]!, /^TO \(OWNER/), 'B?ro');
    assert.equal(after(pages[0]!, /^FROM \(SUBCONTRACTOR/), '?elazo Ltd ?');
  });
});

// --- filed on the record ---------------------------------------------------------------------------------

/** An executed subcontract of project 1 with retainage, items over $20,000 and no open application nor one of this period. */
function subcontract(): Row {
  return one(`SELECT t.subcontractId, t.number FROM subcontracts t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
    WHERE t.projectId = 1 AND s.name = 'Executed' AND t.retainagePercent > 0
      AND (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = t.subcontractId) > 20000
      AND NOT EXISTS (SELECT 1 FROM pay_applications a JOIN application_record_states x ON x.applicationRecordStateId = a.applicationRecordStateId
        WHERE a.commitmentKey = 'Subcontract' AND a.commitmentId = t.subcontractId AND (x.closed = 0 OR a.periodEnd >= ?))
    ORDER BY t.subcontractId LIMIT 1`, periodEndOf(today()));
}

const move = (login: string, app: Row, to: string) =>
  api.post(login, PATHS.updateState, { ItemId: app.payApplicationId, OldRecordStateId: app.applicationRecordStateId, RouteStateId: st(to) });
async function moved(login: string, app: Row, to: string): Promise<Row> {
  const answer = await move(login, app, to);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.data;
}
const waiver = (app: Row, kind: string, amount: number, throughDate: string) => api.post('pm', PATHS.addLienWaiver, {
  PayApplicationId: app.payApplicationId, Kind: kind, Amount: amount.toFixed(2), ThroughDate: throughDate,
  file: new File([WAIVER], 'waiver.pdf', { type: 'application/pdf' }),
});
const filesOf = (id: number): Row[] => all("SELECT fileId, name, mime, size, uploadedByEmployeeId FROM files WHERE applicationRecordKey = 'PayApplication' AND recordId = ? ORDER BY fileId", id);

/** A new application of project 1 billing 5% of every line, one line with stored materials, moved to Approved. */
async function approvedApplication(): Promise<Row> {
  const target = subcontract();
  const created = await api.post('pm', PATHS.create, { RecordKey: 'Subcontract', CommitmentId: target.subcontractId, PeriodEnd: periodEndOf(today()) });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const draft = created.body.data;
  const form: Form = { PayApplicationId: draft.payApplicationId, lastLoad: draft.modifiedAt };
  draft.lines.forEach((line: Row, i: number) => {
    form[`lines[${i}].itemId`] = line.itemId;
    form[`lines[${i}].source`] = line.source;
    form[`lines[${i}].thisPeriod`] = (Math.floor((line.scheduledValue - line.previousCompleted - line.storedMaterials) * 0.05 * 100) / 100).toFixed(2);
  });
  form['lines[0].storedMaterials'] = '100.00';
  const saved = await api.post('pm', PATHS.save, form);
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const files = filesOf(draft.payApplicationId).length;
  const approved = await moved('rpm', await moved('pm', saved.body.data, 'Submitted'), 'Approved');
  assert.equal(filesOf(draft.payApplicationId).length, files, 'Submitted and Approved file nothing');
  return approved;
}

describe('filed on the record at Approved for Payment', () => {
  it('files exactly one PDF, in the Files list, as certified; a refused move files nothing, Paid files no other; the download renders the state now', async () => {
    const approved = await approvedApplication();
    const id = approved.payApplicationId;
    // Refused (no lien waivers yet): nothing written.
    const before = checksum(host, ['files', 'pay_applications']);
    const refused = await move('admin', approved, 'Approved for Payment');
    assert.equal(refused.status, 400);
    assert.equal(checksum(host, ['files', 'pay_applications']), before);

    await waiver(approved, 'Conditional Progress', approved.totals.currentPaymentDue, approved.periodEnd);
    const previous = one("SELECT * FROM pay_applications WHERE commitmentKey = 'Subcontract' AND commitmentId = ? AND sequence = ?", approved.commitmentId, approved.sequence - 1);
    if (previous) await waiver(approved, 'Unconditional Progress', previous.certifiedPaymentDue, previous.periodEnd);
    const waiverFiles = filesOf(id);
    const certified = await moved('admin', approved, 'Approved for Payment');
    const filed = filesOf(id).filter((f) => !waiverFiles.some((w) => w.fileId === f.fileId));
    assert.equal(filed.length, 1);
    assert.equal(filed[0]!.name, `${approved.number} application for payment.pdf`);
    assert.equal(filed[0]!.name, filedDocumentName(approved.number));
    assert.equal(filed[0]!.mime, 'application/pdf');
    assert.equal(filed[0]!.uploadedByEmployeeId, one("SELECT employeeId FROM employees WHERE login = 'admin'").employeeId);

    const list = await api.get('pm', '/api/pfm/files', { recordKey: 'PayApplication', recordId: id });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const listed = list.body.data.filter((f: Row) => f.name === filed[0]!.name);
    assert.equal(listed.length, 1);
    assert.equal(listed[0].fileId, filed[0]!.fileId);

    const download = await api.post('pm', '/api/pfm/files/download', { FileId: filed[0]!.fileId });
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/pdf');
    const [g702] = await pdfPagesText(download.bytes);
    assert.equal(after(g702!, /^AMOUNT CERTIFIED/), money(certified.totals.currentPaymentDue));
    assert.equal(after(g702!, /^State:/), 'Approved for Payment');
    assert.equal(after(g702!, /^Certified by:/), 'Dana Whitfield');
    assert.equal(after(g702!, /^8\. Current payment due/), money(certified.totals.currentPaymentDue));
    assert.equal(after(g702!, /^b\. .*% of stored material/), money(cents(100 * certified.totals.retainagePercent / 100)));
    assert.equal(after(g702!, /^PROJECT:/)?.startsWith(one('SELECT number FROM projects WHERE projectId = 1').number), true);

    await moved('pm', certified, 'Paid');
    assert.equal(filesOf(id).length, waiverFiles.length + 1, 'Paid files no other document');
    // The download route renders the application as it is now (Paid), the filed one stays as certified.
    const now = await api.get('pm', PATHS.document, { payApplicationId: id });
    assert.equal(now.status, 200);
    assert.equal(after((await pdfPagesText(now.bytes))[0]!, /^State:/), 'Paid');
    assert.equal(after((await pdfPagesText((await api.post('pm', '/api/pfm/files/download', { FileId: filed[0]!.fileId })).bytes))[0]!, /^State:/), 'Approved for Payment');
  });

  it('fileCertificate refuses (409, nothing filed) when no document was drawn for the application or its figures changed since', async () => {
    const app = syntheticApp(await template(), 2);
    const now = { payApplicationId: app.payApplicationId, totals: app.totals, employeeId: 1, at: NEXT_MONTH };
    const pending = { payApplicationId: app.payApplicationId, totals: app.totals, name: filedDocumentName(app.number), bytes: new Uint8Array([37, 80, 68, 70]) };
    const before = checksum(host, ['files']);
    const refusal = (error: unknown) => (error as { statusCode?: number }).statusCode === 409;
    assert.throws(() => fileCertificate(host.db, null, now), refusal);
    assert.throws(() => fileCertificate(host.db, { ...pending, payApplicationId: app.payApplicationId + 1 }, now), refusal);
    assert.throws(() => fileCertificate(host.db, { ...pending, totals: { ...app.totals, currentPaymentDue: cents(app.totals.currentPaymentDue + 0.01) } }, now), refusal);
    assert.equal(checksum(host, ['files']), before);
    const fileId = host.db.transaction(() => fileCertificate(host.db, pending, now))();
    assert.equal(one('SELECT name FROM files WHERE fileId = ?', fileId).name, `${app.number} application for payment.pdf`);
    host.db.prepare('DELETE FROM files WHERE fileId = ?').run(fileId);
  });

  it('a PM of other projects only (off this project\'s team) can not download the document, list the files or download the filed one (403)', async () => {
    const filed = one(`SELECT f.fileId, f.recordId FROM files f JOIN pay_applications a ON a.payApplicationId = f.recordId
      WHERE f.applicationRecordKey = 'PayApplication' AND a.projectId = 1 AND f.name LIKE '% application for payment.pdf' LIMIT 1`);
    assert.ok(filed, 'the previous test filed a document');
    const pm = one("SELECT employeeId FROM employees WHERE login = 'pm'").employeeId;
    assert.ok(one("SELECT count(*) AS n FROM projects WHERE projectManagerEmployeeId = ? AND projectId <> 1", pm).n > 0, 'pm manages other projects');
    assert.equal((await api.get('pm', PATHS.document, { payApplicationId: filed.recordId })).status, 200);
    host.db.prepare("UPDATE project_team_members SET removedAt = ? WHERE employeeId = ? AND projectId = 1").run(new Date(Date.parse(NEXT_MONTH)).toISOString(), pm);
    try {
      assert.equal((await api.get('pm', PATHS.document, { payApplicationId: filed.recordId })).status, 403);
      assert.equal((await api.get('pm', '/api/pfm/files', { recordKey: 'PayApplication', recordId: filed.recordId })).status, 403);
      assert.equal((await api.post('pm', '/api/pfm/files/download', { FileId: filed.fileId })).status, 403);
    } finally {
      host.db.prepare('UPDATE project_team_members SET removedAt = NULL WHERE employeeId = ? AND projectId = 1').run(pm);
    }
  });
});
