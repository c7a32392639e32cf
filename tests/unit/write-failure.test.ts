/** One write-failure mapping (core/records/write-failure): 409 → Reload, 400 → the fields, 401/403/timeouts/the rest → Retry. */
import { expect } from 'chai';
import { ApiError } from '../../src/core/api';
import { FEEDBACK_INVALID } from '../../src/core/feedback';
import { writeFailure, type WriteTexts } from '../../src/core/records';

const TEXTS: WriteTexts = {
  stale: 'Reload to see theirs.', refused: 'Refused.', signedOut: 'Signed out.', forbidden: 'Not yours.', timeout: 'Too slow.',
  failed: (detail) => `Not saved (${detail}).`,
};

describe('write failure', () => {
  it('409: the server\'s message then the stale sentence, with Reload', () => {
    expect(writeFailure(new ApiError(409, { message: 'Moved by rpm.' }), TEXTS)).to.deep.equal({ kind: 'stale', message: 'Moved by rpm. Reload to see theirs.', action: 'reload' });
    expect(writeFailure(new ApiError(409), TEXTS).message).to.equal('Reload to see theirs.');
  });

  it('400: the feedback items go to the fields, or one item with the server\'s message; no button', () => {
    const items = [{ integerValue: FEEDBACK_INVALID, stringValue: 'amount', message: 'Too much.' }];
    const withItems = writeFailure(new ApiError(400, items), TEXTS);
    expect(withItems).to.include({ kind: 'refused', action: null });
    expect(withItems.kind === 'refused' && withItems.feedback).to.deep.equal(items);
    const plain = writeFailure(new ApiError(400, { message: 'Closed period.' }), TEXTS);
    expect(plain.kind === 'refused' && plain.feedback).to.deep.equal([{ integerValue: FEEDBACK_INVALID, stringValue: '', message: 'Closed period.' }]);
    expect(writeFailure(new ApiError(400), TEXTS).message).to.equal('Refused.');
  });

  it('401, 403, timeouts and the rest offer Retry', () => {
    expect(writeFailure(new ApiError(401), TEXTS)).to.deep.equal({ kind: 'signedOut', message: 'Signed out.', action: 'retry' });
    expect(writeFailure(new ApiError(403, { message: 'Not on the team.' }), TEXTS)).to.deep.equal({ kind: 'forbidden', message: 'Not on the team.', action: 'retry' });
    expect(writeFailure(new ApiError(403), TEXTS).message).to.equal('Not yours.');
    expect(writeFailure(new DOMException('t', 'TimeoutError'), TEXTS)).to.deep.equal({ kind: 'timeout', message: 'Too slow.', action: 'retry' });
    expect(writeFailure(new ApiError(504), TEXTS).kind).to.equal('timeout');
    expect(writeFailure(new ApiError(500), TEXTS)).to.deep.equal({ kind: 'failed', message: 'Not saved (HTTP 500).', action: 'retry' });
    expect(writeFailure(new TypeError('Failed to fetch'), TEXTS).message).to.equal('Not saved (Failed to fetch).');
  });
});
