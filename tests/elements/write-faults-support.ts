/**
 * Setup of the element write-fault suite (tests/elements/write-faults.test.tsx): what each screen writes, the answers
 * that give it something to write on (the fixtures of the screen's own element test where a support module shares
 * them, on top of the load suite's happy answers), the faults, and finding things through shadow roots as the e2e
 * suite's locators do.
 */
import { ACCESS_REQUEST_API, DEFAULT_ASSIGNMENTS_API, type AccessProject, type AccessRequestRow } from '../../src/core/toolbox';
import { BILLING_API, type BillingMonth, type BillingRun } from '../../src/core/billing/contract';
import { addPeriods, currentPeriod, today } from '../../src/core/clock';
import type { HolidayRow, TimeOffRequestRow } from '../../src/core/time-off/contract';
import { addDays, expectedHours, weekOf } from '../../src/core/timecards';
import { TIMECARD_API, type TimecardLoad } from '../../src/core/timecards/contract';
import { suggestLimits, type SlimRequestLoad, type SraLoad, type VendorPrequalRecord } from '../../src/core/risk';
import { ESIGN_PATHS, type EsignDocument } from '../../src/core/esign/contract';
import { OPPORTUNITIES_PATH, type Opportunity } from '../../src/core/opportunities/contract';
import { APP_RECORDS_API, type AppRecordType, type AppRecordTypeRow, USERS_API, type UserDetail, type UserList, type UserRow } from '../../src/core/admin';
import type { StubFor } from '../support/browser';
import type { ElementScreen } from './screen-table';
import type { WriteRows } from './screen-writes';
import { happyAnswers } from './load-faults-support';
import { changeEventItem, ok, security } from './change-workbenches-support';
import { FIELD_SECURITY_PATH, stateMachineAnswers } from '../support/state-machine';
import { MACHINE as PAY_APPLICATION_MACHINE } from './pay-applications-support';
import { OPTIONS, RULE } from './default-assignments-support';

type Answers = Record<string, StubFor>;

/**
 * The rows the e2e suite arranges with real writes (tests/e2e/support/arrange.ts), as the element fixtures show them:
 * the open time-off request, the pm's pending access request, a request waiting for review.
 */
export const ELEMENT_WRITE_ROWS: WriteRows = {
  timeOffRow: '[data-testid="my-request-lists"] tr:has([data-action="cancel"])',
  accessRow: '[data-testid="my-access-requests"] tr:has([data-action="withdraw"])',
  reviewRow: '[data-testid="waiting-requests"] tbody tr:has([data-select])',
};

/** A commitment (the load suite's subcontract 1, a Draft) may move to Executed. */
const COMMITMENT_MOVES = stateMachineAnswers({
  states: [{ applicationRecordStateId: 31, name: 'Draft', closed: false, displayOrder: 1 }, { applicationRecordStateId: 33, name: 'Executed', closed: false, displayOrder: 2 }],
  advancements: { 31: [33] },
});

/** The owner agreement (Executed) may be closed; the change order (Draft) sent for approval. */
const OWNER_MOVES = stateMachineAnswers({
  states: [
    { applicationRecordStateId: 47, name: 'Executed', closed: false, displayOrder: 1 }, { applicationRecordStateId: 48, name: 'Closed', closed: true, displayOrder: 2 },
    { applicationRecordStateId: 49, name: 'Draft', closed: false, displayOrder: 1 }, { applicationRecordStateId: 50, name: 'Pending Approval', closed: false, displayOrder: 2 },
  ],
  advancements: { 47: [48], 49: [50] },
  fields: (stateId) => (stateId === 47 ? [{ fieldName: 'executedDate', editable: false, visible: true }] : []),
});

/** Two active users; neither is the signed-in admin (one's own page grants and copies nothing). */
const user = (employeeId: number, name: string, login: string): UserRow => ({
  employeeId, name, login, email: `${login}@example.com`, employeeKey: `K${employeeId}`, jobTitle: 'Staff', active: true, betaUser: false,
  regionId: 1, regionName: 'North Texas', roleCount: 1,
});
const USERS = [user(2, 'Sam Patterson', 'employee'), user(3, 'Rita Moreno', 'rpm')];
const userDetail = (row: UserRow): UserDetail => ({
  ...row, firstName: row.name.split(' ')[0]!, lastName: row.name.split(' ')[1]!, manager: null, deactivatedAt: null, deactivatedBy: null,
  roles: [{ applicationKey: 'keyTC', name: 'Default' }], teams: [], canWrite: true, isSelf: false,
});

/**
 * A record type of App Records: Open → Approved (quick) and Open → Void, a secured title, and the Project Manager's
 * limit on the move to Approved.
 */
