/**
 * Every screen's own writes, beyond a record form's Save and the shared Change state menu: one table for the element
 * write-fault suite (tests/elements/write-faults.test.tsx, each element alone with a stubbed fetch) and the e2e fault
 * suite's sentinel (tests/e2e/faults.spec.ts through ./support/screens.ts). Keyed by screen name, as in both screen
 * tables (tests/elements/screen-table.ts, tests/e2e/support/screens.ts).
 *
 * Plain data only, as selectors inside the screen's element: the e2e suite imports this module in Node, the element
 * suite in the browser. The rows a write acts on that the e2e suite arranges with real writes first (a cancellable
 * time-off request, a pending access request) are the caller's {@link WriteRows}: the e2e table names them by their
 * seeded text, the element suite by its fixtures.
 */
import { addDays, weekOf } from '../../src/core/timecards';
import { today as centralToday } from '../../src/core/clock';

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

/** The rows a write acts on that the caller provides (selectors inside the screen's element). */
export interface WriteRows {
  /** PTO requests: the employee's open request that may be cancelled. */
  timeOffRow: string;
  /** Access request: the pm's pending request that may be withdrawn. */
  accessRow: string;
  /** Review access: a request waiting for the reviewer's decision. */
  reviewRow: string;
}

/** Dates from today, not fixed ones that would turn invalid with time (as ISO, for a fill). */
export function writeDates() {
  const today = centralToday();
  return {
    /** An access request ends in the future. */
    accessEnd: addDays(today, 30),
    /** A holiday falls in the year the calendar opens on. */
    holidayDate: `${today.slice(0, 4)}-12-30`,
    /** A weekday half a year out: no seeded or test request holds it. */
    farWeekday: addDays(weekOf(new Date()).weekStart, 7 * 26 + 2),
  };
}

