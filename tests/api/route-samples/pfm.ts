/**
 * Route samples of the PFM API (issues 1–12 and the Files / e-sign / survey / document calls): each
 * names a record of a project the demo pm is not on (hidden.ts). Loads, writes, files and menus that
 * name such a project answer 403 (with the Request-access facts); single-object lookups 404.
 */
import type { RouteSample } from './types';
import { currentPeriod, lastDayOf, nowIso, today } from '../../../src/core/clock';
import {
  HIDDEN_PROJECT, hiddenBudget, hiddenChangeEventItem, hiddenChangeOrder, hiddenCostCode, hiddenEnvelope, hiddenFile, hiddenOf,
} from './hidden';

const project = (): Record<string, string | number> => ({ recordKey: 'Project', recordId: HIDDEN_PROJECT });
/** A data load scoped by recordKey Project (403). */
const load = (name: string): RouteSample => ({ method: 'GET', path: `/api/pfm/${name}`, team: 'project', params: project });
/** A single-object lookup of a hidden record (404). */
const lookup = (path: string, _param: string, params: NonNullable<RouteSample['params']>): RouteSample =>
  ({ method: 'GET', path, team: 'project', expect: 404, params });
const post = (path: string, params: NonNullable<RouteSample['params']>): RouteSample => ({ method: 'POST', path, team: 'project', params });
const reference = (path: string, what: string): RouteSample => ({ method: 'GET', path, team: 'none', why: `reference list of ${what}, the same for every project` });

const sub = (db: Parameters<NonNullable<RouteSample['params']>>[0]) => hiddenOf(db, 'subcontracts', 'subcontractId');
const newestSnapshot = (db: Parameters<NonNullable<RouteSample['params']>>[0], budgetId: number) =>
  db.prepare('SELECT max(month) FROM forecast_snapshots WHERE budgetId = ?').pluck().get(budgetId) as string;

