import { expect } from 'chai';
import '../../src/elements/portal-not-found/define';
import '../../src/elements/portal-forbidden/define';
import '../../src/elements/portal-unprocessable/define';

async function mount(html: string): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const el = host.firstElementChild as HTMLElement;
  await new Promise((resolve) => setTimeout(resolve, 50));
  return el;
}

describe('status screens', () => {
  afterEach(() => { document.body.innerHTML = ''; });

  for (const [tag, title] of [['portal-not-found', 'Not Found'], ['portal-forbidden', 'No Access'], ['portal-unprocessable', 'Can Not Proceed']] as const) {
    it(`<${tag}> shows '${title}' in an open shadow root`, async () => {
      const el = await mount(`<${tag}></${tag}>`);
      const heading = el.shadowRoot?.querySelector('h1');
      expect(heading?.textContent).to.equal(title);
      expect(el.shadowRoot?.adoptedStyleSheets.length).to.equal(1);
    });
  }

  it('renders the requested path as text, never as HTML', async () => {
    const el = await mount(`<portal-not-found path="<img src=x onerror=alert(1)>"></portal-not-found>`);
    expect(el.shadowRoot?.querySelector('img')).to.equal(null);
    expect(el.shadowRoot?.querySelector('code')?.textContent).to.equal('<img src=x onerror=alert(1)>');
  });

  it('points the home link at home-href', async () => {
    const el = await mount(`<portal-forbidden home-href="/Legacy/Start.aspx"></portal-forbidden>`);
    expect(el.shadowRoot?.querySelector('a')?.getAttribute('href')).to.equal('/Legacy/Start.aspx');
  });
});
