/**
 * THE access table of the demo host's API: every route, its method and who may call it. The
 * handlers live in one file per area; `registerApi` refuses to start when a handler has no row
 * here or a row has no handler, so this table is always the whole truth.
 *
 * Access values:
 * - 'token': any valid product-API token of a known employee (session calls, reference lookups).
 * - an area of `ACCESS` (src/core/access.ts): the user needs one of that area's roles for its
 *   application key (every PFM data call needs ACCESS.pfm: Admin, Project Manager or RPM on keyPFM).
 * - { anyOf: [...] }: any of these rules (a rule without roles = any role of the key).
 *
 * Routes marked "added" are not listed in §7; they follow its style (form-data POST, `{ data }`).
 */
import type { AccessArea, AccessRule } from '../../../src/core/access';
import { OPPORTUNITY_READERS } from '../../../src/core/opportunities';
import { SURVEY_ADMINS } from '../../../src/core/surveys';
import { DOCUMENT_TEMPLATE_ADMINS } from '../../../src/core/documents';
import { ACCESS } from '../../../src/core/access';
import { HOLIDAY_CALENDAR_ADMINS, TIME_OFF_API } from '../../../src/core/time-off-api';
import { TIMECARD_API } from '../../../src/core/timecards/api';
import { RISK_API } from '../../../src/core/risk/api';
import { DEFAULT_ASSIGNMENTS_API } from '../../../src/core/toolbox/assignments';
import { USERS_API } from '../../../src/core/admin/users';
import { BILLING_API } from '../../../src/core/billing';
import { ACCESS_REQUEST_API } from '../../../src/core/toolbox/access';
import { APP_RECORDS_API } from '../../../src/core/admin/app-records';

/** The Files routes: PFM records for ACCESS.pfm; issue 14's SlimRequest / Sra files for ACCESS.slim / ACCESS.sra (checked per key in pfm/files.ts). */
const FILE_ACCESS: readonly AccessRule[] = [ACCESS.pfm, ACCESS.slim, ACCESS.sra];

/** Project closeouts (issue 15): PFM users and keyProjectCloseout users, plus the project check of toolbox/closeouts.ts. */
const CLOSEOUT_ACCESS: readonly AccessRule[] = [ACCESS.pfm, { key: 'keyProjectCloseout' }];

export type RouteAccess = 'token' | AccessArea | { anyOf: readonly AccessRule[] };

export interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  access: RouteAccess;
  /** What it is for; "added" marks routes §7 does not list. */
  note: string;
}

// getchatbotcostprojections of §7 is served by the AI service with the AI token (issue 12):
// GET /ai/pfm/getchatbotcostprojections (demo/host/api/services/ai.ts).
const PFM_LOADS = [
  'getcommitmentvendors', 'getspectrumcontractdocumenttracking',
  'getsubcontracts', 'getpurchaseagreements', 'getpurchaseorders',
  'getinitiatingdocuments', 'getchangeevents', 'getchangeeventitems',
  'getcostadjustments', 'getcostadjustmentitems', 'getcostadjustmentreferencedocuments',
  'getpurchaseagreementchangeorders', 'getsubcontractchangeorders',
  'getowneragreements', 'getowneragreementchangeorders',
  'getdirectcosts', 'getdirectcostitems',
  'getcostcodes', 'getcostcodetransaction', 'getcostcodetransactionrecordreference', 'getcostcodetransactionsummary',
  'getcostcodetransactionsummarybudget', 'getcostcodetransactionsummaryproject', 'getcostcodetransactioncount',
  'getbudgets', 'getprojects', 'projects/getmenu', 'getapplicationrecordfilecounts',
] as const;
export type PfmLoadName = (typeof PFM_LOADS)[number];
export { PFM_LOADS };

