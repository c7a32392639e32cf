/**
 * Numbered schema migrations. Each runs once, in order, inside a transaction; the applied ones are
 * recorded in `schema_migrations` and mirrored in `PRAGMA user_version`.
 *
 * One file per migration in ./migrations (`0NN_name.ts`), each holding its SQL frozen as it shipped:
 * a plain text with no imports of live code, so editing states.ts, the seed or src/core can never change
 * what an old migration does. Append only: a shipped migration is never edited (a new one is added), and
 * tests/api/migrations-frozen.test.ts holds the checksum of each.
 *
 * Column names are the §3 field names, so API answers are rows as they are. Every table carries
 * `modifiedAt` (ISO-8601 UTC text) for the `lastLoad` incremental loads. Every reference table
 * carries `displayText`, what a lookup shows.
 */
import { INITIAL_001 } from './migrations/001_initial';
import { DIRECT_COST_APPROVAL_002 } from './migrations/002_direct_cost_approval';
import { COST_ADJUSTMENTS_003 } from './migrations/003_cost_adjustments';
import { TRANSACTION_SOURCE_INDEX_004 } from './migrations/004_transaction_source_index';
import { OPPORTUNITIES_005 } from './migrations/005_opportunities';
import { SURVEYS_006 } from './migrations/006_surveys';
import { ESIGN_007 } from './migrations/007_esign';
import { RECORD_HISTORY_008 } from './migrations/008_record_history';
import { DOCUMENT_TEMPLATES_009 } from './migrations/009_document_templates';
import { HISTORY_OUTSIDE_ACTOR_010 } from './migrations/010_history_outside_actor';
import { TIMECARDS_011 } from './migrations/011_timecards';
import { TIME_OFF_ON_BEHALF_OF_012 } from './migrations/012_time_off_on_behalf_of';
import { SUBCONTRACTOR_RISK_013 } from './migrations/013_subcontractor_risk';
import { PROJECT_TEAMS_014 } from './migrations/014_project_teams';
import { ACCESS_REQUESTS_015 } from './migrations/015_access_requests';
import { DEFAULT_ASSIGNMENTS_016 } from './migrations/016_default_assignments';
import { PROJECT_CLOSEOUTS_017 } from './migrations/017_project_closeouts';
import { USER_ADMIN_018 } from './migrations/018_user_admin';
import { APP_RECORDS_VERSION_019 } from './migrations/019_app_records_version';
import { IT_BILLING_020 } from './migrations/020_it_billing';
import { LOAD_INDEXES_021 } from './migrations/021_load_indexes';
import { APPROVAL_AUTHORITY_022 } from './migrations/022_approval_authority';
import { SIGNING_LINK_HASH_023 } from './migrations/023_signing_link_hash';
import { TIMECARD_REMINDERS_024 } from './migrations/024_timecard_reminders';
import { COMMITMENT_TERMS_025 } from './migrations/025_commitment_terms';
import { PAY_APPLICATIONS_026 } from './migrations/026_pay_applications';
import { VENDOR_RECORDS_027 } from './migrations/027_vendor_records';
import { COMMITMENT_TERMS_SECURITY_028 } from './migrations/028_commitment_terms_security';
import { FORECAST_PERIODS_029 } from './migrations/029_forecast_periods';
import { TRANSACTION_KINDS_030 } from './migrations/030_transaction_kinds';
import { CHANGE_EVENT_PROBABILITY_031 } from './migrations/031_change_event_probability';
import { PROJECTION_SUBMISSIONS_032 } from './migrations/032_projection_submissions';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '001_initial', sql: INITIAL_001 },
  { version: 2, name: '002_direct_cost_approval', sql: DIRECT_COST_APPROVAL_002 },
  { version: 3, name: '003_cost_adjustments', sql: COST_ADJUSTMENTS_003 },
  { version: 4, name: '004_transaction_source_index', sql: TRANSACTION_SOURCE_INDEX_004 },
  { version: 5, name: '005_opportunities', sql: OPPORTUNITIES_005 },
  { version: 6, name: '006_surveys', sql: SURVEYS_006 },
  { version: 7, name: '007_esign', sql: ESIGN_007 },
  { version: 8, name: '008_record_history', sql: RECORD_HISTORY_008 },
  { version: 9, name: '009_document_templates', sql: DOCUMENT_TEMPLATES_009 },
  { version: 10, name: '010_history_outside_actor', sql: HISTORY_OUTSIDE_ACTOR_010 },
  { version: 11, name: '011_timecards', sql: TIMECARDS_011 },
  { version: 12, name: '012_time_off_on_behalf_of', sql: TIME_OFF_ON_BEHALF_OF_012 },
  { version: 13, name: '013_subcontractor_risk', sql: SUBCONTRACTOR_RISK_013 },
  { version: 14, name: '014_project_teams', sql: PROJECT_TEAMS_014 },
  { version: 15, name: '015_access_requests', sql: ACCESS_REQUESTS_015 },
  { version: 16, name: '016_default_assignments', sql: DEFAULT_ASSIGNMENTS_016 },
  { version: 17, name: '017_project_closeouts', sql: PROJECT_CLOSEOUTS_017 },
  { version: 18, name: '018_user_admin', sql: USER_ADMIN_018 },
  { version: 19, name: '019_app_records_version', sql: APP_RECORDS_VERSION_019 },
  { version: 20, name: '020_it_billing', sql: IT_BILLING_020 },
  { version: 21, name: '021_load_indexes', sql: LOAD_INDEXES_021 },
  { version: 22, name: '022_approval_authority', sql: APPROVAL_AUTHORITY_022 },
  { version: 23, name: '023_signing_link_hash', sql: SIGNING_LINK_HASH_023 },
  { version: 24, name: '024_timecard_reminders', sql: TIMECARD_REMINDERS_024 },
  { version: 25, name: '025_commitment_terms', sql: COMMITMENT_TERMS_025 },
  { version: 26, name: '026_pay_applications', sql: PAY_APPLICATIONS_026 },
  { version: 27, name: '027_vendor_records', sql: VENDOR_RECORDS_027 },
  { version: 28, name: '028_commitment_terms_security', sql: COMMITMENT_TERMS_SECURITY_028 },
  { version: 29, name: '029_forecast_periods', sql: FORECAST_PERIODS_029 },
  { version: 30, name: '030_transaction_kinds', sql: TRANSACTION_KINDS_030 },
  { version: 31, name: '031_change_event_probability', sql: CHANGE_EVENT_PROBABILITY_031 },
  { version: 32, name: '032_projection_submissions', sql: PROJECTION_SUBMISSIONS_032 },
];
