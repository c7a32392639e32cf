import { expect } from 'chai';
import {
  CHANGE_MANAGEMENT_TABS, MISSING_ID, QUERY_SCHEMAS, ROUTES, guardAllows, handoffUrl, hasInvalidProjectOrBudget, matchRoute,
  pageTitle, parseIntParam, parseQuery, resolveLocation, routeByName, type Resolution, type ScreenRoute,
} from '../../src/core/router';
import type { RoleEntry } from '../../src/core/access';
import { strippedAddress } from '../../src/core/router/strip';

const context = { host: 'portal.example.com', legacyOrigin: 'https://legacy.example.com' };
const resolve = (url: string): Resolution => {
  const parsed = new URL(url, 'https://portal.example.com');
  return resolveLocation(parsed.pathname, parsed.searchParams, context);
};
const screen = (url: string) => {
  const result = resolve(url);
  if (result.kind !== 'screen') throw new Error(`${url} resolved to ${result.kind}`);
  return result;
};

describe('router: query parameters (§2, §9)', () => {
  it('parses integers strictly and falls back to -1', () => {
    expect(MISSING_ID).to.equal(-1);
    expect(parseIntParam('12')).to.equal(12);
    expect(parseIntParam('-3')).to.equal(-3);
    expect(parseIntParam(' 7 ')).to.equal(7);
    for (const bad of ['', 'abc', '1.5', '1e3', '12abc', '0x10', '99999999999999999999', null, undefined]) {
      expect(parseIntParam(bad), String(bad)).to.equal(undefined);
    }
  });

  it('gives every PFM screen its ids (default -1) and strings (default empty)', () => {
    const query = parseQuery(QUERY_SCHEMAS.pfm, new URLSearchParams('projectId=42&workbench=Reports&budgetId=oops'));
    expect(query).to.deep.equal({
      legalEntityId: -1, projectId: 42, budgetId: -1, recordId: -1,
      recordKey: '', workbench: 'Reports', activeTray: '', activeTab: '', oppId: -1,
    });
  });

  it('has the §2 parameter lists for SLIM, timecard and PTO screens', () => {
    expect(Object.keys(QUERY_SCHEMAS.slim)).to.deep.equal(['recordId', 'recordKey', 'workbench', 'activeTray', 'activeTab']);
    expect(Object.keys(QUERY_SCHEMAS.timecard)).to.deep.equal(['employeeId', 'timecardId', 'recordId', 'recordKey', 'workbench', 'activeTray', 'activeTab', 'search', 'weekStart']);
    expect(Object.keys(QUERY_SCHEMAS.pto)).to.deep.equal(['recordId', 'recordKey', 'workbench', 'activeTray', 'activeTab']);
  });

  it('passes the parsed query to the element as kebab-case attributes', () => {
    const result = screen('/pfm/projects/commitments?projectId=7&legalEntityId=2&recordKey=Subcontract');
    expect(result.attributes).to.include({ 'project-id': '7', 'legal-entity-id': '2', 'budget-id': '-1', 'record-key': 'Subcontract', 'opp-id': '-1' });
  });

  it('matches query names case-insensitively', () => {
    expect(screen('/pfm/projects/commitments?ProjectId=9').attributes['project-id']).to.equal('9');
  });
});

