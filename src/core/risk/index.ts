/** Subcontractor risk (issue 14): limits, the SLIM workflow, SRA scoring and the gate, and the call contract. */
export * from './limits';
export * from './slim';
export * from './sra';
export * from './contract';
export * from './vendor-record';