const APP_RECORD_KEYS = ['CostAdjustment', 'ChangeEvent', 'SubcontractChangeOrder'];
const appRecordType = (applicationRecordKey: string): AppRecordType => ({
  applicationRecordKey, name: applicationRecordKey.replace(/(?<=[a-z])(?=[A-Z])/g, ' '), applicationKey: 'keyPFM', version: 1,
  states: ['Open', 'Approved', 'Void'].map((name, i) => ({ applicationRecordStateId: i + 1, name, closed: name === 'Void', displayOrder: i + 1, isInitial: i === 0, records: 0 })),
  advancements: [{ stateAdvancementId: 1, fromStateId: 1, targetStateId: 2, quickRoute: true, displayOrder: 1 },
    { stateAdvancementId: 2, fromStateId: 1, targetStateId: 3, quickRoute: false, displayOrder: 2 }],
  fields: ['title'], roles: ['Project Manager'], fieldSecurity: [],
  approvals: [{ applicationRecordKey, targetApplicationRecordStateId: 2, notSubmitter: false, notPreviousApprover: false,
    limits: [{ applicationKey: 'keyPFM', roleName: 'Project Manager', upToAmount: 10000 }] }],
  problems: [],
});
const APP_RECORD_TYPES: AppRecordTypeRow[] = APP_RECORD_KEYS.map((key) => {
  const type = appRecordType(key);
  return { applicationRecordKey: key, name: type.name, applicationKey: type.applicationKey, version: 1, states: type.states, records: 0 };
});

/** IT billing: last month run (a Draft, which may be posted), the month before not yet. */
const billingMonth = (month: string, run: boolean): BillingMonth => ({ month, state: run ? 'Draft' : null, method: run ? 'hours' : null, charges: 100.5, runTotal: run ? 36 : null, hours: 320 });
const billingRun = (month: string): BillingRun => ({
  month, runId: 5, state: 'Draft', stateId: 71, postStateId: 72, method: 'hours', runAt: `${today()}T10:00:00Z`, runByName: 'Dana Whitfield',
  postedAt: null, postedByName: null, charges: 36, total: 36, lastDay: today(), ended: true, lines: [], projects: [], departments: [], items: [],
});

/** The employee's open time-off request, which they may cancel (tests/elements/time-off.test.tsx's shape). */
const timeOff = (): TimeOffRequestRow => {
  const day = addDays(today(), 60);
  return {
    requestId: 1, employeeId: 7, employeeName: 'Ada Admin', type: 'Vacation', title: 'Beach week', startDate: day, endDate: day,
    hoursPerDay: 8, totalHours: 8, state: 'Pending', applicationRecordStateId: 201, balanceBefore: 80, balanceAfter: 72, requestedAt: `${today()}T10:00:00Z`,
    decidedByName: null, decidedAt: null, onBehalfOfName: null, denialReason: null, canceledAt: null,
    advancements: [{ routeStateId: 204, name: 'Cancel request', action: 'cancel', needsReason: false }],
  };
};
const holiday = (): HolidayRow => ({ holidayId: 4, regionId: 1, regionName: 'North Texas', holidayDate: `${today().slice(0, 4)}-11-27`, name: 'Thanksgiving', hours: 8 });

/** SLIM: two vendors to raise a request for (only what the form reads). */
const SLIM_VENDORS = [{ vendorId: 7, vendorNumber: 'V-007', name: 'Acme Steel', status: 'Prequalified' }, { vendorId: 8, vendorNumber: 'V-008', name: 'Beta Electric', status: 'Not Prequalified' }];

/** An opportunity in pursuit with one labour cost code (to remove), open for another. */
const OPPORTUNITY: Opportunity = {
  opportunityId: 1, number: 'OPP-001', name: 'Clinic expansion', client: 'Riverside Health', legalEntityId: null, legalEntityName: null, status: 'Pursuit',
  estimatedValue: 2_500_000, displayText: 'OPP-001 Clinic expansion', modifiedAt: `${today()}T10:00:00Z`,
  costCodes: [{ opportunityCostCodeId: 1, opportunityId: 1, code: '01500000', codeDisplay: '01-5000-00', description: 'Pursuit labour', type: 'L', active: true,
    addedByEmployeeId: 7, addedByName: 'Ada Admin', addedAt: `${today()}T10:00:00Z` }],
};

/** Buyout: a subcontract line not yet bought out, with no SRA, and vendors to assess (tests/elements/pfm-buyout.test.tsx's shape). */
const BUYOUT_LINES = [{ costCodeId: 101, code: '09200000', description: 'Drywall', type: 'S', currentBudget: 250_000 }];

