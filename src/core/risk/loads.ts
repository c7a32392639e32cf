/**
 * What the SRA list loads as it opens: the screen and the portal's route prefetch (src/core/router/prefetch.ts) ask
 * with this, so the screen takes the prefetched answer. In the core every element loads, apart from the risk contract.
 */

/** GET (`retry` on a Retry): every SRA the caller may see. */
export const SRAS_PATH = '/api/risk/getsras';
