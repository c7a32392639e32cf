/**
 * Two snapshots compared (or a snapshot and today), per budget line: the change of the estimate at completion and
 * of each component (the contract's figures, compareSnapshots), the reasons typed on each side; largest movement
 * first (the server's order), the totals under the columns that add up, exported as CSV. Lines that did not move
 * are folded away (a 5,000-line budget moves on a few hundred); long lists draw the first rows until Show all.
 */
import { useState } from 'react';
import { type Comparison as ComparisonAnswer, type ComparisonLine } from '../../../core/projections/periods';
import { COMPONENT_FIGURES, comparisonFileName, comparisonSheet, lineCode, reasonsText, sideLabel } from './data';
import { FORECAST_TEXT, signedMoney } from './text';

const T = FORECAST_TEXT.compare;

/** Rows drawn before "Show all". */
export const COMPARISON_ROWS_SHOWN = 200;

/** True when a line changed in any figure or reason. */
const moved = (line: ComparisonLine): boolean =>
  Object.values(line.change).some((n) => Math.round(n * 100) !== 0) || (line.reason.from ?? '') !== (line.reason.to ?? '') || line.method.from !== line.method.to;

export function ComparisonTable({ comparison, jobNumber }: { comparison: ComparisonAnswer; jobNumber: string }) {
  const [withUnchanged, setWithUnchanged] = useState(false);
  const [all, setAll] = useState(false);
  const movedLines = comparison.lines.filter(moved);
  const listed = withUnchanged ? comparison.lines : movedLines;
  const drawn = all ? listed : listed.slice(0, COMPARISON_ROWS_SHOWN);
  const unchanged = comparison.lines.length - movedLines.length;
  const exportCsv = () => {
    const sheet = comparisonSheet(comparison);
    void import('../../../ui/grid/export').then((m) => m.downloadCsv(sheet, comparisonFileName(jobNumber, comparison.from, comparison.to)));
  };
  const cell = (n: number, key: string) => (
    <td key={key} className="text-end text-nowrap" data-column={key}>{signedMoney(n)}</td>
  );
  return (
    <div data-comparison>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        {unchanged > 0 ? (
          <button type="button" className="btn btn-sm btn-link px-0" data-action="toggle-unchanged" aria-pressed={withUnchanged} onClick={() => setWithUnchanged((v) => !v)}>
            {withUnchanged ? T.hideUnchanged : T.showUnchanged(unchanged)}
          </button>
        ) : null}
        <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" data-action="export-csv" onClick={exportCsv}>{T.exportCsv}</button>
      </div>
      {/* It scrolls sideways on a laptop: focusable and named, so the keyboard can scroll it (axe scrollable-region-focusable). */}
      <div className="table-responsive" tabIndex={0} role="region" aria-label={T.heading}>
        <table className="table table-sm table-hover align-middle">
          <caption className="visually-hidden">{T.caption(sideLabel(comparison.from), sideLabel(comparison.to))}</caption>
          <thead>
            <tr>
              <th scope="col">{T.code}</th>
              <th scope="col">{T.description}</th>
              <th scope="col" className="text-end">{T.eac}</th>
              {COMPONENT_FIGURES.map(({ figure, label }) => <th key={figure} scope="col" className="text-end">{`Δ ${label}`}</th>)}
              <th scope="col">{T.reasons}</th>
            </tr>
          </thead>
          <tbody>
            {drawn.length === 0 ? (
              <tr><td colSpan={COMPONENT_FIGURES.length + 4} className="text-body-secondary" data-empty>{T.none}</td></tr>
            ) : drawn.map((line) => (
              <tr key={line.costCodeId} data-cost-code-id={line.costCodeId}>
                <th scope="row" className="text-nowrap fw-normal" data-column="code">{lineCode(line)}</th>
                <td data-column="description">{line.description ?? ''}</td>
                {cell(line.change.estimateAtCompletion, 'estimateAtCompletion')}
                {COMPONENT_FIGURES.map(({ figure }) => cell(line.change[figure], figure))}
                <td className="small" data-column="reasons">{reasonsText(line.reason)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="fw-semibold" data-totals>
              <th scope="row" colSpan={2}>{T.total(comparison.lines.length)}</th>
              {cell(comparison.total.change.estimateAtCompletion, 'estimateAtCompletion')}
              {COMPONENT_FIGURES.map(({ figure }) => cell(comparison.total.change[figure], figure))}
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {listed.length > drawn.length ? (
        <button type="button" className="btn btn-sm btn-outline-secondary" data-action="show-all" onClick={() => setAll(true)}>{T.showAll(listed.length)}</button>
      ) : null}
    </div>
  );
}
