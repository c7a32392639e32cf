/**
 * `<slim-queues>`'s view (§2 /sr/slimqueue/slimqueues, issue 14): the manager's overview of where
 * requests stall — counts by state, open and past-due requests by assignee, the requests past due
 * (each opens its workbench) and the average days per step. Numbers sit right-aligned under their
 * headers. A role the server refuses (403) reads a clear Forbidden message.
 */
import { useId } from 'react';
import { formatDate, formatMoney } from '../../../core/format';
import type { SlimOverview } from '../../../core/risk';
import { ScreenTitle } from '../../../ui/records';
import { loadSlimOverview, openSlimRequest, problemText, projectLabel } from './data';
import { SLIM_UI_TEXT as T } from './text';
import { LoadProblem } from '../../../ui/LoadProblem';
import { useLoad } from '../../../ui/useLoad';

function Table({ caption, name, head, children, foot, wide = false }: { caption: string; name: string; head: React.ReactNode; children: React.ReactNode; foot?: React.ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <section className={wide ? 'col-12' : 'col-lg-6'} aria-labelledby={id} data-table={name}>
      <h2 className="h6" id={id}>{caption}</h2>
      <div className="table-responsive">
        <table className="table table-sm align-middle" aria-labelledby={id}>
          <thead>{head}</thead>
          <tbody>{children}</tbody>
          {foot ? <tfoot>{foot}</tfoot> : null}
        </table>
      </div>
    </section>
  );
}

export function SlimQueues() {
  const { state: load, retry } = useLoad('overview', (signal, attempt) => loadSlimOverview(signal, attempt), { what: 'SLIM overview load' });

  return (
    <main className="container-fluid py-3" data-screen="slim-queues">
      <ScreenTitle title={T.overviewTitle} />
      {load.status === 'loading' ? (
        <div role="status" className="text-body-secondary" data-state="loading"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{T.loadingOverview}</div>
      ) : load.status === 'failed' && load.failure === 'forbidden' ? (
        <LoadProblem variant="warning" state="forbidden" message={T.noAccessOverview} onRetry={retry} />
      ) : load.status === 'failed' ? (
        <LoadProblem message={`${T.overviewFailed} ${problemText(load.error)}`} onRetry={retry} />
      ) : (
        <Overview overview={load.data} />
      )}
    </main>
  );
}

function Overview({ overview: o }: { overview: SlimOverview }) {
  const stateTotal = o.byState.reduce((s, r) => s + r.count, 0);
  const openTotal = o.byAssignee.reduce((s, r) => s + r.open, 0);
  const pastDueTotal = o.byAssignee.reduce((s, r) => s + r.pastDue, 0);
  return (
    <>
      <p className="mb-3" data-open-count>{T.openRequests(o.openCount)}</p>
      <div className="row g-4">
        <Table caption={T.byState} name="by-state" head={<tr><th scope="col">{T.columns.state}</th><th scope="col" className="text-end">{T.count}</th></tr>}
          foot={<tr><th scope="row">{T.total}</th><td className="text-end fw-semibold" data-total="by-state">{stateTotal}</td></tr>}>
          {o.byState.map((r) => <tr key={r.state} data-state-row={r.state}><th scope="row" className="fw-normal">{r.state}</th><td className="text-end">{r.count}</td></tr>)}
        </Table>
        <Table caption={T.byAssignee} name="by-assignee"
          head={<tr><th scope="col">{T.columns.assignee}</th><th scope="col" className="text-end">{T.openCount}</th><th scope="col" className="text-end">{T.pastDue}</th></tr>}
          foot={<tr><th scope="row">{T.total}</th><td className="text-end fw-semibold" data-total="open">{openTotal}</td><td className="text-end fw-semibold" data-total="past-due">{pastDueTotal}</td></tr>}>
          {o.byAssignee.map((r) => (
            <tr key={r.assignee?.employeeId ?? 0} data-assignee-row={r.assignee?.employeeId ?? 0}>
              <th scope="row" className="fw-normal">{r.assignee?.name ?? T.unassigned}</th><td className="text-end">{r.open}</td><td className="text-end">{r.pastDue}</td>
            </tr>
          ))}
        </Table>
        <Table caption={T.averageDays} name="average-days"
          head={<tr><th scope="col">{T.columns.state}</th><th scope="col" className="text-end">{T.averageDaysColumn}</th><th scope="col" className="text-end">{T.steps}</th></tr>}>
          {o.averageDaysPerStep.map((r) => (
            <tr key={r.state} data-step-row={r.state}><th scope="row" className="fw-normal">{r.state}</th><td className="text-end">{r.averageDays.toFixed(1)}</td><td className="text-end">{r.steps}</td></tr>
          ))}
        </Table>
        <Table caption={T.pastDueList} name="past-due" wide
          head={<tr><th scope="col">{T.columns.number}</th><th scope="col">{T.columns.vendor}</th><th scope="col">{T.columns.state}</th><th scope="col">{T.columns.assignee}</th><th scope="col">{T.columns.due}</th><th scope="col" className="text-end">{T.columns.amount}</th></tr>}>
          {o.pastDue.length === 0 ? <tr><td colSpan={6} className="text-body-secondary">{T.noPastDue}</td></tr> : o.pastDue.map((r) => (
            <tr key={r.requestId} data-request-id={r.requestId}>
              <td><button type="button" className="btn btn-link p-0" data-open={r.requestId} aria-label={T.open(r.number)} onClick={() => openSlimRequest(r.requestId)}>{r.number}</button></td>
              <td>{r.vendorName}{r.projectId ? <span className="d-block small text-body-secondary">{projectLabel(r)}</span> : null}</td>
              <td>{r.state}</td>
              <td>{r.assignedTo?.name ?? T.unassigned}</td>
              <td className="text-nowrap">{formatDate(r.dueDate)} <span className="badge text-bg-danger">{T.pastDue}</span></td>
              <td className="text-end text-nowrap">{r.requestedAmount === null ? '' : formatMoney(r.requestedAmount)}</td>
            </tr>
          ))}
        </Table>
      </div>
    </>
  );
}
