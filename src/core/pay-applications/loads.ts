/**
 * What the pay application screens load as they open: the paths and queries the screens ask with and the portal's
 * route prefetch asks with before them (src/core/router/prefetch.ts). A module of its own, in the core every element
 * loads, so the prefetch does not bring the rest of the contract to the portal's first screen.
 */

import type { ScreenScope } from '../scope';

/** The application record key of a pay application (its states, advancements and approval authority). */
export const PAY_APPLICATION_RECORD_KEY = 'PayApplication';

export const PAY_APPLICATION_LOAD_PATHS = {
  /** GET recordKey (PAY_APPLICATION_SCOPES), recordId, lastLoad?, open? ('true' open only, 'false' closed only) → { data: PayApplicationRow[] }. */
  list: '/api/pfm/getpayapplications',
  /** GET payApplicationId → { data: PayApplication } (the lines and waivers). */
  one: '/api/pfm/getPayApplicationById',
} as const;

/**
 * The list load of a scope: its open applications, then its closed ones (§7's open parameter). The screen and the
 * route's prefetch (src/core/router/prefetch.ts) both ask with these queries, so the screen takes the prefetched answers.
 */
export const payApplicationListQueries = (scope: ScreenScope) =>
  [{ recordKey: scope.recordKey, recordId: scope.recordId, open: true }, { recordKey: scope.recordKey, recordId: scope.recordId, open: false }] as const;

/** The query of one application's load (its lines and waivers). */
export const payApplicationQuery = (payApplicationId: number) => ({ payApplicationId });
