/**
 * `<it-billing>`'s view (§2 /billing, issue 15): the months with their state and charges; a month's
 * showback — what each project and each department pays, line by line (cost item, employee, basis,
 * amount), totals under their columns — and the cost items held. An IT Billing Admin (keyIT Admin) runs
 * a month by timecard hours or per head, re-runs a Draft and posts it (the posted month is locked); User
 * and Viewer read. Export to Excel (text cells: formulas stay inert).
 */
import { Fragment, useCallback, useId, useState, type ReactNode } from 'react';
import { ruleAllows } from '../../core/access';
import { periodHasEnded } from '../../core/clock';
import { BILLING_ADMINS, BILLING_METHODS, BILLING_STATES, type BillingMethod, type BillingMonth, type BillingRun, type BillingRunLine, type BillingTotal } from '../../core/billing/contract';
import { formatDate, formatDateTime, formatMoney } from '../../core/format';
import { showToast } from '../../core/messages';
import { $roles } from '../../core/roles';
import { downloadExcel } from '../../ui/grid/export';
import { useStore } from '../../ui/hooks';
import { ScreenTitle } from '../../ui/records';
import { billingSheet, isStaleError, loadBillingMonths, loadBillingRun, postBillingMonth, problemText, runBillingMonth } from './data';
import { BILLING_UI_TEXT as T } from './text';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';

function Failed({ message, onRetry, name }: { message: string; onRetry: () => void; name: string }) {
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert" data-state="failed" data-failed={name}>
      <span>{message}</span>
      <button type="button" className="btn btn-sm btn-outline-danger" data-action="retry" onClick={onRetry}>{T.retry}</button>
    </div>
  );
}

const Loading = ({ text }: { text: string }) => (
  <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{text}</div>
);

export function ItBilling() {
  const { state: months, retry: retryMonths, set: setMonths } = useLoad<BillingMonth[]>('months', (signal, attempt) => loadBillingMonths(signal, attempt));
  const [chosen, setChosen] = useState<string | null>(null);
  // The screen opens on the newest month that has ended (the one to run); the month under way is a preview, a click away.
  const list = months.status === 'ready' ? months.data : [];
  const first = (list.find((m) => periodHasEnded(m.month)) ?? list[0])?.month ?? null;
  const month = chosen ?? first;
  const refreshMonths = useCallback(() => {
    loadBillingMonths().then(setMonths, () => undefined);
  }, [setMonths]);

  return (
    <main className="container-fluid py-3" data-screen="it-billing">
      <ScreenTitle title={T.title} />
      {months.status === 'loading' ? <Loading text={T.loadingMonths} />
        : months.status === 'failed' && months.failure === 'forbidden' ? <LoadProblem variant="warning" state="forbidden" message={T.forbidden} onRetry={retryMonths} />
        : months.status === 'failed' ? <Failed name="months" message={`${T.monthsFailed} ${problemText(months.error)}`} onRetry={retryMonths} />
        : months.data.length === 0 ? <p className="text-body-secondary">{T.noMonths}</p>
        : (
          <div className="row g-4">
            <div className="col-xl-4">
              <MonthList months={months.data} selected={month} onSelect={setChosen} />
            </div>
            <div className="col-xl-8">
              {month ? <MonthView key={month} month={month} onChanged={refreshMonths} /> : null}
            </div>
          </div>
        )}
    </main>
  );
}

/** One of the screen's tables: a section named by its heading (`h2` or `h3`), the table labelled by it too. */
function TableSection({ name, heading, level, className, children }: { name: string; heading: string; level: 2 | 3; className?: string; children: ReactNode }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className} aria-labelledby={id} data-table={name}>
      <Heading className="h6" id={id}>{heading}</Heading>
      <div className="table-responsive">
        <table className="table table-sm align-middle" aria-labelledby={id}>{children}</table>
      </div>
    </section>
  );
}

function MonthList({ months, selected, onSelect }: { months: readonly BillingMonth[]; selected: string | null; onSelect: (month: string) => void }) {
  const c = T.columns;
  return (
    <TableSection name="months" heading={T.months} level={2}>
      <thead><tr><th scope="col">{c.month}</th><th scope="col">{c.state}</th><th scope="col" className="text-end">{c.charges}</th><th scope="col" className="text-end">{c.runTotal}</th></tr></thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month} data-month={m.month} className={m.month === selected ? 'table-active' : undefined}>
            <th scope="row" className="text-nowrap">
              <button type="button" className="btn btn-link p-0" aria-current={m.month === selected ? 'true' : undefined} aria-label={T.selectMonth(m.month)}
                onClick={() => onSelect(m.month)}>{m.month}</button>
            </th>
            <td data-cell="state">{m.state ?? T.notRun}{m.method ? <span className="d-block small text-body-secondary">{T.methods[m.method]}</span> : null}</td>
            <td className="text-end text-nowrap" data-cell="charges">{formatMoney(m.charges)}</td>
            <td className="text-end text-nowrap" data-cell="run-total">{m.runTotal === null ? '' : formatMoney(m.runTotal)}</td>
          </tr>
        ))}
      </tbody>
    </TableSection>
  );
}