/** Rows of routes whose area has not declared them yet (route-table.ts prefers a declaration). */
export const LEGACY_ROUTES: readonly RouteSpec[] = [
  // Session and shell (§7)
  { method: 'GET', path: '/api/applications/getApplicationRoleAccess', access: 'token', note: "the caller's roles" },
  { method: 'GET', path: '/api/employees/GetCurrentUser', access: 'token', note: 'the caller as a team member' },
  { method: 'GET', path: '/api/employees/profilephoto.png', access: 'token', note: 'generated avatar by Email' },
  { method: 'GET', path: '/api/common/GetOpenItemsByEmployee', access: 'token', note: 'bell items; own employeeId only unless keyAdmin Admin (else 403)' },
  { method: 'GET', path: '/api/changes/refresh', access: 'token', note: 'change tracking: refresh' },
  { method: 'GET', path: '/api/changes', access: 'token', note: "change tracking: the caller's unacknowledged changes" },
  { method: 'GET', path: '/api/changes/remove', access: 'token', note: 'acknowledge the changes under one parent record' },
  { method: 'GET', path: '/api/changes/clear', access: 'token', note: 'acknowledge every change of the application' },
  { method: 'POST', path: '/api/changes/acknowledge', access: 'token', note: 'added: form-data twin of changes/remove' },
  { method: 'GET', path: '/api/pfm/projects/GetProjectMenuByProjectId', access: 'pfm', note: 'project menu by ProjectId' },
  { method: 'GET', path: '/api/pfm/budgets/GetProjectMenu', access: 'pfm', note: 'project menu by BudgetId' },
  { method: 'GET', path: '/api/pfm/projects/GetProjectPins', access: 'pfm', note: "the caller's pinned projects" },
  { method: 'GET', path: '/api/procore/getprocoredomain', access: 'token', note: 'stringValue: the Procore domain' },
  { method: 'GET', path: '/api/workflow/getopenworkflows', access: 'token', note: "the caller's open workflows" },
  { method: 'GET', path: '/api/procorelocal/getrequestforinformations', access: 'pfm', note: 'RFIs (isOfficial, ProjectId)' },

  // Data loads (§7): recordKey, recordId, lastLoad, open, type
  ...PFM_LOADS.map((name): RouteSpec => ({ method: 'GET', path: `/api/pfm/${name}`, access: 'pfm', note: 'data load' })),

  // State updates (§7)
  { method: 'POST', path: '/api/pfm/UpdateChangeRecordState', access: 'pfm', note: 'ItemId, OldRecordStateId, RouteStateId' },
  { method: 'POST', path: '/api/pfm/UpdateChangeEventState', access: 'pfm', note: 'ItemId, OldRecordStateId, RouteStateId; cancel/reject cascades' },
  { method: 'POST', path: '/api/pfm/UpdateChangeEventItemState', access: 'pfm', note: 'ItemId, OldRecordStateId, RouteStateId' },

  // Writes (added)
  { method: 'POST', path: '/api/pfm/projects/PinProject', access: 'pfm', note: 'added: ProjectId' },
  { method: 'POST', path: '/api/pfm/projects/UnpinProject', access: 'pfm', note: 'added: ProjectId' },
  { method: 'POST', path: '/api/pfm/SaveProjections', access: 'pfm', note: 'added: BudgetId, projections[i].costCodeId/method/value/reason' },
  { method: 'POST', path: '/api/pfm/AddCostCode', access: 'pfm', note: 'added: BudgetId, Code, Description, CostType, OriginalBudget' },
  { method: 'POST', path: '/api/pfm/SubmitProjections', access: 'pfm', note: 'added: BudgetId; clears it from budgetsPendingProjections' },
  { method: 'POST', path: '/api/pfm/SaveChangeRecord', access: 'pfm', note: 'added: ChangeRecordId + fields (field security of the state)' },
  { method: 'POST', path: '/api/pfm/SaveChangeEvent', access: 'pfm', note: 'added: ChangeEventId + fields (field security of the state)' },
  { method: 'POST', path: '/api/pfm/SaveChangeEventItem', access: 'pfm', note: 'added: ChangeEventItemId + fields (field security of the state)' },
  { method: 'POST', path: '/api/pfm/CreateChangeEvent', access: 'pfm', note: 'added: ChangeRecordId, Title, ReimbursableTypeId, …' },
  { method: 'POST', path: '/api/pfm/CreateChangeRecord', access: 'pfm', note: 'added: ProjectId, BudgetId?, Title, InitiatingDocumentTypeId, … (new Draft initiating document)' },
  { method: 'POST', path: '/api/pfm/CreateChangeEventItem', access: 'pfm', note: 'added: ChangeEventId, ParentChangeEventItemId?, Description, CostCodeId, VendorId, EstimatedAmount?' },
  { method: 'POST', path: '/api/pfm/LinkChangeEventItemToCommitment', access: 'pfm', note: 'added: ChangeEventItemId, CommitmentKey, CommitmentId (§5 rule)' },
  { method: 'POST', path: '/api/pfm/LinkChangeEventToOwnerChangeOrder', access: 'pfm', note: 'added: ChangeEventId, OwnerAgreementChangeOrderId (§5 rule)' },
  { method: 'POST', path: '/api/pfm/SaveCommitment', access: 'pfm', note: 'added: RecordKey, RecordId, OldRecordStateId?, header fields, items[i] (pfm/commitments/writes.ts)' },
  { method: 'POST', path: '/api/pfm/UpdateCommitmentState', access: 'pfm', note: 'added: RecordKey, ItemId, OldRecordStateId, RouteStateId (commitments and owner agreements); a Subcontract to Pending Signature / Executed passes the SRA gate (risk/sra/gate.ts: 400 autoAlert with sraRequired, startLink, reasons)' },
  { method: 'POST', path: '/api/pfm/CreateOwnerAgreementChangeOrder', access: 'pfm', note: 'added: OwnerAgreementId, BudgetId, Description, ChangeOrderDate? (new Draft OCO-###, pfm/commitments/writes.ts)' },
  { method: 'POST', path: '/api/pfm/CreateDirectCost', access: 'pfm', note: 'added: ProjectId, BudgetId?, header fields, items[i] (new Draft DC-<job>-###, pfm/direct-costs/writes.ts)' },
  { method: 'POST', path: '/api/pfm/SaveDirectCost', access: 'pfm', note: 'added: DirectCostId, OldRecordStateId?, header fields, items[i] (the whole list)' },
  { method: 'POST', path: '/api/pfm/UpdateDirectCostState', access: 'pfm', note: 'added: ItemId, OldRecordStateId, RouteStateId, Reason (Revise and Resubmit); approve/send back: RPM or Admin' },
  { method: 'POST', path: '/api/pfm/CreateCostAdjustment', access: 'pfm', note: 'added: ProjectId, BudgetId, CostAdjustmentReasonId, Description, Amount, AdjustmentDate?, Transfer? (new Open CA-{job}-###, pfm/cost-adjustments/writes.ts)' },
  { method: 'POST', path: '/api/pfm/SaveCostAdjustment', access: 'pfm', note: 'added: CostAdjustmentId, OldRecordStateId?, header fields, items[i] (field security of the state)' },
  { method: 'POST', path: '/api/pfm/UpdateCostAdjustmentState', access: 'pfm', note: 'added: ItemId, OldRecordStateId, RouteStateId; posting refused when unreconciled or not netting (autoAlert)' },
  { method: 'POST', path: '/api/pfm/UploadCostAdjustmentReferenceDocument', access: 'pfm', note: 'added: file form CostAdjustmentId, DocumentType, DocumentNumber, DocumentDate?, Amount?, file' },
  { method: 'GET', path: '/api/pfm/files', access: { anyOf: FILE_ACCESS }, note: 'added: files of a record (recordKey, recordId), without bytes; keySLIM / keyRISK users for SlimRequest / Sra files only (else 403 from the handler, pfm/files)' },
  { method: 'POST', path: '/api/pfm/files/upload', access: { anyOf: FILE_ACCESS }, note: 'added: file form (ApplicationRecordKey, RecordId, file); keySLIM / keyRISK users for SlimRequest / Sra files only (else 403 from the handler, pfm/files)' },
  { method: 'POST', path: '/api/pfm/files/download', access: { anyOf: FILE_ACCESS }, note: 'added: FileId → the file, with Content-Disposition; keySLIM / keyRISK users for SlimRequest / Sra files only (else 403 from the handler, pfm/files)' },
  { method: 'DELETE', path: '/api/pfm/files', access: { anyOf: FILE_ACCESS }, note: 'added: DELETE with form-data FileId; keySLIM / keyRISK users for SlimRequest / Sra files only (else 403 from the handler, pfm/files)' },
  { method: 'GET', path: '/api/pfm/getdataqualityissues', access: 'pfm', note: 'added: data-quality rule failures of a project (recordKey Project or Budget, recordId); Server-Timing dq' },
  { method: 'GET', path: '/api/pfm/getopportunities', access: { anyOf: OPPORTUNITY_READERS }, note: 'added: opportunities with their timecard cost codes (recordKey Opportunity, recordId = oppId, lastLoad); any keyPFM or keyTC role' },
  { method: 'POST', path: '/api/pfm/AddOpportunityCostCode', access: { anyOf: [{ key: 'keyPFM' }] }, note: 'added: OpportunityId, Code, Description; Admin or RPM only (else 403 from the handler, pfm/opportunities)' },
  { method: 'POST', path: '/api/pfm/RemoveOpportunityCostCode', access: { anyOf: [{ key: 'keyPFM' }] }, note: 'added: OpportunityId, OpportunityCostCodeId; Admin or RPM only (else 403 from the handler)' },
  { method: 'GET', path: '/api/pfm/getsurveys', access: 'pfm', note: 'added: surveys (recordKey Project/Budget/Survey; LegalEntity or SurveyTemplate: Admin or RPM only, else 403; none: every survey for Admin and RPM, the caller\'s own as respondent for others), lastLoad, open (pfm/surveys)' },
  { method: 'GET', path: '/api/pfm/getsurveyquestions', access: 'pfm', note: 'added: questions of recordKey Survey (with its answers) or SurveyTemplate' },
  { method: 'GET', path: '/api/pfm/getsurveytemplates', access: { anyOf: SURVEY_ADMINS }, note: 'added: survey templates with milestones, threshold and questions; PFM Admin or RPM' },
  { method: 'GET', path: '/api/pfm/getsurveyaverages', access: { anyOf: SURVEY_ADMINS }, note: 'added: per question, submitted answers across projects and their average; PFM Admin or RPM' },
  { method: 'POST', path: '/api/pfm/SaveSurveyAnswers', access: 'pfm', note: "added: SurveyId, OldRecordStateId?, answers[i].surveyQuestionId/.value, Submit?; the survey's respondent only (else 403); read-only once submitted (400 autoAlert)" },
  { method: 'POST', path: '/api/pfm/UpdateSurveyState', access: 'pfm', note: 'added: ItemId, OldRecordStateId, RouteStateId; submit checks required answers (400 autoAlert); cancel/reopen: Admin or RPM' },
  { method: 'GET', path: '/api/pfm/documents/templates', access: { anyOf: [DOCUMENT_TEMPLATE_ADMINS] }, note: 'added: document templates (recordKey? filters by record kind); keyPFM Admin' },
  { method: 'GET', path: '/api/pfm/documents/template', access: { anyOf: [DOCUMENT_TEMPLATE_ADMINS] }, note: 'added: one document template (documentTemplateId); keyPFM Admin' },
  { method: 'POST', path: '/api/pfm/documents/SaveDocumentTemplate', access: { anyOf: [DOCUMENT_TEMPLATE_ADMINS] }, note: 'added: DocumentTemplateId? + Version (409 when stale), Title, RecordKey, Body, Active; unknown merge field → 400 autoAlert naming it; keyPFM Admin' },
  { method: 'GET', path: '/api/pfm/documents/records', access: { anyOf: [DOCUMENT_TEMPLATE_ADMINS] }, note: 'added: records of a kind to preview a template with (recordKey, search by number or description, 50 at most); keyPFM Admin' },
  { method: 'POST', path: '/api/pfm/documents/PreviewDocumentTemplate', access: { anyOf: [DOCUMENT_TEMPLATE_ADMINS] }, note: 'added: RecordKey, RecordId, Body or DocumentTemplateId → the merged PDF (Content-Disposition attachment); keyPFM Admin' },
  { method: 'POST', path: '/api/pfm/documents/RecordDocument', access: 'pfm', note: "added: the record's generated document (RecordKey: a commitment or change-order kind, RecordId) as a PDF attachment (file-form blob call)" },
  { method: 'GET', path: '/api/pfm/getrecordhistory', access: 'pfm', note: 'added: recordKey, recordId, lastLoad: the record, its items and its history (every field change: old, new, who, when, change set; unacknowledged ones marked); 404 unknown record' },
  { method: 'GET', path: '/api/pfm/getenvelopes', access: 'pfm', note: 'added: e-sign envelopes with signers (recordKey Project/Budget/LegalEntity/Envelope/document kind, recordId, lastLoad, open; pfm/esign)' },
  { method: 'GET', path: '/api/pfm/getesigndocuments', access: 'pfm', note: 'added: documents of a project that may be sent for signature (recordKey Project or Budget, recordId)' },
  { method: 'POST', path: '/api/pfm/CreateEnvelope', access: 'pfm', note: 'added: RecordKey, RecordId, signers[i].name/.email, Send? (new Draft ENV-#####; Sent with Send=true)' },
  { method: 'POST', path: '/api/pfm/SendEnvelope', access: 'pfm', note: 'added: EnvelopeId, OldRecordStateId (PDF generated, outbox e-mails, record to Pending Signature)' },
  { method: 'POST', path: '/api/pfm/RemindEnvelopeSigner', access: 'pfm', note: 'added: EnvelopeId, EnvelopeSignerId; once a day per signer (else 400 autoAlert)' },
  { method: 'POST', path: '/api/pfm/VoidEnvelope', access: 'pfm', note: 'added: EnvelopeId, OldRecordStateId, Reason (required)' },
  // Time off (issue 13, api/time-off): keyPTO; holiday reads also keyTC
  { method: 'GET', path: TIME_OFF_API.getRequests, access: 'ptoRequests', note: "added: view mine/team, recordId, open; another employee's only for their manager/delegate or Admin / Timecard Admin (else 403)" },
  { method: 'GET', path: TIME_OFF_API.getBalances, access: 'ptoRequests', note: 'added: employeeId?, asOf?: balances per type (opening, accrual, used, pending)' },
  { method: 'POST', path: TIME_OFF_API.saveRequest, access: 'ptoRequests', note: 'added: requestId?, type, title, startDate, endDate, hoursPerDay; validateRequest refusals: 400 autoAlert with feedback' },
  { method: 'POST', path: TIME_OFF_API.updateRequestState, access: 'ptoRequests', note: 'added: ItemId, OldRecordStateId (409 stale), RouteStateId, reason (deny); approve writes PTO lines into the timecards, cancel removes them (Approved weeks: corrections)' },
  { method: 'POST', path: TIME_OFF_API.updateRequestStates, access: 'ptoRequests', note: 'added: items[i].ItemId/.OldRecordStateId, RouteStateId, reason; each alone: { done, refused }' },
  { method: 'GET', path: TIME_OFF_API.getTeamCalendar, access: 'ptoRequests', note: "added: from, to (≤ 62 days): who is out (Approved and Pending) and holidays; the caller's team and delegated teams, everyone for Admin / Timecard Admin" },
  { method: 'POST', path: TIME_OFF_API.saveHoliday, access: { anyOf: HOLIDAY_CALENDAR_ADMINS }, note: 'added: holidayId?, regionId, holidayDate, name, hours 8 or 4; duplicate region+date 400 autoAlert; rewrites the Draft cards\' holiday line' },
  { method: 'DELETE', path: TIME_OFF_API.deleteHoliday, access: { anyOf: HOLIDAY_CALENDAR_ADMINS }, note: 'added: form-data holidayId; rewrites the Draft cards\' holiday line' },
  { method: 'GET', path: TIME_OFF_API.getRegions, access: { anyOf: [ACCESS.ptoRequests, ACCESS.timecards] }, note: 'added: regions (id, code, name)' },
  { method: 'GET', path: TIME_OFF_API.getHolidays, access: { anyOf: [ACCESS.ptoRequests, ACCESS.timecards] }, note: 'added: regionId?, year?: holidays' },

  // Weekly timecards (issue 13, demo/host/api/timecards; the contract: src/core/timecards/api.ts). Every call: ACCESS.timecards (keyTC).
  { method: 'GET', path: TIMECARD_API.getTimecard, access: 'timecards', note: 'added: timecardId, or employeeId (default the caller) + weekStart (default the current week): TimecardLoad; 403 for a card the caller may not see' },
  { method: 'POST', path: TIMECARD_API.saveTimecard, access: 'timecards', note: 'added: timecardId (or employeeId + weekStart), version (409 stale), lines[i].projectId/.costCodeId | .opportunityId/.opportunityCostCodeId, .timeType, .sunHours….satHours, reason (Approved change by a Timecard Admin); Server-Timing save' },
  { method: 'POST', path: TIMECARD_API.updateTimecardState, access: 'timecards', note: 'added: ItemId, OldRecordStateId (409 stale, naming who moved it), RouteStateId, reason (reject; submit with hours other than expected; reopen); core mayTransition' },
  { method: 'POST', path: TIMECARD_API.updateTimecardStates, access: 'timecards', note: 'added: items[i].ItemId, items[i].OldRecordStateId, RouteStateId, reason: each card alone; BulkStateAnswer { done, refused }' },
  { method: 'GET', path: TIMECARD_API.getTimecardWeeks, access: 'timecards', note: "added: employeeId (default the caller): the weeks (last 52, next 2 virtual) and pastWeeksToSubmit; opens the missing past weeks" },
  { method: 'POST', path: TIMECARD_API.submitReadyWeeks, access: 'timecards', note: "added: employeeId (optional, the caller's own only): submits every past owed week of the caller that passes the checks; names the others with the reason" },
  { method: 'GET', path: TIMECARD_API.getTeamTimecards, access: 'timecards', note: 'added: weekStart, view team | all | withoutApprover (all, withoutApprover: keyTC Admin / Timecard Admin, else 403), state: TeamTimecardsLoad (one query)' },
  { method: 'GET', path: TIMECARD_API.searchCharges, access: 'timecards', note: 'added: search (number or name, 2+ characters): open projects with their budget labour codes, open opportunities with their timecard codes' },
  { method: 'GET', path: TIMECARD_API.getDelegations, access: 'timecards', note: "added: the caller's delegations given and received, and the managers to delegate to" },
  { method: 'POST', path: TIMECARD_API.saveDelegation, access: 'timecards', note: 'added: delegateEmployeeId (another manager), startDate, endDate; the caller must manage someone (else 403)' },
  { method: 'POST', path: TIMECARD_API.cancelDelegation, access: 'timecards', note: 'added: delegationId; the manager who gave it or a Timecard Admin' },
  { method: 'GET', path: TIMECARD_API.getCorrections, access: 'timecards', note: 'added: open time-off corrections of Approved/Processed weeks; keyTC Admin / Timecard Admin (else 403)' },
  { method: 'POST', path: TIMECARD_API.resolveCorrection, access: 'timecards', note: 'added: correctionId, note; keyTC Admin / Timecard Admin (else 403)' },
  // Subcontractor risk (issue 14, demo/host/api/risk; the contract: src/core/risk/api.ts).
  { method: 'GET', path: RISK_API.getVendorPrequal, access: { anyOf: [ACCESS.slim, ACCESS.sra, ACCESS.pfm] }, note: 'added: vendorId: the prequalification record and the suggested limits with their working' },
  { method: 'GET', path: RISK_API.getPrequalVendors, access: { anyOf: [ACCESS.slim, ACCESS.sra, ACCESS.pfm] }, note: 'added: search?, status?: active vendors with the status and limits in force' },
  // SLIM (risk/slim) — rows added by the SLIM part.
  { method: 'GET', path: RISK_API.getSlimQueue, access: 'slim', note: 'added: view mine (default) / all (Prequal Administrator, Escalation Reviewer, Admin; else 403) / raised, type?, state?, regionId?: SlimQueueRow[] with age, due date, past due, waiting for me and why' },
  { method: 'GET', path: RISK_API.getSlimRequest, access: 'slim', note: 'added: recordKey SlimRequest, recordId, lastLoad: SlimRequestLoad (request, vendor record, suggested limits, events, moves the caller may make, canAssign); 403 for a request the caller may not see; marks the caller\'s notifications of it read' },
  { method: 'POST', path: RISK_API.createSlimRequest, access: 'slim', note: 'added: type, vendorId, projectId (Limit Increase, Exception), requestedAmount, priority, justification, mitigation (Exception), basedOnRequestId (Renewal): 400 autoAlert with fieldName for bad input; SLIM-0001… Submitted' },
  { method: 'POST', path: RISK_API.updateSlimRequestState, access: 'slim', note: 'added: ItemId, OldRecordStateId (409 stale, naming who moved it), RouteStateId, note, singleLimit?/aggregateLimit?/limitExpiresOn? (approval); core mayMoveSlim: 403 role, 400 autoAlert; approval writes the vendor limits' },
  { method: 'GET', path: RISK_API.getSlimRenewalDraft, access: 'slim', note: "added: vendorId, type?: the renewal pre-filled from the vendor's last approved request and what changed since" },
  { method: 'POST', path: RISK_API.assignSlimRequests, access: 'slim', note: 'added: items[i].ItemId, assigneeEmployeeId (a Prequal Administrator, not the requester), note; Prequal Administrator or Admin (else 403); a Submitted request goes In Review; tells the old and the new assignee; { done, refused }' },
  { method: 'GET', path: RISK_API.getSlimAssignees, access: 'slim', note: 'added: the Prequal Administrators one may assign to' },
  { method: 'GET', path: RISK_API.getSlimComments, access: 'slim', note: "added: recordId: the request's comments, oldest first, editable flag; 403 for a request the caller may not see" },
  { method: 'POST', path: RISK_API.saveSlimComment, access: 'slim', note: "added: recordId + body (new; notifies the other party) or commentId + body (edit: the author within 15 minutes, else 400 autoAlert; another's: 403)" },
  { method: 'GET', path: RISK_API.getSlimProjects, access: 'slim', note: 'added: search?, regionId?: active projects with their region (the new-request picker)' },
  { method: 'GET', path: RISK_API.getSlimOverview, access: 'slim', note: 'added: counts by state and assignee, past due, average days per step; Prequal Administrator, Escalation Reviewer, Regional Reviewer, Admin (else 403)' },
  // SRA (risk/sra) — rows added by the SRA part.
  { method: 'GET', path: RISK_API.getSras, access: 'sra', note: 'added: projectId?, vendorId?, state?, level?, lastLoad?: SraRow[] newest first (a Draft\'s level scored now)' },
  { method: 'GET', path: RISK_API.getSra, access: 'sra', note: 'added: recordKey=Sra, recordId, lastLoad: SraLoad (a Draft scored now, else as submitted; the caller\'s moves)' },
  { method: 'POST', path: RISK_API.createSra, access: 'sra', note: 'added: projectId, vendorId, amount > 0, costCodeIds[i] of the project\'s budgets, subcontractId? (vendor, amount and cost codes default from it), description: a Draft SRA-0001…' },
  { method: 'POST', path: RISK_API.saveSra, access: 'sra', note: 'added: sraId, version (409 stale), vendorId?, amount?, costCodeIds[i]?, description?, mitigations[i]?, mitigationNote?: Draft only; the creator or Risk/Admin (else 403)' },
  { method: 'POST', path: RISK_API.updateSraState, access: 'sra', note: 'added: ItemId, OldRecordStateId (409 stale, naming who moved it), RouteStateId, reason (reject); submit needs the mitigations of the level; approve Risk/Admin, never one\'s own; High needs two approvals including an Admin' },
  // IT billing (issue 15, billing part: demo/host/api/billing, src/core/billing.ts). Run and post: keyIT Admin only (else 403 from the handler).
  { method: 'GET', path: BILLING_API.months, access: 'billing', note: 'added: every month with submitted timecard hours or a run: state, method, charges, run total, hours; newest first' },
  { method: 'GET', path: BILLING_API.run, access: 'billing', note: 'added: month (YYYY-MM): the run (lines with basis, totals per project and department) and the cost items held; runId null when not run' },
  { method: 'POST', path: BILLING_API.runMonth, access: 'billing', note: 'added: month, method (hours / perHead): a Draft run (a Draft re-run replaces its lines); Posted → 400 autoAlert; no timecard hours → 400 autoAlert; keyIT Admin only' },
  { method: 'POST', path: BILLING_API.updateState, access: 'billing', note: 'added: ItemId, OldRecordStateId (409 stale, naming who posted it), RouteStateId: Draft → Posted (locked); keyIT Admin only' },
  { method: 'GET', path: RISK_API.getSraStatus, access: { anyOf: [ACCESS.sra, ACCESS.pfm] }, note: 'added: recordKey=Subcontract, recordId: SraGateStatus (the commitment gate: reasons, covering SRA, start link)' },
  { method: 'GET', path: RISK_API.getBuyoutSras, access: { anyOf: [ACCESS.sra, ACCESS.pfm] }, note: 'added: projectId: BuyoutSraRow[] (the project\'s cost codes that have SRAs, with them)' },

  // Default assignments (issue 15, part "assign": demo/host/api/toolbox/default-assignments.ts; the contract: src/core/toolbox/assignments.ts).
  { method: 'GET', path: DEFAULT_ASSIGNMENTS_API.getRules, access: 'defaultAssignments', note: 'added: every default-assignment rule with its names and how many current members it added' },
  { method: 'GET', path: DEFAULT_ASSIGNMENTS_API.getOptions, access: 'defaultAssignments', note: 'added: the rule form\'s choices (active employees, regions, legal entities, classifications, project roles)' },
  { method: 'POST', path: DEFAULT_ASSIGNMENTS_API.previewRule, access: 'defaultAssignments', note: 'added: EmployeeId, ProjectRole, RegionId?, LegalEntityId?, Classification?, EndDays?: whom it would add to which active project (not saved)' },
  { method: 'POST', path: DEFAULT_ASSIGNMENTS_API.saveRule, access: 'defaultAssignments', note: 'added: RuleId? + ModifiedAt (409 stale), the rule\'s fields, Active; 400 feedback items naming the field' },
  { method: 'POST', path: DEFAULT_ASSIGNMENTS_API.deleteRule, access: 'defaultAssignments', note: 'added: RuleId; a rule that added anyone is refused (400 autoAlert: deactivate it)' },
  { method: 'POST', path: DEFAULT_ASSIGNMENTS_API.applyRule, access: 'defaultAssignments', note: 'added: RuleId, ModifiedAt (409 stale): adds the person to the active projects in scope (source rule): ApplyReport' },
  { method: 'POST', path: DEFAULT_ASSIGNMENTS_API.createProject, access: { anyOf: [{ key: 'keyPFM', roles: ['Admin'] }, ACCESS.defaultAssignments] }, note: 'added: a new project, its primary budget and its team (the PM, then every matching active rule)' },
  // User management (issue 15, api/admin/users.ts; the contract: src/core/admin/users.ts). Reads: keyUserManagement Admin, IT, Viewer; writes Admin and IT (Viewer 403 in the handler).
  { method: 'GET', path: USERS_API.getUsers, access: 'userManagement', note: 'added: search (name, login, email, employee key), active, roleName, applicationKey, regionId: UserList (capped)' },
  { method: 'GET', path: USERS_API.getUser, access: 'userManagement', note: 'added: employeeId: UserDetail (profile, manager, region, beta, roles, project teams)' },
  { method: 'POST', path: USERS_API.grantRole, access: 'userManagement', note: 'added: employeeId, applicationKey, roleName (duplicate → 400 autoAlert); audited' },
  { method: 'POST', path: USERS_API.revokeRole, access: 'userManagement', note: 'added: employeeId, applicationKey, roleName (the last active keyAdmin Admin → 400 autoAlert); audited' },
  { method: 'POST', path: USERS_API.setActive, access: 'userManagement', note: 'added: employeeId, active, reason? (oneself or the last Admin → 400 autoAlert); audited' },
  { method: 'POST', path: USERS_API.setBeta, access: 'userManagement', note: 'added: employeeId, betaUser; audited' },
  { method: 'POST', path: USERS_API.copyRoles, access: 'userManagement', note: 'added: employeeId, fromEmployeeId: adds the roles the target lacks, { added, user }; audited' },
  { method: 'GET', path: USERS_API.getAuditLog, access: 'userManagement', note: 'added: subjectEmployeeId, actorEmployeeId, action, from, to: AuditList newest first (capped)' },
  // Access requests and project teams (issue 15, part "access": demo/host/api/toolbox/access-requests.ts; the contract: src/core/toolbox/access.ts).
  { method: 'GET', path: ACCESS_REQUEST_API.getProjects, access: 'accessRequest', note: 'added: search (2+ characters of number or name) or projectId: active projects (number, name, region, PM; no money) with the caller\'s membership and pending request' },
  { method: 'GET', path: ACCESS_REQUEST_API.getRequests, access: 'accessRequest', note: 'added: view mine | review (Pending ones the caller may decide), projectId?, recordId?; sweeps expired requests first' },
  { method: 'POST', path: ACCESS_REQUEST_API.createRequest, access: 'accessRequest', note: 'added: projectId, projectRole, justification, endDate (required unless Project Manager; today … one year): new Pending AR-#####; 400 autoAlert with fieldName; duplicate pending or already a member refused' },
  { method: 'POST', path: ACCESS_REQUEST_API.updateRequestState, access: 'accessRequest', note: "added: ItemId, OldRecordStateId (409 stale, naming who decided), RouteStateId, Reason (approve/deny: the project's PM, its region's RPM or an Admin, never one's own, reason required; withdraw: the requester); approval adds the team member" },
  { method: 'POST', path: ACCESS_REQUEST_API.updateRequestStates, access: 'accessRequest', note: 'added: items[i].ItemId/.OldRecordStateId, RouteStateId, Reason: each alone, { done, refused }' },
  { method: 'GET', path: ACCESS_REQUEST_API.getTeam, access: 'accessRequest', note: "added: projectId: the project's current team (role, end date, source); a reviewer of the project (else 403)" },
  { method: 'POST', path: ACCESS_REQUEST_API.removeMember, access: 'accessRequest', note: 'added: ProjectTeamMemberId, Reason (required): removal keeps the row; the last Project Manager is refused (400 autoAlert)' },
  // App records and admin home (issue 15, part "records": admin/app-records.ts, admin/home.ts) — keyAdmin Admin.
  { method: 'GET', path: APP_RECORDS_API.types, access: 'admin', note: 'added: record types with their application and records per state' },
  { method: 'GET', path: APP_RECORDS_API.type, access: 'admin', note: 'added: applicationRecordKey: states (records in each), advancements, fields, roles, field security, version, problems' },
  { method: 'POST', path: APP_RECORDS_API.saveStates, access: 'admin', note: 'added: ApplicationRecordKey, Version (409 stale), states[i].applicationRecordStateId?/name/closed/displayOrder/isInitial; a workflow problem → 400 autoAlert' },
  { method: 'POST', path: APP_RECORDS_API.removeState, access: 'admin', note: 'added: ApplicationRecordKey, Version, ApplicationRecordStateId; refused (400 autoAlert naming how many and where) while records are in it' },
  { method: 'POST', path: APP_RECORDS_API.saveAdvancements, access: 'admin', note: 'added: ApplicationRecordKey, Version, advancements[i].from/target/quickRoute (the whole list); no reachable closed state → 400 autoAlert' },
  { method: 'POST', path: APP_RECORDS_API.saveFieldSecurity, access: 'admin', note: "added: ApplicationRecordKey, Version, ApplicationRecordStateId, RoleName ('' = default), fields[i].fieldName/visible/editable" },
  { method: 'GET', path: APP_RECORDS_API.testAs, access: 'admin', note: 'added: applicationRecordKey, applicationRecordStateId, roleName: the fields that role sees and edits there (the one fieldPermissionsFor)' },
  { method: 'GET', path: APP_RECORDS_API.home, access: 'admin', note: 'added: admin home counts (active users, pending access requests, SLIM past due, data-quality errors over every project)' },

  { method: 'GET', path: '/api/applications/GetApplicationRecordStates', access: 'token', note: 'added: states of an applicationRecordKey' },
  { method: 'GET', path: '/api/applications/GetRecordStateAdvancements', access: 'token', note: 'added: targets offered from applicationRecordStateId' },

  // Single-object and whole-list reference calls (lookups convention)
  { method: 'GET', path: '/api/employees/getEmployeeIncludeInactive', access: 'token', note: 'lookup employee (employeeId)' },
  { method: 'GET', path: '/api/employees/getEmployeeRole', access: 'token', note: 'lookup employeeRole (employeeRoleId)' },
  { method: 'GET', path: '/api/employees/getemployeeroles', access: 'token', note: 'list employeeRole' },
  { method: 'GET', path: '/api/projects/GetProjectByProjectId', access: 'token', note: 'lookup project (projectId)' },
  { method: 'GET', path: '/api/pfm/projects/GetProjectByProjectId', access: 'pfm', note: 'lookup pfm-project (projectId)' },
  { method: 'GET', path: '/api/pfm/getBudget', access: 'pfm', note: 'lookup pfm-budget (budgetId)' },
  { method: 'GET', path: '/api/pfm/getOwnerAgreementById', access: 'pfm', note: 'lookup (ownerAgreementId)' },
  { method: 'GET', path: '/api/pfm/getOwnerAgreementChangeOrderById', access: 'pfm', note: 'lookup (ownerAgreementChangeOrderId)' },
  { method: 'GET', path: '/api/pfm/vendors/getVendor', access: 'pfm', note: 'lookup vendor (vendorId)' },
  { method: 'GET', path: '/api/pfm/vendors/getVendors', access: 'pfm', note: 'added: list vendor (every vendor, inactive ones too)' },
  { method: 'GET', path: '/costmanagement/costmanagement/GetSubcontract', access: { anyOf: [{ key: 'keyPFM', roles: ['Admin', 'Project Manager', 'RPM'] }, { key: 'keyCostManagement' }] }, note: 'lookup subcontract (subcontractId), legacy path' },
  { method: 'GET', path: '/api/pfm/GetSubcontractById', access: 'pfm', note: 'lookup (subcontractId)' },
  { method: 'GET', path: '/api/pfm/GetPurchaseAgreementById', access: 'pfm', note: 'lookup (purchaseAgreementId)' },
  { method: 'GET', path: '/api/pfm/GetSubcontractChangeOrderById', access: 'pfm', note: 'lookup (subcontractChangeOrderId)' },
  { method: 'GET', path: '/api/pfm/GetPurchaseAgreementChangeOrderById', access: 'pfm', note: 'lookup (purchaseAgreementChangeOrderId)' },
  { method: 'GET', path: '/api/pfm/GetPurchaseOrderById', access: 'pfm', note: 'lookup (purchaseOrderId)' },
  { method: 'GET', path: '/api/applications/data/ajaxGetApplicationData', access: 'token', note: 'lookup application (applicationKey)' },
  { method: 'GET', path: '/api/Common/GetLegalEntity', access: 'token', note: 'lookup (legalEntityId)' },
  { method: 'GET', path: '/api/Common/GetLegalEntities', access: 'token', note: 'list legalEntity' },
  { method: 'GET', path: '/api/applications/getApplicationRecordById', access: 'token', note: 'lookup (applicationRecordId)' },
  { method: 'GET', path: '/api/applications/GetApplicationRecords', access: 'token', note: 'list applicationRecord' },
  { method: 'GET', path: '/api/applications/GetApplicationRecordState', access: 'token', note: 'lookup (applicationRecordStateId)' },
  { method: 'GET', path: '/api/pfm/GetChangeRecordTypes', access: 'token', note: 'lookup with changeRecordTypeId, list without' },
  { method: 'GET', path: '/api/pfm/getinitiatingdocumenttypes', access: 'token', note: 'lookup with initiatingDocumentTypeId, list without' },
  { method: 'GET', path: '/api/pfm/GetChangeReason', access: 'token', note: 'lookup (changeReasonId)' },
  { method: 'GET', path: '/api/pfm/GetChangeReasons', access: 'token', note: 'list changeReason' },
  { method: 'GET', path: '/api/pfm/GetReimbursableTypeById', access: 'token', note: 'lookup (reimbursableTypeId)' },
  { method: 'GET', path: '/api/pfm/GetReimbursableTypes', access: 'token', note: 'list reimbursableType' },
  { method: 'GET', path: '/api/pfm/GetCostAdjustmentReason', access: 'token', note: 'lookup (costAdjustmentReasonId)' },
  { method: 'GET', path: '/api/pfm/GetCostAdjustmentReasons', access: 'token', note: 'list costAdjustmentReason' },
  { method: 'GET', path: '/api/pfm/GetDirectCostType', access: 'token', note: 'lookup (directCostTypeId)' },
  { method: 'GET', path: '/api/pfm/GetDirectCostTypes', access: 'token', note: 'list directCostType' },
  { method: 'GET', path: '/api/pfm/GetsubcontractType', access: 'token', note: 'lookup (subcontractTypeId)' },
  { method: 'GET', path: '/api/pfm/GetSubcontractTypes', access: 'token', note: 'list subcontractType' },
  { method: 'GET', path: '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId', access: 'token', note: 'lookup fieldSecurity (applicationRecordStateId)' },
  { method: 'GET', path: '/api/applications/GetUserRecordFieldPermissionAll', access: 'token', note: 'list fieldSecurity' },
  { method: 'GET', path: '/api/pfm/GetcostCode', access: 'pfm', note: 'lookup costCode (costCodeId)' },

  // Project closeouts (issue 15, part closeout: demo/host/api/toolbox/closeouts.ts; the rules: src/core/toolbox/closeout.ts)
  { method: 'GET', path: '/api/toolbox/closeouts/getprojectcloseouts', access: { anyOf: CLOSEOUT_ACCESS }, note: "added: the caller's reachable projects (reachWhere) with closeout state and blocker counts" },
  { method: 'GET', path: '/api/toolbox/closeouts/getcloseoutchecklist', access: { anyOf: CLOSEOUT_ACCESS }, note: 'added: recordKey Project, recordId: the checklist with its blocking records (requireProject: 403 out of reach)' },
  { method: 'POST', path: '/api/toolbox/closeouts/SoftCloseProject', access: { anyOf: CLOSEOUT_ACCESS }, note: 'added: ProjectId, OldCloseoutState (409 when stale), Reason; the project\'s writers; 400 autoAlert naming the blockers while any remain' },
  { method: 'POST', path: '/api/toolbox/closeouts/FinalCloseProject', access: { anyOf: CLOSEOUT_ACCESS }, note: 'added: ProjectId, OldCloseoutState, Reason; keyPFM Admin only (else 403 from the handler); must be Soft Closed' },
  { method: 'POST', path: '/api/toolbox/closeouts/ReopenProject', access: { anyOf: CLOSEOUT_ACCESS }, note: 'added: ProjectId, OldCloseoutState, Reason; keyPFM Admin only (else 403 from the handler)' },
  { method: 'POST', path: '/api/toolbox/closeouts/ReceiveContractDocument', access: { anyOf: CLOSEOUT_ACCESS }, note: 'added: ContractDocumentTrackingId, ReceivedDate? (a required contract document marked received); the project\'s writers' },
];

/** `METHOD /path` in lower case: the key handlers are registered under. */
export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path.toLowerCase()}`;
