/**
 * Formatting and business constants: numbers and money (§5, §9), dates and the timecard due instant
 * (§5, §9), cost codes and cost types (§3), truncation (§9), fixed option lists and §9 constants, and the spreadsheet exports' formula guard.
 * Plain TypeScript over Intl; shared by the client and the demo host.
 */
export * from './constants';
export * from './numbers';
export * from './dates';
export * from './text';
export * from './cost-types';
export * from './options';
export * from './spreadsheet';
