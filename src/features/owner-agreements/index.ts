/**
 * Owner agreements and their change orders: the kinds, the §5 links of change events to owner change
 * orders, new change orders, the Owner Agreement and Owner Agreement Change Order workbench body and
 * the Owner Agreements screen.
 */
export * from './data';
export * from './owner-links';
export { OwnerAgreementWorkbench, OWNER_TEXT } from './OwnerAgreementWorkbench';
export { OwnerAgreements } from './OwnerAgreementsScreen';
export type { OwnerAgreementsProps } from './OwnerAgreementsScreen';
