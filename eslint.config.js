import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * No date, month or period written as a constant in product code (issue 28): read the one clock (src/core/clock).
 * A 'YYYY-MM' or 'YYYY-MM-DD' string or template part is refused; tests and the seed's relative definitions are outside.
 */
const DATE_LITERALS = ['Literal[value=/^(19|20)\\d{2}-(0[1-9]|1[0-2])(-[0-3]\\d)?(T|$)/]', 'TemplateElement[value.raw=/\\b(19|20)\\d{2}-(0[1-9]|1[0-2])(-[0-3]\\d)?\\b/]']
  .map((selector) => ({ selector, message: 'No date or period constant in product code: derive it from the one clock (src/core/clock).' }));

const REM_LITERALS = ['Literal[value=/[0-9]rem\\b/]', 'TemplateElement[value.raw=/[0-9]rem\\b/]'].map((selector) => ({
  selector, message: "No 'rem' in element styles: it follows the host page's root font size (Bootstrap 3: 10px). Use px (1rem = 16px).",
}));

/** No '/api/…' path in a view (issue 30): views call their area's data module. */
const API_PATH_LITERALS = ['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map((selector) => ({
  selector, message: "No '/api/…' path in a view: call the area's data module (src/features/<area>/data.ts) or a core contract.",
}));

const AREA_IMPORTS = [
  { group: ['**/elements/**', '**/demo/**'], message: 'src/features imports src/core and src/ui only.' },
  { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index$)', message: "Another area only through its index.ts (import from '../<area>')." },
];
const NESTED_AREA_IMPORTS = [
  AREA_IMPORTS[0],
  { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index$)', message: "A sibling area only through its index.ts (import from '../<area>')." },
  { regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(?!index$)', message: "Another area only through its index.ts (import from '../../<area>')." },
];
/** The API client's calls: a view (.tsx) asks its area's data module instead (issue 30). */
const VIEW_CALLS = {
  regex: '(^|/)core/api$', importNames: ['getJson', 'getBlob', 'getText', 'postForm', 'postJson', 'postFile', 'postFileForBlob', 'deleteForm'],
  message: "A view calls its area's data module (src/features/<area>/data.ts), not the API client.",
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-previous/', 'node_modules/', '.data/', '.tmp/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.mocha } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // House plan: the core knows no React, no ui and no elements.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', 'react-dom/*', '@nanostores/react', '@r2wc/*'], message: 'src/core is plain TypeScript: no React.' },
        { group: ['**/ui/**', '**/features/**', '**/elements/**', '**/demo/**'], message: 'src/core imports nothing above it.' },
      ] }],
    },
  },
  {
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/elements/**', '**/demo/**'], message: 'src/ui imports src/core only.' }] }] },
  },
  {
    // A business area imports core and ui, and another area only through its index.ts.
    files: ['src/features/**/*.ts', 'src/features/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: AREA_IMPORTS }] },
  },
  {
    // A nested area (risk/slim, admin/users, toolbox/access, timecards/manage) reaches a sibling or another area
    // only through that area's index.ts too.
    files: ['src/features/*/*/**/*.ts', 'src/features/*/*/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: NESTED_AREA_IMPORTS }] },
  },
  {
    // A view calls its area's data module, never the API client itself.
    files: ['src/features/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...AREA_IMPORTS, VIEW_CALLS] }] },
  },
  {
    files: ['src/features/*/*/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...NESTED_AREA_IMPORTS, VIEW_CALLS] }] },
  },
  {
    // An element folder is its define.ts: it imports its area's door, core and ui, never another element.
    files: ['src/elements/*/**/*.ts', 'src/elements/*/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [
      // A nested area's door counts as its area's door.
      { regex: '^\\.\\./\\.\\./features/(?!(timecards/manage|risk/(slim|sra)|admin/(users|app-records|home)|toolbox/(access|closeouts|default-assignments))$)[^/]+/',
        message: "An element imports its area only through the door (import from '../../features/<area>')." },
      { regex: '^\\.\\./(?!\\.\\.)', message: 'No element imports another element.' },
      { group: ['**/demo/**'], message: 'src/elements imports src/core, src/ui and its area only.' },
    ] }] },
  },
  {
    // The demo host stands in for the legacy server: it shares the contract (src/core), never the browser's floors.
    files: ['demo/host/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [
      { group: ['**/src/ui/**', '**/src/features/**', '**/src/elements/**'], message: 'demo/host imports src/core only.' },
    ] }] },
  },
  {
    // No `rem` in our own CSS: a shadow root does not shield `rem` from the page's root font size
    // (Bootstrap 3 pages set html { font-size: 10px }). The shared sheets are compiled rem → px
    // (scripts/rem-to-px.mjs); inline styles and CSS strings in code use px too.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...REM_LITERALS, ...DATE_LITERALS] },
  },
  {
    // A view calls its area's data module; the API's paths live there and in the core's contracts.
    files: ['src/**/*.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...REM_LITERALS, ...DATE_LITERALS, ...API_PATH_LITERALS] },
  },
  {
    // Time is an input (issue 28): the host's API reads days and periods from the one clock, never a constant.
    files: ['demo/host/api/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DATE_LITERALS] },
  },
);
