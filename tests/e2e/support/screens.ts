/**
 * Every screen and workbench of the product, as one table for the suites that run over all of them
 * (issue 16: the fault suite, axe in light and dark, keyboard and small-screen checks). A new screen
 * joins those suites by adding one line here; `tests/e2e/screens-table.spec.ts` fails when an element
 * of `src/elements` is in neither this table nor FRAME_ELEMENTS.
 *
 * Addresses are computed from the e2e host's seeded database (read-only), so they name real records.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { e2eDb } from './db';
import { addDays, weekOf } from '../../../src/core/timecards';
import type { KeyboardTask } from './keyboard';
import { ARRANGED, arrangeAs, cancellableTimeOff, oldestBillingMonthRun, pendingAccessRequest } from './arrange';
import { today as centralToday } from '../../../src/core/clock';
import { workbenchName, workbenchTag } from '../../elements/screen-table';

export interface ScreenCase {
  /** Unique, readable: used in test titles. */
  name: string;
  /** The element that shows it (a workbench's own `wb-*` element for workbenches). */
  tag: string;
  /** 'screen': a portal route; 'workbench': a workbench over a screen; 'legacy': a legacy page embedding one element. */
  kind: 'screen' | 'workbench' | 'legacy';
  /** The demo account that opens it. */
  login: string;
  /** The address to open (a same-origin path with query). */
  path: string;
  /** A selector inside `tag` that is visible once the screen has loaded its data (optional: `waitForScreen` also waits for no loading indicator). */
  ready?: string;
  /** The screen's own writes beyond a record form's Save and the shared Change state menu (the fault suite faults each). */
  writes?: WriteCase[];
  /** Its main task by keyboard, when not the default of its kind (tests/e2e/support/keyboard.ts). */
  keyboard?: KeyboardTask;
  /** Real writes, as `login`, before the fault suite opens the screen: the rows its writes act on (tests/e2e/support/arrange.ts). */
  arrange?: (page: Page) => Promise<void>;
}

/**
 * A write the user starts on a screen, as selectors inside the screen's element: a move button, a row's action,
 * a comment post. A confirmation box that opens on the way is confirmed with its OK.
 */
export interface WriteCase {
  /** Readable, for messages: 'submit', 'post a comment'. */
  name: string;
  /** Done once before the write, in order: a click on `to`, or `type` filled into it (open a user, search for a project and pick it, open a tab). */
  prepare?: ReadonlyArray<{ to: string; type?: string }>;
  /** The button that starts the write or opens its form (absent: the form always shows). */
  start?: string;
  /** A text field of the write's form: typed into once, and its text must be kept after each failure. */
  field?: string;
  /** The form's other inputs: each set once, and each must keep what it was set to after every failure. */
  inputs?: readonly WriteInput[];
  /** The button that sends the form (absent: `start` sends the write). */
  send?: string;
  /** What must be unchanged after each failure (the record's state): its text, or a switch's or checkbox's checked state. */
  kept?: string;
  /** The write shows its effect at once (`kept` changes while it is on its way) and a failure puts it back. */
  optimistic?: true;
}

/** An input a write's form needs: text and dates are filled with `value`, a select gets the option of that value or label (or its `option` index), a checkbox or radio is checked. */
export interface WriteInput {
  to: string;
  value?: string;
  option?: number;
  check?: true;
}

type Row = Record<string, number | string>;

function one(sql: string, ...params: unknown[]): Row {
  const row = e2eDb().prepare(sql).get(...params) as Row | undefined;
  if (!row) throw new Error(`screens table: the seed has no row for ${sql}`);
  return row;
}

/** A project of pm and rpm (pm on its team, not Gulf Coast) with budget: the PFM screens open on it. */
function pfmProject(): { projectId: number; budgetId: number } {
  return one(`SELECT p.projectId, p.budgetId FROM projects p
    JOIN employees pm ON pm.employeeId = p.projectManagerEmployeeId AND pm.login = 'pm'
    JOIN employees rpm ON rpm.employeeId = p.regionalProjectManagerEmployeeId AND rpm.login = 'rpm'
    WHERE p.budgetId IS NOT NULL AND EXISTS (SELECT 1 FROM owner_agreements oa WHERE oa.projectId = p.projectId)
      AND EXISTS (SELECT 1 FROM subcontracts s WHERE s.projectId = p.projectId)
    ORDER BY p.projectId LIMIT 1`) as { projectId: number; budgetId: number };
}

