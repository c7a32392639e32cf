/**
 * A link from data as a same-origin path ('/sr/sra?…'), or null: anything that is not a path on this
 * origin (another host, `//host`, `javascript:`, a backslash trick) is never followed (open redirect, issue 16).
 * Its own file without imports, so a screen can use it without the route table.
 */
export function sameOriginPath(link: unknown, origin: string = location.origin): string | null {
  if (typeof link !== 'string') return null;
  const text = link.trim();
  if (!/^\/(?![/\\])/.test(text) || text.includes('\\')) return null;
  try {
    const url = new URL(text, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}
