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
  const changeEventId = firstId('change_events', 'changeEventId', `changeRecordId IN (SELECT changeRecordId FROM change_records WHERE ${onProject})`);
  const workbenchPaths: Record<string, string> = {
    Subcontract: wb(commitments, 'Subcontract', 'Subcontract', subcontractId),
    SubcontractChangeOrder: wb(commitments, 'SubcontractChangeOrder', 'SubcontractChangeOrder',
      firstId('subcontract_change_orders', 'subcontractChangeOrderId')),
    PurchaseAgreement: wb(commitments, 'PurchaseAgreement', 'PurchaseAgreement', firstId('purchase_agreements', 'purchaseAgreementId')),
    PurchaseAgreementChangeOrder: wb(commitments, 'PurchaseAgreementChangeOrder', 'PurchaseAgreementChangeOrder',
      firstId('purchase_agreement_change_orders', 'purchaseAgreementChangeOrderId')),
    PurchaseOrder: wb(commitments, 'PurchaseOrder', 'PurchaseOrder', firstId('purchase_orders', 'purchaseOrderId')),
    CostAdjustment: wb(`/pfm/projects/costadjustments?${pq}`, 'CostAdjustment', 'CostAdjustment', firstId('cost_adjustments', 'costAdjustmentId', onProject)),
    ChangeEvent: wb(changes, 'ChangeEvent', 'ChangeEvent', changeEventId),
    ChangeEventItem: wb(changes, 'ChangeEventItem', 'ChangeEventItem', firstId('change_event_items', 'changeEventItemId', 'changeEventId = ?', changeEventId)),
    InitiatingDocument: wb(changes, 'InitiatingDocument', 'ChangeRecord', firstId('change_records', 'changeRecordId', onProject)),
    OwnerAgreement: wb(`/pfm/projects/owneragreements?${pq}`, 'OwnerAgreement', 'OwnerAgreement', firstId('owner_agreements', 'ownerAgreementId', onProject)),
    OwnerAgreementChangeOrder: wb(`/pfm/projects/owneragreements?${pq}`, 'OwnerAgreementChangeOrder', 'OwnerAgreementChangeOrder',
      firstId('owner_agreement_change_orders', 'ownerAgreementChangeOrderId')),
    CostCodeTransactions: wb(grid, 'CostCodeTransactions', 'Budget', budgetId),
    DirectCost: wb(`/pfm/projects/directcosts?${pq}`, 'DirectCost', 'DirectCost', firstId('direct_costs', 'directCostId', onProject)),
    AddCostCode: wb(grid, 'AddCostCode', 'Budget', budgetId),
    Email: wb(changes, 'Email', 'ChangeEventItem', firstId('change_event_items', 'changeEventItemId', 'changeEventId = ?', changeEventId), '&activeTab=rfp'),
    ProjectConfiguration: wb(grid, 'ProjectConfiguration', 'Project', projectId),
    DocumentTemplateAdministration: wb(grid, 'DocumentTemplateAdministration'),
    Reports: wb(grid, 'Reports'),
    SurveyInstance: wb(`/pfm/projects/surveys?${pq}`, 'SurveyInstance', 'Survey', firstId('surveys', 'surveyId', onProject)),
    SlimRequest: wb('/sr/slimqueue', 'SlimRequest', 'SlimRequest', firstId('slim_requests', 'requestId')),
    RiskAssessment: wb('/sr/sra', 'RiskAssessment', 'Sra', firstId('sras', 'sraId')),
  };

  const screens: ScreenCase[] = [
    { name: 'home', tag: 'portal-home', kind: 'screen', login: 'admin', path: '/' },
    { name: 'admin home', tag: 'admin-home', kind: 'screen', login: 'admin', path: '/admin' },
    { name: 'app records', tag: 'admin-app-records', kind: 'screen', login: 'admin', path: '/admin/app-records' },
    { name: 'user management', tag: 'admin-user-management', kind: 'screen', login: 'admin', path: '/usermanagement' },
    { name: 'IT billing', tag: 'it-billing', kind: 'screen', login: 'admin', path: '/billing' },
    { name: 'SRA', tag: 'sr-sra', kind: 'screen', login: 'admin', path: '/sr/sra' },
    { name: 'SLIM queue', tag: 'slim-queue', kind: 'screen', login: 'admin', path: '/sr/slimqueue' },
    { name: 'SLIM queues', tag: 'slim-queues', kind: 'screen', login: 'admin', path: '/sr/slimqueue/slimqueues' },
    { name: 'access request', tag: 'pt-access-request', kind: 'screen', login: 'pm', path: '/accessRequest' },
    { name: 'default assignments', tag: 'pt-default-assignments', kind: 'screen', login: 'admin', path: '/defaultAssignments' },
    { name: 'manage timecards', tag: 'tc-manage-timecards', kind: 'screen', login: 'rpm', path: '/teammembertoolbox/timecards' },
    { name: 'timecard', tag: 'tc-timecard', kind: 'screen', login: 'employee', path: '/teammembertoolbox/timecards/timecard' },
    { name: 'PTO requests', tag: 'pto-requests', kind: 'screen', login: 'employee', path: '/teammembertoolbox/requests' },
    { name: 'projects', tag: 'pfm-projects', kind: 'screen', login: 'pm', path: '/pfm/projects' },
    { name: 'change management', tag: 'pfm-change-management', kind: 'screen', login: 'pm', path: changes },
    { name: 'commitments', tag: 'pfm-commitments', kind: 'screen', login: 'pm', path: commitments },
    { name: 'cost adjustments', tag: 'pfm-cost-adjustments', kind: 'screen', login: 'pm', path: `/pfm/projects/costadjustments?${pq}` },
    { name: 'direct costs', tag: 'pfm-direct-costs', kind: 'screen', login: 'pm', path: `/pfm/projects/directcosts?${pq}` },
    { name: 'data quality', tag: 'pfm-data-quality', kind: 'screen', login: 'pm', path: `/pfm/projects/dataquality?${pq}` },
    { name: 'owner agreements', tag: 'pfm-owner-agreements', kind: 'screen', login: 'pm', path: `/pfm/projects/owneragreements?${pq}` },
    { name: 'buyout', tag: 'pfm-buyout', kind: 'screen', login: 'pm', path: `/pfm/projects/buyout?${pq}` },
    { name: 'projection grid', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: grid },
    { name: 'projection grid (units)', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: `/pfm/projects/projectiongridunit?${pq}` },
    { name: 'projection grid (hours)', tag: 'pfm-projection-grid', kind: 'screen', login: 'pm', path: `/pfm/projects/projectiongridhour?${pq}` },
    { name: 'project surveys', tag: 'pfm-surveys', kind: 'screen', login: 'pm', path: `/pfm/projects/surveys?${pq}` },
    { name: 'project e-sign', tag: 'pfm-esign', kind: 'screen', login: 'pm', path: `/pfm/projects/esign?${pq}` },
    { name: 'surveys (admin)', tag: 'pfm-surveys', kind: 'screen', login: 'admin', path: '/pfm/surveys' },
    { name: 'e-sign (all)', tag: 'pfm-esign', kind: 'screen', login: 'admin', path: '/pfm/esign' },
    { name: 'opportunity timecard cost codes', tag: 'pfm-opportunity-timecard-cost-code', kind: 'screen', login: 'admin', path: '/pfm/opportunitytimecardcostcode' },
    { name: 'project closeouts (legacy page)', tag: 'pt-project-closeouts', kind: 'legacy', login: 'admin', path: '/ProjectToolbox/ProjectCloseouts' },
    { name: 'review access (legacy page)', tag: 'pt-review-access', kind: 'legacy', login: 'admin', path: '/ProjectToolbox/ProjectSecurities/reviewaccess' },
    { name: 'regional calendar (legacy page)', tag: 'pto-regional-calendar', kind: 'legacy', login: 'admin', path: '/pr/Requests/ManageRegionalCalendar' },
  ];
  // Every workbench kind (src/core/workbench WORKBENCH_KINDS; that module needs a browser, so its keys are checked against src/elements instead).
  const workbenches: ScreenCase[] = Object.entries(workbenchPaths).map(([key, path]) => {
    const login = key === 'SlimRequest' || key === 'RiskAssessment' || key === 'DocumentTemplateAdministration' ? 'admin' : 'pm';
    const tag = `wb-${key.replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`)}`;
    return { name: `${key.replace(/(?<=[a-z])(?=[A-Z])/g, ' ')} workbench`, tag, kind: 'workbench', login, path };
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
export async function waitForScreen(page: Page, screen: ScreenCase, timeout = 20_000): Promise<void> {
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
