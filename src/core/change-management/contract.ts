/**
 * Change management's contract: the writes that create initiating documents, change events and their items, and
 * link an approved item to a commitment (the workbenches call them; demo/host/api/pfm/change-management answers),
 * and the state tables of the three record kinds.
 */
import type { AdvancementTable, RecordStateTable } from '../records/state-table';

export const CHANGE_WRITE_PATHS = {
  createChangeRecord: '/api/pfm/CreateChangeRecord',
  createChangeEvent: '/api/pfm/CreateChangeEvent',
  createChangeEventItem: '/api/pfm/CreateChangeEventItem',
  linkItemToCommitment: '/api/pfm/LinkChangeEventItemToCommitment',
} as const;

/** An initiating document's states (record key 'ChangeRecord'). */
export const CHANGE_RECORD_STATES: RecordStateTable = [['Draft', false], ['Potential Costs', false], ['Submitted', false], ['Closed', true], ['Void', true]];
export const CHANGE_RECORD_ADVANCEMENTS: AdvancementTable = {
  Draft: [['Potential Costs', true], ['Void', false]],
  'Potential Costs': [['Submitted', true], ['Draft', false], ['Void', false]],
  Submitted: [['Closed', true], ['Potential Costs', false]],
  Closed: [['Submitted', false]],
  Void: [['Draft', false]],
};

/** A change event's states (record key 'ChangeEvent'). */
export const CHANGE_EVENT_RECORD_STATES: RecordStateTable = [
  ['Open', false], ['Pending', false], ['Approved', false], ['Complete', true], ['No Change', true], ['Rejected', true], ['Canceled', true],
];
export const CHANGE_EVENT_ADVANCEMENTS: AdvancementTable = {
  Open: [['Pending', true], ['No Change', false], ['Canceled', false]],
  Pending: [['Approved', true], ['Open', false], ['Rejected', false], ['No Change', false], ['Canceled', false]],
  Approved: [['Complete', true], ['Pending', false], ['Canceled', false]],
  Complete: [['Approved', false]],
  'No Change': [['Open', false]],
};

/** A change event item's states (record key 'ChangeEventItem'). */
export const CHANGE_EVENT_ITEM_RECORD_STATES: RecordStateTable = [
  ['Open', false], ['Route for Proposal', false], ['Proposal Received', false], ['Pending Approval', false],
  ['Rejected', false], ['Approved', false], ['Pending Commitment', false], ['Committed', true], ['Canceled', true], ['Void', true],
];
export const CHANGE_EVENT_ITEM_ADVANCEMENTS: AdvancementTable = {
  Open: [['Route for Proposal', true], ['Pending Approval', false], ['Approved', false], ['Canceled', false], ['Void', false]],
  'Route for Proposal': [['Proposal Received', true], ['Open', false], ['Canceled', false]],
  'Proposal Received': [['Pending Approval', true], ['Rejected', false], ['Canceled', false]],
  'Pending Approval': [['Approved', true], ['Rejected', false], ['Canceled', false]],
  Rejected: [['Route for Proposal', true], ['Proposal Received', false], ['Canceled', false]],
  Approved: [['Pending Commitment', true], ['Committed', false], ['Pending Approval', false], ['Canceled', false]],
  'Pending Commitment': [['Committed', true], ['Approved', false], ['Canceled', false]],
  Canceled: [['Open', false]],
};
