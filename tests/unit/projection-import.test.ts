import { expect } from 'chai';
import { matchesCostCode } from '../../src/core/projections/entry';
import {
  costCodeKey, IMPORT_INFO, IMPORT_TEXT, importInfoRows, previewImport, REASON_MAX,
  type ImportCell, type ImportLine, type ImportPreview, type ImportRefusal, type ImportTitles,
} from '../../src/core/projections/import';

const TITLES: ImportTitles = {
  code: 'Cost code', costType: 'Cost type', description: 'Description', method: 'Method', costToComplete: 'Projected cost to complete', reason: 'Reason',
};
const DAY = 86_400_000;
/** Instants relative to the export (no date is a constant): lines loaded a day before it. */
const EXPORTED_AT = new Date(Math.floor(Date.now() / 1000) * 1000 - DAY).toISOString();
const shifted = (ms: number) => new Date(Date.parse(EXPORTED_AT) + ms).toISOString();
const BUDGET = { budgetId: 7, label: '24-1032-01 Riverside' };

function line(costCodeId: number, code: string, type: string, figures: Partial<ImportLine> = {}): ImportLine {
  return {
    costCodeId, code, codeDisplay: `${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6)}`, type, costTypeName: type === 'L' ? 'Labor' : 'Subcontract',
    description: `Line ${costCodeId}`, projectionMethod: 'auto', projectedCostToComplete: 600, projectionReason: null,
    currentBudget: 1000, actualToDate: 400, remainingCommitment: 0, modifiedAt: shifted(-DAY), ...figures,
  };
}

/** 03-3000-00 has a Labor and a Subcontract line; 05-1200-00 one manual Subcontract line. Auto value of each: 600. */
const LINES: ImportLine[] = [
  line(11, '03300000', 'L'),
  line(12, '03300000', 'S'),
  line(13, '05120000', 'S', { projectionMethod: 'manual', projectedCostToComplete: 900, projectionReason: 'Steel escalation' }),
];

const HEADER = ['Cost code', 'Description', 'Cost type', 'Original budget', 'Method', 'Projected cost to complete', 'Reason'];
/** A line row as the export writes it. */
const row = (code: ImportCell, type: ImportCell, method: ImportCell, ctc: ImportCell, reason: ImportCell = null): ImportCell[] => [code, 'desc', type, 1000, method, ctc, reason];
const INFO = importInfoRows(BUDGET, EXPORTED_AT);

function preview(rows: ImportCell[][], options: { lines?: ImportLine[]; info?: ImportCell[][] | null; header?: ImportCell[] } = {}): ImportPreview {
  const result = previewImport({ rows: [options.header ?? HEADER, ...rows], info: options.info === undefined ? INFO : options.info, lines: options.lines ?? LINES, budget: BUDGET, titles: TITLES });
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result;
}
function refusal(rows: ImportCell[][], info: ImportCell[][] | null = INFO): string {
  const result = previewImport({ rows, info, lines: LINES, budget: BUDGET, titles: TITLES });
  return (result as ImportRefusal).refused;
}

