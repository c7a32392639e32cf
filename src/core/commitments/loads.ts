/**
 * What the commitments screen loads as it opens: each of its lists' open and closed records in the screen's scope
 * (with core/scope `openAndClosed`). Not in the route prefetch's table: its load-failure journeys (one 'Signed Out'
 * offer, one 'Request Failed' box per burst) would meet a second burst when a failed prefetch is asked again.
 */

/** The §7 list load of each commitment kind (recordKey, recordId, open?). */
export const COMMITMENT_LIST_PATHS = {
  Subcontract: '/api/pfm/getsubcontracts',
  PurchaseAgreement: '/api/pfm/getpurchaseagreements',
  PurchaseOrder: '/api/pfm/getpurchaseorders',
} as const;