/** A project the pm may ask to join, and a Pending request of theirs: theirs to withdraw, a reviewer's to decide. */
const ACCESS_PROJECT: AccessProject = { projectId: 4, number: '24-1040', name: 'Garage', regionName: 'North Texas', projectManagerName: 'Pat Manager', membership: null, pendingRequestId: null };
const accessRequest = (view: string | null): AccessRequestRow => ({
  accessRequestId: 3, number: 'AR-0003', projectId: 5, projectNumber: '24-1050', projectName: 'Tower', requesterEmployeeId: 7, requesterName: 'Ada Admin',
  requesterJobTitle: 'Project Engineer', projectRole: 'Project Engineer', justification: 'Covering the inspections.', endDate: addDays(today(), 30),
  applicationRecordStateId: 301, state: 'Pending', closed: false, requestedAt: `${today()}T10:00:00Z`, expiresOn: addDays(today(), 14),
  decidedByName: null, decidedAt: null, decisionReason: null,
  moves: view === 'review' ? [{ name: 'Approved', applicationRecordStateId: 302 }, { name: 'Denied', applicationRecordStateId: 303 }] : [{ name: 'Withdrawn', applicationRecordStateId: 304 }],
});
const accessAnswers = (): Answers => ({
  [ACCESS_REQUEST_API.getProjects]: ok([ACCESS_PROJECT]),
  [ACCESS_REQUEST_API.getRequests]: ({ query }) => ok([accessRequest(query.get('view'))]),
  [ACCESS_REQUEST_API.getTeam]: ({ query }) => ok({ project: { projectId: Number(query.get('projectId')), number: '24-1050', name: 'Tower', regionName: 'North Texas' }, members: [] }),
});

/** A subcontract of the project that may be sent for signature. */
const ESIGN_DOCUMENT: EsignDocument = {
  recordKey: 'Subcontract', recordId: 1, projectId: 1, number: 'SC-001', description: 'Drywall', vendorName: 'Acme Drywall', vendorEmail: 'vera@vendor.example',
  recordStateName: 'Draft', kindLabel: 'Subcontract',
};

/** This week's Draft timecard of the signed-in employee, 8 hours short: the reason for the shortfall is asked (tests/elements/tc-timecard.test.tsx's shape). */
function timecard(): TimecardLoad {
  const { weekStart } = weekOf(today());
  const expected = expectedHours({ weekStart, holidays: [] });
  return {
    timecard: {
      timecardId: 7, employeeId: 7, employeeName: 'Ada Admin', managerName: 'Linda Okafor', weekStart, weekEnding: addDays(weekStart, 6),
      state: 'Draft', applicationRecordStateId: 301, version: 3, dueDate: `${addDays(weekStart, 7)}T05:00:00.000Z`, expectedHours: 40, enteredHours: 32,
      expectedByDay: expected.perDay, rejectionReason: null, rejectedByName: null, shortfallReason: null, submittedAt: null, approvedAt: null,
      approvedByName: null, onBehalfOfName: null, mayEdit: true, editNeedsReason: false,
      advancements: [{ routeStateId: 302, name: 'Submit', action: 'submit', needsReason: false }],
    },
    lines: [{ timecardLineId: 1, source: 'manual', timeType: 'Regular', projectId: 1, projectNumber: '24-1032', projectName: 'Riverside',
      costCodeId: 11, costCode: '01-100', costCodeName: 'Labor', opportunityId: null, opportunityNumber: null, opportunityName: null,
      opportunityCostCodeId: null, label: null, ptoRequestId: null, hours: [0, 8, 8, 8, 8, 0, 0] }],
    context: { projects: { 1: { number: '24-1032', closed: false } }, costCodes: { 11: { code: '01-100', type: 'L', projectId: 1 } }, opportunities: {}, opportunityCostCodes: {}, expected },
    changes: [],
  };
}

/** A vendor's prequalification record (tests/elements/slim-screens.test.tsx's shape). */
const PREQUAL_VENDOR: VendorPrequalRecord = {
  vendorId: 7, vendorNumber: 'V-007', name: 'Acme Steel', trade: 'Steel', status: 'Prequalified', singleLimit: 2_000_000, aggregateLimit: 4_000_000,
  limitExpiresOn: addDays(today(), 300), singleLimitInForce: 2_000_000, aggregateLimitInForce: 4_000_000, conditions: null, glPerOccurrence: 1_000_000, glAggregate: 2_000_000,
  glExpiresOn: addDays(today(), 400), surety: 'Hartford', bondSingleCapacity: 5_000_000, bondAggregateCapacity: 10_000_000, subRatingAverage: 4.2, subRatingCount: 6,
  financials: [{ year: Number(today().slice(0, 4)) - 1, currentAssets: 3_000_000, currentLiabilities: 2_000_000, totalLiabilities: 9_000_000, netWorth: 4_000_000, revenue: 20_000_000, backlog: 8_000_000 }],
  safety: [{ year: Number(today().slice(0, 4)) - 1, emr: 0.9, oshaRecordableRate: 1.5 }],
  openBacklog: 1_200_000, lastDecidedAt: null, lastDecidedBy: null, modifiedAt: `${today()}T10:00:00Z`,
};

