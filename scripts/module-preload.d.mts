// Types for scripts/module-preload.mjs (imported by tests/api/module-preload.test.ts).
export declare const ELEMENT_PRELOADS_PLACEHOLDER: string;
export interface PreloadChunk { imports: readonly string[]; facadeModuleId: string | null }
export declare function elementPreloads(chunks: Record<string, PreloadChunk>, entry: string): Record<string, string[]>;
export declare function modulePreloads(options?: { entry?: string }): { name: string };