describe('router: every route of §2', () => {
  const expected: Array<[string, string]> = [
    ['/', 'home'], ['/admin', 'adminHome'], ['/admin/app-records', 'appRecords'], ['/usermanagement', 'userManagement'],
    ['/billing', 'billing'], ['/sr/sra', 'sra'], ['/accessRequest', 'accessRequest'], ['/defaultAssignments', 'defaultAssignments'],
    ['/forbidden', 'forbidden'], ['/UnprocessableEntity', 'unprocessableEntity'], ['/pfm/projects', 'projects'],
    ['/pfm/projects/changemanagement', 'changemanagement'], ['/pfm/projects/commitments', 'commitments'],
    ['/pfm/projects/costadjustments', 'costadjustments'], ['/pfm/projects/directcosts', 'directcosts'],
    ['/pfm/projects/dataquality', 'dataquality'], ['/pfm/projects/owneragreements', 'owneragreements'],
    ['/pfm/projects/buyout', 'buyout'], ['/pfm/projects/projectiongrid', 'projectiongrid'],
    ['/pfm/projects/projectiongridunit', 'units'], ['/pfm/projects/projectiongridhour', 'hours'], ['/pfm/projects/forecast', 'forecast'],
    ['/pfm/projects/surveys', 'projectsurveys'], ['/pfm/projects/esign', 'projectesign'], ['/pfm/surveys', 'surveys'],
    ['/pfm/esign', 'esign'], ['/pfm/opportunitytimecardcostcode', 'opportunitytimecardcostcode'],
    ['/sr/slimqueue', 'slimqueue'], ['/sr/slimqueue/slimqueues', 'slimqueues'],
    ['/teammembertoolbox/timecards', 'manageTimecards'], ['/teammembertoolbox/timecards/timecard', 'timecard'],
    ['/teammembertoolbox/requests', 'requests'], ['/teammembertoolbox/requests/123/edit', 'requestsDeep'],
  ];
  for (const [path, name] of expected) {
    it(`${path} is '${name}'`, () => {
      expect(matchRoute(path)?.name).to.equal(name);
    });
  }

  it('matches paths case-insensitively and ignores a trailing slash', () => {
    expect(matchRoute('/PFM/Projects/')?.name).to.equal('projects');
    expect(matchRoute('/unprocessableentity/pfm/projects/projectiongrid')?.name).to.equal('unprocessableEntity');
  });

  it('shows Not Found, titled Not Found, for any unmatched path', () => {
    const result = resolve('/no/such/page?x=1');
    expect(result.kind).to.equal('notFound');
    if (result.kind === 'notFound') {
      expect(result.title).to.equal('Not Found');
      expect(result.tag).to.equal('portal-not-found');
      expect(result.attributes.path).to.equal('/no/such/page');
    }
  });

  it("resolves the link names defined elsewhere ('subrating', 'brat')", () => {
    expect(routeByName('brat')?.path).to.equal('/SR/Brats');
    expect(routeByName('subrating')?.name).to.equal('brat');
  });

  it('has unique names', () => {
    const names = ROUTES.map((route) => route.name);
    expect(new Set(names).size).to.equal(names.length);
  });
});

describe('router: titles (§2)', () => {
  it("titles Home '{host}' and SRA '{host} | SR | SRA'", () => {
    expect(screen('/').title).to.equal('portal.example.com');
    expect(screen('/sr/sra').title).to.equal('portal.example.com | SR | SRA');
  });
  it("titles the outcome screens 'No Access', 'Can Not Proceed'", () => {
    expect(screen('/forbidden').title).to.equal('No Access');
    expect(screen('/UnprocessableEntity').title).to.equal('Can Not Proceed');
  });
  it("follows '{site} | {area} | {screen}' elsewhere", () => {
    expect(screen('/pfm/projects/commitments?projectId=1').title).to.equal('portal.example.com | PFM | Commitments');
    const route = routeByName('manageTimecards') as ScreenRoute;
    expect(pageTitle(route, 'h')).to.equal('h | Timecards | Manage Timecards');
  });
});

