import { expect } from 'chai';
import { BUILD_VERSION, defineElement, portalStyleSheet } from '../../src/core/define';
import { defineReactElement } from '../../src/ui/element';

function Echo({ label }: { label?: string }) {
  return label ?? 'none';
}

let counter = 0;
const uniqueTag = () => `test-echo-${++counter}-${Math.random().toString(36).slice(2, 7)}`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('defineElement', () => {
  afterEach(() => { document.body.innerHTML = ''; });

  it('does nothing when this build already defined the tag', () => {
    const tag = uniqueTag();
    const first = defineReactElement(tag, Echo, { props: { label: 'string' } });
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => { warnings.push(args); };
    try {
      const second = defineReactElement(tag, Echo, { props: { label: 'string' } });
      expect(second).to.equal(first);
      expect(warnings).to.have.length(0);
    } finally {
      console.warn = warn;
    }
  });

  it('warns and keeps the first definition when another build defined the tag', () => {
    const tag = uniqueTag();
    class Foreign extends HTMLElement {}
    customElements.define(tag, Foreign);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => { warnings.push(message); };
    try {
      expect(defineElement(tag, class extends HTMLElement {})).to.equal(Foreign);
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain(`<${tag}> is already defined by another build`);
    expect(BUILD_VERSION).to.be.a('string');
  });

  it('re-applies properties a page set before the element was defined', async () => {
    const tag = uniqueTag();
    const el = document.createElement(tag) as HTMLElement & { label?: string };
    el.label = 'set early';
    document.body.append(el);
    defineReactElement(tag, Echo, { props: { label: 'string' } });
    await tick();
    expect(el.shadowRoot?.textContent).to.equal('set early');
    expect(Object.prototype.hasOwnProperty.call(el, 'label')).to.equal(false);
    el.label = 'changed later';
    await tick();
    expect(el.shadowRoot?.textContent).to.equal('changed later');
  });

  it('shares one constructable stylesheet across every element', async () => {
    const tagA = uniqueTag();
    const tagB = uniqueTag();
    defineReactElement(tagA, Echo);
    defineReactElement(tagB, Echo);
    document.body.insertAdjacentHTML('beforeend', `<${tagA}></${tagA}><${tagB}></${tagB}>`);
    await tick();
    const a = document.querySelector(tagA)!.shadowRoot!;
    const b = document.querySelector(tagB)!.shadowRoot!;
    expect(a.adoptedStyleSheets[0]).to.equal(portalStyleSheet());
    expect(b.adoptedStyleSheets[0]).to.equal(a.adoptedStyleSheets[0]);
    expect(a.adoptedStyleSheets[0]!.cssRules.length).to.be.greaterThan(100);
  });
});
