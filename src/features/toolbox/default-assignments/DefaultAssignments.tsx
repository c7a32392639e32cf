/**
 * `<pt-default-assignments>`'s view (issue 15, §2 /defaultAssignments, keyProjectSecurity Admin): the
 * rules list (employee, role, scope, membership length, active, added by, members added), the rule form
 * (employee picker, role, region / legal entity / classification, length, active) with Preview (the
 * project × person table it would add, with its count) and Save, and per rule "Apply to existing
 * projects" with its report. Typed work is kept when a call fails; the server checks everything again.
 */
import { useId, useMemo, useState } from 'react';
import { ApiError, sayNotDone } from '../../../core/api';
import { formatDate } from '../../../core/format';
import { sayRefusedSave } from '../../../core/records';
import { showMessage, showToast } from '../../../core/messages';
import {
  checkRule, scopeText, type ApplyReport, type AssignmentOptions, type AssignmentRow, type DefaultAssignmentRule, type RuleDraft, type RulePreview,
} from '../../../core/toolbox';
import type { ProjectRole } from '../../../core/projects/team';
import { FieldFeedback, ScreenTitle, ValidationSummary, fieldInvalid, formFeedback, type FeedbackItem } from '../../../ui/records';
import { useRowDelete } from '../../../ui/useRowDelete';
import { useLoad } from '../../../ui/useLoad';
import { ASSIGNMENTS_TEXT as T, applyRule, deleteRule, loadOptions, loadRules, previewRule, problemText, saveRule } from './data';

const EMPTY: RuleDraft = { employeeId: null, projectRole: '', regionId: null, legalEntityId: null, classification: null, endDays: null, active: true };

const draftOf = (rule: DefaultAssignmentRule): RuleDraft => ({
  employeeId: rule.employeeId, projectRole: rule.projectRole, regionId: rule.regionId, legalEntityId: rule.legalEntityId,
  classification: rule.classification, endDays: rule.endDays, active: rule.active === 1,
});

const idOrNull = (value: string): number | null => (value === '' ? null : Number(value));

