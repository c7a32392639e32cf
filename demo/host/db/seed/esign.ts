/**
 * The demo's e-sign envelopes, one in every state (Draft, Sent, Viewed, Signed, Declined, Voided, Expired), on
 * Pinecrest Middle School's commitments (project 23-1036, the pm's; no spec writes to its subcontracts).
 *
 * They are made by the product's own operations, with the clock set back to the day each step happened, relative to
 * the day the demo is seeded: the PDFs are rendered and stored, the links issued (only their hashes kept, migration
 * 023), the outbox written, the records moved by the advancement table with the sender's approval authority, the
 * history recorded. Rendering a PDF is asynchronous (pdf-lib) and the seed is one synchronous transaction, so the seed
 * marks this step due ({@link ENVELOPES_DUE_SETTING}) and the host runs it once at start, before it listens.
 */
import type Database from 'better-sqlite3';
import * as clock from '../../../../src/core/clock';
import { ENVELOPE_EXPIRY_DAYS, type EsignRecordKey } from '../../../../src/core/esign/contract';
import { loadCaller, type Caller } from '../../api/context';
import { insertEnvelope, remindSigner, sendEnvelope, voidEnvelope } from '../../api/pfm/esign/envelopes';
import { envelopeState, expireDue, signerDeclined, signerSigned, signerViewed } from '../../api/pfm/esign/service';

/** Set by the seed: the envelopes are still to be made (seedEnvelopes). */
export const ENVELOPES_DUE_SETTING = 'envelopesDue';

/** The project whose commitments carry the seeded envelopes. */
export const ENVELOPE_PROJECT_NUMBER = '23-1036';

const DAY_MS = 86_400_000;
/** A documentation address (RFC 5737) for the signers' recorded IP. */
const SIGNER_IP = '203.0.113.24';

type Row = Record<string, unknown>;

/** The vendor's contract signer of each story, by the commitment they sign. */
const VENDOR_SIGNERS = ['Alicia Moreno', 'Grant Whitaker', 'Priya Raman', 'Tomás Alvarez', 'Helen Brandt', 'Owen Kessler', 'Rosa Delgado'];

/** Mark the envelopes due (the seed's transaction). */
export function markEnvelopesDue(db: Database.Database): void {
  db.prepare('INSERT OR REPLACE INTO settings (key, stringValue) VALUES (?, ?)').run(ENVELOPES_DUE_SETTING, '1');
}

/** Whether the seed's envelopes are still to be made. */
export function envelopesDue(db: Database.Database): boolean {
  return db.prepare('SELECT 1 FROM settings WHERE key = ?').get(ENVELOPES_DUE_SETTING) !== undefined;
}

/**
 * Make the seeded envelopes when the seed marked them due (once: the mark is removed), as of the clock's now. Each
 * step runs with the clock set to its day (`daysAgo` before now, at `hour` Central); the clock is put back after.
 */
