// The build turns every `rem` of our stylesheets into px, so a page's root font size (Bootstrap 3:
// `html { font-size: 10px }`) cannot shrink what renders inside our shadow roots.
import { expect } from 'chai';
import { remToPx, ROOT_FONT_SIZE_PX } from '../../scripts/rem-to-px.mjs';
import portalCss from '../../src/styles/portal.scss';
import tabulatorCss from '../../src/styles/tabulator.scss';

const REM_LENGTH = /(?<![\w.#-])-?(?:\d+(?:\.\d+)?|\.\d+)rem(?![\w-])/i;

describe('remToPx', () => {
  it('stands 1rem for 16px, the root size Bootstrap 5 is drawn for', () => {
    expect(ROOT_FONT_SIZE_PX).to.equal(16);
    expect(remToPx('a{font-size:1rem}')).to.equal('a{font-size:16px}');
  });

  it('rewrites every length form: decimals, leading dot, negative, zero, several per value, inside calc()', () => {
    expect(remToPx('a{margin:-.5rem 1.25rem 0rem .375rem}')).to.equal('a{margin:-8px 20px 0px 6px}');
    expect(remToPx('h1{font-size:calc(1.375rem + 1.5vw)}')).to.equal('h1{font-size:calc(22px + 1.5vw)}');
    expect(remToPx(':host{--bs-body-font-size:1rem;--bs-border-radius: .375rem}')).to.equal(':host{--bs-body-font-size:16px;--bs-border-radius: 6px}');
    expect(remToPx('a{box-shadow:0 .5rem 1rem rgba(0,0,0,.15)}')).to.equal('a{box-shadow:0 8px 16px rgba(0,0,0,.15)}');
    expect(remToPx('a{width:1REM}')).to.equal('a{width:16px}');
  });

  it('rounds to at most four decimals and never writes -0', () => {
    expect(remToPx('a{x:.35rem}')).to.equal('a{x:5.6px}');
    expect(remToPx('a{x:1.2345678rem}')).to.equal('a{x:19.7531px}');
    expect(remToPx('a{x:-0rem}')).to.equal('a{x:0px}');
  });

  it('uses another root size when asked', () => {
    expect(remToPx('a{x:1.5rem}', 10)).to.equal('a{x:15px}');
  });

  it('leaves strings, url(...), identifiers and other units alone', () => {
    const untouched = [
      'a{content:"1rem"}', "a{content:'2rem'}", 'a{background:url(data:image/svg+xml,%3csvg width=\'1rem\'%3e)}',
      '.p-2rem{color:red}', '#a1rem{color:red}', 'a{--gap-1rem:red}', 'a{x:2remx}', 'a{x:1em;y:2px;z:3vw}',
    ];
    for (const css of untouched) expect(remToPx(css), css).to.equal(css);
    expect(remToPx('.p-2rem{padding:2rem}')).to.equal('.p-2rem{padding:32px}');
  });

  it('the shared stylesheet and the grid stylesheet, as built, hold no rem length', () => {
    for (const [name, css] of [['portal.scss', portalCss], ['tabulator.scss', tabulatorCss]] as const) {
      expect(css.length, name).to.be.greaterThan(1000);
      expect(REM_LENGTH.exec(css)?.[0] ?? null, name).to.equal(null);
    }
    // Bootstrap's body size and spacing arrive as px.
    expect(portalCss).to.contain('--bs-body-font-size:16px');
    expect(portalCss).to.match(/\.p-2\{padding:8px ?!important\}/);
  });
});
