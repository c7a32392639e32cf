/**
 * The legacy ASP.NET host's full-page hand-off targets (§2), as simple server-rendered pages in the
 * old look (Bootstrap 3, whose `html { font-size: 10px }` is typical of old ASP.NET pages, then the
 * site's own table layout and Verdana): each embeds one widget through the loader, configured from the
 * query, as a real legacy page would, and nothing of the demo's own (no echo of the request it received).
 * The widget signs in by itself, opens its workbenches over the page (it adds a `<pfm-workbench-host>`)
 * and shows toasts and message boxes (`<portal-overlays>`).
 */
import { html, raw } from '../html';

/** Where an attribute's value comes from: a query parameter's name (any case), or a function of the query. */
export type AttributeSource = string | ((query: URLSearchParams, path: string) => string);

export interface LegacyPage {
  /** The path as §2 spells it (matching is case-insensitive). */
  path: string;
  title: string;
  /** The element the page embeds. */
  tag: string;
  /**
   * The element's attributes from the query: attribute name → query parameter name (any case; the
   * attribute is left out when the query lacks the parameter) or a function (always written).
   */
  attributes: Record<string, AttributeSource>;
}

/** The §2 query of PFM screens that a project screen takes as attributes. */
const PROJECT = { 'project-id': 'projectId', 'budget-id': 'budgetId' } as const;

/** The §2 timecard query as attributes (`<tc-timecard>`, `<tc-manage-timecards>`). */
const TIMECARD = {
  'employee-id': 'employeeId', 'timecard-id': 'timecardId', 'record-id': 'recordId', 'record-key': 'recordKey', workbench: 'workbench',
  'active-tray': 'activeTray', 'active-tab': 'activeTab', search: 'search', 'week-start': 'weekStart',
} as const;

/** Path → page. */
export const LEGACY_PAGES: readonly LegacyPage[] = [
  { path: '/costmanagement/costmanagement/cm', title: 'Cost Management', tag: 'pfm-projection-grid', attributes: { ...PROJECT } },
  {
    path: '/costmanagement/costmanagement/changemanagement', title: 'Change Management', tag: 'pfm-change-management',
    attributes: { ...PROJECT, 'active-tab': 'activeTab', 'record-key': 'recordKey', 'record-id': 'recordId', workbench: 'workbench' },
  },
  { path: '/SR/Brats', title: 'BRATs', tag: 'pfm-buyout', attributes: { ...PROJECT } },
  { path: '/sr/Brats/BuyoutProject', title: 'Buyout Project', tag: 'pfm-buyout', attributes: { ...PROJECT } },
  { path: '/pr/Timecards/Timecard', title: 'Timecard', tag: 'tc-timecard', attributes: { ...TIMECARD } },
  { path: '/pr/Timecards', title: 'Timecards', tag: 'tc-manage-timecards', attributes: { ...TIMECARD } },
  { path: '/pr/Timecards/weeklyredirect', title: 'Weekly Timecard', tag: 'tc-timecard', attributes: { ...TIMECARD } },
  {
    path: '/pr/Requests', title: 'Time-Off Requests', tag: 'pto-requests',
    attributes: { 'record-id': 'recordId', 'record-key': 'recordKey', workbench: 'workbench', 'active-tray': 'activeTray', 'active-tab': 'activeTab' },
  },
  { path: '/pr/Requests/ManageRegionalCalendar', title: 'Regional Calendar', tag: 'pto-regional-calendar', attributes: { 'region-id': 'regionId', year: 'year' } },
  { path: '/CostManagement/Projects', title: 'Projects', tag: 'pfm-projects', attributes: {} },
  { path: '/ProjectToolbox/ProjectCloseouts', title: 'Project Closeouts', tag: 'pt-project-closeouts', attributes: { 'project-id': 'projectId' } },
  // Issue 15 (access requests): the request form pre-filled with ?projectId=, the review page (the bell's link).
  { path: '/ProjectToolbox/ProjectSecurities/request', title: 'Project Access Request', tag: 'pt-access-request', attributes: { 'project-id': 'projectId' } },
  { path: '/ProjectToolbox/ProjectSecurities/reviewaccess', title: 'Review Project Access', tag: 'pt-review-access', attributes: { 'project-id': 'projectId' } },
];

/** The page for a request path (case-insensitive, trailing slash ignored), or undefined. */
export function findLegacyPage(pathname: string): LegacyPage | undefined {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase();
  return LEGACY_PAGES.find((page) => page.path.toLowerCase() === wanted);
}

/** The first value of query parameter `name`, whatever its case (legacy links write ProjectId=). */
function queryValue(query: URLSearchParams, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of query) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** Render the page for `page` as requested at `url` (path plus query, as received). */
export function renderLegacyPage(page: LegacyPage, url: string): string {
  const questionMark = url.indexOf('?');
  const pathname = questionMark === -1 ? url : url.slice(0, questionMark);
  const search = questionMark === -1 ? '' : url.slice(questionMark + 1);
  const query = new URLSearchParams(search);
  let decodedPath = pathname;
  try {
    decodedPath = decodeURIComponent(pathname);
  } catch {
    // keep the raw path when it is not valid percent-encoding
  }
  const attributes = Object.entries(page.attributes).flatMap(([name, source]) => {
    const value = typeof source === 'function' ? source(query, decodedPath) : queryValue(query, source);
    return value === undefined ? [] : [html` ${name}="${value}"`];
  });
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} - Summit Builders Intranet</title>
<link rel="stylesheet" href="/demo/bootstrap3-like.css">
<link rel="stylesheet" href="/legacy-assets/legacy.css">
<script type="module" src="/dist/loader.js"></script>
</head>
<body>
<table class="frame" role="presentation" cellspacing="0" cellpadding="0">
<tr><td class="banner" colspan="2"><span class="logo">Summit Builders</span> <span class="app">Intranet · ${page.title}</span></td></tr>
<tr>
<td class="nav">
<ul>
<li><a href="/">Portal Home</a></li>
<li><a href="/CostManagement/Projects">Cost Management</a></li>
<li><a href="/pr/Timecards?noRedirect=1">Timecards</a></li>
<li><a href="/pr/Requests?noRedirect=1">Time-Off Requests</a></li>
<li><a href="/ProjectToolbox/ProjectCloseouts">Project Toolbox</a></li>
</ul>
</td>
<td class="content">
<h1>${page.title}</h1>
<div class="widget" id="legacy-widget">
<${raw(page.tag)}${raw(attributes.join(''))}>Loading…</${raw(page.tag)}>
</div>
</td>
</tr>
<tr><td class="footer" colspan="2">© Summit Builders · Legacy host (demo)</td></tr>
</table>
</body>
</html>`;
}
