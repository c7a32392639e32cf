/** The texts of the vendor record's "Update record" section (tests read them). */
import type { WriteTexts } from '../../../core/records';
import type { ProblemTexts } from '../../../core/api';

export const VENDOR_RECORD_UI_TEXT = {
  heading: 'Update record',
  open: 'Update record',
  close: 'Hide update record',
  intro: "Enter what the vendor sent: each entry is dated with your name, and the suggested limits follow the newest entries.",
  loading: 'Loading the vendor record…',
  loadFailed: 'The vendor record could not be loaded.',
  expiries: 'Expiries watched',
  noExpiries: 'No insurance or prequalification expiry on file.',
  /** Before the request's number, a link to its workbench. */
  renewal: 'Renewal',
  renewalState: (state: string) => `(${state})`,
  openRenewal: (number: string) => `Open renewal request ${number}`,
  suggested: (single: string, aggregate: string) => `Suggested limits now: ${single} single / ${aggregate} aggregate.`,
  entered: 'Entered',
  enteredBy: (date: string, who: string | null) => `${date} · ${who ?? 'not recorded'}`,
  inForce: 'In force',
  noEntries: 'Nothing entered yet.',
  submit: 'Add',
  submitBonding: 'Set',
  saving: 'Saving…',
  saved: (what: string) => `${what} saved.`,
  retry: 'Retry',
  sections: {
    financials: 'Financial statement',
    safety: 'EMR and OSHA rate',
    insurance: 'Insurance certificate',
    bonding: 'Bonding capacity',
  },
  fields: {
    year: 'Year', currentAssets: 'Current assets', currentLiabilities: 'Current liabilities', totalLiabilities: 'Total liabilities',
    netWorth: 'Net worth', revenue: 'Revenue', backlog: 'Backlog', emr: 'EMR', oshaRecordableRate: 'OSHA recordable rate',
    coverage: 'Coverage', carrier: 'Carrier', policyNumber: 'Policy number', eachOccurrence: 'Each occurrence', aggregate: 'Aggregate',
    effectiveOn: 'Effective', expiresOn: 'Expires', surety: 'Surety', singleCapacity: 'Single capacity', aggregateCapacity: 'Aggregate capacity',
  },
  failure: {
    stale: 'Reload the vendor record and enter it again.',
    refused: 'The entry was not saved: correct the fields marked.',
    signedOut: 'Your sign-in has expired: sign in again, then Retry. What you typed is kept.',
    forbidden: 'Only the risk roles may update a vendor record.',
    timeout: 'Saving took too long: Retry. What you typed is kept.',
    failed: (detail: string) => `The entry was not saved (${detail}). What you typed is kept: Retry.`,
  } satisfies WriteTexts,
  load: {
    signedOut: 'Your sign-in has expired. Sign in again, then retry.',
    forbidden: 'Only the risk roles may read the whole vendor record.',
    stale: 'The vendor record changed.',
    timeout: 'The server did not answer in time.',
    failed: 'The vendor record could not be loaded.',
  } satisfies ProblemTexts,
} as const;