function AssignmentTable({ rows, caption, testId }: { rows: readonly AssignmentRow[]; caption: string; testId: string }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr><th scope="col">{T.project}</th><th scope="col">{T.region}</th><th scope="col">{T.person}</th><th scope="col">{T.role}</th><th scope="col">{T.ends}</th></tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.projectId}:${row.employeeId}`} data-project-id={row.projectId} data-employee-id={row.employeeId}>
              <td>{`${row.projectNumber} ${row.projectName}`}</td>
              <td>{row.regionName ?? ''}</td>
              <td>{row.employeeName}{row.renews ? <span className="text-body-secondary small ms-1">{T.renews}</span> : null}</td>
              <td>{row.projectRole}</td>
              <td className="text-nowrap">{row.endDate ? formatDate(row.endDate) : T.noEnd}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RuleForm({ options, editing, onSaved, onCancel }: {
  options: AssignmentOptions;
  editing: DefaultAssignmentRule | null;
  onSaved(rule: DefaultAssignmentRule): void;
  onCancel(): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<RuleDraft>(editing ? draftOf(editing) : EMPTY);
  const [filter, setFilter] = useState('');
  const [items, setItems] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<'' | 'preview' | 'save'>('');
  const [preview, setPreview] = useState<{ of: string; result: RulePreview } | null>(null);
  const feedback = formFeedback(items);
  const key = JSON.stringify(draft);
  const change = (next: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...next }));
  const employees = useMemo(() => {
    const words = filter.trim().toLowerCase();
    const list = words ? options.employees.filter((e) => `${e.name} ${e.jobTitle} ${e.regionName ?? ''}`.toLowerCase().includes(words)) : options.employees;
    const chosen = options.employees.find((e) => e.id === draft.employeeId);
    return chosen && !list.includes(chosen) ? [chosen, ...list] : list;
  }, [filter, options.employees, draft.employeeId]);

  const run = async (what: 'preview' | 'save') => {
    const local = checkRule(draft);
    setItems(local);
    setProblem('');
    if (local.length) return;
    setBusy(what);
    try {
      if (what === 'preview') setPreview({ of: key, result: await previewRule(draft) });
      else {
        const saved = await saveRule(draft, editing ? { ruleId: editing.ruleId, modifiedAt: editing.modifiedAt } : undefined);
        showToast(T.saved, { variant: 'success' });
        onSaved(saved);
      }
    } catch (error) {
      sayRefusedSave(error, setItems, () => setProblem(`${problemText(error)} ${T.keptWork}`));
    } finally {
      setBusy('');
    }
  };

  const select = (field: string, label: string, value: string, onChange: (value: string) => void, choices: ReadonlyArray<{ value: string; label: string }>, any: string) => (
    <div className="col-12 col-md-4">
      <label className="form-label small mb-1" htmlFor={`${id}-${field}`}>{label}</label>
      <select id={`${id}-${field}`} className={`form-select form-select-sm${fieldInvalid(feedback, field) ? ' is-invalid' : ''}`} data-field={field}
        aria-invalid={fieldInvalid(feedback, field) || undefined} aria-describedby={`${id}-${field}-fb`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
      <FieldFeedback feedback={feedback} field={field} id={`${id}-${field}-fb`} />
    </div>
  );

  const scopeInvalid = fieldInvalid(feedback, 'Scope');
  const title = editing ? T.editRule(editing.ruleId) : T.newRule;
  const shown = preview?.of === key ? preview.result : null;
  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`} data-rule-form={editing?.ruleId ?? 'new'}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">{title}</h2>
        <form noValidate aria-labelledby={`${id}-title`} onSubmit={(e) => { e.preventDefault(); void run('save'); }}
          onKeyDown={(e) => { if (e.key === 'Escape') onCancel(); }}>
          <ValidationSummary feedback={feedback} />
          {problem ? <div className="alert alert-danger py-2" role="alert" data-state="failed">{problem}</div> : null}
          <div className="row g-2 mb-2">
            <div className="col-12 col-md-4">
              <label className="form-label small mb-1" htmlFor={`${id}-filter`}>{T.employeeFilter}</label>
              <input id={`${id}-filter`} type="search" className="form-control form-control-sm" data-field="employeeFilter" value={filter} onChange={(e) => setFilter(e.target.value)} />
            </div>
            <div className="col-12 col-md-8">
              <label className="form-label small mb-1" htmlFor={`${id}-EmployeeId`}>{T.employee}</label>
              <select id={`${id}-EmployeeId`} className={`form-select form-select-sm${fieldInvalid(feedback, 'EmployeeId') ? ' is-invalid' : ''}`} data-field="EmployeeId"
                aria-invalid={fieldInvalid(feedback, 'EmployeeId') || undefined} aria-describedby={`${id}-EmployeeId-fb`}
                value={draft.employeeId ?? ''} onChange={(e) => change({ employeeId: idOrNull(e.target.value) })}>
                <option value="">{T.chooseEmployee}</option>
                {employees.map((e) => <option key={e.id} value={e.id}>{`${e.name} — ${e.jobTitle}${e.regionName ? `, ${e.regionName}` : ''}`}</option>)}
              </select>
              <FieldFeedback feedback={feedback} field="EmployeeId" id={`${id}-EmployeeId-fb`} />
            </div>
          </div>
          <div className="row g-2 mb-2">
            {select('ProjectRole', T.role, draft.projectRole, (v) => change({ projectRole: v as ProjectRole | '' }), options.roles.map((r) => ({ value: r, label: r })), T.chooseRole)}
            <div className="col-12 col-md-4">
              <label className="form-label small mb-1" htmlFor={`${id}-EndDays`}>{T.endDays}</label>
              <input id={`${id}-EndDays`} type="number" min={1} step={1} inputMode="numeric" data-field="EndDays"
                className={`form-control form-control-sm${fieldInvalid(feedback, 'EndDays') ? ' is-invalid' : ''}`} aria-invalid={fieldInvalid(feedback, 'EndDays') || undefined}
                aria-describedby={`${id}-EndDays-help ${id}-EndDays-fb`} value={draft.endDays ?? ''}
                onChange={(e) => change({ endDays: e.target.value === '' ? null : Number(e.target.value) })} />
              <div id={`${id}-EndDays-help`} className="form-text">{T.endDaysHelp}</div>
              <FieldFeedback feedback={feedback} field="EndDays" id={`${id}-EndDays-fb`} />
            </div>
            <div className="col-12 col-md-4 d-flex align-items-center">
              <div className="form-check mt-3">
                <input id={`${id}-active`} type="checkbox" className="form-check-input" data-field="Active" checked={draft.active} onChange={(e) => change({ active: e.target.checked })} />
                <label className="form-check-label" htmlFor={`${id}-active`}>{T.active}</label>
              </div>
            </div>
          </div>
          <fieldset className={`row g-2 mb-2${scopeInvalid ? ' is-invalid' : ''}`} aria-describedby={`${id}-scope-help ${id}-scope-fb`} data-field="Scope">
            <legend className="form-label small mb-0">{T.columns.scope}</legend>
            <div id={`${id}-scope-help`} className="form-text mt-0">{T.scopeHelp}</div>
            {select('RegionId', T.region, draft.regionId === null ? '' : String(draft.regionId), (v) => change({ regionId: idOrNull(v) }), options.regions.map((r) => ({ value: String(r.id), label: r.name })), T.any)}
            {select('LegalEntityId', T.legalEntity, draft.legalEntityId === null ? '' : String(draft.legalEntityId), (v) => change({ legalEntityId: idOrNull(v) }), options.legalEntities.map((l) => ({ value: String(l.id), label: l.name })), T.any)}
            {select('Classification', T.classification, draft.classification ?? '', (v) => change({ classification: v || null }), options.classifications.map((c) => ({ value: c, label: c })), T.any)}
            <FieldFeedback feedback={feedback} field="Scope" id={`${id}-scope-fb`} />
          </fieldset>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-outline-primary" data-action="preview" disabled={!!busy} onClick={() => void run('preview')}>{T.preview}</button>
            <button type="submit" className="btn btn-sm btn-primary" data-action="save" disabled={!!busy}>{busy === 'save' ? T.saving : T.save}</button>
            <button type="button" className="btn btn-sm btn-outline-secondary" data-action="cancel" onClick={onCancel}>{T.cancel}</button>
          </div>
        </form>
        {busy === 'preview' ? <div role="status" className="text-body-secondary mt-3"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.previewing}</div> : null}
        {preview && !shown && busy !== 'preview' ? <p className="text-body-secondary mt-3 mb-0" data-preview-outdated>{T.previewOutdated}</p> : null}
        {shown ? (
          <section className="mt-3" aria-labelledby={`${id}-preview`} data-testid="rule-preview">
            <h3 id={`${id}-preview`} className="h6">{T.previewTitle}</h3>
            <p role="status" data-preview-count={shown.rows.length}>{shown.rows.length ? T.previewCount(shown.rows.length, shown.projectsInScope, shown.alreadyMembers) : T.previewNone}</p>
            {shown.rows.length ? <AssignmentTable rows={shown.rows} caption={T.previewTitle} testId="preview-rows" /> : null}
          </section>
        ) : null}
      </div>
    </section>
  );
}

