/**
 * A commitment's change orders in its workbench: number (opens its workbench), description, amount and
 * state, with the total of the approved ones and of the pending ones under the amounts.
 */
import { formatMoney } from '../../core/format';
import { openWorkbench } from '../../core/workbench';
import { LoadingLine, LoadProblem } from '../../ui/LoadProblem';
import { useRecords } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import { cents } from '../../core/format';
import { CHANGE_ORDER_KIND, loadChangeOrdersOf, refusalText } from './create';
import { commitmentAmounts, contractStore, KINDS, recordIdOf, type CommitmentKey, type ContractRecord } from './data';

/** Texts the list shows; tests read them. */
export const CHANGE_ORDERS_TEXT = {
  title: 'Change orders',
  loading: 'Loading change orders…',
  failed: (why: string) => `The change orders could not be loaded (${why}).`,
  none: 'No change orders yet.',
  approved: 'Approved',
  pending: 'Pending (not approved)',
} as const;

const isApproved = (r: ContractRecord) => r.recordStateName.trim().toLowerCase() === 'approved';
const isVoid = (r: ContractRecord) => r.recordStateName.trim().toLowerCase() === 'void';

export function ChangeOrders({ parentKey, parentId, refresh = 0 }: { parentKey: CommitmentKey; parentId: number; refresh?: number }) {
  const kind = CHANGE_ORDER_KIND[parentKey];
  const spec = kind ? KINDS[kind] : null;
  const { state, retry } = useLoad(spec ? `${parentKey}:${parentId}#${refresh}` : null, (signal) => loadChangeOrdersOf(parentKey, parentId, signal), { what: 'Change orders' });
  const parentField = KINDS[parentKey].idField;
  const rows = useRecords(contractStore(spec ?? KINDS.SubcontractChangeOrder), (r) => spec !== null && Number(r[parentField]) === parentId, (a, b) => a.number.localeCompare(b.number));
  if (!spec || !kind) return null;
  const amount = (r: ContractRecord) => commitmentAmounts(r).original;
  const sum = (list: ContractRecord[]) => cents(list.reduce((s, r) => s + amount(r), 0));
  return (
    <section className="mb-3" aria-labelledby={`change-orders-${parentId}`} data-change-orders>
      <h3 id={`change-orders-${parentId}`} className="h6">{CHANGE_ORDERS_TEXT.title}</h3>
      {state.status === 'failed' ? <LoadProblem variant="warning" message={CHANGE_ORDERS_TEXT.failed(refusalText(state.error))} onRetry={retry} />
        : state.status === 'loading' && rows.length === 0 ? <LoadingLine label={CHANGE_ORDERS_TEXT.loading} />
          : rows.length === 0 ? <p className="small text-body-secondary" data-no-change-orders>{CHANGE_ORDERS_TEXT.none}</p> : (
            <div className="table-responsive">
              <table className="table table-sm align-middle mb-0">
                <caption className="visually-hidden">{CHANGE_ORDERS_TEXT.title}</caption>
                <thead><tr><th scope="col">Number</th><th scope="col">Description</th><th scope="col" className="text-end">Amount</th><th scope="col">State</th></tr></thead>
                <tbody>
                  {rows.map((r) => {
                    const id = recordIdOf(spec, r);
                    return (
                      <tr key={id} data-change-order={id}>
                        <td className="text-nowrap">
                          <button type="button" className="btn btn-link p-0" aria-label={`Open ${spec.label} ${r.number}`} onClick={() => openWorkbench(kind, { recordKey: kind, recordId: id })}>{r.number}</button>
                        </td>
                        <td>{r.description}</td>
                        <td className="text-end">{formatMoney(amount(r))}</td>
                        <td>{r.recordStateName}</td>
                      </tr>
                    );
                  })}
                </tbody>
                <tfoot>
                  <tr><th scope="row" colSpan={2}>{CHANGE_ORDERS_TEXT.approved}</th><td className="text-end fw-semibold" data-total="approved">{formatMoney(sum(rows.filter(isApproved)))}</td><td /></tr>
                  <tr><th scope="row" colSpan={2}>{CHANGE_ORDERS_TEXT.pending}</th><td className="text-end" data-total="pending">{formatMoney(sum(rows.filter((r) => !isApproved(r) && !isVoid(r))))}</td><td /></tr>
                </tfoot>
              </table>
            </div>
          )}
    </section>
  );
}
