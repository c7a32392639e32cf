/**
 * Cost code display (§3) and truncation helpers (§9).
 */
import { PROJECT_NAME_MAX } from './constants';

const ELLIPSIS = '…';

/**
 * Formats a cost code as 2-4-2 digit groups separated by hyphens (§3): '03300000' → '03-3000-00'.
 * Hyphens and spaces in the input are ignored first, so '03-3000-00' and '0330-0000' both give
 * '03-3000-00'. A number is padded to 8 digits because numbers lose leading zeros (3300000 →
 * '03-3000-00'). Anything else that is not exactly 8 digits is returned unchanged apart from
 * trimming ('1234' → '1234', ' ABC ' → 'ABC'); null/undefined → ''.
 */
export function formatCostCode(code: string | number | null | undefined): string {
  if (code === null || code === undefined) return '';
  if (typeof code === 'number') {
    if (!Number.isInteger(code) || code < 0) return String(code);
    code = String(code).padStart(8, '0');
  }
  const trimmed = code.trim();
  const digits = trimmed.replace(/[-\s]/g, '');
  if (!/^\d{8}$/.test(digits)) return trimmed;
  return `${digits.slice(0, 2)}-${digits.slice(2, 6)}-${digits.slice(6)}`;
}

/** A cost code with its cost type letter, as item lists show it: '07-2100-00 (S)'; '' without a code. */
export function formatCostCodeWithType(code: string | number | null | undefined, type: string | null | undefined): string {
  const shown = formatCostCode(code);
  if (!shown) return '';
  return type ? `${shown} (${type})` : shown;
}

// Characters, not UTF-16 units, so an emoji or accented letter is never cut in half.
const chars = (text: string) => Array.from(text);

/**
 * Cuts `text` at the end to at most `length` characters, the last of them '…':
 * truncate('abcdef', 4) → 'abc…'. Text at or under the limit is unchanged; null/undefined → '';
 * a length below 1 → ''.
 */
export function truncate(text: string | null | undefined, length: number): string {
  if (text === null || text === undefined) return '';
  const all = chars(text);
  if (all.length <= length) return text;
  if (length < 1) return '';
  return all.slice(0, length - 1).join('') + ELLIPSIS;
}

/** {@link truncate} at 50 characters (§9). */
export function truncate50(text: string | null | undefined): string {
  return truncate(text, 50);
}

/** {@link truncate} at 30 characters (§9). */
export function truncate30(text: string | null | undefined): string {
  return truncate(text, 30);
}

/**
 * Shortens `text` to at most `max` characters by keeping its start and end with '…' in the middle,
 * the start getting the odd character: at 50, 25 + '…' + 24. Used for the project name in the
 * header (§9). Text at or under `max` is unchanged; null/undefined → ''; a max below 1 → ''.
 */
export function truncateMiddle(text: string | null | undefined, max: number = PROJECT_NAME_MAX): string {
  if (text === null || text === undefined) return '';
  const all = chars(text);
  if (all.length <= max) return text;
  if (max < 1) return '';
  const kept = max - 1;
  const head = Math.ceil(kept / 2);
  const tail = kept - head;
  return all.slice(0, head).join('') + ELLIPSIS + (tail > 0 ? all.slice(-tail).join('') : '');
}
