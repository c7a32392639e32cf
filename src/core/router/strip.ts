/**
 * §5 address-bar stripping for admin-level screens, loaded on demand (a chunk of its own) by the
 * router only on a route that declares `stripQuery`, so the portal's first screen does not carry it.
 */
import { matchRoute } from './routes';

/**
 * §5: the address an admin-level screen's URL is rewritten to, with the names its route strips
 * (projectId, budgetId, programId) dropped and the rest of the query and the hash kept as typed;
 * null when there is nothing to drop (any other route, or none of those names present).
 */
export function strippedAddress(pathname: string, rawSearch: string, hash = ''): string | null {
  const route = matchRoute(pathname);
  if (route?.kind !== 'screen' || !route.stripQuery?.length) return null;
  const names = new Set(route.stripQuery.map((name) => name.toLowerCase()));
  const parts = rawSearch.replace(/^\?/, '').split('&').filter(Boolean);
  const nameOf = (part: string) => {
    const raw = part.split('=')[0]!.replace(/\+/g, ' ');
    try {
      return decodeURIComponent(raw).toLowerCase();
    } catch {
      return raw.toLowerCase();
    }
  };
  const kept = parts.filter((part) => !names.has(nameOf(part)));
  if (kept.length === parts.length) return null;
  return `${pathname}${kept.length ? `?${kept.join('&')}` : ''}${hash}`;
}

