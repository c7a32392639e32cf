/** The project toolbox (issue 15): one export line per part. */
export * from './access';
