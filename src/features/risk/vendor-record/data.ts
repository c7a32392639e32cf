/** The vendor record calls (core/risk/contract.ts RISK_API, the contract with demo/host/api/risk/vendor-record.ts). */
import { getJson, LOAD_TIMEOUT_MS, loadTimer, postForm, problemText, retryMark } from '../../../core/api';
import { RISK_API, type VendorRecordHistory } from '../../../core/risk';
import { VENDOR_RECORD_UI_TEXT as T } from './text';

/** The four entries of a vendor record. */
export type VendorEntryKind = 'financials' | 'safety' | 'insurance' | 'bonding';

const PATHS: Readonly<Record<VendorEntryKind, string>> = {
  financials: RISK_API.addVendorFinancials,
  safety: RISK_API.addVendorSafety,
  insurance: RISK_API.addVendorInsurance,
  bonding: RISK_API.setVendorBonding,
};

const loadTime = loadTimer(LOAD_TIMEOUT_MS);
/** Another load timeout (tests); null restores the default. */
export const setVendorRecordLoadTimeout = loadTime.set;

export function loadVendorRecordHistory(vendorId: number, signal?: AbortSignal, attempt = 0): Promise<VendorRecordHistory> {
  return getJson<VendorRecordHistory>(RISK_API.getVendorRecordHistory, { vendorId, ...retryMark(attempt) }, { signal: loadTime.timed(signal) });
}

/** Send one entry as typed (the server checks it with the same core rule the form did); answers the record after it. */
export function addVendorEntry(kind: VendorEntryKind, vendorId: number, form: Readonly<Record<string, string>>): Promise<VendorRecordHistory> {
  return postForm<VendorRecordHistory>(PATHS[kind], { vendorId, ...form });
}

/** A failed load in words. */
export const vendorRecordProblem = (error: unknown): string => problemText(error, T.load);
