import { expect } from 'chai';
import { applyStoredLayout, layoutStorageKey } from '../../src/ui/grid/persistence';

describe('grid column layout', () => {
  afterEach(() => localStorage.clear());

  it('restores the stored order, widths and visibility; new columns keep their place at the end', () => {
    localStorage.setItem(layoutStorageKey('t'), JSON.stringify({ columns: [
      { field: 'b', width: 120, visible: true },
      { field: 'a', width: 80, visible: false },
    ] }));
    const result = applyStoredLayout([{ field: 'a', title: 'A' }, { field: 'b', title: 'B' }, { field: 'c', title: 'C' }], 't');
    expect(result.map((column) => column.field)).to.deep.equal(['b', 'a', 'c']);
    expect(result[0]).to.include({ width: 120, visible: true });
    expect(result[1]).to.include({ width: 80, visible: false });
    expect(result[2]).to.deep.equal({ field: 'c', title: 'C' });
  });

  it('ignores corrupt storage', () => {
    localStorage.setItem(layoutStorageKey('t'), '{"columns": [1, 2]}');
    const columns = [{ field: 'a', title: 'A' }, { field: 'b', title: 'B' }];
    expect(applyStoredLayout(columns, 't')).to.equal(columns);
  });
});
