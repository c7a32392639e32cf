/**
 * `<pt-default-assignments>`'s calls and words (issue 15): the rules, the form's choices, preview,
 * save, delete and apply (form-data POSTs; the contract: src/core/toolbox/contract.ts), what a
 * failed call means, and every sentence the screen shows (tests read them from here).
 */
import { getJson, loadTimer, postForm, problemText as sharedProblemText, retryMark } from '../../../core/api';
import {
  DEFAULT_ASSIGNMENTS_API as API, type ApplyReport, type AssignmentOptions, type DefaultAssignmentRule, type RuleDraft, type RulePreview,
} from '../../../core/toolbox';

export const ASSIGNMENTS_TEXT = {
  title: 'Default Assignments',
  intro: 'Rules put people on project teams automatically: every new project in a rule’s scope gets its person in its role. A rule can also be applied to the existing projects.',
  loading: 'Loading default assignments…',
  loadFailed: 'The default assignments could not be loaded.',
  retry: 'Retry',
  rules: 'Rules',
  rulesCaption: (n: number) => (n === 1 ? '1 rule' : `${n} rules`),
  none: 'No rules yet. Add one with New rule.',
  newRule: 'New rule',
  editRule: (id: number) => `Edit rule ${id}`,
  columns: { employee: 'Employee', role: 'Project role', scope: 'Scope', ends: 'Membership', active: 'Active', addedBy: 'Added by', members: 'Members added', actions: 'Actions' },
  noEnd: 'No end',
  endsAfter: (days: number) => `${days} days`,
  yes: 'Yes',
  no: 'No',
  system: 'System',
  edit: 'Edit',
  apply: 'Apply to existing projects',
  delete: 'Delete',
  employee: 'Employee',
  employeeFilter: 'Find an employee',
  chooseEmployee: 'Choose an employee',
  role: 'Project role',
  chooseRole: 'Choose a role',
  region: 'Region',
  legalEntity: 'Legal entity',
  classification: 'Classification',
  any: 'Any',
  scopeHelp: 'Choose at least one of region, legal entity or classification; a project must match every one chosen.',
  endDays: 'Membership length (days)',
  endDaysHelp: 'Empty: no end date.',
  active: 'Active (new projects get this person)',
  preview: 'Preview',
  previewing: 'Working out whom the rule would add…',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  close: 'Close report',
  saved: 'Rule saved.',
  keptWork: 'Your changes are kept: correct them or try again.',
  previewTitle: 'Preview: existing active projects',
  previewCount: (people: number, inScope: number, already: number) =>
    `Would add ${people} ${people === 1 ? 'membership' : 'memberships'} on ${inScope} ${inScope === 1 ? 'project' : 'projects'} in scope (${already} already on the team).`,
  previewNone: 'Nobody to add: the person is already on every project in scope, or no active project matches.',
  previewOutdated: 'The rule changed since this preview: preview again.',
  project: 'Project',
  person: 'Person',
  ends: 'Ends',
  renews: '(renews an ended membership)',
  applyConfirmTitle: 'Apply to existing projects',
  applyConfirm: (who: string) => `Add ${who} to every existing active project in this rule’s scope where they are not on the team yet?`,
  applying: 'Applying…',
  deleting: 'Deleting…',
  reportTitle: (id: number) => `Rule ${id} applied`,
  reportCount: (n: number, already: number) => `Added ${n} ${n === 1 ? 'membership' : 'memberships'}; ${already} already on the team.`,
  reportNone: 'Nobody was added: the person is already on every project in scope.',
  deleteConfirm: (who: string) => `Delete the rule that adds ${who}? Rules that added people cannot be deleted; deactivate them instead.`,
  deleted: 'Rule deleted.',
  problems: {
    signedOut: 'Your session has expired. Sign in again, then Retry.',
    forbidden: 'Default assignments are for Project Security administrators.',
    stale: 'Someone else changed this rule after you opened it.',
    timeout: 'The server took too long to answer.',
    failed: 'Something went wrong on the server.',
  },
} as const;

/** A clear sentence for a failed call. */
export const problemText = (error: unknown): string => sharedProblemText(error, ASSIGNMENTS_TEXT.problems);

/** The loads' time limit (tests may shorten it). */
export const assignmentsTimer = loadTimer();

export function loadRules(signal: AbortSignal, attempt = 0): Promise<DefaultAssignmentRule[]> {
  return getJson<DefaultAssignmentRule[]>(API.getRules, retryMark(attempt), { signal: assignmentsTimer.timed(signal) }).then((rows) => (Array.isArray(rows) ? rows : []));
}

export function loadOptions(signal: AbortSignal, attempt = 0): Promise<AssignmentOptions> {
  return getJson<AssignmentOptions>(API.getOptions, retryMark(attempt), { signal: assignmentsTimer.timed(signal) });
}

const fields = (draft: RuleDraft) => ({
  EmployeeId: draft.employeeId ?? undefined, ProjectRole: draft.projectRole, RegionId: draft.regionId ?? undefined,
  LegalEntityId: draft.legalEntityId ?? undefined, Classification: draft.classification ?? undefined, EndDays: draft.endDays ?? undefined,
});

export const previewRule = (draft: RuleDraft) => postForm<RulePreview>(API.previewRule, fields(draft));

export const saveRule = (draft: RuleDraft, saved?: { ruleId: number; modifiedAt: string }) =>
  postForm<DefaultAssignmentRule>(API.saveRule, { ...fields(draft), Active: draft.active, RuleId: saved?.ruleId, ModifiedAt: saved?.modifiedAt });

export const deleteRule = (ruleId: number) => postForm<{ ruleId: number }>(API.deleteRule, { RuleId: ruleId });

export const applyRule = (rule: { ruleId: number; modifiedAt: string }) => postForm<ApplyReport>(API.applyRule, { RuleId: rule.ruleId, ModifiedAt: rule.modifiedAt });
