/**
 * A vendor of a test's own with the SRA limits given, prequalified with GL insurance through a year from
 * today, and no commitments: the gate's limits at their boundary without the seed's vendors.
 */
import type Database from 'better-sqlite3';
import { today } from '../../../src/core/clock';
import { addDays } from '../../../src/core/timecards/days';

let vendorCount = 0;

export function vendorWithLimits(db: Database.Database, singleLimit: number, aggregateLimit: number): { vendorId: number; name: string } {
  const name = `Limit Test Vendor ${++vendorCount}`;
  const vendorId = Number(db.prepare(`INSERT INTO vendors (vendorNumber, name, trade, city, state, phone, email, active, displayText, modifiedAt)
    VALUES (?, ?, 'drywall', 'Austin', 'TX', '555-0100', 'v@example.com', 1, ?, 't')`).run(`LT-${vendorCount}`, name, name).lastInsertRowid);
  const columns = (db.prepare("SELECT name FROM pragma_table_info('vendor_prequalifications')").all() as Array<{ name: string }>).map((c) => c.name);
  const row: Record<string, unknown> = { vendorId, status: 'Prequalified', singleLimit, aggregateLimit, limitExpiresOn: addDays(today(), 365), glExpiresOn: addDays(today(), 365),
    glPerOccurrence: 2_000_000, glAggregate: 4_000_000, displayText: name, modifiedAt: 't' };
  const names = Object.keys(row).filter((k) => columns.includes(k));
  db.prepare(`INSERT INTO vendor_prequalifications (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(Object.fromEntries(names.map((n) => [n, row[n]])));
  return { vendorId, name };
}
