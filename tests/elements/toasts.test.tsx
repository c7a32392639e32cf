import { expect } from 'chai';
import { emulateMedia } from '@web/test-runner-commands';
import { ensureOverlays, OVERLAYS_TAG } from '../../src/ui/element';
import { TOAST_VARIANT_CLASS } from '../../src/ui/Toasts';
import { $toasts, resetMessages, showToast, TOAST_DEFAULT_TITLE, TOAST_FADE_MS, TOAST_HIDE_MS } from '../../src/core/messages';
import type { ToastVariant } from '../../src/core/messages';
import '../../src/elements/portal-forbidden/define';
import { sleep, waitFor } from '../support/browser';
import { overlaysRoot } from '../support/elements';

const toastEls = () => [...overlaysRoot().querySelectorAll<HTMLElement>('.toast')];
const waitForToast = (index = 0) => waitFor(() => toastEls()[index]);

describe('<portal-overlays> toasts', () => {
  beforeEach(() => {
    resetMessages();
    ensureOverlays();
  });
  afterEach(() => {
    resetMessages();
    document.body.innerHTML = '';
  });

  it("uses the spec's timings and default title", () => {
    expect(TOAST_HIDE_MS).to.equal(5000);
    expect(TOAST_FADE_MS).to.equal(500);
    expect(TOAST_DEFAULT_TITLE).to.equal('Notification');
  });

  it("shows a toast with the default title 'Notification' in a polite live region at the top right", async () => {
    showToast('Saved.');
    const toast = await waitForToast();
    expect(toast.querySelector('.toast-header')?.textContent).to.equal('Notification');
    expect(toast.querySelector('.toast-body')?.textContent).to.equal('Saved.');
    expect(toast.classList.contains('show')).to.equal(true);
    expect(toast.getAttribute('role')).to.equal('status');
    const container = overlaysRoot().querySelector<HTMLElement>('.toast-container');
    expect(container?.getAttribute('aria-live')).to.equal('polite');
    expect(toast.parentElement === container, 'toast inside the container').to.equal(true);
    const box = toast.getBoundingClientRect();
    expect(box.top).to.be.lessThan(50);
    expect(window.innerWidth - box.right).to.be.lessThan(50);
  });

  it('shows a given title instead of the default', async () => {
    showToast('Saved.', { title: 'Projection' });
    const toast = await waitForToast();
    expect(toast.querySelector('.toast-header strong')?.textContent).to.equal('Projection');
  });

  it('renders the message as text, never HTML', async () => {
    showToast('<b>bold</b><img src=x>', { title: '<i>t</i>' });
    const toast = await waitForToast();
    expect(toast.querySelector('b, img, i')?.outerHTML ?? null).to.equal(null);
    expect(toast.querySelector('.toast-body')?.textContent).to.equal('<b>bold</b><img src=x>');
    expect(toast.querySelector('.toast-header strong')?.textContent).to.equal('<i>t</i>');
  });

  const variants: Array<[ToastVariant, string, string]> = [
    ['success', 'text-bg-success', 'status'],
    ['warning', 'text-bg-warning', 'alert'],
    ['info', 'text-bg-info', 'status'],
    ['danger', 'text-bg-danger', 'alert'],
    ['default', 'text-bg-secondary', 'status'],
  ];
  for (const [variant, className, role] of variants) {
    it(`variant '${variant}' gets class ${className} and role ${role}`, async () => {
      showToast('x', { variant });
      const toast = await waitForToast();
      expect(toast.classList.contains(className)).to.equal(true);
      expect(toast.getAttribute('role')).to.equal(role);
      for (const other of Object.values(TOAST_VARIANT_CLASS)) {
        if (other !== className) expect(toast.classList.contains(other)).to.equal(false);
      }
    });
  }

  it("is grey by default (no variant given)", async () => {
    showToast('x');
    const toast = await waitForToast();
    expect(toast.classList.contains('text-bg-secondary')).to.equal(true);
  });

  it('falls back to grey for an unknown variant from untyped code', async () => {
    showToast('x', { variant: 'purple' as ToastVariant });
    const toast = await waitForToast();
    expect(toast.classList.contains('text-bg-secondary')).to.equal(true);
  });

  it('stays 5 s, fades out over 0.5 s, then is removed', async function () {
    this.timeout(9000);
    showToast('Timed');
    const start = performance.now();
    const toast = await waitForToast();
    expect(getComputedStyle(toast).transitionDuration).to.equal('0.5s');

    await sleep(4900 - (performance.now() - start));
    expect(toastEls().length).to.equal(1);
    expect(toast.classList.contains('show')).to.equal(true);
    expect(getComputedStyle(toast).opacity).to.equal('1');

    await waitFor(() => !toast.classList.contains('show'), 1000);
    const fadeStart = performance.now() - start;
    expect(fadeStart).to.be.within(TOAST_HIDE_MS - 5, TOAST_HIDE_MS + 250);
    expect(toast.isConnected, 'still in the page while it fades').to.equal(true);

    await sleep(250);
    const midOpacity = Number(getComputedStyle(toast).opacity);
    expect(midOpacity).to.be.above(0).and.below(1);
    expect(toast.isConnected).to.equal(true);

    await waitFor(() => !toast.isConnected, 1000);
    const gone = performance.now() - start;
    expect(gone - fadeStart).to.be.within(TOAST_FADE_MS - 20, TOAST_FADE_MS + 150);
    expect(gone).to.be.below(TOAST_HIDE_MS + TOAST_FADE_MS + 300);
    expect($toasts.get()).to.deep.equal([]);
  });

  it('with prefers-reduced-motion: reduce the toast does not fade (WCAG 2.3.3), and fades again without it', async () => {
    try {
      await emulateMedia({ reducedMotion: 'reduce' });
      showToast('Still');
      const toast = await waitForToast();
      expect(getComputedStyle(toast).transitionDuration).to.equal('0s');
      await emulateMedia({ reducedMotion: 'no-preference' });
      expect(getComputedStyle(toast).transitionDuration).to.equal('0.5s');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('the close button fades the toast out at once and then removes it', async () => {
    const id = showToast('Close me');
    showToast('Keep me');
    const toast = await waitForToast();
    const close = toast.querySelector<HTMLButtonElement>('button.btn-close');
    expect(close?.getAttribute('aria-label')).to.equal('Close');
    const start = performance.now();
    close?.click();
    await waitFor(() => !toast.classList.contains('show'), 200);
    expect(toast.isConnected).to.equal(true);
    await waitFor(() => !toast.isConnected, 1500);
    expect(performance.now() - start).to.be.within(TOAST_FADE_MS - 20, TOAST_FADE_MS + 200);
    expect($toasts.get().map((t) => t.id)).to.not.include(id);
    expect(toastEls().map((el) => el.querySelector('.toast-body')?.textContent)).to.deep.equal(['Keep me']);
  });

  it('stacks toasts oldest first', async () => {
    showToast('one');
    showToast('two');
    await waitForToast(1);
    expect(toastEls().map((el) => el.querySelector('.toast-body')?.textContent)).to.deep.equal(['one', 'two']);
  });
});

describe('<portal-overlays> mounting', () => {
  beforeEach(() => {
    resetMessages();
    document.body.innerHTML = '';
  });
  afterEach(() => {
    resetMessages();
    document.body.innerHTML = '';
  });

  it('is appended once to <body>, however often it is ensured', () => {
    ensureOverlays();
    ensureOverlays();
    const all = document.querySelectorAll(OVERLAYS_TAG);
    expect(all.length).to.equal(1);
    expect(all[0]?.parentElement === document.body, 'appended to <body>').to.equal(true);
  });

  it('takes no layout space and sits above the page', async () => {
    const before = document.createElement('div');
    before.style.height = '10px';
    document.body.append(before);
    const bodyHeight = document.body.getBoundingClientRect().height;
    ensureOverlays();
    const host = document.querySelector(OVERLAYS_TAG) as HTMLElement;
    const style = getComputedStyle(host);
    expect(style.position).to.equal('fixed');
    expect(Number(style.zIndex)).to.be.at.least(1080);
    expect(document.body.getBoundingClientRect().height).to.equal(bodyHeight);
    showToast('x');
    await waitForToast();
    expect(document.body.getBoundingClientRect().height).to.equal(bodyHeight);
  });

  it('has its own shadow root with the shared stylesheet', async () => {
    ensureOverlays();
    const host = document.querySelector(OVERLAYS_TAG) as HTMLElement;
    await waitFor(() => host.shadowRoot?.querySelector('.toast-container'));
    expect(host.shadowRoot?.adoptedStyleSheets).to.have.length(1);
  });

  it('is mounted when one of our elements connects', async () => {
    expect(document.querySelector(OVERLAYS_TAG)?.outerHTML ?? null).to.equal(null);
    document.body.append(document.createElement('portal-forbidden'));
    await waitFor(() => document.querySelector(OVERLAYS_TAG));
    expect(document.querySelectorAll(OVERLAYS_TAG).length).to.equal(1);
  });

  it('is not duplicated by a second element or a second copy that finds it in the page', async () => {
    document.body.append(document.createElement('portal-forbidden'), document.createElement('portal-forbidden'));
    await waitFor(() => document.querySelector(OVERLAYS_TAG));
    await sleep(50);
    ensureOverlays();
    expect(document.querySelectorAll(OVERLAYS_TAG).length).to.equal(1);
  });

  it('comes back when a toast is shown after the page removed it', async () => {
    expect(document.querySelector(OVERLAYS_TAG)?.outerHTML ?? null).to.equal(null);
    showToast('Back again');
    const toast = await waitForToast();
    expect(toast.querySelector('.toast-body')?.textContent).to.equal('Back again');
  });
});
