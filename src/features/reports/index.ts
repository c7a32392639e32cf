/** Reports (issue 12): report tables from the BI service, as CSV. */
export * from './data';
