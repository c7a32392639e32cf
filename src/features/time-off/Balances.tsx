/** The Balances tab: per type opening, accrued, used, pending and balance as of a chosen date, with the accrual per pay period and the carry-over cap. */
import { useId, useState } from 'react';
import { formatDate } from '../../core/format';
import { isDay } from '../../core/timecards';
import { loadBalances } from './data';
import { LoadFailed } from './LoadFailed';
import { BALANCE_TEXT } from './text';
import { today } from '../../core/clock';
import { useLoad } from '../../ui/useLoad';

export function Balances() {
  const id = useId();
  const [asOf, setAsOf] = useState(today);
  const { state: load, retry } = useLoad(isDay(asOf) ? asOf : null, (signal, attempt) => loadBalances(asOf, signal, attempt), { what: 'Balances load' });
  return (
    <section aria-labelledby={`${id}-caption`} data-testid="balances">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <div>
          <label className="form-label small mb-1" htmlFor={`${id}-asof`}>{BALANCE_TEXT.asOf}</label>
          <input id={`${id}-asof`} type="date" className="form-control form-control-sm" value={asOf} data-field="asOf" onChange={(e) => setAsOf(e.target.value)} />
        </div>
      </div>
      <h2 className="visually-hidden" id={`${id}-caption`}>{BALANCE_TEXT.caption}</h2>
      {load.status === 'loading' ? (
        <div role="status" className="text-body-secondary"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{BALANCE_TEXT.loading}</div>
      ) : load.status === 'failed' ? (
        <LoadFailed failed={BALANCE_TEXT.loadFailed} error={load.error} onRetry={retry} />
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">{`${BALANCE_TEXT.caption}, ${formatDate(asOf)}`}</caption>
            <thead>
              <tr>
                <th scope="col">{BALANCE_TEXT.type}</th>
                <th scope="col" className="text-end">{BALANCE_TEXT.opening}</th>
                <th scope="col" className="text-end">{BALANCE_TEXT.accrued}</th>
                <th scope="col" className="text-end">{BALANCE_TEXT.used}</th>
                <th scope="col" className="text-end">{BALANCE_TEXT.pending}</th>
                <th scope="col" className="text-end">{BALANCE_TEXT.balance}</th>
                <th scope="col" className="text-end">{BALANCE_TEXT.accrual}</th>
                <th scope="col" className="text-end">{BALANCE_TEXT.carryOver}</th>
              </tr>
            </thead>
            <tbody>
              {load.data.length === 0 ? <tr><td colSpan={8} className="text-body-secondary">{BALANCE_TEXT.none}</td></tr> : null}
              {load.data.map((b) => (
                <tr key={b.type} data-balance-type={b.type}>
                  <th scope="row">{b.type}{b.allowsNegative ? <span className="small text-body-secondary d-block">{BALANCE_TEXT.negative}</span> : null}</th>
                  <td className="text-end" data-col="opening">{b.openingHours}</td>
                  <td className="text-end" data-col="accrued">{b.accruedHours}</td>
                  <td className="text-end" data-col="used">{b.usedHours}</td>
                  <td className="text-end" data-col="pending">{b.pendingHours}</td>
                  <td className="text-end fw-semibold" data-col="balance">{b.balance}</td>
                  <td className="text-end" data-col="accrual">{b.accrualPerPeriod}</td>
                  <td className="text-end" data-col="carryOver">{b.carryOverCap}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
