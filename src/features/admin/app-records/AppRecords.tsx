/**
 * `<admin-app-records>`'s view (§2 /admin/app-records, issue 15): the record types, and for one type
 * its states (name, closed, order, initial, records in it; add, remove), its advancements (from →
 * target, quick route), its field security per state and role (visible / editable) and a "test as"
 * preview. Every save names the type's version (a stale one reads the server's 409 with Reload);
 * refusals read the server's reason; edits stay on the screen after a failure. The workflow rule
 * (recordTypeProblems) is shown live before saving; the server applies the same rule.
 */
import { useId, useMemo, useState } from 'react';
import { recordTypeProblems, type AppRecordTestAs, type AppRecordType, type AppRecordTypeRow } from '../../../core/admin';
import { ScreenTitle } from '../../../ui/records';
import {
  isStale, loadRecordType, loadRecordTypes, loadTestAs, problemText, removeState, saveAdvancements, saveApprovals, saveFieldSecurity, saveStates,
  type AdvancementDraft, type ApprovalDraft, type StateDraft,
} from './data';
import { ADMIN_TEXT as T } from './text';
import { LoadProblem } from '../../../ui/LoadProblem';
import { useLoad, type LoadState } from '../../../ui/useLoad';

function LoadView<V>({ load, loading, failed, retry, children }: { load: LoadState<V>; loading: string; failed: string; retry: () => void; children: (value: V) => React.ReactNode }) {
  if (load.status === 'loading') return <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{loading}</div>;
  if (load.status === 'failed' && load.failure === 'forbidden') return <LoadProblem variant="warning" state="forbidden" message={T.noAccess} onRetry={retry} />;
  if (load.status === 'failed') {
    return (
      <LoadProblem message={`${failed} ${problemText(load.error)}`} onRetry={retry} />
    );
  }
  return <>{children(load.data)}</>;
}

export function AppRecords() {
  const { state: types, retry: retryTypes } = useLoad('types', (signal, attempt) => loadRecordTypes(signal, attempt));
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <main className="container-fluid py-3" data-screen="admin-app-records">
      <ScreenTitle title={T.appRecordsTitle} />
      <LoadView load={types} loading={T.loadingTypes} failed={T.typesFailed} retry={retryTypes}>
        {(rows) => (
          <div className="row g-4">
            {/* The type list needs about 400 px: at 3 of 12 columns its Records column ran under the editor at 1280 px. */}
            <div className="col-xl-4 col-lg-5"><TypeList rows={rows} selected={selected} onSelect={setSelected} /></div>
            <div className="col-xl-8 col-lg-7">{selected ? <TypeEditor key={selected} recordKey={selected} onChanged={retryTypes} /> : null}</div>
          </div>
        )}
      </LoadView>
    </main>
  );
}

function TypeList({ rows, selected, onSelect }: { rows: readonly AppRecordTypeRow[]; selected: string | null; onSelect: (key: string) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-section="types">
      <h2 className="h6" id={id}>{T.recordTypes}</h2>
      <div className="table-responsive">
        <table className="table table-sm align-middle" aria-labelledby={id}>
          <thead><tr><th scope="col">{T.columns.type}</th><th scope="col">{T.columns.application}</th><th scope="col" className="text-end">{T.columns.records}</th></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.applicationRecordKey} data-type-row={r.applicationRecordKey} className={r.applicationRecordKey === selected ? 'table-active' : undefined}>
                <th scope="row" className="fw-normal">
                  <button type="button" className="btn btn-link p-0 text-start" aria-current={r.applicationRecordKey === selected ? 'true' : undefined}
                    data-open-type={r.applicationRecordKey} onClick={() => onSelect(r.applicationRecordKey)}>{r.name}</button>
                </th>
                <td className="small">{r.applicationKey}</td>
                <td className="text-end">{r.records}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

type Message = { kind: 'ok' | 'error'; text: string; stale?: boolean } | null;

function Feedback({ message, onReload }: { message: Message; onReload: () => void }) {
  if (!message) return null;
  if (message.kind === 'ok') return <p className="text-success small mb-2" role="status" data-feedback="ok">{message.text}</p>;
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 py-2" role="alert" data-feedback="error">
      <span><strong>{T.refused}</strong> {message.text}</span>
      {message.stale ? <button type="button" className="btn btn-sm btn-outline-danger" data-action="reload" onClick={onReload}>{T.reload}</button> : null}
    </div>
  );
}