function MonthView({ month, onChanged }: { month: string; onChanged: () => void }) {
  const { state: load, retry, set: setRun } = useLoad<BillingRun>(month, (signal, attempt) => loadBillingRun(month, signal, attempt));
  if (load.status === 'loading') return <Loading text={T.loadingMonth(month)} />;
  if (load.status === 'failed' && load.failure === 'forbidden') return <LoadProblem variant="warning" state="forbidden" message={T.forbidden} onRetry={retry} />;
  if (load.status === 'failed') return <Failed name="month" message={`${T.monthFailed(month)} ${problemText(load.error)}`} onRetry={retry} />;
  return <Showback run={load.data} onRun={(run) => { setRun(run); onChanged(); }} onStale={retry} />;
}

function Showback({ run, onRun, onStale }: { run: BillingRun; onRun: (run: BillingRun) => void; onStale: () => void }) {
  const roles = useStore($roles);
  const admin = ruleAllows(roles, BILLING_ADMINS);
  const posted = run.state === BILLING_STATES.posted;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-showback={run.month} data-run-state={run.state ?? 'none'}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
        <h2 className="h5 mb-0" id={headingId}>{run.month}</h2>
        {posted ? <span className="badge text-bg-secondary" data-locked>{T.locked}</span>
          : run.state ? <span className="badge text-bg-info">{run.state}</span> : <span className="badge text-bg-light border">{T.notRun}</span>}
        {run.method ? <span className="text-body-secondary">{T.methods[run.method]}</span> : null}
      </div>
      {run.runAt && run.runByName ? <p className="mb-1 small text-body-secondary" data-run-by>{T.runBy(run.runByName, formatDateTime(run.runAt))}</p> : null}
      {posted && run.postedAt ? <p className="mb-2 small" data-posted-note>{T.lockedNote(run.postedByName ?? '', formatDateTime(run.postedAt))}</p> : null}
      {!run.ended ? <p className="alert alert-info py-2 mb-2" data-preview>{T.preview(run.month, formatDate(run.lastDay))}</p>
        : !run.runId ? <p className="mb-2" data-not-run>{T.notRunYet(run.month)}</p> : null}
      {admin ? (posted || !run.ended ? null : <Actions run={run} onRun={onRun} onStale={onStale} />)
        : <p className="small text-body-secondary" data-read-only>{T.readOnly}</p>}
      {run.runId ? (
        <>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <button type="button" className="btn btn-sm btn-outline-secondary" data-export="excel" disabled={run.lines.length === 0}
              onClick={() => void downloadExcel(billingSheet(run), T.exportName(run.month))}>{T.exportExcel}</button>
          </div>
          <TotalsTable name="projects" caption={T.byProject} heading={T.columns.project} totals={run.projects} lines={run.lines} />
          <TotalsTable name="departments" caption={T.byDepartment} heading={T.columns.department} totals={run.departments} lines={run.lines} />
        </>
      ) : null}
      <ItemsTable run={run} />
    </section>
  );
}

