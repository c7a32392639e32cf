import { expect } from 'chai';
import '../../src/elements/portal-forbidden/define';

// A legacy page with its own (old, loud) CSS, and one of our elements on it.
const LEGACY_CSS = `
  h1 { color: rgb(0, 128, 0); font-family: "Courier New", monospace; }
  .btn { background-color: rgb(255, 0, 0); padding: 1px; border-radius: 0px; }
  body { font-family: "Times New Roman", serif; color: rgb(128, 0, 128); }
`;

describe('style isolation between a legacy page and an element', () => {
  let style: HTMLStyleElement;
  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = LEGACY_CSS;
    document.head.append(style);
  });
  afterEach(() => {
    style.remove();
    document.body.innerHTML = '';
  });

  it("the page's CSS does not reach inside the element", async () => {
    document.body.insertAdjacentHTML('beforeend', '<portal-forbidden></portal-forbidden>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const root = document.querySelector('portal-forbidden')!.shadowRoot!;
    const heading = getComputedStyle(root.querySelector('h1')!);
    const button = getComputedStyle(root.querySelector('.btn')!);
    expect(heading.color).to.not.equal('rgb(0, 128, 0)');
    expect(heading.fontFamily).to.not.contain('Courier');
    expect(button.backgroundColor).to.not.equal('rgb(255, 0, 0)');
    // Inherited body font and colour are reset on :host, not taken from the page.
    const host = getComputedStyle(document.querySelector('portal-forbidden')!);
    expect(host.fontFamily).to.not.contain('Times New Roman');
    expect(host.color).to.not.equal('rgb(128, 0, 128)');
  });

  it("the element's Bootstrap does not change the page's own elements", async () => {
    document.body.insertAdjacentHTML('beforeend', '<a class="btn" id="legacy-btn">Legacy</a><p id="legacy-p">text</p>');
    const before = getComputedStyle(document.getElementById('legacy-btn')!);
    const snapshot = { bg: before.backgroundColor, padding: before.padding, radius: before.borderRadius, margin: getComputedStyle(document.getElementById('legacy-p')!).marginBottom };
    document.body.insertAdjacentHTML('beforeend', '<portal-forbidden></portal-forbidden>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = getComputedStyle(document.getElementById('legacy-btn')!);
    expect(after.backgroundColor).to.equal('rgb(255, 0, 0)');
    expect({ bg: after.backgroundColor, padding: after.padding, radius: after.borderRadius, margin: getComputedStyle(document.getElementById('legacy-p')!).marginBottom }).to.deep.equal(snapshot);
    expect(document.adoptedStyleSheets.length).to.equal(0);
  });
});
