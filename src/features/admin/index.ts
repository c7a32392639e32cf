/** The admin area (issue 15): one export line per part. */
export * from './users';
export * from './app-records';
export * from './home';