function Actions({ run, onRun, onStale }: { run: BillingRun; onRun: (run: BillingRun) => void; onStale: () => void }) {
  const [method, setMethod] = useState<BillingMethod>(run.method ?? 'hours');
  const [busy, setBusy] = useState<'run' | 'post' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const groupId = useId();
  const act = async (kind: 'run' | 'post') => {
    setBusy(kind);
    setProblem(null);
    try {
      const next = kind === 'run' ? await runBillingMonth(run.month, method) : await postBillingMonth(run);
      setConfirming(false);
      showToast(kind === 'run' ? T.ran(run.month) : T.posted(run.month), { variant: 'success' });
      onRun(next);
    } catch (error) {
      setProblem({ message: problemText(error), stale: isStaleError(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="border rounded p-2 mb-3" data-actions>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <fieldset className="d-flex flex-wrap gap-3 m-0" aria-labelledby={groupId}>
          <legend className="visually-hidden" id={groupId}>{T.method}</legend>
          <span aria-hidden="true" className="fw-semibold">{T.method}:</span>
          {BILLING_METHODS.map((m) => (
            <div className="form-check m-0" key={m}>
              <input className="form-check-input" type="radio" name={`${groupId}-method`} id={`${groupId}-${m}`} value={m} checked={method === m}
                onChange={() => setMethod(m)} disabled={busy !== null} data-method={m} />
              <label className="form-check-label" htmlFor={`${groupId}-${m}`}>{T.methods[m]}</label>
            </div>
          ))}
        </fieldset>
        <button type="button" className="btn btn-sm btn-primary" data-action="run" disabled={busy !== null} onClick={() => void act('run')}>
          {busy === 'run' ? T.running : run.runId ? T.rerun : T.run}
        </button>
        {run.runId && run.postStateId ? (
          <button type="button" className="btn btn-sm btn-outline-primary" data-action="post" disabled={busy !== null} aria-expanded={confirming}
            onClick={() => setConfirming(true)}>{T.post}</button>
        ) : null}
      </div>
      {confirming ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mt-2 mb-0" data-confirm="post">
          <span>{T.confirmPost(run.month)}</span>
          <button type="button" className="btn btn-sm btn-primary" data-action="confirm-post" disabled={busy !== null} autoFocus onClick={() => void act('post')}>
            {busy === 'post' ? T.posting : T.confirmPostYes}
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" data-action="cancel-post" disabled={busy !== null} onClick={() => setConfirming(false)}>{T.cancel}</button>
        </div>
      ) : null}
      {problem ? (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mt-2 mb-0" role="alert" data-problem>
          <span>{T.actionFailed} {problem.message}</span>
          {problem.stale ? <button type="button" className="btn btn-sm btn-outline-danger" data-action="reload" onClick={onStale}>{T.reload}</button> : null}
        </div>
      ) : null}
    </div>
  );
}

function TotalsTable({ name, caption, heading, totals, lines }: { name: string; caption: string; heading: string; totals: readonly BillingTotal[]; lines: readonly BillingRunLine[] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const c = T.columns;
  const keyOf = (l: BillingRunLine) => (l.projectId !== null ? `project:${l.projectId}` : `department:${l.departmentId ?? 'none'}`);
  const total = Math.round(totals.reduce((a, t) => a + t.amount * 100, 0)) / 100;
  const toggle = (key: string) => setOpen((was) => {
    const next = new Set(was);
    if (next.has(key)) next.delete(key); else next.add(key);
    return next;
  });
  return (
    <TableSection className="mb-4" name={name} heading={caption} level={3}>
      <thead>
        <tr>
          <th scope="col">{heading}</th><th scope="col">{c.item}</th><th scope="col">{c.employee}</th><th scope="col">{c.basis}</th>
          <th scope="col" className="text-end">{c.lines}</th><th scope="col" className="text-end">{c.amount}</th>
        </tr>
      </thead>
      <tbody>
        {totals.length === 0 ? <tr><td colSpan={6} className="text-body-secondary">{T.nothing}</td></tr> : totals.map((t) => {
          const expanded = open.has(t.key);
          return (
            <Fragment key={t.key}>
              <tr data-total-row={t.key}>
                <th scope="row" colSpan={4}>
                  <button type="button" className="btn btn-link p-0 text-start" aria-expanded={expanded} aria-label={expanded ? T.hideLines(t.label) : T.showLines(t.label)}
                    onClick={() => toggle(t.key)}>
                    <span aria-hidden="true" className="me-1">{expanded ? '▾' : '▸'}</span>{t.label}
                  </button>
                </th>
                <td className="text-end">{t.lines}</td>
                <td className="text-end text-nowrap fw-semibold" data-amount>{formatMoney(t.amount)}</td>
              </tr>
              {expanded ? lines.filter((l) => keyOf(l) === t.key).map((l) => (
                <tr key={l.lineId} data-line={l.lineId} className="small">
                  <td></td><td>{l.costItemName}</td><td>{l.employeeName}</td><td>{l.basis}</td><td></td>
                  <td className="text-end text-nowrap">{formatMoney(l.amount)}</td>
                </tr>
              )) : null}
            </Fragment>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={4}>{T.total}</th>
          <td className="text-end fw-semibold">{totals.reduce((a, t) => a + t.lines, 0)}</td>
          <td className="text-end text-nowrap fw-semibold" data-total={name}>{formatMoney(total)}</td>
        </tr>
      </tfoot>
    </TableSection>
  );
}

function ItemsTable({ run }: { run: BillingRun }) {
  const c = T.columns;
  return (
    <TableSection name="items" heading={T.costItems} level={3}>
      <thead>
        <tr>
          <th scope="col">{c.item}</th><th scope="col">{c.kind}</th><th scope="col" className="text-end">{c.monthlyCost}</th>
          <th scope="col" className="text-end">{c.held}</th><th scope="col" className="text-end">{c.amount}</th>
        </tr>
      </thead>
      <tbody>
        {run.items.map((item) => (
          <tr key={item.costItemId} data-item={item.costItemId}>
            <th scope="row" className="fw-normal">{item.name}<span className="d-block small text-body-secondary">{item.vendor}</span></th>
            <td>{T.kinds[item.kind] ?? item.kind}</td>
            <td className="text-end text-nowrap">{formatMoney(item.monthlyCost)}</td>
            <td className="text-end">{item.held}</td>
            <td className="text-end text-nowrap">{formatMoney(item.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>{T.total}</th>
          <td className="text-end fw-semibold">{run.items.reduce((a, i) => a + i.held, 0)}</td>
          <td className="text-end text-nowrap fw-semibold" data-total="items">{formatMoney(run.charges)}</td>
        </tr>
      </tfoot>
    </TableSection>
  );
}
