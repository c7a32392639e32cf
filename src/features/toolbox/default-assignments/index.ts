/** Default assignments (issue 15): the `<pt-default-assignments>` screen and its calls. */
export * from './data';
export { DefaultAssignments } from './DefaultAssignments';