/** A SLIM request In Review, assigned to the signed-in admin, which may be put on hold. */
function slimRequest(): SlimRequestLoad {
  const v = PREQUAL_VENDOR;
  const person = { employeeId: 7, name: 'Ada Admin' };
  return {
    request: {
      requestId: 1, number: 'SLIM-0001', type: 'Limit Increase', vendorId: 7, vendorName: v.name, projectId: 3, projectNumber: '1001', projectName: 'Tower',
      regionId: 1, regionName: 'North Texas', requestedAmount: 3_000_000, priority: 'High', applicationRecordStateId: 502, state: 'In Review',
      requestedBy: { employeeId: 10, name: 'Marcus Reyes' }, assignedTo: person, submittedAt: `${today()}T10:00:00Z`, dueDate: addDays(today(), 5), ageDays: 0, pastDue: false,
      waitingForMe: true, waitingReason: 'Waiting for you', justification: 'Needed for level 3', mitigation: null, missingData: null, answer: null,
      escalationReasons: [], regionalPassed: false, decision: null, basedOnRequestId: null, version: 1, modifiedAt: `${today()}T10:00:00Z`,
    },
    vendor: v,
    suggested: suggestLimits({ financials: v.financials, safety: v.safety, glPerOccurrence: v.glPerOccurrence, glAggregate: v.glAggregate, glExpiresOn: v.glExpiresOn, today: today() }),
    changes: [], events: [], moves: [{ applicationRecordStateId: 503, name: 'On Hold – Missing Data' }], canAssign: false, fileCount: 0,
  };
}

/** A Draft SRA of the signed-in admin, which may be submitted (tests/elements/sra-ui.test.tsx's shape). */
const sraLoad = (): SraLoad => ({
  sra: {
    sraId: 1, number: 'SRA-0001', projectId: 1, projectNumber: '24-1032', projectName: 'Riverside', vendorId: 7, vendorName: PREQUAL_VENDOR.name,
    amount: 450_000, costCodes: [{ costCodeId: 101, code: '09200000', description: 'Drywall' }], subcontractId: null, level: 'Low',
    applicationRecordStateId: 501, state: 'Draft', createdBy: { employeeId: 7, name: 'Ada Admin' }, createdAt: `${today()}T10:00:00Z`, submittedAt: null, decidedAt: null,
    description: 'Base bid', mitigations: [], mitigationNote: null, mitigationsRequired: 0, securingMitigationRequired: false, approvals: [],
    rejectionReason: null, version: 3, modifiedAt: `${today()}T10:00:00Z`, factors: [],
  },
  vendor: PREQUAL_VENDOR, moves: [{ applicationRecordStateId: 502, name: 'Submitted' }], editable: true,
});