/** The id of the first record of `table` on `projectId` (or anywhere when the table has no projectId). */
function firstId(table: string, id: string, where = '1 = 1', ...params: unknown[]): number {
  return Number(one(`SELECT ${id} AS id FROM ${table} WHERE ${where} ORDER BY ${id} LIMIT 1`, ...params).id);
}

/**
 * The id of the first record of `table` that can change state (its state offers an advancement): a record in a
 * final state would leave the fault suite's state-change write untried.
 */
function firstOpenId(table: string, id: string, where = '1 = 1', ...params: unknown[]): number {
  return firstId(table, id, `${where} AND applicationRecordStateId IN (SELECT applicationRecordStateId FROM state_advancements)`, ...params);
}

/** The projection grids' main task: type a projection in the first editable cell, then back to the toolbar's Save. */
const GRID_KEYS: KeyboardTask = {
  name: 'type a projection and save', expect: 'write',
  steps: [{ to: '.tabulator-row .tabulator-cell.tabulator-editable', type: '1', press: 'Enter' }, { to: '[data-action="save"]', back: true }],
};

/** The workbenches' main tasks by keyboard where their kind's default does not fit (tests/e2e/support/keyboard.ts). */
const WORKBENCH_KEYS: Record<string, KeyboardTask> = {
  DocumentTemplateAdministration: { name: 'start a new template', steps: [{ to: '[data-action="new-template"]' }], expect: 'shows', shows: '[data-action="new-template"][aria-pressed="true"]' },
  SlimRequest: {
    name: 'put it on hold', expect: 'write',
    steps: [{ to: '[data-move^="On Hold"]', press: 'Enter' }, { to: '[data-move-form] textarea', type: 'Typed by keyboard' }, { to: '[data-action="confirm-move"]' }],
  },
  CostCodeTransactions: { name: 'filter the transactions', steps: [{ to: 'input[aria-label="Filter Vendor"]', type: 'no vendor is named this' }], expect: 'shows', shows: '.transactions-count:text-is("0")' },
  AddCostCode: {
    name: 'add a cost code', expect: 'write',
    steps: [{ to: 'input[placeholder="00-0000-00"]', type: '01-9999-00' }, { to: 'input[maxlength="200"]', type: 'Typed by keyboard' }, { to: 'select', type: 'L' },
      { to: 'input[inputmode="decimal"]', type: '100' }, { to: 'button[type="submit"]' }],
  },
  Email: { name: 'send the e-mail', steps: [{ to: 'button[type="submit"]' }], expect: 'download' },
  Reports: { name: 'download a report', steps: [{ to: 'button[aria-label^="Download"]' }], expect: 'download' },
};

/** The workbenches' own writes (their moves are buttons of their own, not the shared Change state menu). */
const WORKBENCH_WRITES: Record<string, WriteCase[]> = {
  SlimRequest: [
    { name: 'put on hold', start: '[data-moves] [data-move^="On Hold"]', field: '[data-move-form] textarea', send: '[data-action="confirm-move"]', kept: '[data-state-badge]' },
    { name: 'post a comment', field: 'form:has([data-action="post-comment"]) textarea', send: '[data-action="post-comment"]' },
  ],
  RiskAssessment: [{ name: 'submit', start: '[data-move="Submitted"]', kept: '[data-state-name]' }],
  AddCostCode: [{ name: 'add a cost code', field: 'input[maxlength="200"]', send: 'button[type="submit"]',
    inputs: [{ to: 'input[placeholder="00-0000-00"]', value: '01-9999-00' }, { to: 'select', value: 'L' }, { to: 'input[inputmode="decimal"]', value: '100' }] }],
};

let cached: ScreenCase[] | undefined;

