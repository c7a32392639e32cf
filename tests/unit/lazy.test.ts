import { expect } from 'chai';
import { LAZY_MARGIN_PX } from '../../src/core/format';
import { whenNearViewport } from '../../src/core/lazy';

/** Waits long enough for IntersectionObserver to deliver (it reports after layout, per frame). */
async function settle(): Promise<void> {
  for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('lazy: whenNearViewport (§9: load within 300px of the viewport)', () => {
  let target: HTMLElement;
  let calls: number;
  let cleanups: Array<() => void>;

  /** A 10 px target below a 5000 px spacer, far out of view. */
  beforeEach(() => {
    document.body.style.margin = '0';
    const spacer = document.createElement('div');
    spacer.style.height = '5000px';
    target = document.createElement('div');
    target.style.height = '10px';
    const tail = document.createElement('div');
    tail.style.height = '5000px';
    document.body.append(spacer, target, tail);
    window.scrollTo(0, 0);
    calls = 0;
    cleanups = [];
  });

  afterEach(() => {
    for (const cleanup of cleanups) cleanup();
    document.body.innerHTML = '';
    document.body.removeAttribute('style');
    window.scrollTo(0, 0);
  });

  /** Scrolls so the target's top edge is `gap` px below the bottom of the viewport. */
  async function scrollToGap(gap: number): Promise<void> {
    const top = target.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top - window.innerHeight - gap);
    await settle();
    expect(Math.round(target.getBoundingClientRect().top - window.innerHeight)).to.equal(gap);
  }

  function watch(marginPx?: number): void {
    cleanups.push(whenNearViewport(target, () => { calls += 1; }, marginPx));
  }

  it('uses a 300 px margin by default', () => {
    expect(LAZY_MARGIN_PX).to.equal(300);
  });

  it('does not call back while the element is far below the viewport', async () => {
    watch();
    await settle();
    expect(calls).to.equal(0);
  });

  it('does not call back at 400 px below the viewport', async () => {
    watch();
    await scrollToGap(400);
    expect(calls).to.equal(0);
  });

  it('calls back once at 250 px below the viewport, and not again', async () => {
    watch();
    await scrollToGap(400);
    expect(calls).to.equal(0);
    await scrollToGap(250);
    expect(calls).to.equal(1);
    // Into view, away and back: still once.
    await scrollToGap(-200);
    await scrollToGap(2000);
    await scrollToGap(100);
    expect(calls).to.equal(1);
  });

  it('takes another margin', async () => {
    watch(100);
    await scrollToGap(250);
    expect(calls).to.equal(0);
    await scrollToGap(50);
    expect(calls).to.equal(1);
  });

  it('calls back when the element starts near the viewport', async () => {
    await scrollToGap(250);
    watch();
    await settle();
    expect(calls).to.equal(1);
  });

  it('stops watching after cleanup', async () => {
    const stop = whenNearViewport(target, () => { calls += 1; });
    stop();
    await scrollToGap(0);
    expect(calls).to.equal(0);
  });
});
