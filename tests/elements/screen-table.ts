/**
 * Every screen and workbench of the product as an element mounted alone (as a legacy page embeds it): the table of
 * the element fault suites (tests/elements/load-faults.test.tsx; tests/elements/write-faults.test.tsx for the screens
 * that write, with ./screen-writes.ts). It names the same screens as the e2e table
 * (tests/e2e/support/screens.ts), which needs Playwright and the e2e database and so cannot be bundled for a browser;
 * `tests/e2e/screens-table.spec.ts` fails when the two tables differ, so neither can lose a screen.
 *
 * Plain data only: the e2e spec imports this module in Node.
 */

export interface ElementScreen {
  /** As in the e2e table (its test titles): 'projects', 'Direct Cost workbench'. */
  name: string;
  /** The element that shows it. */
  tag: string;
  /** Its attributes: the record it shows (ids of the element tests' fixtures, not of the seed). */
  attributes?: Readonly<Record<string, string>>;
  /**
   * The screen shows no data load's failure of its own: the portal home greets the user whatever fails, the Reports
   * workbench lists the reports it offers (each download is its own call, with its own message).
   */
  noOwnLoad?: true;
}

const project = { 'project-id': '1', 'budget-id': '1' } as const;

/** The workbench kinds (src/core/workbench), each with the record its element test opens. */
const WORKBENCHES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Subcontract: { 'record-key': 'Subcontract', 'record-id': '1' },
  SubcontractChangeOrder: { 'record-key': 'SubcontractChangeOrder', 'record-id': '1' },
  PurchaseAgreement: { 'record-key': 'PurchaseAgreement', 'record-id': '1' },
  PurchaseAgreementChangeOrder: { 'record-key': 'PurchaseAgreementChangeOrder', 'record-id': '1' },
  PurchaseOrder: { 'record-key': 'PurchaseOrder', 'record-id': '1' },
  CostAdjustment: { 'record-key': 'CostAdjustment', 'record-id': '2' },
  ChangeEvent: { 'record-key': 'ChangeEvent', 'record-id': '1' },
  ChangeEventItem: { 'record-key': 'ChangeEventItem', 'record-id': '7' },
  InitiatingDocument: { 'record-key': 'ChangeRecord', 'record-id': '1' },
  OwnerAgreement: { 'record-key': 'OwnerAgreement', 'record-id': '1' },
  OwnerAgreementChangeOrder: { 'record-key': 'OwnerAgreementChangeOrder', 'record-id': '2' },
  CostCodeTransactions: { 'record-key': 'Budget', 'record-id': '1' },
  DirectCost: { 'record-key': 'DirectCost', 'record-id': '1' },
  PayApplication: { 'record-key': 'PayApplication', 'record-id': '1' },
  AddCostCode: { 'record-key': 'Budget', 'record-id': '1' },
  Email: { 'record-key': 'ChangeEventItem', 'record-id': '7', 'active-tab': 'rfp' },
  ProjectConfiguration: { 'record-key': 'Project', 'record-id': '1' },
  DocumentTemplateAdministration: {},
  Reports: { 'record-key': 'Budget', 'record-id': '1' },
  SurveyInstance: { 'record-key': 'Survey', 'record-id': '1' },
  SlimRequest: { 'record-key': 'SlimRequest', 'record-id': '1' },
  RiskAssessment: { 'record-key': 'Sra', 'record-id': '1' },
};

/** A workbench's name and tag in both tables ('DirectCost' → 'Direct Cost workbench', `wb-direct-cost`). */
export const workbenchName = (kind: string): string => `${kind.replace(/(?<=[a-z])(?=[A-Z])/g, ' ')} workbench`;
export const workbenchTag = (kind: string): string => `wb-${kind.replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`)}`;

export const ELEMENT_SCREENS: readonly ElementScreen[] = [
  { name: 'home', tag: 'portal-home', noOwnLoad: true },
  { name: 'admin home', tag: 'admin-home' },
  { name: 'app records', tag: 'admin-app-records' },
  { name: 'user management', tag: 'admin-user-management' },
  { name: 'IT billing', tag: 'it-billing' },
  { name: 'SRA', tag: 'sr-sra' },
  { name: 'SLIM queue', tag: 'slim-queue' },
  { name: 'SLIM queues', tag: 'slim-queues' },
  { name: 'access request', tag: 'pt-access-request' },
  { name: 'default assignments', tag: 'pt-default-assignments' },
  { name: 'manage timecards', tag: 'tc-manage-timecards' },
  { name: 'manage timecards (waiting for me)', tag: 'tc-manage-timecards', attributes: { 'active-tab': 'inbox' } },
  { name: 'timecard', tag: 'tc-timecard', attributes: { 'employee-id': '7' } },
  { name: 'PTO requests', tag: 'pto-requests' },
  { name: 'projects', tag: 'pfm-projects' },
  { name: 'change management', tag: 'pfm-change-management', attributes: project },
  { name: 'commitments', tag: 'pfm-commitments', attributes: project },
  { name: 'cost adjustments', tag: 'pfm-cost-adjustments', attributes: project },
  { name: 'direct costs', tag: 'pfm-direct-costs', attributes: project },
  { name: 'pay applications', tag: 'pfm-pay-applications', attributes: project },
  { name: 'data quality', tag: 'pfm-data-quality', attributes: project },
  { name: 'owner agreements', tag: 'pfm-owner-agreements', attributes: project },
  { name: 'buyout', tag: 'pfm-buyout', attributes: project },
  { name: 'projection grid', tag: 'pfm-projection-grid', attributes: project },
  { name: 'projection grid (units)', tag: 'pfm-projection-grid', attributes: { ...project, variant: 'unit' } },
  { name: 'projection grid (hours)', tag: 'pfm-projection-grid', attributes: { ...project, variant: 'hour' } },
  { name: 'forecast periods', tag: 'pfm-forecast', attributes: project },
  { name: 'project surveys', tag: 'pfm-surveys', attributes: project },
  { name: 'project e-sign', tag: 'pfm-esign', attributes: project },
  { name: 'surveys (admin)', tag: 'pfm-surveys' },
  { name: 'e-sign (all)', tag: 'pfm-esign' },
  { name: 'opportunity timecard cost codes', tag: 'pfm-opportunity-timecard-cost-code' },
  { name: 'project closeouts (legacy page)', tag: 'pt-project-closeouts' },
  { name: 'review access (legacy page)', tag: 'pt-review-access' },
  { name: 'regional calendar (legacy page)', tag: 'pto-regional-calendar' },
  ...Object.entries(WORKBENCHES).map(([kind, attributes]): ElementScreen => ({
    name: workbenchName(kind), tag: workbenchTag(kind), attributes, ...(kind === 'Reports' ? { noOwnLoad: true as const } : {}),
  })),
];

/**
 * Browser noise that is a failure's own log line: the faulted response, the logged load failure ('… failed' with the
 * `HTTP error! Status: …` of core/api), a connection reset. Shared by the e2e and the element fault suites.
 */
export const FAILURE_LOG = /Failed to load resource|net::ERR_CONNECTION_RESET|HTTP error! Status: (401|403|409|500|503)|Network error|could not be loaded|load failed|Failed to fetch/i;
