/**
 * The one way to the server (§7, §8): call kinds, flattening, de-duplication, object cache, errors.
 * Elements never call `fetch` themselves.
 */
import { resetClient } from './client';
import { clearObjectCache } from './object-cache';

export type { ApiResource, Query, CallOptions, TokenProvider, SignInAgain, HeldToken } from './client';
export { SIGN_IN_AGAIN_TITLE, SIGN_IN_AGAIN_MESSAGE, SIGN_IN_AGAIN_ACTION, RETRY_AFTER_LIMIT_MS, PREFETCH_HOLD_MS } from './client';
export { setTokenProvider, prefetchJson, getJson, getBlob, getText, postForm, postJson, postFile, postFileForBlob, deleteForm } from './client';
export { ApiError, alertedByServer, NOT_DONE_TITLE, retryAfterMs, sayNotDone } from './errors';
export { isStale, LOAD_TIMEOUT_MS, loadTimer, problemText, retryLater, retryMark, serverMessage, type ProblemTexts } from './problems';
export { fetchObject, getCachedObject, cacheObject, OBJECT_CACHE_LIMIT } from './object-cache';
export { keyedLoad, loadFailure, shownData, type KeyedLoad, type LoadFailure, type LoadState, type Loader } from './load';

/** Back to a fresh client: no token provider, nothing in flight, an empty object cache (tests). */
export function resetApi(): void {
  resetClient();
  clearObjectCache();
}
