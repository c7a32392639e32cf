/** Admin Home's load: the counts beside each admin screen (APP_RECORDS_API.home), with its own time limit. */
import { getJson, loadTimer, retryMark } from '../../../core/api';
import { APP_RECORDS_API, type AdminHomeCounts } from '../../../core/admin';

const loadTime = loadTimer();
/** Another load timeout (tests); null restores the default. */
export const setAdminHomeTimeout = loadTime.set;

export function loadAdminHome(signal?: AbortSignal, attempt = 0): Promise<AdminHomeCounts> {
  return getJson<AdminHomeCounts>(APP_RECORDS_API.home, retryMark(attempt), { signal: loadTime.timed(signal) });
}

