/**
 * The element gallery (`/gallery`, demo/pages/gallery.html): lists every element of the catalogue
 * (`/dist/custom-elements.json`) and shows the chosen one live on this plain page, with its attributes editable
 * and the snippet a legacy page needs. Plain DOM code, no product imports: the elements come from the loader
 * like on any legacy page. The choice lives in the address (`?element=<tag>&attr.<name>=<value>`), so a
 * sign-in round trip, a reload or a shared link shows the same element; the attributes are prefixed so
 * the elements' own query parameters (`workbench`, `recordId`, …) are never touched.
 */

interface Attribute { name: string; description?: string; default?: string; type?: { text: string } }
interface CatalogueEvent { name: string; description?: string }
interface Declaration {
  tagName: string;
  summary?: string;
  description?: string;
  attributes?: Attribute[];
  events?: CatalogueEvent[];
  requiredAttributes?: Array<{ name: string; example: string }>;
  customElement?: boolean;
}
interface Manifest { modules: Array<{ path: string; declarations: Declaration[] }> }

const MANIFEST_URL = '/dist/custom-elements.json';
const LOADER_URL = '/dist/loader.js';
const ATTR_PREFIX = 'attr.';

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** `text` with `code` spans as <code>: built as DOM nodes, so nothing in it is ever parsed as HTML. */
function richText(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  text.split(/(`[^`]+`)/).forEach((part) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) {
      const code = document.createElement('code');
      code.textContent = part.slice(1, -1);
      fragment.append(code);
    } else if (part) fragment.append(part);
  });
  return fragment;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** The attribute values the address asks for; the element's required examples when it names none. */
function valuesFromAddress(element: Declaration): Map<string, string> {
  const params = new URLSearchParams(location.search);
  const values = new Map<string, string>();
  for (const [key, value] of params) if (key.startsWith(ATTR_PREFIX)) values.set(key.slice(ATTR_PREFIX.length), value);
  if (values.size === 0 && !params.has('custom')) for (const { name, example } of element.requiredAttributes ?? []) values.set(name, example);
  return values;
}

function writeAddress(tag: string, values: Map<string, string>): void {
  const params = new URLSearchParams({ element: tag });
  for (const [name, value] of values) if (value !== '') params.set(`${ATTR_PREFIX}${name}`, value);
  // An edited set (even an empty one) is what the visitor chose: the examples are not filled in again.
  params.set('custom', '1');
  history.replaceState(null, '', `${location.pathname}?${params.toString()}`);
}

/** The snippet a legacy page copies: the one script tag and the element with its attributes. */
export function snippet(origin: string, tag: string, values: Map<string, string>): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const attributes = [...values].filter(([, value]) => value !== '').map(([name, value]) => ` ${name}="${escape(value)}"`).join('');
  return `<script type="module" src="${origin}${LOADER_URL}"></script>\n<${tag}${attributes}></${tag}>`;
}

function renderList(elements: Declaration[], current: string | undefined): void {
  const list = byId<HTMLUListElement>('gallery-list');
  const filter = byId<HTMLInputElement>('gallery-filter').value.trim().toLowerCase();
  const shown = elements.filter((e) => !filter || e.tagName.includes(filter) || (e.summary ?? '').toLowerCase().includes(filter));
  list.replaceChildren(...shown.map((e) => {
    const link = el('a', { href: `?element=${encodeURIComponent(e.tagName)}`, textContent: `<${e.tagName}>`, title: e.summary ?? '' });
    link.dataset.tag = e.tagName;
    if (e.tagName === current) link.setAttribute('aria-current', 'page');
    return el('li', {}, link);
  }));
  byId('gallery-count').textContent = `${shown.length} of ${elements.length} elements`;
}

/** Show `element` live with its attribute form, snippet and event log. */
function renderElement(element: Declaration): void {
  const main = byId<HTMLElement>('gallery-main');
  const values = valuesFromAddress(element);
  const required = new Set((element.requiredAttributes ?? []).map((r) => r.name));
  // Scrollable regions are focusable (keyboard users scroll them too).
  const live = el('div', { className: 'gallery-live', id: 'gallery-live', tabIndex: 0, title: 'Live element' });
  const code = el('code', { id: 'gallery-snippet-code' });
  const events = el('ol', { className: 'gallery-events', id: 'gallery-events', tabIndex: 0, title: 'Events fired' });
  const copyStatus = el('span', { id: 'gallery-copy-status' });
  copyStatus.setAttribute('role', 'status');

  const mount = () => {
    const node = document.createElement(element.tagName);
    for (const [name, value] of values) if (value !== '') node.setAttribute(name, value);
    for (const event of element.events ?? []) {
      node.addEventListener(event.name, (e) => {
        const detail = e instanceof CustomEvent ? JSON.stringify(e.detail) : '';
        events.append(el('li', { textContent: `${new Date().toLocaleTimeString()} ${event.name} ${detail ?? ''}` }));
      });
    }
    live.replaceChildren(node);
  };
  const refreshSnippet = () => { code.textContent = snippet(location.origin, element.tagName, values); };

  const rows = (element.attributes ?? []).map((attribute) => {
    const id = `gallery-attr-${attribute.name}`;
    const input = el('input', { id, name: attribute.name, value: values.get(attribute.name) ?? '', type: attribute.type?.text === 'number' ? 'number' : 'text' });
    if (attribute.default) input.placeholder = attribute.default;
    input.addEventListener('change', () => {
      values.set(attribute.name, input.value);
      const node = live.firstElementChild;
      // Attributes are the contract: the live element follows a change as it would on any page.
      if (node) {
        if (input.value === '') node.removeAttribute(attribute.name);
        else node.setAttribute(attribute.name, input.value);
      }
      writeAddress(element.tagName, values);
      refreshSnippet();
    });
    const label = el('label', { htmlFor: id }, el('code', { textContent: attribute.name }));
    return el('tr', {},
      el('th', { scope: 'row' }, label, required.has(attribute.name) ? el('span', { textContent: ' (required)' }) : ''),
      el('td', {}, input),
      el('td', {}, attribute.type?.text ?? ''),
      el('td', {}, attribute.default ?? ''),
      el('td', {}, richText(attribute.description ?? '')));
  });

  const copy = el('button', { type: 'button', textContent: 'Copy snippet' });
  copy.addEventListener('click', () => {
    navigator.clipboard.writeText(code.textContent ?? '').then(
      () => { copyStatus.textContent = 'Copied.'; },
      () => { copyStatus.textContent = 'Could not copy: select the snippet and copy it.'; });
  });
  const remount = el('button', { type: 'button', textContent: 'Mount again' });
  remount.addEventListener('click', () => { events.replaceChildren(); mount(); });

  main.replaceChildren(
    el('h2', { textContent: `<${element.tagName}>` }),
    el('p', { className: 'gallery-description' }, richText(element.description ?? element.summary ?? '')),
    el('h3', { textContent: 'Attributes' }),
    rows.length
      ? el('table', { className: 'gallery-attributes' },
        el('thead', {}, el('tr', {}, ...['attribute', 'value', 'type', 'default', 'meaning'].map((h) => el('th', { scope: 'col', textContent: h })))),
        el('tbody', {}, ...rows))
      : el('p', { textContent: 'None.' }),
    el('h3', { textContent: 'Snippet' }),
    el('pre', { className: 'gallery-snippet', tabIndex: 0, title: 'Snippet' }, code),
    el('div', { className: 'gallery-buttons' }, copy, remount, copyStatus),
    el('h3', { textContent: 'Live' }),
    live,
    el('h3', { textContent: 'Events' }),
    (element.events ?? []).length
      ? el('div', {}, el('ul', {}, ...(element.events ?? []).map((e) => el('li', {}, el('code', { textContent: e.name }), ' ', richText(e.description ?? '')))),
        el('p', { className: 'gallery-muted', textContent: 'Fired by the live element:' }), events)
      : el('p', { textContent: 'None.' }),
  );
  refreshSnippet();
  mount();
}

async function start(): Promise<void> {
  const status = byId<HTMLElement>('gallery-status');
  let manifest: Manifest;
  try {
    const response = await fetch(MANIFEST_URL, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    manifest = await response.json() as Manifest;
  } catch (error) {
    status.textContent = `Could not load the catalogue (${MANIFEST_URL}): ${error instanceof Error ? error.message : String(error)}. Build the bundle (npm run build) and reload.`;
    byId('gallery-list').replaceChildren();
    return;
  }
  const elements = manifest.modules.flatMap((m) => m.declarations.filter((d) => d.customElement)).sort((a, b) => a.tagName.localeCompare(b.tagName));
  const show = () => {
    const tag = new URLSearchParams(location.search).get('element') ?? undefined;
    const element = elements.find((e) => e.tagName === tag);
    renderList(elements, element?.tagName);
    if (element) {
      document.title = `<${element.tagName}> | Element gallery | Business Applications`;
      renderElement(element);
    } else {
      document.title = 'Element gallery | Business Applications';
      byId('gallery-main').replaceChildren(
        el('h2', { textContent: 'Pick an element' }),
        el('p', { textContent: tag ? `There is no element <${tag}> in the catalogue.` : `The catalogue holds ${elements.length} elements. Pick one on the left.` }));
    }
  };
  byId('gallery-filter').addEventListener('input', () => renderList(elements, new URLSearchParams(location.search).get('element') ?? undefined));
  byId('gallery-list').addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-tag]') : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    history.pushState(null, '', link.href);
    show();
    byId('gallery-main').focus();
  });
  addEventListener('popstate', show);
  show();
}

void start();