/** Answers of `screen` for its writes, over the load suite's happy answers: the moves and field security its record form needs. */
const BY_TAG: Partial<Record<string, () => Answers>> = {
  ...Object.fromEntries(['wb-subcontract', 'wb-subcontract-change-order', 'wb-purchase-agreement', 'wb-purchase-agreement-change-order', 'wb-purchase-order']
    .map((tag) => [tag, () => COMMITMENT_MOVES])),
  'wb-owner-agreement': () => OWNER_MOVES,
  'wb-owner-agreement-change-order': () => OWNER_MOVES,
  'wb-pay-application': () => stateMachineAnswers(PAY_APPLICATION_MACHINE),
  'wb-change-event': () => ({ [FIELD_SECURITY_PATH]: security(6, ['title', 'description', 'probability']) }),
  'wb-change-event-item': () => ({
    '/api/pfm/getchangeeventitems': ({ query }) => ok(query.get('open') === 'false' ? [] : [changeEventItem(13)]),
    [FIELD_SECURITY_PATH]: security(13, ['description']),
  }),
  'admin-user-management': () => ({
    [USERS_API.getUsers]: ok({ rows: USERS, total: USERS.length, capped: false, regions: [{ regionId: 1, name: 'North Texas' }] } satisfies UserList),
    [USERS_API.getUser]: ({ query }) => ok(userDetail(USERS.find((u) => u.employeeId === Number(query.get('employeeId'))) ?? USERS[0]!)),
  }),
  'pt-default-assignments': () => ({ [DEFAULT_ASSIGNMENTS_API.getRules]: ok([RULE]), [DEFAULT_ASSIGNMENTS_API.getOptions]: ok(OPTIONS) }),
  'admin-app-records': () => ({
    [APP_RECORDS_API.types]: ok(APP_RECORD_TYPES),
    [APP_RECORDS_API.type]: ({ query }) => ok(appRecordType(query.get('applicationRecordKey') ?? APP_RECORD_KEYS[0]!)),
    [APP_RECORDS_API.testAs]: ({ query }) => ok({ applicationRecordKey: query.get('applicationRecordKey'), applicationRecordStateId: Number(query.get('applicationRecordStateId')),
      stateName: 'Open', roleName: query.get('roleName') ?? '', fields: [{ fieldName: 'title', visible: true, editable: true }] }),
  }),
  'it-billing': () => {
    const last = addPeriods(currentPeriod(), -1);
    return {
      [BILLING_API.months]: ok([billingMonth(last, true), billingMonth(addPeriods(currentPeriod(), -2), false)]),
      [BILLING_API.run]: ({ query }) => ok(billingRun(query.get('month') ?? last)),
    };
  },
  'slim-queue': () => ({
    '/api/risk/getprequalvendors': ok(SLIM_VENDORS),
    '/api/slim/getslimprojects': ok([{ projectId: 3, number: '1001', name: 'Tower', regionId: 1, regionName: 'North Texas' }]),
  }),
  'pto-requests': () => ({
    '/api/timeoff/getrequests': ({ query }) => (query.get('view') === 'team' ? { status: 403, body: { message: 'Only a manager…' } } : ok([timeOff()])),
    '/api/timeoff/getbalances': ok([{ type: 'Vacation', allowsNegative: false, asOf: today(), openingHours: 40, accruedHours: 60, usedHours: 16, pendingHours: 8,
      balance: 80, accrualPerPeriod: 4.62, carryOverCap: 80 }]),
  }),
  'pto-regional-calendar': () => ({
    '/api/timeoff/getregions': ok([{ regionId: 1, code: 'NTX', name: 'North Texas' }]),
    '/api/timeoff/getholidays': ok([holiday()]),
  }),
  'pfm-opportunity-timecard-cost-code': () => ({ [OPPORTUNITIES_PATH]: ok([OPPORTUNITY]) }),
  'pfm-buyout': () => ({
    '/api/pfm/projects/GetProjectByProjectId': ok({ projectId: 1, budgetId: 1, displayText: '24-1032 Riverside' }),
    '/api/pfm/projects/GetProjectMenuByProjectId': ok({ projectId: 1, number: '24-1032', name: 'Riverside', canWrite: true }),
    '/api/pfm/getcostcodetransactionsummary': ok(BUYOUT_LINES),
    '/api/pfm/getcostcodes': ok(BUYOUT_LINES.map((line) => ({ ...line, budgetId: 1 }))),
    '/api/pfm/getprojects': ok([{ projectId: 1, budgetId: 1, number: '24-1032', name: 'Riverside' }]),
    '/api/risk/getprequalvendors': ok(SLIM_VENDORS),
  }),
  'pt-access-request': accessAnswers,
  'pt-review-access': accessAnswers,
  'pfm-esign': () => ({ [ESIGN_PATHS.documents]: ok([ESIGN_DOCUMENT]) }),
  'tc-timecard': () => ({ [TIMECARD_API.getTimecard]: ok(timecard()) }),
  'wb-slim-request': () => ({ '/api/slim/getslimrequest': ok(slimRequest()), '/api/slim/getslimcomments': ok([]) }),
  'wb-risk-assessment': () => ({
    '/api/risk/getsra': ok(sraLoad()),
    '/api/pfm/getprojects': ok([{ projectId: 1, budgetId: 11, number: '24-1032', name: 'Riverside' }]),
    '/api/risk/getprequalvendors': ok([PREQUAL_VENDOR]),
    '/api/pfm/getcostcodes': ok([{ costCodeId: 101, budgetId: 11, code: '09200000', type: 'S', description: 'Drywall' }]),
  }),
  'wb-initiating-document': () => ({ [FIELD_SECURITY_PATH]: security(1, ['title', 'description', 'rfiId']) }),
};

export function writeAnswers(screen: ElementScreen): Answers {
  return { ...happyAnswers(screen), ...(BY_TAG[screen.tag]?.() ?? {}) };
}
