/**
 * Projects and projections (issue 30): the projects list (`<pfm-projects>`) and its rules, the Project
 * Configuration workbench, the projection grid screen (`<pfm-projection-grid>`), its store, columns,
 * line rules, styles and the AI service's suggestions. The calls and wire types: src/core/projections/contract.ts.
 */
export { ProjectionGrid, SUBMITTED_EVENT, COST_CODE_ADDED_EVENT } from './ProjectionGrid';
export type { ProjectionGridProps } from './ProjectionGrid';
export { Projects } from './ProjectsScreen';
export {
  LOAD_FAILED_MESSAGE, NO_ACCESS_MESSAGE, projectHref, searchProjects, sortProjects, toProjectRow, type ProjectRow,
} from './projects';
export { ProjectConfiguration } from './ProjectConfigurationWorkbench';
export type { ProjectConfigurationProps } from './ProjectConfigurationWorkbench';
export { Forecast, FORECAST_TEXT, type ForecastProps } from './periods';
