// Types for scripts/previous-release.mjs (imported by demo/host/pages.ts).
export declare function previousReleaseDir(dist: string): string;
export declare function keepPreviousRelease(dist: string): void;
