/** The project toolbox (issue 15): one export line per part. */
export * from './closeouts';
export { DefaultAssignments } from './default-assignments';
export * from './access';
