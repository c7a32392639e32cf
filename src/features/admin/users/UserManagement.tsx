/**
 * `<admin-user-management>`'s view (§2 /usermanagement, issue 15): the users with search and filters
 * (status, role, application, region); one user's detail (profile, manager, region, beta flag, roles
 * per application key, project teams) with, for keyUserManagement Admin and IT, grant / revoke,
 * activate / deactivate, the beta flag and "copy roles from user…"; and the audit log with filters
 * and CSV / Excel export. A Viewer sees everything without the write controls (the server refuses
 * them too). Every refusal reads the server's message; typed choices stay after a failure.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  ACTIVE_FILTERS, ADMIN_ROLE_GRANTERS, AUDIT_ACTIONS, USER_APPLICATION_KEYS, USER_ROLE_NAMES, rolesOfKey, roleText,
  type ActiveFilter, type AuditList, type UserDetail, type UserList, type UserRow,
} from '../../../core/admin';
import { $roles, $rolesStatus, hasAccess, loadRoles } from '../../../core/roles';
import { useStore } from '../../../ui/hooks';
import { formatDate, formatDateTime } from '../../../core/format/dates';
import {
  NO_AUDIT_FILTERS, NO_FILTERS, auditSheet, copyRoles, grantRole, loadAuditLog, loadUser, loadUsers, problemText, revokeRole, setActive, setBeta,
  type AuditFilters, type UserFilters,
} from './data';
import { USERS_UI_TEXT as T } from './text';
import { LoadProblem } from '../../../ui/LoadProblem';
import { useLoad } from '../../../ui/useLoad';

function Loading({ text }: { text: string }) {
  return <div role="status" className="text-body-secondary py-2" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{text}</div>;
}

function Select({ label, value, onChange, options, name, any = true }: { label: string; value: string; onChange: (v: string) => void; options: ReadonlyArray<readonly [string, string]>; name: string; any?: boolean }) {
  const id = useId();
  return (
    <div>
      <label className="form-label small mb-1" htmlFor={id}>{label}</label>
      <select id={id} className="form-select form-select-sm" name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {any ? <option value="">{T.any}</option> : null}
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </div>
  );
}

export function UserManagement() {
  const [tab, setTab] = useState<'users' | 'audit'>('users');
  const tabs = [['users', T.tabs.users], ['audit', T.tabs.audit]] as const;
  return (
    <main className="container-fluid py-3" data-screen="admin-user-management">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3" data-screen-title><h1 className="h4 mb-0">{T.title}</h1></div>
      <div className="nav nav-tabs mb-3" role="tablist">
        {tabs.map(([name, label]) => (
          <button key={name} type="button" role="tab" id={`um-tab-${name}`} aria-controls={`um-panel-${name}`} aria-selected={tab === name}
            className={`nav-link${tab === name ? ' active' : ''}`} data-tab={name} onClick={() => setTab(name)}>{label}</button>
        ))}
      </div>
      <div role="tabpanel" id={`um-panel-${tab}`} aria-labelledby={`um-tab-${tab}`}>
        {tab === 'users' ? <UsersTab /> : <AuditTab />}
      </div>
    </main>
  );
}

// --- users -------------------------------------------------------------------------------------

function UsersTab() {
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const { state: list, retry: retryList } = useLoad<UserList>(JSON.stringify(filters), (signal, attempt) => loadUsers(filters, signal, attempt));
  const set = (patch: Partial<UserFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const submit = (event: FormEvent) => { event.preventDefault(); set({ search: search.trim() }); };
  const regions = list.status === 'ready' ? list.data.regions : [];
  return (
    <div className="row g-4">
      <section className="col-lg-5" aria-label={T.tabs.users}>
        <form className="row g-2 align-items-end mb-3" role="search" onSubmit={submit} data-form="user-filters">
          <div className="col-12">
            <label className="form-label small mb-1" htmlFor="um-search">{T.search}</label>
            <div className="input-group input-group-sm">
              <input id="um-search" type="search" className="form-control" name="search" placeholder={T.searchHint} value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
              <button type="submit" className="btn btn-outline-secondary" data-action="search">{T.searchButton}</button>
            </div>
          </div>
          <div className="col-6 col-md-3"><Select label={T.activeFilter} name="active" any={false} value={filters.active} onChange={(v) => set({ active: v as ActiveFilter })} options={ACTIVE_FILTERS.map((a) => [a, T.activeOptions[a]] as const)} /></div>
          <div className="col-6 col-md-3"><Select label={T.applicationFilter} name="applicationKey" value={filters.applicationKey} onChange={(v) => set({ applicationKey: v })} options={USER_APPLICATION_KEYS.map((k) => [k, k] as const)} /></div>
          <div className="col-6 col-md-3"><Select label={T.roleFilter} name="roleName" value={filters.roleName} onChange={(v) => set({ roleName: v })} options={USER_ROLE_NAMES.map((r) => [r, r] as const)} /></div>
          <div className="col-6 col-md-3"><Select label={T.regionFilter} name="regionId" value={filters.regionId} onChange={(v) => set({ regionId: v })} options={regions.map((r) => [String(r.regionId), r.name] as const)} /></div>
        </form>
        {list.status === 'loading' ? <Loading text={T.loadingUsers} /> : list.status === 'failed' ? <LoadProblem message={`${T.usersFailed} ${problemText(list.error)}`} onRetry={retryList} /> : (
          <UserTable list={list.data} selected={selected} onSelect={setSelected} />
        )}
      </section>
      <section className="col-lg-7" aria-label={T.profile} data-panel="user-detail">
        {selected === null ? <p className="text-body-secondary">{T.pickUser}</p> : (
          <UserPanel key={selected} employeeId={selected} users={list.status === 'ready' ? list.data.rows : []} onChanged={retryList} />
        )}
      </section>
    </div>
  );
}

function UserTable({ list, selected, onSelect }: { list: UserList; selected: number | null; onSelect: (id: number) => void }) {
  const c = T.columns;
  return (
    <>
      <p className="small text-body-secondary mb-2" data-user-count>{T.count(list.rows.length, list.total)}</p>
      <div className="table-responsive">
        <table className="table table-sm table-hover align-middle" data-table="users">
          <thead><tr><th scope="col">{c.name}</th><th scope="col">{c.login}</th><th scope="col">{c.region}</th><th scope="col">{c.status}</th><th scope="col" className="text-end">{c.roles}</th></tr></thead>
          <tbody>
            {list.rows.length === 0 ? <tr><td colSpan={5} className="text-body-secondary">{T.noUsers}</td></tr> : list.rows.map((u) => (
              <tr key={u.employeeId} data-user-row={u.employeeId} className={selected === u.employeeId ? 'table-active' : undefined}>
                <td>
                  <button type="button" className="btn btn-link p-0 text-start" data-open-user={u.employeeId} aria-pressed={selected === u.employeeId} onClick={() => onSelect(u.employeeId)}>{u.name}</button>
                  {/* Long addresses wrap, so the table fits its column at 1280-1366 px and Status stays in view. */}
                  <span className="d-block small text-body-secondary" style={{ overflowWrap: 'anywhere' }}>{u.email}</span>
                </td>
                <td>{u.login ?? T.none}</td>
                <td>{u.regionName ?? T.none}</td>
                <td><StatusBadge active={u.active} /></td>
                <td className="text-end">{u.roleCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

const StatusBadge = ({ active }: { active: boolean }) =>
  <span className={`badge ${active ? 'text-bg-success' : 'text-bg-secondary'}`} data-status={active ? 'active' : 'inactive'}>{active ? T.active : T.inactive}</span>;

type Feedback = { kind: 'ok' | 'error'; text: string } | null;

function UserPanel({ employeeId, users, onChanged }: { employeeId: number; users: readonly UserRow[]; onChanged: () => void }) {
  const { state: load, retry, set: replace } = useLoad<UserDetail>(String(employeeId), (signal, attempt) => loadUser(employeeId, signal, attempt));
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  if (load.status === 'loading') return <Loading text={T.loadingUser} />;
  if (load.status === 'failed') return <LoadProblem message={`${T.userFailed} ${problemText(load.error)}`} onRetry={retry} />;
  const user = load.data;
  /** Run a write: the answer replaces the detail; a refusal shows the server's message and keeps what was typed. */
  const write = async (call: () => Promise<UserDetail>, ok: (u: UserDetail) => string = () => T.saved): Promise<boolean> => {
    setBusy(true);
    setFeedback(null);
    try {
      const next = await call();
      replace(next);
      setFeedback({ kind: 'ok', text: ok(next) });
      onChanged();
      return true;
    } catch (error) {
      setFeedback({ kind: 'error', text: problemText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-user-detail={user.employeeId}>
      <h2 className="h5">{user.name} <StatusBadge active={user.active} /></h2>
      {!user.canWrite ? <p className="small text-body-secondary" data-read-only>{T.readOnly}</p> : null}
      <div aria-live="polite">
        {busy ? <div role="status" className="small text-body-secondary">{T.saving}</div> : null}
        {feedback ? <div className={`alert ${feedback.kind === 'ok' ? 'alert-success' : 'alert-danger'} py-2`} role={feedback.kind === 'ok' ? 'status' : 'alert'} data-feedback={feedback.kind}>{feedback.text}</div> : null}
      </div>
      <Profile user={user} busy={busy} write={write} />
      <Roles user={user} busy={busy} write={write} />
      {/* Never to oneself, nor by copying (the server's grantRefusal): another administrator grants them. */}
      {user.canWrite && user.isSelf ? <p className="small text-body-secondary" data-self-grant>{T.selfGrant}</p> : null}
      {user.canWrite && !user.isSelf ? <CopyRoles user={user} users={users} busy={busy} write={write} /> : null}
      <Teams user={user} />
    </div>
  );
}

type Write = (call: () => Promise<UserDetail>, ok?: (u: UserDetail) => string) => Promise<boolean>;

function Profile({ user, busy, write }: { user: UserDetail; busy: boolean; write: Write }) {
  const f = T.fields;
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const betaId = useId();
  const rows: Array<[string, ReactNode]> = [
    [f.login, user.login ?? T.noLogin], [f.email, user.email], [f.employeeKey, user.employeeKey], [f.jobTitle, user.jobTitle],
    [f.manager, user.manager?.name ?? T.none], [f.region, user.regionName ?? T.none],
    [f.status, user.active ? T.active : T.deactivatedOn(formatDateTime(user.deactivatedAt ?? ''), user.deactivatedBy?.name ?? '')],
  ];
  return (
    <section className="mb-4" aria-labelledby={`${reasonId}-h`}>
      <h3 className="h6" id={`${reasonId}-h`}>{T.profile}</h3>
      <dl className="row mb-2 small" data-profile>
        {rows.map(([label, value]) => <div key={label} className="col-sm-6 d-flex gap-2"><dt className="fw-semibold">{label}</dt><dd className="mb-1">{value}</dd></div>)}
      </dl>
      {user.canWrite ? (
        <div className="d-flex flex-wrap align-items-end gap-3">
          <div className="form-check form-switch">
            <input id={betaId} className="form-check-input" type="checkbox" role="switch" checked={user.betaUser} disabled={busy} data-action="beta"
              onChange={(e) => { const next = e.target.checked; void write(() => setBeta(user.employeeId, next)); }} />
            <label className="form-check-label" htmlFor={betaId}>{T.betaLabel}</label>
          </div>
          {user.active ? (
            <>
              <div>
                <label className="form-label small mb-1" htmlFor={reasonId}>{T.deactivateReason}</label>
                <input id={reasonId} name="reason" className="form-control form-control-sm" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
              </div>
              <button type="button" className="btn btn-sm btn-outline-danger" data-action="deactivate" disabled={busy || user.isSelf}
                onClick={() => void write(() => setActive(user.employeeId, false, reason)).then((ok) => { if (ok) setReason(''); })}>{T.deactivate}</button>
            </>
          ) : (
            <button type="button" className="btn btn-sm btn-outline-success" data-action="activate" disabled={busy}
              onClick={() => void write(() => setActive(user.employeeId, true, ''))}>{T.activate}</button>
          )}
        </div>
      ) : (
        <p className="small mb-0"><span className="fw-semibold">{f.beta}</span> {user.betaUser ? 'Yes' : 'No'}</p>
      )}
    </section>
  );
}

/**
 * The roles the grant form offers per application key (the server's grantRefusal, src/core/admin/users.ts):
 * only the key's own roles (ROLES_BY_KEY), not one the user holds already, and an Admin role only when the
 * signed-in user is a keyAdmin Admin. Keys with nothing left to offer are not listed.
 */
function useGrantChoices(user: UserDetail): (applicationKey: string) => readonly string[] {
  const roles = useStore($roles);
  const rolesStatus = useStore($rolesStatus);
  // Embedded alone (no portal), the signed-in user's roles may not be asked yet.
  useEffect(() => { if (rolesStatus === 'idle') void loadRoles(); }, [rolesStatus]);
  const grantsAdmin = hasAccess(ADMIN_ROLE_GRANTERS.key, ADMIN_ROLE_GRANTERS.roles, roles);
  const held = new Set(user.roles.map((r) => `${r.applicationKey.toLowerCase()}|${r.name.toLowerCase()}`));
  return (applicationKey) => rolesOfKey(applicationKey).filter((name) =>
    (grantsAdmin || name.toLowerCase() !== 'admin') && !held.has(`${applicationKey.toLowerCase()}|${name.toLowerCase()}`));
}

function Roles({ user, busy, write }: { user: UserDetail; busy: boolean; write: Write }) {
  const [applicationKey, setApplicationKey] = useState('');
  const [roleName, setRoleName] = useState('');
  const headingId = useId();
  const choicesOf = useGrantChoices(user);
  const keys = USER_APPLICATION_KEYS.filter((k) => choicesOf(k).length > 0);
  const roleChoices = applicationKey ? choicesOf(applicationKey) : [];
  const chooseKey = (next: string) => { setApplicationKey(next); setRoleName(''); };
  const grant = (event: FormEvent) => {
    event.preventDefault();
    if (!applicationKey || !roleName) return;
    void write(() => grantRole(user.employeeId, applicationKey, roleName)).then((ok) => { if (ok) { setApplicationKey(''); setRoleName(''); } });
  };
  return (
    <section className="mb-4" aria-labelledby={headingId}>
      <h3 className="h6" id={headingId}>{T.roles}</h3>
      <table className="table table-sm align-middle" data-table="roles">
        <thead><tr><th scope="col">{T.application}</th><th scope="col">{T.role}</th>{user.canWrite ? <th scope="col"><span className="visually-hidden">{T.revokeButton}</span></th> : null}</tr></thead>
        <tbody>
          {user.roles.length === 0 ? <tr><td colSpan={3} className="text-body-secondary">{T.noRoles}</td></tr> : user.roles.map((r) => (
            <tr key={roleText(r)} data-role={roleText(r)}>
              <td>{r.applicationKey}</td><td>{r.name}</td>
              {user.canWrite ? (
                <td className="text-end">
                  <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} aria-label={T.revoke(roleText(r))} data-action="revoke"
                    onClick={() => void write(() => revokeRole(user.employeeId, r.applicationKey, r.name))}>{T.revokeButton}</button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {user.canWrite && !user.isSelf ? (
        <form className="row g-2 align-items-end" onSubmit={grant} data-form="grant" aria-label={T.grant}>
          <div className="col-sm-5"><Select label={T.application} name="applicationKey" any={false} value={applicationKey} onChange={chooseKey} options={[['', T.pick], ...keys.map((k) => [k, k] as const)]} /></div>
          <div className="col-sm-4"><Select label={T.role} name="roleName" any={false} value={roleName} onChange={setRoleName} options={[['', T.pick], ...roleChoices.map((n) => [n, n] as const)]} /></div>
          <div className="col-sm-3"><button type="submit" className="btn btn-sm btn-primary w-100" data-action="grant" disabled={busy || !applicationKey || !roleName || !roleChoices.includes(roleName)}>{T.grantButton}</button></div>
        </form>
      ) : null}
    </section>
  );
}

function CopyRoles({ user, users, busy, write }: { user: UserDetail; users: readonly UserRow[]; busy: boolean; write: Write }) {
  const [from, setFrom] = useState('');
  const headingId = useId();
  // Anyone may be the template, not only the users the list's search shows.
  const { state: everyone } = useLoad<UserList>('everyone', (signal, attempt) => loadUsers(NO_FILTERS, signal, attempt));
  const others = (everyone.status === 'ready' ? everyone.data.rows : users).filter((u) => u.employeeId !== user.employeeId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from) return;
    let added = '';
    void write(async () => {
      const result = await copyRoles(user.employeeId, Number(from));
      added = result.added.map(roleText).join(', ');
      return result.user;
    }, () => T.copied(added)).then((ok) => { if (ok) setFrom(''); });
  };
  return (
    <section className="mb-4" aria-labelledby={headingId}>
      <h3 className="h6" id={headingId}>{T.copyRoles}</h3>
      <form className="row g-2 align-items-end" onSubmit={submit} data-form="copy-roles">
        <div className="col-sm-8"><Select label={T.copyFrom} name="fromEmployeeId" any={false} value={from} onChange={setFrom} options={[['', T.pick], ...others.map((u) => [String(u.employeeId), u.login ? `${u.name} (${u.login})` : u.name] as const)]} /></div>
        <div className="col-sm-4"><button type="submit" className="btn btn-sm btn-outline-primary w-100" data-action="copy-roles" disabled={busy || !from}>{T.copyButton}</button></div>
      </form>
    </section>
  );
}

function Teams({ user }: { user: UserDetail }) {
  const c = T.teamColumns;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 className="h6" id={headingId}>{T.teams}</h3>
      {user.teams.length === 0 ? <p className="text-body-secondary small">{T.noTeams}</p> : (
        <div className="table-responsive">
          <table className="table table-sm" data-table="teams">
            <thead><tr><th scope="col">{c.project}</th><th scope="col">{c.role}</th><th scope="col">{c.endDate}</th><th scope="col">{c.source}</th><th scope="col">{c.removed}</th></tr></thead>
            <tbody>
              {user.teams.map((t, i) => (
                <tr key={`${t.projectId}-${t.addedAt}-${i}`} data-team-project={t.projectId} className={t.removedAt ? 'text-body-secondary' : undefined}>
                  <td>{t.projectNumber} {t.projectName}</td><td>{t.projectRole}</td><td>{t.endDate ? formatDate(t.endDate) : T.none}</td><td>{t.source}</td>
                  <td>{t.removedAt ? formatDate(t.removedAt) : T.none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

// --- audit log ---------------------------------------------------------------------------------

function AuditTab() {
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const { state: people } = useLoad<UserList>('people', (signal, attempt) => loadUsers(NO_FILTERS, signal, attempt));
  const { state: log, retry } = useLoad<AuditList>(JSON.stringify(filters), (signal, attempt) => loadAuditLog(filters, signal, attempt));
  const f = T.auditFilters;
  const personOptions = people.status === 'ready' ? people.data.rows.map((u) => [String(u.employeeId), u.name] as const) : [];
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const fromId = useId();
  const toId = useId();
  const exportAs = async (kind: 'csv' | 'excel') => {
    if (log.status !== 'ready') return;
    const { downloadCsv, downloadExcel } = await import('../../../ui/grid/export');
    const sheet = auditSheet(log.data);
    if (kind === 'csv') downloadCsv(sheet, T.exportName);
    else await downloadExcel(sheet, T.exportName);
  };
  return (
    <section aria-label={T.tabs.audit}>
      <form className="row g-2 align-items-end mb-3" data-form="audit-filters" onSubmit={(e) => { e.preventDefault(); setFilters(draft); }}>
        <div className="col-6 col-md-2"><Select label={f.subject} name="subjectEmployeeId" value={draft.subjectEmployeeId} onChange={(v) => set({ subjectEmployeeId: v })} options={personOptions} /></div>
        <div className="col-6 col-md-2"><Select label={f.actor} name="actorEmployeeId" value={draft.actorEmployeeId} onChange={(v) => set({ actorEmployeeId: v })} options={personOptions} /></div>
        <div className="col-6 col-md-2"><Select label={f.action} name="action" value={draft.action} onChange={(v) => set({ action: v })} options={AUDIT_ACTIONS.map((a) => [a, T.actionLabel(a)] as const)} /></div>
        <div className="col-6 col-md-2"><label className="form-label small mb-1" htmlFor={fromId}>{f.from}</label><input id={fromId} type="date" name="from" className="form-control form-control-sm" value={draft.from} onChange={(e) => set({ from: e.target.value })} /></div>
        <div className="col-6 col-md-2"><label className="form-label small mb-1" htmlFor={toId}>{f.to}</label><input id={toId} type="date" name="to" className="form-control form-control-sm" value={draft.to} onChange={(e) => set({ to: e.target.value })} /></div>
        <div className="col-6 col-md-2 d-flex gap-2"><button type="submit" className="btn btn-sm btn-primary" data-action="apply-audit">{f.apply}</button></div>
      </form>
      {log.status === 'loading' ? <Loading text={T.loadingAudit} /> : log.status === 'failed' ? <LoadProblem message={`${T.auditFailed} ${problemText(log.error)}`} onRetry={retry} /> : (
        <>
          <div className="d-flex gap-2 mb-2">
            <button type="button" className="btn btn-sm btn-outline-secondary" data-action="export-csv" onClick={() => void exportAs('csv')}>{T.exportCsv}</button>
            <button type="button" className="btn btn-sm btn-outline-secondary" data-action="export-excel" onClick={() => void exportAs('excel')}>{T.exportExcel}</button>
          </div>
          {log.data.capped ? <p className="small text-body-secondary">{T.auditCapped}</p> : null}
          <div className="table-responsive">
            <table className="table table-sm align-top" data-table="audit">
              <thead><tr>{Object.values(T.auditColumns).map((title) => <th key={title} scope="col">{title}</th>)}</tr></thead>
              <tbody>
                {log.data.rows.length === 0 ? <tr><td colSpan={8} className="text-body-secondary">{T.noAudit}</td></tr> : log.data.rows.map((r) => (
                  <tr key={r.auditId} data-audit-id={r.auditId} data-audit-action={r.action}>
                    <td className="text-nowrap">{formatDateTime(r.at)}</td><td>{r.actor.name}</td><td>{r.subject.name}</td><td>{T.actionLabel(r.action)}</td>
                    <td>{r.applicationKey ?? ''}</td>
                    <td className="small" style={{ whiteSpace: 'pre-line' }}>{r.before ?? ''}</td>
                    <td className="small" style={{ whiteSpace: 'pre-line' }}>{r.after ?? ''}</td>
                    <td className="small">{r.reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
