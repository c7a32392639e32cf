/**
 * Figures the database derives rather than stores by hand, written once for the seed and the API.
 */

/**
 * An owner agreement change order's amount (SQL expression, correlated to
 * `owner_agreement_change_orders`): the approved amounts of the top-level items of the change
 * events linked to it (nested items are part of their parent's amount).
 */
export const OWNER_CHANGE_ORDER_AMOUNT_SQL = `(SELECT coalesce(sum(i.approvedAmount), 0) FROM change_event_items i
  JOIN change_events ce ON ce.changeEventId = i.changeEventId
  WHERE ce.ownerAgreementChangeOrderId = owner_agreement_change_orders.ownerAgreementChangeOrderId AND i.parentChangeEventItemId IS NULL)`;
