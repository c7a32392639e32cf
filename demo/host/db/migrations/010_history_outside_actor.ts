/** 010 (issue 12): history written by someone outside the company (an e-sign signer) names them. */
export const HISTORY_OUTSIDE_ACTOR_010 = `
ALTER TABLE record_history ADD COLUMN changedByName TEXT;
`;
