import { expect } from 'chai';
import { $messageBoxes, MESSAGE_REPEAT_WINDOW_MS, resetMessages, setMessageClock, showMessage } from '../../src/core/messages';

describe('core/messages: identical boxes of one burst show once', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    setMessageClock(() => now);
    resetMessages();
  });
  afterEach(() => {
    resetMessages();
    setMessageClock(null);
  });

  it('the window is 2 seconds', () => {
    expect(MESSAGE_REPEAT_WINDOW_MS).to.equal(2000);
  });

  it('a second box with the key of an open one is not opened and gets the open one\u2019s result', async () => {
    const first = showMessage({ title: 'Request Failed', message: 'x', dedupeKey: 'k' });
    const second = showMessage({ title: 'Request Failed', message: 'x', dedupeKey: 'k' });
    expect($messageBoxes.get()).to.have.length(1);
    $messageBoxes.get()[0]!.resolve(true);
    expect(await first).to.equal(true);
    expect(await second).to.equal(true);
    expect($messageBoxes.get()).to.have.length(0);
  });

  it('within the window after it closed, the same key opens nothing; after the window it opens again', async () => {
    const first = showMessage({ message: 'x', dedupeKey: 'k' });
    $messageBoxes.get()[0]!.resolve(null);
    await first;
    now += MESSAGE_REPEAT_WINDOW_MS - 1;
    expect(await showMessage({ message: 'x', dedupeKey: 'k' })).to.equal(null);
    expect($messageBoxes.get()).to.have.length(0);
    now += 1;
    void showMessage({ message: 'x', dedupeKey: 'k' });
    expect($messageBoxes.get()).to.have.length(1);
  });

  it('different keys and boxes without a key each open', () => {
    void showMessage({ message: 'x', dedupeKey: 'a' });
    void showMessage({ message: 'x', dedupeKey: 'b' });
    void showMessage({ message: 'x' });
    void showMessage({ message: 'x' });
    expect($messageBoxes.get()).to.have.length(4);
  });

  it('resetMessages forgets recent keys', async () => {
    const first = showMessage({ message: 'x', dedupeKey: 'k' });
    resetMessages();
    expect(await first).to.equal(false);
    void showMessage({ message: 'x', dedupeKey: 'k' });
    expect($messageBoxes.get()).to.have.length(1);
  });
});
