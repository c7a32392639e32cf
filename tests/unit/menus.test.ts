import { expect } from 'chai';
import { DEMO_ACCOUNTS } from '../../demo/host/accounts';
import type { RoleEntry } from '../../src/core/access';
import {
  CHANGE_MANAGEMENT_TAB_LABELS, GENERIC_MENUS, PFM_MENUS, changeManagementTabLinks, classifyLink, targetHref, visibleMenus,
} from '../../src/core/menus';

const rolesOf = (login: string): RoleEntry[] => {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.login === login);
  if (!account) throw new Error(`no demo account ${login}`);
  return account.roles;
};

/** menu label → entry labels, as the user sees them. */
const seen = (roles: readonly RoleEntry[], menus = GENERIC_MENUS) =>
  Object.fromEntries(visibleMenus(menus, roles).map((menu) => [menu.label, menu.entries.map((entry) => entry.label)]));

/** What each demo account sees in the generic bar (§2, §6). */
const EXPECTED_GENERIC: Record<string, Record<string, string[]>> = {
  admin: {
    'Project Toolbox': ['Projects (PFM)', 'Access Request', 'Default Assignments', 'Project Closeouts'],
    'Subcontractor Risk Tools': ['SLIM Queue', 'SRA', 'BRAT'],
    'Employee Tools': ['My Timecard', 'Manage Timecard', 'Timecard Preview', 'PTO Requests', 'Regional Calendar'],
    Administration: ['Admin Home', 'App Records', 'User Management', 'IT Billing', 'PFM Administration'],
  },
  pm: {
    'Project Toolbox': ['Projects (PFM)', 'Access Request'],
    'Subcontractor Risk Tools': ['SLIM Queue', 'SRA'],
    'Employee Tools': ['My Timecard', 'PTO Requests'],
  },
  rpm: {
    'Project Toolbox': ['Projects (PFM)', 'Access Request'],
    'Subcontractor Risk Tools': ['SLIM Queue', 'SRA'],
    'Employee Tools': ['My Timecard', 'PTO Requests'],
  },
  risk: {
    'Subcontractor Risk Tools': ['SLIM Queue', 'SRA'],
    'Employee Tools': ['My Timecard', 'PTO Requests'],
  },
  reviewer: {
    'Subcontractor Risk Tools': ['SLIM Queue', 'SRA'],
    'Employee Tools': ['My Timecard'],
  },
  tcadmin: {
    'Employee Tools': ['My Timecard', 'Manage Timecard', 'Timecard Preview', 'PTO Requests', 'Regional Calendar'],
  },
  it: {
    'Employee Tools': ['My Timecard'],
    Administration: ['User Management', 'IT Billing'],
  },
  viewer: {
    Administration: ['User Management', 'IT Billing'],
  },
  employee: {
    'Employee Tools': ['My Timecard', 'PTO Requests'],
  },
};

