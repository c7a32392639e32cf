/**
 * What the commitments screen loads as it opens: each of its lists' open and closed records in the screen's scope. The
 * screen and the portal's route prefetch (src/core/router/prefetch.ts) ask with these, so the screen takes the
 * prefetched answers. In the core every element loads, apart from the commitments contract.
 */

/** The §7 list load of each commitment kind (recordKey, recordId, open?). */
export const COMMITMENT_LIST_PATHS = {
  Subcontract: '/api/pfm/getsubcontracts',
  PurchaseAgreement: '/api/pfm/getpurchaseagreements',
  PurchaseOrder: '/api/pfm/getpurchaseorders',
} as const;
