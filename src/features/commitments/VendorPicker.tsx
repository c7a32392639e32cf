/**
 * The vendor of a new commitment: a search box over the active vendors (the risk area's prequalified
 * vendor list, asked again as the user types), a select of the matches, and beside it the chosen
 * vendor's prequalification status with its single and aggregate limits in force (what the SRA gate
 * compares the commitment with). A failed search says so with Retry; the chosen vendor stays shown.
 */
import { useEffect, useId, useState } from 'react';
import { formatDate, formatMoney } from '../../core/format';
import { FieldFeedback, fieldInvalid, type FormFeedback } from '../../ui/records';
import { loadVendorChoices, refusalText, type VendorPrequalRow } from './create';

/** Texts the picker shows; tests read them. */
export const VENDOR_PICKER_TEXT = {
  search: 'Search vendors',
  vendor: 'Vendor',
  choose: 'Choose a vendor…',
  loading: 'Loading vendors…',
  none: 'No vendor matches.',
  failed: (why: string) => `The vendors could not be loaded (${why}).`,
  status: (status: string, single: string, aggregate: string) => `${status} · single limit ${single} · aggregate limit ${aggregate}`,
  expires: (day: string) => `limits expire ${day}`,
  unknown: (id: string) => `Vendor ${id}`,
} as const;

const whole = (n: number) => formatMoney(n, { fractionDigits: 0 });

/** The status line of a vendor: status, single and aggregate limits in force (and their expiry). */
export function vendorStatusText(vendor: VendorPrequalRow): string {
  const line = VENDOR_PICKER_TEXT.status(vendor.status, whole(vendor.singleLimitInForce), whole(vendor.aggregateLimitInForce));
  return vendor.limitExpiresOn ? `${line} · ${VENDOR_PICKER_TEXT.expires(formatDate(vendor.limitExpiresOn))}` : line;
}

export interface VendorPickerProps {
  value: string;
  onChange(vendorId: string): void;
  /** Told the chosen vendor's row whenever it is known (a pre-filled vendor once the list answers). */
  onVendor?(vendor: VendorPrequalRow | null): void;
  feedback: FormFeedback;
  disabled?: boolean;
}

export function VendorPicker({ value, onChange, onVendor, feedback, disabled = false }: VendorPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<{ search: string; rows: VendorPrequalRow[] } | null>(null);
  const [problem, setProblem] = useState('');
  // The chosen vendor's row, kept while a search shows others.
  const [chosen, setChosen] = useState<VendorPrequalRow | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      loadVendorChoices(search, abort.signal).then((rows) => { setFound({ search, rows }); setProblem(''); }, (error: unknown) => {
        if (!abort.signal.aborted) setProblem(VENDOR_PICKER_TEXT.failed(refusalText(error)));
      });
    }, search ? 250 : 0);
    return () => { clearTimeout(timer); abort.abort(); };
  }, [search, attempt]);

  const rows = found?.rows ?? [];
  const current = chosen?.vendorId === Number(value) ? chosen : rows.find((v) => String(v.vendorId) === value) ?? null;
  const options = current && !rows.some((v) => v.vendorId === current.vendorId) ? [current, ...rows] : rows;
  const invalid = fieldInvalid(feedback, 'vendorId');
  useEffect(() => { onVendor?.(current); }, [current, onVendor]);
  return (
    <div className="col-lg-6" data-vendor-picker>
      <label className="form-label small mb-1" htmlFor={`${id}-search`}>{VENDOR_PICKER_TEXT.search}</label>
      <input id={`${id}-search`} type="search" className="form-control form-control-sm mb-1" value={search} autoComplete="off" disabled={disabled}
        data-field="vendorSearch" onChange={(e) => setSearch(e.currentTarget.value)} />
      <label className="form-label small mb-1" htmlFor={`${id}-vendor`}>{VENDOR_PICKER_TEXT.vendor}</label>
      <select id={`${id}-vendor`} className={`form-select form-select-sm${invalid ? ' is-invalid' : ''}`} value={value} disabled={disabled}
        data-field="vendorId" aria-invalid={invalid || undefined} aria-describedby={`${id}-status ${id}-feedback`}
        onChange={(e) => {
          const next = e.currentTarget.value;
          const row = options.find((v) => String(v.vendorId) === next) ?? null;
          setChosen(row);
          onChange(next);
        }}>
        <option value="">{found === null && !problem ? VENDOR_PICKER_TEXT.loading : options.length ? VENDOR_PICKER_TEXT.choose : VENDOR_PICKER_TEXT.none}</option>
        {value && !current ? <option value={value}>{VENDOR_PICKER_TEXT.unknown(value)}</option> : null}
        {options.map((v) => <option key={v.vendorId} value={v.vendorId}>{`${v.vendorNumber} ${v.name}`}</option>)}
      </select>
      <div id={`${id}-status`} className="small text-body-secondary mt-1" data-vendor-status aria-live="polite">{current ? vendorStatusText(current) : null}</div>
      {problem ? (
        <div className="small text-danger-emphasis d-flex align-items-center gap-2" role="alert" data-vendors-failed>
          <span>{problem}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary py-0" onClick={() => { setProblem(''); setAttempt((n) => n + 1); }}>Retry</button>
        </div>
      ) : null}
      <FieldFeedback feedback={feedback} field="vendorId" id={`${id}-feedback`} />
    </div>
  );
}
