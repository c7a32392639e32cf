/**
 * 023: signing links are stored as a hash, each with its own expiry (demo/host/api/pfm/esign).
 * - `envelope_signers.token` keeps, from now on, the sha256 (hex, 64 characters) of the signer's
 *   current link token; the token itself is only in the e-mail's link (the outbox). The column keeps
 *   its name, NOT NULL UNIQUE and its exclusion from the record history (db/history.ts).
 * - `linkExpiresAt`: when the signer's current link stops working: 14 days after the e-mail that sent
 *   it (sending, or a reminder, which sends a new link and retires the earlier one), never after the
 *   envelope's own expiry. NULL: no working link.
 * - Links sent before 023 carry a plain token, which SQLite can not hash: they are retired (the token
 *   replaced by a marker no link can carry, no expiry). Envelopes, signers, their states and the outbox
 *   are kept as they were; a signer of an envelope still out for signature gets a working link with the
 *   next reminder (RemindEnvelopeSigner).
 */
export const SIGNING_LINK_HASH_023 = `
ALTER TABLE envelope_signers ADD COLUMN linkExpiresAt TEXT;
UPDATE envelope_signers SET token = 'retired-' || envelopeSignerId, linkExpiresAt = NULL;
`;
