// Types for scripts/smoke.mjs (imported by tests/api/smoke.test.ts).
export interface SmokeCheck { name: string; problems: string[]; notes: string[] }
export interface SmokeResult { origin: string; ok: boolean; checks: SmokeCheck[] }
export declare function smoke(origin: string, options?: { fetch?: typeof fetch }): Promise<SmokeResult>;
export declare function smokeReport(result: SmokeResult): string[];
