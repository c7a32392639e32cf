/**
 * The one script a page needs: `<script type="module" src="/dist/loader.js"></script>`.
 * It knows every element's tag and imports an element's chunk only when that tag first appears in
 * the page (or in one of our elements' shadow roots), or when the portal's router asks for it.
 * It imports nothing else eagerly, so a page without our tags downloads only this file.
 */
import { elementChunks } from './elements/chunks';

/**
 * Tag → the chunks its element's chunk imports with it (paths beside this file), filled in by the build
 * (scripts/module-preload.mjs); unbuilt (tests), the placeholder stays and nothing is preloaded.
 */
const ELEMENT_PRELOADS = '__ELEMENT_PRELOADS__';

/** The preload map, or none when the build did not fill it. */
function elementPreloads(): Record<string, readonly string[]> {
  try {
    const parsed: unknown = JSON.parse(ELEMENT_PRELOADS);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, readonly string[]>) : {};
  } catch {
    return {};
  }
}

const LOADER_KEY = Symbol.for('bizapps.loader');
type Loader = { load(tag: string): Promise<void>; observe(root: Document | ShadowRoot): void; readonly tags: readonly string[] };
const registry = globalThis as unknown as Record<symbol, Loader | undefined>;

function startLoader(): Loader {
  const tags = Object.keys(elementChunks);
  const pending = new Map<string, Promise<void>>();
  const preloads = elementPreloads();
  const preloaded = new Set<string>();

  /** Ask for every chunk `tag` imports at once, beside its own: one round trip, not one per level of imports. */
  const preload = (tag: string): void => {
    for (const file of preloads[tag] ?? []) {
      if (preloaded.has(file)) continue;
      preloaded.add(file);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = new URL(file, import.meta.url).href;
      document.head.append(link);
    }
  };

  const load = (tag: string): Promise<void> => {
    let promise = pending.get(tag);
    if (!promise) {
      const importChunk = elementChunks[tag];
      if (!importChunk) return Promise.resolve();
      preload(tag);
      promise = importChunk().then(
        () => undefined,
        (error: unknown) => {
          pending.delete(tag); // let a later appearance retry, e.g. after a network blip
          console.error(`Could not load <${tag}>`, error);
        },
      );
      pending.set(tag, promise);
    }
    return promise;
  };

  const scan = (root: ParentNode): void => {
    if (root instanceof Element && elementChunks[root.localName]) void load(root.localName);
    // Only elements not defined yet, then ours among them: matching the whole tag list against every node React adds
    // (a workbench's sheet is hundreds) cost milliseconds on each navigation.
    for (const el of root.querySelectorAll(':not(:defined)')) if (elementChunks[el.localName]) void load(el.localName);
  };

  const observe = (root: Document | ShadowRoot): void => {
    scan(root);
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    }).observe(root, { childList: true, subtree: true });
  };

  return { load, observe, tags };
}

// A second copy of the bundle on the same page leaves the first loader in charge.
if (!registry[LOADER_KEY]) {
  const loader = startLoader();
  registry[LOADER_KEY] = loader;
  loader.observe(document);
}
