import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { ensureOverlays } from '../../src/ui/element';
import { $messageBoxes, MESSAGE_BOX_DEFAULT_TITLE, MESSAGE_BOX_DEFAULT_WIDTH, resetMessages, showMessage, showPrompt } from '../../src/core/messages';
import { sleep, waitFor } from '../support/browser';
import { overlaysRoot } from '../support/elements';

/** The open dialog, once it has rendered and moved focus in. */
async function openDialog(): Promise<HTMLElement> {
  const dialog = await waitFor(() => overlaysRoot().querySelector<HTMLElement>('[role="dialog"]'));
  await waitFor(() => dialog.contains(overlaysRoot().activeElement));
  return dialog;
}

const buttons = (dialog: HTMLElement) => [...dialog.querySelectorAll<HTMLButtonElement>('.modal-footer button')];
const button = (dialog: HTMLElement, caption: string) => {
  const found = buttons(dialog).find((b) => b.textContent === caption);
  if (!found) throw new Error(`no button '${caption}'`);
  return found;
};
const focused = () => overlaysRoot().activeElement;
/**
 * A short name for an element. Tests compare these strings, never elements: a failing chai
 * comparison of React-rendered elements makes the runner serialise their fibres and hang.
 */
function nameOf(el: Element | null | undefined): string | null {
  if (!el) return null;
  const text = el.getAttribute('aria-label') ?? el.textContent ?? '';
  return text ? `${el.localName}:${text}` : el.localName;
}
const focusedName = () => nameOf(focused());
const dialogGone = () => waitFor(() => !overlaysRoot().querySelector('[role="dialog"]'));