describe('router: project and budget validation (§5)', () => {
  const guarded = ['/pfm/projects/projectiongrid', '/pfm/projects/projectiongridunit', '/pfm/projects/projectiongridhour', '/pfm/projects/forecast', '/pfm/projects/surveys', '/pfm/projects/esign'];
  for (const path of guarded) {
    it(`${path} rejects bad ids, keeping path and query`, () => {
      expect(resolve(`${path}?projectId=-2&budgetId=5`)).to.deep.equal({ kind: 'redirect', to: `/UnprocessableEntity${path}?projectId=-2&budgetId=5` });
      expect(resolve(`${path}?budgetId=-9`)).to.deep.equal({ kind: 'redirect', to: `/UnprocessableEntity${path}?budgetId=-9` });
      expect(resolve(path)).to.deep.equal({ kind: 'redirect', to: `/UnprocessableEntity${path}` });
      expect(resolve(`${path}?projectId=abc&budgetId=`).kind).to.equal('redirect');
      expect(resolve(`${path}?projectId=12`).kind).to.equal('screen');
      expect(resolve(`${path}?budgetId=-1&projectId=3`).kind).to.equal('screen');
    });
  }
  it('accepts -1 as "not given" as long as the other id is there', () => {
    expect(hasInvalidProjectOrBudget(new URLSearchParams('projectId=-1&budgetId=4'))).to.equal(false);
    expect(hasInvalidProjectOrBudget(new URLSearchParams('projectId=-1'))).to.equal(false);
    expect(hasInvalidProjectOrBudget(new URLSearchParams('foo=1'))).to.equal(true);
  });
  it('shows the kept path and query on Can Not Proceed', () => {
    expect(screen('/UnprocessableEntity/pfm/projects/projectiongrid?projectId=-2').attributes.path).to.equal('/pfm/projects/projectiongrid?projectId=-2');
  });
  it('does not validate other PFM screens', () => {
    expect(resolve('/pfm/projects/commitments').kind).to.equal('screen');
  });
});

describe('router: admin-level surveys and esign (§5)', () => {
  for (const path of ['/pfm/surveys', '/pfm/esign']) {
    it(`${path} strips projectId, budgetId and programId`, () => {
      const result = screen(`${path}?projectId=4&budgetId=5&programId=6&recordId=7`);
      expect(result.attributes).to.not.have.any.keys('project-id', 'budget-id', 'program-id');
      expect(result.attributes['record-id']).to.equal('7');
    });
    it(`${path} drops them from the address bar too, the rest of the query and the hash kept as typed`, () => {
      expect(strippedAddress(path, '?projectId=5&budgetId=3&programId=2&recordId=7')).to.equal(`${path}?recordId=7`);
      expect(strippedAddress(path, '?ProjectID=5&workbench=SurveyInstance&note=a+b%20c', '#top')).to.equal(`${path}?workbench=SurveyInstance&note=a+b%20c#top`);
      expect(strippedAddress(path, '?budgetId=3')).to.equal(path);
      expect(strippedAddress(path, '?%E0=1&projectId=1')).to.equal(`${path}?%E0=1`);
      expect(strippedAddress(path, '?recordId=7')).to.equal(null);
    });
  }
  it('leaves every other route alone (project-level screens keep projectId)', () => {
    expect(strippedAddress('/pfm/projects/surveys', '?projectId=5&budgetId=3')).to.equal(null);
    expect(strippedAddress('/pfm/projects/commitments', '?projectId=5')).to.equal(null);
    expect(strippedAddress('/nowhere', '?projectId=5')).to.equal(null);
  });
});

describe('router: change-management tabs (§2)', () => {
  it('keeps a valid activeTab and falls back to the first otherwise', () => {
    expect(CHANGE_MANAGEMENT_TABS).to.deep.equal(['initiating-documents', 'change-events', 'request-for-proposals', 'change-requests']);
    expect(screen('/pfm/projects/changemanagement?projectId=1&activeTab=change-events').attributes['active-tab']).to.equal('change-events');
    expect(screen('/pfm/projects/changemanagement?projectId=1&activeTab=bogus').attributes['active-tab']).to.equal('initiating-documents');
    expect(screen('/pfm/projects/changemanagement?projectId=1').attributes['active-tab']).to.equal('initiating-documents');
  });
});