describe('projection Excel import (src/core/projections/import.ts)', () => {
  describe('the workbook', () => {
    it('writes the Import info sheet as label/value rows the reader finds again', () => {
      expect(INFO).to.deep.equal([
        [IMPORT_INFO.budgetId, 7], [IMPORT_INFO.budget, '24-1032-01 Riverside'], [IMPORT_INFO.exportedAt, EXPORTED_AT], [IMPORT_INFO.note],
      ]);
      expect(IMPORT_INFO.sheet).to.equal('Import info');
    });

    it('refuses a workbook without the Import info sheet, with an unreadable one, or from another budget', () => {
      expect(refusal([HEADER], null)).to.equal(IMPORT_TEXT.noInfo);
      expect(IMPORT_TEXT.noInfo).to.equal('This workbook has no "Import info" sheet with the budget and the export time. Export the grid with Export Excel, make your changes in that workbook, and import it.');
      expect(refusal([HEADER], [['Budget id', 'seven'], ['Exported at', EXPORTED_AT]])).to.equal(IMPORT_TEXT.badInfo);
      expect(refusal([HEADER], [['Budget id', 7], ['Exported at', 'yesterday']])).to.equal(IMPORT_TEXT.badInfo);
      expect(refusal([HEADER], [['Budget id', 7]])).to.equal(IMPORT_TEXT.badInfo);
      expect(refusal([HEADER], importInfoRows({ budgetId: 8, label: '24-1032-02 Annex' }, EXPORTED_AT)))
        .to.equal('This workbook was exported from budget 24-1032-02 Annex, not from budget 24-1032-01 Riverside. Import it into its own budget\'s grid.');
      // Labels are matched without regard to case; the id may be text.
      expect(() => preview([], { info: [['budget ID', '7'], ['EXPORTED AT', EXPORTED_AT]] })).to.throw('refused: The sheet has no cost code rows to import.');
    });

    it('refuses a sheet without the cost code, cost type and cost to complete headers; finds the header below a title row', () => {
      const expected = 'The sheet has no header row with "Cost code", "Cost type" and "Projected cost to complete". Import a workbook made with this grid\'s Export Excel.';
      expect(refusal([['Name', 'Amount'], ['x', 1]])).to.equal(expected);
      expect(refusal([HEADER.filter((t) => t !== 'Cost type')])).to.equal(expected);
      expect(refusal([HEADER.filter((t) => t !== 'Projected cost to complete')])).to.equal(expected);
      const result = previewImport({ rows: [['Riverside projections'], [], HEADER.map((t) => t.toUpperCase()), row('03-3000-00', 'Labor', 'Manual', 700)], info: INFO, lines: LINES, budget: BUDGET, titles: TITLES }) as ImportPreview;
      expect(result.changed.map((c) => c.row)).to.deep.equal([4]);
    });

    it('refuses a sheet with no cost code rows at all', () => {
      expect(refusal([HEADER, ['03 Concrete (2)'], ['Subtotal', null, null, 2000], ['Total', null, null, 3000]])).to.equal(IMPORT_TEXT.noRows);
    });
  });

  describe('matching rows to lines', () => {
    it('skips group headings, subtotals and totals (no cost type); a non-code with a cost type is refused', () => {
      const result = preview([
        ['03 Concrete (2)', null, null, null, null, null, null],
        row('03-3000-00', 'Labor', 'Auto', 600),
        ['Subtotal', null, null, 2000, null, 1200, null],
        row('TBD', 'Labor', 'Manual', 5),
      ]);
      expect(result.unchanged).to.equal(1);
      expect(result.problems).to.deep.equal([{ row: 5, kind: 'unknownCode', message: "Row 5: 'TBD' is not a cost code." }]);
    });

    it('finds a code as displayed, bare, or as the number Excel made of it; the cost type by name or letter, any case', () => {
      const result = preview([
        row('03-3000-00', 'labor', 'Manual', 701),
        row('03300000', 's', 'Manual', 702),
        row(5120000, 'SUBCONTRACT', 'Manual', 703, 'Steel escalation'),
      ]);
      expect(result.changed.map((c) => [c.row, c.costCodeId, c.new.projectedCostToComplete])).to.deep.equal([[2, 11, 701], [3, 12, 702], [4, 13, 703]]);
      expect(result.changed[0]!.lineLabel).to.equal('03-3000-00 Labor');
    });

    it('uses the code alone when it has one line; asks for the cost type when it has several', () => {
      const result = preview([row('05-1200-00', null, 'Manual', 800, 'Steel escalation'), row('03-3000-00', '', 'Manual', 800)]);
      expect(result.changed.map((c) => c.costCodeId)).to.deep.equal([13]);
      expect(result.problems).to.deep.equal([{ row: 3, kind: 'unknownCode', message: 'Row 3: cost code 03-3000-00 has several lines (Labor, Subcontract): fill in the cost type.' }]);
    });

    it('reports unknown codes and unknown cost types with their row numbers', () => {
      const result = preview([row('06-2000-00', 'Labor', 'Manual', 5), row('05-1200-00', 'Labor', 'Manual', 5)]);
      expect(result.problems).to.deep.equal([
        { row: 2, kind: 'unknownCode', message: 'Row 2: cost code 06-2000-00 is not on this budget.' },
        { row: 3, kind: 'unknownCode', message: 'Row 3: cost code 05-1200-00 has no Labor line on this budget (it has Subcontract).' },
      ]);
    });

    it('imports neither of two rows of one line (duplicates), and says which rows', () => {
      const dup = preview([row('03-3000-00', 'Labor', 'Manual', 700), row('03300000', 'L', 'Manual', 800)]);
      expect(dup.changed).to.deep.equal([]);
      expect(dup.problems).to.deep.equal([
        { row: 2, kind: 'duplicate', message: 'Row 2: 03-3000-00 Labor is on rows 2, 3; none of them is imported: keep one row per line.' },
        { row: 3, kind: 'duplicate', message: 'Row 3: 03-3000-00 Labor is on rows 2, 3; none of them is imported: keep one row per line.' },
      ]);
    });

    it('compares codes as the cost-code filter does (matchesCostCode)', () => {
      for (const typed of ['03-3000-00', '03300000', '03 3000 00', '03.3000.00']) {
        expect(costCodeKey(typed)).to.equal('03300000');
        expect(matchesCostCode(typed, '03300000')).to.equal(true);
      }
      expect(costCodeKey(3300000)).to.equal('03300000');
      expect(costCodeKey(null)).to.equal('');
      expect(costCodeKey(true)).to.equal('');
    });
  });

  describe('values', () => {
    it('leaves a line whose values are the server\'s as unchanged (auto lines at their automatic value, method empty or Auto)', () => {
      const result = preview([row('03-3000-00', 'Labor', 'Auto', 600), row('03-3000-00', 'Subcontract', null, 600), row('05-1200-00', 'S', '✎ Manual', 900, 'Steel escalation')]);
      expect(result.unchanged).to.equal(3);
      expect(result.changed).to.deep.equal([]);
      expect(result.problems).to.deep.equal([]);
    });

    it('reads a typed value as manual (also on an Auto line), an emptied one as auto, and a reason change alone', () => {
      const result = preview([
        row('03-3000-00', 'Labor', 'Auto', 600.01),
        row('03-3000-00', 'Subcontract', null, ''),
        row('05-1200-00', 'S', null, null, 'Steel escalation'),
      ], { lines: [LINES[0]!, { ...LINES[1]!, projectionReason: 'Old note' }, LINES[2]!] });
      expect(result.changed.map((c) => ({ id: c.costCodeId, old: c.old, new: c.new }))).to.deep.equal([
        { id: 11, old: { method: 'auto', projectedCostToComplete: 600, reason: null }, new: { method: 'manual', projectedCostToComplete: 600.01, reason: null } },
        { id: 12, old: { method: 'auto', projectedCostToComplete: 600, reason: 'Old note' }, new: { method: 'auto', projectedCostToComplete: 600, reason: null } },
        { id: 13, old: { method: 'manual', projectedCostToComplete: 900, reason: 'Steel escalation' }, new: { method: 'auto', projectedCostToComplete: 600, reason: 'Steel escalation' } },
      ]);
    });

    it('keeps the line\'s reason when the sheet has no Reason column', () => {
      const header = HEADER.filter((t) => t !== 'Reason');
      const result = preview([['05-1200-00', 'desc', 'S', 1000, 'Manual', 950]], { header });
      expect(result.changed[0]!.new).to.deep.equal({ method: 'manual', projectedCostToComplete: 950, reason: 'Steel escalation' });
    });

    it("reads amounts as the grid does ('12k' is 12,000) and number cells to the cent; refuses the rest with parseAmount's message and the row", () => {
      const result = preview([
        row('03-3000-00', 'Labor', 'Manual', '12k'),
        row('03-3000-00', 'S', 'Manual', 1234.5600000001),
        row('05-1200-00', 'S', 'Manual', 'twelve', 'x'),
      ]);
      expect(result.changed.map((c) => c.new.projectedCostToComplete)).to.deep.equal([12_000, 1234.56]);
      expect(result.problems).to.deep.equal([{ row: 4, kind: 'badValue', message: "Row 4: 'twelve' is not an amount: type for example 12000, 12,000.50, 12k or 1.5m." }]);
      expect(preview([row('05-1200-00', 'S', 'Manual', true)]).problems[0]!.message).to.equal("Row 2: 'true' is not an amount.");
    });

    it('refuses a method that is not Auto or Manual, and a Manual line without a cost to complete', () => {
      const result = preview([row('03-3000-00', 'Labor', 'Fixed', 5), row('03-3000-00', 'S', 'manual', null)]);
      expect(result.problems).to.deep.equal([
        { row: 2, kind: 'badValue', message: "Row 2: method 'Fixed' is not Auto or Manual." },
        { row: 3, kind: 'badValue', message: 'Row 3: a Manual line needs a cost to complete.' },
      ]);
    });

    it(`takes a reason of ${REASON_MAX} characters and refuses one of ${REASON_MAX + 1}`, () => {
      const result = preview([row('03-3000-00', 'Labor', 'Manual', 700, 'r'.repeat(REASON_MAX)), row('03-3000-00', 'S', 'Manual', 700, 'r'.repeat(REASON_MAX + 1))]);
      expect(result.changed.map((c) => c.costCodeId)).to.deep.equal([11]);
      expect(result.problems).to.deep.equal([{ row: 3, kind: 'badValue', message: 'Row 3: the reason is longer than 500 characters.' }]);
    });

    it('refuses a negative cost to complete without a reason; warns with one, and below the remaining commitment', () => {
      const result = preview([
        row('03-3000-00', 'Labor', 'Manual', -100),
        row('03-3000-00', 'S', 'Manual', '(100)', 'Credit from the supplier'),
        row('05-1200-00', 'S', 'Manual', 499.99, 'Steel escalation'),
        row('05-1200-00', 'S', 'Manual', 500, 'Steel escalation'),
      ], { lines: [LINES[0]!, LINES[1]!, { ...LINES[2]!, remainingCommitment: 500 }] });
      expect(result.problems[0]).to.deep.equal({ row: 2, kind: 'badValue', message: 'Row 2: a negative cost to complete needs a reason (which credits are still to come).' });
      expect(result.changed.find((c) => c.costCodeId === 12)!.warnings).to.deep.equal(['Row 3: a negative cost to complete expects credits still to come.']);
      // Rows 4 and 5 are one line (duplicates): checked alone below.
      const below = preview([row('05-1200-00', 'S', 'Manual', 499.99, 'Steel escalation')], { lines: [{ ...LINES[2]!, remainingCommitment: 500 }] });
      expect(below.changed[0]!.warnings).to.deep.equal(['Row 2: the cost to complete ($499.99) is below the remaining committed cost ($500.00).']);
      const at = preview([row('05-1200-00', 'S', 'Manual', 500, 'Steel escalation')], { lines: [{ ...LINES[2]!, remainingCommitment: 500 }] });
      expect(at.changed[0]!.warnings).to.deep.equal([]);
    });
  });

  describe('conflicts', () => {
    it('makes a change to a line changed on the server after the export a conflict; at the export time it is a change', () => {
      const after = shifted(1);
      const result = preview([row('03-3000-00', 'Labor', 'Manual', 700), row('03-3000-00', 'S', 'Manual', 700)], {
        lines: [{ ...LINES[0]!, modifiedAt: EXPORTED_AT }, { ...LINES[1]!, modifiedAt: after }, LINES[2]!],
      });
      expect(result.changed.map((c) => c.costCodeId)).to.deep.equal([11]);
      expect(result.conflicts.map((c) => [c.costCodeId, c.modifiedAt, c.old.projectedCostToComplete, c.new.projectedCostToComplete])).to.deep.equal([[12, after, 600, 700]]);
      expect(result.exportedAt).to.equal(EXPORTED_AT);
    });

    it('is no conflict when the server already holds the imported value', () => {
      const result = preview([row('05-1200-00', 'S', 'Manual', 900, 'Steel escalation')], { lines: [{ ...LINES[2]!, modifiedAt: shifted(DAY) }] });
      expect(result.conflicts).to.deep.equal([]);
      expect(result.unchanged).to.equal(1);
    });

    it('sorts the rows not imported by row number', () => {
      const result = preview([row('03-3000-00', 'Labor', 'Fixed', 5), row('99-9999-99', 'Labor', 'Manual', 5), row('03-3000-00', 'S', 'Manual', 'x')]);
      expect(result.problems.map((p) => p.row)).to.deep.equal([2, 3, 4]);
    });
  });
});