describe('<portal-overlays> message box', () => {
  let opener: HTMLButtonElement;

  beforeEach(() => {
    resetMessages();
    document.body.innerHTML = '';
    opener = document.createElement('button');
    opener.textContent = 'Open';
    document.body.append(opener);
    opener.focus();
    ensureOverlays();
  });
  afterEach(() => {
    resetMessages();
    document.body.innerHTML = '';
  });

  it("uses the spec's defaults", () => {
    expect(MESSAGE_BOX_DEFAULT_TITLE).to.equal('Message');
    expect(MESSAGE_BOX_DEFAULT_WIDTH).to.equal('400px');
  });

  it("is a modal dialog titled 'Message' by default, labelled by its title", async () => {
    void showMessage({ message: 'Hello' });
    const dialog = await openDialog();
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(dialog.classList.contains('modal')).to.equal(true);
    const title = overlaysRoot().getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).to.equal('Message');
    expect(title?.classList.contains('modal-title')).to.equal(true);
    expect(overlaysRoot().querySelector('.modal-backdrop') !== null).to.equal(true);
    for (const part of ['.modal-dialog', '.modal-content', '.modal-header', '.modal-body', '.modal-footer']) {
      expect(dialog.querySelector(part) !== null, part).to.equal(true);
    }
    expect(getComputedStyle(dialog).display).to.equal('block');
  });

  it('shows a given title', async () => {
    void showMessage({ message: 'x', title: 'Request Failed' });
    const dialog = await openDialog();
    expect(dialog.querySelector('.modal-title')?.textContent).to.equal('Request Failed');
  });

  it('is 400px wide by default, and as wide as asked otherwise', async () => {
    void showMessage({ message: 'x' });
    let dialog = await openDialog();
    let box = dialog.querySelector<HTMLElement>('.modal-dialog');
    expect(box?.style.maxWidth).to.equal('400px');
    expect(box?.getBoundingClientRect().width).to.equal(400);
    resetMessages();
    await dialogGone();

    void showMessage({ message: 'x', width: '600px' });
    dialog = await openDialog();
    box = dialog.querySelector<HTMLElement>('.modal-dialog');
    expect(box?.style.maxWidth).to.equal('600px');
    expect(box?.getBoundingClientRect().width).to.equal(600);
  });

  it("has the buttons 'Cancel', 'Ok', 'Dismiss' in that order by default", async () => {
    void showMessage({ message: 'x' });
    const dialog = await openDialog();
    expect(buttons(dialog).map((b) => b.textContent)).to.deep.equal(['Cancel', 'Ok', 'Dismiss']);
  });

  it('shows only the buttons asked for, in their order, with overridden captions', async () => {
    void showMessage({ message: 'x', buttons: ['ok', 'cancel'], labels: { ok: 'Delete' } });
    const dialog = await openDialog();
    expect(buttons(dialog).map((b) => b.textContent)).to.deep.equal(['Delete', 'Cancel']);
  });

  it('Ok resolves true', async () => {
    const result = showMessage({ message: 'x' });
    button(await openDialog(), 'Ok').click();
    expect(await result).to.equal(true);
    await dialogGone();
    expect($messageBoxes.get()).to.deep.equal([]);
  });

  it('Cancel resolves false', async () => {
    const result = showMessage({ message: 'x' });
    button(await openDialog(), 'Cancel').click();
    expect(await result).to.equal(false);
  });

  it('Dismiss resolves null', async () => {
    const result = showMessage({ message: 'x' });
    button(await openDialog(), 'Dismiss').click();
    expect(await result).to.equal(null);
  });

  it('an overridden caption keeps its meaning', async () => {
    const result = showMessage({ message: 'x', labels: { cancel: 'Keep', ok: 'Delete', dismiss: 'Later' } });
    button(await openDialog(), 'Later').click();
    expect(await result).to.equal(null);
  });

  it('the header close button resolves false', async () => {
    const result = showMessage({ message: 'x' });
    const dialog = await openDialog();
    const close = dialog.querySelector<HTMLButtonElement>('.modal-header button.btn-close');
    expect(close?.getAttribute('aria-label')).to.equal('Close');
    close?.click();
    expect(await result).to.equal(false);
  });

  it('Escape resolves false', async () => {
    const result = showMessage({ message: 'x' });
    await openDialog();
    await sendKeys({ press: 'Escape' });
    expect(await result).to.equal(false);
    await dialogGone();
  });

  it('a click on the backdrop beside the dialog answers nothing', async () => {
    let settled = false;
    void showMessage({ message: 'x' }).then(() => { settled = true; });
    const dialog = await openDialog();
    dialog.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await sleep(50);
    expect(settled).to.equal(false);
    expect($messageBoxes.get()).to.have.length(1);
  });

  it('renders the message as text with its line breaks, never HTML', async () => {
    void showMessage({ message: 'Line <b>one</b>\nLine two' });
    const dialog = await openDialog();
    expect(dialog.querySelector('.modal-body b')?.outerHTML ?? null).to.equal(null);
    const text = dialog.querySelector<HTMLElement>('.modal-body p');
    expect(text?.textContent).to.equal('Line <b>one</b>\nLine two');
    expect(getComputedStyle(text as HTMLElement).whiteSpace).to.equal('pre-wrap');
  });

  it('shows details as a definition list of text rows', async () => {
    void showMessage({ message: 'x', details: [{ label: 'Status', value: '500' }, { label: '<i>Url</i>', value: '/api/<b>x</b>' }] });
    const dialog = await openDialog();
    const dl = dialog.querySelector('dl');
    expect([...(dl?.querySelectorAll('dt') ?? [])].map((el) => el.textContent)).to.deep.equal(['Status', '<i>Url</i>']);
    expect([...(dl?.querySelectorAll('dd') ?? [])].map((el) => el.textContent)).to.deep.equal(['500', '/api/<b>x</b>']);
    expect(dl?.querySelector('i, b')?.outerHTML ?? null).to.equal(null);
    expect(dl?.firstElementChild?.tagName).to.equal('DT');
  });

  it('a text input, prefilled and labelled, returns the typed text with Ok', async () => {
    const result = showPrompt({ message: 'Name?', input: 'text', inputValue: 'Jo' });
    const dialog = await openDialog();
    const input = dialog.querySelector<HTMLInputElement>('input[type="text"]');
    expect(input?.value).to.equal('Jo');
    expect(focused() === input, 'focus on the input').to.equal(true);
    const label = dialog.querySelector(`label[for="${input?.id}"]`);
    expect(label?.textContent).to.equal('Your answer');
    await sendKeys({ type: 'hn Doe' });
    button(dialog, 'Ok').click();
    expect(await result).to.deep.equal({ result: true, text: 'John Doe' });
  });

  it('Enter in the text input means Ok', async () => {
    const result = showPrompt({ message: 'Name?', input: 'text', inputLabel: 'Name' });
    const dialog = await openDialog();
    expect(dialog.querySelector('label')?.textContent).to.equal('Name');
    await sendKeys({ type: 'Ann' });
    await sendKeys({ press: 'Enter' });
    expect(await result).to.deep.equal({ result: true, text: 'Ann' });
  });

  it('the typed text also comes back with Cancel', async () => {
    const result = showPrompt({ message: 'x', input: 'text' });
    const dialog = await openDialog();
    await sendKeys({ type: 'abc' });
    button(dialog, 'Cancel').click();
    expect(await result).to.deep.equal({ result: false, text: 'abc' });
  });

  it('a textarea returns the typed text, Enter making a new line', async () => {
    const result = showPrompt({ message: 'Why?', input: 'textarea' });
    const dialog = await openDialog();
    const area = dialog.querySelector('textarea');
    expect(area !== null).to.equal(true);
    expect(dialog.querySelector('input')?.outerHTML ?? null).to.equal(null);
    expect(focused() === area, 'focus on the textarea').to.equal(true);
    await sendKeys({ type: 'first' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: 'second' });
    expect($messageBoxes.get()).to.have.length(1);
    button(dialog, 'Ok').click();
    expect(await result).to.deep.equal({ result: true, text: 'first\nsecond' });
  });

  it('shows no input unless asked', async () => {
    void showMessage({ message: 'x' });
    const dialog = await openDialog();
    expect(dialog.querySelector('input, textarea')?.outerHTML ?? null).to.equal(null);
  });

  it('moves focus to Ok when it opens, or to the first button without Ok', async () => {
    void showMessage({ message: 'x' });
    await openDialog();
    expect(focusedName()).to.equal('button:Ok');
    resetMessages();
    await dialogGone();

    void showMessage({ message: 'x', buttons: ['dismiss', 'cancel'] });
    await openDialog();
    expect(focusedName()).to.equal('button:Dismiss');
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    // A page control after the overlays: without the trap, Tab would land here (and not leave the page).
    const after = document.createElement('button');
    after.textContent = 'After';
    document.body.append(after);
    void showMessage({ message: 'x' });
    const dialog = await openDialog();
    expect(focusedName()).to.equal('button:Ok');
    await sendKeys({ press: 'Tab' });
    expect(focusedName()).to.equal('button:Dismiss');
    await sendKeys({ press: 'Tab' });
    expect(focusedName()).to.equal('button:Close');
    await sendKeys({ press: 'Shift+Tab' });
    expect(focusedName()).to.equal('button:Dismiss');
    for (let i = 0; i < 8; i++) {
      await sendKeys({ press: 'Tab' });
      expect(dialog.contains(focused())).to.equal(true);
    }
  });

  it('gives focus back to the element that had it when it closes', async () => {
    expect(document.activeElement === opener, 'focus on the opener').to.equal(true);
    const result = showMessage({ message: 'x' });
    const dialog = await openDialog();
    expect(document.activeElement === opener, 'focus left the opener').to.equal(false);
    button(dialog, 'Ok').click();
    await result;
    await dialogGone();
    await waitFor(() => document.activeElement === opener);
  });

  it('stacks boxes: the last opened shows first, then the one below', async () => {
    const first = showMessage({ message: 'first', title: 'First' });
    const second = showMessage({ message: 'second', title: 'Second' });
    let dialog = await openDialog();
    expect(overlaysRoot().querySelectorAll('[role="dialog"]').length).to.equal(1);
    expect(dialog.querySelector('.modal-title')?.textContent).to.equal('Second');
    button(dialog, 'Dismiss').click();
    expect(await second).to.equal(null);

    dialog = await waitFor(() => {
      const d = overlaysRoot().querySelector<HTMLElement>('[role="dialog"]');
      return d?.querySelector('.modal-title')?.textContent === 'First' && d;
    });
    await waitFor(() => dialog.contains(focused()));
    button(dialog, 'Ok').click();
    expect(await first).to.equal(true);
    await dialogGone();
    await waitFor(() => document.activeElement === opener);
  });

  it('appears from core code alone, e.g. an API error dialog', async () => {
    document.body.innerHTML = '';
    const result = showMessage({ title: 'Request Failed', message: 'Server error', buttons: ['ok'] });
    const dialog = await openDialog();
    expect(dialog.querySelector('.modal-title')?.textContent).to.equal('Request Failed');
    expect(buttons(dialog).map((b) => b.textContent)).to.deep.equal(['Ok']);
    await sendKeys({ press: 'Enter' });
    expect(await result).to.equal(true);
  });
});
