/** Project closeouts (issue 15): the loads and actions, and the screen. */
export * from './data';
export { CloseoutsScreen } from './CloseoutsScreen';
export type { CloseoutsScreenProps } from './CloseoutsScreen';
