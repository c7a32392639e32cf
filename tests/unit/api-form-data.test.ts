import { expect } from 'chai';
import { toFormData } from '../../src/core/api/form-data';

/** The form's entries with files shown as `file:<name>:<text>` for easy comparison. */
async function entries(form: FormData): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of form.entries()) {
    out.push([key, typeof value === 'string' ? value : `file:${value.name}:${await value.text()}`]);
  }
  return out;
}

describe('core/api toFormData', () => {
  it('writes flat fields as text: strings, numbers, booleans as true/false', async () => {
    const form = toFormData({ ItemId: 12, amount: -3.5, name: 'Tower A', active: true, closed: false, zero: 0, empty: '' });
    expect(await entries(form)).to.deep.equal([
      ['ItemId', '12'], ['amount', '-3.5'], ['name', 'Tower A'], ['active', 'true'], ['closed', 'false'], ['zero', '0'], ['empty', ''],
    ]);
  });

  it('skips null and undefined at every level', async () => {
    const form = toFormData({ a: null, b: undefined, c: { d: null, e: 1 }, f: [null, 2, undefined], g: [{ h: null }] });
    expect(await entries(form)).to.deep.equal([['c.e', '1'], ['f[1]', '2']]);
  });

  it('flattens nested objects with dotted keys', async () => {
    const form = toFormData({ header: { vendorId: 7, address: { city: 'Dallas' } } });
    expect(await entries(form)).to.deep.equal([['header.vendorId', '7'], ['header.address.city', 'Dallas']]);
  });

  it('flattens arrays of objects, with nested arrays, using indexed keys', async () => {
    const form = toFormData({
      header: { vendorId: 9 },
      items: [
        { amount: 100, costCodeId: 5, splits: [{ pct: 50 }, { pct: 50, note: null }] },
        { amount: 0.25, costCodeId: null, tags: ['a', 'b'] },
      ],
      matrix: [[1, 2], [3]],
    });
    expect(await entries(form)).to.deep.equal([
      ['header.vendorId', '9'],
      ['items[0].amount', '100'],
      ['items[0].costCodeId', '5'],
      ['items[0].splits[0].pct', '50'],
      ['items[0].splits[1].pct', '50'],
      ['items[1].amount', '0.25'],
      ['items[1].tags[0]', 'a'],
      ['items[1].tags[1]', 'b'],
      ['matrix[0][0]', '1'],
      ['matrix[0][1]', '2'],
      ['matrix[1][0]', '3'],
    ]);
  });

  it('writes a Date as its ISO string', async () => {
    const form = toFormData({ directCostDate: new Date(Date.UTC(2024, 0, 31, 6, 0, 0)), bad: new Date('nope') });
    expect(await entries(form)).to.deep.equal([['directCostDate', '2024-01-31T06:00:00.000Z']]);
  });

  it('appends a File as a file with its name, and a Blob as a file part', async () => {
    const form = toFormData({ file: new File(['hello'], 'notes.txt', { type: 'text/plain' }), extra: new Blob(['b']), meta: { docs: [new File(['x'], 'x.pdf')] } });
    expect(await entries(form)).to.deep.equal([['file', 'file:notes.txt:hello'], ['extra', 'file:extra:b'], ['meta.docs[0]', 'file:x.pdf:x']]);
    expect(form.get('file')).to.be.instanceOf(File);
  });

  it('answers an empty form for an empty object or array', async () => {
    expect(await entries(toFormData({}))).to.deep.equal([]);
    expect(await entries(toFormData({ list: [], nested: {} }))).to.deep.equal([]);
  });

  it('leaves characters in values and keys untouched (no HTML, no encoding)', async () => {
    expect(await entries(toFormData({ 'a b': '<b>&amp;</b>' }))).to.deep.equal([['a b', '<b>&amp;</b>']]);
  });
});
