/**
 * Opportunities (issue 12): pursuits not yet contracted and their labour cost codes. The door of the
 * area: timecards (issue 13) pick an opportunity's codes through `loadOpportunities` and check
 * `opportunityOpenForTime` (src/core/opportunities) before charging time.
 */
export * from './data';
export { opportunityOpenForTime, OPPORTUNITY_STATUSES, type OpportunityStatus } from '../../core/opportunities/contract';
export { OpportunitiesScreen } from './OpportunitiesScreen';
export type { OpportunitiesScreenProps } from './OpportunitiesScreen';
