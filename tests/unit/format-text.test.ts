import { expect } from 'chai';
import {
  AVATAR_POPOVER_CLOSE_MS,
  AVATAR_POPOVER_OPEN_MS,
  AVATAR_POPOVER_WIDTH,
  COST_TYPES,
  DEFAULT_ID,
  DISPLAY_CURRENCY,
  DISPLAY_LOCALE,
  EXCESS_LIABILITY_OPTIONS,
  FONT_ICON_POLL_MS,
  LAZY_MARGIN_PX,
  PROJECT_NAME_MAX,
  RETAINAGE_OPTIONS,
  SIGN_IN_POPUP,
  costTypeName,
  formatCostCode,
  formatCostCodeWithType,
  selectableCostTypes,
  truncate,
  truncate30,
  truncate50,
  truncateMiddle,
} from '../../src/core/format';

/** A string of `length` distinct-looking characters, so a cut in the wrong place shows. */
const text = (length: number) => Array.from({ length }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');

describe('format: cost codes, cost types, truncation, options, constants', () => {
  describe('formatCostCodeWithType', () => {
    it("adds the cost type letter: '07-2100-00 (S)'; none without a type; '' without a code", () => {
      expect(formatCostCodeWithType('07210000', 'S')).to.equal('07-2100-00 (S)');
      expect(formatCostCodeWithType('07210000', null)).to.equal('07-2100-00');
      expect(formatCostCodeWithType(null, 'S')).to.equal('');
      expect(formatCostCodeWithType('', 'S')).to.equal('');
    });
  });

  describe('formatCostCode (§3: 2-4-2 digit groups separated by hyphens)', () => {
    it("formats '03300000' as '03-3000-00'", () => {
      expect(formatCostCode('03300000')).to.equal('03-3000-00');
      expect(formatCostCode('12345678')).to.equal('12-3456-78');
    });
    it('normalises hyphenated and spaced input', () => {
      expect(formatCostCode('03-3000-00')).to.equal('03-3000-00');
      expect(formatCostCode('0330-0000')).to.equal('03-3000-00');
      expect(formatCostCode(' 03 3000 00 ')).to.equal('03-3000-00');
    });
    it('pads a number to 8 digits, since numbers lose leading zeros', () => {
      expect(formatCostCode(3300000)).to.equal('03-3000-00');
      expect(formatCostCode(12345678)).to.equal('12-3456-78');
    });
    it('returns other input unchanged apart from trimming', () => {
      expect(formatCostCode('1234')).to.equal('1234');
      expect(formatCostCode('123456789')).to.equal('123456789');
      expect(formatCostCode(' ABC-1234 ')).to.equal('ABC-1234');
      expect(formatCostCode(123456789)).to.equal('123456789');
      expect(formatCostCode('')).to.equal('');
      expect(formatCostCode(null)).to.equal('');
      expect(formatCostCode(undefined)).to.equal('');
    });
  });

  describe('cost types (§3)', () => {
    it('lists L M W E S R A F with their names and flags', () => {
      expect(COST_TYPES.map((t) => [t.code, t.name, t.hidden, t.disabled])).to.deep.equal([
        ['L', 'Labor', false, false],
        ['M', 'Material', false, false],
        ['W', 'Warehouse', false, false],
        ['E', 'Equipment', false, false],
        ['S', 'Subcontract', false, false],
        ['R', 'Rollup', false, false],
        ['A', 'Agency', true, false],
        ['F', 'Fee', true, true],
      ]);
    });
    it('offers only the visible, enabled ones: L M W E S R', () => {
      expect(selectableCostTypes().map((t) => t.code)).to.deep.equal(['L', 'M', 'W', 'E', 'S', 'R']);
    });
    it('names a code, case-insensitively; unknown → empty', () => {
      expect(costTypeName('L')).to.equal('Labor');
      expect(costTypeName('s')).to.equal('Subcontract');
      expect(costTypeName(' A ')).to.equal('Agency');
      expect(costTypeName('F')).to.equal('Fee');
      expect(costTypeName('X')).to.equal('');
      expect(costTypeName('')).to.equal('');
      expect(costTypeName(null)).to.equal('');
    });
    it('cannot be changed at run time', () => {
      expect(Object.isFrozen(COST_TYPES)).to.equal(true);
      expect(Object.isFrozen(COST_TYPES[0])).to.equal(true);
    });
  });

  describe('truncation (§9)', () => {
    it('truncate50 leaves 50 characters alone and cuts 51 to 50 ending in …', () => {
      expect(truncate50(text(50))).to.equal(text(50));
      const cut = truncate50(text(51));
      expect(cut).to.have.length(50);
      expect(cut).to.equal(`${text(49)}…`);
    });
    it('truncate30 leaves 30 characters alone and cuts 31 to 30 ending in …', () => {
      expect(truncate30(text(30))).to.equal(text(30));
      expect(truncate30(text(31))).to.equal(`${text(29)}…`);
      expect(truncate30(text(31))).to.have.length(30);
    });
    it('truncate takes a length', () => {
      expect(truncate('abcdef', 4)).to.equal('abc…');
      expect(truncate('abcdef', 6)).to.equal('abcdef');
      expect(truncate('abcdef', 1)).to.equal('…');
      expect(truncate('abcdef', 0)).to.equal('');
    });
    it('never cuts a character in half', () => {
      expect(truncate('😀😀😀😀', 3)).to.equal('😀😀…');
    });
    it('turns null and undefined into an empty string', () => {
      expect(truncate(null, 10)).to.equal('');
      expect(truncate50(undefined)).to.equal('');
      expect(truncate30(null)).to.equal('');
      expect(truncateMiddle(null)).to.equal('');
    });

    it('truncateMiddle keeps 50 characters and cuts 51 in the middle to 50', () => {
      expect(PROJECT_NAME_MAX).to.equal(50);
      expect(truncateMiddle(text(50))).to.equal(text(50));
      const source = text(51);
      const cut = truncateMiddle(source);
      expect(cut).to.have.length(50);
      expect(cut).to.equal(`${source.slice(0, 25)}…${source.slice(-24)}`);
    });
    it('truncateMiddle keeps the start and end of a long project name', () => {
      const name = `1234-Riverside Medical Center Phase II Expansion and Parking Structure`;
      const cut = truncateMiddle(name);
      expect(cut.length).to.be.at.most(50);
      expect(cut.startsWith('1234-Riverside')).to.equal(true);
      expect(cut.endsWith('Parking Structure')).to.equal(true);
      expect(cut).to.contain('…');
    });
    it('truncateMiddle takes another max', () => {
      expect(truncateMiddle('abcdefghij', 5)).to.equal('ab…ij');
      expect(truncateMiddle('abcdefghij', 2)).to.equal('a…');
      expect(truncateMiddle('abcdefghij', 0)).to.equal('');
    });
  });

  describe('options (§5, §9)', () => {
    it('retainage: 10%, 5%, 0%', () => {
      expect(RETAINAGE_OPTIONS.map((o) => o.label)).to.deep.equal(['10%', '5%', '0%']);
      expect(RETAINAGE_OPTIONS.map((o) => o.value)).to.deep.equal([10, 5, 0]);
    });
    it('excess liability: N/A, $3M, $5M, $10M', () => {
      expect(EXCESS_LIABILITY_OPTIONS.map((o) => o.label)).to.deep.equal(['N/A', '$3M', '$5M', '$10M']);
      expect(EXCESS_LIABILITY_OPTIONS.map((o) => o.value)).to.deep.equal([null, 3_000_000, 5_000_000, 10_000_000]);
    });
  });

  describe('constants (§9)', () => {
    it('has the spec numbers', () => {
      expect(AVATAR_POPOVER_OPEN_MS).to.equal(500);
      expect(AVATAR_POPOVER_CLOSE_MS).to.equal(300);
      expect(AVATAR_POPOVER_WIDTH).to.equal(300);
      expect(LAZY_MARGIN_PX).to.equal(300);
      expect(SIGN_IN_POPUP).to.deep.equal({ width: 483, height: 600 });
      expect(FONT_ICON_POLL_MS).to.equal(1000);
      expect(DEFAULT_ID).to.equal(-1);
      expect(DISPLAY_LOCALE).to.equal('en-US');
      expect(DISPLAY_CURRENCY).to.equal('USD');
    });
  });
});
