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
import { workbenchName, workbenchTag } from '../../elements/screen-table';
import { screenWrites, writeDates, type WriteCase } from '../../elements/screen-writes';

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

export type { WriteCase, WriteInput } from '../../elements/screen-writes';

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
  // Dates from today (the write table's): as ISO for a fill, as MMDDYYYY for typing into a date input.
  const { accessEnd, holidayDate } = writeDates();
  const typedDate = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;
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
      keyboard: { name: 'open a record type', steps: [{ to: 'tr:nth-child(2) [data-open-type]' }], expect: 'shows', shows: 'tr:nth-child(2) [data-open-type][aria-current="true"]' } },
    { name: 'user management', tag: 'admin-user-management', kind: 'screen', login: 'admin', path: '/usermanagement',
      keyboard: { name: 'open a user', steps: [{ to: '[data-open-user]' }], expect: 'shows', shows: '[data-open-user][aria-pressed="true"]' } },
    { name: 'IT billing', tag: 'it-billing', kind: 'screen', login: 'admin', path: '/billing',
      keyboard: { name: 'run the month', steps: [{ to: '[data-action="run"]' }], expect: 'write' },
      // Post shows only once the month has run: no seeded month has, so the oldest month is run first. The writes (the
      // element suite's; ../../elements/screen-writes.ts) act on it: the IT billing spec posts a newer one.
      arrange: oldestBillingMonthRun },
    { name: 'SRA', tag: 'sr-sra', kind: 'screen', login: 'admin', path: '/sr/sra' },
    { name: 'SLIM queue', tag: 'slim-queue', kind: 'screen', login: 'admin', path: '/sr/slimqueue',
      keyboard: { name: 'start a new request', steps: [{ to: '[data-action="new-request"]' }], expect: 'shows', shows: '[data-form="new-request"]' } },
    { name: 'SLIM queues', tag: 'slim-queues', kind: 'screen', login: 'admin', path: '/sr/slimqueue/slimqueues' },
    { name: 'access request', tag: 'pt-access-request', kind: 'screen', login: 'pm', path: '/accessRequest',
      keyboard: { name: 'request access to a project', expect: 'write', steps: [{ to: '[data-field="projectSearch"]', type: '24-' }, { to: '[data-pick-project]', press: 'Enter' },
        { to: '[data-field="endDate"]', type: typedDate(accessEnd) }, { to: '[data-field="justification"]', type: 'Typed by keyboard' }, { to: '[data-action="send-request"]' }] },
      arrange: pendingAccessRequest },
    { name: 'default assignments', tag: 'pt-default-assignments', kind: 'screen', login: 'admin', path: '/defaultAssignments',
      keyboard: { name: 'start a new rule', steps: [{ to: '[data-action="new-rule"]' }], expect: 'shows', shows: 'form' } },
    { name: 'manage timecards', tag: 'tc-manage-timecards', kind: 'screen', login: 'rpm', path: '/teammembertoolbox/timecards',
      keyboard: { name: 'open a week', steps: [{ to: 'a[href*="/timecard?"]' }], expect: 'navigate' } },
    // The manager's approval inbox (issue 29): select everything waiting, then Approve asks to confirm, naming them.
    { name: 'manage timecards (waiting for me)', tag: 'tc-manage-timecards', kind: 'screen', login: 'rpm', path: '/teammembertoolbox/timecards?activeTab=inbox',
      keyboard: { name: 'select all and approve', steps: [{ to: '[data-action="select-all"]', press: 'Space' }, { to: '[data-action="approve"]' }], expect: 'shows', shows: '[data-dialog="inbox-confirm"][open]' } },
    { name: 'timecard', tag: 'tc-timecard', kind: 'screen', login: 'employee', path: `/teammembertoolbox/timecards/timecard?employeeId=${employeeId}&weekStart=${openWeek}`,
      keyboard: {
        name: 'give the reason and save', expect: 'write',
        steps: [{ to: 'textarea#tc-reason', type: 'Typed by keyboard' }, { to: '[data-action="save"]' }],
      } },
    { name: 'PTO requests', tag: 'pto-requests', kind: 'screen', login: 'employee', path: '/teammembertoolbox/requests',
      arrange: cancellableTimeOff },
    { name: 'projects', tag: 'pfm-projects', kind: 'screen', login: 'pm', path: '/pfm/projects' },
    { name: 'change management', tag: 'pfm-change-management', kind: 'screen', login: 'pm', path: changes },
    { name: 'commitments', tag: 'pfm-commitments', kind: 'screen', login: 'pm', path: commitments },
    { name: 'cost adjustments', tag: 'pfm-cost-adjustments', kind: 'screen', login: 'pm', path: `/pfm/projects/costadjustments?${pq}` },
    { name: 'direct costs', tag: 'pfm-direct-costs', kind: 'screen', login: 'pm', path: `/pfm/projects/directcosts?${pq}` },
    { name: 'pay applications', tag: 'pfm-pay-applications', kind: 'screen', login: 'pm', path: `/pfm/projects/payapplications?${pq}` },
    { name: 'data quality', tag: 'pfm-data-quality', kind: 'screen', login: 'pm', path: `/pfm/projects/dataquality?${pq}` },
    { name: 'owner agreements', tag: 'pfm-owner-agreements', kind: 'screen', login: 'pm', path: `/pfm/projects/owneragreements?${pq}` },
    { name: 'buyout', tag: 'pfm-buyout', kind: 'screen', login: 'pm', path: `/pfm/projects/buyout?${pq}`,
      keyboard: { name: 'start an SRA from a line', steps: [{ to: '[data-start-sra]' }], expect: 'shows', shows: '[data-buyout-sra-form]' } },
    { name: 'projection grid', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: grid, keyboard: GRID_KEYS },
    { name: 'projection grid (units)', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: `/pfm/projects/projectiongridunit?${pq}`, keyboard: GRID_KEYS },
    { name: 'projection grid (hours)', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: `/pfm/projects/projectiongridhour?${pq}`, keyboard: GRID_KEYS },
    { name: 'forecast periods', tag: 'pfm-forecast', kind: 'screen', login: 'pm', path: `/pfm/projects/forecast?${pq}`,
      keyboard: { name: 'open why the forecast moved, by source', steps: [{ to: '[data-movement] summary' }], expect: 'shows', shows: '[data-movement] details[open]' } },
    { name: 'project surveys', tag: 'pfm-surveys', kind: 'screen', login: 'pm', path: `/pfm/projects/surveys?${pq}` },
    { name: 'project e-sign', tag: 'pfm-esign', kind: 'screen', login: 'pm', path: `/pfm/projects/esign?${pq}`,
      keyboard: { name: 'start a new envelope', steps: [{ to: '[data-new="envelope"]' }], expect: 'shows', shows: '[data-form="new-envelope"]' } },
    { name: 'surveys (admin)', tag: 'pfm-surveys', kind: 'screen', login: 'admin', path: '/pfm/surveys' },
    { name: 'e-sign (all)', tag: 'pfm-esign', kind: 'screen', login: 'admin', path: '/pfm/esign',
      keyboard: { name: 'show the closed envelopes', steps: [{ to: '[data-list="open"]' }], key: 'ArrowRight', expect: 'shows', shows: '[data-list="closed"][aria-selected="true"]' } },
    { name: 'opportunity timecard cost codes', tag: 'pfm-opportunity-timecard-cost-code', kind: 'screen', login: 'admin', path: '/pfm/opportunitytimecardcostcode',
      keyboard: { name: 'add a cost code to an opportunity', expect: 'write', steps: [{ to: '[data-field="code"]', type: '09-9100-00' }, { to: '[data-field="description"]', type: 'Typed by keyboard' }, { to: '[data-action="add"]' }] } },
    { name: 'project closeouts (legacy page)', tag: 'pt-project-closeouts', kind: 'legacy', login: 'admin', path: '/ProjectToolbox/ProjectCloseouts',
      keyboard: { name: 'open a checklist', steps: [{ to: 'a[href]' }], expect: 'navigate' } },
    { name: 'review access (legacy page)', tag: 'pt-review-access', kind: 'legacy', login: 'admin', path: '/ProjectToolbox/ProjectSecurities/reviewaccess',
      // The pm's arranged request waits for a decision (none does in the seed: they expire after 14 days).
      arrange: arrangeAs('pm', pendingAccessRequest),
      keyboard: { name: 'approve a waiting request', expect: 'write', steps: [{ to: `${arranged.reviewRow} [data-select]`, press: 'Space' },
        { to: '[data-field="reason"]', type: 'Typed by keyboard' }, { to: '[data-action="bulk-approve"]' }] } },
    { name: 'regional calendar (legacy page)', tag: 'pto-regional-calendar', kind: 'legacy', login: 'admin', path: '/pr/Requests/ManageRegionalCalendar',
      keyboard: { name: 'add a holiday', expect: 'write', steps: [{ to: '[data-field="holidayDate"]', type: typedDate(holidayDate) }, { to: '[data-field="name"]', type: 'Typed by keyboard' }, { to: '[data-action="save-holiday"]' }] } },
  ];
  // Every workbench kind (src/core/workbench WORKBENCH_KINDS; that module needs a browser, so its keys are checked against src/elements instead).
  const workbenches: ScreenCase[] = Object.entries(workbenchPaths).map(([key, path]) => {
    const login = key === 'SlimRequest' || key === 'RiskAssessment' || key === 'DocumentTemplateAdministration' ? 'admin' : 'pm';
    return { name: workbenchName(key), tag: workbenchTag(key), kind: 'workbench', login, path, keyboard: WORKBENCH_KEYS[key] };
  });
  // Each screen's own writes: the table shared with the element suite, with the rows arranged above.
  const writes = screenWrites(arranged);
  cached = [...screens, ...workbenches].map((screen) => (writes[screen.name] ? { ...screen, writes: [...writes[screen.name]!] } : screen));
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
