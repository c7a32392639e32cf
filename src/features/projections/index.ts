/**
 * Projections (issue 30): the projection grid screen (`<pfm-projection-grid>`), its store, columns,
 * line rules, styles and the AI service's suggestions. The calls and wire types: src/core/projections/contract.ts.
 */
export { ProjectionGrid, SUBMITTED_EVENT, COST_CODE_ADDED_EVENT } from './ProjectionGrid';
export type { ProjectionGridProps } from './ProjectionGrid';