function TypeEditor({ recordKey, onChanged }: { recordKey: string; onChanged: () => void }) {
  const { state: load, retry, set: replace } = useLoad(recordKey, (signal, attempt) => loadRecordType(recordKey, signal, attempt));
  return (
    <LoadView load={load} loading={T.loadingType} failed={T.typeFailed} retry={retry}>
      {(type) => (
        <Editor key={`${type.applicationRecordKey}:${type.version}`} type={type} reload={retry}
          onSaved={(next) => { replace(next); onChanged(); }} />
      )}
    </LoadView>
  );
}

let draftKey = 0;
const nextKey = () => `new-${++draftKey}`;

function Editor({ type, reload, onSaved }: { type: AppRecordType; reload: () => void; onSaved: (next: AppRecordType) => void }) {
  return (
    <div data-type={type.applicationRecordKey} data-version={type.version}>
      <h2 className="h5">{type.name} <span className="text-body-secondary small">({type.applicationRecordKey}, {type.applicationKey})</span></h2>
      {type.problems.length ? <p className="alert alert-warning py-2" data-problems-now>{T.workflowProblems} {type.problems.join(' ')}</p> : null}
      <StatesSection type={type} reload={reload} onSaved={onSaved} />
      <AdvancementsSection type={type} reload={reload} onSaved={onSaved} />
      <FieldSecuritySection type={type} reload={reload} onSaved={onSaved} />
      <ApprovalsSection type={type} reload={reload} onSaved={onSaved} />
      <TestAsSection type={type} />
    </div>
  );
}

interface SectionProps { type: AppRecordType; reload: () => void; onSaved: (next: AppRecordType) => void }

/** Run a save: busy while it runs, the server's words on failure (edits kept), the new type on success. */
function useSave(onSaved: (next: AppRecordType) => void): [boolean, Message, (run: () => Promise<AppRecordType>) => void] {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const run = (call: () => Promise<AppRecordType>) => {
    setBusy(true);
    setMessage(null);
    call().then(
      (next) => { setBusy(false); onSaved(next); },
      (error: unknown) => { setBusy(false); setMessage({ kind: 'error', text: problemText(error), stale: isStale(error) }); },
    );
  };
  return [busy, message, run];
}

