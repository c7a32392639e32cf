/** The project toolbox's calls (issue 15): one export per part. */
export { closeoutHandlers } from './closeouts';
export { defaultAssignmentHandlers } from './default-assignments';
