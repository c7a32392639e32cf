/**
 * Workflow rules of §4 and §5, shared by the client and the demo host ("one table, two enforcers").
 * Pure TypeScript: no React, no I/O.
 */
export * from './types';
export * from './messages';
export * from './names';
export * from './rules';
