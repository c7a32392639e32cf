/** `useLoad` (src/ui/useLoad): the keyed load bound to a component, with the loader of the render that asks. */
import { expect } from 'chai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { shownData } from '../../src/core/api';
import { useLoad, type UseLoad } from '../../src/ui/useLoad';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useLoad', () => {
  let root: Root;
  let seen: UseLoad<string>;
  const calls: { key: string; attempt: number; resolve(v: string): void }[] = [];

  /** Loads `name`'s key; the loader names the render's `name` and `suffix`, so the test sees which render's it was. */
  function Probe({ name, suffix }: { name: string; suffix: string }) {
    seen = useLoad<string>(name, (_signal, attempt) => new Promise((resolve) => calls.push({ key: `${name}${suffix}`, attempt, resolve })));
    return null;
  }
  const render = (name: string, suffix = '') => act(() => root.render(<Probe name={name} suffix={suffix} />));
  const settle = (index: number, value: string) => act(async () => { calls[index]!.resolve(value); await Promise.resolve(); });

  beforeEach(() => {
    calls.length = 0;
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => act(() => root.unmount()));

  it('loads with the current render\'s loader, on a new key and on Retry (with its attempt), keeping the last answer meanwhile', async () => {
    await render('a');
    expect(calls.map((c) => c.key)).to.deep.equal(['a']);
    expect(seen.state.status).to.equal('loading');
    await settle(0, 'one');
    expect(shownData(seen.state)).to.equal('one');
    // A re-render with the same key asks nothing; Retry then uses the newest loader.
    await render('a', '+');
    expect(calls).to.have.length(1);
    act(() => seen.retry());
    expect(calls.map((c) => [c.key, c.attempt])).to.deep.equal([['a', 0], ['a+', 1]]);
    expect(seen.state).to.deep.include({ status: 'loading', last: 'one' });
    await settle(1, 'two');
    expect(shownData(seen.state)).to.equal('two');
    // A new key loads with its own render's loader and shows nothing of the old key's.
    await render('b', '!');
    expect(calls.at(-1)).to.deep.include({ key: 'b!', attempt: 0 });
    expect(seen.state).to.deep.equal({ key: 'b', status: 'loading' });
  });
});
