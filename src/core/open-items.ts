/**
 * The user's open items (the header's bell) changed: an approval, a rejection or a decision elsewhere on the page.
 * Its own tiny module in the core chunk: the header listens on every page's first screen, the screens announce.
 */
export const OPEN_ITEMS_CHANGED_EVENT = 'portal-open-items-changed';

/** Tell the page (the header's bell) that the user's open items changed. */
export const announceOpenItemsChanged = (): boolean =>
  typeof document !== 'undefined' && document.dispatchEvent(new CustomEvent(OPEN_ITEMS_CHANGED_EVENT, { bubbles: true, composed: true }));
