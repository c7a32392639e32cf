/**
 * Reference-data (lookup) types and their calls (spec §3, §7; briefs/lookups-convention.md).
 * Pure data: the client's lookups and the demo host's API both read this table, so the paths agree.
 *
 * Single-object calls take `idField` as the query parameter and answer `{ data: object }`;
 * whole-list calls take no parameters and answer `{ data: [...] }`. Every object has a string
 * `displayText`.
 */

/** How one reference-data type is fetched. */
export interface LookupTypeConfig {
  /** The query parameter of the single-object call; also the objects' id field unless `keyField` is set. */
  readonly idField: string;
  /** The field of a returned object that holds its id, when it differs from `idField`. */
  readonly keyField?: string;
  /** 'string' for ids that are keys (applicationKey); ids are positive integers otherwise. */
  readonly idKind: 'number' | 'string';
  /** The single-object GET path. */
  readonly single: string;
  /** The whole-list GET path, or undefined when the type has none. */
  readonly list: string | undefined;
}

/** Every lookup type, by name. */
export const LOOKUP_TYPES = {
  employee: { idField: 'employeeId', idKind: 'number', single: '/api/employees/getEmployeeIncludeInactive', list: undefined },
  employeeRole: { idField: 'employeeRoleId', idKind: 'number', single: '/api/employees/getEmployeeRole', list: '/api/employees/getemployeeroles' },
  project: { idField: 'projectId', idKind: 'number', single: '/api/projects/GetProjectByProjectId', list: undefined },
  'pfm-project': { idField: 'projectId', idKind: 'number', single: '/api/pfm/projects/GetProjectByProjectId', list: undefined },
  'pfm-budget': { idField: 'budgetId', idKind: 'number', single: '/api/pfm/getBudget', list: undefined },
  'pfm-owner-agreement': { idField: 'ownerAgreementId', idKind: 'number', single: '/api/pfm/getOwnerAgreementById', list: undefined },
  'pfm-owner-agreement-change-order': { idField: 'ownerAgreementChangeOrderId', idKind: 'number', single: '/api/pfm/getOwnerAgreementChangeOrderById', list: undefined },
  vendor: { idField: 'vendorId', idKind: 'number', single: '/api/pfm/vendors/getVendor', list: '/api/pfm/vendors/getVendors' },
  subcontract: { idField: 'subcontractId', idKind: 'number', single: '/costmanagement/costmanagement/GetSubcontract', list: undefined },
  'pfm-subcontract': { idField: 'subcontractId', idKind: 'number', single: '/api/pfm/GetSubcontractById', list: undefined },
  'pfm-purchase-agreement': { idField: 'purchaseAgreementId', idKind: 'number', single: '/api/pfm/GetPurchaseAgreementById', list: undefined },
  'pfm-subcontract-change-order': { idField: 'subcontractChangeOrderId', idKind: 'number', single: '/api/pfm/GetSubcontractChangeOrderById', list: undefined },
  'pfm-purchase-agreement-change-order': { idField: 'purchaseAgreementChangeOrderId', idKind: 'number', single: '/api/pfm/GetPurchaseAgreementChangeOrderById', list: undefined },
  'pfm-purchase-order': { idField: 'purchaseOrderId', idKind: 'number', single: '/api/pfm/GetPurchaseOrderById', list: undefined },
  application: { idField: 'applicationKey', idKind: 'string', single: '/api/applications/data/ajaxGetApplicationData', list: undefined },
  legalEntity: { idField: 'legalEntityId', idKind: 'number', single: '/api/Common/GetLegalEntity', list: '/api/Common/GetLegalEntities' },
  applicationRecord: { idField: 'applicationRecordId', idKind: 'number', single: '/api/applications/getApplicationRecordById', list: '/api/applications/GetApplicationRecords' },
  applicationRecordState: { idField: 'applicationRecordStateId', idKind: 'number', single: '/api/applications/GetApplicationRecordState', list: undefined },
  // These two answer one object with the id and the whole list without it.
  changeRecordType: { idField: 'changeRecordTypeId', idKind: 'number', single: '/api/pfm/GetChangeRecordTypes', list: '/api/pfm/GetChangeRecordTypes' },
  initiatingDocumentType: { idField: 'initiatingDocumentTypeId', idKind: 'number', single: '/api/pfm/getinitiatingdocumenttypes', list: '/api/pfm/getinitiatingdocumenttypes' },
  changeReason: { idField: 'changeReasonId', idKind: 'number', single: '/api/pfm/GetChangeReason', list: '/api/pfm/GetChangeReasons' },
  reimbursableType: { idField: 'reimbursableTypeId', idKind: 'number', single: '/api/pfm/GetReimbursableTypeById', list: '/api/pfm/GetReimbursableTypes' },
  costAdjustmentReason: { idField: 'costAdjustmentReasonId', idKind: 'number', single: '/api/pfm/GetCostAdjustmentReason', list: '/api/pfm/GetCostAdjustmentReasons' },
  directCostType: { idField: 'directCostTypeId', idKind: 'number', single: '/api/pfm/GetDirectCostType', list: '/api/pfm/GetDirectCostTypes' },
  subcontractType: { idField: 'subcontractTypeId', idKind: 'number', single: '/api/pfm/GetsubcontractType', list: '/api/pfm/GetSubcontractTypes' },
  fieldSecurity: {
    idField: 'applicationRecordStateId',
    keyField: 'lookupApplicationRecordStateId',
    idKind: 'number',
    single: '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId',
    list: '/api/applications/GetUserRecordFieldPermissionAll',
  },
  costCode: { idField: 'costCodeId', idKind: 'number', single: '/api/pfm/GetcostCode', list: undefined },
} as const satisfies Record<string, LookupTypeConfig>;

/** A known lookup type name. */
export type LookupType = keyof typeof LOOKUP_TYPES;

/** The configuration for `type`, or undefined for an unknown type (inherited names such as 'toString' included). */
export function lookupConfig(type: string): LookupTypeConfig | undefined {
  return Object.hasOwn(LOOKUP_TYPES, type) ? (LOOKUP_TYPES as Record<string, LookupTypeConfig>)[type] : undefined;
}
