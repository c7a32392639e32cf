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

  it("the page's root font size (Bootstrap 3: html { font-size: 10px }) changes no size inside the element", async () => {
    const measure = async () => {
      document.body.insertAdjacentHTML('beforeend', '<portal-forbidden path="/x"></portal-forbidden>');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const element = document.querySelector('portal-forbidden')!;
      const root = element.shadowRoot!;
      const sizes: Record<string, string> = { host: getComputedStyle(element).fontSize };
      for (const selector of ['h1', '.lead', '.btn', '.small', 'main']) {
        const node = root.querySelector(selector)!;
        const style = getComputedStyle(node);
        sizes[selector] = [style.fontSize, style.lineHeight, style.paddingTop, style.paddingLeft, style.marginBottom, style.borderRadius, `${node.getBoundingClientRect().height}px`].join(' ');
      }
      element.remove();
      return sizes;
    };
    const plain = await measure();
    const bootstrap3 = document.createElement('style');
    bootstrap3.textContent = 'html { font-size: 10px } body { font-size: 14px; line-height: 1.42857143 }';
    document.head.append(bootstrap3);
    try {
      expect(getComputedStyle(document.documentElement).fontSize).to.equal('10px');
      expect(await measure()).to.deep.equal(plain);
    } finally {
      bootstrap3.remove();
    }
    expect(plain.host).to.equal('16px');
    expect(plain['.btn']!.split(' ')[2]).to.equal('6px'); // Bootstrap 5's .375rem as 6px
  });

  it("the element carries its own background, so its text stays readable on the page's own background in either theme", async () => {
    document.body.insertAdjacentHTML('beforeend', '<portal-forbidden></portal-forbidden>');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const host = document.querySelector('portal-forbidden')!;
    const style = getComputedStyle(host);
    expect(style.backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');
    expect(style.backgroundColor).to.equal('rgb(255, 255, 255)'); // light mode: Bootstrap's --bs-body-bg
  });
});
