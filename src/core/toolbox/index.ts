/**
 * The project toolbox (issue 15): the door of the area. The calls, their answers and the states
 * (contract.ts), and the rules of access requests (access.ts), default assignments (assignments.ts) and
 * project closeouts (closeout.ts).
 */
export * from './contract';
export * from './access';
export * from './assignments';
export * from './closeout';
