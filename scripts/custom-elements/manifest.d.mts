// Types for scripts/custom-elements/manifest.mjs (imported by tests/api/catalogue.test.ts).
export interface ManifestAttribute { name: string; fieldName?: string; description?: string; default?: string; type?: { text: string } }
export interface ManifestElement {
  kind: 'class';
  name: string;
  tagName: string;
  description: string;
  summary?: string;
  customElement: true;
  attributes?: ManifestAttribute[];
  members?: Array<{ kind: string; name: string; attribute?: string }>;
  events?: Array<{ name: string; description?: string }>;
  requiredAttributes?: Array<{ name: string; example: string }>;
}
export interface Manifest { schemaVersion: string; modules: Array<{ kind: string; path: string; declarations: ManifestElement[]; exports: Array<{ kind: string; name: string }> }> }
export declare const ROOT: string;
export declare const MANIFEST_FILE: string;
export declare function manifestSources(root?: string): string[];
export declare function generateManifest(root?: string): Manifest;
export declare function manifestText(manifest: Manifest): string;
export declare function manifestElements(manifest: Manifest): Array<ManifestElement & { module: string }>;
export declare function namesOutsideParentheses(text: string): string[];
export declare function compareWithReadme(manifest: Manifest, readme: string): string[];
export declare function runManifest(options?: { root?: string; outDir?: string; check?: boolean; log?: (line: string) => void }): { manifest: Manifest; problems: string[] };