/** Screen name → its own writes. */
export function screenWrites(rows: WriteRows): Readonly<Record<string, readonly WriteCase[]>> {
  const { accessEnd, holidayDate, farWeekday } = writeDates();
  return {
    'app records': [
      { name: 'save the states', prepare: [{ to: '[data-open-type="CostAdjustment"]' }], field: '[data-field="name"]', send: '[data-action="save-states"]' },
      { name: 'save the advancements', send: '[data-action="save-advancements"]',
        // Open → Void is not a quick route in the seed.
        inputs: [{ to: '[data-section="advancements"] tbody tr:nth-child(2) input[type="checkbox"]', check: true }] },
      // Cost adjustments have no secured fields; a change event's title is not editable once Approved (seed).
      { name: 'save the field security', prepare: [{ to: '[data-open-type="ChangeEvent"]' }], send: '[data-action="save-field-security"]',
        inputs: [{ to: '[data-section="field-security"] [data-pick="state"]', value: 'Approved' },
          { to: '[data-section="field-security"] [data-field-row="title"] [data-check="editable"]', check: true }] },
      // The approval matrix: the PM's limit on subcontract change orders is typed, then kept through every fault.
      { name: 'save the approval authority', prepare: [{ to: '[data-open-type="SubcontractChangeOrder"]' }],
        field: '[data-section="approvals"] [data-limit="Project Manager"] [data-field="upToAmount"]', send: '[data-action="save-approvals"]' },
    ],
    'user management': [
      { name: 'grant a role', prepare: [{ to: '[data-open-user]:not([aria-pressed="true"])' }], send: '[data-action="grant"]', kept: '[data-table="roles"] tbody',
        inputs: [{ to: '[data-form="grant"] select[name="applicationKey"]', option: 1 }, { to: '[data-form="grant"] select[name="roleName"]', option: 1 }] },
      { name: 'copy roles', inputs: [{ to: '[data-form="copy-roles"] select[name="fromEmployeeId"]', option: 1 }], send: '[data-action="copy-roles"]', kept: '[data-table="roles"] tbody' },
      { name: 'switch the beta flag', start: '[data-action="beta"]', kept: '[data-action="beta"]' },
      { name: 'deactivate', field: 'input[name="reason"]', send: '[data-action="deactivate"]', kept: '[data-profile]' },
      { name: 'revoke a role', start: '[data-table="roles"] [data-action="revoke"]', kept: '[data-table="roles"] tbody' },
    ],
    // Post shows only once the month has run (the e2e suite runs the oldest seeded month first).
    'IT billing': [
      { name: 'run the month', prepare: [{ to: '[data-table="months"] tbody tr:last-child button' }], inputs: [{ to: '[data-method="perHead"]', check: true }],
        send: '[data-action="run"]', kept: '[data-showback] h2 + .badge' },
      { name: 'post the month', start: '[data-action="post"]', send: '[data-action="confirm-post"]', kept: '[data-showback] h2 + .badge' },
    ],
    'SLIM queue': [
      { name: 'raise a new request', start: '[data-action="new-request"]', send: '[data-form="new-request"] [data-action="submit-request"]',
        field: '[data-form="new-request"] [data-field="justification"]',
        inputs: [{ to: '[data-form="new-request"] [data-field="type"]', value: 'New Prequalification' }, { to: '[data-form="new-request"] [data-field="priority"]', value: 'High' },
          { to: '[data-form="new-request"] [data-field="vendorId"]', option: 1 }] },
    ],
    'access request': [
      { name: 'request access', prepare: [{ to: '[data-field="projectSearch"]', type: '24-' }, { to: '[data-pick-project]' }],
        inputs: [{ to: '[data-field="endDate"]', value: accessEnd }], field: '[data-field="justification"]', send: '[data-action="send-request"]' },
      { name: 'withdraw a request', start: `${rows.accessRow} [data-action="withdraw"]`, kept: rows.accessRow },
    ],
    'default assignments': [
      ...['preview', 'save'].map((action): WriteCase => ({
        name: `${action} a new rule`, start: '[data-action="new-rule"]', send: `[data-rule-form="new"] [data-action="${action}"]`,
        inputs: [{ to: '[data-field="EmployeeId"]', option: 1 }, { to: '[data-field="ProjectRole"]', option: 1 }, { to: '[data-field="EndDays"]', value: '30' },
          { to: '[data-field="RegionId"]', option: 1 }],
      })),
      { name: 'apply a rule', start: '[data-action="apply"]', kept: '[data-testid="rules"] tbody' },
      { name: 'delete a rule', start: '[data-action="delete"]', kept: '[data-testid="rules"] tbody' },
    ],
    timecard: [{ name: 'save with a reason', field: 'textarea#tc-reason', send: '[data-action="save"]' }],
    'PTO requests': [
      { name: 'request time off', prepare: [{ to: '[data-tab="new-request"]' }], field: '[data-field="title"]', send: '[data-action="send"]',
        inputs: [{ to: '[data-field="startDate"]', value: farWeekday }, { to: '[data-field="endDate"]', value: farWeekday }] },
      // Optimistic: the request leaves the open list at once (nothing can be sent twice) and comes back on a failure.
      { name: 'cancel a request', prepare: [{ to: '[data-tab="my-requests"]' }], start: `${rows.timeOffRow} [data-action="cancel"]`, kept: rows.timeOffRow, optimistic: true },
    ],
    buyout: [
      { name: 'create an SRA from a line', start: '[data-start-sra]', send: '[data-buyout-sra-form] [data-create]', field: '[data-buyout-sra-form] [data-field="description"]',
        inputs: [{ to: '[data-buyout-sra-form] [data-field="vendorId"]', option: 1 }, { to: '[data-buyout-sra-form] [data-field="amount"]', value: '125000' }] },
    ],
    'project e-sign': [
      { name: 'send a new envelope', start: '[data-new="envelope"]', send: '[data-form="new-envelope"] [data-send]', field: '[data-form="new-envelope"] [data-field="signer-name"]',
        inputs: [{ to: '[data-form="new-envelope"] [data-field="document"]', option: 1 }, { to: '[data-form="new-envelope"] [data-field="signer-email"]', value: 'vera@vendor.example' }] },
    ],
    'opportunity timecard cost codes': [
      { name: 'add a cost code', inputs: [{ to: '[data-field="code"]', value: '09-9100-00' }], field: '[data-field="description"]', send: '[data-action="add"]' },
      { name: 'remove a cost code', start: '[data-action="remove"]', kept: '[data-table="opportunities"] tbody' },
    ],
    'review access (legacy page)': [
      { name: 'approve a waiting request', inputs: [{ to: `${rows.reviewRow} [data-select]`, check: true }], field: '[data-field="reason"]',
        send: '[data-action="bulk-approve"]', kept: rows.reviewRow },
    ],
    'regional calendar (legacy page)': [
      { name: 'add a holiday', field: '[data-holiday-form="new"] [data-field="name"]', send: '[data-holiday-form="new"] [data-action="save-holiday"]',
        inputs: [{ to: '[data-holiday-form="new"] [data-field="holidayDate"]', value: holidayDate }, { to: '[data-holiday-form="new"] [data-field="hours"]', value: '4' }] },
      { name: 'delete a holiday', start: '[data-action="delete"]', kept: '[data-testid="holidays"] tbody' },
    ],
    // The workbenches' moves are buttons of their own, not the shared Change state menu.
    'Slim Request workbench': [
      { name: 'put on hold', start: '[data-moves] [data-move^="On Hold"]', field: '[data-move-form] textarea', send: '[data-action="confirm-move"]', kept: '[data-state-badge]' },
      { name: 'post a comment', field: 'form:has([data-action="post-comment"]) textarea', send: '[data-action="post-comment"]' },
    ],
    'Risk Assessment workbench': [{ name: 'submit', start: '[data-move="Submitted"]', kept: '[data-state-name]' }],
    'Add Cost Code workbench': [{ name: 'add a cost code', field: 'input[maxlength="200"]', send: 'button[type="submit"]',
      inputs: [{ to: 'input[placeholder="00-0000-00"]', value: '01-9999-00' }, { to: 'select', value: 'L' }, { to: 'input[inputmode="decimal"]', value: '100' }] }],
  };
}

