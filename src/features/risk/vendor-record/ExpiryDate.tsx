/**
 * An expiry date as every risk screen shows it: past its day, a danger badge that says "Expired <date>"
 * (the word, not the colour alone); within the 60 days of the renewal watch, the date with "Expires in N days".
 * Rules: core/risk/vendor-record.ts (isExpired, renewalDue).
 */
import { formatDate } from '../../../core/format';
import { daysUntil, isExpired, renewalDue, VENDOR_RECORD_TEXT } from '../../../core/risk';
import * as clock from '../../../core/clock';

export function ExpiryDate({ date, today = clock.today() }: { date: string; today?: string }) {
  const shown = formatDate(date);
  if (isExpired(date, today)) return <span className="badge text-bg-danger" data-expired={date}>{VENDOR_RECORD_TEXT.expired(shown)}</span>;
  if (renewalDue(date, today)) {
    return (
      <span data-expiring={date}>
        {shown} <span className="badge text-bg-warning">{VENDOR_RECORD_TEXT.expiresIn(daysUntil(date, today))}</span>
      </span>
    );
  }
  return <span data-expiry={date}>{shown}</span>;
}
