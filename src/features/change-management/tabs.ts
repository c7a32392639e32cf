/** The screen's tabs (§2 activeTab values) and the record sets behind them. */
import { CHANGE_MANAGEMENT_TABS } from '../../core/router/routes';
import type { ChangeEventItem, ChangeRecord } from './types';

export type ChangeManagementTab = (typeof CHANGE_MANAGEMENT_TABS)[number];

/** Tab labels, in §2 order. */
export const TAB_LABELS: Record<ChangeManagementTab, string> = {
  'initiating-documents': 'Initiating Documents',
  'change-events': 'Change Events',
  'request-for-proposals': 'Request for Proposals',
  'change-requests': 'Change Requests',
};

/** The tabs in §2 order. */
export const TABS: readonly ChangeManagementTab[] = CHANGE_MANAGEMENT_TABS;

/** The tab for an `active-tab` value: a §2 value (any case), else the first tab (§2, like the router). */
export function tabFromAttribute(value: string | null | undefined): ChangeManagementTab {
  const lower = (value ?? '').trim().toLowerCase();
  return TABS.find((tab) => tab === lower) ?? TABS[0]!;
}

/** Item states that make an item a request for proposal (an RFP out or answered). */
export const RFP_STATES = ['Route for Proposal', 'Proposal Received'] as const;

/** True when a change event item belongs on the Request for Proposals tab. */
export function isRequestForProposal(item: Pick<ChangeEventItem, 'recordStateName'>): boolean {
  return RFP_STATES.some((name) => name.toLowerCase() === item.recordStateName.toLowerCase());
}

/**
 * Change requests: initiating documents that went to the owner as a request, i.e. in state
 * 'Submitted' (open) or closed after being submitted ('Closed'). Drafts, documents still collecting
 * potential costs, and voided ones are initiating documents only.
 */
export const CHANGE_REQUEST_STATES = ['Submitted', 'Closed'] as const;

/** True when an initiating document belongs on the Change Requests tab. */
export function isChangeRequest(record: Pick<ChangeRecord, 'recordStateName'>): boolean {
  return CHANGE_REQUEST_STATES.some((name) => name.toLowerCase() === record.recordStateName.toLowerCase());
}
