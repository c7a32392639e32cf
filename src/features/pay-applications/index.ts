/**
 * Pay applications: a commitment's monthly bills (AIA G702/G703), their lien waivers and retainage.
 * The loads and writes, the project's Pay Applications screen, the Pay Application workbench body (new
 * and existing) and the section the commitment workbench shows. Paths, wire types and the arithmetic are
 * src/core/pay-applications.
 */
export * from './data';
export { PayApplications, PAY_APPLICATIONS_TEXT, WaiversMissingCell, openPayApplication } from './PayApplicationsScreen';
export type { PayApplicationsProps } from './PayApplicationsScreen';
export { PayApplicationWorkbench, PAY_APPLICATION_WB_TEXT, G702Totals } from './PayApplicationWorkbench';
export type { PayApplicationWorkbenchProps } from './PayApplicationWorkbench';
export { NEW_PAY_APPLICATION_TEXT } from './NewPayApplication';
export { ContinuationSheet, SHEET_TEXT } from './ContinuationSheet';
export { LienWaivers, WAIVER_TEXT } from './LienWaivers';
export { PayApplicationsSection, PAY_APPLICATIONS_SECTION_TEXT } from './PayApplicationsSection';
export type { PayApplicationsSectionProps } from './PayApplicationsSection';
