/** Administration (issue 15): one export line per part. */
export * from './app-records';
export * from './home';
