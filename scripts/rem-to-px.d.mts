// Types for scripts/rem-to-px.mjs (used by scripts/scss.mjs and the unit tests).
export declare const ROOT_FONT_SIZE_PX: number;
export declare function remToPx(css: string, rootPx?: number): string;