function Section({ name, title, children }: { name: string; title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="mb-4" aria-labelledby={id} data-section={name}>
      <h3 className="h6" id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** A section's rows being edited, then what the server would refuse of them as they stand. */
function DraftRows({ head, problems, children }: { head: React.ReactNode; problems: readonly string[]; children: React.ReactNode }) {
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <thead>{head}</thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {problems.length ? <p className="text-danger small" data-preview-problems>{T.wouldRefuse} {problems.join(' ')}</p> : null}
    </>
  );
}

function StatesSection({ type, reload, onSaved }: SectionProps) {
  const [rows, setRows] = useState<StateDraft[]>(() => type.states.map((s) => ({ ...s, key: String(s.applicationRecordStateId) })));
  const [busy, message, run] = useSave(onSaved);
  const change = (key: string, patch: Partial<StateDraft>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : patch.isInitial ? { ...r, isInitial: false } : r)));
  const preview = recordTypeProblems(
    rows.map((r, i) => ({ id: r.applicationRecordStateId ?? -1 - i, name: r.name, closed: r.closed, isInitial: r.isInitial })),
    type.advancements.map((a) => ({ from: a.fromStateId, target: a.targetStateId })),
  ).filter((p) => !type.problems.includes(p));
  return (
    <Section name="states" title={T.statesHeading}>
      <Feedback message={message} onReload={reload} />
      <DraftRows problems={preview} head={<tr>
        <th scope="col">{T.columns.name}</th><th scope="col" className="text-center">{T.columns.closed}</th><th scope="col" className="text-center">{T.columns.initial}</th>
        <th scope="col" className="text-end">{T.columns.order}</th><th scope="col" className="text-end">{T.columns.records}</th><th scope="col"><span className="visually-hidden">{T.columns.actions}</span></th>
      </tr>}>
        {rows.map((r, i) => (
          <tr key={r.key} data-state-row={r.name}>
            <td><input className="form-control form-control-sm" value={r.name} maxLength={60} aria-label={T.nameLabel(i + 1)} data-field="name" onChange={(e) => change(r.key, { name: e.target.value })} /></td>
            <td className="text-center"><input type="checkbox" className="form-check-input" checked={r.closed} aria-label={T.closedLabel(r.name)} data-field="closed" onChange={(e) => change(r.key, { closed: e.target.checked })} /></td>
            <td className="text-center"><input type="radio" className="form-check-input" name={`initial-${type.applicationRecordKey}`} checked={r.isInitial} aria-label={T.initialLabel(r.name)} data-field="initial" onChange={() => change(r.key, { isInitial: true })} /></td>
            <td className="text-end" style={{ width: '96px' }}><input type="number" min={1} className="form-control form-control-sm text-end" value={r.displayOrder} aria-label={T.orderLabel(r.name)} data-field="order"
              onChange={(e) => change(r.key, { displayOrder: Math.max(1, Math.round(Number(e.target.value) || 1)) })} /></td>
            <td className="text-end" data-records>{r.records}</td>
            <td className="text-end">
              <button type="button" className="btn btn-sm btn-outline-danger" aria-label={T.removeState(r.name)} data-action="remove-state" disabled={busy}
                onClick={() => (r.applicationRecordStateId ? run(() => removeState(type, r.applicationRecordStateId!)) : setRows((list) => list.filter((x) => x.key !== r.key)))}>{T.remove}</button>
            </td>
          </tr>
        ))}
      </DraftRows>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" data-action="add-state"
          onClick={() => setRows((list) => [...list, { key: nextKey(), name: '', closed: false, isInitial: false, displayOrder: list.length + 1, records: 0 }])}>{T.addState}</button>
        <button type="button" className="btn btn-sm btn-primary" data-action="save-states" disabled={busy} onClick={() => run(() => saveStates(type, rows))}>{busy ? T.saving : T.saveStates}</button>
      </div>
    </Section>
  );
}

function AdvancementsSection({ type, reload, onSaved }: SectionProps) {
  const [rows, setRows] = useState<AdvancementDraft[]>(() => type.advancements.map((a) => ({ key: String(a.stateAdvancementId), from: a.fromStateId, target: a.targetStateId, quickRoute: a.quickRoute })));
  const [busy, message, run] = useSave(onSaved);
  const name = (id: number) => type.states.find((s) => s.applicationRecordStateId === id)?.name ?? String(id);
  const change = (key: string, patch: Partial<AdvancementDraft>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const preview = recordTypeProblems(
    type.states.map((s) => ({ id: s.applicationRecordStateId, name: s.name, closed: s.closed, isInitial: s.isInitial })),
    rows.map((r) => ({ from: r.from, target: r.target })),
  ).filter((p) => !type.problems.includes(p));
  const first = type.states[0]?.applicationRecordStateId ?? 0;
  const options = type.states.map((s) => <option key={s.applicationRecordStateId} value={s.applicationRecordStateId}>{s.name}</option>);
  return (
    <Section name="advancements" title={T.advancementsHeading}>
      <Feedback message={message} onReload={reload} />
      <DraftRows problems={preview} head={<tr><th scope="col">{T.columns.from}</th><th scope="col">{T.columns.target}</th><th scope="col" className="text-center">{T.columns.quickRoute}</th><th scope="col"><span className="visually-hidden">{T.columns.actions}</span></th></tr>}>
        {rows.map((r, i) => (
          <tr key={r.key} data-advancement={`${name(r.from)}>${name(r.target)}`}>
            <td><select className="form-select form-select-sm" value={r.from} aria-label={T.fromLabel(i + 1)} onChange={(e) => change(r.key, { from: Number(e.target.value) })}>{options}</select></td>
            <td><select className="form-select form-select-sm" value={r.target} aria-label={T.targetLabel(i + 1)} onChange={(e) => change(r.key, { target: Number(e.target.value) })}>{options}</select></td>
            <td className="text-center"><input type="checkbox" className="form-check-input" checked={r.quickRoute} aria-label={T.quickLabel(i + 1)} onChange={(e) => change(r.key, { quickRoute: e.target.checked })} /></td>
            <td className="text-end"><button type="button" className="btn btn-sm btn-outline-danger" aria-label={T.removeAdvancement(name(r.from), name(r.target))} data-action="remove-advancement"
              onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}>{T.remove}</button></td>
          </tr>
        ))}
      </DraftRows>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" data-action="add-advancement" disabled={!first}
          onClick={() => setRows((list) => [...list, { key: nextKey(), from: first, target: type.states[1]?.applicationRecordStateId ?? first, quickRoute: false }])}>{T.addAdvancement}</button>
        <button type="button" className="btn btn-sm btn-primary" data-action="save-advancements" disabled={busy} onClick={() => run(() => saveAdvancements(type, rows))}>{busy ? T.saving : T.saveAdvancements}</button>
      </div>
    </Section>
  );
}

