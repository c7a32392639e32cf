/**
 * Forecast periods (the projections area's room for `<pfm-forecast>`): a budget's months that close with a
 * snapshot and re-open with a reason, two snapshots compared, and why the forecast moved. The calls, wire types
 * and rules: src/core/projections/periods.ts.
 */
export { Forecast } from './ForecastScreen';
export type { ForecastProps } from './ForecastScreen';
export { FORECAST_TEXT, signedMoney } from './text';
export { COMPARISON_ROWS_SHOWN } from './Comparison';
export { COMPONENT_FIGURES, comparisonSheet, defaultPair, reasonsText, recordWorkbench, snapshotMonths } from './data';
