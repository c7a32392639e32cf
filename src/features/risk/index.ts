/**
 * Subcontractor risk (issue 14): the SLIM request queue (./slim) and subcontractor risk assessments
 * (./sra). Other areas and the elements import from here only.
 */
export * from './slim';
export * from './sra';
export * from './vendor-record';