/**
 * The three write sentinels that still go through real sign-in and the real host (tests/e2e/faults.spec.ts): a record
 * form's Save and the shared Change state menu on one workbench, and one screen's optimistic write. Every other screen's
 * write faults are the element suite's.
 */
export const WRITE_SENTINELS = {
  /** Its record form's Save and its Change state menu (the seed's first subcontract is a Draft). */
  saveAndStateChange: 'Subcontract workbench',
  /** Its `cancel a request`: an optimistic row, put back on a failure. */
  optimistic: { screen: 'PTO requests', write: 'cancel a request' },
} as const;

/**
 * The record forms, by element: a Save (`[data-save]`) with a text field (`field`: which one, when not the first the
 * user may type into; `button`: the Save, when not `[data-save]`; `typed`: what, when not words; `unlock`: a control that unlocks the form first), and the shared Change state menu with a target this user may choose. The element suite fails
 * when one of them does not show.
 */
export const RECORD_FORMS: Readonly<Record<string, { save?: true; button?: string; field?: string; typed?: string; unlock?: string; stateChange?: true }>> = {
  'wb-subcontract': { save: true, stateChange: true },
  'wb-subcontract-change-order': { save: true, stateChange: true },
  'wb-purchase-agreement': { save: true, stateChange: true },
  'wb-purchase-agreement-change-order': { save: true, stateChange: true },
  'wb-purchase-order': { save: true, stateChange: true },
  'wb-cost-adjustment': { save: true, stateChange: true },
  'wb-direct-cost': { save: true, stateChange: true },
  'wb-owner-agreement': { save: true, unlock: '[data-locked] [data-edit]', stateChange: true },
  'wb-owner-agreement-change-order': { save: true, unlock: '[data-locked] [data-edit]', stateChange: true },
  // Its form is the continuation sheet: amounts only.
  'wb-pay-application': { save: true, field: 'input[data-cell="thisPeriod"]', typed: '1234', stateChange: true },
  // The change management forms' Save (src/features/change-management/form.tsx); the e2e suite did not find it.
  'wb-change-event': { save: true, field: '[data-field="title"]', button: 'form:has([data-field="title"]) button[type="submit"]' },
  'wb-change-event-item': { save: true, button: 'form button[type="submit"]' },
  'wb-initiating-document': { save: true, button: 'form button[type="submit"]' },
  'wb-risk-assessment': { save: true },
};

/**
 * Screens whose writes cannot be driven with stubbed data, each with why: the e2e fault suite keeps faulting them
 * through real sign-in, the element suite leaves them out.
 */
export const WRITES_KEPT_IN_E2E: Readonly<Record<string, string>> = {};