/** The whole table (computed once per worker). */
export function screenCases(): ScreenCase[] {
  if (cached) return cached;
  const { projectId, budgetId } = pfmProject();
  const pq = `projectId=${projectId}&budgetId=${budgetId}`;
  const onProject = `projectId = ${projectId}`;
  const wb = (over: string, kind: string, recordKey?: string, recordId?: number, extra = '') =>
    `${over}${over.includes('?') ? '&' : '?'}workbench=${kind}${recordKey ? `&recordKey=${recordKey}` : ''}${recordId !== undefined ? `&recordId=${recordId}` : ''}${extra}`;
  const grid = `/pfm/projects/projectiongrid?${pq}`;
  const commitments = `/pfm/projects/commitments?${pq}`;
  const changes = `/pfm/projects/changemanagement?${pq}`;

  const subcontractId = firstId('subcontracts', 'subcontractId', onProject);
  // The employee's timecard opens on next week: open for entry (this week's card may be submitted already).
  const employeeId = Number(one("SELECT employeeId FROM employees WHERE login = 'employee'").employeeId);
  const openWeek = addDays(weekOf(new Date()).weekStart, 7);
  const today = centralToday();
  // Dates from today, not fixed ones that would turn invalid with time: an access request ends in the future, a holiday
  // falls in the year the calendar opens on. As ISO for a fill, as MMDDYYYY for typing into a date input.
  const accessEnd = addDays(today, 30);
  const holidayDate = `${today.slice(0, 4)}-12-30`;
  const typedDate = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
  // A weekday half a year out: no seeded or test request holds it.
  const farWeekday = addDays(weekOf(new Date()).weekStart, 7 * 26 + 2);
  // The rows tests/e2e/support/arrange.ts makes for the fault suite's Cancel, Withdraw and approval.
  const accessProject = one('SELECT number FROM projects WHERE projectId = ?', ARRANGED.accessProjectId).number;
  const arranged = {
    timeOffRow: `[data-testid="my-request-lists"] tr:has-text("${ARRANGED.timeOffTitle}")`,
    accessRow: `[data-testid="my-access-requests"] tr:has-text("${accessProject}")`,
    reviewRow: `[data-testid="waiting-requests"] tr:has-text("${accessProject}")`,
  };
  const changeEventId = firstId('change_events', 'changeEventId', `changeRecordId IN (SELECT changeRecordId FROM change_records WHERE ${onProject})`);
  const workbenchPaths: Record<string, string> = {
    Subcontract: wb(commitments, 'Subcontract', 'Subcontract', subcontractId),
    // Every seeded subcontract change order is Approved (final): its state change is the commitment workbench's, faulted on the Subcontract.
    SubcontractChangeOrder: wb(commitments, 'SubcontractChangeOrder', 'SubcontractChangeOrder',
      firstId('subcontract_change_orders', 'subcontractChangeOrderId')),
    PurchaseAgreement: wb(commitments, 'PurchaseAgreement', 'PurchaseAgreement', firstId('purchase_agreements', 'purchaseAgreementId')),
    PurchaseAgreementChangeOrder: wb(commitments, 'PurchaseAgreementChangeOrder', 'PurchaseAgreementChangeOrder',
      firstId('purchase_agreement_change_orders', 'purchaseAgreementChangeOrderId')),
    PurchaseOrder: wb(commitments, 'PurchaseOrder', 'PurchaseOrder', firstId('purchase_orders', 'purchaseOrderId')),
    CostAdjustment: wb(`/pfm/projects/costadjustments?${pq}`, 'CostAdjustment', 'CostAdjustment', firstOpenId('cost_adjustments', 'costAdjustmentId', onProject)),
    ChangeEvent: wb(changes, 'ChangeEvent', 'ChangeEvent', changeEventId),
    ChangeEventItem: wb(changes, 'ChangeEventItem', 'ChangeEventItem', firstId('change_event_items', 'changeEventItemId', 'changeEventId = ?', changeEventId)),
    InitiatingDocument: wb(changes, 'InitiatingDocument', 'ChangeRecord', firstId('change_records', 'changeRecordId', onProject)),
    OwnerAgreement: wb(`/pfm/projects/owneragreements?${pq}`, 'OwnerAgreement', 'OwnerAgreement', firstId('owner_agreements', 'ownerAgreementId', onProject)),
    OwnerAgreementChangeOrder: wb(`/pfm/projects/owneragreements?${pq}`, 'OwnerAgreementChangeOrder', 'OwnerAgreementChangeOrder',
      firstOpenId('owner_agreement_change_orders', 'ownerAgreementChangeOrderId')),
    CostCodeTransactions: wb(grid, 'CostCodeTransactions', 'Budget', budgetId),
    DirectCost: wb(`/pfm/projects/directcosts?${pq}`, 'DirectCost', 'DirectCost', firstId('direct_costs', 'directCostId', onProject)),
    PayApplication: wb(`/pfm/projects/payapplications?${pq}`, 'PayApplication', 'PayApplication', firstId('pay_applications', 'payApplicationId', onProject)),
    AddCostCode: wb(grid, 'AddCostCode', 'Budget', budgetId),
    Email: wb(changes, 'Email', 'ChangeEventItem', firstId('change_event_items', 'changeEventItemId', 'changeEventId = ?', changeEventId), '&activeTab=rfp'),
    ProjectConfiguration: wb(grid, 'ProjectConfiguration', 'Project', projectId),
    DocumentTemplateAdministration: wb(grid, 'DocumentTemplateAdministration'),
    Reports: wb(grid, 'Reports'),
    SurveyInstance: wb(`/pfm/projects/surveys?${pq}`, 'SurveyInstance', 'Survey', firstId('surveys', 'surveyId', onProject)),
    SlimRequest: wb('/sr/slimqueue', 'SlimRequest', 'SlimRequest', firstOpenId('slim_requests', 'requestId',
      "applicationRecordStateId = (SELECT applicationRecordStateId FROM application_record_states WHERE applicationRecordKey = 'SlimRequest' AND name = 'In Review')")),
    RiskAssessment: wb('/sr/sra', 'RiskAssessment', 'Sra', firstOpenId('sras', 'sraId', "level = 'Low'")),
  };

  const screens: ScreenCase[] = [
    { name: 'home', tag: 'portal-home', kind: 'screen', login: 'admin', path: '/',
      keyboard: { name: 'open an application', steps: [{ to: 'a[href]' }], expect: 'navigate' } },
    { name: 'admin home', tag: 'admin-home', kind: 'screen', login: 'admin', path: '/admin',
      keyboard: { name: 'open an admin screen', steps: [{ to: 'a[data-admin-link]' }], expect: 'navigate' } },
    { name: 'app records', tag: 'admin-app-records', kind: 'screen', login: 'admin', path: '/admin/app-records',
      keyboard: { name: 'open a record type', steps: [{ to: 'tr:nth-child(2) [data-open-type]' }], expect: 'shows', shows: 'tr:nth-child(2) [data-open-type][aria-current="true"]' },
      writes: [{ name: 'save the states', prepare: [{ to: '[data-open-type="CostAdjustment"]' }], field: '[data-field="name"]', send: '[data-action="save-states"]' },
        { name: 'save the advancements', send: '[data-action="save-advancements"]',
          // Open → Void is not a quick route in the seed.
          inputs: [{ to: '[data-section="advancements"] tbody tr:nth-child(2) input[type="checkbox"]', check: true }] },
        // Cost adjustments have no secured fields; a change event's title is not editable once Approved (seed).
        { name: 'save the field security', prepare: [{ to: '[data-open-type="ChangeEvent"]' }], send: '[data-action="save-field-security"]',
          inputs: [{ to: '[data-section="field-security"] [data-pick="state"]', value: 'Approved' },
            { to: '[data-section="field-security"] [data-field-row="title"] [data-check="editable"]', check: true }] },
        // The approval matrix: the PM's limit on subcontract change orders is typed, then kept through every fault.
        { name: 'save the approval authority', prepare: [{ to: '[data-open-type="SubcontractChangeOrder"]' }],
          field: '[data-section="approvals"] [data-limit="Project Manager"] [data-field="upToAmount"]', send: '[data-action="save-approvals"]' }] },
    { name: 'user management', tag: 'admin-user-management', kind: 'screen', login: 'admin', path: '/usermanagement',
      keyboard: { name: 'open a user', steps: [{ to: '[data-open-user]' }], expect: 'shows', shows: '[data-open-user][aria-pressed="true"]' },
      writes: [
        { name: 'grant a role', prepare: [{ to: '[data-open-user]:not([aria-pressed="true"])' }], send: '[data-action="grant"]', kept: '[data-table="roles"] tbody',
          inputs: [{ to: '[data-form="grant"] select[name="applicationKey"]', option: 1 }, { to: '[data-form="grant"] select[name="roleName"]', option: 1 }] },
        { name: 'copy roles', inputs: [{ to: '[data-form="copy-roles"] select[name="fromEmployeeId"]', option: 1 }], send: '[data-action="copy-roles"]', kept: '[data-table="roles"] tbody' },
        { name: 'switch the beta flag', start: '[data-action="beta"]', kept: '[data-action="beta"]' },
        { name: 'deactivate', field: 'input[name="reason"]', send: '[data-action="deactivate"]', kept: '[data-profile]' },
        { name: 'revoke a role', start: '[data-table="roles"] [data-action="revoke"]', kept: '[data-table="roles"] tbody' },
      ] },
    { name: 'IT billing', tag: 'it-billing', kind: 'screen', login: 'admin', path: '/billing',
      keyboard: { name: 'run the month', steps: [{ to: '[data-action="run"]' }], expect: 'write' },
      // Post shows only once the month has run: no seeded month has, so the oldest month is run first. The writes act on
      // it: the IT billing spec posts a newer one.
      arrange: oldestBillingMonthRun,
      writes: [{ name: 'run the month', prepare: [{ to: '[data-table="months"] tbody tr:last-child button' }], inputs: [{ to: '[data-method="perHead"]', check: true }],
        send: '[data-action="run"]', kept: '[data-showback] h2 + .badge' },
        { name: 'post the month', start: '[data-action="post"]', send: '[data-action="confirm-post"]', kept: '[data-showback] h2 + .badge' }] },
    { name: 'SRA', tag: 'sr-sra', kind: 'screen', login: 'admin', path: '/sr/sra' },
    { name: 'SLIM queue', tag: 'slim-queue', kind: 'screen', login: 'admin', path: '/sr/slimqueue',
      keyboard: { name: 'start a new request', steps: [{ to: '[data-action="new-request"]' }], expect: 'shows', shows: '[data-form="new-request"]' },
      writes: [{ name: 'raise a new request', start: '[data-action="new-request"]', send: '[data-form="new-request"] [data-action="submit-request"]',
        field: '[data-form="new-request"] [data-field="justification"]',
        inputs: [{ to: '[data-form="new-request"] [data-field="type"]', value: 'New Prequalification' }, { to: '[data-form="new-request"] [data-field="priority"]', value: 'High' },
          { to: '[data-form="new-request"] [data-field="vendorId"]', option: 1 }] }] },
    { name: 'SLIM queues', tag: 'slim-queues', kind: 'screen', login: 'admin', path: '/sr/slimqueue/slimqueues' },
    { name: 'access request', tag: 'pt-access-request', kind: 'screen', login: 'pm', path: '/accessRequest',
      keyboard: { name: 'request access to a project', expect: 'write', steps: [{ to: '[data-field="projectSearch"]', type: '24-' }, { to: '[data-pick-project]', press: 'Enter' },
        { to: '[data-field="endDate"]', type: typedDate(accessEnd) }, { to: '[data-field="justification"]', type: 'Typed by keyboard' }, { to: '[data-action="send-request"]' }] },
      arrange: pendingAccessRequest,
      writes: [{ name: 'request access', prepare: [{ to: '[data-field="projectSearch"]', type: '24-' }, { to: '[data-pick-project]' }],
        inputs: [{ to: '[data-field="endDate"]', value: accessEnd }], field: '[data-field="justification"]', send: '[data-action="send-request"]' },
      // The arranged request's row (the access request spec makes and withdraws others meanwhile).
      { name: 'withdraw a request', start: `${arranged.accessRow} [data-action="withdraw"]`, kept: arranged.accessRow }] },
    { name: 'default assignments', tag: 'pt-default-assignments', kind: 'screen', login: 'admin', path: '/defaultAssignments',
      keyboard: { name: 'start a new rule', steps: [{ to: '[data-action="new-rule"]' }], expect: 'shows', shows: 'form' },
      writes: ['preview', 'save'].map((action) => ({
        name: `${action} a new rule`, start: '[data-action="new-rule"]', send: `[data-rule-form="new"] [data-action="${action}"]`,
        inputs: [{ to: '[data-field="EmployeeId"]', option: 1 }, { to: '[data-field="ProjectRole"]', option: 1 }, { to: '[data-field="EndDays"]', value: '30' },
          { to: '[data-field="RegionId"]', option: 1 }],
      } as WriteCase)).concat(
        { name: 'apply a rule', start: '[data-action="apply"]', kept: '[data-testid="rules"] tbody' },
        { name: 'delete a rule', start: '[data-action="delete"]', kept: '[data-testid="rules"] tbody' },
      ) },
    { name: 'manage timecards', tag: 'tc-manage-timecards', kind: 'screen', login: 'rpm', path: '/teammembertoolbox/timecards',
      keyboard: { name: 'open a week', steps: [{ to: 'a[href*="/timecard?"]' }], expect: 'navigate' } },
    // The manager's approval inbox (issue 29): select everything waiting, then Approve asks to confirm, naming them.
    { name: 'manage timecards (waiting for me)', tag: 'tc-manage-timecards', kind: 'screen', login: 'rpm', path: '/teammembertoolbox/timecards?activeTab=inbox',
      keyboard: { name: 'select all and approve', steps: [{ to: '[data-action="select-all"]', press: 'Space' }, { to: '[data-action="approve"]' }], expect: 'shows', shows: '[data-dialog="inbox-confirm"][open]' } },
    { name: 'timecard', tag: 'tc-timecard', kind: 'screen', login: 'employee', path: `/teammembertoolbox/timecards/timecard?employeeId=${employeeId}&weekStart=${openWeek}`,
      keyboard: {
        name: 'give the reason and save', expect: 'write',
        steps: [{ to: 'textarea#tc-reason', type: 'Typed by keyboard' }, { to: '[data-action="save"]' }],
      },
      writes: [{ name: 'save with a reason', field: 'textarea#tc-reason', send: '[data-action="save"]' }] },
    { name: 'PTO requests', tag: 'pto-requests', kind: 'screen', login: 'employee', path: '/teammembertoolbox/requests',
      arrange: cancellableTimeOff,
      writes: [{ name: 'request time off', prepare: [{ to: '[data-tab="new-request"]' }], field: '[data-field="title"]', send: '[data-action="send"]',
        inputs: [{ to: '[data-field="startDate"]', value: farWeekday }, { to: '[data-field="endDate"]', value: farWeekday }] },
      // The arranged request's row (the time-off spec makes others meanwhile). Optimistic: the request leaves the open
      // list at once (nothing can be sent twice) and comes back on a failure.
      { name: 'cancel a request', prepare: [{ to: '[data-tab="my-requests"]' }], start: `${arranged.timeOffRow} [data-action="cancel"]`,
        kept: arranged.timeOffRow, optimistic: true }] },
    { name: 'projects', tag: 'pfm-projects', kind: 'screen', login: 'pm', path: '/pfm/projects' },
    { name: 'change management', tag: 'pfm-change-management', kind: 'screen', login: 'pm', path: changes },
    { name: 'commitments', tag: 'pfm-commitments', kind: 'screen', login: 'pm', path: commitments },
    { name: 'cost adjustments', tag: 'pfm-cost-adjustments', kind: 'screen', login: 'pm', path: `/pfm/projects/costadjustments?${pq}` },
    { name: 'direct costs', tag: 'pfm-direct-costs', kind: 'screen', login: 'pm', path: `/pfm/projects/directcosts?${pq}` },
    { name: 'pay applications', tag: 'pfm-pay-applications', kind: 'screen', login: 'pm', path: `/pfm/projects/payapplications?${pq}` },
    { name: 'data quality', tag: 'pfm-data-quality', kind: 'screen', login: 'pm', path: `/pfm/projects/dataquality?${pq}` },
    { name: 'owner agreements', tag: 'pfm-owner-agreements', kind: 'screen', login: 'pm', path: `/pfm/projects/owneragreements?${pq}` },
    { name: 'buyout', tag: 'pfm-buyout', kind: 'screen', login: 'pm', path: `/pfm/projects/buyout?${pq}`,
      keyboard: { name: 'start an SRA from a line', steps: [{ to: '[data-start-sra]' }], expect: 'shows', shows: '[data-buyout-sra-form]' },
      writes: [{ name: 'create an SRA from a line', start: '[data-start-sra]', send: '[data-buyout-sra-form] [data-create]', field: '[data-buyout-sra-form] [data-field="description"]',
        inputs: [{ to: '[data-buyout-sra-form] [data-field="vendorId"]', option: 1 }, { to: '[data-buyout-sra-form] [data-field="amount"]', value: '125000' }] }] },
    { name: 'projection grid', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: grid, keyboard: GRID_KEYS },
    { name: 'projection grid (units)', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: `/pfm/projects/projectiongridunit?${pq}`, keyboard: GRID_KEYS },
    { name: 'projection grid (hours)', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: `/pfm/projects/projectiongridhour?${pq}`, keyboard: GRID_KEYS },
    { name: 'forecast periods', tag: 'pfm-forecast', kind: 'screen', login: 'pm', path: `/pfm/projects/forecast?${pq}`,
      keyboard: { name: 'open why the forecast moved, by source', steps: [{ to: '[data-movement] summary' }], expect: 'shows', shows: '[data-movement] details[open]' } },
    { name: 'project surveys', tag: 'pfm-surveys', kind: 'screen', login: 'pm', path: `/pfm/projects/surveys?${pq}` },
    { name: 'project e-sign', tag: 'pfm-esign', kind: 'screen', login: 'pm', path: `/pfm/projects/esign?${pq}`,
      keyboard: { name: 'start a new envelope', steps: [{ to: '[data-new="envelope"]' }], expect: 'shows', shows: '[data-form="new-envelope"]' },
      writes: [{ name: 'send a new envelope', start: '[data-new="envelope"]', send: '[data-form="new-envelope"] [data-send]', field: '[data-form="new-envelope"] [data-field="signer-name"]',
        inputs: [{ to: '[data-form="new-envelope"] [data-field="document"]', option: 1 }, { to: '[data-form="new-envelope"] [data-field="signer-email"]', value: 'vera@vendor.example' }] }] },
    { name: 'surveys (admin)', tag: 'pfm-surveys', kind: 'screen', login: 'admin', path: '/pfm/surveys' },
    { name: 'e-sign (all)', tag: 'pfm-esign', kind: 'screen', login: 'admin', path: '/pfm/esign',
      keyboard: { name: 'show the closed envelopes', steps: [{ to: '[data-list="open"]' }], key: 'ArrowRight', expect: 'shows', shows: '[data-list="closed"][aria-selected="true"]' } },
    { name: 'opportunity timecard cost codes', tag: 'pfm-opportunity-timecard-cost-code', kind: 'screen', login: 'admin', path: '/pfm/opportunitytimecardcostcode',
      keyboard: { name: 'add a cost code to an opportunity', expect: 'write', steps: [{ to: '[data-field="code"]', type: '09-9100-00' }, { to: '[data-field="description"]', type: 'Typed by keyboard' }, { to: '[data-action="add"]' }] },
      writes: [{ name: 'add a cost code', inputs: [{ to: '[data-field="code"]', value: '09-9100-00' }], field: '[data-field="description"]', send: '[data-action="add"]' },
        { name: 'remove a cost code', start: '[data-action="remove"]', kept: '[data-table="opportunities"] tbody' }] },
    { name: 'project closeouts (legacy page)', tag: 'pt-project-closeouts', kind: 'legacy', login: 'admin', path: '/ProjectToolbox/ProjectCloseouts',
      keyboard: { name: 'open a checklist', steps: [{ to: 'a[href]' }], expect: 'navigate' } },
    { name: 'review access (legacy page)', tag: 'pt-review-access', kind: 'legacy', login: 'admin', path: '/ProjectToolbox/ProjectSecurities/reviewaccess',
      // The pm's arranged request waits for a decision (none does in the seed: they expire after 14 days).
      arrange: arrangeAs('pm', pendingAccessRequest),
      keyboard: { name: 'approve a waiting request', expect: 'write', steps: [{ to: `${arranged.reviewRow} [data-select]`, press: 'Space' },
        { to: '[data-field="reason"]', type: 'Typed by keyboard' }, { to: '[data-action="bulk-approve"]' }] },
      writes: [{ name: 'approve a waiting request', inputs: [{ to: `${arranged.reviewRow} [data-select]`, check: true }], field: '[data-field="reason"]',
        send: '[data-action="bulk-approve"]', kept: arranged.reviewRow }] },
    { name: 'regional calendar (legacy page)', tag: 'pto-regional-calendar', kind: 'legacy', login: 'admin', path: '/pr/Requests/ManageRegionalCalendar',
      keyboard: { name: 'add a holiday', expect: 'write', steps: [{ to: '[data-field="holidayDate"]', type: typedDate(holidayDate) }, { to: '[data-field="name"]', type: 'Typed by keyboard' }, { to: '[data-action="save-holiday"]' }] },
      writes: [{ name: 'add a holiday', field: '[data-holiday-form="new"] [data-field="name"]', send: '[data-holiday-form="new"] [data-action="save-holiday"]',
        inputs: [{ to: '[data-holiday-form="new"] [data-field="holidayDate"]', value: holidayDate }, { to: '[data-holiday-form="new"] [data-field="hours"]', value: '4' }] },
        { name: 'delete a holiday', start: '[data-action="delete"]', kept: '[data-testid="holidays"] tbody' }] },
  ];
  // Every workbench kind (src/core/workbench WORKBENCH_KINDS; that module needs a browser, so its keys are checked against src/elements instead).
  const workbenches: ScreenCase[] = Object.entries(workbenchPaths).map(([key, path]) => {
    const login = key === 'SlimRequest' || key === 'RiskAssessment' || key === 'DocumentTemplateAdministration' ? 'admin' : 'pm';
    return { name: workbenchName(key), tag: workbenchTag(key), kind: 'workbench', login, path, writes: WORKBENCH_WRITES[key], keyboard: WORKBENCH_KEYS[key] };
  });
  cached = [...screens, ...workbenches];
  return cached;
}

