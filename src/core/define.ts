import portalCss from '../styles/portal.scss';
import { pageSingleton } from './singleton';

/** Build version stamped on every class we define, to tell our own re-registration from a foreign one. */
export const BUILD_VERSION = '0.1.0';
const BUILD_MARK = Symbol.for('bizapps.build');

/** The page's loader (src/loader.ts) publishes this so elements can load nested tags and the router can preload. */
export interface PageLoader {
  /** Import and define the element for `tag`; resolves once it is defined. Unknown tags resolve too. */
  load(tag: string): Promise<void>;
  /** Watch a (shadow) root for our tags appearing in it. */
  observe(root: Document | ShadowRoot): void;
  /** Every tag the loader knows. */
  readonly tags: readonly string[];
}
const LOADER_KEY = Symbol.for('bizapps.loader');

export function getPageLoader(): PageLoader | undefined {
  return (globalThis as unknown as Record<symbol, PageLoader | undefined>)[LOADER_KEY];
}
export function setPageLoader(loader: PageLoader): void {
  (globalThis as unknown as Record<symbol, PageLoader | undefined>)[LOADER_KEY] = loader;
}

/** Load the element for `tag` through the page loader, or wait for something else to define it. */
export async function loadElement(tag: string): Promise<void> {
  const loader = getPageLoader();
  if (loader && loader.tags.includes(tag)) return loader.load(tag);
  await customElements.whenDefined(tag);
}

/** One constructable stylesheet shared by every element's shadow root on the page. */
export function portalStyleSheet(): CSSStyleSheet {
  return pageSingleton('stylesheet', () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(portalCss);
    return sheet;
  });
}

/** Names of the accessor properties an element class exposes (r2wc defines one per prop). */
function accessorNames(ctor: CustomElementConstructor): string[] {
  const names: string[] = [];
  for (let proto = ctor.prototype; proto && proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const [name, desc] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (desc.set) names.push(name);
    }
  }
  return names;
}

/**
 * Register a custom element, safely: a tag already defined by this build is left alone, one defined by
 * another build is left alone with a warning (a legacy page may load two bundles). The class gets the
 * shared stylesheet in its shadow root, watches that root for nested tags, and re-applies properties a
 * page set before the lazy code arrived (they would otherwise shadow the accessors).
 */
export function defineElement(tag: string, base: CustomElementConstructor): CustomElementConstructor {
  const existing = customElements.get(tag) as (CustomElementConstructor & { [BUILD_MARK]?: string }) | undefined;
  if (existing) {
    if (existing[BUILD_MARK] !== BUILD_VERSION) {
      console.warn(`<${tag}> is already defined by another build (${existing[BUILD_MARK] ?? 'unknown'}); keeping it.`);
    }
    return existing;
  }
  const props = accessorNames(base);
  const Base = base as unknown as new () => HTMLElement & { connectedCallback?(): void };
  class PortalElement extends Base {
    static [BUILD_MARK] = BUILD_VERSION;
    #upgraded = false;
    constructor() {
      super();
      const root = this.shadowRoot;
      if (root) {
        root.adoptedStyleSheets = [portalStyleSheet()];
        getPageLoader()?.observe(root);
      }
    }
    override connectedCallback(): void {
      if (!this.#upgraded) {
        this.#upgraded = true;
        for (const name of props) {
          if (Object.prototype.hasOwnProperty.call(this, name)) {
            const value = (this as unknown as Record<string, unknown>)[name];
            delete (this as unknown as Record<string, unknown>)[name];
            (this as unknown as Record<string, unknown>)[name] = value;
          }
        }
      }
      super.connectedCallback?.();
    }
  }
  customElements.define(tag, PortalElement as unknown as CustomElementConstructor);
  return PortalElement as unknown as CustomElementConstructor;
}
