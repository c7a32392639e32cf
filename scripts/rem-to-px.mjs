// `rem` → `px` for the stylesheets our elements adopt into their shadow roots.
//
// A shadow root shields its content from the page's selectors, but not from `rem`: `rem` is the
// font size of the *document's* root element. A legacy page that loads Bootstrap 3 sets
// `html { font-size: 10px }`, and every Bootstrap 5 size in `rem` (body text 1rem, paddings, button
// heights, gutters) would shrink to 62.5 % on that page. So the compiled CSS has no `rem` at all:
// each `Xrem` becomes `X × 16px` (16 px is the browser default root size that Bootstrap 5 is drawn
// for, so on a page that leaves the root alone nothing changes). Browser zoom scales px as before.
//
// Only lengths outside strings and url(...) are rewritten; identifiers that happen to contain
// "rem" (a class `.p-2rem`, a custom property `--gap-1rem`) are left alone.

/** Root font size, in px, that `1rem` stands for. */
export const ROOT_FONT_SIZE_PX = 16;

// Quoted strings and url(...) are matched first and kept as they are; otherwise a number directly
// followed by `rem` (and not by more of an identifier), not preceded by a letter, digit, '.', '#' or '-'.
const TOKENS = /("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\burl\([^)]*\))|(?<![\w.#-])(-?)(\d+(?:\.\d+)?|\.\d+)rem(?![\w-])/gi;

/** `value` px written compactly: at most 4 decimals, no trailing zeros, no "-0". */
function formatPx(value) {
  const rounded = Math.round(value * 10000) / 10000;
  return `${Object.is(rounded, -0) ? 0 : rounded}px`;
}

/**
 * Rewrite every `Xrem` length in `css` as px (`rootPx` per rem). Strings and url(...) are untouched.
 * @param {string} css
 * @param {number} [rootPx]
 * @returns {string}
 */
export function remToPx(css, rootPx = ROOT_FONT_SIZE_PX) {
  return css.replace(TOKENS, (match, kept, sign, number) => {
    if (kept !== undefined) return match;
    return formatPx((sign === '-' ? -1 : 1) * Number(number) * rootPx);
  });
}