export const PFM_SAMPLES: readonly RouteSample[] = [
  { method: 'GET', path: '/api/pfm/projects/GetProjectMenuByProjectId', team: 'project', params: () => ({ ProjectId: HIDDEN_PROJECT }) },
  { method: 'GET', path: '/api/pfm/budgets/GetProjectMenu', team: 'project', params: (db) => ({ BudgetId: hiddenBudget(db) }) },
  { method: 'GET', path: '/api/pfm/projects/GetProjectPins', team: 'none', why: "the caller's own pins, filtered to the projects they reach (reachWhere; tests/api/project-security.test.ts)" },
  { method: 'GET', path: '/api/procore/getprocoredomain', team: 'none', why: 'one setting (the Procore domain), no project data' },
  { method: 'GET', path: '/api/procorelocal/getrequestforinformations', team: 'project', params: () => ({ ProjectId: HIDDEN_PROJECT }) },
  ...['getcommitmentvendors', 'getspectrumcontractdocumenttracking', 'getsubcontracts', 'getpurchaseagreements', 'getpurchaseorders',
    'getinitiatingdocuments', 'getchangeevents', 'getchangeeventitems', 'getcostadjustments', 'getcostadjustmentitems',
    'getcostadjustmentreferencedocuments', 'getpurchaseagreementchangeorders', 'getsubcontractchangeorders', 'getowneragreements',
    'getowneragreementchangeorders', 'getdirectcosts', 'getdirectcostitems', 'getcostcodes', 'getcostcodetransaction',
    'getcostcodetransactionrecordreference', 'getcostcodetransactionsummary', 'getcostcodetransactionsummarybudget',
    'getcostcodetransactionsummaryproject', 'getcostcodetransactioncount', 'getpendingexposure', 'getbudgets', 'getprojects', 'projects/getmenu',
    'getapplicationrecordfilecounts', 'getdataqualityissues', 'getsurveys', 'getenvelopes', 'getesigndocuments'].map(load),

  { method: 'GET', path: '/api/applications/GetRecordMoveAuthority', team: 'project', params: (db) => ({ recordKey: 'Subcontract', recordId: sub(db) }) },
  // State updates and writes: the route guard (project-access.ts ROUTE_GUARDS) before the handler.
  post('/api/pfm/UpdateChangeRecordState', (db) => ({ ItemId: hiddenOf(db, 'change_records', 'changeRecordId'), OldRecordStateId: 1, RouteStateId: 2 })),
  post('/api/pfm/UpdateChangeEventState', (db) => ({ ItemId: hiddenOf(db, 'change_events', 'changeEventId'), OldRecordStateId: 1, RouteStateId: 2 })),
  post('/api/pfm/UpdateChangeEventItemState', (db) => ({ ItemId: hiddenChangeEventItem(db), OldRecordStateId: 1, RouteStateId: 2 })),
  post('/api/pfm/projects/PinProject', () => ({ ProjectId: HIDDEN_PROJECT })),
  { method: 'POST', path: '/api/pfm/projects/UnpinProject', team: 'none', why: "removes the caller's own pin only (never data); a user who lost a project may still clear its pin" },
  post('/api/pfm/SaveProjections', (db) => ({ BudgetId: hiddenBudget(db) })),
  post('/api/pfm/AddCostCode', (db) => ({ BudgetId: hiddenBudget(db), Code: '99-999', Description: 'Matrix', CostType: 'L', OriginalBudget: 1 })),
  post('/api/pfm/SubmitProjections', (db) => ({ BudgetId: hiddenBudget(db) })),
  post('/api/pfm/ReopenProjections', (db) => ({ BudgetId: hiddenBudget(db) })),
  post('/api/pfm/SaveChangeRecord', (db) => ({ ChangeRecordId: hiddenOf(db, 'change_records', 'changeRecordId'), Title: 'Matrix' })),
  post('/api/pfm/SaveChangeEvent', (db) => ({ ChangeEventId: hiddenOf(db, 'change_events', 'changeEventId'), Title: 'Matrix' })),
  post('/api/pfm/SaveChangeEventItem', (db) => ({ ChangeEventItemId: hiddenChangeEventItem(db), Description: 'Matrix' })),
  post('/api/pfm/CreateChangeEvent', (db) => ({ ChangeRecordId: hiddenOf(db, 'change_records', 'changeRecordId'), Title: 'Matrix', ReimbursableTypeId: 1 })),
  post('/api/pfm/CreateChangeRecord', () => ({ ProjectId: HIDDEN_PROJECT, Title: 'Matrix', InitiatingDocumentTypeId: 1 })),
  post('/api/pfm/CreateChangeEventItem', (db) => ({ ChangeEventId: hiddenOf(db, 'change_events', 'changeEventId'), Description: 'Matrix', CostCodeId: hiddenCostCode(db), VendorId: 1 })),
  post('/api/pfm/LinkChangeEventItemToCommitment', (db) => ({ ChangeEventItemId: hiddenChangeEventItem(db), CommitmentKey: 'Subcontract', CommitmentId: sub(db) })),
  post('/api/pfm/LinkChangeEventToOwnerChangeOrder', (db) => ({
    ChangeEventId: hiddenOf(db, 'change_events', 'changeEventId'),
    OwnerAgreementChangeOrderId: hiddenChangeOrder(db, 'owner_agreement_change_orders', 'ownerAgreementChangeOrderId', 'owner_agreements', 'ownerAgreementId'),
  })),
  post('/api/pfm/SaveCommitment', (db) => ({ RecordKey: 'Subcontract', RecordId: sub(db), Description: 'Matrix' })),
  post('/api/pfm/UpdateCommitmentState', (db) => ({ RecordKey: 'Subcontract', ItemId: sub(db), OldRecordStateId: 1, RouteStateId: 2 })),
  post('/api/pfm/CreateOwnerAgreementChangeOrder', (db) => ({ OwnerAgreementId: hiddenOf(db, 'owner_agreements', 'ownerAgreementId'), BudgetId: hiddenBudget(db), Description: 'Matrix' })),
  post('/api/pfm/CreateDirectCost', (db) => ({ ProjectId: HIDDEN_PROJECT, BudgetId: hiddenBudget(db), Description: 'Matrix' })),
  post('/api/pfm/SaveDirectCost', (db) => ({ DirectCostId: hiddenOf(db, 'direct_costs', 'directCostId'), Description: 'Matrix' })),
  post('/api/pfm/UpdateDirectCostState', (db) => ({ ItemId: hiddenOf(db, 'direct_costs', 'directCostId'), OldRecordStateId: 1, RouteStateId: 2 })),
  // Pay applications (pfm/pay-applications): the team guard on the commitment or the application.
  { method: 'GET', path: '/api/pfm/getpayapplications', team: 'project', params: project },
  { method: 'GET', path: '/api/pfm/getPayApplicationById', team: 'project', params: (db) => ({ payApplicationId: hiddenOf(db, 'pay_applications', 'payApplicationId') }) },
  { method: 'GET', path: '/api/pfm/GetPayApplicationDocument', team: 'project', params: (db) => ({ payApplicationId: hiddenOf(db, 'pay_applications', 'payApplicationId') }) },
  post('/api/pfm/CreateCommitment', (db) => ({ RecordKey: 'Subcontract', ProjectId: HIDDEN_PROJECT, BudgetId: hiddenBudget(db), VendorId: 1, Title: 'Matrix' })),
  post('/api/pfm/CreateCommitmentChangeOrder', (db) => ({ RecordKey: 'Subcontract', CommitmentId: sub(db), Description: 'Matrix', 'items[0].costCodeId': hiddenCostCode(db), 'items[0].description': 'Matrix', 'items[0].amount': 1 })),
  post('/api/pfm/CreatePayApplication', (db) => ({ RecordKey: 'Subcontract', CommitmentId: sub(db), PeriodEnd: lastDayOf(currentPeriod()) })),
  post('/api/pfm/SavePayApplication', (db) => ({ PayApplicationId: hiddenOf(db, 'pay_applications', 'payApplicationId'), lastLoad: nowIso(), 'lines[0].itemId': 1 })),
  post('/api/pfm/UpdatePayApplicationState', (db) => ({ ItemId: hiddenOf(db, 'pay_applications', 'payApplicationId'), OldRecordStateId: 1, RouteStateId: 2 })),
  post('/api/pfm/AddLienWaiver', (db) => ({ PayApplicationId: hiddenOf(db, 'pay_applications', 'payApplicationId'), Kind: 'Conditional Progress', Amount: 1, ThroughDate: today() })),
  // Forecast periods (pfm/projections/periods): the team guard on the budget; the comparisons from its newest snapshot (seeded).
  post('/api/pfm/CloseForecastPeriod', (db) => ({ BudgetId: hiddenBudget(db), Month: currentPeriod() })),
  post('/api/pfm/ReopenForecastPeriod', (db) => ({ BudgetId: hiddenBudget(db), Month: currentPeriod(), Reason: 'Matrix' })),
  { method: 'GET', path: '/api/pfm/getforecastperiods', team: 'project', params: (db) => ({ recordKey: 'Budget', recordId: hiddenBudget(db) }) },
  ...['getforecastcomparison', 'getforecastmovement'].map((name): RouteSample => ({
    method: 'GET', path: `/api/pfm/${name}`, team: 'project',
    params: (db) => ({ recordKey: 'Budget', recordId: hiddenBudget(db), from: newestSnapshot(db, hiddenBudget(db)), to: 'current' }),
  })),
  post('/api/pfm/CreateCostAdjustment', (db) => ({ ProjectId: HIDDEN_PROJECT, BudgetId: hiddenBudget(db), CostAdjustmentReasonId: 1, Description: 'Matrix', Amount: 1 })),
  post('/api/pfm/SaveCostAdjustment', (db) => ({ CostAdjustmentId: hiddenOf(db, 'cost_adjustments', 'costAdjustmentId'), Description: 'Matrix' })),
  post('/api/pfm/UpdateCostAdjustmentState', (db) => ({ ItemId: hiddenOf(db, 'cost_adjustments', 'costAdjustmentId'), OldRecordStateId: 1, RouteStateId: 2 })),
  post('/api/pfm/UploadCostAdjustmentReferenceDocument', (db) => ({ CostAdjustmentId: hiddenOf(db, 'cost_adjustments', 'costAdjustmentId'), DocumentType: 'Invoice', DocumentNumber: 'M-1' })),

  // Files of a hidden project's records.
  { method: 'GET', path: '/api/pfm/files', team: 'project', params: project },
  post('/api/pfm/files/upload', () => ({ ApplicationRecordKey: 'Project', RecordId: HIDDEN_PROJECT })),
  post('/api/pfm/files/download', (db) => ({ FileId: hiddenFile(db) })),
  { method: 'DELETE', path: '/api/pfm/files', team: 'project', params: (db) => ({ FileId: hiddenFile(db) }) },

  { method: 'GET', path: '/api/pfm/getopportunities', team: 'none', why: 'opportunities are pursuits before a project exists (no project, no team); keyPFM or keyTC reads them' },
  { method: 'POST', path: '/api/pfm/AddOpportunityCostCode', team: 'none', why: "an opportunity's timecard codes: no project yet; Admin or RPM only (handler)" },
  { method: 'POST', path: '/api/pfm/RemoveOpportunityCostCode', team: 'none', why: "an opportunity's timecard codes: no project yet; Admin or RPM only (handler)" },
  { method: 'GET', path: '/api/pfm/getsurveyquestions', team: 'project', params: (db) => ({ recordKey: 'Survey', recordId: hiddenOf(db, 'surveys', 'surveyId') }) },
  { method: 'GET', path: '/api/pfm/getsurveytemplates', team: 'none', why: 'survey templates are company-wide configuration; PFM Admin or RPM' },
  { method: 'GET', path: '/api/pfm/getsurveyaverages', team: 'none', why: 'per-question averages across projects (no figures of one project); PFM Admin or RPM' },
  post('/api/pfm/SaveSurveyAnswers', (db) => ({ SurveyId: hiddenOf(db, 'surveys', 'surveyId') })),
  post('/api/pfm/UpdateSurveyState', (db) => ({ ItemId: hiddenOf(db, 'surveys', 'surveyId'), OldRecordStateId: 1, RouteStateId: 2 })),
  { method: 'GET', path: '/api/pfm/documents/templates', team: 'none', why: 'document templates are company-wide configuration; keyPFM Admin (who reaches every project)' },
  { method: 'GET', path: '/api/pfm/documents/template', team: 'none', why: 'one document template (configuration); keyPFM Admin' },
  { method: 'POST', path: '/api/pfm/documents/SaveDocumentTemplate', team: 'none', why: 'writes a template (configuration); keyPFM Admin' },
  { method: 'GET', path: '/api/pfm/documents/records', team: 'none', why: 'records to preview a template with; keyPFM Admin only, who reaches every project' },
  { method: 'POST', path: '/api/pfm/documents/PreviewDocumentTemplate', team: 'none', why: 'template preview; keyPFM Admin only, who reaches every project' },
  post('/api/pfm/documents/RecordDocument', (db) => ({ RecordKey: 'Subcontract', RecordId: sub(db) })),
  { method: 'GET', path: '/api/pfm/getrecordhistory', team: 'project', params: (db) => ({ recordKey: 'Subcontract', recordId: sub(db) }) },
  post('/api/pfm/CreateEnvelope', (db) => ({ RecordKey: 'Subcontract', RecordId: sub(db), 'signers[0].name': 'M', 'signers[0].email': 'm@example.com' })),
  post('/api/pfm/SendEnvelope', (db) => ({ EnvelopeId: hiddenEnvelope(db), OldRecordStateId: 1 })),
  post('/api/pfm/RemindEnvelopeSigner', (db) => ({ EnvelopeId: hiddenEnvelope(db), EnvelopeSignerId: 1 })),
  post('/api/pfm/VoidEnvelope', (db) => ({ EnvelopeId: hiddenEnvelope(db), OldRecordStateId: 1, Reason: 'Matrix' })),

  // Single-object lookups: 404 as for an unknown id.
  lookup('/api/pfm/projects/GetProjectByProjectId', 'projectId', () => ({ projectId: HIDDEN_PROJECT })),
  lookup('/api/pfm/getBudget', 'budgetId', (db) => ({ budgetId: hiddenBudget(db) })),
  lookup('/api/pfm/getOwnerAgreementById', 'ownerAgreementId', (db) => ({ ownerAgreementId: hiddenOf(db, 'owner_agreements', 'ownerAgreementId') })),
  lookup('/api/pfm/getOwnerAgreementChangeOrderById', 'ownerAgreementChangeOrderId', (db) => ({
    ownerAgreementChangeOrderId: hiddenChangeOrder(db, 'owner_agreement_change_orders', 'ownerAgreementChangeOrderId', 'owner_agreements', 'ownerAgreementId'),
  })),
  { method: 'GET', path: '/api/pfm/vendors/getVendor', team: 'none', why: 'vendors are company reference data, not one project\'s' },
  { method: 'GET', path: '/api/pfm/vendors/getVendors', team: 'none', why: 'vendors are company reference data, not one project\'s' },
  lookup('/costmanagement/costmanagement/GetSubcontract', 'subcontractId', (db) => ({ subcontractId: sub(db) })),
  lookup('/api/pfm/GetSubcontractById', 'subcontractId', (db) => ({ subcontractId: sub(db) })),
  lookup('/api/pfm/GetPurchaseAgreementById', 'purchaseAgreementId', (db) => ({ purchaseAgreementId: hiddenOf(db, 'purchase_agreements', 'purchaseAgreementId') })),
  lookup('/api/pfm/GetSubcontractChangeOrderById', 'subcontractChangeOrderId', (db) => ({
    subcontractChangeOrderId: hiddenChangeOrder(db, 'subcontract_change_orders', 'subcontractChangeOrderId', 'subcontracts', 'subcontractId'),
  })),
  lookup('/api/pfm/GetPurchaseAgreementChangeOrderById', 'purchaseAgreementChangeOrderId', (db) => ({
    purchaseAgreementChangeOrderId: hiddenChangeOrder(db, 'purchase_agreement_change_orders', 'purchaseAgreementChangeOrderId', 'purchase_agreements', 'purchaseAgreementId'),
  })),
  lookup('/api/pfm/GetPurchaseOrderById', 'purchaseOrderId', (db) => ({ purchaseOrderId: hiddenOf(db, 'purchase_orders', 'purchaseOrderId') })),
  lookup('/api/pfm/GetcostCode', 'costCodeId', (db) => ({ costCodeId: hiddenCostCode(db) })),
  reference('/api/pfm/GetChangeRecordTypes', 'change record types'),
  reference('/api/pfm/getinitiatingdocumenttypes', 'initiating document types'),
  reference('/api/pfm/GetChangeReason', 'change reasons'),
  reference('/api/pfm/GetChangeReasons', 'change reasons'),
  reference('/api/pfm/GetReimbursableTypeById', 'reimbursable types'),
  reference('/api/pfm/GetReimbursableTypes', 'reimbursable types'),
  reference('/api/pfm/GetCostAdjustmentReason', 'cost adjustment reasons'),
  reference('/api/pfm/GetCostAdjustmentReasons', 'cost adjustment reasons'),
  reference('/api/pfm/GetDirectCostType', 'direct cost types'),
  reference('/api/pfm/GetDirectCostTypes', 'direct cost types'),
  reference('/api/pfm/GetsubcontractType', 'subcontract types'),
  reference('/api/pfm/GetSubcontractTypes', 'subcontract types'),
];
