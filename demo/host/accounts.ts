/**
 * The demo accounts (password `demo` for all): the identity provider's user list and the seed's
 * employees come from this one table, so sign-in and data agree.
 */
import { APPLICATION_KEYS, type ApplicationKey } from '../../src/core/access';

export const DEMO_PASSWORD = 'demo';

export interface DemoAccount {
  /** The login typed on the sign-in page; also the `sub` claim of every token. */
  login: string;
  preferredName: string;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  betaUser: boolean;
  roles: Array<{ applicationKey: ApplicationKey; name: string }>;
}

const every = (name: string) => APPLICATION_KEYS.map((applicationKey) => ({ applicationKey, name }));

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { login: 'admin', preferredName: 'Dana Whitfield', firstName: 'Dana', lastName: 'Whitfield', email: 'dana.whitfield@summitbuilders.example', jobTitle: 'Director of Business Applications', betaUser: true, roles: every('Admin') },
  { login: 'pm', preferredName: 'Marcus Reyes', firstName: 'Marcus', lastName: 'Reyes', email: 'marcus.reyes@summitbuilders.example', jobTitle: 'Project Manager', betaUser: false,
    roles: [{ applicationKey: 'keyPFM', name: 'Project Manager' }, { applicationKey: 'keyTC', name: 'Default' }, { applicationKey: 'keyPTO', name: 'Default' }, { applicationKey: 'keyRISK', name: 'Default' }, { applicationKey: 'keySLIM', name: 'Default' }, { applicationKey: 'keyProjectSecurity', name: 'Default' }] },
  { login: 'rpm', preferredName: 'Linda Okafor', firstName: 'Linda', lastName: 'Okafor', email: 'linda.okafor@summitbuilders.example', jobTitle: 'Regional Project Manager', betaUser: false,
    roles: [{ applicationKey: 'keyPFM', name: 'RPM' }, { applicationKey: 'keyPTO', name: 'Manager' }, { applicationKey: 'keyTC', name: 'Default' }, { applicationKey: 'keyProjectSecurity', name: 'RPM' }, { applicationKey: 'keySLIM', name: 'Regional Reviewer' }, { applicationKey: 'keyRISK', name: 'Default' }] },
  { login: 'risk', preferredName: 'Priya Natarajan', firstName: 'Priya', lastName: 'Natarajan', email: 'priya.natarajan@summitbuilders.example', jobTitle: 'Subcontractor Risk Manager', betaUser: false,
    roles: [{ applicationKey: 'keyRISK', name: 'Risk' }, { applicationKey: 'keySLIM', name: 'Prequal Administrator' }, { applicationKey: 'keyTC', name: 'Default' }, { applicationKey: 'keyPTO', name: 'Default' }] },
  { login: 'reviewer', preferredName: 'Tom Brennan', firstName: 'Thomas', lastName: 'Brennan', email: 'tom.brennan@summitbuilders.example', jobTitle: 'Risk Escalation Reviewer', betaUser: false,
    roles: [{ applicationKey: 'keySLIM', name: 'Escalation Reviewer' }, { applicationKey: 'keyRISK', name: 'Default' }, { applicationKey: 'keyTC', name: 'Default' }] },
  { login: 'tcadmin', preferredName: 'Angela Ruiz', firstName: 'Angela', lastName: 'Ruiz', email: 'angela.ruiz@summitbuilders.example', jobTitle: 'Payroll and Timecard Administrator', betaUser: false,
    roles: [{ applicationKey: 'keyTC', name: 'Timecard Admin' }, { applicationKey: 'keyPTO', name: 'Default' }] },
  { login: 'it', preferredName: 'Kevin Zhang', firstName: 'Kevin', lastName: 'Zhang', email: 'kevin.zhang@summitbuilders.example', jobTitle: 'IT Systems Analyst', betaUser: false,
    roles: [{ applicationKey: 'keyUserManagement', name: 'IT' }, { applicationKey: 'keyIT', name: 'User' }, { applicationKey: 'keyAPPS', name: 'User' }, { applicationKey: 'keyTC', name: 'Default' }] },
  { login: 'viewer', preferredName: 'Grace Holloway', firstName: 'Grace', lastName: 'Holloway', email: 'grace.holloway@summitbuilders.example', jobTitle: 'Internal Auditor', betaUser: false,
    roles: [{ applicationKey: 'keyUserManagement', name: 'Viewer' }, { applicationKey: 'keyIT', name: 'Viewer' }, { applicationKey: 'keyAPPS', name: 'Viewer' }] },
  { login: 'employee', preferredName: 'Sam Patterson', firstName: 'Samuel', lastName: 'Patterson', email: 'sam.patterson@summitbuilders.example', jobTitle: 'Assistant Superintendent', betaUser: false,
    roles: [{ applicationKey: 'keyTC', name: 'Default' }, { applicationKey: 'keyPTO', name: 'Default' }] },
];

export function findDemoAccount(login: string): DemoAccount | undefined {
  const wanted = login.trim().toLowerCase();
  return DEMO_ACCOUNTS.find((account) => account.login === wanted);
}
