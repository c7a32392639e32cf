/** Data quality (issue 11): the load, texts, links and export of a project's rule failures; the screen's view. */
export * from './data';
export { DataQualityScreen } from './DataQualityScreen';
export type { DataQualityScreenProps } from './DataQualityScreen';
