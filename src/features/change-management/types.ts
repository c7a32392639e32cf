/** Change management records as the demo host's loads answer them (§3 names; demo/host/api/pfm/change-management/loads.ts). */

/** Fields every stateful record carries from its state. */
export interface StatefulRecord {
  applicationRecordStateId: number;
  recordStateName: string;
  closed: boolean;
  projectId: number;
  budgetId: number | null;
  displayText?: string;
  modifiedAt?: string;
}

/** An initiating document (change record). */
export interface ChangeRecord extends StatefulRecord {
  changeRecordId: number;
  changeRecordTypeId: number | null;
  initiatingDocumentTypeId: number | null;
  changeReasonId: number | null;
  rfiId: number | null;
  number: string;
  title: string;
  description: string | null;
  documentDate: string | null;
  estimatedAmount: number | null;
  changeEventCount?: number;
}

/** A change event. */
export interface ChangeEvent extends StatefulRecord {
  changeEventId: number;
  changeRecordId: number | null;
  ownerAgreementId: number | null;
  ownerAgreementChangeOrderId: number | null;
  reimbursableTypeId: number | null;
  changeReasonId: number | null;
  /** 0–100: how likely the event is; weights its pending amount in the projection grid (default 100). */
  probability?: number;
  number: string;
  title: string;
  description: string | null;
  estimatedAmount: number | null;
  approvedAmount: number | null;
  itemCount?: number;
}

/** A change event item (nested under another through parentChangeEventItemId). */
export interface ChangeEventItem extends StatefulRecord {
  changeEventItemId: number;
  changeEventId: number;
  parentChangeEventItemId: number | null;
  costCodeId: number | null;
  costCode?: string | null;
  costType?: string | null;
  vendorId: number | null;
  vendorName?: string | null;
  description: string;
  estimatedAmount: number | null;
  proposedAmount: number | null;
  approvedAmount: number | null;
  coItemRecordKey: string | null;
  coItemRecordId: number | null;
  /** The commitment change order the linked change-order item belongs to (null until linked). */
  changeOrderKey?: 'SubcontractChangeOrder' | 'PurchaseAgreementChangeOrder' | null;
  changeOrderId?: number | null;
  changeOrderNumber?: string | null;
  commitmentNumber?: string | null;
  stateDisplayOrder?: number;
}

/** Record keys of the change management records. */
export type ChangeRecordKind = 'ChangeRecord' | 'ChangeEvent' | 'ChangeEventItem';
