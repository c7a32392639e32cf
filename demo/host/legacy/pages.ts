/**
 * The legacy ASP.NET host's full-page hand-off targets (§2), as simple server-rendered pages in the
 * old look: they show the path and the query string they received and embed one widget through the
 * loader, as a real legacy cost-management page would.
 */
import { html, raw } from '../html';

export interface LegacyPage {
  /** The path as §2 spells it (matching is case-insensitive). */
  path: string;
  title: string;
  /** The element the page embeds. */
  tag: string;
  /** The element's attributes from the query: attribute name → query parameter name (or a function). */
  attributes: Record<string, string | ((query: URLSearchParams, path: string) => string)>;
}

/**
 * The screen each legacy page will embed once its element exists; until then it embeds
 * <portal-not-available> naming that screen, with the ids the page received.
 */
const planned = (tag: string, screen: string) => ({
  tag: 'portal-not-available',
  attributes: { screen: () => screen, tag: () => tag, 'project-id': 'projectId', 'record-id': 'recordId' },
});

/** Path → page. */
export const LEGACY_PAGES: readonly LegacyPage[] = [
  { path: '/costmanagement/costmanagement/cm', title: 'Cost Management', ...planned('pfm-projection-grid', 'Cost Management') },
  { path: '/costmanagement/costmanagement/changemanagement', title: 'Change Management', ...planned('pfm-change-management', 'Change Management') },
  { path: '/SR/Brats', title: 'BRATs', ...planned('pfm-buyout', 'Buyout Risk Assessment') },
  { path: '/sr/Brats/BuyoutProject', title: 'Buyout Project', ...planned('pfm-buyout', 'Buyout Project') },
  { path: '/pr/Timecards/Timecard', title: 'Timecard', ...planned('tc-timecard', 'Timecard') },
  { path: '/pr/Timecards', title: 'Timecards', ...planned('tc-manage-timecards', 'Timecards') },
  { path: '/pr/Timecards/weeklyredirect', title: 'Weekly Timecard', ...planned('tc-timecard', 'Weekly Timecard') },
  { path: '/pr/Requests', title: 'Time-Off Requests', ...planned('pto-requests', 'Time-Off Requests') },
  { path: '/pr/Requests/ManageRegionalCalendar', title: 'Regional Calendar', ...planned('pto-regional-calendar', 'Regional Calendar') },
  { path: '/CostManagement/Projects', title: 'Projects', ...planned('pfm-projects', 'Cost Management Projects') },
  { path: '/ProjectToolbox/ProjectCloseouts', title: 'Project Closeouts', ...planned('pt-project-closeouts', 'Project Closeouts') },
  { path: '/ProjectToolbox/ProjectSecurities/request', title: 'Project Access Request', ...planned('pt-access-request', 'Project Access Request') },
  { path: '/ProjectToolbox/ProjectSecurities/reviewaccess', title: 'Review Project Access', ...planned('pt-review-access', 'Review Project Access') },
];

/** The page for a request path (case-insensitive, trailing slash ignored), or undefined. */
export function findLegacyPage(pathname: string): LegacyPage | undefined {
  const wanted = pathname.replace(/\/+$/, '').toLowerCase();
  return LEGACY_PAGES.find((page) => page.path.toLowerCase() === wanted);
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
  const attributes = Object.entries(page.attributes).map(([name, source]) => {
    const value = typeof source === 'function' ? source(query, decodedPath) : (query.get(source) ?? '');
    return html` ${name}="${value}"`;
  });
  const parameters = [...query.entries()].map(([name, value]) => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`);
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${page.title} - Summit Builders Intranet</title>
<link rel="stylesheet" href="/legacy-assets/legacy.css">
<script type="module" src="/dist/loader.js"></script>
</head>
<body>
<table class="frame" cellspacing="0" cellpadding="0">
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
<fieldset class="request">
<legend>Request received</legend>
<dl>
<dt>Path</dt><dd id="legacy-path">${decodedPath}</dd>
<dt>Query string</dt><dd id="legacy-query">${search}</dd>
</dl>
${raw(parameters.length ? html`<table class="grid" id="legacy-parameters"><caption>Query parameters</caption><tbody>${raw(parameters.join(''))}</tbody></table>` : '')}
</fieldset>
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
