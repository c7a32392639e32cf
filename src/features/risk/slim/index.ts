/** The SLIM request queue (issue 14): the queue, its overview, the request workbench and their calls. */
export { SlimQueue, SLIM_ALL_VIEW_ROLES, SLIM_ASSIGN_ROLES } from './SlimQueue';
export type { SlimQueueProps } from './SlimQueue';
export { SlimQueues } from './SlimQueues';
export { SlimRequestWorkbench } from './SlimRequestWorkbench';
export { stepValue, aYearOn, commentEditable } from './working';
export { NewSlimRequest, draftProblems } from './NewSlimRequest';
export { SLIM_UI_TEXT, moveLabel, moveNote } from './text';
export { openSlimRequest, slimQueueSheet, setSlimLoadTimeout, problemText as slimProblemText } from './data';