/** Elements that are frames or outcomes, not screens with data of their own (every other element is in the table). */
export const FRAME_ELEMENTS = ['portal-app', 'portal-header', 'pfm-workbench-host', 'portal-forbidden', 'portal-not-available', 'portal-not-found', 'portal-unprocessable'] as const;

/** The element showing `screen` on the page. */
export function screenElement(page: Page, screen: ScreenCase): Locator {
  return page.locator(screen.tag).first();
}

/**
 * Wait until `screen` has loaded: its element is visible, no loading indicator shows inside it, and its
 * `ready` selector (when it has one) is visible.
 */
// 45 s: on the 2-core CI machine the other worker's heavy loads (data quality over every project, better-sqlite3 is
// synchronous) can hold the host's event loop, and with it the screen's chunk, for more than 20 s.
export async function waitForScreen(page: Page, screen: ScreenCase, timeout = 45_000): Promise<void> {
  const element = screenElement(page, screen);
  await expect(element).toBeVisible({ timeout });
  // Upgraded (a legacy page shows its light-DOM placeholder until the loader defines the element), rendered, and not
  // just saying "Loading …" (screens without a data-state marker).
  await page.waitForFunction((tag) => {
    const find = (root: Document | ShadowRoot): Element | null => {
      const hit = root.querySelector(tag);
      if (hit) return hit;
      for (const el of root.querySelectorAll('*')) {
        const inner = el.shadowRoot && find(el.shadowRoot);
        if (inner) return inner;
      }
      return null;
    };
    const el = find(document);
    const text = (el?.shadowRoot?.textContent ?? '').trim();
    return !!el && !!customElements.get(tag) && text.length > 0 && !/^Loading\b/.test(text);
  }, screen.tag, { timeout });
  await expect(element.locator('[data-state="loading"], [aria-busy="true"], .spinner-border').filter({ visible: true })).toHaveCount(0, { timeout });
  if (screen.ready) await expect(element.locator(screen.ready).first()).toBeVisible({ timeout });
}