/** A role's current rule for each field in a state: its role row, else the default row, else visible and not editable. */
function currentRules(type: AppRecordType, stateId: number, roleName: string): Map<string, { visible: boolean; editable: boolean }> {
  const rows = type.fieldSecurity.filter((r) => r.applicationRecordStateId === stateId && r.employeeId === null);
  return new Map(type.fields.map((field) => {
    const role = roleName ? rows.find((r) => r.fieldName === field && r.roleName?.toLowerCase() === roleName.toLowerCase()) : undefined;
    const base = rows.find((r) => r.fieldName === field && r.roleName === null);
    const rule = role ?? base;
    return [field, rule ? { visible: rule.visible, editable: rule.editable } : { visible: true, editable: false }];
  }));
}

function StateRolePicker({ type, stateId, roleName, onState, onRole }: { type: AppRecordType; stateId: number; roleName: string; onState: (id: number) => void; onRole: (name: string) => void }) {
  const stateFor = useId();
  const roleFor = useId();
  return (
    <div className="d-flex flex-wrap gap-3 mb-2">
      <div><label className="form-label small mb-0" htmlFor={stateFor}>{T.state}</label>
        <select id={stateFor} className="form-select form-select-sm" value={stateId} data-pick="state" onChange={(e) => onState(Number(e.target.value))}>
          {type.states.map((s) => <option key={s.applicationRecordStateId} value={s.applicationRecordStateId}>{s.name}</option>)}
        </select></div>
      <div><label className="form-label small mb-0" htmlFor={roleFor}>{T.role}</label>
        <select id={roleFor} className="form-select form-select-sm" value={roleName} data-pick="role" onChange={(e) => onRole(e.target.value)}>
          <option value="">{T.defaultRole}</option>
          {type.roles.map((r) => <option key={r} value={r}>{r}</option>)}
        </select></div>
    </div>
  );
}

