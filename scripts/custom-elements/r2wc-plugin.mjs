// A plugin for @custom-elements-manifest/analyzer that understands our elements.
//
// The analyzer finds classes and `customElements.define()` calls; our elements are React components
// wrapped by r2wc: `export const X = defineReactElement('tag', Component, { props: { projectId: 'number' }, … })`
// in src/elements/<tag>/define.ts (or `defineProjectScreen('tag', Component, { projectId: 'number', … })`, which signs in).
// This plugin turns each such call into a custom-element declaration:
//   - tagName: the first argument;
//   - attributes and properties: the `props` object (camelCase property, kebab-case attribute, as r2wc maps them);
//   - description and summary: the JSDoc above the call (summary: its first paragraph, or `@summary`);
//     an attribute's description and default come from the JSDoc's markdown attribute table
//     (`| attribute | default | meaning |`, any column order, several `names` in one row), from `@attr name - text`,
//     or else from the common §2 query attributes below;
//   - events: `@event name - text` (or `@fires`) in the JSDoc;
//   - `signIn: true` is noted in the description ("signs in by itself");
//   - the custom, non-schema field `requiredAttributes` from `@required name=value name2=value2 - why` (the attributes
//     the element needs to show its content, with a value from the demo data): the gallery and the catalogue test use them.
// A variable with a JSDoc `@customElement tag` (src/ui/element.ts: `<portal-overlays>`) is documented the same way.
// Everything that is not a custom element is dropped, so the manifest lists the elements only.

/** What the common §2 query attributes mean (README "Elements"), for attributes the element's JSDoc does not describe. */
export const COMMON_ATTRIBUTES = {
  'legal-entity-id': { description: 'the legal entity (§2 query)', default: '-1' },
  'project-id': { description: 'the project (§2 query)', default: '-1' },
  'budget-id': { description: 'the budget (§2 query)', default: '-1' },
  'record-id': { description: 'the record (§2 query)', default: '-1' },
  'record-key': { description: 'the kind of record `record-id` names (§2 query)', default: "''" },
  'opp-id': { description: 'the opportunity (§2 query)', default: '-1' },
  workbench: { description: 'the workbench the query names (§2 query)', default: "''" },
  'active-tab': { description: 'the tab to show (§2 query)', default: "''" },
  'active-tray': { description: 'the tray (§2 query)', default: "''" },
};

const TYPES = { number: 'number', string: 'string', boolean: 'boolean', json: 'object', function: 'Function', method: 'Function' };

/** `projectId` → `project-id` (r2wc's mapping). */
export const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function jsDocOf(ts, node) {
  const docs = node.jsDoc ?? [];
  const doc = docs[docs.length - 1];
  if (!doc) return { text: '', tags: [] };
  const text = (ts.getTextOfJSDocComment(doc.comment) ?? '').trim();
  const tags = (doc.tags ?? []).map((tag) => ({ name: tag.tagName.text, text: (ts.getTextOfJSDocComment(tag.comment) ?? '').trim() }));
  return { text, tags };
}

/** Rows of the markdown attribute table in a JSDoc text: name → { description, default }. */
export function parseAttributeTable(text) {
  const out = {};
  const lines = text.split('\n').map((line) => line.trim());
  for (let i = 0; i < lines.length; i++) {
    if (!/^\|\s*attribute\s*\|/i.test(lines[i])) continue;
    const header = cells(lines[i]).map((cell) => cell.toLowerCase());
    const nameCol = header.indexOf('attribute');
    const defaultCol = header.indexOf('default');
    const meaningCol = header.findIndex((cell) => cell === 'meaning' || cell === 'description');
    for (let j = i + 2; j < lines.length && lines[j].startsWith('|'); j++) {
      const row = cells(lines[j]);
      const names = [...(row[nameCol] ?? '').matchAll(/`([a-z][a-z0-9-]*)`/g)].map((m) => m[1]);
      const defaults = defaultCol >= 0 ? (row[defaultCol] ?? '').split(',').map((d) => d.trim()) : [];
      names.forEach((name, k) => {
        const value = defaults.length === names.length ? defaults[k] : defaults.length === 1 ? defaults[0] : '';
        out[name] = { description: meaningCol >= 0 ? row[meaningCol] ?? '' : '', default: value || undefined };
      });
    }
  }
  return out;
}

