/** The project toolbox's host calls (issue 15): one export line per part. */
export { defaultAssignmentHandlers } from './default-assignments';
