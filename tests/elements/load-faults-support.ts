/**
 * The minimal valid answers of each screen of tests/elements/screen-table.ts, for the element fault suite's recovery
 * (tests/elements/load-faults.test.tsx): the fixtures of the screen's own element test where a support module shares
 * them, else the smallest answer the screen accepts; any other GET answers `{ data: [] }`.
 */
import { USERS_API } from '../../src/core/admin';
import { CURRENT_USER_PATH } from '../../src/core/auth/current-user';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { teamDefaultWeek } from '../../src/features/timecards/manage';
import type { StubFor } from '../support/browser';
import type { ElementScreen } from './screen-table';
import { changeEventItem, ok, referenceAnswers, stateOf } from './change-workbenches-support';
import { listAnswers as commitmentAnswers, SUBCONTRACTS_OPEN } from './commitments-support';
import { answers as costAdjustmentAnswers } from './cost-adjustments-support';
import { answers as directCostAnswers } from './direct-costs-support';
import { answers as ownerAgreementAnswers } from './owner-agreements-support';
import { answers as payApplicationAnswers } from './pay-applications-support';
import { LINES } from './projection-grid-support';
import { answers as surveyAnswers, survey } from './surveys-support';

type Answers = Record<string, StubFor>;

/** The signed-in admin, as GetCurrentUser answers. */
const CURRENT_USER = { employeeId: 7, employeeKey: 'E7', login: 'admin', email: 'admin@example.com', preferredName: 'Ada Admin', firstName: 'Ada', lastName: 'Admin', jobTitle: '', betaUser: false };

/** Open and closed lists of one record: the open load answers it. */
const openOnly = (record: unknown): StubFor => ({ query }) => ok(query.get('open') === 'false' ? [] : [record]);

/** A commitment change order (or agreement, order) of subcontract 1's shape, as its own load answers it. */
const contract = (idField: string, extra: Record<string, unknown> = {}) => ({ ...SUBCONTRACTS_OPEN[0], [idField]: 1, items: [], ...extra });

const changeEvent = { changeEventId: 1, changeRecordId: 1, projectId: 1, budgetId: 1, ownerAgreementId: null, ownerAgreementChangeOrderId: null, reimbursableTypeId: 1,
  changeReasonId: null, number: 'CE-001', title: 'Canopy', description: '', estimatedAmount: 0, approvedAmount: 0, applicationRecordStateId: 6,
  recordStateName: stateOf(6).name, closed: false };
const changeRecord = { changeRecordId: 1, projectId: 1, budgetId: 1, changeRecordTypeId: 1, initiatingDocumentTypeId: 1, changeReasonId: 1, rfiId: null,
  number: 'RFI-001', title: 'Owner request', description: '', documentDate: '2026-10-20', estimatedAmount: 0, applicationRecordStateId: 1,
  recordStateName: stateOf(1).name, closed: false, displayText: 'RFI-001 Owner request' };

/** The screens whose recovered answer is not faked here (their own element tests render it): the held load is never released. */
export const HELD_ONLY = new Set(['tc-timecard', 'wb-slim-request', 'wb-risk-assessment']);

const BY_TAG: Partial<Record<string, () => Answers>> = {
  'admin-user-management': () => ({ [USERS_API.getUsers]: ok({ rows: [], total: 0, capped: false, regions: [] }) }),
  'tc-manage-timecards': () => ({
    [TIMECARD_API.getApprovalInbox]: ok({ rows: [], routes: { timecardApprove: 1303, timecardReject: 1301, timeOffApprove: 1402, timeOffDeny: 1403 } }),
    [TIMECARD_API.getTimecardWeeks]: ok({ employeeId: 7, weeks: [], pastWeeksToSubmit: [] }),
    [TIMECARD_API.getTeamTimecards]: ({ query }) => ok({ weekStart: teamDefaultWeek(), weekEnding: '', view: query.get('view') ?? 'team', rows: [], states: [] }),
    [TIMECARD_API.getAdminWeekCounts]: ({ query }) => ok({ weekStart: query.get('weekStart'), weekEnding: '', employees: 0, submitted: 0, approved: 0, owed: 0, remindedToday: 0, mayRemind: true }),
  }),
  'pfm-projection-grid': () => ({
    '/api/pfm/getBudget': ok({ budgetId: 1, projectId: 1, jobNumber: '24-1032-01', displayText: '24-1032-01 Riverside', budgetLock: false, budgetLockReason: null, rollUpBudgetId: null }),
    '/api/pfm/getcostcodetransactionsummary': ok(LINES),
  }),
  'wb-subcontract': commitmentAnswers,
  'wb-subcontract-change-order': () => commitmentAnswers({ '/api/pfm/getsubcontractchangeorders': openOnly(contract('subcontractChangeOrderId', { subcontractId: 1 })) }),
  'wb-purchase-agreement': () => commitmentAnswers({ '/api/pfm/getpurchaseagreements': openOnly(contract('purchaseAgreementId')) }),
  'wb-purchase-agreement-change-order': () => commitmentAnswers({
    '/api/pfm/getpurchaseagreementchangeorders': openOnly(contract('purchaseAgreementChangeOrderId', { purchaseAgreementId: 1 })) }),
  'wb-purchase-order': () => commitmentAnswers({ '/api/pfm/getpurchaseorders': openOnly(contract('purchaseOrderId')) }),
  'wb-cost-adjustment': costAdjustmentAnswers,
  'wb-direct-cost': directCostAnswers,
  'wb-owner-agreement': ownerAgreementAnswers,
  'wb-owner-agreement-change-order': ownerAgreementAnswers,
  'wb-pay-application': payApplicationAnswers,
  'wb-survey-instance': () => surveyAnswers(survey({})),
  'wb-change-event': () => ({ ...referenceAnswers(), '/api/pfm/getchangeevents': openOnly(changeEvent) }),
  'wb-change-event-item': () => ({ ...referenceAnswers(), '/api/pfm/getchangeeventitems': openOnly(changeEventItem(13)) }),
  'wb-email': () => ({ ...referenceAnswers(), '/api/pfm/getchangeeventitems': openOnly(changeEventItem(13)) }),
  'wb-initiating-document': () => ({ ...referenceAnswers(), '/api/pfm/getinitiatingdocuments': openOnly(changeRecord) }),
};

/** Path → answer for `screen` once its faults are over. */
export function happyAnswers(screen: ElementScreen): Answers {
  return { [CURRENT_USER_PATH]: ok(CURRENT_USER), ...(BY_TAG[screen.tag]?.() ?? {}) };
}