function cells(line) {
  return line.replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

/** The text without the attribute table (it is in the attributes). */
function withoutTable(text) {
  return text.split('\n').filter((line) => !line.trim().startsWith('|')).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

function firstParagraph(text) {
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

function splitNameText(text) {
  const match = text.match(/^\{[^}]*\}\s*/); // an optional {type}
  const rest = match ? text.slice(match[0].length) : text;
  const [, name = '', description = ''] = rest.match(/^([\w-]+)\s*(?:-\s*)?([\s\S]*)$/) ?? [];
  // A tag's text runs to the next tag: only its first paragraph belongs to it (the rest is the element's description).
  return { name, description: firstParagraph(description) };
}

function literalValue(ts, node) {
  if (!node) return undefined;
  if (ts.isStringLiteralLike(node)) return node.text;
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}

function objectProperty(ts, object, name) {
  if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
  const prop = object.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === name);
  return prop?.initializer;
}

/** The declaration for one element. */
function elementDeclaration({ name, tagName, props, signIn, doc }) {
  const table = parseAttributeTable(doc.text);
  const attrTags = Object.fromEntries(doc.tags.filter((t) => t.name === 'attr' || t.name === 'attribute').map((t) => {
    const { name: attr, description } = splitNameText(t.text);
    return [attr, { description }];
  }));
  const attributes = [];
  const members = [];
  for (const [prop, kind] of Object.entries(props)) {
    const attr = kebab(prop);
    const known = { ...COMMON_ATTRIBUTES[attr], ...table[attr], ...attrTags[attr] };
    const type = { text: TYPES[kind] ?? 'string' };
    const entry = { name: attr, type, fieldName: prop };
    if (known.description) entry.description = known.description;
    if (known.default !== undefined) entry.default = known.default;
    attributes.push(entry);
    members.push({ kind: 'field', name: prop, type, attribute: attr, ...(known.description ? { description: known.description } : {}) });
  }
  const events = doc.tags.filter((t) => t.name === 'event' || t.name === 'fires').map((t) => {
    const { name: event, description } = splitNameText(t.text);
    return { name: event, type: { text: 'CustomEvent' }, description };
  });
  const required = doc.tags.filter((t) => t.name === 'required').flatMap((t) =>
    t.text.split(/\s+-\s+/)[0].split(/\s+/).filter(Boolean).map((pair) => {
      const [attr, ...value] = pair.split('=');
      return { name: attr, example: value.join('=').replace(/^["']|["']$/g, '') };
    }));
  for (const { name: attr } of required) {
    if (!attributes.some((a) => a.name === attr)) throw new Error(`<${tagName}>: @required ${attr} is not one of its attributes (${attributes.map((a) => a.name).join(', ') || 'none'})`);
  }
  const summaryTag = doc.tags.find((t) => t.name === 'summary');
  let description = withoutTable(doc.text);
  if (signIn) description += '\n\nNeeds a signed-in user: embedded alone it signs in by itself.';
  const declaration = {
    kind: 'class',
    name,
    description: description.trim(),
    summary: summaryTag?.text || firstParagraph(doc.text),
    customElement: true,
    tagName,
    attributes,
    members,
    events,
  };
  if (required.length) declaration.requiredAttributes = required;
  return declaration;
}

/** @returns {import('@custom-elements-manifest/analyzer').Plugin} */
export function r2wcPlugin() {
  return {
    name: 'bizapps-r2wc',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isVariableStatement(node)) return;
      const doc = jsDocOf(ts, node);
      for (const decl of node.declarationList.declarations) {
        const name = decl.name.getText();
        let element;
        const init = decl.initializer;
        const helper = init && ts.isCallExpression(init) ? init.expression.getText() : '';
        if (helper === 'defineReactElement' || helper === 'defineProjectScreen') {
          const [tagArg, , options] = init.arguments;
          const tagName = literalValue(ts, tagArg);
          if (typeof tagName !== 'string') throw new Error(`${moduleDoc.path}: ${helper} needs a string literal tag`);
          // defineProjectScreen('tag', View, { …props }) (src/ui/project-screen.ts): its third argument is the props, and it signs in.
          const projectScreen = helper === 'defineProjectScreen';
          const propsNode = projectScreen ? options : objectProperty(ts, options, 'props');
          const props = {};
          if (propsNode && ts.isObjectLiteralExpression(propsNode)) {
            for (const p of propsNode.properties) {
              const kind = ts.isPropertyAssignment(p) ? literalValue(ts, p.initializer) : undefined;
              if (typeof kind !== 'string') throw new Error(`${moduleDoc.path}: <${tagName}> props need literal types ('number', 'string', …)`);
              props[p.name.getText()] = kind;
            }
          }
          element = elementDeclaration({ name, tagName, props, signIn: projectScreen || literalValue(ts, objectProperty(ts, options, 'signIn')) === true, doc });
        } else {
          const tagName = doc.tags.find((t) => t.name === 'customElement' || t.name === 'tag')?.text.split(/\s+/)[0];
          if (tagName) element = elementDeclaration({ name, tagName, props: {}, signIn: false, doc });
        }
        if (!element) continue;
        moduleDoc.declarations = moduleDoc.declarations.filter((d) => d.name !== name);
        moduleDoc.declarations.push(element);
        moduleDoc.exports = (moduleDoc.exports ?? []).filter((e) => !(e.kind === 'custom-element-definition' && e.name === element.tagName));
        moduleDoc.exports.push({ kind: 'custom-element-definition', name: element.tagName, declaration: { name, module: moduleDoc.path } });
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      // Only the elements: other exports of the analysed files are not the catalogue's business.
      customElementsManifest.modules = customElementsManifest.modules
        .map((mod) => {
          const elements = mod.declarations.filter((d) => d.customElement);
          const names = new Set(elements.map((d) => d.name));
          return { ...mod, declarations: elements, exports: (mod.exports ?? []).filter((e) => names.has(e.declaration?.name)) };
        })
        .filter((mod) => mod.declarations.length > 0)
        .sort((a, b) => a.path.localeCompare(b.path));
    },
  };
}
