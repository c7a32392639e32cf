/**
 * The filename from a Content-Disposition header, for §7 file downloads. Understands
 * `filename="a b.pdf"` (with `\"` escapes), bare `filename=report.xlsx` and RFC 5987
 * `filename*=UTF-8''na%C3%AFve.txt` (preferred when both are present). Any path is cut to its
 * last segment. Returns undefined for a missing or malformed header; never throws.
 */
export function filenameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const params = parseParameters(header);
  const extended = params.get('filename*');
  const fromExtended = extended === undefined ? undefined : decodeExtended(extended);
  const name = fromExtended ?? params.get('filename');
  return name === undefined ? undefined : safeName(name);
}

/** Parameter name (lowercase) → raw value, quotes removed and `\x` escapes resolved. */
function parseParameters(header: string): Map<string, string> {
  const params = new Map<string, string>();
  // name=value where value is a quoted string (with escapes) or a run of non-';' characters.
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]?.toLowerCase();
    if (name === undefined || params.has(name)) continue;
    const quoted = match[2];
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
    // A bare value with a quote in it is an unterminated quoted string: malformed.
    if (quoted === undefined && value.includes('"')) continue;
    params.set(name, value);
  }
  return params;
}

/** RFC 5987 `charset'language'percent-encoded`; undefined when malformed or not UTF-8/ASCII/Latin-1. */
function decodeExtended(value: string): string | undefined {
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value.trim());
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8' || charset === 'us-ascii' || charset === '') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    // Bad percent-encoding: fall back to the plain filename parameter.
  }
  return undefined;
}

/** Last path segment, without control characters; undefined when nothing usable is left. */
function safeName(name: string): string | undefined {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return undefined;
  return clean;
}