describe('router: full-page hand-offs (§2)', () => {
  const cases: Array<[string, string]> = [
    ['/costmanagement/costmanagement/cm?projectId=5', 'https://legacy.example.com/costmanagement/costmanagement/cm?projectId=5'],
    ['/costmanagement/costmanagement/changemanagement?a=1', 'https://legacy.example.com/costmanagement/costmanagement/changemanagement?a=1'],
    ['/SR/Brats', 'https://legacy.example.com/SR/Brats'],
    ['/sr/Brats/BuyoutProject?projectId=3', 'https://legacy.example.com/sr/Brats/BuyoutProject?projectId=3'],
    ['/pr/Timecards/Timecard?timecardId=8', 'https://legacy.example.com/pr/Timecards/Timecard?timecardId=8&noRedirect=1'],
    ['/pr/Timecards', 'https://legacy.example.com/pr/Timecards?noRedirect=1'],
    ['/pr/Timecards/weeklyredirect?week=2026-11-21', 'https://legacy.example.com/pr/Timecards/weeklyredirect?week=2026-11-21'],
    ['/pr/Requests?x=y', 'https://legacy.example.com/pr/Requests?x=y&noRedirect=1'],
    ['/pr/Requests/ManageRegionalCalendar', 'https://legacy.example.com/pr/Requests/ManageRegionalCalendar'],
    ['/CostManagement/Projects', 'https://legacy.example.com/CostManagement/Projects'],
    ['/ProjectToolbox/ProjectCloseouts?projectId=1', 'https://legacy.example.com/ProjectToolbox/ProjectCloseouts?projectId=1'],
    ['/ProjectToolbox/ProjectSecurities/request', 'https://legacy.example.com/ProjectToolbox/ProjectSecurities/request'],
    ['/ProjectToolbox/ProjectSecurities/reviewaccess?id=2', 'https://legacy.example.com/ProjectToolbox/ProjectSecurities/reviewaccess?id=2'],
  ];
  for (const [from, to] of cases) {
    it(`${from} → ${to}`, () => {
      const result = resolve(from);
      expect(result.kind).to.equal('handoff');
      if (result.kind === 'handoff') expect(result.url).to.equal(to);
    });
  }
  it('does not add noRedirect twice', () => {
    const route = routeByName('legacyRequests');
    if (route?.kind !== 'handoff') throw new Error('no hand-off');
    expect(handoffUrl(route, '/pr/Requests', new URLSearchParams('noRedirect=1'), 'https://l')).to.equal('https://l/pr/Requests?noRedirect=1');
  });
  it('knows the project-security request page by three names', () => {
    for (const name of ['projectSecurityRequest', 'requestAccess', 'projectSecurity']) {
      expect(routeByName(name)?.path, name).to.equal('/ProjectToolbox/ProjectSecurities/request');
    }
  });
});

describe('router: guard (§5)', () => {
  const roles = (...entries: Array<[string, string]>): RoleEntry[] => entries.map(([applicationKey, name]) => ({ applicationKey, name }));
  const route = (name: string) => routeByName(name) as ScreenRoute;
  it('lets routes without a role list through', () => {
    expect(guardAllows(route('projects'), [])).to.equal(true);
    expect(guardAllows(route('home'), [])).to.equal(true);
  });
  it('needs an allowed role of the route key, case-insensitively', () => {
    expect(guardAllows(route('projectiongrid'), roles(['keyPFM', 'project manager']))).to.equal(true);
    expect(guardAllows(route('projectiongrid'), roles(['KEYPFM', 'RPM']))).to.equal(true);
    expect(guardAllows(route('projectiongrid'), roles(['keyPFM', 'Viewer']))).to.equal(false);
    expect(guardAllows(route('projectiongrid'), roles(['keyTC', 'Admin']))).to.equal(false);
  });
  it('applies the §2 role lists', () => {
    expect(guardAllows(route('defaultAssignments'), roles(['keyProjectSecurity', 'Default']))).to.equal(false);
    expect(guardAllows(route('accessRequest'), roles(['keyProjectSecurity', 'Default']))).to.equal(true);
    expect(guardAllows(route('slimqueue'), roles(['keySLIM', 'Regional Reviewer']))).to.equal(true);
    expect(guardAllows(route('manageTimecards'), roles(['keyTC', 'Timecard Admin']))).to.equal(true);
    expect(guardAllows(route('requests'), roles(['keyPTO', 'Manager']))).to.equal(true);
    expect(guardAllows(route('userManagement'), roles(['keyUserManagement', 'Viewer']))).to.equal(true);
    expect(guardAllows(route('billing'), roles(['keyIT', 'User']))).to.equal(true);
    expect(guardAllows(route('sra'), roles(['keyRISK', 'Risk']))).to.equal(true);
    expect(guardAllows(route('adminHome'), roles(['keyAdmin', 'User']))).to.equal(false);
  });
});
