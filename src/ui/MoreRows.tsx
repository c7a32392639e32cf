/**
 * "Showing 200 of 2,063 rows" with Show more and Show all, below a long list that renders only part of its rows
 * (the record lists, Manage Timecards' team views): the page stays quick however long the list, and the rest
 * is one press away. Totals, selection and exports of those lists cover every row, not only those shown.
 */
export const MORE_ROWS_TEXT = {
  shownOf: (shown: number, total: number, note = '') => `Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows${note}.`,
  showMore: (count: number) => `Show ${count.toLocaleString('en-US')} more`,
  showAll: (total: number) => `Show all ${total.toLocaleString('en-US')}`,
} as const;

/** Nothing while every row shows; else the count shown and the two ways to show more (`step` more, or all). */
export function MoreRows({ count, total, step, setLimit, note }: { count: number; total: number; step: number; setLimit(limit: number): void; note?: string }) {
  if (count >= total) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 py-2" data-more>
      <span className="small text-body-secondary">{MORE_ROWS_TEXT.shownOf(count, total, note)}</span>
      <button type="button" className="btn btn-sm btn-outline-secondary" data-action="show-more"
        onClick={() => setLimit(count + step)}>{MORE_ROWS_TEXT.showMore(Math.min(step, total - count))}</button>
      <button type="button" className="btn btn-sm btn-link" data-action="show-all" onClick={() => setLimit(total)}>{MORE_ROWS_TEXT.showAll(total)}</button>
    </div>
  );
}
