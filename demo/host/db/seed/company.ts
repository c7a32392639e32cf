/**
 * The company (Summit Builders: three legal entities): its reference data, the demo accounts and the generated
 * staff with their roles, the configurable records (states, advancements, approval defaults, field security) and
 * the vendors by trade. The first sections of the main seed: everything after refers to these.
 */
import { APPLICATION_KEYS } from '../../../../src/core/access';
import { DEMO_ACCOUNTS } from '../../accounts';
import { COST_TYPE_ROWS, FIELD_TITLES, FIRST_NAMES, LAST_NAMES, VENDORS_BY_TRADE } from '../catalog';
import { APPROVAL_DEFAULTS_022 } from '../migrations/022_approval_authority';
import { ADVANCEMENTS, APPLICATION_RECORDS, FIELD_SECURITY_EXCEPTIONS, RECORD_STATES, SECURED_FIELDS } from '../states';
import { SEED_FACTS } from './facts';
import type { Seeder } from './seeder';
import { insert, pad, stateId, type Row } from './support';

const APPLICATION_NAMES: Record<string, string> = {
  keyAdmin: 'Administration', keyPFM: 'Project Financial Management', keySLIM: 'SLIM Service Requests',
  keyTC: 'Timecards', keyPTO: 'PTO Requests', keyUserManagement: 'User Management', keyIT: 'IT Billing',
  keyRISK: 'Subcontractor Risk Tools', keyProjectSecurity: 'Project Security', keyPC: 'Project Controls',
  keyBRAT: 'Buyout & Risk Assessment', keyCM: 'Construction Management', keyCostManagement: 'Cost Management',
  keyProjectCloseout: 'Project Closeout', keyAPPS: 'Business Applications',
};

export function seedReferenceData(s: Seeder): void {
  const { db } = s;
  const t = s.cal.stamp;
  insert(db, 'settings', { key: 'procoreDomain', stringValue: 'https://app.procore.com' });
  for (const [code, name] of [['SBI', 'Summit Builders, Inc.'], ['SBT', 'Summit Builders Texas, LLC'], ['SIG', 'Summit Interiors Group, LLC']] as const) {
    insert(db, 'legal_entities', { code, name, displayText: `${code} - ${name}`, modifiedAt: t });
  }
  for (const key of APPLICATION_KEYS) {
    const name = APPLICATION_NAMES[key] ?? key;
    s.applicationIds.set(key, insert(db, 'applications', { applicationKey: key, name, displayText: name, modifiedAt: t }));
  }
  COST_TYPE_ROWS.forEach((row, index) => insert(db, 'cost_types', {
    ...row, displayOrder: index + 1, displayText: `${row.costType} - ${row.name}`, modifiedAt: t,
  }));
  const ref = (table: string, names: readonly string[], extra?: (name: string, index: number) => Row) =>
    names.forEach((name, index) => insert(db, table, { name, displayText: name, active: 1, ...(extra?.(name, index) ?? {}), modifiedAt: t }));
  ref('change_record_types', ['Owner Change', 'Contractor Change', 'Allowance Reconciliation', 'Contingency Use', 'Design Development']);
  const idTypes: Array<[string, string]> = [
    ['Request for Information', 'RFI'], ["Architect's Supplemental Instruction", 'ASI'], ['Bulletin', 'BUL'],
    ['Owner Directive', 'OD'], ['Field Directive', 'FD'], ['Construction Change Directive', 'CCD'], ['Proposal Request', 'PR'],
  ];
  idTypes.forEach(([name, abbreviation]) => insert(db, 'initiating_document_types', {
    name, abbreviation, displayText: `${abbreviation} - ${name}`, active: 1, modifiedAt: t,
  }));
  ref('change_reasons', ['Owner Request', 'Design Error', 'Design Omission', 'Unforeseen Condition', 'Code Requirement',
    'Value Engineering', 'Schedule Acceleration', 'Allowance Reconciliation']);
  ref('reimbursable_types', ['Reimbursable', 'Non-Reimbursable', 'Owner Contingency', 'Contractor Contingency', 'Internal Cost (Not Billable)']);
  ref('cost_adjustment_reasons', ['Misposted Cost', 'Cost Code Reclass', 'Accrual', 'Credit Received', 'Payroll Correction']);
  ref('direct_cost_types', ['Reimbursable Expense', 'Small Tools', 'Permit Fee', 'Testing & Inspection', 'Travel', 'Equipment Rental']);
  ref('subcontract_types', ['Standard Subcontract', 'Short Form Subcontract', 'Master Service Agreement', 'Design-Build Subcontract']);
}

