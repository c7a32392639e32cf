/**
 * Administration (issue 15): the door of the area. The calls and their answers (contract.ts), the user
 * management rules and texts (users.ts) and the rule of a sound record-type workflow (app-records.ts).
 */
export * from './contract';
export * from './users';
export * from './app-records';
export * from './loads';