describe('core/menus', () => {
  it('has the four generic menus of §2 in order', () => {
    expect(GENERIC_MENUS.map((menu) => menu.label)).to.deep.equal(['Project Toolbox', 'Subcontractor Risk Tools', 'Employee Tools', 'Administration']);
  });

  it('covers every demo account', () => {
    expect(Object.keys(EXPECTED_GENERIC).sort()).to.deep.equal(DEMO_ACCOUNTS.map((account) => account.login).sort());
  });

  for (const [login, expected] of Object.entries(EXPECTED_GENERIC)) {
    it(`shows ${login} exactly the menus and entries of its roles`, () => {
      expect(seen(rolesOf(login))).to.deep.equal(expected);
    });
  }

  it('shows nothing to a user without roles (no empty menus)', () => {
    expect(visibleMenus(GENERIC_MENUS, [])).to.deep.equal([]);
    expect(visibleMenus(PFM_MENUS, [])).to.deep.equal([]);
  });

  it('shows Timecard Preview and Manage Timecard for keyTC Admin or Timecard Admin only', () => {
    for (const name of ['Admin', 'Timecard Admin', 'timecard admin']) {
      expect(seen([{ applicationKey: 'keyTC', name }])['Employee Tools']).to.deep.equal(['My Timecard', 'Manage Timecard', 'Timecard Preview', 'Regional Calendar']);
    }
    expect(seen([{ applicationKey: 'keyTC', name: 'Default' }])['Employee Tools']).to.deep.equal(['My Timecard']);
    // Timecard Admin of another application does not count.
    expect(seen([{ applicationKey: 'keyTC', name: 'Default' }, { applicationKey: 'keyPTO', name: 'Timecard Admin' }])['Employee Tools']).to.deep.equal(['My Timecard', 'PTO Requests']);
  });

  it('shows the Regional Calendar (the legacy page) in Employee Tools to Timecard Admins and Admins only', () => {
    const employeeTools = (roles: RoleEntry[]) => seen(roles)['Employee Tools'] ?? [];
    for (const roles of [
      [{ applicationKey: 'keyTC', name: 'Timecard Admin' }],
      [{ applicationKey: 'keyTC', name: 'Admin' }],
      [{ applicationKey: 'keyAdmin', name: 'Admin' }],
      rolesOf('admin'),
      rolesOf('tcadmin'),
    ]) {
      expect(employeeTools(roles), JSON.stringify(roles)).to.include('Regional Calendar');
    }
    // keyAdmin Admin alone: the calendar is the one Employee Tools entry.
    expect(seen([{ applicationKey: 'keyAdmin', name: 'Admin' }])['Employee Tools']).to.deep.equal(['Regional Calendar']);
    for (const roles of [
      [{ applicationKey: 'keyTC', name: 'Default' }, { applicationKey: 'keyPTO', name: 'Manager' }],
      [{ applicationKey: 'keyPTO', name: 'Admin' }],
      [{ applicationKey: 'keyAdmin', name: 'Viewer' }],
      ...['pm', 'rpm', 'risk', 'reviewer', 'it', 'viewer', 'employee'].map(rolesOf),
    ]) {
      expect(employeeTools(roles), JSON.stringify(roles)).to.not.include('Regional Calendar');
    }
    const href = visibleMenus(GENERIC_MENUS, rolesOf('tcadmin')).flatMap((menu) => menu.entries).find((entry) => entry.id === 'regional-calendar')?.href;
    expect(href).to.equal('/pr/Requests/ManageRegionalCalendar');
  });

  it('shows Default Assignments for keyProjectSecurity Admin only', () => {
    expect(seen([{ applicationKey: 'keyProjectSecurity', name: 'Admin' }])['Project Toolbox']).to.include('Default Assignments');
    expect(seen([{ applicationKey: 'keyProjectSecurity', name: 'RPM' }])['Project Toolbox']).to.deep.equal(['Access Request']);
  });

  it('needs keyAPPS for the Administration menu, and keyIT for IT Billing', () => {
    expect(seen([{ applicationKey: 'keyIT', name: 'Admin' }, { applicationKey: 'keyAdmin', name: 'Admin' }])).to.not.have.property('Administration');
    expect(seen([{ applicationKey: 'keyAPPS', name: 'User' }])).to.not.have.property('Administration'); // empty menu hidden
    expect(seen([{ applicationKey: 'keyAPPS', name: 'User' }, { applicationKey: 'keyIT', name: 'Viewer' }]).Administration).to.deep.equal(['IT Billing']);
  });

  it('shows PFM Administration for keyPFM Admin or RPM, not Project Manager', () => {
    const apps = { applicationKey: 'keyAPPS', name: 'User' };
    expect(seen([apps, { applicationKey: 'keyPFM', name: 'RPM' }]).Administration).to.deep.equal(['PFM Administration']);
    expect(seen([apps, { applicationKey: 'keyPFM', name: 'Admin' }]).Administration).to.deep.equal(['PFM Administration']);
    expect(seen([apps, { applicationKey: 'keyPFM', name: 'Project Manager' }])).to.not.have.property('Administration');
    expect(seen([{ applicationKey: 'keyPFM', name: 'RPM' }], PFM_MENUS)['Project Financial Management']).to.include('PFM Administration');
  });

  it('shows the PFM Administration menu (Document Templates, Sub Ratings, ESign) for keyPFM Admin only', () => {
    expect(seen([{ applicationKey: 'keyPFM', name: 'Admin' }], PFM_MENUS).Administration).to.deep.equal(['Document Templates', 'Sub Ratings', 'ESign']);
    expect(seen(rolesOf('rpm'), PFM_MENUS)).to.not.have.property('Administration');
    expect(seen(rolesOf('pm'), PFM_MENUS)).to.not.have.property('Administration');
  });

  it('links entries to their routes, hand-offs and aliases included', () => {
    const href = (id: string) => visibleMenus([...GENERIC_MENUS, ...PFM_MENUS], rolesOf('admin')).flatMap((menu) => menu.entries).find((entry) => entry.id === id)?.href;
    expect(href('projects')).to.equal('/pfm/projects');
    expect(href('manage-timecard')).to.equal('/teammembertoolbox/timecards');
    expect(href('project-closeouts')).to.equal('/ProjectToolbox/ProjectCloseouts');
    expect(href('brat')).to.equal('/SR/Brats');
    expect(href('sub-ratings')).to.equal('/SR/Brats');
    expect(href('it-billing')).to.equal('/billing');
    expect(href('esign')).to.equal('/pfm/esign');
    expect(href('document-templates')).to.equal('/pfm/projects?workbench=DocumentTemplateAdministration');
    expect(() => targetHref({ route: 'nope' })).to.throw("Menu target 'nope'");
  });

  it('builds the change-management tab links with readable labels', () => {
    expect(Object.values(CHANGE_MANAGEMENT_TAB_LABELS)).to.deep.equal(['Initiating Documents', 'Change Events', 'Request For Proposals', 'Change Requests']);
    const links = changeManagementTabLinks({ projectId: 12, budgetId: -1 });
    expect(links.map((link) => link.href)).to.deep.equal([
      '/pfm/projects/changemanagement?activeTab=initiating-documents&projectId=12',
      '/pfm/projects/changemanagement?activeTab=change-events&projectId=12',
      '/pfm/projects/changemanagement?activeTab=request-for-proposals&projectId=12',
      '/pfm/projects/changemanagement?activeTab=change-requests&projectId=12',
    ]);
    expect(changeManagementTabLinks({ budgetId: 7 })[1]?.href).to.equal('/pfm/projects/changemanagement?activeTab=change-events&budgetId=7');
  });

  it('classifies links from data: portal, legacy, external, invalid', () => {
    const context = { origin: 'https://portal.example.com', legacyOrigin: 'https://legacy.example.com' };
    expect(classifyLink('/pfm/projects?projectId=1', context)).to.deep.equal({ kind: 'portal', href: '/pfm/projects?projectId=1' });
    expect(classifyLink('https://portal.example.com/sr/sra', context)).to.deep.equal({ kind: 'portal', href: '/sr/sra' });
    expect(classifyLink('https://legacy.example.com/pr/Requests?x=1', context)).to.deep.equal({ kind: 'legacy', href: 'https://legacy.example.com/pr/Requests?x=1' });
    expect(classifyLink('https://evil.example.net/phish', context)).to.deep.equal({ kind: 'external', href: 'https://evil.example.net/phish' });
    expect(classifyLink('//evil.example.net/x', context).kind).to.equal('external');
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,hi', '', null, undefined, 'http://[bad']) {
      expect(classifyLink(bad, context).kind, String(bad)).to.equal('invalid');
    }
  });
});
