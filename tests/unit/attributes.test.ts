import { expect } from 'chai';
import { attributeId, attributeText } from '../../src/core/attributes';

describe('element attributes by the spec\'s defaults (core/attributes)', () => {
  it('an id is a positive whole number, else -1', () => {
    expect([5, 1, Number.MAX_SAFE_INTEGER].map(attributeId)).to.deep.equal([5, 1, Number.MAX_SAFE_INTEGER]);
    expect([undefined, null, 0, -3, 2.5, Number.NaN, Infinity, 2 ** 60].map(attributeId)).to.deep.equal([-1, -1, -1, -1, -1, -1, -1, -1]);
  });

  it('a string is its text, else empty', () => {
    expect([attributeText('Budget'), attributeText(''), attributeText(undefined), attributeText(null)]).to.deep.equal(['Budget', '', '', '']);
  });
});
