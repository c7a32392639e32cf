/**
 * Change management's contract: the writes that create initiating documents, change events and their items, and
 * link an approved item to a commitment (the workbenches call them; demo/host/api/pfm/change-management answers).
 */
export const CHANGE_WRITE_PATHS = {
  createChangeRecord: '/api/pfm/CreateChangeRecord',
  createChangeEvent: '/api/pfm/CreateChangeEvent',
  createChangeEventItem: '/api/pfm/CreateChangeEventItem',
  linkItemToCommitment: '/api/pfm/LinkChangeEventItemToCommitment',
} as const;
