// Formula injection (issue 16): the one guard of every CSV and Excel export (src/core/format/spreadsheet.ts),
// each trigger character on its own, then every export of the product table-driven: its sheet builder gets
// text starting with each trigger and a negative amount; the CSV writes the text with a leading apostrophe
// and the amount as a number, the Excel file writes the text as a text cell (never a formula) and the
// amount as a number cell. The Tabulator grids' exports (projection grid, cost code transactions) build
// their sheet in src/ui/grid/export.ts and write it with the same sheetToCsv / sheetToExcelBlob
// (tests/elements/grid.test.tsx checks their '=SUM(A1)' cell).
import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import { FORMULA_TRIGGERS, csvField, csvText, isFormulaText, neutraliseFormula } from '../../src/core/format';
import { auditSheet } from '../../src/features/admin/users/data';
import { billingSheet } from '../../src/features/billing/data';
import { issuesSheet } from '../../src/features/data-quality/data';
import { toCsvText } from '../../src/features/reports/data';
import { slimQueueSheet } from '../../src/features/risk/slim/data';
import { sraSheet } from '../../src/features/risk/sra/data';
import { averagesSheet } from '../../src/features/surveys/data';
import { teamRequestsSheet } from '../../src/features/time-off/data';
import { teamSheet } from '../../src/features/timecards/manage/data';
import { sheetToCsv, sheetToExcelBlob, type ExportSheet } from '../../src/ui/grid/export';
import { recordSheet } from '../../src/core/records/history';

const NAMES: Record<string, string> = { '=': 'equals', '+': 'plus', '-': 'minus', '@': 'at', '\t': 'tab', '\r': 'carriage return' };
const AMOUNT = -1234.5;

describe('formula injection: the core guard', () => {
  it('knows the six triggers: = + - @ tab and carriage return', () => {
    expect(FORMULA_TRIGGERS).to.deep.equal(['=', '+', '-', '@', '\t', '\r']);
  });

  for (const trigger of FORMULA_TRIGGERS) {
    it(`text starting with ${NAMES[trigger]} gets a leading apostrophe, in a CSV field too`, () => {
      const text = `${trigger}HYPERLINK("https://evil.example")`;
      expect(isFormulaText(text)).to.equal(true);
      expect(neutraliseFormula(text)).to.equal(`'${text}`);
      expect(csvField(text)).to.equal(`"'${text.replace(/"/g, '""')}"`);
      expect(csvField(`${trigger}1+1`)).to.equal(trigger === '\r' ? `"'\r1+1"` : `'${trigger}1+1`);
    });
  }

  it('the classic command payload is neutralised although it starts like a number', () => {
    expect(csvField("-2+3+cmd|' /C calc'!A0")).to.equal("'-2+3+cmd|' /C calc'!A0");
    expect(csvField('+1 rating')).to.equal("'+1 rating");
  });

  it('numbers stay numbers; number-like text is text and is written as text like any other', () => {
    expect(csvField(AMOUNT)).to.equal('-1234.5');
    expect(csvField(0)).to.equal('0');
    expect(csvField('-1234.5')).to.equal("'-1234.5");
    expect(csvField('+3')).to.equal("'+3");
    expect(csvField(Number.NaN)).to.equal('');
    expect(csvField(null)).to.equal('');
  });

  it('other text is unchanged; a trigger inside the text is harmless', () => {
    for (const text of ['Drywall', 'a=b', 'x+1', 'e-mail', 'name@example.com', ' =not first']) expect(neutraliseFormula(text)).to.equal(text);
    expect(csvText([['a', 1], ['=b', null]])).to.equal("a,1\r\n'=b,\r\n");
  });
});

/** Cells of the first sheet of an .xlsx: value, type attribute, whether it has a formula. */
async function excelCells(blob: Blob): Promise<Array<{ value: string; type: string | null; formula: boolean }>> {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  const parse = (name: string) => new DOMParser().parseFromString(strFromU8(files[name]!), 'application/xml');
  const shared = files['xl/sharedStrings.xml'] ? [...parse('xl/sharedStrings.xml').getElementsByTagName('si')].map((si) => si.textContent ?? '') : [];
  const sheetName = Object.keys(files).find((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))!;
  return [...parse(sheetName).getElementsByTagName('c')].map((c) => {
    const type = c.getAttribute('t');
    const raw = c.getElementsByTagName('v')[0]?.textContent ?? c.getElementsByTagName('is')[0]?.textContent ?? '';
    return { value: type === 's' ? shared[Number(raw)] ?? '' : raw, type, formula: c.getElementsByTagName('f').length > 0 };
  });
}

type Build = (text: string, amount: number) => ExportSheet;
const person = (name: string) => ({ employeeId: 1, name });

