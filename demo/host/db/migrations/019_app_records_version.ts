/**
 * 019 (issue 15, app records; host: demo/host/api/admin/app-records.ts): a record type's
 * configuration (its states, advancements and field security) carries one version, raised by every
 * admin change, so a stale editor is answered 409 naming who changed it last. The changes
 * themselves are recorded in record_history (TRACKED_TABLES, applicationKey keyAdmin).
 */
export const APP_RECORDS_VERSION_019 = `
ALTER TABLE application_records ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE application_records ADD COLUMN modifiedByEmployeeId INTEGER REFERENCES employees(employeeId);
`;