export function seedPeople(s: Seeder): void {
  const { db } = s;
  const t = s.cal.stamp;
  // The demo accounts first: employeeId = position + 1 (admin 1, pm 2, rpm 3, ...).
  DEMO_ACCOUNTS.forEach((account, index) => {
    const id = insert(db, 'employees', {
      login: account.login, employeeKey: `E${10001 + index}`, firstName: account.firstName, lastName: account.lastName,
      preferredName: account.preferredName, initials: (account.firstName[0]! + account.lastName[0]!).toUpperCase(),
      jobTitle: account.jobTitle, email: account.email, active: 1, betaUser: account.betaUser ? 1 : 0,
      managerEmployeeId: index === 0 ? null : account.login === 'pm' || account.login === 'employee' ? 3 : 1,
      legalEntityId: 1, displayText: account.preferredName, modifiedAt: t,
    });
    s.employeeIds.push(id);
    for (const role of account.roles) {
      insert(db, 'employee_roles', {
        employeeId: id, applicationId: s.applicationIds.get(role.applicationKey)!, applicationKey: role.applicationKey,
        name: role.name, displayText: `${APPLICATION_NAMES[role.applicationKey]}: ${role.name}`, modifiedAt: t,
      });
    }
  });
  // Other staff, generated (login null: they cannot sign in).
  const used = new Set<string>();
  for (let i = 0; i < 36; i++) {
    let first: string;
    let last: string;
    do {
      first = s.rng.pick(FIRST_NAMES);
      last = s.rng.pick(LAST_NAMES);
    } while (used.has(first + last));
    used.add(first + last);
    const title = i < 10 ? (i % 3 === 0 ? 'Senior Project Manager' : 'Project Manager') : s.rng.pick(FIELD_TITLES);
    const active = i % 17 === 16 ? 0 : 1;
    const id = insert(db, 'employees', {
      login: null, employeeKey: `E${10101 + i}`, firstName: first, lastName: last, preferredName: `${first} ${last}`,
      initials: first[0]! + last[0]!, jobTitle: title, email: `${first}.${last}@summitbuilders.example`.toLowerCase(),
      active, betaUser: i % 9 === 0 ? 1 : 0, managerEmployeeId: i % 3 === 0 ? 3 : 1, legalEntityId: 1 + (i % 3),
      displayText: `${first} ${last}`, modifiedAt: t,
    });
    s.employeeIds.push(id);
    if (i < 10) s.projectManagers.push(id);
    const roles: Array<[string, string]> = [['keyTC', 'Default'], ['keyPTO', 'Default']];
    if (i < 10) roles.push(['keyPFM', 'Project Manager']);
    for (const [key, name] of roles) {
      insert(db, 'employee_roles', {
        employeeId: id, applicationId: s.applicationIds.get(key)!, applicationKey: key, name,
        displayText: `${APPLICATION_NAMES[key]}: ${name}`, modifiedAt: t,
      });
    }
  }
}

