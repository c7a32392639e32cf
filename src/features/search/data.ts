/**
 * The header search's data (issue 12): the search service call with the search token, results
 * grouped by kind, and opening a result. Framework-free, so the box stays a thin view.
 */
import { getJson } from '../../core/api';
import { navigate } from '../../core/router';
import { SEARCH_KINDS, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, searchResultHref, type SearchAnswer, type SearchKind, type SearchResult } from '../../core/search';

export { SEARCH_MIN_CHARS, searchResultHref, type SearchResult } from '../../core/search';

/** The search service's call. */
export const SEARCH_PATH = '/search/query';
/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** A search that has not answered in this long fails with a timeout (the box offers Retry). */
export const SEARCH_TIMEOUT_MS = 10_000;

/** One group of the results list. */
export interface SearchGroup { kind: SearchKind; label: string; results: SearchResult[] }

/** The query as sent: trimmed, at most SEARCH_MAX_CHARS; '' when shorter than SEARCH_MIN_CHARS. */
export function searchable(text: string): string {
  const q = text.trim().slice(0, SEARCH_MAX_CHARS);
  return q.length >= SEARCH_MIN_CHARS ? q : '';
}

/** Ask the search service (search token). Rejects with the abort reason when `signal` aborts, with a TimeoutError after SEARCH_TIMEOUT_MS. */
export async function searchRecords(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const limit = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
  const answer = await getJson<SearchAnswer>(SEARCH_PATH, { q }, { resource: 'search', signal: signal ? AbortSignal.any([signal, limit]) : limit });
  return Array.isArray(answer?.results) ? answer.results : [];
}

/** Results grouped by kind, in the kinds' order, empty groups left out. */
export function groupResults(results: readonly SearchResult[]): SearchGroup[] {
  return SEARCH_KINDS.map(({ kind, label }) => ({ kind, label, results: results.filter((r) => r.kind === kind) })).filter((g) => g.results.length > 0);
}

/**
 * Open a result: in the portal an in-page route change (the screen opens the workbench its query
 * names); embedded alone on a legacy page, where no `<portal-app>` shows routes, a page load.
 */
export function openResult(result: SearchResult): void {
  const href = searchResultHref(result);
  if (document.querySelector('portal-app')) navigate(href);
  else location.assign(href);
}