/** Every export of the product: its sheet with `text` in a free-text field and `amount` in a number field. */
const EXPORTS: Record<string, Build> = {
  'workbench record (Export to CSV / Excel)': (text, amount) => recordSheet('Subcontract SC-1', { record: { title: text, amount }, items: [{ description: text, amount }] } as never),
  'user management audit': (text) => auditSheet({ rows: [{ auditId: 1, at: '2026-11-01T12:00:00Z', actor: person('Admin'), subject: person('Pat'), action: 'grant', applicationKey: 'keyPFM', before: text, after: '', reason: text }], capped: false } as never),
  'SLIM queue': (text, amount) => slimQueueSheet([{ requestId: 1, number: 'SLIM-0001', type: 'Limit Increase', vendorName: text, projectNumber: '24-1032', projectName: 'Riverside', regionName: 'North', requestedAmount: amount, state: 'Submitted', assignedTo: null, ageDays: 3, dueDate: '2026-12-01', priority: 'High', pastDue: false, requestedBy: person(text) }] as never),
  SRA: (text, amount) => sraSheet([{ sraId: 1, number: 'SRA-0001', projectNumber: '24-1032', projectName: 'Riverside', vendorName: text, costCodes: [], amount, level: 'High', state: 'Draft', createdBy: person('Risk'), createdAt: '2026-11-20', submittedAt: null, decidedAt: null }] as never),
  'time-off team requests': (text, amount) => teamRequestsSheet([{ requestId: 1, employeeName: 'Pat', title: text, type: 'PTO', startDate: '2026-12-01', endDate: '2026-12-02', hoursPerDay: 8, totalHours: amount, state: 'Submitted', decidedByName: null, denialReason: text }] as never),
  'data quality issues': (text) => issuesSheet([{ severity: 'error', ruleTitle: text, recordKey: 'Subcontract', recordId: 1, number: 'SC-1', message: text }] as never),
  'IT billing': (text, amount) => billingSheet({ month: '2026-10', total: amount, lines: [{ projectId: 1, projectNumber: '24-1032', projectName: 'Riverside', departmentName: null, costItemName: text, costItemKind: 'license', employeeName: text, basis: 'b', amount }] } as never),
  'manage timecards team': (text, amount) => teamSheet([{ employeeName: text, managerName: 'M', delegatedFromName: null, state: 'Submitted', enteredHours: amount, expectedHours: 40, submittedAt: null, rejectionReason: text }] as never, '2026-11-01'),
  'survey averages': (text, amount) => averagesSheet([{ surveyQuestionId: 1, surveyTemplateId: 1, templateName: text, displayOrder: 1, text, kind: 'rating', required: true, responses: 3, projects: 2, average: amount }] as never),
};

describe('formula injection: every export', () => {
  for (const [name, build] of Object.entries(EXPORTS)) {
    for (const trigger of FORMULA_TRIGGERS) {
      const text = `${trigger}cmd|' /C calc'!A0`;
      it(`${name}: CSV writes text starting with ${NAMES[trigger]} as text, the amount as a number`, () => {
        const csv = sheetToCsv(build(text, AMOUNT));
        expect(csv).to.contain(trigger === '\r' ? `"'${text}"` : `'${text}`);
        expect(csv.split(/[,\n]/).map((cell) => cell.replace(/^"|"$/g, '').trim())).to.not.include(text.trim());
        if (name !== 'user management audit' && name !== 'data quality issues') expect(csv).to.match(/(^|,)-1234\.5(,|\r)/m);
      });
    }
    it(`${name}: Excel writes the hostile text as text cells, never formulas, and the amount as a number cell`, async () => {
      const texts = FORMULA_TRIGGERS.map((trigger) => `${trigger}SUM(1)`);
      const cells = (await Promise.all(texts.map((text) => sheetToExcelBlob(build(text, AMOUNT)).then(excelCells)))).flat();
      expect(cells.filter((c) => c.formula), 'formula cells').to.deep.equal([]);
      for (const text of texts) {
        // XML reads a carriage return as a line feed (or the writer escapes it as _x000D_): the same text.
        const written = cells.filter((c) => [text, text.replace('\r', '\n'), text.replace('\r', '_x000D_')].includes(c.value));
        expect(written.length, JSON.stringify(text)).to.be.greaterThan(0);
        for (const cell of written) expect(cell.type, JSON.stringify(text)).to.be.oneOf(['s', 'inlineStr', 'str']);
      }
      if (name !== 'user management audit' && name !== 'data quality issues') {
        // The amount's own column is a number cell (a "shown as" column may repeat it as text, as survey averages do).
        const amounts = cells.filter((c) => Number(c.value) === AMOUNT);
        expect(amounts.some((cell) => (cell.type ?? 'n') === 'n'), 'the amount as a number cell').to.equal(true);
      }
    });
  }

  it('Reports (BI) CSV: each trigger neutralised, numbers as numbers', () => {
    for (const trigger of FORMULA_TRIGGERS) {
      // A number is a number cell; '-5' as text is text.
      const csv = toCsvText({ header: ['Cost code', 'Amount'], rows: [[`${trigger}cmd`, AMOUNT], ['-5', -5]] });
      expect(csv).to.equal(`Cost code,Amount\r\n${trigger === '\r' ? `"'\rcmd"` : `'${trigger}cmd`},-1234.5\r\n'-5,-5\r\n`);
    }
  });
});