/** Record states, their advancements, the approval matrix's defaults and field security. */
export function seedConfigurableRecords(s: Seeder): void {
  const { db } = s;
  const t = s.cal.stamp;
  for (const [key, name, applicationKey] of APPLICATION_RECORDS) {
    insert(db, 'application_records', {
      applicationRecordKey: key, applicationId: s.applicationIds.get(applicationKey)!, name, displayText: name, modifiedAt: t,
    });
  }
  for (const [key, states] of Object.entries(RECORD_STATES)) {
    states.forEach(([name, closed], index) => insert(db, 'application_record_states', {
      applicationRecordKey: key, name, closed: closed ? 1 : 0, displayOrder: index + 1, isInitial: index === 0 ? 1 : 0,
      displayText: name, modifiedAt: t,
    }));
  }
  for (const [key, fromStates] of Object.entries(ADVANCEMENTS)) {
    for (const [from, targets] of Object.entries(fromStates)) {
      targets.forEach(([target, quickRoute], index) => insert(db, 'state_advancements', {
        applicationRecordStateId: stateId(db, key, from), targetApplicationRecordStateId: stateId(db, key, target),
        quickRoute: quickRoute ? 1 : 0, displayOrder: index + 1, modifiedAt: t,
      }));
    }
  }
  // The approval matrix's defaults (migration 022 seeds them on an upgraded database; here the states exist only now).
  db.exec(APPROVAL_DEFAULTS_022);
  // Field security: a default row per state and field, then the exceptions (role rows), then one
  // per-user row: the pm may still correct estimates while an item is Pending Approval.
  for (const [key, fields] of Object.entries(SECURED_FIELDS)) {
    for (const [name, closed] of RECORD_STATES[key] ?? []) {
      for (const fieldName of fields) {
        const exception = FIELD_SECURITY_EXCEPTIONS.find((e) => e[0] === key && e[1] === name && e[2] === fieldName && !e[5]);
        insert(db, 'field_security', {
          lookupApplicationRecordStateId: stateId(db, key, name), fieldName, roleName: null, employeeId: null,
          editable: exception ? (exception[3] ? 1 : 0) : closed ? 0 : 1, visible: exception ? (exception[4] ? 1 : 0) : 1, modifiedAt: t,
        });
      }
    }
  }
  for (const [key, name, fieldName, editable, visible, role] of FIELD_SECURITY_EXCEPTIONS) {
    if (!role) continue;
    insert(db, 'field_security', {
      lookupApplicationRecordStateId: stateId(db, key, name), fieldName, roleName: role, employeeId: null,
      editable: editable ? 1 : 0, visible: visible ? 1 : 0, modifiedAt: t,
    });
  }
  insert(db, 'field_security', {
    lookupApplicationRecordStateId: stateId(db, 'ChangeEventItem', 'Pending Approval'), fieldName: 'approvedAmount', roleName: null,
    employeeId: SEED_FACTS.employeeIdByLogin.rpm!, editable: 1, visible: 1, modifiedAt: t,
  });
}

export function seedVendors(s: Seeder): void {
  let n = 0;
  for (const [trade, list] of Object.entries(VENDORS_BY_TRADE)) {
    const ids: number[] = [];
    for (const [name, city, state] of list) {
      n++;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '').slice(0, 18);
      const id = insert(s.db, 'vendors', {
        vendorNumber: `V${pad(20000 + n * 7, 5)}`, name, trade, city, state,
        phone: `(${214 + (n % 5) * 100}) 555-${pad(1000 + n * 37, 4)}`, email: `estimating@${slug}.example`, active: 1,
        displayText: `${name} (${city}, ${state})`, modifiedAt: s.cal.stamp,
      });
      ids.push(id);
      s.vendorName.set(id, name);
    }
    s.vendorsByTrade.set(trade, ids);
  }
}

/** A vendor of `trade` (of supply when the trade has none), spread by `salt`. */
export function vendorFor(s: Seeder, trade: string, salt: number): number {
  const list = s.vendorsByTrade.get(trade) ?? s.vendorsByTrade.get('supply')!;
  return list[salt % list.length]!;
}