export function DefaultAssignments() {
  const { state: load, retry: reload } = useLoad('rules', async (signal, attempt) => {
    const [rules, options] = await Promise.all([loadRules(signal, attempt), loadOptions(signal, attempt)]);
    return { rules, options };
  }, { what: 'Default assignments load' });
  const [editing, setEditing] = useState<DefaultAssignmentRule | 'new' | null>(null);
  const [report, setReport] = useState<ApplyReport | null>(null);
  const [applying, setApplying] = useState<number | null>(null);


  const apply = async (rule: DefaultAssignmentRule) => {
    const ok = await showMessage({ title: T.applyConfirmTitle, message: T.applyConfirm(rule.employeeName), buttons: ['cancel', 'ok'], labels: { ok: T.apply }, variant: 'warning' });
    if (ok !== true) return;
    setApplying(rule.ruleId);
    try {
      setReport(await applyRule(rule));
      reload();
    } catch (error) {
      await sayNotDone(error, problemText(error));
      if (error instanceof ApiError && error.status === 409) reload();
    } finally {
      setApplying(null);
    }
  };
  // A delete on its way disables its button: progress shows, and a second click sends nothing twice.
  const deleting = useRowDelete<number>(T, problemText, reload);
  const remove = (rule: DefaultAssignmentRule) => deleting.remove(rule.ruleId, T.deleteConfirm(rule.employeeName), () => deleteRule(rule.ruleId));

  const rules = load.status === 'ready' ? load.data.rules : [];
  return (
    <main className="container-fluid py-3 pt-default-assignments" data-screen="pt-default-assignments">
      <ScreenTitle title={T.title} />
      <p className="text-body-secondary">{T.intro}</p>
      {load.status === 'loading' ? (
        <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loading}</div>
      ) : load.status === 'failed' ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert" data-state={load.failure === 'forbidden' ? 'forbidden' : 'failed'}>
          <span>{`${T.loadFailed} ${problemText(load.error)}`}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={reload}>{T.retry}</button>
        </div>
      ) : (
        <>
          {editing ? (
            <RuleForm key={editing === 'new' ? 'new' : `${editing.ruleId}:${editing.modifiedAt}`} options={load.data.options} editing={editing === 'new' ? null : editing}
              onSaved={() => { setEditing(null); reload(); }} onCancel={() => setEditing(null)} />
          ) : null}
          {report ? (
            <section className="card mb-3 border-success-subtle" aria-labelledby="pt-da-report" data-testid="apply-report">
              <div className="card-body">
                <div className="d-flex align-items-baseline gap-2">
                  <h2 id="pt-da-report" className="h5 mb-2">{T.reportTitle(report.ruleId)}</h2>
                  <button type="button" className="btn btn-sm btn-link ms-auto" onClick={() => setReport(null)}>{T.close}</button>
                </div>
                <p role="status" data-report-count={report.added.length}>{report.added.length ? T.reportCount(report.added.length, report.alreadyMembers) : T.reportNone}</p>
                {report.added.length ? <AssignmentTable rows={report.added} caption={T.reportTitle(report.ruleId)} testId="report-rows" /> : null}
              </div>
            </section>
          ) : null}
          <section aria-labelledby="pt-da-rules">
            <div className="d-flex align-items-baseline gap-2 mb-2">
              <h2 id="pt-da-rules" className="h5 mb-0">{T.rules}</h2>
              <button type="button" className="btn btn-sm btn-primary ms-auto" data-action="new-rule" onClick={() => setEditing('new')}>{T.newRule}</button>
            </div>
            <div className="table-responsive">
              <table className="table table-sm align-middle" data-testid="rules">
                <caption className="visually-hidden">{T.rulesCaption(rules.length)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.columns.employee}</th><th scope="col">{T.columns.role}</th><th scope="col">{T.columns.scope}</th>
                    <th scope="col">{T.columns.ends}</th><th scope="col">{T.columns.active}</th><th scope="col">{T.columns.addedBy}</th>
                    <th scope="col" className="text-end">{T.columns.members}</th><th scope="col"><span className="visually-hidden">{T.columns.actions}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {rules.length === 0 ? <tr><td colSpan={8} className="text-body-secondary">{T.none}</td></tr> : null}
                  {rules.map((rule) => (
                    <tr key={rule.ruleId} data-rule-id={rule.ruleId} className={rule.active ? undefined : 'text-body-secondary'}>
                      <td><div>{rule.employeeName}</div><div className="small text-body-secondary">{rule.jobTitle}</div></td>
                      <td>{rule.projectRole}</td>
                      <td data-scope>{scopeText(rule)}</td>
                      <td className="text-nowrap">{rule.endDays ? T.endsAfter(rule.endDays) : T.noEnd}</td>
                      <td>{rule.active ? T.yes : T.no}</td>
                      <td><div>{rule.createdByName ?? T.system}</div><div className="small text-body-secondary">{formatDate(rule.createdAt.slice(0, 10))}</div></td>
                      <td className="text-end" data-members-added>{rule.membersAdded}</td>
                      <td className="text-end text-nowrap">
                        <button type="button" className="btn btn-sm btn-link" data-action="edit" aria-label={`${T.edit}: ${rule.employeeName}, ${rule.projectRole}`} onClick={() => setEditing(rule)}>{T.edit}</button>
                        <button type="button" className="btn btn-sm btn-link" data-action="apply" disabled={!rule.active || applying !== null}
                          aria-label={`${T.apply}: ${rule.employeeName}, ${rule.projectRole}`} onClick={() => void apply(rule)}>{applying === rule.ruleId ? T.applying : T.apply}</button>
                        <button type="button" className="btn btn-sm btn-link text-danger-emphasis" data-action="delete" disabled={deleting.busy !== null}
                          aria-label={`${T.delete}: ${rule.employeeName}, ${rule.projectRole}`} onClick={() => void remove(rule)}>{deleting.busy === rule.ruleId ? T.deleting : T.delete}</button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </main>
  );
}