export async function seedEnvelopes(db: Database.Database): Promise<void> {
  if (!envelopesDue(db)) return;
  const now = clock.nowMs();
  const day = (daysAgo: number) => clock.centralDayOf(now - daysAgo * DAY_MS);
  async function on<T>(daysAgo: number, hour: number, step: () => T | Promise<T>): Promise<T> {
    const previous = clock.pinClock(clock.centralInstant(day(daysAgo), hour));
    try {
      return await step();
    } finally {
      clock.setClock(previous);
    }
  }

  const pm = loadCaller(db, 'pm')!;
  const rpm = loadCaller(db, 'rpm')!;
  const projectId = db.prepare('SELECT projectId FROM projects WHERE number = ?').pluck().get(ENVELOPE_PROJECT_NUMBER) as number;
  // The project's open commitments by amount: the pm sends those within his approval limit, the RPM the larger ones.
  // Each story takes a commitment without an envelope yet.
  const draftOf = (key: EsignRecordKey, table: string, idColumn: string, items: string, state: string, min: number, max: number): { id: number; vendor: Row } => {
    const row = db.prepare(`SELECT t.${idColumn} AS id, v.name AS vendorName, v.email AS vendorEmail FROM ${table} t JOIN vendors v USING (vendorId)
      JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
      WHERE t.projectId = ? AND s.name = ? AND (SELECT coalesce(sum(amount), 0) FROM ${items} i WHERE i.${idColumn} = t.${idColumn}) BETWEEN ? AND ?
        AND NOT EXISTS (SELECT 1 FROM envelopes e WHERE e.recordKey = ? AND e.recordId = t.${idColumn})
      ORDER BY t.${idColumn} LIMIT 1`).get(projectId, state, min, max, key) as Row | undefined;
    if (!row) throw new Error(`seedEnvelopes: no ${state} ${table} between ${min} and ${max} on ${ENVELOPE_PROJECT_NUMBER}`);
    return { id: row.id as number, vendor: row };
  };
  const subcontract = (min: number, max: number) => draftOf('Subcontract', 'subcontracts', 'subcontractId', 'subcontract_items', 'Draft', min, max);
  const signersOf = (vendor: Row, story: number) => [
    { name: VENDOR_SIGNERS[story]!, email: String(vendor.vendorEmail) },
    { name: rpm.preferredName, email: rpm.email },
  ];
  const signerRows = (envelopeId: number) => db.prepare('SELECT * FROM envelope_signers WHERE envelopeId = ? ORDER BY signingOrder').all(envelopeId) as Row[];
  const draftStateId = () => envelopeState(db, 'Draft').applicationRecordStateId;
  const sent = async (key: EsignRecordKey, target: { id: number; vendor: Row }, story: number, sender: Caller, daysAgo: number): Promise<number> =>
    on(daysAgo, 9, async () => {
      const envelopeId = insertEnvelope(db, key, target.id, signersOf(target.vendor, story), sender.employeeId);
      await sendEnvelope(db, envelopeId, draftStateId(), sender);
      return envelopeId;
    });

  const previous = clock.pinClock(now);
  try {
    // Signed: sent three weeks ago, viewed and signed by the vendor, countersigned by the RPM: the subcontract is
    // Executed and the signed PDF is in its Files.
    const signed = await sent('Subcontract', subcontract(50_000, 250_000), 0, pm, 21);
    const [vendorSigner, companySigner] = signerRows(signed);
    await on(20, 10, () => signerViewed(db, vendorSigner!));
    await on(19, 14, () => signerSigned(db, vendorSigner!, VENDOR_SIGNERS[0]!, SIGNER_IP));
    await on(18, 11, () => signerSigned(db, companySigner!, rpm.preferredName, SIGNER_IP));

    // Declined: the vendor asks for other retainage terms.
    const declined = await sent('Subcontract', subcontract(50_000, 250_000), 1, pm, 10);
    await on(9, 8, () => signerViewed(db, signerRows(declined)[0]!));
    await on(8, 16, () => signerDeclined(db, signerRows(declined)[0]!, VENDOR_SIGNERS[1]!,
      'Section 7: we agreed at the bid review to retainage of 5% after 50% complete. Please correct and resend.', SIGNER_IP));

    // Voided, then sent again to the right signer; still waiting (Sent), reminded three days ago with a new link.
    const large = subcontract(250_000.01, 2_000_000);
    const voided = await sent('Subcontract', large, 2, rpm, 16);
    await on(15, 9, () => voidEnvelope(db, voided, envelopeState(db, 'Sent').applicationRecordStateId,
      'Wrong signer: their contracts manager signs for the company, not the estimator.', rpm));
    const resent = await sent('Subcontract', large, 3, rpm, 15);
    await on(3, 10, () => remindSigner(db, resent, signerRows(resent)[0]!.envelopeSignerId as number));

    // Viewed: sent four days ago, opened by the vendor the day after.
    const viewed = await sent('Subcontract', subcontract(250_000.01, 2_000_000), 4, rpm, 4);
    await on(3, 15, () => signerViewed(db, signerRows(viewed)[0]!));

    // Expired: a purchase agreement sent more than the expiry ago and never signed.
    await sent('PurchaseAgreement', draftOf('PurchaseAgreement', 'purchase_agreements', 'purchaseAgreementId', 'purchase_agreement_items', 'Pending Signature', 0, 250_000), 5, pm,
      ENVELOPE_EXPIRY_DAYS + 10);
    expireDue(db);

    // Draft: prepared yesterday, not sent yet.
    const draftPa = draftOf('PurchaseAgreement', 'purchase_agreements', 'purchaseAgreementId', 'purchase_agreement_items', 'Draft', 0, 250_000);
    await on(1, 16, () => insertEnvelope(db, 'PurchaseAgreement', draftPa.id, signersOf(draftPa.vendor, 6), pm.employeeId));

    db.prepare('DELETE FROM settings WHERE key = ?').run(ENVELOPES_DUE_SETTING);
  } finally {
    clock.setClock(previous);
  }
}
