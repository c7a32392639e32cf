/**
 * 004 (issue 11): what was billed against a commitment is summed by the transactions' source record
 * (commitment loads, data quality's over-billing rule); without an index each sum scanned every transaction.
 */
export const TRANSACTION_SOURCE_INDEX_004 = `
CREATE INDEX IF NOT EXISTS cct_source ON cost_code_transactions(sourceRecordKey, sourceRecordId);
`;
