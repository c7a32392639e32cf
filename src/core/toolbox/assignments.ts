/**
 * Default assignments (issue 15, §2 /defaultAssignments, keyProjectSecurity Admin): rules that put
 * people on projects' teams automatically. THE matching rule and the checks of a rule, shared by the
 * demo host (demo/host/api/toolbox/default-assignments.ts) and the client
 * (src/features/toolbox/default-assignments); the paths and answer shapes: ./contract.ts.
 *
 * A rule names an employee, a project role and a scope: a region, a legal entity and/or a
 * classification (GC / CM / DB). At least one scope field is given, and every one given must match the
 * project. A rule may limit the membership it adds to `endDays` days (its end date: the day it is added
 * plus endDays, inclusive). New projects (the create-project call and the seed) get every matching
 * active rule's person; "Apply to existing projects" adds a saved rule's person to the existing
 * active projects in scope where they are not a current member yet (source 'rule', sourceId = ruleId).
 *
 * §7 conventions: GET answers `{ data }`; writes are form-data POSTs; bad input is a 400 with
 * feedback items (`stringValue` names the field); a stale ModifiedAt is a 409 naming who saved last.
 */
import type { FeedbackItem } from '../feedback';
import { PROJECT_ROLES, type ProjectRole } from '../projects/team';

export const PROJECT_CLASSIFICATIONS = ['GC', 'CM', 'DB'] as const;
export type ProjectClassification = (typeof PROJECT_CLASSIFICATIONS)[number];

export const CLASSIFICATION_NAMES: Record<ProjectClassification, string> = {
  GC: 'General contract (GC)',
  CM: 'CM at-risk (CM)',
  DB: 'Design-build (DB)',
};

/** The longest membership a rule may set (days). */
export const RULE_END_DAYS_MAX = 3650;

/** The scope and project facts a rule is matched on. */
export interface RuleScope {
  regionId: number | null;
  legalEntityId: number | null;
  classification: string | null;
}

export interface ProjectFacts {
  regionId: number | null;
  legalEntityId: number | null;
  classification: string | null;
}

/** True when the scope names at least one field. */
export const scopeGiven = (scope: RuleScope): boolean =>
  scope.regionId !== null || scope.legalEntityId !== null || (scope.classification !== null && scope.classification !== '');

/**
 * THE matching rule: a rule applies to a project when its scope names at least one field and every
 * field it names equals the project's.
 */
export function ruleMatches(rule: RuleScope, project: ProjectFacts): boolean {
  if (!scopeGiven(rule)) return false;
  if (rule.regionId !== null && rule.regionId !== project.regionId) return false;
  if (rule.legalEntityId !== null && rule.legalEntityId !== project.legalEntityId) return false;
  if (rule.classification !== null && rule.classification !== '' && rule.classification !== project.classification) return false;
  return true;
}

/** A rule's fields as typed (the form, the preview and the save). */
export interface RuleDraft extends RuleScope {
  employeeId: number | null;
  projectRole: ProjectRole | '';
  endDays: number | null;
  active: boolean;
}

export const RULE_TEXT = {
  employeeRequired: 'Choose the person the rule adds.',
  roleRequired: 'Choose the project role.',
  scopeRequired: 'Choose at least one of region, legal entity or classification.',
  endDays: `Enter a whole number of days from 1 to ${RULE_END_DAYS_MAX}, or leave it empty for no end.`,
} as const;

/** The checks of a rule's fields (client and host): feedback items naming the field. */
export function checkRule(draft: Pick<RuleDraft, 'employeeId' | 'projectRole' | 'endDays'> & RuleScope): FeedbackItem[] {
  const items: FeedbackItem[] = [];
  if (draft.employeeId === null) items.push({ integerValue: 1, stringValue: 'EmployeeId', message: RULE_TEXT.employeeRequired });
  if (!(PROJECT_ROLES as readonly string[]).includes(draft.projectRole)) items.push({ integerValue: 1, stringValue: 'ProjectRole', message: RULE_TEXT.roleRequired });
  if (!scopeGiven(draft)) items.push({ integerValue: 1, stringValue: 'Scope', message: RULE_TEXT.scopeRequired });
  if (draft.endDays !== null && (!Number.isInteger(draft.endDays) || draft.endDays < 1 || draft.endDays > RULE_END_DAYS_MAX)) {
    items.push({ integerValue: 1, stringValue: 'EndDays', message: RULE_TEXT.endDays });
  }
  return items;
}

/** A rule's scope in words ("Central Texas · CM"). */
export function scopeText(rule: { regionName: string | null; legalEntityName: string | null; classification: string | null }): string {
  return [rule.regionName, rule.legalEntityName, rule.classification].filter((part) => part).join(' · ');
}