function FieldSecuritySection({ type, reload, onSaved }: SectionProps) {
  const [stateId, setStateId] = useState(type.states[0]?.applicationRecordStateId ?? 0);
  const [roleName, setRoleName] = useState('');
  const current = useMemo(() => currentRules(type, stateId, roleName), [type, stateId, roleName]);
  const [edits, setEdits] = useState<Map<string, { visible: boolean; editable: boolean }>>(new Map());
  const [busy, message, run] = useSave(onSaved);
  const pick = (apply: () => void) => { apply(); setEdits(new Map()); };
  const valueOf = (field: string) => edits.get(field) ?? current.get(field) ?? { visible: true, editable: false };
  const set = (field: string, patch: Partial<{ visible: boolean; editable: boolean }>) => setEdits((map) => {
    const next = new Map(map);
    const value = { ...valueOf(field), ...patch };
    if (patch.visible === false) value.editable = false;
    if (patch.editable === true) value.visible = true;
    next.set(field, value);
    return next;
  });
  const perUser = type.fieldSecurity.filter((r) => r.applicationRecordStateId === stateId && r.employeeId !== null).length;
  const changed = [...edits.entries()].filter(([field, v]) => {
    const now = current.get(field);
    return !now || now.visible !== v.visible || now.editable !== v.editable;
  }).map(([fieldName, v]) => ({ fieldName, ...v }));
  if (!type.fields.length || !type.states.length) return <Section name="field-security" title={T.fieldSecurityHeading}><p className="text-body-secondary small">{T.noFields}</p></Section>;
  return (
    <Section name="field-security" title={T.fieldSecurityHeading}>
      <Feedback message={message} onReload={reload} />
      <StateRolePicker type={type} stateId={stateId} roleName={roleName} onState={(id) => pick(() => setStateId(id))} onRole={(name) => pick(() => setRoleName(name))} />
      <p className="text-body-secondary small mb-1">{T.inheritsHint}{perUser ? ` ${T.employeeRows(perUser)}` : ''}</p>
      <table className="table table-sm align-middle" style={{ maxWidth: '576px' }}>
        <thead><tr><th scope="col">{T.columns.field}</th><th scope="col" className="text-center">{T.columns.visible}</th><th scope="col" className="text-center">{T.columns.editable}</th></tr></thead>
        <tbody>
          {type.fields.map((field) => {
            const v = valueOf(field);
            return (
              <tr key={field} data-field-row={field}>
                <th scope="row" className="fw-normal">{field}</th>
                <td className="text-center"><input type="checkbox" className="form-check-input" checked={v.visible} aria-label={T.visibleLabel(field)} data-check="visible" onChange={(e) => set(field, { visible: e.target.checked })} /></td>
                <td className="text-center"><input type="checkbox" className="form-check-input" checked={v.editable} aria-label={T.editableLabel(field)} data-check="editable" onChange={(e) => set(field, { editable: e.target.checked })} /></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" className="btn btn-sm btn-primary" data-action="save-field-security" disabled={busy || !changed.length}
        onClick={() => run(() => saveFieldSecurity(type, stateId, roleName, changed))}>{busy ? T.saving : T.saveFieldSecurity}</button>
    </Section>
  );
}

const draftsOf = (type: AppRecordType): ApprovalDraft[] => (type.approvals ?? []).map((m) => ({
  key: String(m.targetApplicationRecordStateId), target: m.targetApplicationRecordStateId, notSubmitter: m.notSubmitter, notPreviousApprover: m.notPreviousApprover,
  limits: m.limits.map((l) => ({ key: nextKey(), roleName: l.roleName, upToAmount: l.upToAmount === null ? '' : String(l.upToAmount) })),
}));

/** The approval matrix of the type: per approval step (a target state), its segregation of duties and role limits. */
function ApprovalsSection({ type, reload, onSaved }: SectionProps) {
  const [moves, setMoves] = useState<ApprovalDraft[]>(() => draftsOf(type));
  const [busy, message, run] = useSave(onSaved);
  const name = (id: number) => type.states.find((s) => s.applicationRecordStateId === id)?.name ?? String(id);
  const change = (key: string, patch: Partial<ApprovalDraft>) => setMoves((list) => list.map((m) => (m.key === key ? { ...m, ...patch } : m)));
  const changeLimit = (move: ApprovalDraft, key: string, patch: Partial<ApprovalDraft['limits'][number]>) =>
    change(move.key, { limits: move.limits.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  const free = type.states.find((s) => !moves.some((m) => m.target === s.applicationRecordStateId));
  return (
    <Section name="approvals" title={T.approvalsHeading}>
      <Feedback message={message} onReload={reload} />
      <p className="text-body-secondary small mb-2">{T.approvalsHint}</p>
      {!moves.length ? <p className="text-body-secondary small" data-no-approvals>{T.noApprovals}</p> : null}
      {moves.map((m, i) => (
        <fieldset key={m.key} className="border rounded p-2 mb-2" data-approval={name(m.target)}>
          <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
            <select className="form-select form-select-sm w-auto" value={m.target} aria-label={T.approvalStep(i + 1)} data-field="target"
              onChange={(e) => change(m.key, { target: Number(e.target.value) })}>
              {type.states.map((s) => <option key={s.applicationRecordStateId} value={s.applicationRecordStateId}>{s.name}</option>)}
            </select>
            <label className="form-check-label small"><input type="checkbox" className="form-check-input me-1" checked={m.notSubmitter} data-field="notSubmitter"
              onChange={(e) => change(m.key, { notSubmitter: e.target.checked })} />{T.notSubmitter}</label>
            <label className="form-check-label small"><input type="checkbox" className="form-check-input me-1" checked={m.notPreviousApprover} data-field="notPreviousApprover"
              onChange={(e) => change(m.key, { notPreviousApprover: e.target.checked })} />{T.notPreviousApprover}</label>
            <button type="button" className="btn btn-sm btn-outline-danger ms-auto" aria-label={T.removeApproval(name(m.target))} data-action="remove-approval"
              onClick={() => setMoves((list) => list.filter((x) => x.key !== m.key))}>{T.remove}</button>
          </div>
          <table className="table table-sm align-middle mb-1" style={{ maxWidth: '576px' }}>
            <thead><tr><th scope="col">{T.columns.role}</th><th scope="col" className="text-end">{T.columns.upTo}</th><th scope="col"><span className="visually-hidden">{T.columns.actions}</span></th></tr></thead>
            <tbody>
              {m.limits.map((l, j) => (
                <tr key={l.key} data-limit={l.roleName}>
                  <td><select className="form-select form-select-sm" value={l.roleName} aria-label={T.limitRole(name(m.target), j + 1)} data-field="role"
                    onChange={(e) => changeLimit(m, l.key, { roleName: e.target.value })}>
                    {[...new Set([l.roleName, ...type.roles])].filter(Boolean).map((r) => <option key={r} value={r}>{r}</option>)}
                  </select></td>
                  <td><input className="form-control form-control-sm text-end" inputMode="decimal" value={l.upToAmount} placeholder={T.anyAmount}
                    aria-label={T.limitAmount(name(m.target), l.roleName)} data-field="upToAmount" onChange={(e) => changeLimit(m, l.key, { upToAmount: e.target.value })} /></td>
                  <td className="text-end"><button type="button" className="btn btn-sm btn-outline-danger" aria-label={T.removeLimit(name(m.target), l.roleName)} data-action="remove-limit"
                    onClick={() => change(m.key, { limits: m.limits.filter((x) => x.key !== l.key) })}>{T.remove}</button></td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="btn btn-sm btn-outline-secondary" data-action="add-limit" disabled={!type.roles.length}
            onClick={() => change(m.key, { limits: [...m.limits, { key: nextKey(), roleName: type.roles[0] ?? '', upToAmount: '' }] })}>{T.addLimit}</button>
        </fieldset>
      ))}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" data-action="add-approval" disabled={!free}
          onClick={() => free && setMoves((list) => [...list, { key: nextKey(), target: free.applicationRecordStateId, notSubmitter: true, notPreviousApprover: true, limits: [] }])}>{T.addApproval}</button>
        <button type="button" className="btn btn-sm btn-primary" data-action="save-approvals" disabled={busy} onClick={() => run(() => saveApprovals(type, moves))}>{busy ? T.saving : T.saveApprovals}</button>
      </div>
    </Section>
  );
}

function TestAsSection({ type }: { type: AppRecordType }) {
  const [stateId, setStateId] = useState(type.states[0]?.applicationRecordStateId ?? 0);
  const [roleName, setRoleName] = useState(type.roles[0] ?? '');
  const { state: shown } = useLoad<AppRecordTestAs>(stateId ? `${stateId}|${roleName}|${type.version}` : null,
    (signal) => loadTestAs(type.applicationRecordKey, stateId, roleName, signal));
  if (!type.states.length) return null;
  return (
    <Section name="test-as" title={T.testAsHeading}>
      <StateRolePicker type={type} stateId={stateId} roleName={roleName} onState={setStateId} onRole={setRoleName} />
      {shown.status === 'loading' ? <div role="status" className="text-body-secondary small">{T.loadingType}</div>
        : shown.status === 'failed' ? <div role="alert" className="alert alert-danger py-2">{problemText(shown.error)}</div>
        : !shown.data.fields.length ? <p className="text-body-secondary small">{T.noFields}</p>
        : (
          <table className="table table-sm" style={{ maxWidth: '576px' }} data-test-as>
            <thead><tr><th scope="col">{T.columns.field}</th><th scope="col" className="text-center">{T.columns.visible}</th><th scope="col" className="text-center">{T.columns.editable}</th></tr></thead>
            <tbody>
              {shown.data.fields.map((f) => (
                <tr key={f.fieldName} data-test-field={f.fieldName} data-visible={String(f.visible)} data-editable={String(f.editable)}>
                  <th scope="row" className="fw-normal">{f.fieldName}</th>
                  <td className="text-center">{f.visible ? T.yes : T.no}</td>
                  <td className="text-center">{f.editable ? T.yes : T.no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </Section>
  );
}
