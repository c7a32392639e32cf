/** A screen's tab in the address (screens only: its own module, so the first screen's router stays small). */
import { matchRoute } from './routes';
import { navigate } from './index';

/**
 * Write a screen's tab into the address as `activeTab` (any spelling of it replaced), replacing the history
 * entry: the header's tab menu and a reload read it from there. Nothing when the address already says so.
 */
export function replaceActiveTab(tab: string): void {
  const url = new URL(location.href);
  if (url.searchParams.get('activeTab') === tab) return;
  for (const name of [...url.searchParams.keys()]) if (name.toLowerCase() === 'activetab') url.searchParams.delete(name);
  url.searchParams.set('activeTab', tab);
  const path = url.pathname + url.search + url.hash;
  if (matchRoute(url.pathname)?.kind === 'screen') navigate(path, { replace: true });
  else history.replaceState(history.state, '', path);
}
