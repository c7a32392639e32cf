/**
 * Who may use what: application keys (§1), role names (§6) and the access each area of the portal
 * requires (§2). Pure data and functions, imported by the client (route guard, menus) and by the demo
 * host (API role checks), so the two enforcers cannot disagree.
 */

/** §1 application keys. */
export const APPLICATION_KEYS = [
  'keyAdmin', 'keyPFM', 'keySLIM', 'keyTC', 'keyPTO', 'keyUserManagement', 'keyIT', 'keyRISK',
  'keyProjectSecurity', 'keyPC', 'keyBRAT', 'keyCM', 'keyCostManagement', 'keyProjectCloseout', 'keyAPPS',
] as const;
export type ApplicationKey = (typeof APPLICATION_KEYS)[number];

/** §6 role names seen. */
export const ROLE_NAMES = [
  'Admin', 'IT', 'Viewer', 'User', 'Default', 'Risk', 'RPM', 'Project Manager', 'Prequal Administrator',
  'Escalation Reviewer', 'Regional Reviewer', 'Timecard Admin', 'Manager',
] as const;

/** One role the user holds for one application (§3 application role entry). */
export interface RoleEntry {
  applicationKey: string;
  name: string;
}

/** An access rule: the application key and, when present, the roles allowed (any role when absent). */
export interface AccessRule {
  key: ApplicationKey;
  roles?: readonly string[];
}

/** §2 access by area. Routes and API areas refer to these by name. */
export const ACCESS = {
  admin: { key: 'keyAdmin', roles: ['Admin'] },
  userManagement: { key: 'keyUserManagement', roles: ['Admin', 'IT', 'Viewer'] },
  billing: { key: 'keyIT', roles: ['Admin', 'User', 'Viewer'] },
  sra: { key: 'keyRISK', roles: ['Admin', 'Default', 'Risk'] },
  accessRequest: { key: 'keyProjectSecurity', roles: ['Admin', 'Default', 'RPM'] },
  defaultAssignments: { key: 'keyProjectSecurity', roles: ['Admin'] },
  pfm: { key: 'keyPFM', roles: ['Admin', 'Project Manager', 'RPM'] },
  slim: { key: 'keySLIM', roles: ['Admin', 'Default', 'Prequal Administrator', 'Escalation Reviewer', 'Regional Reviewer'] },
  timecards: { key: 'keyTC', roles: ['Admin', 'Timecard Admin', 'Default'] },
  ptoRequests: { key: 'keyPTO', roles: ['Admin', 'Default', 'Manager'] },
} as const satisfies Record<string, AccessRule>;
export type AccessArea = keyof typeof ACCESS;

/** §6 Timecard Admin: keyTC Admin or Timecard Admin (Timecard Preview, Manage Timecard; sees and approves every card). */
export const TIMECARD_ADMINS = { key: 'keyTC', roles: ['Admin', 'Timecard Admin'] } as const satisfies AccessRule;

/**
 * Who maintains the regional holiday calendar (time off): Admin or Timecard Admin on keyTC, or Admin on keyAdmin.
 * Here, not in the time-off contract: the portal's menu asks it, and the contract travels with the time-off screens.
 */
export const HOLIDAY_CALENDAR_ADMINS: readonly AccessRule[] = [
  TIMECARD_ADMINS,
  { key: 'keyAdmin', roles: ['Admin'] },
];

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * True when `entries` hold a role of application `key` that is in `allowed` (case-insensitive, §5).
 * With no `allowed` list, any role of the key will do (§6: "any access to its application key").
 */
export function roleAllows(entries: readonly RoleEntry[], key: string, allowed?: readonly string[]): boolean {
  return entries.some(
    (entry) => same(entry.applicationKey, key) && (!allowed || allowed.some((role) => same(role, entry.name))),
  );
}

/** True when the rule lets `entries` in. */
export function ruleAllows(entries: readonly RoleEntry[], rule: AccessRule): boolean {
  return roleAllows(entries, rule.key, rule.roles);
}
